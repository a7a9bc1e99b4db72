"""The pure edits a designer calls: each returns a new character, the input unchanged,
and the queries the build steps show."""

from __future__ import annotations

import pytest

from designer.errors import InputError
from designer.systems.op_en import edits
from tests.systems.op_en.conftest import OPEN


@pytest.fixture
def fresh(hollowmere):
    return OPEN.new_unit("Fresh", hollowmere)


def test_new_unit_is_a_legal_rank_1(fresh, assess):
    assert OPEN.unit_data(fresh) == {
        "system": "op-en", "setting": "hollowmere", "name": "Fresh", "core_stat": "fight",
        "rank": 1, "form": "Walker",
        "stats": {"fight": 8, "toughness": 6, "shoot": 6, "agility": 4, "intellect": 4,
                  "grit": 4}}
    tally = assess(fresh).tally
    assert tally.legal and tally.total == 0 + 45 + 2
    assert [i.code for i in tally.warnings] == ["W-OPEN-NO-TRAIT", "W-OPEN-UNARMED"]


def test_building_the_leader_step_by_step(fresh, hollowmere, assess):
    unit = edits.set_name(fresh, "  Oriel Vane ")
    unit = edits.set_rank(unit, 4)
    # the Rank 1 values 8, 6, 6 also fit Rank 4's table; 12, 10, 8 are left to place
    assert edits.value_pool(unit, hollowmere) == [12, 10, 8]
    unit = edits.allocate(unit, hollowmere)
    assert edits.value_pool(unit, hollowmere) == []
    unit = edits.swap_stats(unit, "toughness", "intellect")
    unit = edits.swap_stats(unit, "shoot", "toughness")
    assert unit.stats.to_data() == {"fight": 12, "toughness": 8, "shoot": 6, "agility": 8,
                                    "intellect": 10, "grit": 6}
    unit = edits.set_trait(unit, "Lantern-sworn")
    unit = edits.add_talent(unit, hollowmere, "skills", "rally")
    unit = edits.add_talent(unit, hollowmere, "abilities", "Commanding Presence")
    unit = edits.add_talent(unit, hollowmere, "abilities", "Duelist")
    for item in ("Longblade", "Scale Hauberk", "Buckler", "Poultice"):
        unit = edits.add_item(unit, hollowmere, item)
    unit = edits.set_notes(unit, "Keeps the great lantern of Hollowmere causeway.")
    unit = edits.set_printed_cost(unit, 132)
    assessment = assess(unit)
    assert assessment.tally.total == 132 and assessment.tally.issues == []
    assert edits.allowance(assessment.final, hollowmere) == (3, 3)
    assert edits.slots(assessment.final, hollowmere)["shield"] == (1, 1)
    assert edits.cost_now(assessment.final, hollowmere, "Whirl") == 12
    assert edits.cost_now(assessment.final, hollowmere, "Signal Lantern") == 10
    assert edits.cost_now(assessment.final, hollowmere, "Sprint") == 0
    assert edits.cost_now(assessment.final, hollowmere, "Nothing") is None
    assert fresh.name == "Fresh" and fresh.rank == 1  # the input is untouched


def test_removing_and_custom_entries(make, hollowmere, assess):
    unit = make()
    unit = edits.remove_talent(unit, "skills", 0)
    unit = edits.add_custom_talent(unit, "abilities", "Eel Grip", cost=5, text="Slippery.")
    unit = edits.remove_item(unit, 1)
    unit = edits.add_custom_item(unit, "Net", "weapon", stat="agility")
    unit = edits.set_paid(unit, "equipment", 1, 4)
    tally = assess(unit).tally
    # 82 - Whirl 10 + Eel Grip 5 - Sling 2 + Net paid 4
    assert tally.total == 79
    assert [(i.code, i.field) for i in tally.warnings] == [
        ("W-OPEN-CUSTOM", "abilities[0]"), ("W-OPEN-PAID", "equipment[1]"),
        ("W-OPEN-CUSTOM", "equipment[1]")]


def test_lists_for_the_steps(hollowmere):
    assert [f.name for f in edits.forms_for(hollowmere, 2)] == ["Walker", "Stoutling",
                                                                "Longstrider"]
    assert len(edits.forms_for(hollowmere, 4)) == 4
    assert len(edits.traits_for(hollowmere, 1)) == 5


def test_other_edits(make):
    unit = make()
    assert edits.set_form(unit, "Stoutling").form == "Stoutling"
    assert edits.set_trait(unit, None).trait is None
    assert edits.set_core_stat(unit, "grit").core_stat == "grit"
    assert edits.set_experience(unit, -3).experience == 0
    assert edits.set_stat(unit, "grit", None).stats.grit is None
    with pytest.raises(KeyError):
        edits.add_item(unit, OPEN.bundled_catalog(), "Blunderbuss")
    with pytest.raises(ValueError):
        edits.remove_talent(unit, "equipment", 0)


def test_picking_a_form_or_trait_from_the_catalog(make, hollowmere):
    """A pick sets the one Form (or Trait), also over a list of them; picking the one the
    character has already is refused."""
    listed = make(form=["Walker", "Stoutling"], trait=["Drilled", "Ironhide"])
    assert OPEN.catalog_pick(listed, hollowmere, "forms", "Stoutling").form == "Stoutling"
    assert OPEN.catalog_pick(listed, hollowmere, "traits", "Drilled").trait == "Drilled"
    with pytest.raises(InputError, match="has Walker already"):
        OPEN.catalog_pick(make(), hollowmere, "forms", "Walker")
    with pytest.raises(InputError, match="has drilled already"):
        OPEN.catalog_pick(make(), hollowmere, "traits", "drilled")
