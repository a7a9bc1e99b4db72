"""Every check of spec §5, triggered: its code, severity, field and one-line fix."""

from __future__ import annotations

import pytest

from designer.tally import Issue
from tests.systems.tactics.conftest import weapon


def test_the_clean_sheet_has_no_findings(issues):
    assert issues() == []


@pytest.mark.parametrize(("fields", "expected"), [
    ({"kind": "elite"}, Issue("E-TX-KIND", "error", "kind 'elite' is not standard, minion "
                              "or heavy [5]; choose one of them", "kind")),
    ({"kind": "minon", "actions": 2}, Issue(
        "E-TX-KIND", "error", "kind 'minon' is not standard, minion or heavy [5] (did you "
        "mean minion?); choose one of them", "kind")),
    ({"kind": 3}, Issue("E-TX-KIND", "error", "kind '3' is not standard, minion or heavy "
                        "[5]; choose one of them", "kind")),
])
def test_kind(issues, fields, expected):
    assert issues(**fields) == [expected]


@pytest.mark.parametrize(("fields", "message"), [
    ({"actions": 2}, "a standard has 3 actions a turn, not 2; set actions: 3"),
    ({"kind": "minion"}, "a minion has 2 actions a turn, not 3; set actions: 2"),
    ({"kind": "heavy", "actions": 4}, "a heavy has 2 or 3 actions a turn, not 4; set "
                                      "actions: 2 or 3"),
    ({"kind": "heavy", "actions": None}, "a heavy has 2 or 3 actions a turn, not none; set "
                                         "actions: 2 or 3"),
    ({"actions": "three"}, "actions 'three' is not a whole number; write 3"),
    ({"kind": "heavy", "actions": 2.5}, "actions '2.5' is not a whole number; write 2 or 3"),
])
def test_actions(issues, fields, message):
    assert issues(**fields) == [Issue("E-TX-ACTIONS", "error", message, "actions")]


def test_actions_by_kind_are_legal(issues):
    assert issues(kind="minion", actions=2) == []
    assert issues(kind="minion", actions=None) == []  # the table's 2
    assert issues(kind="heavy", actions=2) == issues(kind="heavy", actions=3) == []
    assert issues(actions=None) == []  # a standard takes the table's 3


@pytest.mark.parametrize(("fields", "field", "message"), [
    ({"attributes": {"precision": "13", "endurance": 1, "agility": 2}},
     "attributes.precision", "Precision '13' is not a whole number; write 13 (a whole "
                             "number, unquoted)"),
    ({"attributes": {"precision": 12, "endurance": 1, "agility": "+2"}},
     "attributes.agility", "Agility '+2' is not a whole number; write 2 (a whole number, "
                           "unquoted)"),
    ({"attributes": {"precision": 12, "endurance": 1.5, "agility": 2}},
     "attributes.endurance", "Endurance '1.5' is not a whole number; write a whole "
                             "number, e.g. 2"),
    ({"armor": True}, "armor", "Armor 'true' is not a whole number; write a whole number, "
                               "e.g. 2"),
    ({"armor": 2.0}, "armor", "Armor '2.0' is not a whole number; write 2 (a whole number, "
                              "unquoted)"),
    ({"shields": -1}, "shields", "Shields -1 is below 0; write 0 for no shields"),
    ({"shields": 5000}, "shields", "Shields '5000' is beyond +-999; write a smaller number"),
])
def test_attributes_armor_and_shields(issues, fields, field, message):
    assert issues(**fields) == [Issue("E-TX-ATTR", "error", message, field)]


def test_blank_attributes_are_not_findings(issues):
    assert issues(attributes={}) == []


def test_a_sheets_own_wound_maximum(issues):
    assert issues(max_wounds=25) == [Issue(
        "E-TX-WOUNDS", "error", "the wound maximum is the table's 20 [33], not the sheet's "
        "(how tougher creatures take fewer wounds is not defined); remove max_wounds",
        "max_wounds")]


@pytest.mark.parametrize(("changes", "field", "message"), [
    ({"damage": None}, "weapons[0].damage",
     "Carbine gives no damage ('Damage 14, Precision 13' [29]); add damage: a whole number"),
    ({"precision": None}, "weapons[0].precision",
     "Carbine gives no precision ('Damage 14, Precision 13' [29]); add precision: a whole "
     "number"),
    ({"damage": "d6"}, "weapons[0].damage",
     "Carbine damage 'd6' is not a whole number; write a whole number, e.g. 2"),
])
def test_weapon_damage_and_precision(issues, changes, field, message):
    assert issues(weapons=[weapon(**changes)]) == [Issue("E-TX-WEAPON", "error", message,
                                                          field)]


@pytest.mark.parametrize(("distance", "message"), [
    (None, "Carbine gives no distance; add distance: I, C, M, F or S [37-42]"),
    ("Medium", "Carbine distance 'Medium' is not I, C, M, F or S [37-42]; write M"),
    ("f", "Carbine distance 'f' is not I, C, M, F or S [37-42]; write F"),
    ("X", "Carbine distance 'X' is not I, C, M, F or S [37-42]; write one of I, C, M, F or "
          "S"),
    (3, "Carbine distance '3' is not I, C, M, F or S [37-42]; write one of I, C, M, F or S"),
])
def test_distance(issues, distance, message):
    found = issues(weapons=[weapon(distance=distance)])
    assert found == [Issue("E-TX-DISTANCE", "error", message, "weapons[0].distance")]


@pytest.mark.parametrize(("area", "message"), [
    ("blast", "Carbine: area effect 'blast' is not splash, explosion, chain or cloud "
              "[44-57]; use one of them"),
    ({"cone": 2}, "Carbine: area effect 'cone' is not splash, explosion, chain or cloud "
                  "[44-57]; use one of them"),
    ({"chain": 0}, "Carbine: a chain needs a target count of 1 or more [55]; write "
                   "{chain: 3}, not '0'"),
    ("chain", "Carbine: a chain needs a target count of 1 or more [55]; write {chain: 3}"),
    ({"explosion": "huge"}, "Carbine: an explosion is small, medium or large [48-53], not "
                            "size 'huge'; write {explosion: small}"),
    ({"explosion": None}, "Carbine: an explosion is small, medium or large [48-53], not no "
                          "size; write {explosion: small}"),
    ({"splash": 2}, "Carbine: splash takes no value; write area: splash"),
])
def test_area(issues, area, message):
    found = issues(weapons=[weapon(area=area)])
    assert found == [Issue("E-TX-AREA", "error", message, "weapons[0].area")]


@pytest.mark.parametrize("area", ["splash", "cloud", {"splash": True}, {"explosion": "small"},
                                  {"explosion": "medium"}, {"explosion": "large"},
                                  {"chain": 1}, {"chain": 4, "cloud": None}])
def test_known_areas_are_legal(issues, area):
    assert issues(weapons=[weapon(area=area)]) == []


def test_acumen_is_a_warning_and_prints_as_written(issues):
    assert issues(attributes={**CLEAN_ATTRS, "acumen": "sharp"}) == [Issue(
        "W-TX-ACUMEN", "warning", "Acumen is in flux in the notes [25] and nothing uses it; "
        "it prints as written: remove it unless your table rules it", "attributes.acumen")]


CLEAN_ATTRS = {"precision": 12, "endurance": 1, "agility": 2}


def test_points_are_ignored_with_a_warning(issues):
    assert issues(points=40) == [Issue("W-TX-POINTS", "warning", "TACTICS defines no points, "
                                       "so points is ignored; remove it", "points")]


def test_no_attack(issues):
    assert issues(weapons=[], presses=[]) == [Issue(
        "W-TX-NO-ATTACK", "warning", "no weapon and no Press listed: the sheet cannot "
        "attack; add a weapon or a Press", "weapons")]
    assert issues(weapons=[]) == []  # a Press is an attack
    assert issues(presses=[]) == []


def test_findings_file_under_their_steps(issues):
    from tests.systems.tactics.conftest import TX

    found = issues(kind="elite", armor="x", shields=-2, max_wounds=3, points=1,
                   weapons=[weapon(distance="Q")], presses=[], maneuvers=[])
    assert [(i.code, i.field, TX.step_of(i.field)) for i in found] == [
        ("E-TX-KIND", "kind", "identity"),
        ("E-TX-ATTR", "armor", "attributes"),
        ("E-TX-ATTR", "shields", "defences"),
        ("E-TX-WOUNDS", "max_wounds", "defences"),
        ("E-TX-DISTANCE", "weapons[0].distance", "weapons"),
        ("W-TX-POINTS", "points", "sheet"),
    ]
    assert TX.step_of("attributes.agility") == "attributes"
    assert TX.step_of("reacts[0]") == "action_lists"
    assert TX.step_of("actions") == "identity"


def test_a_huge_number_is_shown_short(issues):
    big = int("9" * 300)
    found = issues(attributes={**CLEAN_ATTRS, "precision": big})
    assert found[0].message == ("Precision 'a number of 300 digits' is beyond +-999; write "
                                "a smaller number")
