"""The module format's construction rules, priced and checked on units built from the
bundled Ash Wastes module: a second weapon of a slot at twice its points, the surcharge
on any modification of a dear weapon, upgrades priced from the weapon's points, rules an
upgrade gives a weapon, effect-only weapons, module rules that act as a core rule or
carry listed points, weapon totals, upgrade groups, weapon choices and army-wide limits.
Every total is worked by hand in the test; cc1's figures beside the listed lines too."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from designer.cli import main
from designer.systems import catalog_root
from tests.systems.openfire.conftest import assess_data, codes, issue, unit_data

MODULE = catalog_root() / "openfire" / "modules" / "ash-wastes.yaml"


def p(target: int) -> F:
    """The chance to pass a d12 test against `target`."""
    return F(min(max(13 - target, 1), 11), 12)


def wastes(*models, **fields):
    return unit_data(*models, module="ash-wastes", **fields)


def lines(data) -> list[tuple[int, F | None]]:
    """(points, cc1 beside) per tally line."""
    return [(x.points, x.beside.value if x.beside else None)
            for x in assess_data(data).tally.breakdown]


GUN_CRAWLER = {"profile": "Ash Crawler", "weapons": ["Heavy Stubber", "Cinder Torch"],
               "upgrades": [{"name": "Twin Feed", "weapon": "Heavy Stubber"},
                            {"name": "Glass Sights", "weapon": "Cinder Torch"},
                            {"name": "Swivel Mount", "weapon": "Heavy Stubber"},
                            "Steady Driver"]}


def test_a_crawler_with_a_second_gun_and_weapon_modifications():
    # Ash Crawler 30; Heavy Stubber 5; the Cinder Torch is the second ranged weapon (taken
    # later): 3 x 2 = 6; Twin Feed costs max(1, WP / 2) with WP 5: 2.5 -> 3, and +1 as
    # the Stubber costs 4 or more; Glass Sights 2 (the Torch costs 3: no surcharge);
    # Swivel Mount 1, and +1 though it changes no figure; Steady Driver 1.
    # 30 + 5 + 6 + 3 + 1 + 2 + 1 + 1 + 1 = 50; upgrade points 4 + 2 + 2 + 1 = 9 of 10.
    tally = assess_data(wastes(GUN_CRAWLER, category="vehicle")).tally
    assert [x.points for x in tally.breakdown] == [30, 5, 6, 3, 1, 2, 1, 1, 1]
    assert tally.total == 50 and tally.issues == []
    assert "Cinder Torch, extra ranged weapon, taken after Heavy Stubber" in \
        tally.breakdown[2].item and "3 x 2 = 6" in tally.breakdown[2].item
    assert "max(1, WP / 2) with WP 5 = 2.5 -> 3" in tally.breakdown[3].item
    assert "surcharge +1" in tally.breakdown[7].item and "Swivel Mount modifies Heavy " \
        "Stubber, 5 points" in tally.breakdown[7].item


def test_the_crawlers_cc1_figures_beside_each_line():
    # profile: toughness HP 12 / FAIL(4 + 1) 2/3 / 4 = 9 + mobility (8 + 3) / 2 x 3/4 =
    # 33/8 + command 3 p(6) = 7/4, and rules Transport (6) 6 - Vulnerable (Rear) 1.
    profile = F(12) / (1 - p(5)) / 4 + F(1, 2) * 11 * F(3, 4) + 3 * p(6) + 6 - 1
    # a vehicle fires every weapon: each counts whole. Heavy Stubber: 4 x ATT (4 + 1/2,
    # Rapid Fire) x p(7) x FAIL(7 + 1) x range 2 x Heavy 3/4; Cinder Torch: Torrent hits
    # always, 4 x 5 x FAIL(7) x range(8) 3/2.
    stubber = 4 * (4 + F(1, 2)) * p(7) * (1 - p(8)) * 2 * F(3, 4)
    torch = 4 * 5 * (1 - p(7)) * F(3, 2)
    # Twin Feed: one more ATT of the Stubber; Glass Sights: Rending (1) deals 1 on a 12
    # (1/12 an attack, 5 attacks), Accurate adds nothing to Torrent; Swivel Mount changes
    # no figure; Steady Driver: CMD 6 -> 4, 3 x (p(4) - p(6)).
    twin = 4 * p(7) * (1 - p(8)) * 2 * F(3, 4)
    sights = 4 * 5 * F(1, 12) * F(3, 2)
    driver = 3 * (p(4) - p(6))
    assert (profile, stubber, torch, twin, sights, driver) == \
        (F(159, 8), F(63, 8), F(15), F(7, 4), F(5, 2), F(1, 2))
    assert lines(wastes(GUN_CRAWLER, category="vehicle")) == [
        (30, profile), (5, stubber), (6, torch), (3, twin), (1, None), (2, sights),
        (1, F(0)), (1, None), (1, driver)]


@pytest.mark.parametrize(("which", "weapons", "doubled", "why", "total"), [
    # the dearer is the extra one: Heavy Stubber 5 x 2 = 10, Cinder Torch 3
    ("dearer", ["Heavy Stubber", "Cinder Torch"], 0, "dearer than Cinder Torch", 13),
    # the cheaper: Cinder Torch 3 x 2 = 6, Heavy Stubber 5
    ("cheaper", ["Heavy Stubber", "Cinder Torch"], 1, "cheaper than Heavy Stubber", 11),
    # the one taken later, whichever it is: Heavy Stubber 5 x 2 = 10, Cinder Torch 3
    ("later", ["Cinder Torch", "Heavy Stubber"], 1, "taken after Cinder Torch", 13),
])
def test_which_weapon_is_the_extra_one(tmp_path, which, weapons, doubled, why, total):
    module = tmp_path / "house.yaml"
    module.write_text(MODULE.read_text().replace("extra_weapon_is: later",
                                                 f"extra_weapon_is: {which}"))
    data = unit_data({"profile": "Ash Crawler", "weapons": weapons}, module=str(module),
                     category="vehicle")
    tally = assess_data(data).tally
    weapon_lines = tally.breakdown[1:3]
    assert why in weapon_lines[doubled].item and " x 2 = " in weapon_lines[doubled].item
    assert " x 2" not in weapon_lines[1 - doubled].item
    assert sum(x.points for x in weapon_lines) == total and tally.total == 30 + total


def test_an_added_rule_with_listed_points_and_an_effect_only_weapon():
    # Ranger 9 + Ashborn 1 (a module rule with listed points, not a change of the
    # profile) + Long Rifle 2 + Smoke Pot 1 (effect only: no DMG or PRC) = 13.
    data = wastes({"profile": "Ranger", "special": ["Ashborn"],
                   "weapons": ["Long Rifle", "Smoke Pot"]}, category="standard")
    tally = assess_data(data).tally
    assert tally.total == 13 and tally.issues == []
    # cc1: the profile 15/7 + 9/2 + 3 p(6) = 235/28; Ashborn's flat 1/2; the Long Rifle
    # (Accurate: SKL 6 half the time) 4 x 2 x p(6) x FAIL(8) x 2 = 49/9, the best whole;
    # the Smoke Pot does no damage, Screening is worth 1 flat, at 1/4 as the other weapon.
    assert lines(data) == [(9, F(235, 28)), (1, F(1, 2)), (2, F(49, 9)), (1, F(1, 4))]
    assert [x.item.split(" [")[0] for x in tally.breakdown] == [
        "Ranger: profile", "Ranger: rule Ashborn", "Ranger: Long Rifle", "Ranger: Smoke Pot"]


def test_an_upgrade_gives_the_weapon_it_modifies_its_rules():
    # Ranger 9 + Scattergun 2 + Glass Sights 2 = 13
    data = wastes({"profile": "Ranger", "weapons": ["Scattergun"],
                   "upgrades": ["Glass Sights"]}, category="standard")
    result = assess_data(data)
    assert result.tally.total == 13 and result.tally.issues == []
    shot = result.final.figures[0].weapons[0].shots[0]
    assert [(r.label, r.source) for r in shot.rules] == [
        ("Assault", "weapon"), ("Accurate", "upgrade Glass Sights"),
        ("Rending (1)", "upgrade Glass Sights")]
    assert not result.final.figures[0].has("Accurate")  # on the weapon, not the model
    # Scattergun 12": 4 x 3 x p(7) x FAIL(7) x 3/2 x Assault 11/10 = 99/20; with Accurate
    # p(6) and Rending 1/12: 4 x 3 x (7/12 x 1/2 + 1/12) x 3/2 x 11/10 = 297/40
    before = 4 * 3 * p(7) * (1 - p(7)) * F(3, 2) * F(11, 10)
    after = 4 * 3 * (p(6) * (1 - p(7)) + F(1, 12)) * F(3, 2) * F(11, 10)
    assert lines(data) == [(9, F(235, 28)), (2, before), (2, after - before)]
    assert after - before == F(99, 40)


def test_upgrades_for_weapons_with_a_rule_or_of_given_names(tmp_path):
    # Glass Sights only for a weapon with Accurate, Hot Loads only for a Long Rifle or a
    # Heavy Stubber: of the Ranger's Long Rifle (Accurate) and Scattergun (Assault) each
    # may modify the rifle alone, so neither needs the weapon named
    module = tmp_path / "house.yaml"
    text = MODULE.read_text()
    for old, new in (("Glass Sights, points: 2, for_weapon: {slot: ranged}",
                      "Glass Sights, points: 2, for_weapon: {slot: ranged, rule: Accurate}"),
                     ("for_weapon: {slot: ranged, exclude: [Cinder Torch]},\n     effect: "
                      "{weapon: {prc: 1}}",
                      "for_weapon: {slot: ranged, names: [Long Rifle, Heavy Stubber]},\n"
                      "     effect: {weapon: {prc: 1}}")):
        assert text.count(old) == 1
        text = text.replace(old, new)
    module.write_text(text)
    ranger = {"profile": "Ranger", "weapons": ["Long Rifle", "Scattergun"],
              "upgrades": ["Glass Sights", "Hot Loads"]}
    # Ranger 9 + Long Rifle 2 + Scattergun 2 (another weapon, not a second copy) + Glass
    # Sights 2 + Hot Loads 1 (the Long Rifle costs 2: no surcharge) = 16; upgrade points
    # 2 + 1 = 3 of the 4 a standard model may take
    result = assess_data(unit_data(ranger, module=str(module), category="standard"))
    tally = result.tally
    assert [x.points for x in tally.breakdown] == [9, 2, 2, 2, 1]
    assert tally.total == 16 and tally.issues == []
    rifle, scattergun = result.final.figures[0].weapons
    assert rifle.upgraded == ("Glass Sights", "Hot Loads") and scattergun.upgraded == ()
    assert ("Rending (1)", "upgrade Glass Sights") in [(r.label, r.source)
                                                       for r in rifle.shots[0].rules]
    # the rifle has Accurate already: the sights' Accurate is not listed a second time
    assert [r.label for r in rifle.shots[0].rules] == ["Accurate", "Rending (1)"]
    assert rifle.shots[0].prc == 2  # Hot Loads: PRC 1 + 1
    # the bundled module lets both modify either weapon: each must name one
    bundled = [i.message for i in assess_data(wastes(ranger, category="standard")).tally.issues
               if i.code == "E-OF-UPGRADE-WEAPON"]
    assert bundled == [
        "Glass Sights modifies one weapon and Ranger carries 2 it may modify: name it, e.g. "
        "{name: Glass Sights, weapon: Long Rifle}",
        "Hot Loads modifies one weapon and Ranger carries 2 it may modify: name it, e.g. "
        "{name: Hot Loads, weapon: Long Rifle}"]
    # the Scattergun has no Accurate and is no Long Rifle nor Heavy Stubber
    for name, wanted in (("Glass Sights", "ranged weapons, with Accurate"),
                         ("Hot Loads", "ranged weapons, only Long Rifle, Heavy Stubber")):
        named = {"profile": "Ranger", "weapons": ["Long Rifle", "Scattergun"],
                 "upgrades": [{"name": name, "weapon": "Scattergun"}]}
        found = issue(unit_data(named, module=str(module), category="standard"),
                      "E-OF-UPGRADE-WEAPON")
        assert found.message == (f"{name} modifies {wanted}; Scattergun is not one: name "
                                 "one of Long Rifle")


def test_a_module_rule_that_acts_as_assault(tmp_path):
    # Glass Sniper 14 + Glass Rifle 7 + Ash Pick 1 = 22; the Ash Pick's Close Quarters
    # acts as Assault: no warning, and it hits as often as the model's SKL 5 says
    sniper = {"profile": "Glass Sniper", "weapons": ["Glass Rifle", "Ash Pick"]}
    data = wastes(sniper, category="special")
    tally = assess_data(data).tally
    assert tally.total == 22 and tally.issues == []
    pick = 4 * 2 * p(5) * (1 - p(8))  # 28/9, the lesser weapon: at 1/4
    assert lines(data)[2] == (1, pick / 4) == (1, F(7, 9))
    module = tmp_path / "house.yaml"
    module.write_text(MODULE.read_text().replace(
        "x: none, acts_as: Assault,", "x: none, cost: 1,"))
    plain = unit_data(sniper, module=str(module), category="special")
    assert "W-OF-MELEE-NO-ASSAULT" in codes(plain)  # without it: only on a 12 [166]


def test_an_unpriced_weapons_points_for_an_upgrade_are_its_cc1_value():
    # the Ripper Cannon lists no points: WP is its cc1 value before the upgrade,
    # 4 x 2 x p(7) x 2 x FAIL(7 + 2) x 2 x Heavy 3/4 = 8; Twin Feed max(1, 8 / 2) = 4,
    # and +1 as it is 4 or more
    data = wastes({"profile": "Ash Crawler", "weapons": ["Ripper Cannon"],
                   "upgrades": ["Twin Feed"]}, category="vehicle")
    assert 4 * 2 * p(7) * 2 * (1 - p(9)) * 2 * F(3, 4) == 8
    tally = assess_data(data).tally
    assert [x.points for x in tally.breakdown if x.step == "upgrades"] == [4, 1]
    assert "with WP 8 = 4 -> 4" in tally.breakdown[-2].item


def test_effect_only_weapons_need_no_damage_and_take_none():
    assert codes(wastes({"profile": "Ranger", "weapons": ["Smoke Pot"]},
                        category="standard")) == []
    flare = {"name": "Flare", "rng": 5, "att": 1, "dmg": 1, "effect_only": True}
    found = issue(unit_data({"name": "Smoker", "mov": 6, "skl": 7, "def": 7, "cmd": 7,
                             "hp": 5, "weapons": [flare]}), "E-OF-WEAPON")
    assert found.message.startswith("Flare: DMG 1 on an effect-only weapon (remove it, or "
                                    "effect_only)")


def test_weapons_in_all_and_a_profiles_weapon_choices():
    three = wastes({"profile": "Glass Sniper",
                    "weapons": ["Glass Rifle", "Ash Pick", "Service Pistol"]},
                   category="special")
    found = issue(three, "E-OF-WEAPON-TOTAL")
    assert found.message == ("Glass Sniper carries 3 weapon(s) in all; Ash Wastes "
                             "(demonstration) allows 0-2 for category special, with a melee "
                             "weapon: add or drop one")
    # without a melee weapon the limit does not apply
    assert codes(wastes({"profile": "Glass Sniper", "weapons": [
        "Glass Rifle", "Long Rifle", "Service Pistol"]}, category="special")) == []
    off_list = wastes({"profile": "Glass Sniper", "weapons": ["Glass Rifle", "Cinder Blade"]},
                      category="special")
    found = issue(off_list, "E-OF-WEAPON-CHOICE")
    assert found.field == "models[0].weapons[1]"
    assert "may take only Glass Rifle, Long Rifle, Service Pistol, Ash Pick" in found.message


@pytest.mark.parametrize(("entry", "field", "words"), [
    ({"profile": "Ash Crawler", "weapons": ["Heavy Stubber", "Cinder Torch"],
      "upgrades": [{"name": "Hot Loads", "weapon": "Cinder Torch"}]},
     "models[0].upgrades[0]", "Hot Loads modifies ranged weapons, not Cinder Torch; Cinder "
                              "Torch is not one: name one of Heavy Stubber"),
    ({"profile": "Ash Crawler", "weapons": ["Heavy Stubber", "Twin Repeater"],
      "upgrades": ["Hot Loads"]},
     "models[0].upgrades[0]", "carries 2 it may modify: name it, e.g. {name: Hot Loads, "
                              "weapon: Heavy Stubber}"),
    ({"profile": "Cinder Hound", "upgrades": ["Glass Sights"]},
     "models[0].upgrades[0]", "Glass Sights modifies ranged weapons; Cinder Hound carries "
                              "none it may modify"),
    ({"profile": "Ranger", "upgrades": [{"name": "Veteran", "weapon": "Long Rifle"}]},
     "models[0].upgrades[0]", "Veteran changes the model, not a weapon"),
])
def test_what_an_upgrade_may_modify(entry, field, words):
    found = issue(wastes(entry, category="standard"), "E-OF-UPGRADE-WEAPON")
    assert found.field == field and words in found.message


def test_upgrade_groups_count_and_points():
    crawler = {"profile": "Ash Crawler",
               "upgrades": ["Steady Driver", "Gunner", "Plating", "Spiked Prow"]}
    data = wastes(crawler, category="vehicle")
    found = issue(data, "E-OF-UPGRADE-GROUP")
    assert found.message == ("Ash Crawler takes 2 crew upgrade(s); Ash Wastes "
                             "(demonstration) allows 0-1 for rule Vehicle: remove one")
    # hull: Plating 4 + Spiked Prow 1 = 5 of 4
    assert issue(data, "E-OF-GROUP-CAP").message == (
        "Ash Crawler carries 5 points of hull upgrades; at most 4 a model: remove one")
    assert codes(wastes({"profile": "Ash Crawler", "upgrades": ["Steady Driver", "Plating"]},
                        category="vehicle")) == []


def test_an_option_one_model_in_a_force_may_take(tmp_path):
    sergeant = {"profile": "Ranger Sergeant", "upgrades": ["Drill Master"]}
    both = wastes(sergeant, {**sergeant, "leader": False}, category="standard")
    found = issue(both, "E-OF-FORCE-LIMIT")
    assert found.message == ("2 models of this unit take Drill Master; at most 1 in a "
                             "convoy: remove 1")
    assert "E-OF-FORCE-LIMIT" not in codes(wastes(sergeant, category="standard"))
    lances = wastes({"name": "Boss", "mov": 5, "skl": 7, "def": 7, "cmd": 6, "hp": 5,
                     "count": 2, "weapons": ["Arc Lance"]}, category="standard")
    assert "2 models of this unit carry Arc Lance; at most 1" in issue(
        lances, "E-OF-FORCE-LIMIT").message
    # two units with one Drill Master each: the force reports it, once
    unit = tmp_path / "squad.yaml"
    unit.write_text("system: openfire\nmodule: ash-wastes\nname: Squad\ncategory: standard\n"
                    "models: [{profile: Ranger Sergeant, upgrades: [Drill Master]}]\n")
    roster = tmp_path / "force.yaml"
    roster.write_text("system: openfire\nmodule: ash-wastes\nname: Two drills\n"
                      "units: [{unit: squad.yaml, count: 2}]\n")
    from designer.roster import load_roster

    force = load_roster(roster)
    found = [i for i in force.issues if i.code == "E-OF-FORCE-LIMIT"]
    assert [i.message for i in found] == [
        "2 models of the force take Drill Master; at most 1 in a convoy: remove 1"]
    assert main(["check", str(roster)]) == 1
