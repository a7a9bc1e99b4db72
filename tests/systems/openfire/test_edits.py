"""The pure edits a designer calls: each returns a new unit, the input unchanged, and the
queries the build steps show."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from designer.systems.openfire import edits
from tests.systems.openfire.conftest import OPENFIRE


@pytest.fixture
def fresh(core):
    return OPENFIRE.new_unit("Fresh", core)


def assess(unit, catalog):
    return OPENFIRE.assess(unit, catalog)


def test_a_new_unit_is_a_legal_trooper(fresh, core):
    assert OPENFIRE.unit_data(fresh) == {
        "system": "openfire", "name": "Fresh",
        "models": [{"name": "Trooper", "mov": 6, "skl": 7, "def": 7, "cmd": 7, "hp": 5}]}
    tally = assess(fresh, core).tally
    assert tally.legal and tally.issues == [] and tally.total == 8


def test_a_new_module_unit_starts_from_its_first_profile(wastes):
    unit = OPENFIRE.new_unit("Boss", wastes)
    assert OPENFIRE.unit_data(unit) == {"system": "openfire", "module": "ash-wastes",
                                        "name": "Boss", "category": "command",
                                        "models": [{"profile": "Warden Captain"}]}
    tally = assess(unit, wastes).tally
    assert tally.legal and tally.total == 16 + 1 + 2


def test_building_the_ash_rangers_step_by_step(fresh, core):
    unit = edits.set_name(fresh, " Ash Rangers ")
    unit = edits.set_printed_points(unit, 74)
    unit = edits.remove_model(unit, 0)  # the last entry stays
    assert len(unit.models) == 1
    unit = edits.add_model(unit, "Ranger", count=4, mov=6, skl=7, cmd=6, hp=5, **{"def": 7})
    unit = edits.remove_model(unit, 0)
    unit = edits.add_model(unit, "Ranger Sergeant", mov=6, skl=6, cmd=5, hp=5, **{"def": 7})
    unit = edits.set_leader(unit, 1)
    assert [m.leader for m in unit.models] == [None, True]
    unit = edits.add_rule(unit, 1, "Skilled")
    unit = edits.define_weapon(unit, {"name": "Combat Blade", "rng": 1, "att": 2, "dmg": 1,
                                      "prc": 0, "special": ["Assault"]})
    unit = edits.define_weapon(unit, {"name": "Carbine", "rng": 18, "att": 2, "dmg": 1,
                                      "prc": 1, "special": ["Rapid Fire"]})
    unit = edits.define_weapon(unit, {"name": "Long Rifle", "rng": 24, "att": 2, "dmg": 1,
                                      "prc": 1, "special": ["Accurate"]})
    for index, weapons in ((0, ["Long Rifle", "Combat Blade"]),
                           (1, ["Carbine", "Combat Blade"])):
        for name in weapons:
            unit = edits.add_weapon(unit, index, name)
    tally = assess(unit, core).tally
    assert tally.total == 74 and tally.printed == 74 and tally.issues == []
    final = assess(unit, core).final
    assert edits.weapon_preview(final, 0, 0) == "Long Rifle: hit 58%, E_DMG 0.68 vs DEF 7"
    assert edits.formation(final) == 4
    assert fresh.name == "Fresh" and len(fresh.models) == 1  # the input is untouched


def test_profile_rules_weapons_and_upgrades(wastes):
    unit = OPENFIRE.parse_unit({"name": "Patrol", "module": "ash-wastes",
                                "category": "standard",
                                "models": [{"profile": "Ranger"}]}, wastes)
    unit = edits.add_profile_model(unit, wastes, "ranger sergeant")
    with pytest.raises(KeyError):
        edits.add_profile_model(unit, wastes, "Nobody")
    unit = edits.set_count(unit, 0, 1000)
    assert unit.models[0].count == 999
    unit = edits.set_count(unit, 0, 4)
    unit = edits.add_upgrade(unit, 0, "Camo Cloaks")
    unit = edits.add_upgrade(unit, 0, "Hot Loads", weapon="Long Rifle")
    final = assess(unit, wastes).final
    assert edits.upgrade_room(final, 0) == (2, 4)
    assert [u.name for u in edits.upgrades_for(final, 0)] == [
        "Camo Cloaks", "Veteran", "Hot Loads", "Long Barrel", "Glass Sights", "Ash Mask"]
    unit = edits.remove_upgrade(unit, 0, 0)
    unit = edits.set_stat(unit, 1, "skl", 5)
    assert unit.models[1].skl == 5
    unit = edits.set_stat(unit, 1, "skl", None)
    assert unit.models[1].skl is None
    with pytest.raises(ValueError):
        edits.set_stat(unit, 1, "speed", 3)
    with pytest.raises(ValidationError):
        edits.set_stat(unit, 1, "hp", 10_000)
    tally = assess(unit, wastes).tally
    assert tally.total == 9 * 4 + 2 * 4 + 1 * 4 + 11 + 2 + 2 and tally.legal


def test_rules_x_and_implied(core):
    unit = OPENFIRE.new_unit("Tank", core)
    unit = edits.add_rule(unit, 0, "Vehicle")
    unit = edits.add_rule(unit, 0, "Heavy Armour")
    assert "E-OF-RULE-X" in [i.code for i in assess(unit, core).tally.issues]
    unit = edits.set_rule_x(unit, 0, 1, 2)
    assert unit.models[0].special[1].label == "Heavy Armour (2)"
    final = assess(unit, core).final
    assert edits.implied_rules(final, 0) == ["Vulnerable (Rear)"]
    unit = edits.add_rule(unit, 0, {"name": "Smoke", "summary": "Hides.", "cost": 1})
    unit = edits.remove_rule(unit, 0, 0)
    assert [r.name for r in unit.models[0].special] == ["Heavy Armour", "Smoke"]
    unit = edits.set_stat(unit, 0, "mov", (12, 24))
    assert unit.models[0].mov == [12, 24]
    unit = edits.add_ability(unit, "Smokescreen", "Once a battle.")
    unit = edits.remove_ability(edits.add_ability(unit, "Spare"), 1)
    assert [a.name for a in unit.abilities] == ["Smokescreen"]
    unit = edits.remove_weapon(edits.add_weapon(unit, 0, "Gun"), 0, 0)
    unit = edits.remove_local_weapon(edits.define_weapon(unit, {"name": "Gun", "rng": 6,
                                                                "att": 1, "dmg": 1,
                                                                "prc": 0}), 0)
    assert unit.models[0].weapons == [] and unit.weapons == []


def test_unit_fields_and_module_switch(core, wastes):
    unit = OPENFIRE.new_unit("Kite", core)
    unit = edits.set_module(unit, "ash-wastes")
    unit = edits.set_category(unit, "vehicle")
    unit = edits.set_profile(unit, 0, "Dust Kite")
    unit = edits.set_notes(unit, "Fast.")
    for key in ("mov", "skl", "def", "cmd", "hp"):
        unit = edits.set_stat(unit, 0, key, None)
    assert unit.models[0].to_data() == {"name": "Trooper", "profile": "Dust Kite"}
    tally = assess(unit, core).tally  # the unit's own module is found
    assert tally.total == 39 and tally.legal
    assert OPENFIRE.assess(edits.set_module(unit, "nowhere"), core).tally.issues[0].code == \
        "E-OF-MODULE"


def test_chances_for_the_profile_step():
    assert edits.chance_text("skl", 7) == "SKL 7 -> 50%"
    assert edits.chance_text("def", 2) == "DEF 2 -> 92%"
    assert edits.chance_text("hp", 5) == "HP 5"
    assert edits.chance_text("cmd", None) == "CMD -"
