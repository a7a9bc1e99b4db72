"""The two tests of an assault where a choice spans both (B retaliates): the higher
ground's one re-roll (on the holder's OFF or DEF pool) or Duelist's one enemy die (OFF
or DEF). It is made when the dice are rolled, with every die in view; then each test
plays on by itself (contest.py), so what follows adds up test by test.

A state of a test is a cell of its table (an OFF result against a DEF result) and
whether the higher ground's re-roll was placed there. The value of the pair of tests is
the vector (P(B loses the tally), P(A loses it), P(both)), exact; a chooser takes the
option best by its key: the net (the enemy's chance to be defeated less its own, after
saves), then its own kills, then the other's, then the chance both fall (the settled
reading: every "may" maximises the chooser's outcome, ties keep more of its own kills).

Each test's gain from the best option there is a number, so the pairs of states
choosing each test are found by sorting, not pair by pair (`one_choice`).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import accumulate


@dataclass(frozen=True)
class Vector:
    """P(B loses the tally), P(A loses the tally), P(both): the joint outcome."""

    b: Fraction
    a: Fraction
    both: Fraction


@dataclass(frozen=True)
class Keys:
    """What the choosers weigh: the chance each, once tallied, stays defeated through its
    saves (A's and B's), as num / den."""

    fall_a: int
    fall_b: int

    def of(self, chooser_a: bool, b: int, a: int, both: int) -> tuple[int, ...]:
        """The chooser's key for a vector (any one scale)."""
        if chooser_a:
            return (self.fall_b * b - self.fall_a * a, self.fall_b * b, b, -a, -both)
        return (self.fall_a * a - self.fall_b * b, self.fall_a * a, a, -b, -both)


@dataclass(frozen=True)
class TestSide:
    """One test seen by a choice: per cell its weight (ordered rolls giving it), its
    chance (x 6**exp) without and with the choice used there (the best way)."""

    weights: Sequence[int]
    plain: Sequence[int]
    chosen: Sequence[int]
    exp: int


def one_choice(t1: TestSide, t2: TestSide, chooser_a: bool, keys: Keys) -> Vector:
    """One choice spanning both tests, the rest of each test its own (see the module)."""
    # the chooser's own test (its kills) is A's test for A, the retaliation for B
    own, other = (t1, t2) if chooser_a else (t2, t1)
    own_wants_high = True  # A raises B's tally chance in test 1; B raises A's in test 2
    fall_own = keys.fall_b if chooser_a else keys.fall_a
    fall_other = keys.fall_a if chooser_a else keys.fall_b
    # effective values: an option is taken only where it helps
    own_eff = [max(p, c) if own_wants_high else min(p, c)
               for p, c in zip(own.plain, own.chosen, strict=True)]
    other_eff = [min(p, c) for p, c in zip(other.plain, other.chosen, strict=True)]
    # gains on one scale: own at 6**own.exp, other at 6**other.exp
    g_own = [fall_own * (e - p) * 6 ** other.exp
             for e, p in zip(own_eff, own.plain, strict=True)]
    g_other = [fall_other * (p - e) * 6 ** own.exp
               for e, p in zip(other_eff, other.plain, strict=True)]
    order = sorted(range(len(g_other)), key=g_other.__getitem__)
    keys_sorted = [g_other[i] for i in order]
    w = [other.weights[i] for i in order]
    w_p = [other.weights[i] * other.plain[i] for i in order]
    w_e = [other.weights[i] * other_eff[i] for i in order]
    cw, cp, ce = ([0, *accumulate(x)] for x in (w, w_p, w_e))
    total_w, total_e = cw[-1], ce[-1]
    own_sum = other_sum = both_sum = 0
    for i, weight in enumerate(own.weights):
        if not weight:
            continue
        p, e, g = own.plain[i], own_eff[i], g_own[i]
        # pairs where the chooser takes its own test: the other's gain below g, or equal
        # when its own gain is positive or raises its kills
        cut = (bisect_right if (g > 0 or e != p) else bisect_left)(keys_sorted, g)
        in_w, in_p = cw[cut], cp[cut]
        out_w, out_e = total_w - in_w, total_e - ce[cut]
        own_sum += weight * (e * in_w + p * out_w)
        other_sum += weight * (in_p + out_e)
        both_sum += weight * (e * in_p + p * out_e)
    scale = (sum(own.weights) * sum(other.weights) * 6 ** (own.exp + other.exp))
    own_p = Fraction(own_sum * 6 ** other.exp, scale)
    other_p = Fraction(other_sum * 6 ** own.exp, scale)
    both = Fraction(both_sum, scale)
    return Vector(own_p, other_p, both) if chooser_a else Vector(other_p, own_p, both)


__all__ = ["Keys", "TestSide", "Vector", "one_choice"]
