"""The pure edits a designer calls: each returns a new sheet, the input unchanged."""

from __future__ import annotations

import pytest

from designer.systems.tactics import edits
from designer.units import load_unit_file
from tests.systems.tactics.conftest import TX, UNITS


@pytest.fixture
def fresh(table):
    return TX.new_unit("Fresh", table)


def test_a_new_sheet_is_a_standard_with_blanks(fresh, assess):
    assert TX.unit_data(fresh) == {"system": "tactics", "name": "Fresh", "kind": "standard",
                                   "actions": 3, "armor": 0, "shields": 0}
    assert [i.code for i in assess(fresh).tally.issues] == ["W-TX-NO-ATTACK"]


def test_building_a_sheet_step_by_step(fresh, table, assess):
    t = table.table
    unit = edits.set_name(fresh, "  Warden Drone ")
    unit = edits.set_kind(unit, "heavy", t)
    assert unit.actions == 3 and edits.action_choices("heavy", t) == (2, 3)
    unit = edits.set_actions(unit, 2)
    unit = edits.set_kind(unit, "heavy", t)
    assert unit.actions == 2  # a heavy keeps a count the table allows
    unit = edits.set_kind(unit, "minion", t)
    assert unit.actions == 2
    unit = edits.set_kind(unit, "heavy", t)
    unit = edits.set_actions(unit, 3)
    for attribute, value in (("precision", 14), ("endurance", 2), ("agility", 1)):
        unit = edits.set_attribute(unit, attribute, value)
    unit = edits.set_armor(unit, 3)
    assert edits.soak_text(assess(unit).final) == "Soak: d20 + 5"
    unit = edits.set_shields(unit, 6)
    unit = edits.add_weapon(unit, "Spotlight Laser", 11, 14, "S")
    unit = edits.add_weapon(unit, "Mortar Pod", 15, 12, "F")
    unit = edits.set_area(unit, 1, "explosion", "medium")
    unit = edits.add_weapon(unit, "Gas Canister", 6, 11, "M")
    unit = edits.set_area(unit, 2, "cloud")
    unit = edits.move_weapon(unit, 1, -1)
    unit = edits.move_weapon(unit, 1, 1)
    for which, name in (("maneuvers", "Hover"), ("maneuvers", "Target Lock"),
                        ("presses", "Barrage")):
        unit = edits.add_action(unit, which, name)
    unit = edits.add_action(unit, "reacts", "Deflector Pulse",
                            "Spend the React before the Agility roll.")
    example = load_unit_file(UNITS / "warden-drone.yaml").unit
    assert TX.unit_data(TX.with_unit_id(unit, example.id)) == TX.unit_data(example)
    assert assess(unit).tally.issues == []
    assert fresh.name == "Fresh" and fresh.weapons == []  # the input is untouched


def test_fixes_and_removals(make, assess):
    unit = make(max_wounds=30, points=12, attributes={"acumen": 3})
    assert {i.code for i in assess(unit).tally.issues} == {"E-TX-WOUNDS", "W-TX-POINTS",
                                                           "W-TX-ACUMEN"}
    unit = edits.clear_points(edits.clear_max_wounds(unit))
    unit = edits.set_attribute(unit, "acumen", None)
    assert assess(unit).tally.issues == []
    unit = edits.update_weapon(unit, 0, distance="Q")
    assert [i.code for i in assess(unit).tally.issues] == ["E-TX-DISTANCE"]
    unit = edits.set_area(edits.update_weapon(unit, 0, distance="C"), 0, "chain", 2)
    assert unit.weapons[0].area == {"chain": 2} and assess(unit).tally.issues == []
    unit = edits.set_area(unit, 0, None)
    assert unit.weapons[0].area is None
    unit = edits.remove_action(edits.remove_weapon(unit, 0), "presses", 0)
    assert [i.code for i in assess(unit).tally.issues] == ["W-TX-NO-ATTACK"]
    assert edits.set_shields(unit, -3).shields == 0
    assert edits.set_notes(unit, "Quiet.").notes == "Quiet."
    assert edits.set_name(unit, "   ").name == unit.name


def test_bad_edit_targets_are_refused(fresh):
    with pytest.raises(ValueError, match="unknown attribute 'strength'"):
        edits.set_attribute(fresh, "strength", 1)
    with pytest.raises(ValueError, match="unknown action list 'spells'"):
        edits.add_action(fresh, "spells", "Fireball")


def test_the_zone_legend(table):
    assert edits.zone_legend(table.table) == ("I immediate, C close (same zone), M up to 3 "
                                              "zones, F up to 5, S sight")
