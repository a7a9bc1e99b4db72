"""Step eight's tally, with totals worked by hand from the rulebook's table."""

from __future__ import annotations

import pytest

from designer.units import load_unit_file


@pytest.mark.parametrize(("dice", "points"), [(0, 0), (1, 1), (2, 3), (3, 6)])
def test_dice_triangle(make_unit, price, dice, points):
    tally = price(make_unit(skills={"arcane": {"def_dice": dice}}))
    assert tally.total == points
    assert tally.step_totals().get("dice", 0) == points


def test_every_pool_is_priced_on_its_own(make_unit, price):
    skills = {s: {"off_dice": 1, "def_dice": 2} for s in
              ("melee", "ballistic", "arcane", "technical")}
    tally = price(make_unit(skills=skills))
    assert tally.step_totals()["dice"] == 4 * 1 + 4 * 3


def test_two_plus_one_bumps_cost_four_not_six(make_unit, price):
    tally = price(make_unit(skills={"melee": {"off_dice": 1, "off_bumps": [1, 1]}}))
    assert tally.step_totals()["bumps"] == 4
    assert [line.points for line in tally.breakdown if line.step == "bumps"] == [2, 2]
    assert tally.total == 1 + 4


@pytest.mark.parametrize(("bump", "points"), [(-1, -2), (1, 2), (2, 6), (3, 12), (4, 20)])
def test_bump_table(make_unit, price, bump, points):
    tally = price(make_unit(skills={"ballistic": {"def_dice": 2, "def_bumps": [bump]}}))
    assert tally.step_totals()["bumps"] == points
    assert tally.total == 3 + points


def test_minus_one_bump_refunds_two(make_unit, price):
    tally = price(make_unit(skills={"melee": {"off_dice": 1, "off_bumps": [-1], "range": 1}}))
    assert tally.total == 1 - 2 + 1


def test_range_costs_its_value(make_unit, price):
    tally = price(make_unit(skills={"melee": {"range": 2}, "arcane": {"range": 5}}))
    assert tally.step_totals()["range"] == 7


@pytest.mark.parametrize(("fields", "points"), [
    ({"athletics": 6}, 6),
    ({"athletics": 6, "flight": True}, 12),
    ({"athletics": 6, "types": ["Flier"]}, 12),
    ({"athletics": 0, "flight": True}, 0),
])
def test_flight_doubles_athletics(make_unit, price, fields, points):
    tally = price(make_unit(**fields))
    assert tally.step_totals().get("athletics", 0) == points


@pytest.mark.parametrize(("abilities", "points"), [
    (["Aim"], 1),
    (["Aim", "Ambush"], 1 + 1 + 5),
    (["Aim", "Ambush", "Hex"], 1 + 1 + 4 + 5 + 5),
])
def test_second_and_third_ability_add_five(make_unit, price, abilities, points):
    assert price(make_unit(abilities=abilities)).total == points


def test_ranked_ability_costs_rank_times_n(make_unit, price):
    assert price(make_unit(abilities=[{"name": "Stealth", "rank": 3}])).total == 3
    assert price(make_unit(abilities=[{"name": "Breath of Fire", "rank": 2}])).total == 4
    assert price(make_unit(abilities=[{"name": "Arc-Strike", "rank": 3}])).total == 6


def test_bo_times_four_reads_ballistic_off_dice(make_unit, price):
    unit = make_unit(skills={"ballistic": {"off_dice": 2}},
                     abilities=[{"name": "Blast", "rank": 1}])
    tally = price(unit)
    blast = next(line for line in tally.breakdown if line.item.startswith("Blast"))
    assert blast.points == 8
    assert "BO×4 = 2×4" in blast.item


def test_bo_times_four_from_an_items_granted_blast(make_unit, price):
    unit = make_unit(skills={"ballistic": {"off_dice": 3}},
                     equipment=[{"item": "Heavy Weapon",
                                 "abilities": [{"name": "Blast", "rank": 2}]}])
    tally = price(unit)
    blast = next(line for line in tally.breakdown if line.item.startswith("Blast"))
    assert blast.points == 12
    # dice 6, Heavy Weapon's +4 bump 20, athletics -1 -> 0 is not priced
    assert tally.total == 6 + 20 + 12


def test_ao_times_two(make_unit, price):
    unit = make_unit(skills={"arcane": {"off_dice": 3}}, abilities=["Dominate"])
    assert price(unit).step_totals()["abilities"] == 6


def test_ar_times_two_uses_final_range_after_equipment(make_unit, price):
    unit = make_unit(skills={"arcane": {"off_dice": 1, "range": 2}},
                     equipment=[{"item": "Magic Wand/Staff", "range": 3}],
                     abilities=["Fate Weaver"])
    tally = price(unit)
    assert tally.step_totals()["abilities"] == 2 * (2 + 3)
    assert tally.step_totals()["range"] == 5
    assert tally.step_totals()["bumps"] == 2  # the wand's +1 Arcane OFF bump


def test_rank_times_ar_after_equipment(make_unit, price):
    unit = make_unit(skills={"arcane": {"off_dice": 2, "range": 2}},
                     equipment=[{"item": "Magic Wand/Staff", "range": 2}],
                     abilities=[{"name": "Blaze", "rank": 2}])
    assert price(unit).step_totals()["abilities"] == 2 * 4


@pytest.mark.parametrize("name", ["Lightning Bolt", "Telekinesis", "Telekinisis"])
def test_unranked_rank_times_ar_costs_the_arcane_range(make_unit, price, name):
    unit = make_unit(skills={"arcane": {"off_dice": 2, "range": 5}}, abilities=[name])
    assert price(unit).step_totals()["abilities"] == 5


@pytest.mark.parametrize(("types", "points"), [
    (["Infantry"], 0),
    (["Cavalry"], 2),
    (["Monster"], 2),
    (["Vehicle"], 2),
    (["Behemoth"], 2),
    (["Infantry", "Mage"], 0),
    (["Infantry", "Mage", "Soldier"], 1),
    (["Infantry", "Mage", "Soldier", "Warrior"], 2),
    (["Infantry", "Fire"], 2),
    (["Infantry", "Fire", "Water"], 4),
    (["Infantry", "Human", "Living", "Undead", "Construct", "Tech"], 0),
    (["Infantry", {"name": "Kraken", "category": "elemental"}], 2),
    (["Infantry", {"name": "Bard", "category": "occupation"}, "Mage"], 1),
])
def test_type_costs(make_unit, price, types, points):
    assert price(make_unit(types=types)).total == points


def test_steam_witch_tallies_sixty_against_printed_49(catalog, price):
    from designer.systems import examples_dir

    unit = load_unit_file(examples_dir() / "units" / "steam-witch.yaml").unit
    tally = price(unit)
    assert tally.total == 60
    assert tally.step_totals() == {"dice": 17, "bumps": 2, "range": 8, "athletics": 20,
                                   "abilities": 11, "types": 2}
    assert tally.printed == 49
    assert tally.audit() == "printed 49, tally 60"
    assert tally.issues == []


def test_total_is_the_sum_of_the_breakdown(make_unit, price):
    unit = make_unit(types=["Cavalry", "Mage", "Soldier", "Fire"], athletics=5, flight=True,
                     skills={"melee": {"off_dice": 3, "off_bumps": [2, -1], "range": 1}},
                     abilities=["Hex", {"name": "Stealth", "rank": 2}])
    tally = price(unit)
    # dice 6; bumps 6 - 2; range 1; athletics 10; Hex 4 + Stealth 2 + 5; types 2 + 1 + 2
    assert tally.total == 6 + 4 + 1 + 10 + 11 + 5
    assert tally.total == sum(line.points for line in tally.breakdown)


def test_custom_ability_uses_its_own_cost(make_unit, price):
    unit = make_unit(skills={"arcane": {"off_dice": 2}},
                     abilities=[{"name": "Ember Oath", "cost": 3, "text": "Own words."},
                                {"name": "Star Call", "cost": "AO*3"}])
    tally = price(unit)
    assert tally.step_totals()["abilities"] == 3 + 6 + 5
