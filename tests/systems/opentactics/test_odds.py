"""OpenTactics assault odds: hand-worked cases, and the engine against a brute force
written here from the rules text (ordered dice, every bump on every die, the tally walked
die by die), sharing no code with contest.py."""

from __future__ import annotations

import time
from fractions import Fraction
from functools import cache
from itertools import product

import pytest

from designer.errors import InputError
from designer.systems import EngageOptions, system
from designer.systems.opentactics.contest import (
    Pool,
    chance,
    clear_caches,
    full_chance,
    settle,
)

OT = system("opentactics")


# --- an independent brute force ----------------------------------------------------------

def falls(off: list[int], dfn: list[int]) -> bool:
    """The tally as the rules word it: highest OFF against highest DEF, a tie moves on,
    an OFF die nothing matches or beats defeats."""
    o, d = sorted(off, reverse=True), sorted(dfn, reverse=True)
    for i, die in enumerate(o):
        if i >= len(d) or die > d[i]:
            return True
        if die < d[i]:
            return False
    return False


# dice: (A's OFF, B's DEF, B's OFF, A's DEF) as ordered tuples; a bump or a re-roll
# belongs to a player (0: A, 1: B) and names the pool (0-3) it works on
A_OFF, B_DEF, B_OFF, A_DEF = range(4)
OWNER = {A_OFF: 0, A_DEF: 0, B_OFF: 1, B_DEF: 1}


def _utility(dice: tuple) -> Fraction:
    """A's gain: +1 when B falls, -1 when A falls."""
    return (Fraction(falls(list(dice[A_OFF]), list(dice[B_DEF])))
            - Fraction(falls(list(dice[B_OFF]), list(dice[A_DEF]))))


@cache
def brute(dice: tuple, bumps: tuple, rerolls: tuple, phase: str, mover: int,
          passed: bool) -> Fraction:
    """A's value; `bumps` holds (pool, value) and `rerolls` pool numbers, per player."""
    mine = bumps[mover] if phase == "bump" else rerolls[mover]
    values = []
    for k, item in enumerate(mine):
        pool = item[0] if phase == "bump" else item
        left = mine[:k] + mine[k + 1:]
        for i in range(len(dice[pool])):
            if phase == "bump":
                value = min(6, max(1, dice[pool][i] + item[1]))
                new = list(dice)
                new[pool] = (*dice[pool][:i], value, *dice[pool][i + 1:])
                spent = (left, bumps[1]) if mover == 0 else (bumps[0], left)
                values.append(brute(tuple(new), spent, rerolls, phase, 1 - mover, False))
            else:
                spent = (left, rerolls[1]) if mover == 0 else (rerolls[0], left)
                total = Fraction(0)
                for face in range(1, 7):
                    new = list(dice)
                    new[pool] = (*dice[pool][:i], face, *dice[pool][i + 1:])
                    total += brute(tuple(new), bumps, spent, phase, 1 - mover, False)
                values.append(total / 6)
    must_bump = phase == "bump" and any(v < 0 and dice[p] for p, v in mine)
    if not must_bump:
        if not passed:
            values.append(brute(dice, bumps, rerolls, phase, 1 - mover, True))
        elif phase == "bump":
            values.append(brute(dice, bumps, rerolls, "reroll", 0, False))
        else:
            values.append(_utility(dice))
    return max(values) if mover == 0 else min(values)


def brute_force(sizes: tuple[int, int, int, int], bumps: tuple = ((), ()),
                rerolls: tuple = ((), ())) -> Fraction:
    """A's expected gain over every ordered roll of every die."""
    n = sum(sizes)
    total = Fraction(0)
    for roll in product(range(1, 7), repeat=n):
        dice, at = [], 0
        for size in sizes:
            dice.append(tuple(roll[at:at + size]))
            at += size
        total += brute(tuple(dice), bumps, rerolls, "bump", 0, False)
    return total / 6 ** n


# --- hand-worked ---------------------------------------------------------------------------

def test_one_die_against_one_falls_on_15_of_36():
    # the OFF die must beat the DEF die outright: (6,5..1) 5 + (5,4..1) 4 + ... + (2,1) 1 = 15
    assert chance(Pool.of(1), Pool.of(1)) == Fraction(15, 36)


def test_a_plus_one_bump_on_one_die():
    # the bumped die shows 2..6, 6 twice: beats the DEF die 1+2+3+4+5+5 = 20 times in 36
    assert chance(Pool.of(1, [1]), Pool.of(1)) == Fraction(20, 36)


def test_a_minus_one_bump_must_be_used():
    # shows 1,1,2,3,4,5: beats 0+0+1+2+3+4 = 10 of 36
    assert chance(Pool.of(1, [-1]), Pool.of(1)) == Fraction(10, 36)
    # the DEF side's -1: its die shows 1,1,2,3,4,5; a plain OFF die beats those
    # 5+5+4+3+2+1 = 20 times in 36
    assert chance(Pool.of(1), Pool.of(1, [-1])) == Fraction(20, 36)


def test_the_tally_walks_past_ties_and_an_unmatched_die_defeats():
    assert falls([5, 3], [5]) and not falls([5], [5, 3]) and falls([4], [])
    assert not falls([6, 6], [6, 6]) and not falls([6, 2], [5, 6])
    assert chance(Pool.of(1), Pool.of(0)) == 1
    assert chance(Pool.of(0), Pool.of(1)) == 0


def test_settle_puts_plus_bumps_high_and_minus_bumps_low():
    assert settle((5, 1), (1,)) == (6, 1)
    assert settle((6, 3, 3), (1,)) == (6, 4, 3)
    assert settle((5, 4), (-1,)) == (5, 3)
    assert settle((5, 1), (-1,)) == (5, 1)  # on the 1 it does nothing
    assert settle((5, 5), (2, -1)) == (6, 5)  # +2 then -1 on one die: 6, the other kept


def test_one_reroll_by_hand():
    # 1 OFF die with a re-roll vs 1 DEF die: re-roll whenever not winning.
    # P(win) = 15/36 + (21/36)(P(win again | d))... worked over d: for DEF d the OFF
    # side re-rolls a loss (d of 6 faces) and then wins (6-d)/6: sum_d [(6-d) + d(6-d)/6]/36
    expected = sum(Fraction(6 - d) + Fraction(d * (6 - d), 6) for d in range(1, 7)) / 36
    assert chance(Pool.of(1, (), 1), Pool.of(1)) == expected == Fraction(125, 216)


# --- against the brute force -----------------------------------------------------------------

CONTESTS = [
    # (OFF dice, OFF bumps, OFF re-rolls), (DEF dice, DEF bumps, DEF re-rolls)
    ((1, (), 0), (1, (), 0)),
    ((2, (1,), 0), (2, (), 0)),
    ((2, (1,), 0), (1, (-1,), 0)),
    ((1, (2, -1), 0), (2, (1,), 0)),
    ((2, (), 1), (1, (), 0)),
    ((1, (1,), 1), (2, (), 0)),
    ((2, (-1,), 0), (1, (1,), 1)),
    ((1, (1,), 1), (1, (1,), 1)),
    ((2, (1,), 1), (1, (-1,), 1)),
]


@pytest.mark.parametrize("off,dfn", CONTESTS)
def test_a_contest_matches_the_brute_force(off, dfn):
    sizes = (off[0], dfn[0], 0, 0)
    bumps = (tuple((A_OFF, b) for b in off[1]), tuple((B_DEF, b) for b in dfn[1]))
    rerolls = ((A_OFF,) * off[2], (B_DEF,) * dfn[2])
    expected = brute_force(sizes, bumps, rerolls)
    assert chance(Pool.of(*off), Pool.of(*dfn)) == expected
    assert full_chance(Pool.of(*off), Pool.of(*dfn)) == expected


def test_the_def_side_moving_first_matches_the_brute_force():
    # a retaliation contest: B's OFF against A's DEF, A (the DEF side) moves first
    sizes = (0, 0, 1, 2)
    bumps = (((A_DEF, 1),), ((B_OFF, 1),))
    rerolls = ((A_DEF,), (B_OFF,))
    expected = -brute_force(sizes, bumps, rerolls)
    assert chance(Pool.of(1, (1,), 1), Pool.of(2, (1,), 1), off_first=False) == expected


def test_both_contests_played_as_one_alternation_equal_the_two_apart():
    # A's OFF vs B's DEF and B's OFF vs A's DEF in one bump and re-roll alternation:
    # A's gain is P(B falls) - P(A falls) from the contests worked apart
    sizes = (1, 1, 1, 1)
    bumps = (((A_OFF, 1),), ((B_DEF, 1), (B_OFF, -1)))
    rerolls = ((A_OFF, A_DEF), (B_OFF,))
    joint = brute_force(sizes, bumps, rerolls)
    apart = (chance(Pool.of(1, (1,), 1), Pool.of(1, (1,), 0))
             - chance(Pool.of(1, (-1,), 1), Pool.of(1, (), 1), off_first=False))
    assert joint == apart


def test_settling_bumps_first_agrees_with_the_full_search_on_three_dice():
    for off, dfn in [((3, (1,), 1), (3, (2,), 1)), ((3, (-1, 1), 1), (2, (1,), 1)),
                     ((2, (2,), 2), (3, (-1,), 0))]:
        assert chance(Pool.of(*off), Pool.of(*dfn)) == full_chance(Pool.of(*off),
                                                                     Pool.of(*dfn))


# --- units through the contract ------------------------------------------------------------

def unit(name: str, **fields):
    data = {"system": "opentactics", "name": name, "types": ["Infantry"], "athletics": 4,
            **fields}
    return OT.assess(OT.parse_unit(data, OT.bundled_catalog()), OT.bundled_catalog())


MELEE_1 = {"melee": {"off_dice": 1, "def_dice": 1, "range": 1}}


def test_a_save_of_three_halves_the_fall():
    # a Monster defeated by Infantry saves on 1-3 (3 of 6): 15/36 x 1/2
    a = unit("Spear", skills=MELEE_1)
    b = unit("Ogre", types=["Monster"], skills={"melee": {"def_dice": 1}})
    odds = OT.engage(a, b, EngageOptions("melee"))
    assert odds.win == Fraction(15, 72)
    assert sum(o.value for o in odds.outcomes) == 1


def test_no_type_save_in_arcane():
    a = unit("Mage", skills={"arcane": {"off_dice": 1, "range": 3}})
    b = unit("Ogre", types=["Monster"], skills={"arcane": {"def_dice": 1}})
    assert OT.engage(a, b, EngageOptions("arcane")).win == Fraction(15, 36)


def test_retaliation_is_independent_and_sums_to_one():
    a = unit("A", skills={"melee": {"off_dice": 1, "off_bumps": [1], "def_dice": 1,
                                    "range": 1}})
    b = unit("B", skills=MELEE_1)
    odds = OT.engage(a, b, EngageOptions("melee"))
    win, loss = Fraction(20, 36), Fraction(15, 36)
    assert (odds.win, odds.loss) == (win, loss)
    values = {o.key: o.value for o in odds.outcomes}
    assert values == {"b_falls": win * (1 - loss), "a_falls": loss * (1 - win),
                      "both": win * loss, "neither": (1 - win) * (1 - loss)}
    alone = OT.engage(a, b, EngageOptions("melee", retaliation=False))
    assert (alone.win, alone.loss) == (win, 0)


def test_a_flier_evades_a_walker_unless_it_retaliates():
    # Athletics 5 at range 2: a bonus save of 3
    a = unit("Archer", skills={"ballistic": {"off_dice": 1, "range": 4}})
    b = unit("Kite", flight=True, athletics=5,
             skills={"ballistic": {"off_dice": 1, "def_dice": 1, "range": 4}})
    fled = OT.engage(a, b, EngageOptions("ballistic", range=2, retaliation=False))
    assert fled.win == Fraction(15, 36) * Fraction(1, 2)
    fought = OT.engage(a, b, EngageOptions("ballistic", range=2))
    assert fought.win == Fraction(15, 36)


def test_cover_and_higher_ground_are_rerolls():
    a = unit("A", skills=MELEE_1)
    b = unit("B", skills={"melee": {"def_dice": 1}})
    covered = OT.engage(a, b, EngageOptions("melee", extras=(("cover_b", 1),)))
    # B re-rolls a losing DEF die: lose 15/36, then the re-roll still loses (o-1)/6
    assert covered.win == sum(Fraction(o - 1) * Fraction(o - 1, 6) for o in range(1, 7)) / 36
    two = unit("Two", skills={"melee": {"off_dice": 2, "def_dice": 1, "range": 1}})
    high = OT.engage(two, b, EngageOptions("melee", extras=(("higher_b", 1),)))
    assert high.win == covered.win  # one die left, B's re-roll on its DEF


def test_bad_matchups_are_one_line_input_errors():
    a = unit("A", skills=MELEE_1)
    b = unit("B", skills=MELEE_1)
    with pytest.raises(InputError, match="range is 1; 2 is out of it"):
        OT.engage(a, b, EngageOptions("melee", range=2))
    with pytest.raises(InputError, match="cannot assault in Arcane"):
        OT.engage(a, b, EngageOptions("arcane"))
    with pytest.raises(InputError, match="unknown matchup term 'shade'"):
        OT.engage(a, b, EngageOptions("melee", extras=(("shade", 1),)))
    tech = unit("T", skills={"technical": {"off_dice": 1, "range": 1}})
    with pytest.raises(InputError, match="Technical assaults target"):
        OT.engage(tech, b, EngageOptions("technical"))
    big = unit("Big", skills={"melee": {"off_dice": 4, "range": 1}})
    with pytest.raises(InputError, match="at most 3"):
        OT.engage(big, b, EngageOptions("melee"))


def test_a_three_against_three_query_is_well_under_100_ms():
    clear_caches()
    off, dfn = Pool.of(3, (1, 2)), Pool.of(3, (1,))
    start = time.perf_counter()
    chance(off, dfn)
    cold = time.perf_counter() - start
    start = time.perf_counter()
    chance(off, dfn)
    warm = time.perf_counter() - start
    assert cold < 0.1 and warm < 0.001
