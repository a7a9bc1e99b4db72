"""The BattleScribe export: every file valid against the 2.03 schema, one catalogue a
system for the units of every file exported into a folder, units, costs, profiles,
shared rules and categories read back, ids stable across runs, renames, file names and
orders, revisions that move only on change, a game system that stays the same and the
data index."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from designer.export import export_path, export_paths, load_doc
from designer.points import has_points
from designer.systems import examples_dir, system, system_names
from tests.bscribe import NS, check_bundle, index_of, units_of, valid

PRICED = [name for name in system_names() if has_points(system(name))]
OT = examples_dir("opentactics")
NORTHERN_RAID = OT / "rosters" / "northern-raid.yaml"
ASH_WARDEN = OT / "units" / "ash-warden.yaml"
#: each priced system's one catalogue: its file, id and name
CATALOGUES = {
    "opentactics": ("opentactics-units.cat", "66840bee-5f31-5d28-8127-07c96a012669",
                    "OpenTactics 2e units"),
    "op-en": ("op-en-characters.cat", "e33e667c-ef67-52b0-8f09-7158056694df",
              "Op-En characters"),
    "openfire": ("openfire-units.cat", "9c36c3cd-ba2c-57eb-8fed-74fef3b532ec",
                 "Open Fire 0.3 units"),
}


def every_example(name: str) -> list[Path]:
    folder = examples_dir(name)
    return [*sorted((folder / "rosters").glob("*.yaml")),
            *sorted((folder / "units").glob("*.yaml"))]


# --- every example of every priced system ------------------------------------------------


@pytest.mark.parametrize("name", PRICED)
def test_every_example_exports_valid_files_on_its_own(name, tmp_path):
    for path in every_example(name):
        doc = load_doc(path)
        written = export_path(path, "battlescribe", out=tmp_path / path.stem)
        bundle = check_bundle(written)
        assert {u: v["points"] for u, v in bundle["units"].items()} == \
            {card.title: card.points for card in doc.cards}
        if doc.summary is not None:
            (ros,) = bundle["roots"]["ros"]
            assert bundle["totals"] == [doc.summary.total]
            assert len(ros.findall(".//r:selection", NS)) == doc.summary.unit_count
            assert ros.find("r:costLimits/r:costLimit", NS).get("value") == \
                str(-1 if doc.summary.cap is None else doc.summary.cap)
        assert written.suffix == (".ros" if doc.summary is not None else ".cat")


@pytest.mark.parametrize("name", PRICED)
def test_every_example_of_a_system_exports_into_one_catalogue(name, tmp_path):
    files = every_example(name)
    docs = [load_doc(path) for path in files]
    written = export_paths(files, "battlescribe", out=tmp_path)
    bundle = check_bundle(written)
    distinct = {card.title: card.points for doc in docs for card in doc.cards}
    assert {u: v["points"] for u, v in bundle["units"].items()} == distinct
    rosters = [doc for doc in docs if doc.summary is not None]
    assert bundle["totals"] == [doc.summary.total for doc in rosters]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [f"{name}.gst", CATALOGUES[name][0], "index.bsi",
         *(p.stem.replace("lantern-company", "the-lantern-company") + ".ros"
           for p in files if "rosters" in p.parts)])
    cat = bundle["roots"]["cat"]
    assert (cat.get("id"), cat.get("name")) == CATALOGUES[name][1:]


def test_northern_raid_reads_back_its_units_profiles_rules_and_categories(tmp_path):
    written = export_path(NORTHERN_RAID, "battlescribe", out=tmp_path)
    assert [p.name for p in written.paths] == ["opentactics.gst", "opentactics-units.cat",
                                               "index.bsi", "northern-raid.ros"]
    bundle = check_bundle(written)
    units = bundle["units"]
    # 4 x 17 + 2 x 38 + 53 + 2 x 27 + 48 + 2 x 19 = 337 of the 500-point cap
    assert {name: u["points"] for name, u in units.items()} == {
        "Levy Spearman": 17, "Ash Warden": 38, "Iron Lancer": 53, "Storm Caller": 27,
        "Sky Corsair": 48, "War Hound": 19}
    (ros,) = bundle["roots"]["ros"]
    assert bundle["totals"] == [337]
    assert ros.find("r:costLimits/r:costLimit", NS).get("value") == "500"
    names = [s.get("name") for s in ros.iterfind(".//r:selection", NS)]
    assert names == ["Levy Spearman"] * 4 + ["Ash Warden"] * 2 + ["Iron Lancer"] + \
        ["Storm Caller"] * 2 + ["Sky Corsair"] + ["War Hound"] * 2
    assert len({s.get("id") for s in ros.iterfind(".//r:selection", NS)}) == 12

    warden = units["Ash Warden"]
    # one Unit profile (Athletics once), a Skill profile per aspect: the card's table
    # turned, Ballistic OFF 2 dice with a +1 bump and range 2 + the bow's 6
    assert warden["profiles"]["Ash Warden"] == {"Athletics": "6"}
    assert warden["profiles"]["Melee"] == {"OFF dice": "2", "DEF dice": "2", "Range": "1"}
    assert warden["profiles"]["Ballistic"] == {"OFF dice": "2 (+1)", "DEF dice": "1",
                                               "Range": "8"}
    assert warden["profiles"]["Bow or Crossbow"] == {"Choice": "range 6",
                                                     "Effect": "+5–10 Ballistic range"}
    assert warden["types"] == {"Ash Warden": "Unit", "Melee": "Skill", "Ballistic": "Skill",
                               "Arcane": "Skill", "Technical": "Skill",
                               "Bow or Crossbow": "Equipment", "Hand Weapon": "Equipment"}
    assert set(warden["rules"]) == {"Stealth 2", "Duelist"}
    assert warden["rules"]["Duelist"].endswith("(from Hand Weapon)")
    # the types as categories, the system's unit category primary
    assert warden["categories"] == {"Units": True, "Infantry": False, "Elf": False,
                                    "Living": False, "Warrior": False}
    gst = bundle["roots"]["gst"]
    assert [(p.get("name"), [c.get("name") for c in p.iterfind(".//g:characteristicType", NS)])
            for p in gst.iterfind("g:profileTypes/g:profileType", NS)] == [
        ("Unit", ["Athletics"]), ("Skill", ["OFF dice", "DEF dice", "Range"]),
        ("Equipment", ["Choice", "Effect"])]


def test_a_rule_two_units_share_is_one_shared_entry_linked_by_id(tmp_path):
    written = export_path(NORTHERN_RAID, "battlescribe", out=tmp_path)
    cat = check_bundle(written)["roots"]["cat"]
    stealth = [r for r in cat.iterfind("c:sharedRules/c:rule", NS)
               if r.get("name") == "Stealth 2"]
    assert len(stealth) == 1
    links = [lk for lk in cat.iterfind(".//c:infoLink", NS)
             if lk.get("targetId") == stealth[0].get("id")]
    assert len(links) == len([u for u in units_of(cat).values() if "Stealth 2" in u["rules"]])
    assert not cat.findall("c:selectionEntries/c:selectionEntry/c:rules", NS)  # none copied


def test_op_en_character_profile_equipment_and_shared_items(tmp_path):
    folder = examples_dir("op-en")
    written = export_paths([folder / "rosters" / "lantern-company.yaml",
                            folder / "rosters" / "reedmarsh-rabble.yaml"], "battlescribe",
                           out=tmp_path)
    bundle = check_bundle(written)
    # 132 + 111 + 98 + 81 + 73 + 52 + 62 = 609 of 750; 132 + 81 + 2 x 52 + 62 + 51 = 430
    assert bundle["totals"] == [609, 430]
    brannoc = bundle["units"]["Brannoc Tull"]
    # Marsh Hulk and Ironhide: Fight and Toughness +2, Intellect -2, Body +1
    assert brannoc["profiles"]["Brannoc Tull"] == {
        "Move": '5"', "Fight": "d12 (+1 lvl)", "Tgh": "d10 (+1 lvl)", "Shoot": "d4", "Agi": "d6",
        "Intel": "d4 (-1 lvl)", "Grit": "d8", "Body": "12 (+1)", "Cost": "69",
        "Awareness Range": '4" (Intellect 4)',
        "Combat Range": '1" (Long Arms +1, Reed Pike 1")'}
    assert brannoc["types"]["Reed Pike"] == "Equipment"
    assert set(brannoc["rules"]) == {"Marsh Hulk", "Ironhide", "Shield Bash (Fight)",
                                     "Long Arms"}
    shared = {p.get("name") for p in bundle["roots"]["cat"].iterfind(
        "c:sharedProfiles/c:profile", NS)}
    assert {"Padded Coat", "Hatchet"} <= shared  # carried by several characters


def test_open_fire_models_and_weapons_are_profiles_not_abilities(tmp_path):
    folder = examples_dir("openfire")
    written = export_path(folder / "rosters" / "cinder-convoy.yaml", "battlescribe",
                          out=tmp_path)
    bundle = check_bundle(written)
    assert bundle["totals"] == [172]  # 21 + 71 + 41 + 39 of a skirmish's 200
    patrol = bundle["units"]["Warden Patrol"]
    assert patrol["profiles"]["Ranger ×4"] == {"MOV": '6"', "SKL": "7", "DEF": "7",
                                               "CMD": "6", "HP": "5"}
    assert patrol["types"]["Ranger Sergeant (leader)"] == "Model"
    assert patrol["profiles"]["Long Rifle"] == {"RNG": '24"', "ATT": "2", "DMG": "1",
                                                "PRC": "1"}
    assert patrol["types"]["Long Rifle"] == "Weapon"
    assert "Ability" not in set(patrol["types"].values())
    assert patrol["rules"]["Accurate"].startswith("+2 to Battle Skill tests")
    assert patrol["costs"] == {"pts": 71, "Models": 5, "Models that must ride": 5,
                               "Models taking Drill Master": 1}
    gst = bundle["roots"]["gst"]
    assert [p.get("name") for p in gst.iterfind("g:profileTypes/g:profileType", NS)] == \
        ["Unit", "Model", "Weapon"]


# --- ids, revisions, the game system -----------------------------------------------------


def test_the_same_export_gives_the_same_bytes(tmp_path):
    a = export_path(NORTHERN_RAID, "battlescribe", out=tmp_path / "a")
    b = export_path(NORTHERN_RAID, "battlescribe", out=tmp_path / "b")
    assert [p.read_bytes() for p in a.paths] == [p.read_bytes() for p in b.paths]


def test_a_renamed_unit_keeps_its_entry_id_and_the_catalogue_moves_on(tmp_path):
    source = tmp_path / "ash-warden.yaml"
    shutil.copy(ASH_WARDEN, source)
    roster = tmp_path / "raid.yaml"
    roster.write_text(f"system: opentactics\nname: Raid\nunits:\n  - unit: {source.name}\n")
    out = tmp_path / "out"
    first = export_paths([roster], "battlescribe", out=out)
    cat, ros = first.others[1], first
    before = units_of(valid(cat))["Ash Warden"]["id"]
    source.write_text(source.read_text().replace("name: Ash Warden", "name: Cinder Warden"))
    export_paths([roster], "battlescribe", out=out)
    root = valid(cat)
    assert units_of(root)["Cinder Warden"]["id"] == before
    assert root.get("revision") == "2"
    assert [s.get("entryId") for s in valid(ros).iterfind(".//r:selection", NS)] == [before]


def test_a_unit_renamed_and_exported_alone_keeps_its_entry_in_the_catalogue(tmp_path):
    source = tmp_path / "ash-warden.yaml"
    shutil.copy(ASH_WARDEN, source)
    out = tmp_path / "out"
    cat = export_path(source, "battlescribe", out=out)
    assert cat.name == "opentactics-units.cat"
    before = units_of(valid(cat))["Ash Warden"]["id"]
    source.write_text(source.read_text().replace("name: Ash Warden", "name: Cinder Warden"))
    renamed = tmp_path / "cinder-warden.yaml"
    source.rename(renamed)
    assert export_path(renamed, "battlescribe", out=out) == cat
    root = valid(cat)
    assert {name: u["id"] for name, u in units_of(root).items()} == {"Cinder Warden": before}
    assert root.get("revision") == "2"


def test_an_inline_unit_keeps_its_entry_when_renamed_after_its_first_export(tmp_path):
    """The first export writes the id an inline unit lacks into its roster (the one its
    name derived), so a rename afterwards keeps the entry."""
    roster = tmp_path / "raid.yaml"
    roster.write_text("system: opentactics\nname: Raid\nunits:\n"
                      "  - unit: {name: War Hound, types: [Wolf], athletics: 7}\n"
                      "    count: 2\n", encoding="utf-8")
    out = tmp_path / "out"
    first = export_paths([roster], "battlescribe", out=out)
    (before,) = {s.get("entryId") for s in valid(first).iterfind(".//r:selection", NS)}
    assert "id: " in roster.read_text(encoding="utf-8")
    roster.write_text(roster.read_text(encoding="utf-8").replace("War Hound", "Ash Hound"),
                      encoding="utf-8")
    export_paths([roster], "battlescribe", out=out)
    cat = valid(out / "opentactics-units.cat")
    assert {n: u["id"] for n, u in units_of(cat).items()} == {"Ash Hound": before}
    assert [s.get("entryId") for s in valid(first).iterfind(".//r:selection", NS)] == \
        [before, before]


def test_renaming_the_roster_heading_the_export_keeps_the_catalogue(tmp_path):
    raid = tmp_path / "raid.yaml"
    raid.write_text(NORTHERN_RAID.read_text().replace("../units/", f"{OT / 'units'}/"))
    out = tmp_path / "out"
    cat = export_paths([raid, ASH_WARDEN], "battlescribe", out=out).others[1]
    before = cat.read_bytes()
    raid.write_text(raid.read_text().replace("name: Northern Raid", "name: Southern Raid"))
    moved = tmp_path / "southern-raid.yaml"
    raid.rename(moved)
    written = export_paths([moved, ASH_WARDEN], "battlescribe", out=out)
    assert written.name == "southern-raid.ros"
    assert cat.read_bytes() == before  # the same ids, revision 1
    assert [s.get("entryId") for s in valid(written).iterfind(".//r:selection", NS)] == \
        [s.get("entryId") for s in valid(out / "northern-raid.ros").iterfind(".//r:selection",
                                                                            NS)]


@pytest.mark.parametrize("name", PRICED)
def test_files_exported_in_another_order_give_the_same_files(name, tmp_path):
    files = every_example(name)
    one = export_paths(files, "battlescribe", out=tmp_path / "one")
    other = export_paths(files[::-1], "battlescribe", out=tmp_path / "other")
    assert sorted(p.name for p in one.paths) == sorted(p.name for p in other.paths)
    for path in one.paths:
        assert path.read_bytes() == (tmp_path / "other" / path.name).read_bytes(), path.name


def test_units_exported_at_different_times_land_in_one_catalogue(tmp_path):
    out = tmp_path / "out"
    witch = OT / "units" / "steam-witch.yaml"
    cat = export_path(ASH_WARDEN, "battlescribe", out=out)
    warden = units_of(valid(cat))["Ash Warden"]["id"]
    assert export_path(witch, "battlescribe", out=out) == cat
    root = valid(cat)
    assert {n: u["id"] for n, u in units_of(root).items()} == {
        "Ash Warden": warden, "Steam Witch": units_of(root)["Steam Witch"]["id"]}
    assert root.get("revision") == "2"
    together = export_paths([witch, ASH_WARDEN], "battlescribe", out=tmp_path / "together")
    assert cat.read_bytes() == together.read_bytes().replace(
        b'revision="1" battleScribeVersion', b'revision="2" battleScribeVersion')
    export_path(ASH_WARDEN, "battlescribe", out=out)  # nothing new: the same revision
    assert valid(cat).get("revision") == "2" and len(units_of(valid(cat))) == 2


def test_revision_stays_on_the_same_export_and_goes_up_on_a_change(tmp_path):
    source = tmp_path / "ash-warden.yaml"
    shutil.copy(ASH_WARDEN, source)
    out = tmp_path / "out"
    first = export_path(source, "battlescribe", out=out)
    gst, index, cat = first.paths
    before = cat.read_bytes()
    assert (valid(gst).get("revision"), valid(cat).get("revision")) == ("1", "1")
    assert export_path(source, "battlescribe", out=out) == first  # no --force needed
    assert cat.read_bytes() == before

    source.write_text(source.read_text().replace("athletics: 6", "athletics: 7"))
    export_path(source, "battlescribe", out=out)
    root = valid(cat)
    assert (valid(gst).get("revision"), root.get("revision")) == ("1", "2")
    assert units_of(root)["Ash Warden"]["points"] == 39  # one more point of Athletics
    export_path(source, "battlescribe", out=out)
    assert valid(cat).get("revision") == "2"
    assert {e["filePath"]: e["dataRevision"] for e in index_of(index)} == \
        {"opentactics-units.cat": "2", "opentactics.gst": "1"}


@pytest.mark.parametrize("name", PRICED)
def test_the_game_system_stays_the_same_whatever_is_exported_beside_it(name, tmp_path):
    """No default points limit (the roster carries its cap) and types the system names:
    exporting each example into one folder never changes the game system."""
    gst_bytes = set()
    for path in every_example(name):
        written = export_path(path, "battlescribe", out=tmp_path)
        gst = next(p for p in written.paths if p.suffix == ".gst")
        gst_bytes.add(gst.read_bytes())
    assert len(gst_bytes) == 1
    assert valid(gst).get("revision") == "1"
    listed = {e["filePath"] for e in index_of(tmp_path / "index.bsi")}
    assert listed == {p.name for p in tmp_path.iterdir() if p.suffix in (".gst", ".cat")} \
        == {f"{name}.gst", CATALOGUES[name][0]}
    # the catalogue holds every unit exported into the folder, one file at a time
    distinct = {card.title: card.points for p in every_example(name)
                for card in load_doc(p).cards}
    cat = valid(tmp_path / CATALOGUES[name][0])
    assert {u: v["points"] for u, v in units_of(cat).items()} == distinct


def test_a_game_system_keeps_the_types_earlier_catalogues_use(tmp_path):
    out = tmp_path / "out"
    export_path(ASH_WARDEN, "battlescribe", out=out)
    gst = out / "opentactics.gst"
    text = gst.read_text(encoding="utf-8")
    gst.write_text(text.replace('name="Athletics" />', 'name="Athletics" />\n'
                                '<characteristicType id="x" name="Reach" />'),
                   encoding="utf-8")
    export_path(OT / "units" / "steam-witch.yaml", "battlescribe", out=out)
    root = valid(gst)
    assert root.get("revision") == "2"  # Reach kept, with the id it is given
    chars = [c.get("name") for c in root.find("g:profileTypes/g:profileType", NS)
             .iterfind(".//g:characteristicType", NS)]
    assert chars == ["Athletics", "Reach"]
