"""One test of an assault (contest.py): hand-worked cases, and the engine against the
brute force of one test (brute.py: ordered dice, every bump on every die, every re-roll
at every turn), sharing no code with the engine."""

from __future__ import annotations

import time
from fractions import Fraction
from itertools import product

import pytest

from designer.systems.opentactics.contest import (
    Contest,
    Pool,
    Window,
    after_roll,
    chance,
    start_table,
)
from designer.systems.opentactics.dice import settle
from designer.systems.opentactics.odds import clear_caches
from designer.systems.opentactics.reroll import _behind, _phase, tally_table
from tests.systems.opentactics.brute_game import Trial, tally
from tests.systems.opentactics.bump_tables import bump_search


def brute_test(test: Contest) -> Fraction:
    """The brute force of one test: the mean over every ordered roll."""
    game = Trial(0 if test.off_first else 1,
                 [(0 if w.off_side else 1, tuple(_move(m) for m in w.moves))
                  for w in test.windows],
                 (test.off.bumps, test.dfn.bumps),
                 [0 if w.off_side else 1 for w in test.bump_windows],
                 [0 if w.off_side else 1 for w in test.end_windows],
                 (test.off_twice, test.def_twice))
    total, count = Fraction(0), 0
    for roll in product(range(1, 7), repeat=test.off.dice + test.dfn.dice):
        dice = (roll[:test.off.dice], roll[test.off.dice:])
        left = tuple(range(len(test.windows[0].moves))) if test.windows else ()
        total += game.window(dice, 0, left, (test.off.rerolls, test.dfn.rerolls))
        count += 1
    return total / count


def _move(name: str) -> tuple:
    return {"all_off": ("all", (0,)), "all_def": ("all", (1,)), "one_off": ("one", (0,)),
            "one_def": ("one", (1,)), "one_any": ("one", (0, 1))}[name]


def contest(off, dfn, **kw) -> Contest:
    return Contest(Pool.of(*off), Pool.of(*dfn), **kw)


# --- hand-worked ---------------------------------------------------------------------------

def test_one_die_against_one_falls_on_15_of_36():
    # the OFF die must beat the DEF die outright: (6,5..1) 5 + (5,4..1) 4 + ... + (2,1) 1 = 15
    assert chance(contest((1,), (1,))) == Fraction(15, 36)


def test_a_plus_one_bump_on_one_die():
    # the bumped die shows 2..6, 6 twice: beats the DEF die 1+2+3+4+5+5 = 20 times in 36
    assert chance(contest((1, [1]), (1,))) == Fraction(20, 36)


def test_a_minus_one_bump_must_be_used():
    # shows 1,1,2,3,4,5: beats 0+0+1+2+3+4 = 10 of 36
    assert chance(contest((1, [-1]), (1,))) == Fraction(10, 36)
    # the DEF side's -1: its die shows 1,1,2,3,4,5; a plain OFF die beats those
    # 5+5+4+3+2+1 = 20 times in 36
    assert chance(contest((1,), (1, [-1]))) == Fraction(20, 36)


def test_the_tally_walks_past_ties_and_an_unmatched_die_defeats():
    assert tally((5, 3), (5,), False, False) and not tally((5,), (5, 3), False, False)
    assert not tally((6, 6), (6, 6), False, False) and not tally((6, 2), (5, 6), False, False)
    assert chance(contest((1,), (0,))) == 1
    assert chance(contest((0,), (1,))) == 0


def test_counting_twice_turns_a_tie_into_a_win():
    # OFF 6 against DEF 6: a tie holds; counted twice, (6, 6) against (6) has an unmatched 6
    assert tally((6,), (6,), True, False) and not tally((6,), (6,), True, True)
    # 1 die against 1, OFF counted twice: a tie also wins: 15 + 6 = 21 of 36
    assert chance(contest((1,), (1,), off_twice=True)) == Fraction(21, 36)


def test_settle_puts_plus_bumps_high_and_minus_bumps_low():
    assert settle((5, 1), (1,)) == (6, 1)
    assert settle((6, 3, 3), (1,)) == (6, 4, 3)
    assert settle((5, 4), (-1,)) == (5, 3)
    assert settle((5, 1), (-1,)) == (5, 1)  # on the 1 it does nothing
    assert settle((5, 5), (2, -1)) == (6, 5)  # +2 then -1 on one die: 6, the other kept


def test_one_reroll_by_hand():
    # 1 OFF die with a re-roll vs 1 DEF die: re-roll whenever not winning. For DEF d the
    # OFF side wins at once on 6-d faces, re-rolls the other d and wins (6-d)/6 of those
    expected = sum(Fraction(6 - d) + Fraction(d * (6 - d), 6) for d in range(1, 7)) / 36
    assert chance(contest((1, (), 1), (1,))) == expected == Fraction(125, 216)


def test_a_window_reroll_of_all_dice_by_hand():
    # Stout-like: the DEF side re-rolls its one die when the OFF die beats it: the same
    # as a re-roll-phase re-roll here, 15/36 falls to sum_o (o-1)^2/6 / 36 = 55/216
    stout = contest((1,), (1,), windows=(Window(False, ("all_def",)),))
    assert chance(stout) == Fraction(55, 216)


# --- against the brute force ------------------------------------------------------------

CONTESTS = [
    # (OFF dice, OFF bumps, OFF re-rolls), (DEF dice, DEF bumps, DEF re-rolls), extras
    ((1, (), 0), (1, (), 0), {}),
    ((2, (1,), 0), (2, (), 0), {}),
    ((2, (1,), 0), (1, (-1,), 0), {}),
    ((1, (2, -1), 0), (2, (1,), 0), {}),
    ((2, (), 1), (1, (), 0), {}),
    ((1, (1,), 1), (2, (), 0), {"off_first": False}),
    ((2, (-1,), 0), (1, (1,), 1), {}),
    ((1, (1,), 1), (1, (1,), 1), {"off_first": False}),
    ((2, (1,), 1), (1, (-1,), 1), {}),
    ((2, (), 0), (1, (), 0), {"windows": (Window(True, ("all_off", "one_any")),
                                         Window(False, ("one_off",)))}),
    ((1, (1,), 1), (2, (), 0), {"windows": (Window(False, ("all_def",)),)}),
    ((2, (1,), 0), (1, (1,), 1), {"bump_windows": (Window(False, ("one_any",)),)}),
    ((1, (1,), 1), (2, (-1,), 0), {"end_windows": (Window(True, ("one_def",)),)}),
    ((2, (1,), 0), (1, (), 1), {"off_twice": True, "bump_windows": (Window(False,
                                                                          ("one_any",)),),
                                "end_windows": (Window(True, ("one_def",)),)}),
    ((1, (), 0), (2, (1,), 1), {"def_twice": True, "off_first": False,
                                "windows": (Window(False, ("one_any",)),
                                            Window(True, ("all_off",)))}),
]


@pytest.mark.parametrize("off,dfn,extras", CONTESTS)
def test_a_contest_matches_the_brute_force(off, dfn, extras):
    test = contest(off, dfn, **extras)
    assert chance(test) == brute_test(test)


def test_settling_bumps_first_agrees_with_the_bump_search_on_three_dice():
    for off, dfn in [((3, (1,), 1), (3, (2,), 1)), ((3, (-1, 1), 1), (2, (1,), 1)),
                     ((2, (2,), 2), (3, (-1,), 0)), ((3, (1, 1), 0), (3, (-1, 2), 2))]:
        test = contest(off, dfn)
        searched = bump_search(start_table(test), test).values()
        assert after_roll(test).values() == searched


@pytest.mark.slow
def test_a_three_against_three_query_is_well_under_100_ms():
    clear_caches()
    test = contest((3, (1, 2), 2), (3, (1,), 2))
    start = time.perf_counter()
    chance(test)
    cold = time.perf_counter() - start
    start = time.perf_counter()
    chance(test)
    warm = time.perf_counter() - start
    assert cold < 0.1 and warm < 0.005


def test_the_side_behind_rerolls_is_the_phase_played_turn_by_turn():
    # ending in the bare tally, the phase worked as "the side behind re-rolls" equals it
    # played turn by turn, whoever begins, for every pool size and re-roll count to 2
    # (to 4 in the long run: test_the_side_behind_rerolls_up_to_four_rerolls)
    _behind_equals_turn_by_turn(range(3))


@pytest.mark.slow
def test_the_side_behind_rerolls_up_to_four_rerolls():
    _behind_equals_turn_by_turn(range(5))


def _behind_equals_turn_by_turn(counts: range) -> None:
    for n_off, n_def, ro, rd in product(range(4), range(4), counts, counts):
        for twice in ((False, False), (True, False)):
            end = tally_table(n_off, n_def, *twice)
            pair = frozenset({(ro, rd)})
            behind = _behind(end, n_off, n_def, ro, rd, pair)[(ro, rd)].values()
            for first in (True, False):
                played = _phase(end, n_off, n_def, ro, rd, first, pair)[(ro, rd)].values()
                assert behind == played
