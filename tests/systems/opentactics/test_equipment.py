"""Step five: equipment folds into the unit's final values."""

from __future__ import annotations

from designer.systems.opentactics.fold import fold


def codes(tally):
    return [issue.code for issue in tally.issues]


def test_item_bump_is_added_as_a_new_bump(make_unit, price, catalog):
    unit = make_unit(skills={"melee": {"def_dice": 2, "def_bumps": [1]},
                             "ballistic": {"def_dice": 1}},
                     equipment=[{"item": "Shield"}])
    final = fold(unit, catalog)
    assert final.pools[("melee", "def")].bumps == [1, 1]
    assert final.pools[("ballistic", "def")].bumps == [1]
    assert price(unit).step_totals()["bumps"] == 2 + 2 + 2
    assert unit.skills.melee.def_bumps == [1]  # the unit's own values are untouched


def test_item_bump_raises_an_existing_bump(make_unit, price, catalog):
    unit = make_unit(skills={"melee": {"def_dice": 2, "def_bumps": [1]},
                             "ballistic": {"def_dice": 1}},
                     equipment=[{"item": "Heavy Armor", "bumps": "raise"}])
    final = fold(unit, catalog)
    assert final.pools[("melee", "def")].bumps == [3]
    assert final.pools[("ballistic", "def")].bumps == [2]  # no bump there: added as new
    tally = price(unit)
    assert tally.step_totals()["bumps"] == 12 + 6
    assert "Melee DEF +3 (Heavy Armor)" in [line.item for line in tally.breakdown]


def test_raising_past_four_is_an_error(make_unit, price):
    unit = make_unit(skills={"melee": {"def_dice": 2, "def_bumps": [2]},
                             "ballistic": {"def_dice": 2}},
                     equipment=[{"item": "Advanced Armor", "bumps": "raise"}])
    tally = price(unit)
    assert "E-BUMP-RAISED" in codes(tally)
    assert not tally.legal


def test_raising_to_exactly_four_is_fine(make_unit, price):
    unit = make_unit(skills={"melee": {"def_dice": 2, "def_bumps": [1]},
                             "ballistic": {"def_dice": 2}},
                     equipment=[{"item": "Advanced Armor", "bumps": "raise"}])
    tally = price(unit)
    assert "E-BUMP-RAISED" not in codes(tally)
    assert tally.step_totals()["bumps"] == 20 + 12


def test_range_value_inside_the_span_is_added(make_unit, price, catalog):
    unit = make_unit(skills={"ballistic": {"off_dice": 1, "range": 1}},
                     equipment=[{"item": "Bow or Crossbow", "range": 7}])
    assert fold(unit, catalog).ranges["ballistic"] == 8
    tally = price(unit)
    assert tally.total == 1 + 8
    assert not {"E-ITEM-RANGE", "W-ITEM-RANGE-UNSET"} & set(codes(tally))


def test_range_outside_the_span_is_an_error(make_unit, price):
    unit = make_unit(equipment=[{"item": "Bow or Crossbow", "range": 11}])
    issue = next(i for i in price(unit).issues if i.code == "E-ITEM-RANGE")
    assert issue.field == "equipment[0].range"
    assert "5 to 10" in issue.message


def test_range_on_an_item_without_a_span_is_an_error(make_unit, price):
    unit = make_unit(equipment=[{"item": "Shield", "range": 2}])
    assert "E-ITEM-RANGE" in codes(price(unit))


def test_unset_range_takes_the_lowest_value_and_warns(make_unit, price, catalog):
    unit = make_unit(equipment=[{"item": "Thrown Weapon"}])
    assert fold(unit, catalog).ranges["ballistic"] == 1
    assert "W-ITEM-RANGE-UNSET" in codes(price(unit))


def test_fixed_range_needs_no_choice(make_unit, price, catalog):
    unit = make_unit(skills={"melee": {"off_dice": 1, "range": 1}},
                     equipment=[{"item": "Polearm"}])
    assert fold(unit, catalog).ranges["melee"] == 2
    assert "W-ITEM-RANGE-UNSET" not in codes(price(unit))


def test_athletics_change_applies(make_unit, price, catalog):
    unit = make_unit(athletics=5, skills={"melee": {"def_dice": 1}, "ballistic": {
        "def_dice": 1}}, equipment=[{"item": "Heavy Armor"}])
    assert fold(unit, catalog).athletics == 4
    assert price(unit).step_totals()["athletics"] == 4


def test_granted_ability_is_priced_and_counts_toward_three(make_unit, price):
    unit = make_unit(skills={"melee": {"off_dice": 1, "range": 1}},
                     equipment=[{"item": "Polearm", "abilities": ["Cleave", "Impale"]}],
                     abilities=["Hex", "Aim"])
    tally = price(unit)
    assert "E-ABILITY-COUNT" in codes(tally)
    assert tally.step_totals()["abilities"] == 4 + 1 + 2 + 2 + 5 * 3


def test_ability_not_offered_by_the_item_is_an_error(make_unit, price):
    unit = make_unit(equipment=[{"item": "Polearm", "abilities": ["Duelist"]}])
    issue = next(i for i in price(unit).issues if i.code == "E-ITEM-ABILITY")
    assert "Cleave, Impale" in issue.message


def test_granted_rank_outside_the_items_span_is_an_error(make_unit, price):
    unit = make_unit(skills={"ballistic": {"off_dice": 1}},
                     equipment=[{"item": "Modern Handgun", "range": 3,
                                 "abilities": [{"name": "Burst", "rank": 2}]}])
    issue = next(i for i in price(unit).issues if i.code == "E-ITEM-ABILITY")
    assert issue.field == "equipment[0].abilities[0].rank"


def test_equipment_has_no_cost_of_its_own(make_unit, price):
    bare = price(make_unit(skills={"arcane": {"def_dice": 1}}))
    with_hand_weapon = price(make_unit(skills={"arcane": {"def_dice": 1}},
                                       equipment=[{"item": "Hand Weapon"}]))
    assert bare.total == with_hand_weapon.total == 1
