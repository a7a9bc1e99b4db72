"""The two tests of an assault where a choice spans both (B retaliates): the higher
ground's one re-roll (on the holder's OFF or DEF pool) and Duelist's one enemy die (OFF
or DEF). Each is made when the dice are rolled, with every die in view, A's first; then
each test plays on by itself (contest.py), so what follows the last such choice adds up
test by test.

A state of a test is a cell of its table (an OFF result against a DEF result) and
whether the higher ground's re-roll was placed there. The value of the pair of tests is
the vector (P(B loses the tally), P(A loses it), P(both)), exact; a chooser takes the
option best by its key: the net (the enemy's chance to be defeated less its own, after
saves), then its own kills, then the other's, then the chance both fall (the settled
reading: every "may" maximises the chooser's outcome, ties keep more of its own kills).

One choice: each test's gain from the best option there is a number, so the pairs
choosing each test are found by sorting (`one_choice`). Several in turn: backwards over
the choices, on pairs of classes of states that have the same future (`choices`).
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


@dataclass(frozen=True)
class Option:
    """What a choice may do in one test: re-roll one die (each option a tuple of the six
    cells it leads to, per die the chooser may pick) or place a re-roll there (`flag`)."""

    rolls: Sequence[tuple[int, ...]] = ()
    flag: int | None = None


@dataclass(frozen=True)
class Step:
    """One choice spanning both tests: who makes it and, per test and state, its options
    there (`options(test, cell, flags) -> list[Option]`)."""

    chooser_a: bool
    options: object  # Callable[[int, int, frozenset[int]], list[Option]]
    rolls: bool  # whether any option re-rolls a die (values gain a power of six)


def choices(steps: Sequence[Step], weights: tuple[Sequence[int], Sequence[int]],
            value: object, exps: tuple[int, int], keys: Keys) -> Vector:
    """Several choices in turn (see the module): `value(test, cell, flags)` is a test's
    chance (x 6**exps[test]) once every choice is made, `weights` the cells' rolls."""
    starts = [{(c, frozenset()) for c, w in enumerate(weights[t]) if w} for t in (0, 1)]
    reach = [starts]
    for step in steps:  # the states each test can be in before each step
        nxt = [set(), set()]
        for t in (0, 1):
            for cell, flags in reach[-1][t]:
                nxt[t].add((cell, flags))
                for option in step.options(t, cell, flags):
                    nxt[t].update((c, flags) for roll in option.rolls for c in roll)
                    if option.flag is not None:
                        nxt[t].add((cell, flags | {option.flag}))
        reach.append(nxt)
    # after the last choice: a state's class is its chance
    classes = [{s: value(t, *s) for s in reach[-1][t]} for t in (0, 1)]
    ids = [_number(classes[t]) for t in (0, 1)]
    chance = [[0] * len(set(ids[t].values())) for t in (0, 1)]
    for t in (0, 1):
        for s, k in ids[t].items():
            chance[t][k] = classes[t][s]
    s1, s2 = 6 ** exps[0], 6 ** exps[1]
    table = [[(p1 * s2, p2 * s1, p1 * p2) for p2 in chance[1]] for p1 in chance[0]]
    for k in range(len(steps) - 1, -1, -1):
        step = steps[k]
        up = 6 if step.rolls else 1
        profiles = []
        for t in (0, 1):
            profile = {}
            for s in reach[k][t]:
                opts = []
                for option in step.options(t, *s):
                    if option.flag is not None:
                        opts.append(("f", ids[t][(s[0], s[1] | {option.flag})]))
                    for roll in option.rolls:
                        opts.append(("r", tuple(sorted(ids[t][(c, s[1])] for c in roll))))
                profile[s] = (ids[t][s], tuple(sorted(opts)))
            profiles.append(profile)
        new_ids = [_number(profiles[t]) for t in (0, 1)]
        reps = [{k2: p for p, k2 in ((profiles[t][s], new_ids[t][s]) for s in profiles[t])}
                for t in (0, 1)]
        new_table = [[None] * len(reps[1]) for _ in range(len(reps[0]))]
        for c1, (n1, opts1) in reps[0].items():
            row = table[n1]
            for c2, (n2, opts2) in reps[1].items():
                vectors = [tuple(x * up for x in row[n2])]
                for kind, o in opts1:
                    vectors.append(_sum_rows(table, o, n2) if kind == "r" else
                                   tuple(x * up for x in table[o][n2]))
                for kind, o in opts2:
                    vectors.append(_sum_cols(row, o) if kind == "r" else
                                   tuple(x * up for x in row[o]))
                new_table[c1][c2] = max(vectors, key=lambda v: keys.of(step.chooser_a, *v))
        table, ids = new_table, new_ids
    # weights of the classes at the start
    w = [[0] * len(table), [0] * len(table[0])]
    for t in (0, 1):
        for (cell, _), k in ids[t].items():
            w[t][k] += weights[t][cell]
    up_total = 6 ** sum(1 for s in steps if s.rolls)
    b = a = both = 0
    for c1, w1 in enumerate(w[0]):
        if not w1:
            continue
        for c2, w2 in enumerate(w[1]):
            if w2:
                vb, va, vboth = table[c1][c2]
                b, a, both = b + w1 * w2 * vb, a + w1 * w2 * va, both + w1 * w2 * vboth
    scale = sum(weights[0]) * sum(weights[1]) * up_total * 6 ** (exps[0] + exps[1])
    return Vector(Fraction(b, scale), Fraction(a, scale), Fraction(both, scale))


def _number(profile: dict) -> dict:
    """States numbered by class: equal profiles, one number."""
    numbers: dict = {}
    return {s: numbers.setdefault(p, len(numbers)) for s, p in profile.items()}


def _sum_rows(table: list, kids: tuple[int, ...], col: int) -> tuple[int, ...]:
    """The six faces of a re-rolled die in the first test, summed."""
    b = a = both = 0
    for k in kids:
        vb, va, vboth = table[k][col]
        b, a, both = b + vb, a + va, both + vboth
    return b, a, both


def _sum_cols(row: list, kids: tuple[int, ...]) -> tuple[int, ...]:
    """The six faces of a re-rolled die in the second test, summed."""
    b = a = both = 0
    for k in kids:
        vb, va, vboth = row[k]
        b, a, both = b + vb, a + va, both + vboth
    return b, a, both


__all__ = ["Keys", "Option", "Step", "TestSide", "Vector", "choices", "one_choice"]
