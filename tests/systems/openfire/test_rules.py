"""Every check of one unit (spec §3.5): its stable code, the field and a fix."""

from __future__ import annotations

import pytest

from tests.systems.openfire.conftest import codes, issue, trooper, unit_data

BLADE = {"name": "Blade", "rng": 1, "att": 2, "dmg": 1, "prc": 0, "special": ["Assault"]}


def wastes(*models, **fields):
    return unit_data(*models, module="ash-wastes", **{"category": "standard", **fields})


def test_a_plain_trooper_has_no_findings():
    assert codes(unit_data()) == []


@pytest.mark.parametrize(("change", "field", "words"), [
    ({"skl": 0}, "models[0].skl", "SKL 0 is below 1"),
    ({"def": -2}, "models[0].def", "DEF -2 is below 1"),
    ({"cmd": None}, "models[0].cmd", "has no CMD"),
    ({"hp": 0}, "models[0].hp", "HP 0 is below 1"),
    ({"mov": None}, "models[0].mov", "has no MOV"),
])
def test_attributes(change, field, words):
    found = issue(unit_data(trooper(**change)), "E-OF-ATTR")
    assert found.field == field and words in found.message


def test_mov_below_zero_and_aircraft_ranges():
    assert issue(unit_data(trooper(mov=-1)), "E-OF-MOV").field == "models[0].mov"
    assert "E-OF-MOV" in codes(unit_data(trooper(mov=[12, 6], special=["Aircraft"])))
    found = issue(unit_data(trooper(special=["Aircraft"])), "E-OF-AIRCRAFT-MOV")
    assert "write mov: [minimum, maximum]" in found.message
    found = issue(unit_data(trooper(mov=[6, 12])), "E-OF-AIRCRAFT-MOV")
    assert "is no Aircraft" in found.message
    assert codes(unit_data(trooper(mov=[12, 24], special=["Aircraft"]))) == []


def test_targets_outside_2_to_12_play_as_the_end():
    found = issue(unit_data(trooper(**{"def": 1})), "W-OF-ATTR-RANGE")
    assert found.message == "Trooper: DEF 1 plays as 2: a 1 always fails [118]; use 2"
    assert "plays as 12" in issue(unit_data(trooper(skl=13)), "W-OF-ATTR-RANGE").message


def test_one_leader():
    data = unit_data(trooper(leader=True), trooper(name="Other", leader=True))
    found = issue(data, "E-OF-LEADER-MANY")
    assert found.field == "models[1].leader"


def test_unknown_rules_and_custom_ones():
    found = issue(unit_data(trooper(special=["Sneaky"])), "E-OF-RULE-UNKNOWN")
    assert found.field == "models[0].special[0]"
    assert "{name: Sneaky, summary: ..., cost: N}" in found.message
    custom = {"name": "Sneaky", "summary": "Hides well.", "cost": 2}
    assert codes(unit_data(trooper(special=[custom]))) == []
    assert "E-OF-RULE-UNKNOWN" in codes(unit_data(trooper(special=[{"name": "Sneaky",
                                                                     "cost": "2 +"}])))
    bad_cost = {"name": "Sneaky", "summary": "Hides.", "cost": "x1.2"}
    assert "scales a weapon" in issue(unit_data(trooper(special=[bad_cost])),
                                      "E-OF-RULE-UNKNOWN").message
    module_rule = unit_data(trooper(special=["Ashborn"]))
    found = issue(module_rule, "E-OF-RULE-UNKNOWN")
    assert "a module's rules need the unit's module:" in found.message


@pytest.mark.parametrize(("rule", "words"), [
    ("Heavy Armour", "needs a whole number 1 or more; got no X"),
    ("Heavy Armour (0)", "got X 0"),
    ("Fear (lots)", "got X lots"),
    ("Skilled (2)", "takes no value"),
    ("Vulnerable", "needs an arc (Front, Rear, Left, Right); got no X"),
    ("Vulnerable (Up)", "got X Up"),
])
def test_rule_values(rule, words):
    assert words in issue(unit_data(trooper(special=[rule])), "E-OF-RULE-X").message


def test_arcs_read_loosely():
    assert codes(unit_data(trooper(special=["Vulnerable (rear arc)"]))) == []


def test_rule_scopes():
    found = issue(unit_data(trooper(special=["Rending (1)"])), "E-OF-RULE-SCOPE")
    assert "weapon rule" in found.message and found.field == "models[0].special[0]"
    weapon = {**BLADE, "special": ["Assault", "Fearless"]}
    found = issue(unit_data(trooper(weapons=[weapon])), "E-OF-RULE-SCOPE")
    assert found.field == "models[0].weapons[0].special[1]"
    found = issue(unit_data(trooper(special=["Manoeuvrable (1)"])), "E-OF-RULE-SCOPE")
    assert "for vehicles [460]" in found.message
    assert codes(unit_data(trooper(special=["Vehicle", "Manoeuvrable (1)"]))) == []
    custom = {"name": "Sparks", "summary": "Bright.", "cost": 1, "scope": "weapon"}
    assert "E-OF-RULE-SCOPE" in codes(unit_data(trooper(special=[custom])))


def test_implied_rules_are_flagged_when_listed():
    found = issue(unit_data(trooper(special=["Vehicle", "Vulnerable (Rear)"])),
                  "W-OF-RULE-IMPLIED")
    assert found.message == "Trooper: Vulnerable (Rear) already comes with Vehicle; remove it"
    aircraft = trooper(mov=[12, 24], special=["Aircraft", "Flying"])
    assert "W-OF-RULE-IMPLIED" in codes(unit_data(aircraft))


def test_weapons():
    bad = {"name": "Bent Gun", "rng": [12, 6], "att": 0, "dmg": 0, "prc": -1}
    found = issue(unit_data(trooper(weapons=[bad])), "E-OF-WEAPON")
    assert found.message.startswith("Bent Gun: ATT 0 is below 1, DMG 0 is below 1, PRC -1 "
                                    "is below 0, RNG 12-6 is not a range")
    missing = {"name": "Half Gun", "rng": 12, "att": 1, "special": ["Assault"]}
    assert "no DMG, no PRC" in issue(unit_data(trooper(weapons=[missing])),
                                     "E-OF-WEAPON").message


def test_unknown_weapons_and_profiles():
    found = issue(unit_data(trooper(weapons=["Rifle"])), "E-OF-WEAPON-UNKNOWN")
    assert found.field == "models[0].weapons[0]"
    found = issue(wastes({"profile": "Ranger", "weapons": ["Long Rifel"]}),
                  "E-OF-WEAPON-UNKNOWN")
    assert "(did you mean Long Rifle?)" in found.message
    found = issue(wastes({"profile": "Rangr"}), "E-OF-PROFILE-UNKNOWN")
    assert found.field == "models[0].profile" and "(did you mean Ranger?)" in found.message
    assert "needs a module" in issue(unit_data({"profile": "Ranger"}),
                                     "E-OF-PROFILE-UNKNOWN").message


def test_melee_without_assault_and_grenades_and_fast_slow():
    club = {"name": "Club", "rng": 1, "att": 2, "dmg": 1, "prc": 0}
    found = issue(unit_data(trooper(weapons=[club])), "W-OF-MELEE-NO-ASSAULT")
    assert "hits only on a 12 [166]" in found.message
    grenades = wastes({"profile": "Ranger", "weapons": ["Long Rifle", "Flare Charge"]},
                      {"profile": "Ranger", "weapons": ["Long Rifle", "Frag Cell"]})
    assert issue(grenades, "W-OF-GRENADES").field == "weapons"
    assert "W-OF-FAST-SLOW" in codes(unit_data(trooper(special=["Fast", "Slow"])))


def test_module_limits_on_a_model():
    three = wastes({"profile": "Ranger", "weapons": ["Long Rifle"] * 3})
    found = issue(three, "E-OF-SLOT")
    assert found.message == ("Ranger carries 3 ranged weapon(s); Ash Wastes (demonstration) "
                             "allows 0-2 for category standard")
    unarmed = trooper(special=["Vehicle"], weapons=None)
    vehicle = unit_data(unarmed, module="ash-wastes", category="vehicle")
    assert "E-OF-SLOT" in codes(vehicle)  # a vehicle needs 1 to 3 ranged weapons
    spent = wastes({"profile": "Ranger", "upgrades": [
        "Camo Cloaks", "Veteran", {"name": "Hot Loads", "weapon": "Long Rifle"},
        {"name": "Long Barrel", "weapon": "Long Rifle"}]})
    assert "carries 5 points of upgrades; at most 4" in issue(spent, "E-OF-UPGRADE-CAP"
                                                              ).message


def test_upgrades_must_exist_and_fit():
    assert "E-OF-UPGRADE-UNKNOWN" in codes(wastes({"profile": "Ranger",
                                                   "upgrades": ["Jetpack"]}))
    assert "E-OF-UPGRADE-UNKNOWN" in codes(unit_data(trooper(upgrades=["Veteran"])))
    found = issue(wastes({"profile": "Ranger", "upgrades": ["Plating"]}), "E-OF-UPGRADE-FOR")
    assert found.message == "Plating is for rule Vehicle; Ranger is not: remove it"
    wrong = wastes({"profile": "Ranger", "upgrades": [{"name": "Hot Loads",
                                                       "weapon": "Cinder Blade"}]})
    assert "does not carry" in issue(wrong, "E-OF-UPGRADE-FOR").message


def test_categories_the_module_knows():
    assert "not a category" in issue(wastes({"profile": "Ranger"}, category="heroes"),
                                     "E-OF-CATEGORY").message
    none = unit_data({"name": "Odd", "mov": 6, "skl": 7, "def": 7, "cmd": 7, "hp": 5},
                     module="ash-wastes")
    assert issue(none, "E-OF-CATEGORY").field == "category"


def test_a_costing_that_cannot_be_worked_out_is_an_error(tmp_path):
    from designer.systems import catalog_root, system

    root = tmp_path / "openfire"
    source = catalog_root() / "openfire"
    (root / "costing").mkdir(parents=True)
    (root / "core.yaml").write_text((source / "core.yaml").read_text(), encoding="utf-8")
    text = (source / "costing" / "cc1.yaml").read_text()
    (root / "costing" / "cc1.yaml").write_text(
        text.replace('command: "3 * P_CMD"', 'command: "3 / (HP - 5)"'), encoding="utf-8")
    game = system("openfire")
    catalog = game.load_catalog(root)
    unit = game.parse_unit(unit_data(), catalog)
    found = [i for i in game.assess(unit, catalog).tally.issues if i.code == "E-OF-FORMULA"]
    assert found and "divides by zero" in found[0].message
