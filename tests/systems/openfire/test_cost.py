"""Costing: cc1 worked by hand for three units (the arithmetic is in each test), the
module's listed points reproduced exactly, the fallback flagged, rounding and lines."""

from __future__ import annotations

from fractions import Fraction as F

from designer.systems import examples_dir
from designer.systems.openfire.formats import Costing
from designer.systems.openfire.value import _constants, _n, round_half_up
from designer.units import load_unit_file
from tests.systems.openfire.conftest import assess_data, issue, trooper, unit_data

UNITS = examples_dir("openfire") / "units"


def points(path_name: str) -> list[int]:
    return [line.points for line in load_unit_file(UNITS / path_name).tally.breakdown]


def test_cc1_ash_rangers_a_squad_with_a_skilled_leader():
    """Ranger Sergeant: MOV 6, SKL 6, DEF 7, CMD 5, HP 5, Skilled; Carbine 18" ATT 2 DMG 1
    PRC 1 Rapid Fire; Combat Blade 1" ATT 2 DMG 1 PRC 0 Assault. Four Rangers: SKL 7,
    CMD 6; Long Rifle 24" ATT 2 DMG 1 PRC 1 Accurate; Combat Blade."""
    p = lambda t: F(min(max(13 - t, 1), 11), 12)  # noqa: E731
    fail_ref = 1 - p(7 + 1)  # 7/12 against the reference PRC 1
    toughness = F(5) / fail_ref / 4  # EW 60/7, /4 = 15/7
    mobility = F(1, 2) * (6 + 3)  # 9/2
    sergeant_profile = toughness + mobility + 3 * p(5)  # 15/7 + 9/2 + 2 = 121/14 = 8.64
    assert sergeant_profile == F(121, 14)
    skilled = p(6) + (1 - p(6) - F(1, 12)) * p(6)  # 7/9
    carbine = 4 * (2 + F(1, 2)) * skilled * 1 * (1 - p(8)) * F(7, 4)  # 1715/216, RF(18) 7/4
    blade = 4 * 2 * skilled * 1 * (1 - p(7)) * 1  # 28/9, RF(1) 1, no Assault x1.1 at 1"
    sergeant_weapons = carbine + F(1, 4) * blade  # best whole, the other at 1/4: 1883/216
    assert (carbine, blade, sergeant_weapons) == (F(1715, 216), F(28, 9), F(1883, 216))
    ranger_profile = toughness + mobility + 3 * p(6)  # 235/28 = 8.39
    rifle = 4 * 2 * p(7 - 1) * (1 - p(8)) * 2  # Accurate: SKL 6 half the time -> 49/9
    ranger_blade = 4 * 2 * p(7) * (1 - p(7))  # 2
    ranger_weapons = rifle + F(1, 4) * ranger_blade  # 107/18 = 5.94
    expected = [round_half_up(sergeant_profile), round_half_up(sergeant_weapons), 0,
                4 * round_half_up(ranger_profile), 4 * round_half_up(ranger_weapons)]
    assert expected == [9, 9, 0, 32, 24]
    assert points("ash-rangers.yaml") == expected
    tally = load_unit_file(UNITS / "ash-rangers.yaml").tally
    assert tally.total == 74 == tally.printed and tally.issues == []


def test_cc1_magma_wyrm_a_monster_with_heavy_armour_resilient_and_rending():
    """MOV 7, SKL 5, DEF 5, CMD 4, HP 14; Heavy Armour (2), Resilient, Fear (1).
    Molten Jaws 1" ATT 4 DMG 2 PRC 2 Assault, Rending (2); Cinder Breath 8" ATT 3 DMG 1
    PRC 1 Torrent."""
    p = lambda t: F(min(max(13 - t, 1), 11), 12)  # noqa: E731
    f = 1 - p(5 + max(0, 1 - 2))  # Heavy Armour (2) takes the reference PRC 1 to 0: 1/3
    fail_ref = F(1, 12) + (f - F(1, 12)) * f  # Resilient: 1/6
    profile = F(14) / fail_ref / 4 + F(1, 2) * (7 + 3) + 3 * p(4)  # 21 + 5 + 9/4
    assert profile == F(113, 4)  # 28.25 -> 28
    hit, crit = p(5), F(1, 12)
    jaws = 4 * 4 * (hit * 2 * (1 - p(7 + 2)) + crit * 2) * 1  # 152/9: Rending 2 on a 12
    breath = 4 * 3 * (1 * 1 * (1 - p(7 + 1))) * F(3, 2)  # Torrent hits always; RF(8) 3/2
    weapons = jaws + F(1, 4) * breath  # 1405/72 = 19.51
    assert (jaws, breath, weapons) == (F(152, 9), F(21, 2), F(1405, 72))
    rules = (2 - 1) + 1  # Heavy Armour X-1, Fear X; Resilient is in the toughness
    assert points("magma-wyrm.yaml") == [28, 20, 2]
    assert [round_half_up(profile), round_half_up(weapons), rules] == [28, 20, 2]
    assert load_unit_file(UNITS / "magma-wyrm.yaml").tally.total == 50


def test_cc1_ash_crawler_a_transport_vehicle():
    """MOV 8, SKL 7, DEF 4, CMD 6, HP 12; Vehicle, Transport (6), Manoeuvrable (1), and
    Vulnerable (Rear) from Vehicle. Heavy Stubber 24" ATT 4 DMG 1 PRC 1 Heavy, Rapid Fire;
    Ram Plough 1" ATT 2 DMG 2 PRC 1 Assault, Impact. A vehicle fires every weapon."""
    p = lambda t: F(min(max(13 - t, 1), 11), 12)  # noqa: E731
    profile = F(12) / (1 - p(4 + 1)) / 4 + F(1, 2) * (8 + 3) * F(3, 4) + 3 * p(6)
    assert profile == 9 + F(33, 8) + F(7, 4) == F(119, 8)  # 14.875 -> 15
    stubber = 4 * (4 + F(1, 2)) * p(7) * (1 - p(8)) * 2 * F(3, 4)  # Heavy x0.75: 63/8
    plough = 4 * 2 * (p(7) * 2 * (1 - p(8)) + F(1, 12) * 2 * (1 - p(8))) * 1  # Impact
    weapons = stubber + plough  # both whole: 959/72 = 13.32
    assert (stubber, plough, weapons) == (F(63, 8), F(49, 9), F(959, 72))
    rules = 6 + F(1, 2) - 1  # Transport X, Manoeuvrable X/2, Vulnerable -1: 5.5 -> 6
    assert [round_half_up(profile), round_half_up(weapons), round_half_up(rules)] == \
        [15, 13, 6] == points("ash-crawler.yaml")
    tally = load_unit_file(UNITS / "ash-crawler.yaml").tally
    assert tally.total == 34
    assert "Vulnerable (Rear) -1" in tally.breakdown[2].item


def test_the_reference_trooper_is_about_twelve_points():
    # 8.14 -> 8 (toughness 15/7, mobility 9/2, command 3/2) + rifle 14/3 -> 5
    assert [x.points for x in assess_data(unit_data()).tally.breakdown] == [8, 5]


def test_lines_say_their_source_and_why():
    tally = load_unit_file(UNITS / "ash-rangers.yaml").tally
    first, weapons = tally.breakdown[0].item, tally.breakdown[1].item
    assert "[cc1: community costing v1, designer's own default, not from the Open Fire " \
           "book]" in first
    assert "EW 8.57" in first and "CMD 5 passes 67%" in first
    assert "[cc1]" in weapons and "hit 78% Skilled" in weapons and "E_DMG 1.13 vs DEF 7" \
        in weapons and "range x1.75" in weapons


def test_listed_points_reproduce_the_module():
    # Warden Patrol: Ranger Sergeant 11 + Long Rifle 2 + Cinder Blade 2 + Flare Charge 1
    # + Drill Master 3; four Rangers, each 9 + Long Rifle 2 + Camo Cloaks 1 + Hot Loads 1
    assert points("warden-patrol.yaml") == [11, 2, 2, 1, 3, 36, 8, 4, 4]
    assert load_unit_file(UNITS / "warden-patrol.yaml").tally.total == 19 + 4 * 13 == 71
    # Ash Crawler 30 + Heavy Stubber 5 + Plating 4 + Hot Loads 1 + surcharge 1 (the
    # Heavy Stubber costs 4 or more)
    assert points("convoy-crawler.yaml") == [30, 5, 4, 1, 1]
    assert points("dust-kite.yaml") == [34, 5]
    assert points("warden-captain.yaml") == [16, 1, 2, 1, 1]
    tally = load_unit_file(UNITS / "warden-patrol.yaml").tally
    assert all("[module-listed, ash-wastes]" in line.item for line in tally.breakdown)


def test_a_second_copy_costs_the_modules_multiple():
    data = unit_data({"profile": "Ranger", "weapons": ["Long Rifle", "Long Rifle"]},
                     module="ash-wastes", category="standard")
    lines = assess_data(data).tally.breakdown
    assert [x.points for x in lines] == [9, 2, 4]  # the second Long Rifle x2
    assert "copy 2" in lines[2].item


def test_what_the_module_does_not_price_falls_back_and_is_flagged():
    tally = load_unit_file(UNITS / "scrap-pickers.yaml").tally
    flagged = [i for i in tally.issues if i.code == "W-OF-FORMULA-PRICED"]
    assert [i.field for i in flagged] == ["models[0]", "weapons[0]", "models[1]"]
    assert tally.total == 52 and tally.legal
    changed = unit_data({"profile": "Ranger", "skl": 6}, module="ash-wastes",
                        category="standard")
    found = issue(changed, "W-OF-FORMULA-PRICED")
    assert "it changes Ranger: SKL 7 -> 6" in found.message
    cannon = unit_data({"profile": "Ranger", "weapons": ["Ripper Cannon"]},
                       module="ash-wastes", category="standard")
    assert "the module lists no points for it" in issue(cannon, "W-OF-FORMULA-PRICED").message


def test_formula_mode_prices_upgrades_through_their_effect(tmp_path):
    from designer.systems import catalog_root

    text = (catalog_root() / "openfire" / "modules" / "ash-wastes.yaml").read_text()
    module = tmp_path / "formula.yaml"
    module.write_text(text.replace("mode: listed", "mode: formula"), encoding="utf-8")
    data = unit_data({"profile": "Ranger", "upgrades": ["Veteran"]}, module=str(module),
                     category="standard")
    tally = assess_data(data).tally
    assert [x.step for x in tally.breakdown] == ["profile", "weapons", "upgrades"]
    assert tally.breakdown[-1].points == 0 and "priced through its effect" in \
        tally.breakdown[-1].item
    assert "hit 67% Accurate" in tally.breakdown[1].item  # Veteran: SKL 6, Accurate 5


def test_rounding_is_half_up_per_line():
    assert [round_half_up(F(x, 2)) for x in (-3, -1, 1, 3, 5)] == [-1, 0, 1, 2, 3]


def test_reading_half_up_rounds_toward_plus_infinity():
    """cc1's settled reading: "half up" is toward +infinity, so -0.5 -> 0, -1.5 -> -1."""
    lucky = {"name": "Lucky", "summary": "Finds a way.", "cost": 0.5}
    # rules: Bulky -1 + Lucky 1/2 = -1/2 -> 0
    assert assess_data(unit_data(trooper(special=["Bulky", lucky]))).tally.breakdown[-1] \
        .points == 0
    # rules: Bulky -1 + Vulnerable (Rear) -1 + Lucky 1/2 = -3/2 -> -1
    worse = trooper(special=["Bulky", "Vulnerable (Rear)", lucky])
    assert assess_data(unit_data(worse)).tally.breakdown[-1].points == -1


def test_reading_a_skilled_reroll_of_12_counts_for_rending():
    """cc1's settled reading: a Skilled re-roll that comes up a natural 12 is a natural 12
    for Rending (and Impact)."""
    gun = {"name": "Ripsaw", "rng": 12, "att": 6, "dmg": 1, "prc": 0,
           "special": ["Rending (3)"]}
    data = unit_data(trooper(special=["Skilled"], weapons=[gun]))
    h = F(1, 2)  # p(7)
    again = 1 - h - F(1, 12)  # a failure that was not a 1: re-rolled
    hit, crit = h + again * h, F(1, 12) + again * F(1, 12)  # 17/24 and 17/144
    e_dmg = 6 * (hit * 1 * F(1, 2) + crit * 3)  # 17/4, with the re-rolled 12s
    assert (hit, crit, e_dmg) == (F(17, 24), F(17, 144), F(17, 4))
    weapon = 4 * e_dmg * F(3, 2)  # 51/2 = 25.5 -> 26 (counting first rolls only: 22)
    assert round_half_up(weapon) == 26
    assert round_half_up(4 * 6 * (hit * F(1, 2) + F(1, 12) * 3) * F(3, 2)) == 22
    assert [x.points for x in assess_data(data).tally.breakdown] == [8, 26, 0]


def test_reading_skilled_rerolls_the_only_on_a_12_chance():
    """cc1's settled reading: Skilled re-rolls a melee weapon's miss when it hits only on
    a 12 (no Assault [166])."""
    club = {"name": "Club", "rng": 1, "att": 6, "dmg": 1, "prc": 0}
    data = unit_data(trooper(special=["Skilled"], weapons=[club]))
    hit = F(1, 12) + (1 - F(1, 12) - F(1, 12)) * F(1, 12)  # 11/72
    weapon = 4 * 6 * hit * F(1, 2) * 1  # 11/6 -> 2 (without the re-roll 1)
    assert (hit, weapon) == (F(11, 72), F(11, 6))
    assert round_half_up(4 * 6 * F(1, 12) * F(1, 2)) == 1
    assert [x.points for x in assess_data(data).tally.breakdown] == [8, 2, 0]


def test_a_trooper_with_more_rules():
    data = unit_data(trooper(special=["Ambush", "Bulky", "Inspiring Presence", "Rugged",
                                      "Skirmishers", "Support", "Vulnerable (Front)"]))
    rules = assess_data(data).tally.breakdown[-1]
    # Ambush 2, Bulky -1, Inspiring Presence 4, Rugged 1/2, Skirmishers 1/2, Support 0,
    # Vulnerable -1
    assert rules.step == "rules" and rules.points == 2 - 1 + 4 + 1 + 0 - 1 == 5


def test_the_costing_constants_are_read_exactly_once():
    """The costing's constants and numbers as exact fractions, the same however often a
    force asks for them: a decimal is its decimal value, not its binary float."""
    costing = assess_data(unit_data()).final.catalog.costing
    fields = costing.model_dump()
    house = Costing.model_validate({**fields, "constants": {"K": 0.1, "N": 3, "H": 2.5}})
    assert _constants(house) == {"K": F(1, 10), "N": F(3), "H": F(5, 2)}
    assert _constants(house) is _constants(Costing.model_validate(house.model_dump()))
    assert _constants(costing) == {k: F(repr(v)) for k, v in costing.constants.items()}
    assert _n(0.75) == F(3, 4) and _n(3) == 3 and _n(0.1) is _n(0.1)
