"""The BattleScribe export: every file valid against the 2.03 schema, units, costs and
characteristics read back, ids stable, revisions that go up only on change, zipped
forms, escaping, the output folder, and the refusal for a system without points."""

from __future__ import annotations

import shutil
import zipfile
from functools import cache
from pathlib import Path

import pytest
import yaml
from lxml import etree

from designer.cli import main
from designer.errors import InputError
from designer.export import export_path, load_doc, render
from designer.export.battlescribe.documents import clean
from designer.systems import SYSTEMS, examples_dir, system

ROOT = Path(__file__).resolve().parents[1]
XSD = ROOT / "tests" / "vendor" / "battlescribe" / "Catalogue-2.03.xsd"
BS = "http://www.battlescribe.net/schema/"
NS = {"g": BS + "gameSystemSchema", "c": BS + "catalogueSchema", "r": BS + "rosterSchema"}
PRICED = [name for name in SYSTEMS if system(name).PRICED]
OT = examples_dir("opentactics")
NORTHERN_RAID = OT / "rosters" / "northern-raid.yaml"
ASH_WARDEN = OT / "units" / "ash-warden.yaml"


# --- helpers (the contract test reads exports back with them too) -----------------------


@cache
def _schemas() -> dict[str, etree.XMLSchema]:
    text = XSD.read_text(encoding="utf-8")
    out = {}
    for kind, ns in (("gst", NS["g"]), ("cat", NS["c"]), ("ros", NS["r"])):
        # one schema, three namespaces: the schema's README says to swap the target
        out[kind] = etree.XMLSchema(etree.fromstring(text.replace(NS["c"], ns).encode()))
    return out


def schema(kind: str) -> etree.XMLSchema:
    return _schemas()[kind]


def valid(path: Path) -> etree._Element:
    """The file's root element, after validating it against the XSD; a zipped file's
    one member is read."""
    kind = path.suffix.lstrip(".").rstrip("z")
    if path.suffix.endswith("z"):
        with zipfile.ZipFile(path) as archive:
            assert archive.namelist() == [path.name[:-1]]
            data = archive.read(path.name[:-1])
    else:
        data = path.read_bytes()
    root = etree.fromstring(data)
    checker = schema(kind)
    assert checker.validate(root), f"{path.name}: {checker.error_log.last_error}"
    return root


def units_of(cat: etree._Element) -> dict[str, dict]:
    """Each root selection entry: its id, cost, profiles {name: {characteristic: value}}
    with their types, rules {name: description} and primary category."""
    out = {}
    for entry in cat.iterfind("c:selectionEntries/c:selectionEntry", NS):
        assert entry.get("type") == "unit"
        profiles = {p.get("name"): {c.get("name"): c.text for c in
                                    p.iterfind("c:characteristics/c:characteristic", NS)}
                    for p in entry.iterfind("c:profiles/c:profile", NS)}
        types = {p.get("name"): p.get("typeName")
                 for p in entry.iterfind("c:profiles/c:profile", NS)}
        rules = {r.get("name"): r.findtext("c:description", namespaces=NS)
                 for r in entry.iterfind("c:rules/c:rule", NS)}
        links = entry.findall("c:categoryLinks/c:categoryLink", NS)
        (cost,) = entry.findall("c:costs/c:cost", NS)
        out[entry.get("name")] = {"id": entry.get("id"), "points": int(cost.get("value")),
                                  "profiles": profiles, "types": types, "rules": rules,
                                  "primary": [lk.get("targetId") for lk in links
                                              if lk.get("primary") == "true"]}
    return out


def check_bundle(written: Path) -> dict:
    """Validate every file an export wrote and check they refer to each other: the
    catalogue's system, profile and characteristic type ids, category and cost type are
    the game system's; a roster's selections are the catalogue's entries. Returns the
    parsed roots by kind and the units."""
    roots = {p.suffix.lstrip(".").rstrip("z"): valid(p) for p in written.paths}
    gst, cat = roots["gst"], roots["cat"]
    assert cat.get("gameSystemId") == gst.get("id")
    assert cat.get("gameSystemRevision") == gst.get("revision")
    (cost_type,) = gst.findall("g:costTypes/g:costType", NS)
    (category,) = gst.findall("g:categoryEntries/g:categoryEntry", NS)
    (force,) = gst.findall("g:forceEntries/g:forceEntry", NS)
    assert [lk.get("targetId") for lk in force.iterfind("g:categoryLinks/g:categoryLink",
                                                        NS)] == [category.get("id")]
    char_types = {c.get("id") for c in gst.iterfind(".//g:characteristicType", NS)}
    profile_types = {p.get("id") for p in gst.iterfind(".//g:profileType", NS)}
    assert {p.get("typeId") for p in cat.iterfind(".//c:profile", NS)} <= profile_types
    assert {c.get("typeId") for c in cat.iterfind(".//c:characteristic", NS)} <= char_types
    assert {c.get("typeId") for c in cat.iterfind(".//c:cost", NS)} <= {cost_type.get("id")}
    units = units_of(cat)
    assert all(u["primary"] == [category.get("id")] for u in units.values())
    ros, total = roots.get("ros"), None
    if ros is not None:
        assert ros.get("gameSystemId") == gst.get("id")
        (rforce,) = ros.findall("r:forces/r:force", NS)
        assert rforce.get("catalogueId") == cat.get("id")
        assert rforce.get("catalogueRevision") == cat.get("revision")
        assert rforce.get("entryId") == force.get("id")
        ids = {u["id"]: u for u in units.values()}
        selections = rforce.findall("r:selections/r:selection", NS)
        for selection in selections:
            unit = ids[selection.get("entryId")]
            (cost,) = selection.findall("r:costs/r:cost", NS)
            assert int(cost.get("value")) == unit["points"]
        total = int(ros.find("r:costs/r:cost", NS).get("value"))
        assert total == sum(int(s.find("r:costs/r:cost", NS).get("value"))
                            for s in selections)
    return {"roots": roots, "units": units, "limit": cost_type.get("defaultCostLimit"),
            "total": total}


# --- every example of every priced system ------------------------------------------------


@pytest.mark.parametrize("name", PRICED)
def test_every_example_roster_and_unit_exports_valid_files(name, tmp_path):
    rosters = sorted((examples_dir(name) / "rosters").glob("*.yaml"))
    assert rosters
    for path in [*rosters, *sorted((examples_dir(name) / "units").glob("*.yaml"))]:
        doc = load_doc(path)
        written = export_path(path, "battlescribe", out=tmp_path / path.stem)
        bundle = check_bundle(written)
        assert {u: v["points"] for u, v in bundle["units"].items()} == \
            {card.title: card.points for card in doc.cards}
        if doc.summary is not None:
            assert bundle["total"] == doc.summary.total
            assert len(bundle["roots"]["ros"].findall(".//r:selection", NS)) == \
                doc.summary.unit_count
            assert bundle["limit"] == str(-1 if doc.summary.cap is None else doc.summary.cap)
        assert written.suffix == (".ros" if doc.summary is not None else ".cat")


def test_northern_raid_reads_back_its_units_costs_and_characteristics(tmp_path):
    written = export_path(NORTHERN_RAID, "battlescribe", out=tmp_path)
    assert [p.name for p in written.paths] == ["opentactics.gst", "northern-raid.cat",
                                               "northern-raid.ros"]
    bundle = check_bundle(written)
    units = bundle["units"]
    # 4 x 17 + 2 x 38 + 53 + 2 x 27 + 48 + 2 x 19 = 337 of the 500-point cap
    assert {name: u["points"] for name, u in units.items()} == {
        "Levy Spearman": 17, "Ash Warden": 38, "Iron Lancer": 53, "Storm Caller": 27,
        "Sky Corsair": 48, "War Hound": 19}
    assert bundle["limit"] == "500"
    ros = bundle["roots"]["ros"]
    assert ros.find("r:costs/r:cost", NS).get("value") == "337"
    assert ros.find("r:costLimits/r:costLimit", NS).get("value") == "500"
    names = [s.get("name") for s in ros.iterfind(".//r:selection", NS)]
    assert names == ["Levy Spearman"] * 4 + ["Ash Warden"] * 2 + ["Iron Lancer"] + \
        ["Storm Caller"] * 2 + ["Sky Corsair"] + ["War Hound"] * 2
    assert len(set(s.get("id") for s in ros.iterfind(".//r:selection", NS))) == 12

    warden = units["Ash Warden"]
    # Ballistic OFF 2 dice with a +1 bump; Athletics 6 on every line
    assert warden["profiles"]["Ash Warden: OFF dice"] == {
        "Melee": "2", "Ballistic": "2 (+1)", "Arcane": "0", "Technical": "0",
        "Athletics": "6"}
    assert warden["profiles"]["Ash Warden: DEF dice"] == {
        "Melee": "2", "Ballistic": "1", "Arcane": "1", "Technical": "1", "Athletics": "6"}
    assert warden["profiles"]["Ash Warden: Range"]["Ballistic"] == "8"  # 2 + the bow's 6
    assert warden["profiles"]["Duelist"]["Note"] == "from Hand Weapon"
    assert warden["profiles"]["Stealth 2"]["Kind"] == "Abilities"
    assert warden["types"]["Stealth 2"] == "Ability"
    assert warden["rules"] == {}
    gst = bundle["roots"]["gst"]
    assert [(p.get("name"), [c.get("name") for c in p.iterfind(".//g:characteristicType", NS)])
            for p in gst.iterfind("g:profileTypes/g:profileType", NS)] == [
        ("Unit", ["Melee", "Ballistic", "Arcane", "Technical", "Athletics"]),
        ("Ability", ["Kind", "Note", "Description"])]


def test_op_en_treasury_and_stat_line_read_back(tmp_path):
    folder = examples_dir("op-en")
    written = export_path(folder / "rosters" / "lantern-company.yaml", "battlescribe",
                          out=tmp_path)
    bundle = check_bundle(written)
    units = bundle["units"]
    # 132 + 111 + 98 + 81 + 73 + 52 + 62 = 609 of the setting's starting 750
    assert sorted(u["points"] for u in units.values()) == [52, 62, 73, 81, 98, 111, 132]
    assert bundle["limit"] == "750"
    assert bundle["roots"]["ros"].find("r:costs/r:cost", NS).get("value") == "609"
    brannoc = units["Brannoc Tull"]["profiles"]["Brannoc Tull"]
    # Marsh Hulk and Ironhide: Fight and Toughness +2, Intellect -2, Body +1
    assert brannoc == {"Move": '5"', "Fight": "d12 (+2)", "Tgh": "d10 (+2)", "Shoot": "d4",
                       "Agi": "d6", "Intel": "d4 (-2)", "Grit": "d8", "Body": "12 (+1)",
                       "Cost": "69", "Awareness Range": '4" (Intellect 4)',
                       "Combat Range": '1" (Long Arms +1, Reed Pike 1")'}
    assert units["Brannoc Tull"]["types"]["Shield Bash (Fight)"] == "Ability"


def test_open_fire_weapons_are_a_profile_type_of_their_own(tmp_path):
    folder = examples_dir("openfire")
    written = export_path(folder / "rosters" / "cinder-convoy.yaml", "battlescribe",
                          out=tmp_path)
    bundle = check_bundle(written)
    # 21 + 71 + 41 + 39 = 172 of a skirmish's 200
    assert sorted(u["points"] for u in bundle["units"].values()) == [21, 39, 41, 71]
    assert bundle["limit"] == "200"
    assert bundle["roots"]["ros"].find("r:costs/r:cost", NS).get("value") == "172"
    gst = bundle["roots"]["gst"]
    type_names = [p.get("name") for p in gst.iterfind("g:profileTypes/g:profileType", NS)]
    assert type_names == ["Unit", "RNG / ATT / DMG / PRC", "Ability"]


# --- ids and revisions -------------------------------------------------------------------


def test_ids_are_the_same_on_every_export_and_for_the_same_unit(tmp_path):
    a = export_path(NORTHERN_RAID, "battlescribe", out=tmp_path / "a")
    b = export_path(NORTHERN_RAID, "battlescribe", out=tmp_path / "b")
    assert [p.read_bytes() for p in a.paths] == [p.read_bytes() for p in b.paths]
    alone = export_path(ASH_WARDEN, "battlescribe", out=tmp_path / "c")
    assert [p.name for p in alone.paths] == ["opentactics.gst", "ash-warden.cat"]
    in_roster = units_of(valid(a.others[1]))["Ash Warden"]
    on_its_own = units_of(valid(alone))["Ash Warden"]
    assert on_its_own["id"] == in_roster["id"]
    assert on_its_own == in_roster


def test_revision_stays_on_the_same_export_and_goes_up_on_a_change(tmp_path):
    source = tmp_path / "ash-warden.yaml"
    shutil.copy(ASH_WARDEN, source)
    out = tmp_path / "out"
    first = export_path(source, "battlescribe", out=out)
    gst, cat = first.paths
    before = cat.read_bytes()
    assert (valid(gst).get("revision"), valid(cat).get("revision")) == ("1", "1")
    assert export_path(source, "battlescribe", out=out) == first  # no --force needed
    assert cat.read_bytes() == before
    assert (valid(gst).get("revision"), valid(cat).get("revision")) == ("1", "1")

    source.write_text(source.read_text().replace("athletics: 6", "athletics: 7"))
    export_path(source, "battlescribe", out=out)
    root = valid(cat)
    assert (valid(gst).get("revision"), root.get("revision")) == ("1", "2")
    assert units_of(root)["Ash Warden"]["points"] == 39  # one more point of Athletics
    export_path(source, "battlescribe", out=out)
    assert valid(cat).get("revision") == "2"


def test_a_game_system_keeps_the_types_earlier_catalogues_use(tmp_path):
    units = examples_dir("openfire") / "units"
    first = export_path(units / "convoy-crawler.yaml", "battlescribe", out=tmp_path)
    second = export_path(units / "warden-patrol.yaml", "battlescribe", out=tmp_path)
    gst = valid(second.others[0])
    assert gst.get("revision") == "2"  # Warden Patrol adds Formation
    declared = {c.get("id") for c in gst.iterfind(".//g:characteristicType", NS)}
    for cat in (first, second):
        used = {c.get("typeId") for c in valid(cat).iterfind(".//c:characteristic", NS)}
        assert used <= declared
    chars = [c.get("name") for c in gst.find("g:profileTypes/g:profileType", NS)
             .iterfind(".//g:characteristicType", NS)]
    assert {"Transport", "Formation"} <= set(chars)


def test_a_roster_picks_up_the_catalogue_revision(tmp_path):
    source = tmp_path / "raid.yaml"
    source.write_text("system: opentactics\nname: Raid\npoints_cap: 100\nunits:\n"
                      f"  - {{unit: {ASH_WARDEN}, count: 2}}\n", encoding="utf-8")
    out = tmp_path / "out"
    export_path(source, "battlescribe", out=out)
    source.write_text(source.read_text().replace("count: 2", "count: 1"))
    written = export_path(source, "battlescribe", out=out)
    bundle = check_bundle(written)
    ros = bundle["roots"]["ros"]
    assert bundle["roots"]["cat"].get("revision") == "1"  # same unit, same catalogue
    assert ros.find("r:costs/r:cost", NS).get("value") == "38"
    assert len(ros.findall(".//r:selection", NS)) == 1


# --- zipped, refusals, paths, escaping ---------------------------------------------------


def test_zipped_forms_hold_the_same_documents(tmp_path, capsys):
    plain = export_path(NORTHERN_RAID, "battlescribe", out=tmp_path / "plain")
    code = main(["export", str(NORTHERN_RAID), "--format", "battlescribe", "--out",
                 str(tmp_path / "zipped"), "--zip"])
    assert code == 0
    lines = capsys.readouterr().out.split()
    written = sorted(Path(p).name for p in lines if p.startswith(str(tmp_path)))
    assert written == ["northern-raid.catz", "northern-raid.rosz", "opentactics.gstz"]
    for path in plain.paths:
        zipped = tmp_path / "zipped" / f"{path.name}z"
        with zipfile.ZipFile(zipped) as archive:
            assert archive.read(path.name) == path.read_bytes()
        valid(zipped)
    again = export_path(NORTHERN_RAID, "battlescribe", out=tmp_path / "zipped", zipped=True)
    assert valid(again.others[1]).get("revision") == "1"


def test_tactics_is_refused_and_nothing_is_written(tmp_path, capsys):
    out = tmp_path / "out"
    roster = examples_dir("tactics") / "rosters" / "dock-ambush.yaml"
    assert main(["export", str(roster), "--format", "battlescribe", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "TACTICS defines no points" in err
    assert "Traceback" not in err and not out.exists()


@pytest.mark.parametrize(("args", "problem"), [
    (["--format", "md", "--zip"], "--zip: applies only to the battlescribe format"),
    (["--format", "battlescribe", "--out", "force.cat"], "writes several files"),
])
def test_options_that_do_not_apply_exit_2(tmp_path, capsys, monkeypatch, args, problem):
    monkeypatch.chdir(tmp_path)
    assert main(["export", str(ASH_WARDEN), *args]) == 2
    err = capsys.readouterr().err
    assert problem in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_render_refuses_a_format_of_several_files():
    with pytest.raises(InputError, match="writes several files"):
        render(load_doc(ASH_WARDEN), "battlescribe")


def test_a_foreign_file_in_the_way_needs_force(tmp_path):
    (tmp_path / "ash-warden.cat").write_text("<notes>mine</notes>")
    with pytest.raises(InputError, match="exists; pass --force"):
        export_path(ASH_WARDEN, "battlescribe", out=tmp_path)
    assert (tmp_path / "ash-warden.cat").read_text() == "<notes>mine</notes>"
    assert not (tmp_path / "opentactics.gst").exists()  # nothing written
    written = export_path(ASH_WARDEN, "battlescribe", out=tmp_path, overwrite=True)
    assert valid(written).get("revision") == "1"


def test_files_land_only_inside_the_folder(tmp_path):
    source = tmp_path / "unit.yaml"
    source.write_text("system: opentactics\nname: ../../etc/passwd\ntypes: [Infantry]\n"
                      "skills: {melee: {off_dice: 1, def_dice: 1, range: 1}}\n")
    out = tmp_path / "out"
    written = export_path(source, "battlescribe", out=out)
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*")
                  if p.is_file()) == ["out/etc-passwd.cat", "out/opentactics.gst", "unit.yaml"]
    assert units_of(valid(written)).keys() == {"../../etc/passwd"}


def test_user_text_is_escaped_and_kept(tmp_path):
    name = 'Ré <Bad> & "Quoted" 火の魔術師'
    ability = "Sneak <&> 'Attack'"
    text = 'Hits twice & <b>hard</b> ]]> </rule> "done"'
    source = tmp_path / "unit.yaml"
    source.write_text(yaml.safe_dump({
        "system": "opentactics", "name": name, "types": ["Infantry"],
        "skills": {"melee": {"off_dice": 1, "def_dice": 1, "range": 1}},
        "abilities": [{"name": ability, "cost": 3, "text": text}]}, allow_unicode=True),
        encoding="utf-8")
    written = export_path(source, "battlescribe", out=tmp_path / "out")
    units = units_of(valid(written))
    assert list(units) == [name]
    # a custom ability is a rule, with its text as the description
    assert units[name]["rules"] == {ability: text}
    assert units[name]["points"] == load_doc(source).cards[0].points
    assert written.name == "re-bad-quoted-火の魔術師.cat"


def test_characters_xml_cannot_hold_become_replacement_marks():
    assert clean("a\x01b\x0bc\ud800d\ttab") == "a\ufffdb\ufffdc\ufffdd\ttab"


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
    assert status == "Wrote exports/ash-warden.cat"
    assert sorted(p.name for p in (tmp_path / "exports").iterdir()) == \
        ["ash-warden.cat", "opentactics.gst"]
    assert units_of(valid(tmp_path / "exports" / "ash-warden.cat"))["Ash Warden"]["points"] \
        == 38


@pytest.mark.tui
async def test_the_export_dialog_shows_the_refusal_for_a_system_without_points(
        tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copy(examples_dir("tactics") / "units" / "dock-thug.yaml", tmp_path / "thug.yaml")
    status = await _export_from_dialog(Path("thug.yaml"))
    assert status == ("thug.yaml: TACTICS defines no points, so there is nothing to cost "
                      "in BattleScribe; nothing written")
    assert not (tmp_path / "exports").exists()
