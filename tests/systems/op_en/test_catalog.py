"""Loading the core and a setting: the bundled Hollowmere with the spec's numbers exactly,
a setting named by folder, overrides, and one-line errors for bad catalog data."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from designer.errors import InputError
from designer.systems import catalog_root
from tests.systems.op_en.conftest import OPEN

HOLLOWMERE = catalog_root() / "op-en" / "settings" / "hollowmere"


def copy_setting(tmp_path: Path, *, overrides: str | None = None,
                 rank_costs: int | None = None) -> Path:
    """Hollowmere copied to tmp_path/settings/house, with its overrides or rank costs
    changed: a house rule is a catalog edit."""
    folder = tmp_path / "settings" / "house"
    shutil.copytree(HOLLOWMERE, folder)
    if overrides is not None:
        path = folder / "setting.yaml"
        path.write_text(path.read_text().replace("overrides: {}", f"overrides: {overrides}"))
    if rank_costs is not None:
        path = folder / "ranks.yaml"
        text = path.read_text()
        for cost in ("cost: 0, ", "cost: 4, ", "cost: 8, ", "cost: 12,"):
            text = text.replace(cost, f"cost: {rank_costs}, ")
        path.write_text(text)
    return folder


def test_hollowmere_numbers(hollowmere):
    assert hollowmere.ref == "hollowmere"
    assert hollowmere.setting.title == "Hollowmere (demonstration)"
    assert hollowmere.starting_treasury == 750
    assert [(r.rank, r.title, r.cost, r.stats.core, r.stats.others, r.max_talents)
            for r in hollowmere.ranks] == [
        (1, "Hand", 0, 8, (6, 6, 4, 4, 4), 0), (2, "Blade", 4, 8, (8, 6, 6, 4, 4), 0),
        (3, "Warden", 8, 10, (8, 8, 6, 6, 4), 1), (4, "Marshal", 12, 12, (10, 8, 8, 6, 6), 3)]
    assert [(f.name, f.cost, f.move, f.body, f.modifiers, f.grants, f.ranks)
            for f in hollowmere.forms] == [
        ("Walker", 2, 5, 8, {}, (), ()),
        ("Stoutling", 4, 4, 10, {"toughness": 2, "agility": -2}, (), ()),
        ("Longstrider", 4, 6, 7, {"agility": 2, "toughness": -2}, (), ()),
        ("Marsh Hulk", 8, 5, 11, {"fight": 2, "intellect": -2}, ("Long Arms",), (3, 4))]
    assert [(t.name, t.cost, t.modifiers, t.ar) for t in hollowmere.traits] == [
        ("Drilled", 2, {}, 0), ("Fen-wise", 3, {"intellect": 2, "move": 1}, 0),
        ("Ironhide", 4, {"toughness": 2, "body": 1}, 0), ("Quickhand", 3, {"shoot": 2}, 0),
        ("Lantern-sworn", 5, {"grit": 2}, 2)]
    assert [(s.name, s.stat, s.test) for s in hollowmere.skills] == [
        ("Steady Aim", "shoot", "OT"), ("Shield Bash", "fight", "OT"), ("Rally", "grit", "FT"),
        ("Field Dressing", "intellect", "FT"), ("Pathfinder", "agility", "BT"),
        ("Taunt", "grit", "OT"), ("Spot Weakness", "intellect", "FT"),
        ("Whirl", "fight", "OT")]
    assert hollowmere.skill("Rally").repeatable
    costs = {a.name: (a.cost, a.stat) for a in hollowmere.abilities}
    assert costs["Commanding Presence"] == (6, None) and costs["Duelist"] == (None, "fight")
    assert costs["Long Arms"] == (4, None)
    assert hollowmere.ability("Keen Eye").ar == 3 and hollowmere.ability("Long Arms").cr == 1
    assert len(hollowmere.equipment) == 15
    arbalest = hollowmere.item("Arbalest")
    assert (arbalest.cost, arbalest.ranks, arbalest.requires.minimums()) == (
        10, (3, 4), {"shoot": 8})
    assert hollowmere.item("signal lantern").once_per_of
    assert hollowmere.item("Longblade").cost.stat == "fight"
    assert (hollowmere.unarmed.attack, hollowmere.unarmed.base_damage) == ("melee", 1)


def test_core_numbers_and_universal_skills(hollowmere):
    core = hollowmere.core
    assert core.die_values == (4, 6, 8, 10, 12) and core.stat_range == (4, 12)
    assert core.max_talents == {1: 0, 2: 0, 3: 1, 4: 3}
    assert core.slots.model_dump() == {"weapon": 3, "armour": 1, "shield": 1, "item": 3,
                                       "consumable": 3}
    assert [u.name for u in core.universal_skills] == ["Interact", "Jump", "Sprint", "Climb",
                                                        "Hide", "Disengage"]


def test_a_setting_named_by_folder_path(tmp_path):
    folder = copy_setting(tmp_path)
    unit = tmp_path / "unit.yaml"
    unit.write_text("system: op-en\nsetting: settings/house\nname: X\n")
    catalog = OPEN.catalog_for({"setting": "settings/house"}, unit)
    assert catalog.ref == "settings/house" and catalog.root == folder.resolve()
    assert OPEN.catalog_for({}, unit) is OPEN.bundled_catalog()


def test_overrides_change_core_numbers(tmp_path):
    folder = copy_setting(tmp_path, overrides="{of_limits: {rank3_max: 5}, "
                                              "move_body_range: [2, 14]}")
    core = OPEN.load_catalog(folder).core
    assert core.of_limits.rank3_max == 5 and core.of_limits.rank4_exact == 1
    assert core.move_body_range == (2, 14)


def test_unknown_setting_names_file_and_field(tmp_path):
    with pytest.raises(InputError) as caught:
        OPEN.catalog_for({"setting": "holowmere"}, tmp_path / "u.yaml")
    assert caught.value.line() == (
        f"{tmp_path / 'u.yaml'}: setting: unknown setting 'holowmere' (did you mean "
        "hollowmere?); name a bundled setting (hollowmere) or a folder holding setting.yaml")


@pytest.mark.parametrize(("file", "old", "new", "field", "problem"), [
    ("forms.yaml", "grants: [Long Arms]", "grants: [Long Legs]", "forms[3].grants[0]",
     "unknown ability 'Long Legs'"),
    ("skills.yaml", "name: Whirl", "name: Rally", "skills[7].name", "'Rally' is already"),
    ("abilities.yaml", "name: Stubborn", "name: Hide", "abilities[4].name",
     "'Hide' is already named in core.yaml"),
    ("ranks.yaml", "others: [6, 6, 4, 4, 4]", "others: [6, 6, 4, 4]",
     "ranks[0].stats.others", "4 other values; the core names 5"),
    ("equipment.yaml", "kind: armour, cost: 3", "kind: cloak, cost: 3", "equipment[7].kind",
     "expected one of"),
    ("setting.yaml", "overrides: {}", "overrides: {slots: {weapon: many}}",
     "setting.overrides.slots.weapon", "expected a whole number"),
    ("traits.yaml", "name: Quickhand", "name: Drilled", "traits[3].name",
     "'Drilled' is listed twice"),
])
def test_bad_catalog_data_is_one_line(tmp_path, file, old, new, field, problem):
    folder = copy_setting(tmp_path)
    path = folder / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(InputError) as caught:
        OPEN.load_catalog(folder)
    assert caught.value.file == str(path) or caught.value.file == str(path.resolve())
    assert caught.value.field == field
    assert problem in caught.value.problem
    assert "\n" not in caught.value.line()
