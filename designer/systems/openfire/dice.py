"""The d12 maths of Open Fire 0.3, exact: every result is a `Fraction`.

A skill test rolls one d12 against a target T (the attribute after modifiers): a roll
of T or more succeeds, a natural 1 always fails and a natural 12 always succeeds
[116-122]. So the chance to pass is

    p(T) = clamp(13 - T, 1, 11) / 12

Re-rolls [126] come in two kinds: `NOT_ONES` re-rolls a failed die that did not show a 1
(Resilient [464], Skilled [472] as we read it), `ALL` re-rolls any failed die (Fearless
[444]). A die is re-rolled at most once and the second result stands.

Costing (cc1) builds on these: the chance to hit, to crit (a natural 12), to fail a
defence test, and the expected damage of one attack against a reference defender.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Literal

Reroll = Literal["none", "not_ones", "all"]
NONE: Reroll = "none"
NOT_ONES: Reroll = "not_ones"
ALL: Reroll = "all"

SIDES = 12
ONE = Fraction(1, SIDES)  # the chance of any one face
Number = int | Fraction
#: the chances are exact fractions of a few small numbers, asked for again by every model
#: and weapon of a force: each is worked out once (the results are immutable)
_known = lru_cache(maxsize=4096)


@_known
def p(target: Number) -> Fraction:
    """The chance to pass a skill test against `target` (after modifiers)."""
    faces = min(max(13 - Fraction(target), Fraction(1)), Fraction(11))
    return faces / SIDES


def fail(target: Number) -> Fraction:
    return 1 - p(target)


def with_reroll(chance: Fraction, reroll: Reroll = NONE) -> Fraction:
    """The chance to pass when failures may be rolled again. `chance` is one roll's
    chance to pass; a natural 1 is always among the failures (ONE of them)."""
    if reroll == NONE:
        return chance
    again = 1 - chance if reroll == ALL else max(Fraction(0), 1 - chance - ONE)
    return chance + again * chance


def crit(chance: Fraction, reroll: Reroll = NONE) -> Fraction:
    """The chance that the die which stands shows a natural 12 (a critical success)."""
    if reroll == NONE:
        return ONE
    again = 1 - chance if reroll == ALL else max(Fraction(0), 1 - chance - ONE)
    return ONE + again * ONE


@_known
def hit(skl: Number, *, skilled: bool = False, torrent: bool = False,
        crit_only: bool = False) -> Fraction:
    """The chance one attack hits: a Battle Skill test against `skl` (modifiers already
    added). `crit_only`: only a natural 12 hits (a weapon without Assault in assault
    range [166]); `torrent`: every attack hits [534]."""
    if torrent:
        return Fraction(1)
    chance = ONE if crit_only else p(skl)
    return with_reroll(chance, NOT_ONES if skilled else NONE)


@_known
def hit_crit(skl: Number, *, skilled: bool = False, torrent: bool = False,
             crit_only: bool = False) -> Fraction:
    """The chance one attack's standing die is a natural 12."""
    if torrent:
        return ONE  # nothing fails, so nothing is rolled again
    chance = ONE if crit_only else p(skl)
    return crit(chance, NOT_ONES if skilled else NONE)


@_known
def defence_fail(defence: Number, prc: int = 0, *, resilient: bool = False,
                 heavy_armour: int = 0) -> Fraction:
    """The chance one defence test fails: the roll is lowered by the weapon's PRC [321],
    itself lowered by Heavy Armour (not below 0) [452]; Resilient re-rolls a failure
    that did not show a 1 [464]."""
    piercing = max(0, prc - heavy_armour)
    failed = fail(Fraction(defence) + piercing)
    if resilient:
        return ONE + (failed - ONE) * failed
    return failed


def damage_per_hit(dmg: int, heavy_armour: int = 0) -> int:
    """The defence tests one hit forces: DMG lowered by Heavy Armour, not below 1."""
    return max(1, dmg - heavy_armour)


@_known
def expected_damage(att: Number, skl: Number, dmg: int, prc: int, defence: Number, *,
                    skilled: bool = False, torrent: bool = False, crit_only: bool = False,
                    rending: int = 0, impact: bool = False, resilient: bool = False,
                    heavy_armour: int = 0) -> Fraction:
    """The expected damage of `att` attacks: each hit forces one defence test a point of
    DMG; a crit also deals Rending X at once [530] and, with Impact, counts as a second
    hit [518]."""
    h = hit(skl, skilled=skilled, torrent=torrent, crit_only=crit_only)
    c = hit_crit(skl, skilled=skilled, torrent=torrent, crit_only=crit_only)
    tests = damage_per_hit(dmg, heavy_armour)
    f = defence_fail(defence, prc, resilient=resilient, heavy_armour=heavy_armour)
    per_attack = h * tests * f + c * rending + (c * tests * f if impact else 0)
    return Fraction(att) * per_attack


def rapid_fire_attacks(att: Number, within_half: Number) -> Fraction:
    """ATT on average when a share `within_half` of attacks is within half the maximum
    range, where Rapid Fire adds 1 [526]."""
    return Fraction(att) + Fraction(within_half)


def accurate_target(skl: Number, stationary: Number) -> Fraction:
    """The Battle Skill target on average when a share `stationary` of attacks is made
    without moving, where Accurate gives +2 [498]."""
    return Fraction(skl) - 2 * Fraction(stationary)


def unwieldy_target(skl: Number) -> Fraction:
    """The Battle Skill target of an Unwieldy weapon: -2 on the roll [542]."""
    return Fraction(skl) + 2


@_known
def command_pass(cmd: Number, *, fearless: bool = False) -> Fraction:
    """The chance to pass a command test; Fearless re-rolls any failure [444]."""
    return with_reroll(p(cmd), ALL if fearless else NONE)


@_known
def stealth_factor(skl: Number, stealth: int) -> Fraction:
    """How much longer a Stealth (X) model lasts against an attacker of `skl`: the
    attacker's hit chance without the -X over the chance with it [484]."""
    if stealth <= 0:
        return Fraction(1)
    return p(skl) / p(Fraction(skl) + stealth)


def percent(chance: Fraction) -> str:
    """'58%': a chance rounded to a whole percent, for people."""
    return f"{round(chance * 100)}%"
