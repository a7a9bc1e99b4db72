"""The bundled catalog: complete, consistent, and a malformed one fails at load."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from designer.errors import InputError
from designer.systems import catalog_root, system
from designer.systems.opentactics.catalog import load_catalog

OT = system("opentactics")

RANKED = {"Arc-Strike": (2, None), "Cypher": (1, 3), "Grapple": (1, 4), "Medic": (1, 4),
          "Repair": (1, 4), "Sabotage": (1, 4), "Stealth": (1, 4), "Tinker": (1, 4),
          "Blast": (1, None), "Blaze": (1, None), "Breath of Fire": (1, None),
          "Burst": (1, None), "Transport": (1, None)}


def test_eighty_abilities_with_summaries(catalog):
    assert len(catalog.abilities) == 80
    assert len({a.name for a in catalog.abilities}) == 80
    for ability in catalog.abilities:
        assert 20 <= len(ability.summary) <= 240, ability.name


def test_ranked_abilities_and_their_spans(catalog):
    ranked = {a.name: (a.ranks.min, a.ranks.max) for a in catalog.abilities if a.ranks}
    assert ranked == RANKED


def test_book_typos_are_aliases(catalog):
    assert catalog.ability("Horrrifying").name == "Horrifying"
    assert catalog.ability("telekinisis").name == "Telekinesis"
    assert catalog.ability("HEX").name == "Hex"


@pytest.mark.parametrize(("name", "cost"), [
    ("Adaptive", "1"), ("Phase", "10"), ("Arc-Strike", "R*2"), ("Blast", "BO*4"),
    ("Blaze", "R*AR"), ("Dominate", "AO*2"), ("Fate Weaver", "AR*2"), ("Stealth", "R*1"),
    ("Lightning Bolt", "R*AR"), ("Telekinesis", "R*AR"),
])
def test_ability_costs_follow_the_book(catalog, name, cost):
    assert str(catalog.ability(name).cost) == cost


def test_twenty_one_items(catalog):
    assert len(catalog.equipment) == 21
    longarm = catalog.item("modern longarm")
    assert [(b.skill, b.side, b.value) for b in longarm.bumps] == [("ballistic", "off", 2)]
    assert (longarm.range.min, longarm.range.max) == (5, 12)
    assert [(o.name, o.ranks.min, o.ranks.max) for o in longarm.abilities] == [("Burst", 1, 3)]
    power = catalog.item("Power Armor")
    assert [(b.pool, b.value) for b in power.bumps] == [
        ("melee_off", 1), ("melee_def", 4), ("ballistic_def", 4)]
    assert catalog.item("Heavy Weapon").athletics == -1


def test_types_by_category(catalog):
    assert [t.name for t in catalog.types_in("tactical")] == [
        "Infantry", "Cavalry", "Monster", "Vehicle", "Behemoth"]
    assert [t.name for t in catalog.types_in("elemental")] == [
        "Earth", "Fire", "Frost", "Lightning", "Water", "Wood"]
    assert catalog.type("flier").category == "other"


def test_tally_table_and_saves(catalog):
    costs = catalog.costs
    assert costs.dice == (0, 1, 3, 6)
    assert costs.bumps == {-1: -2, 1: 2, 2: 6, 3: 12, 4: 20}
    assert costs.ability_surcharge == (0, 5, 5)
    assert catalog.saves["Behemoth"] == {"Infantry": 5, "Cavalry": 5, "Monster": 4,
                                         "Vehicle": 3}
    assert catalog.saves["Cavalry"] == {"Infantry": 2}


@pytest.fixture
def catalog_copy(tmp_path: Path) -> Path:
    target = tmp_path / "opentactics"
    shutil.copytree(catalog_root() / "opentactics", target)
    return target


def test_house_rule_is_a_catalog_edit(catalog_copy, make_unit):

    costs = catalog_copy / "costs.yaml"
    costs.write_text(costs.read_text().replace("flight_multiplier: 2", "flight_multiplier: 3"))
    house = load_catalog(catalog_copy)
    unit = make_unit(athletics=4, flight=True)
    assert OT.assess(unit, house).tally.total == 12


@pytest.mark.parametrize(("file", "old", "new", "field"), [
    ("abilities.yaml", "cost: BO*4", "cost: BX*4", "abilities[9].cost"),
    ("abilities.yaml", "ranks: {min: 1, max: 3}", "ranks: {min: 3, max: 1}", "abilities[21]"),
    ("equipment.yaml", "value: 4}", "value: 9}", "equipment["),
    ("equipment.yaml", "kind: gear", "kind: trinket", "equipment[18].kind"),
    ("types.yaml", "category: elemental", "category: weather", "types[13].category"),
    ("costs.yaml", "elemental_cost: 2", "elemental_cost: two", "costs.elemental_cost"),
    ("equipment.yaml", "[Duelist, Cleave, Smash]", "[Duelist, Cleeve]",
     "equipment[0].abilities[1]"),
])
def test_malformed_catalog_names_file_and_field(catalog_copy, file, old, new, field):
    path = catalog_copy / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(InputError) as caught:
        load_catalog(catalog_copy)
    assert caught.value.file == str(path)
    assert caught.value.field.startswith(field)


def test_missing_catalog_file(catalog_copy):
    (catalog_copy / "saves.yaml").unlink()
    with pytest.raises(InputError, match="no such file"):
        load_catalog(catalog_copy)


# --- what each ability does in one assault ------------------------------------------------

#: the design note's table: the 26 abilities that change one assault
ACTING = {"Aim", "Ambush", "Anti-Armor", "Aurora", "Bio-Hack", "Blinding Light",
          "Crowd Fighter", "Cypher", "Degrade", "Duelist", "Exploit", "Fate Weaver",
          "Freeze", "Frenzy", "Guerrilla", "Hex", "Monster Slayer", "Phase",
          "Powerful Charge", "Regeneration", "Sharpshooter", "Shock", "Stealth", "Stout",
          "Venomous", "Weaken"}


def test_every_ability_declares_its_part_in_one_assault(catalog):
    acting = {a.name for a in catalog.abilities if a.assault}
    outside = {a.name: a.outside_assault for a in catalog.abilities if a.outside_assault}
    assert acting == ACTING
    assert len(outside) == 54 and not acting & set(outside)
    for name, why in outside.items():  # each with its reason and its rule line
        assert why.endswith(")") and "(l." in why, name
    elements = {t.name: t.element for t in catalog.types_in("elemental")}
    assert all(elements.values())
    assert {n for n, e in elements.items() if e.may_add} == {"Fire", "Frost", "Lightning",
                                                              "Water"}


def test_a_house_ruled_ability_is_a_catalog_edit(catalog_copy):
    from designer.systems import EngageOptions
    from designer.systems.opentactics.odds import engage

    path = catalog_copy / "abilities.yaml"
    text = path.read_text()
    stout = "assault: [{effect: reroll, dice: all, pools: [own_def], phase: roll"
    assert stout in text
    # the house rule: Stout re-rolls the holder's OFF dice instead
    path.write_text(text.replace(stout, stout.replace("own_def", "own_off")))
    house = load_catalog(catalog_copy)

    def assess(name: str, skills: dict, abilities: list):
        data = {"system": "opentactics", "name": name, "types": ["Infantry"],
                "skills": skills, "abilities": abilities}
        return OT.assess(OT.parse_unit(data, house), house)

    a = assess("A", {"melee": {"off_dice": 1, "range": 1}}, ["Stout"])
    b = assess("B", {"melee": {"def_dice": 1}}, ["Stout"])
    known = {key for key, _ in OT.ENGAGE_EXTRAS}
    found = engage(a, b, EngageOptions("melee"), house, known)
    # B's Stout no longer re-rolls its DEF die; A's re-rolls A's OFF die: 125/216
    from fractions import Fraction

    assert found.win == Fraction(125, 216)


@pytest.mark.parametrize(("old", "new", "field"), [
    ('outside_assault: "line of sight only (l.228)"', "", "abilities[2]"),
    ("pools: [own_def], phase: roll", "pools: [own_deff], phase: roll",
     "abilities[66].assault[0].reroll.pools[0]"),
    ("{effect: save, value: 3,", "{effect: save, value: 9,",
     "abilities[51].assault[0].save.value"),
    ("dice: all, pools: [own_off], phase: roll", "dice: all, pools: [own_off, own_def], "
     "phase: roll", "abilities[34].assault[0].reroll"),
    ("effect: bump, pool: own_off, value: 2", "effect: bumps, pool: own_off, value: 2",
     "abilities[3].assault[0]"),
])
def test_a_malformed_declaration_names_file_and_field(catalog_copy, old, new, field):
    path = catalog_copy / "abilities.yaml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(InputError) as caught:
        load_catalog(catalog_copy)
    assert caught.value.file == str(path)
    assert caught.value.field.startswith(field), caught.value.field


def test_the_browser_shows_what_an_ability_does_in_one_assault(catalog):
    rows = {r.name: r.detail for r in OT.catalog_sections(catalog)[0].rows}
    assert ("In one assault:\n• reroll: dice all; pools own_def; phase roll; when skills "
            "melee, ballistic") in rows["Stout"]
    assert "Outside one assault: movement (l.265)" in rows["Fleet"]
