"""Every error and warning of DESIGN §4, each triggered on purpose."""

from __future__ import annotations

import pytest

from designer.systems import system
from designer.systems.opentactics.models import AbilityChoice, EquipmentChoice, Unit

OT = system("opentactics")

FULL_DEF = {s: {"def_dice": 1} for s in ("melee", "ballistic", "arcane", "technical")}


def clean(**fields):
    """A unit with no warnings to start from: one DEF die everywhere, Infantry."""
    skills = {k: dict(v) for k, v in FULL_DEF.items()}
    for skill, block in fields.pop("skills", {}).items():
        skills[skill].update(block)
    fields.setdefault("types", ["Infantry", "Human", "Living"])
    return {"name": "Rule Test", "skills": skills, **fields}


def issues(make_unit, price, **fields):
    return price(make_unit(**clean(**fields))).issues


def codes(make_unit, price, **fields):
    return [i.code for i in issues(make_unit, price, **fields)]


def test_clean_unit_has_no_findings(make_unit, price):
    assert codes(make_unit, price) == []


@pytest.mark.parametrize("dice", [4, -1])
def test_pool_outside_zero_to_three(make_unit, price, dice):
    found = issues(make_unit, price, skills={"melee": {"def_dice": dice}})
    issue = next(i for i in found if i.code == "E-DICE")
    assert issue.field == "skills.melee.def_dice"
    assert issue.severity == "error"


@pytest.mark.parametrize("bump", [0, 5, -2])
def test_bump_outside_the_table(make_unit, price, bump):
    found = issues(make_unit, price, skills={"arcane": {"def_bumps": [bump]}})
    issue = next(i for i in found if i.code == "E-BUMP")
    assert issue.field == "skills.arcane.def_bumps[0]"
    assert "-1, +1, +2, +3, +4" in issue.message


def test_bump_on_a_pool_with_no_dice(make_unit, price):
    found = codes(make_unit, price, skills={"melee": {"off_bumps": [1]}})
    assert "E-BUMP-NO-DICE" in found


def test_item_bump_on_a_pool_with_no_dice(make_unit, price):
    found = issues(make_unit, price, skills={"melee": {"def_dice": 0}},
                   equipment=[{"item": "Shield"}])
    issue = next(i for i in found if i.code == "E-BUMP-NO-DICE")
    assert "equipment" in issue.message


def test_negative_range(make_unit, price):
    assert "E-RANGE" in codes(make_unit, price, skills={"arcane": {"range": -1}})


def test_negative_athletics(make_unit, price):
    assert "E-ATHLETICS" in codes(make_unit, price, athletics=-2)


def test_equipment_taking_athletics_below_zero(make_unit, price):
    found = codes(make_unit, price, athletics=0, equipment=[{"item": "Heavy Armor"}])
    assert "E-ATHLETICS" in found


def test_more_than_three_abilities(make_unit, price):
    found = codes(make_unit, price, abilities=["Aim", "Ambush", "Hex", "Fleet"])
    assert found.count("E-ABILITY-COUNT") == 1


def test_three_abilities_are_allowed(make_unit, price):
    assert codes(make_unit, price, abilities=["Aim", "Ambush", "Hex"]) == []


def test_same_ability_twice(make_unit, price):
    assert "E-ABILITY-TWICE" in codes(make_unit, price, abilities=["Hex", "hex"])


def test_same_ability_twice_via_an_alias_and_equipment(make_unit, price):
    found = codes(make_unit, price, skills={"melee": {"off_dice": 1, "range": 1}},
                  equipment=[{"item": "Hand Weapon", "abilities": ["Duelist"]}],
                  abilities=["Duelist"])
    assert "E-ABILITY-TWICE" in found
    assert "E-ABILITY-TWICE" in codes(make_unit, price,
                                      abilities=["Horrifying", "Horrrifying"])


@pytest.mark.parametrize(("name", "rank"), [
    ("Arc-Strike", 1), ("Cypher", 4), ("Stealth", 5), ("Grapple", 0), ("Medic", 5),
    ("Repair", 5), ("Sabotage", 5), ("Tinker", 5), ("Blast", 0), ("Blaze", 0),
    ("Breath of Fire", 0), ("Burst", 0), ("Transport", 0),
])
def test_rank_outside_the_abilitys_span(make_unit, price, name, rank):
    found = issues(make_unit, price, abilities=[{"name": name, "rank": rank}])
    issue = next(i for i in found if i.code == "E-RANK")
    assert issue.field == "abilities[0].rank"


@pytest.mark.parametrize(("name", "rank"), [
    ("Arc-Strike", 2), ("Arc-Strike", 9), ("Cypher", 3), ("Stealth", 4), ("Transport", 12),
])
def test_rank_inside_the_span(make_unit, price, name, rank):
    assert "E-RANK" not in codes(make_unit, price, abilities=[{"name": name, "rank": rank}])


def test_rank_on_an_unranked_ability(make_unit, price):
    assert "E-RANK-UNRANKED" in codes(make_unit, price, abilities=[{"name": "Hex",
                                                                     "rank": 2}])


def test_ranked_ability_without_a_rank(make_unit, price):
    found = issues(make_unit, price, abilities=["Stealth"])
    issue = next(i for i in found if i.code == "E-RANK-MISSING")
    assert "{name: Stealth, rank: 1}" in issue.message


def test_unknown_ability_without_a_cost(catalog):
    unit = Unit(name="X", abilities=[AbilityChoice(name="Fireball")])
    found = [i.code for i in OT.assess(unit, catalog).tally.issues]
    assert "E-ABILITY-UNKNOWN" in found


def test_unknown_item(catalog):
    unit = Unit(name="X", equipment=[EquipmentChoice(item="Laser Sword")])
    assert "E-ITEM-UNKNOWN" in [i.code for i in OT.assess(unit, catalog).tally.issues]


def test_one_of_many_over_twenty_points(make_unit, price):
    found = issues(make_unit, price, athletics=17, abilities=["One of Many"])
    issue = next(i for i in found if i.code == "E-ONE-OF-MANY")
    assert "costs 22" in issue.message


def test_one_of_many_at_exactly_twenty_points(make_unit, price):
    tally = price(make_unit(**clean(athletics=15, abilities=["One of Many"])))
    assert tally.total == 20
    assert tally.legal


def test_off_dice_with_range_zero(make_unit, price):
    assert "W-OFF-NO-RANGE" in codes(make_unit, price, skills={"melee": {"off_dice": 2}})


def test_range_with_no_off_dice(make_unit, price):
    assert "W-RANGE-NO-OFF" in codes(make_unit, price, skills={"ballistic": {"range": 4}})


def test_def_pool_of_zero(make_unit, price):
    found = issues(make_unit, price, skills={"technical": {"def_dice": 0}})
    issue = next(i for i in found if i.code == "W-DEF-ZERO")
    assert issue.field == "skills.technical.def_dice"
    assert issue.severity == "warning"


def test_no_tactical_type(make_unit, price):
    assert "W-TACTICAL-NONE" in codes(make_unit, price, types=["Human"])


def test_more_than_one_tactical_type(make_unit, price):
    assert "W-TACTICAL-MANY" in codes(make_unit, price, types=["Infantry", "Cavalry"])


def test_technical_range_far_from_melee_range(make_unit, price):
    found = codes(make_unit, price, skills={"melee": {"off_dice": 1, "range": 1},
                                            "technical": {"off_dice": 1, "range": 4}})
    assert "W-TECH-RANGE" in found


def test_technical_range_from_equipment_is_not_flagged(make_unit, price):
    found = codes(make_unit, price, skills={"melee": {"off_dice": 1, "range": 1},
                                            "technical": {"off_dice": 1, "range": 1}},
                  equipment=[{"item": "Digital Assistant", "range": 6}])
    assert found == []


def test_arcane_range_above_three_times_off_dice(make_unit, price):
    assert "W-ARCANE-RANGE" in codes(make_unit, price,
                                     skills={"arcane": {"off_dice": 1, "range": 4}})
    assert codes(make_unit, price, skills={"arcane": {"off_dice": 1, "range": 3}}) == []


def test_two_armours_stacked(make_unit, price):
    found = issues(make_unit, price, equipment=[{"item": "Shield"}, {"item": "Light Armor"}])
    stacked = [i for i in found if i.code == "W-ITEM-STACK"]
    assert len(stacked) == 1
    assert "Shield and Light Armor" in stacked[0].message


def test_two_weapons_stacked(make_unit, price):
    found = codes(make_unit, price, skills={"ballistic": {"off_dice": 1}},
                  equipment=[{"item": "Bow or Crossbow", "range": 5},
                             {"item": "Thrown Weapon", "range": 2}])
    assert "W-ITEM-STACK" in found


def test_weapons_on_different_skills_do_not_stack(make_unit, price):
    found = codes(make_unit, price, skills={"melee": {"off_dice": 1, "range": 1},
                                            "ballistic": {"off_dice": 1}},
                  equipment=[{"item": "Great Weapon"}, {"item": "Bow or Crossbow",
                                                        "range": 5}])
    assert found == []


def test_unknown_type_counts_as_free_species_with_a_warning(make_unit, price):
    found = issues(make_unit, price, types=["Infantry", "Kobold"])
    issue = next(i for i in found if i.code == "W-TYPE-UNKNOWN")
    assert "{name: Kobold, category: species}" in issue.message
    assert price(make_unit(**clean(types=["Infantry", "Kobold"]))).total == 4


def test_declared_custom_type_is_not_flagged(make_unit, price):
    found = codes(make_unit, price, types=["Infantry", {"name": "Kobold",
                                                        "category": "species"}])
    assert found == []


def test_every_issue_code_is_stable_and_has_a_fix(make_unit, price):
    found = issues(make_unit, price, types=["Kobold"], athletics=-1,
                   skills={"melee": {"off_dice": 5, "off_bumps": [7]}},
                   abilities=["Stealth", "Hex", "Hex", "Aim"])
    assert {i.code for i in found} >= {"E-DICE", "E-BUMP", "E-ATHLETICS", "E-RANK-MISSING",
                                      "E-ABILITY-TWICE", "E-ABILITY-COUNT",
                                      "W-TACTICAL-NONE", "W-TYPE-UNKNOWN"}
    for issue in found:
        assert issue.message and "\n" not in issue.message


def test_a_range_past_the_catalogs_bound_is_flagged(make_unit, price):
    found = issues(make_unit, price, skills={"melee": {"off_dice": 1, "range": 50}})
    issue = next(i for i in found if i.code == "W-RANGE-HIGH")
    assert issue.field == "skills.melee.range"
    assert issue.message == ("Melee range 50 is far past the rulebook's examples (at most 12 "
                             "before equipment); lower it unless it is meant")
    assert "W-RANGE-HIGH" not in codes(make_unit, price,
                                       skills={"melee": {"off_dice": 1, "range": 12}})


def test_athletics_past_the_catalogs_bound_is_flagged(make_unit, price):
    assert "W-ATHLETICS-HIGH" in codes(make_unit, price, athletics=13)
    assert "W-ATHLETICS-HIGH" not in codes(make_unit, price, athletics=12)
