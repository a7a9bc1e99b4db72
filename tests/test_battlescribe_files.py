"""The BattleScribe export's files: zipped forms, the refusals (a system without
points, files of two systems, several files for another format, options that do not
apply, a foreign file in the way), files kept inside the folder, user text escaped, the
id a unit file lacks added, and the TUI's export dialog."""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import pytest
import yaml

from designer.cli import main
from designer.errors import InputError
from designer.export import export_path, export_paths, load_doc, render
from designer.export.battlescribe.documents import clean
from designer.systems import examples_dir
from tests.bscribe import NS, index_of, units_of, valid

OT = examples_dir("opentactics")
NORTHERN_RAID = OT / "rosters" / "northern-raid.yaml"
ASH_WARDEN = OT / "units" / "ash-warden.yaml"


# --- zipped, refusals, paths, escaping ---------------------------------------------------


def test_zipped_forms_hold_the_same_documents(tmp_path, capsys):
    plain = export_path(NORTHERN_RAID, "battlescribe", out=tmp_path / "plain")
    code = main(["export", str(NORTHERN_RAID), "--format", "battlescribe", "--out",
                 str(tmp_path / "zipped"), "--zip"])
    assert code == 0
    lines = capsys.readouterr().out.split()
    written = sorted(Path(p).name for p in lines if p.startswith(str(tmp_path)))
    assert written == ["index.bsi", "northern-raid.rosz", "opentactics-units.catz",
                       "opentactics.gstz"]
    for path in plain.paths:
        if path.name == "index.bsi":
            continue
        zipped = tmp_path / "zipped" / f"{path.name}z"
        with zipfile.ZipFile(zipped) as archive:
            assert archive.read(path.name) == path.read_bytes()
        valid(zipped)
    assert {e["filePath"] for e in index_of(tmp_path / "zipped" / "index.bsi")} == \
        {"opentactics-units.catz", "opentactics.gstz"}
    again = export_path(NORTHERN_RAID, "battlescribe", out=tmp_path / "zipped", zipped=True)
    assert valid(again.others[1]).get("revision") == "1"


def test_tactics_is_refused_and_nothing_is_written(tmp_path, capsys):
    out = tmp_path / "out"
    roster = examples_dir("tactics") / "rosters" / "dock-ambush.yaml"
    assert main(["export", str(roster), "--format", "battlescribe", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "TACTICS defines no points" in err
    assert "Traceback" not in err and not out.exists()


def test_files_of_two_systems_are_refused(tmp_path, capsys):
    fire = examples_dir("openfire") / "units" / "ash-rangers.yaml"
    assert main(["export", str(ASH_WARDEN), str(fire), "-f", "battlescribe", "-o",
                 str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert err == (f"designer: error: {fire}: is Open Fire 0.3, Ash Warden is OpenTactics "
                   "2nd edition; export the files of one system together\n")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(("args", "problem"), [
    (["--format", "md", "--zip"], "--zip: applies only to the battlescribe format"),
    (["--format", "battlescribe", "--out", "force.cat"], "writes several files"),
    (["--format", "battlescribe", "--out", "index.bsi"], "writes several files"),
])
def test_options_that_do_not_apply_exit_2(tmp_path, capsys, monkeypatch, args, problem):
    monkeypatch.chdir(tmp_path)
    assert main(["export", str(ASH_WARDEN), *args]) == 2
    err = capsys.readouterr().err
    assert problem in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_other_formats_take_one_file(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["export", str(ASH_WARDEN), str(NORTHERN_RAID), "--format", "pdf"]) == 2
    assert capsys.readouterr().err == ("designer: error: FILE: the pdf format exports one "
                                       "file at a time; only battlescribe takes several\n")
    assert list(tmp_path.iterdir()) == []


def test_render_refuses_a_format_of_several_files():
    with pytest.raises(InputError, match="writes several files"):
        render(load_doc(ASH_WARDEN), "battlescribe")


def test_a_foreign_file_in_the_way_needs_force(tmp_path):
    (tmp_path / "opentactics-units.cat").write_text("<notes>mine</notes>")
    with pytest.raises(InputError, match="exists; pass --force"):
        export_path(ASH_WARDEN, "battlescribe", out=tmp_path)
    assert (tmp_path / "opentactics-units.cat").read_text() == "<notes>mine</notes>"
    assert not (tmp_path / "opentactics.gst").exists()  # nothing written
    written = export_path(ASH_WARDEN, "battlescribe", out=tmp_path, overwrite=True)
    assert valid(written).get("revision") == "1"


def test_a_unit_of_the_catalogue_that_no_longer_loads_needs_force(tmp_path, capsys):
    """The catalogue keeps the units exported earlier; one whose data does not load any
    more stops the export, nothing written, until --force leaves it out."""
    out = tmp_path / "out"
    cat = export_path(ASH_WARDEN, "battlescribe", out=out)
    cat.write_text(cat.read_text(encoding="utf-8").replace('"athletics": 6',
                                                            '"athletics": "fast"'),
                   encoding="utf-8")
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    witch = OT / "units" / "steam-witch.yaml"
    assert main(["export", str(witch), "-f", "battlescribe", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"designer: error: {cat}: ") and err.count("\n") == 1
    assert "unit 'Ash Warden' does not load back" in err
    assert err.endswith("pass --force to leave out of the catalogue what no longer loads\n")
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert main(["export", str(witch), "-f", "battlescribe", "-o", str(out), "--force"]) == 0
    root = valid(cat)
    assert list(units_of(root)) == ["Steam Witch"] and root.get("revision") == "2"


def test_a_foreign_index_in_the_way_needs_force(tmp_path):
    (tmp_path / "index.bsi").write_bytes(b"not a zip")
    with pytest.raises(InputError, match=r"index\.bsi: exists; pass --force"):
        export_path(ASH_WARDEN, "battlescribe", out=tmp_path)
    assert (tmp_path / "index.bsi").read_bytes() == b"not a zip"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["index.bsi"]


def test_files_land_only_inside_the_folder(tmp_path):
    source = tmp_path / "unit.yaml"
    source.write_text("system: opentactics\nname: ../../etc/passwd\ntypes: [Infantry]\n"
                      "skills: {melee: {off_dice: 1, def_dice: 1, range: 1}}\n")
    roster = tmp_path / "roster.yaml"
    roster.write_text("system: opentactics\nname: ../../etc/火の passwd\n"
                      "units: [{unit: unit.yaml}]\n", encoding="utf-8")
    out = tmp_path / "out"
    written = export_path(roster, "battlescribe", out=out)
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*")
                  if p.is_file()) == ["out/etc-火の-passwd.ros", "out/index.bsi",
                                      "out/opentactics-units.cat", "out/opentactics.gst",
                                      "roster.yaml", "unit.yaml"]
    assert valid(written).get("name") == "../../etc/火の passwd"
    assert units_of(valid(written.others[1])).keys() == {"../../etc/passwd"}


def test_user_text_is_escaped_and_kept(tmp_path):
    name = 'Ré <Bad> & "Quoted" 火の魔術師'
    ability = "Sneak <&> 'Attack'"
    text = 'Hits twice & <b>hard</b> ]]> </rule> "done" \x01'
    source = tmp_path / "unit.yaml"
    source.write_text(yaml.safe_dump({
        "system": "opentactics", "name": name, "types": ["Infantry"],
        "skills": {"melee": {"off_dice": 1, "def_dice": 1, "range": 1}},
        "abilities": [{"name": ability, "cost": 3, "text": text}]}, allow_unicode=True),
        encoding="utf-8")
    written = export_path(source, "battlescribe", out=tmp_path / "out")
    units = units_of(valid(written))
    assert list(units) == [name]
    assert units[name]["rules"] == {ability: text.replace("\x01", "\ufffd") + " (custom)"}
    assert units[name]["points"] == load_doc(source).cards[0].points
    assert '"text": "Hits twice & <b>hard</b> ]]> </rule> \\"done\\" \\u0001"' in \
        units[name]["comment"]  # the unit's own data keeps every character
    assert written.name == "opentactics-units.cat"  # named after the system, not the unit


def test_characters_xml_cannot_hold_become_replacement_marks():
    assert clean("a\x01b\x0bc\ud800d\ttab") == "a\ufffdb\ufffdc\ufffdd\ttab"


def test_export_adds_the_id_a_unit_file_lacks(tmp_path):
    source = tmp_path / "warden.yaml"
    source.write_text(ASH_WARDEN.read_text().split("\nid:")[0] + "\n", encoding="utf-8")
    assert "id:" not in source.read_text()
    export_paths([source], "battlescribe", out=tmp_path / "out")
    assert source.read_text().endswith("id: 32e87638-884a-5dfa-b7f8-0c01dff35dc9\n")


# --- the TUI export dialog ---------------------------------------------------------------


async def _export_from_dialog(unit: Path) -> str:
    """Open `unit` in the designer, choose battlescribe (the last format) in the export
    dialog, export, and return the dialog's status line."""
    from designer.tui.app import build_app

    app = build_app(unit_path=unit, start="edit")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+e")
        await pilot.pause()
        assert type(app.screen).__name__ == "ExportDialog"
        assert app.screen.formats[-1] == "battlescribe"
        await pilot.press("left", "enter")  # the format cycle wraps to its last entry
        await app.workers.wait_for_complete()
        await pilot.pause()
        return str(app.screen.query_one("#export-status").render())


@pytest.mark.tui
async def test_the_export_dialog_writes_battlescribe_files(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copy(ASH_WARDEN, tmp_path / "ash-warden.yaml")
    status = await _export_from_dialog(Path("ash-warden.yaml"))
    assert status == "Wrote exports/opentactics-units.cat"
    assert sorted(p.name for p in (tmp_path / "exports").iterdir()) == \
        ["index.bsi", "opentactics-units.cat", "opentactics.gst"]
    assert units_of(valid(tmp_path / "exports" / "opentactics-units.cat"))["Ash Warden"][
        "points"] == 38


@pytest.mark.tui
async def test_the_export_dialog_shows_the_refusal_for_a_system_without_points(
        tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copy(examples_dir("tactics") / "units" / "dock-thug.yaml", tmp_path / "thug.yaml")
    status = await _export_from_dialog(Path("thug.yaml"))
    assert status == ("thug.yaml: TACTICS defines no points, so there is nothing to cost "
                      "in BattleScribe; nothing written")
    assert not (tmp_path / "exports").exists()


def test_a_copied_unit_file_is_a_unit_of_its_own_and_an_identical_one_is_not(tmp_path):
    """Two files keeping one id (a copy edited since) are two entries, the second's id
    made from the first's; the same unit in two files is one entry."""
    one, two, same = (tmp_path / f"{n}.yaml" for n in ("one", "two", "same"))
    for path in (one, two, same):
        shutil.copy(ASH_WARDEN, path)
    two.write_text(two.read_text().replace("athletics: 6", "athletics: 7"))
    written = export_paths([one, two, same], "battlescribe", out=tmp_path / "out")
    entries = valid(written).findall("c:selectionEntries/c:selectionEntry", NS)
    assert [e.get("name") for e in entries] == ["Ash Warden", "Ash Warden"]
    assert len({e.get("id") for e in entries}) == 2
    assert sorted(e.find("c:costs/c:cost", NS).get("value") for e in entries) == ["38", "39"]
    again = export_paths([one, two, same], "battlescribe", out=tmp_path / "again")
    assert again.read_bytes() == written.read_bytes()
