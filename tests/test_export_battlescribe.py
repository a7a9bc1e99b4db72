"""The BattleScribe export: every file valid against the 2.03 schema, one catalogue for
the units of several files, units, costs, profiles, shared rules and categories read
back, ids stable across runs and renames, revisions that move only on change, a game
system that stays the same, the data index, zipped forms, escaping, the output folder,
and the refusals (a system without points, files of two systems, a foreign file)."""

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
        [f"{name}.gst", f"{docs[0].name.lower().replace(' ', '-')}.cat", "index.bsi",
         *(p.stem.replace("lantern-company", "the-lantern-company") + ".ros"
           for p in files if "rosters" in p.parts)])


def test_northern_raid_reads_back_its_units_profiles_rules_and_categories(tmp_path):
    written = export_path(NORTHERN_RAID, "battlescribe", out=tmp_path)
    assert [p.name for p in written.paths] == ["opentactics.gst", "northern-raid.cat",
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
        {"ash-warden.cat": "2", "opentactics.gst": "1"}


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
    assert listed == {p.name for p in tmp_path.iterdir() if p.suffix in (".gst", ".cat")}
    assert len(listed) == 1 + len({load_doc(p).name for p in every_example(name)})


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
