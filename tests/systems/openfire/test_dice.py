"""The d12 maths against outcomes counted one by one: every target a modifier can reach,
with and without re-rolls, critical hits, defence tests and expected damage."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from designer.systems.openfire import dice

FACES = range(1, 13)
TARGETS = range(-3, 17)  # every SKL, DEF or CMD target, modifiers included


def passes(face: int, target: Fraction | int) -> bool:
    """The rule as written [116-122]: a 1 fails, a 12 succeeds, else roll >= target."""
    return face == 12 or (face != 1 and face >= target)


def standing(rerollable) -> list[tuple[int, Fraction]]:
    """Every way a die can end up, with its chance: the first roll, or (when the first
    may be re-rolled) the second."""
    out = []
    for first in FACES:
        if rerollable(first):
            out += [(second, Fraction(1, 144)) for second in FACES]
        else:
            out.append((first, Fraction(1, 12)))
    return out


def chance(target, reroll: str = "none", success=None) -> Fraction:
    success = success or (lambda face: passes(face, target))
    if reroll == "none":
        return sum((Fraction(1, 12) for f in FACES if success(f)), Fraction(0))
    again = (lambda f: not success(f) and f != 1) if reroll == "not_ones" else \
        (lambda f: not success(f))
    return sum((w for f, w in standing(again) if success(f)), Fraction(0))


@pytest.mark.parametrize("target", TARGETS)
def test_one_test_for_every_target(target):
    assert dice.p(target) == chance(target)
    assert dice.fail(target) == 1 - chance(target)


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("reroll", ["none", "not_ones", "all"])
def test_rerolls_for_every_target(target, reroll):
    assert dice.with_reroll(dice.p(target), reroll) == chance(target, reroll)


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("reroll", ["none", "not_ones", "all"])
def test_crits_for_every_target(target, reroll):
    def fails(f):
        return not passes(f, target) and (reroll == "all" or f != 1)

    counted = (Fraction(1, 12) if reroll == "none"
               else sum((w for f, w in standing(fails) if f == 12), Fraction(0)))
    assert dice.crit(dice.p(target), reroll) == counted


@pytest.mark.parametrize("skl", TARGETS)
@pytest.mark.parametrize("skilled", [False, True])
def test_hit_chance_skilled_torrent_and_only_on_a_12(skl, skilled):
    reroll = "not_ones" if skilled else "none"
    assert dice.hit(skl, skilled=skilled) == chance(skl, reroll)
    only_12 = chance(skl, reroll, success=lambda f: f == 12)
    assert dice.hit(skl, skilled=skilled, crit_only=True) == only_12
    assert dice.hit_crit(skl, skilled=skilled, crit_only=True) == only_12
    assert dice.hit(skl, skilled=skilled, torrent=True) == 1
    assert dice.hit_crit(skl, skilled=skilled, torrent=True) == Fraction(1, 12)


@pytest.mark.parametrize("defence", TARGETS)
@pytest.mark.parametrize("prc", [0, 1, 3])
@pytest.mark.parametrize("resilient", [False, True])
@pytest.mark.parametrize("armour", [0, 1, 2])
def test_defence_fail_with_piercing_resilient_and_heavy_armour(defence, prc, resilient,
                                                               armour):
    lowered = max(0, prc - armour)  # Heavy Armour takes X off PRC, not below 0 [452]

    def holds(face):  # the roll is lowered by PRC [321]; a 12 still succeeds
        return face == 12 or (face != 1 and face - lowered >= defence)

    counted = 1 - chance(defence, "not_ones" if resilient else "none", success=holds)
    assert dice.defence_fail(defence, prc, resilient=resilient,
                             heavy_armour=armour) == counted


def counted_damage(skl, dmg, prc, defence, *, skilled=False, torrent=False,
                   crit_only=False, rending=0, impact=False, resilient=False, armour=0):
    """One attack, every die enumerated: the attack die (re-rolled when Skilled allows),
    then a defence die for each point of DMG of each hit."""
    def hits(face):
        if torrent:
            return True
        return face == 12 if crit_only else passes(face, skl)

    attack = standing(lambda f: skilled and not torrent and not hits(f) and f != 1) \
        if skilled else [(f, Fraction(1, 12)) for f in FACES]
    lowered = max(0, prc - armour)

    def holds(face):
        return face == 12 or (face != 1 and face - lowered >= defence)

    die = standing(lambda f: not holds(f) and f != 1) if resilient else \
        [(f, Fraction(1, 12)) for f in FACES]
    tests = max(1, dmg - armour)
    total = Fraction(0)
    for face, weight in attack:
        if not hits(face):
            continue
        crit = face == 12
        rolls = tests * (2 if impact and crit else 1)
        expected = Fraction(0)
        for combo in product(die, repeat=rolls):
            w = Fraction(1)
            for _, cw in combo:
                w *= cw
            expected += w * sum(1 for f, _ in combo if not holds(f))
        total += weight * (expected + (rending if crit else 0))
    return total


@pytest.mark.parametrize(("skl", "dmg", "prc", "options"), [
    (7, 1, 1, {}),
    (5, 2, 2, {"rending": 2}),
    (6, 1, 0, {"skilled": True}),
    (8, 1, 1, {"torrent": True, "rending": 1}),
    (7, 1, 0, {"crit_only": True, "skilled": True}),
    (7, 2, 1, {"impact": True}),
    (4, 1, 3, {"resilient": True}),
    (6, 3, 2, {"armour": 2}),
    (3, 1, 1, {"skilled": True, "impact": True, "rending": 3}),
])
def test_expected_damage_of_one_attack(skl, dmg, prc, options):
    defence = 6
    armour = options.pop("armour", 0)
    counted = counted_damage(skl, dmg, prc, defence, armour=armour, **options)
    assert dice.expected_damage(1, skl, dmg, prc, defence, heavy_armour=armour,
                                **options) == counted
    assert dice.expected_damage(3, skl, dmg, prc, defence, heavy_armour=armour,
                                **options) == 3 * counted


@pytest.mark.parametrize("cmd", TARGETS)
@pytest.mark.parametrize("fearless", [False, True])
def test_command_and_stealth(cmd, fearless):
    assert dice.command_pass(cmd, fearless=fearless) == chance(cmd, "all" if fearless
                                                               else "none")
    assert dice.stealth_factor(7, 0) == 1
    assert dice.stealth_factor(7, 2) == Fraction(6, 12) / Fraction(4, 12)


def test_the_spec_formulas_and_a_few_values():
    h = dice.p(7)
    assert h == Fraction(1, 2)
    assert dice.hit(7, skilled=True) == h + (1 - h - Fraction(1, 12)) * h == Fraction(17, 24)
    f = dice.fail(8)
    assert dice.defence_fail(7, 1, resilient=True) == Fraction(1, 12) + (f - Fraction(1, 12)) * f
    assert dice.p(1) == dice.p(2) == Fraction(11, 12)  # a 1 always fails
    assert dice.p(12) == dice.p(20) == Fraction(1, 12)  # a 12 always succeeds
    assert dice.percent(Fraction(7, 12)) == "58%"


@pytest.mark.parametrize("share", [Fraction(0), Fraction(1, 2), Fraction(1, 3), Fraction(1)])
@pytest.mark.parametrize("skl", [5, 7, 11])
def test_averaged_modifiers_weigh_the_two_cases(share, skl):
    """Rapid Fire and Accurate apply to a share of attacks: the average of the two cases."""
    assert dice.rapid_fire_attacks(2, share) == (1 - share) * 2 + share * (2 + 1)
    assert dice.accurate_target(skl, share) == (1 - share) * skl + share * (skl - 2)
    assert dice.unwieldy_target(skl) == skl + 2
    # the hit chance of the averaged target, with the targets away from the ends
    assert dice.p(dice.accurate_target(skl, share)) == \
        (1 - share) * dice.p(skl) + share * dice.p(skl - 2)


def test_a_kept_chance_is_the_chance_worked_out_afresh():
    """Each chance is kept once worked out: asked again, by an int or the same value as a
    fraction, it is the same exact value the working gives."""
    for target in TARGETS:
        assert dice.p(target) == dice.p.__wrapped__(target)
        assert dice.p(Fraction(target)) == dice.p.__wrapped__(Fraction(target))
        for skilled, torrent, crit_only in product([False, True], repeat=3):
            options = {"skilled": skilled, "torrent": torrent, "crit_only": crit_only}
            assert dice.hit(target, **options) == dice.hit.__wrapped__(target, **options)
            assert dice.hit_crit(target, **options) == \
                dice.hit_crit.__wrapped__(target, **options)
        assert dice.command_pass(target, fearless=True) == \
            dice.command_pass.__wrapped__(target, fearless=True)
    assert dice.p(Fraction(15, 2)) == Fraction(11, 24)  # 5.5 faces of 12
    assert dice.defence_fail(7, 1, resilient=True) == \
        dice.defence_fail.__wrapped__(7, 1, resilient=True) == Fraction(3, 8)
    assert dice.expected_damage(2, 6, 1, 1, 7, skilled=True, rending=1) == \
        dice.expected_damage.__wrapped__(2, 6, 1, 1, 7, skilled=True, rending=1)
    assert dice.stealth_factor(7, 2) == Fraction(3, 2)
    assert type(dice.p(7)) is Fraction and type(dice.hit(7, torrent=True)) is Fraction
