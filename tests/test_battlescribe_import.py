"""`designer import`: our BattleScribe exports come back as unit and roster files that
price and check as the originals do and hold their data; a roster edited elsewhere comes
back too; anything else is refused in one line with exit 2, nothing written, and XML
from users is read without entities or the network."""

from __future__ import annotations

import json
import re
import uuid
import zipfile
from pathlib import Path

import pytest
import yaml

from designer.cli import main
from designer.export import export_paths, safe_name
from designer.io import load_mapping
from designer.points import has_points
from designer.roster import Force, load_roster
from designer.systems import examples_dir, system, system_names
from tests.bscribe import NS, valid

PRICED = [name for name in system_names() if has_points(system(name))]
ASH_WARDEN = examples_dir("opentactics") / "units" / "ash-warden.yaml"
NORTHERN_RAID = examples_dir("opentactics") / "rosters" / "northern-raid.yaml"


def _json(args: list[str], capsys) -> dict:
    code = main([*args, "--json"])
    data = json.loads(capsys.readouterr().out)
    return {"code": code, **data}


def _checked(path: Path, capsys) -> dict:
    """`designer check --json` without where the units' files are."""
    data = _json(["check", str(path)], capsys)
    for entry in data["entries"]:
        entry.pop("source")
    return data


def _resolved(path: Path, force: Force) -> dict:
    """The roster file's data with each entry's unit as the data it loads as, and the
    count a missing one stands for."""
    data = load_mapping(path, "roster")
    data["units"] = [{**entry, "unit": force.game.unit_data(e.unit),
                      "count": entry.get("count", 1)}
                     for entry, e in zip(data["units"], force.entries, strict=True)]
    return data


def _labelled(original: Path, target: Path) -> Path:
    """`original` renamed Labelled, its first entry labelled with a note and followed by an
    entry of the same unit with neither (its unit paths made absolute)."""
    data = load_mapping(original, "roster")
    entries = [{**e, "unit": str((original.parent / e["unit"]).resolve())}
               if isinstance(e.get("unit"), str) else e for e in data["units"]]
    first = {**entries[0], "count": 2, "label": "Knight Squad A",
             "note": "deploys last\nbehind the <wall> & the gate"}
    data = {**data, "name": "Labelled", "units": [first, entries[0], *entries[1:]]}
    target.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True),
                      encoding="utf-8")
    return target


@pytest.mark.parametrize("name", PRICED)
def test_every_example_comes_back_as_it_was(name, tmp_path, capsys):
    folder = examples_dir(name)
    rosters = sorted((folder / "rosters").glob("*.yaml"))
    rosters.append(_labelled(rosters[0], tmp_path / "labelled.yaml"))
    units = sorted((folder / "units").glob("*.yaml"))
    written = export_paths([*rosters, *units], "battlescribe", out=tmp_path / "bs")
    cat = written.others[1]
    assert main(["import", str(cat), "--out", str(tmp_path / "units")]) == 0
    capsys.readouterr()
    for original in units:
        data = load_mapping(original, "unit")
        back = tmp_path / "units" / f"{safe_name(data['name'])}.yaml"
        assert load_mapping(back, "unit") == data  # id and all
        assert _json(["price", str(back)], capsys) == _json(["price", str(original)], capsys)
    for original in rosters:
        ros = tmp_path / "bs" / f"{safe_name(load_roster(original).name, 'roster')}.ros"
        out = tmp_path / original.stem
        assert main(["import", str(ros), "--out", str(out)]) == 0
        capsys.readouterr()
        back = out / f"{safe_name(load_roster(original).name, 'roster')}.yaml"
        assert _checked(back, capsys) == _checked(original, capsys)
        before, after = load_roster(original), load_roster(back)
        assert _resolved(back, after) == _resolved(original, before)
        assert (after.name, after.cap, dict(after.fields)) == \
            (before.name, before.cap, dict(before.fields))


def test_a_roster_comes_back_from_zipped_files(tmp_path, capsys):
    export_paths([NORTHERN_RAID], "battlescribe", out=tmp_path / "bs", zipped=True)
    assert main(["import", str(tmp_path / "bs" / "northern-raid.rosz"), "-o",
                 str(tmp_path / "back")]) == 0
    out = capsys.readouterr().out.split()
    assert sorted(Path(p).name for p in out if p.startswith(str(tmp_path))) == sorted(
        ["ash-warden.yaml", "iron-lancer.yaml", "levy-spearman.yaml", "northern-raid.yaml",
         "sky-corsair.yaml", "storm-caller.yaml", "war-hound.yaml"])
    assert load_roster(tmp_path / "back" / "northern-raid.yaml").total == 337


def test_a_roster_saved_by_another_tool_groups_its_selections(tmp_path, capsys):
    """BattleScribe gives selections ids of its own: consecutive selections of one unit
    are then one entry."""
    written = export_paths([NORTHERN_RAID], "battlescribe", out=tmp_path / "bs")
    text = re.sub(r'<selection id="[^"]+"', lambda m: f'<selection id="{uuid.uuid4()}"',
                  written.read_text(encoding="utf-8"))
    written.write_text(text, encoding="utf-8")
    assert main(["import", str(written), "-o", str(tmp_path / "back")]) == 0
    counts = [e["count"] for e in load_mapping(tmp_path / "back" / "northern-raid.yaml",
                                               "roster")["units"]]
    assert counts == [4, 2, 1, 2, 1, 2]


def test_a_label_and_note_travel_as_the_selections_custom_name_and_notes(tmp_path, capsys):
    roster = _labelled(NORTHERN_RAID, tmp_path / "labelled.yaml")
    written = export_paths([roster], "battlescribe", out=tmp_path / "bs")
    selections = valid(written).findall(".//r:selection", NS)
    assert [(s.get("name"), s.get("customName"), s.findtext("r:customNotes", namespaces=NS))
            for s in selections[:4]] == [
        ("Levy Spearman", "Knight Squad A", "deploys last\nbehind the <wall> & the gate"),
        ("Levy Spearman", "Knight Squad A", "deploys last\nbehind the <wall> & the gate"),
        ("Levy Spearman", None, None), ("Levy Spearman", None, None)]
    # renamed in the app: the second selection is an entry of its own
    text = written.read_text(encoding="utf-8")
    text = re.sub(r'<selection id="[^"]+"', lambda m: f'<selection id="{uuid.uuid4()}"', text)
    text = text.replace('customName="Knight Squad A"', 'customName="Knight Squad B"', 2) \
        .replace('customName="Knight Squad B"', 'customName="Knight Squad A"', 1)
    written.write_text(text, encoding="utf-8")
    assert main(["import", str(written), "-o", str(tmp_path / "back")]) == 0
    capsys.readouterr()
    back = load_mapping(tmp_path / "back" / "labelled.yaml", "roster")["units"]
    assert [(e["count"], e.get("label"), e.get("note")) for e in back[:3]] == [
        (1, "Knight Squad A", "deploys last\nbehind the <wall> & the gate"),
        (1, "Knight Squad B", "deploys last\nbehind the <wall> & the gate"),
        (4, None, None)]


# --- refusals ----------------------------------------------------------------------------


def _refused(args: list[str], capsys) -> str:
    assert main(["import", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    return err


def test_a_catalogue_designer_did_not_write_is_refused(tmp_path, capsys):
    cat = tmp_path / "other.cat"
    cat.write_text('<?xml version="1.0"?><catalogue xmlns="http://www.battlescribe.net/'
                   'schema/catalogueSchema" id="a" name="Theirs" gameSystemId="b">'
                   '<selectionEntries><selectionEntry id="c" name="Knight" type="unit"/>'
                   '</selectionEntries></catalogue>', encoding="utf-8")
    err = _refused([str(cat), "-o", str(tmp_path / "out")], capsys)
    assert err == (f"designer: error: {cat}: was not written by designer (its catalogue "
                   "has no designer comment); only designer's own BattleScribe exports come "
                   "back\n")
    assert not (tmp_path / "out").exists()


def test_a_game_system_and_other_files_are_refused(tmp_path, capsys):
    written = export_paths([ASH_WARDEN], "battlescribe", out=tmp_path / "bs")
    gst = written.others[0]
    assert _refused([str(gst)], capsys).endswith(
        "is a game system; import a catalogue (.cat) or a roster (.ros)\n")
    notes = tmp_path / "notes.txt"
    notes.write_text("hello")
    assert "is not a BattleScribe file" in _refused([str(notes)], capsys)
    assert "no such file" in _refused([str(tmp_path / "gone.cat")], capsys)
    broken = tmp_path / "broken.catz"
    broken.write_bytes(b"PK not really")
    assert "is not a zip archive it can read" in _refused([str(broken)], capsys)


def test_a_roster_without_its_catalogue_is_refused(tmp_path, capsys):
    written = export_paths([NORTHERN_RAID], "battlescribe", out=tmp_path / "bs")
    alone = tmp_path / "alone"
    alone.mkdir()
    ros = alone / written.name
    ros.write_bytes(written.read_bytes())
    err = _refused([str(ros), "-o", str(tmp_path / "out")], capsys)
    assert "needs its catalogue 'OpenTactics 2e units'" in err and "beside it" in err


def test_a_unit_whose_data_does_not_load_is_refused_and_nothing_written(tmp_path, capsys):
    written = export_paths([NORTHERN_RAID], "battlescribe", out=tmp_path / "bs")
    cat = written.others[1]
    cat.write_text(cat.read_text(encoding="utf-8").replace('"athletics": 6',
                                                            '"athletics": "fast"'),
                   encoding="utf-8")
    err = _refused([str(cat), "-o", str(tmp_path / "out")], capsys)
    assert "unit 'Ash Warden' does not load back" in err
    assert not (tmp_path / "out").exists()


def test_existing_files_need_force(tmp_path, capsys):
    written = export_paths([ASH_WARDEN], "battlescribe", out=tmp_path / "bs")
    out = tmp_path / "out"
    out.mkdir()
    (out / "ash-warden.yaml").write_text("mine")
    err = _refused([str(written), "-o", str(out)], capsys)
    assert err.endswith("ash-warden.yaml: exists; pass --force to overwrite\n")
    assert (out / "ash-warden.yaml").read_text() == "mine"
    assert main(["import", str(written), "-o", str(out), "--force"]) == 0
    assert load_mapping(out / "ash-warden.yaml", "unit") == load_mapping(ASH_WARDEN, "unit")


BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<catalogue xmlns="http://www.battlescribe.net/schema/catalogueSchema" id="a" name="&lol9;"
 gameSystemId="b"><comment>designer:catalogue {"system": "opentactics"}</comment>
</catalogue>
"""
EXTERNAL = """<?xml version="1.0"?>
<!DOCTYPE catalogue [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<catalogue xmlns="http://www.battlescribe.net/schema/catalogueSchema" id="a" name="&secret;"
 gameSystemId="b"/>
"""


@pytest.mark.parametrize("text", [BILLION_LAUGHS, EXTERNAL], ids=["billion-laughs", "xxe"])
@pytest.mark.parametrize("zipped", [False, True])
def test_entities_are_never_expanded_or_fetched(tmp_path, capsys, text, zipped):
    path = tmp_path / ("lol.catz" if zipped else "lol.cat")
    if zipped:
        with zipfile.ZipFile(path, "w") as archive:
            archive.writestr("lol.cat", text)
    else:
        path.write_text(text, encoding="utf-8")
    err = _refused([str(path), "-o", str(tmp_path / "out")], capsys)
    assert err == (f"designer: error: {path}: declares a document type (entities); "
                   "BattleScribe files never do, so it is not read\n")
    assert not (tmp_path / "out").exists()


def test_an_archive_that_unpacks_too_large_is_refused(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("designer.export.battlescribe.reading.MAX_READ", 1000)
    path = tmp_path / "big.catz"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("big.cat", "<catalogue>" + " " * 5000 + "</catalogue>")
    assert path.stat().st_size < 1000  # small on disk, large unpacked
    assert "unpacks to over" in _refused([str(path)], capsys)
