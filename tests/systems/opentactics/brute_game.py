"""The brute force's dice: the roll and the choices spanning both tests (`Assault`), then
each test by itself (`Trial`), every choice at every turn searched over ordered dice."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product

A_OFF, B_DEF, B_OFF, A_DEF = range(4)


def tally(off: tuple, dfn: tuple, twice_off: bool, twice_def: bool) -> bool:
    """Highest against highest, a tie moves on, an unmatched OFF die defeats."""
    o = sorted(off * (2 if twice_off else 1), reverse=True)
    d = sorted(dfn * (2 if twice_def else 1), reverse=True)
    for i, die in enumerate(o):
        if i >= len(d) or die > d[i]:
            return True
        if die < d[i]:
            return False
    return False


def key(v: tuple, chooser: int, fa: Fraction, fb: Fraction) -> tuple:
    """A chooser's order on outcomes (b, a, both): the net, its kills, the other's..."""
    b, a, both = v
    if chooser == 0:
        return (fb * b - fa * a, fb * b, b, -a, -both)
    return (fa * a - fb * b, fa * a, a, -b, -both)


def _with(dice: tuple, pool: int, i: int, face: int) -> tuple:
    new = list(dice)
    new[pool] = (*dice[pool][:i], face, *dice[pool][i + 1:])
    return tuple(new)


def _mean(values: list) -> object:
    if isinstance(values[0], tuple):
        return tuple(sum(x) / len(values) for x in zip(*values, strict=True))
    return sum(values) / len(values)


class Trial:
    """One test from the roll on, every choice searched: its OFF side (0) plays for the
    tally, its DEF side (1) against it; `first` is the side that initiated the
    assault. Windows, Hex and Venomous list (side, kind, pools) in the order they act;
    pools 0 (OFF) and 1 (DEF)."""

    def __init__(self, first, windows, bumps, hexes, venoms, twice):
        self.first, self.windows, self.bumps0 = first, windows, bumps
        self.hexes, self.venoms, self.twice = hexes, venoms, twice
        for name in ("window", "bump", "hex", "reroll", "venom"):
            setattr(self, name, cache(getattr(self, name)))

    @staticmethod
    def best(options: list, side: int) -> Fraction:
        return max(options) if side == 0 else min(options)

    @staticmethod
    def one_die(dice: tuple, pools, then) -> list:
        return [_mean([then(_with(dice, p, i, f)) for f in range(1, 7)])
                for p in pools for i in range(len(dice[p]))]

    def window(self, dice: tuple, k: int, left: tuple, rr: tuple) -> Fraction:
        """Window k's side uses what is `left` of its re-rolls in any order."""
        if k == len(self.windows):
            return self.bump(dice, self.bumps0, rr, self.first, False)
        side, moves = self.windows[k]
        options = [self.window(dice, k + 1, tuple(range(len(self.windows[k + 1][1])))
                               if k + 1 < len(self.windows) else (), rr)]
        for j in left:
            rest = tuple(x for x in left if x != j)
            kind, pools = moves[j]

            def then(d, rest=rest):
                return self.window(d, k, rest, rr)

            if kind == "one":
                options += self.one_die(dice, pools, then)
            else:
                (pool,) = pools
                options.append(_mean([then(_with_all(dice, pool, faces)) for faces in
                                      product(range(1, 7), repeat=len(dice[pool]))]))
        return self.best(options, side)

    def bump(self, dice: tuple, bumps: tuple, rr: tuple, mover: int, passed: bool):
        options = []
        for j, value in enumerate(bumps[mover]):
            if value in bumps[mover][:j]:
                continue
            rest = list(bumps)
            rest[mover] = bumps[mover][:j] + bumps[mover][j + 1:]
            for i, die in enumerate(dice[mover]):
                options.append(self.bump(_with(dice, mover, i, min(6, max(1, die + value))),
                                         tuple(rest), rr, 1 - mover, False))
        if not (dice[mover] and any(v < 0 for v in bumps[mover])):
            options.append(self.hex(dice, 0, rr) if passed else
                           self.bump(dice, bumps, rr, 1 - mover, True))
        return self.best(options, mover)

    def hex(self, dice: tuple, k: int, rr: tuple) -> Fraction:
        if k == len(self.hexes):
            return self.reroll(dice, rr, self.first, False)
        options = [self.hex(dice, k + 1, rr)]
        options += self.one_die(dice, (0, 1), lambda d: self.hex(d, k + 1, rr))
        return self.best(options, self.hexes[k])

    def reroll(self, dice: tuple, rr: tuple, mover: int, passed: bool) -> Fraction:
        options = []
        if rr[mover]:
            left = tuple(x - (i == mover) for i, x in enumerate(rr))
            options += self.one_die(dice, (mover,),
                                    lambda d: self.reroll(d, left, 1 - mover, False))
        options.append(self.venom(dice, 0) if passed else
                       self.reroll(dice, rr, 1 - mover, True))
        return self.best(options, mover)

    def venom(self, dice: tuple, k: int) -> Fraction:
        if k == len(self.venoms):
            return Fraction(bool(dice[0]) and tally(dice[0], dice[1], *self.twice))
        options = [self.venom(dice, k + 1)]
        options += self.one_die(dice, (1,), lambda d: self.venom(d, k + 1))
        return self.best(options, self.venoms[k])


def _with_all(dice: tuple, pool: int, faces: tuple) -> tuple:
    return tuple(faces if i == pool else x for i, x in enumerate(dice))


class Staged(Trial):
    """A test's roll-phase windows, bump phase and Hex, each choice by its chooser's key
    on the whole assault (`choosers`: who plays its OFF side, its DEF side), the value
    as the re-roll phase starts given by `end`."""

    def __init__(self, trial: Trial, end, choosers: tuple, fa: Fraction, fb: Fraction):
        self.end, self.choosers, self.fa, self.fb = end, choosers, fa, fb
        super().__init__(trial.first, trial.windows, trial.bumps0, trial.hexes, trial.venoms,
                         trial.twice)

    def best(self, options: list, side: int):  # type: ignore[override]
        return max(options, key=lambda v: key(v, self.choosers[side], self.fa, self.fb))

    def reroll(self, dice: tuple, rr: tuple, mover: int, passed: bool):  # the phase starts
        return self.end(dice)


class Assault:
    """The roll and the choices spanning both tests, then each test by itself. With
    `late`, the higher ground's choice is made where the rules put it (l.100: in the
    re-roll phase): both tests' earlier phases are played first (A's test, then the
    retaliation), every choice there foreseeing the holder's, which it makes as the
    re-roll phase starts, seeing every die."""

    late = False

    def __init__(self, crosses, tests, rr, ret, fa, fb):
        self.crosses, self.tests, self.rr0 = crosses, tests, rr
        self.ret, self.fa, self.fb = ret, fa, fb
        self.cross = cache(self.cross)

    def in_the_reroll_phase(self, dice: tuple, extra: tuple, who: int, pools: tuple) -> tuple:
        t1, t2 = self.tests
        rr = [x + y for x, y in zip(self.rr0, extra, strict=True)]

        def chosen(d1: tuple, d2: tuple) -> tuple:
            options = []
            for p in pools:
                r = [x + (i == p) for i, x in enumerate(rr)]
                b = t1.reroll(d1, (r[A_OFF], r[B_DEF]), t1.first, False)
                a = t2.reroll(d2, (r[B_OFF], r[A_DEF]), t2.first, False)
                options.append((b, a, b * a))
            return max(options, key=lambda v: key(v, who, self.fa, self.fb))

        def retaliation(d1: tuple) -> tuple:
            second = Staged(t2, lambda d2: chosen(d1, d2), (1, 0), self.fa, self.fb)
            return second.window((dice[B_OFF], dice[A_DEF]), 0, _all(t2, 0), (0, 0))

        first = Staged(t1, retaliation, (0, 1), self.fa, self.fb)
        return first.window((dice[A_OFF], dice[B_DEF]), 0, _all(t1, 0), (0, 0))

    def cross(self, dice: tuple, k: int, extra: tuple) -> tuple:
        if k == len(self.crosses):
            rr = [x + y for x, y in zip(self.rr0, extra, strict=True)]
            t1 = self.tests[0]
            b = t1.window((dice[A_OFF], dice[B_DEF]), 0, _all(t1, 0), (rr[A_OFF], rr[B_DEF]))
            if not self.ret:
                return b, Fraction(0), Fraction(0)
            t2 = self.tests[1]
            a = t2.window((dice[B_OFF], dice[A_DEF]), 0, _all(t2, 0), (rr[B_OFF], rr[A_DEF]))
            return b, a, b * a
        kind, who, pools = self.crosses[k]
        if kind == "duel":
            options = [self.cross(dice, k + 1, extra)]
            options += [_mean([self.cross(_with(dice, p, i, f), k + 1, extra)
                               for f in range(1, 7)])
                        for p in pools for i in range(len(dice[p]))]
        elif self.late and self.ret and k + 1 == len(self.crosses):
            return self.in_the_reroll_phase(dice, extra, who, pools)
        else:
            options = [self.cross(dice, k + 1, tuple(x + (i == p) for i, x in enumerate(extra)))
                       for p in pools]
        return max(options, key=lambda v: key(v, who, self.fa, self.fb))


def _all(test: Trial, k: int) -> tuple:
    return tuple(range(len(test.windows[k][1]))) if test.windows else ()
