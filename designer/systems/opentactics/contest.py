"""One contest of an OpenTactics assault, exact: an OFF pool against a DEF pool through
the roll, bump, re-roll and tally phases (core rules, ASSAULTS).

Tally: both pools sorted highest first, the OFF die against the DEF die of the same
place; a tie moves on to the next; the first OFF die that no DEF die matches defeats.
That is Python's order on the sorted tuples (a proper prefix is the smaller), so
`off > dfn` is the whole tally: an empty DEF pool loses to any OFF die.

Bump phase: from the initiator the players alternate, each using one bump on one of its
own dice or passing; a die stays within 1-6, + bumps are optional, a - bump must be
used (a player holding one may not pass), the phase ends when both pass in turn.
Re-roll phase: the same alternation from the initiator, one re-roll a turn, each
re-rolling one of its own dice; the new result stands as rolled (the bump phase is
over, so a bump used on that die is lost).

`full_chance` plays both phases out by minimax over that alternation (`_play`), the
OFF side maximising the chance its pool wins, the DEF side minimising it. Its values are
whole numbers: a state's chance times 6**(re-rolls left), so a re-roll's value is the
sum of its six children and no Fraction is built inside the search.

`chance` gives the same value faster. The tally only compares the two sorted tuples,
and a player's bumps touch only its own dice, so each player's best bump play is its
own pool made as high in tally order as its bumps allow, whatever the other does: each
pool settles on its own (`settle`), and only the re-roll phase is searched. Without
re-rolls that is a proof; with them it is checked against `full_chance`: the tests
compare the two, and 4,356 pairs of pools were compared when this was written (1 to 3
dice, up to two bumps from -1 to +4 a pool, up to two re-rolls a side, either side
first), all equal.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import product
from typing import NamedTuple

Roll = tuple[int, ...]  # die results, highest first

MAX_DICE = 3


class Pool(NamedTuple):
    """A side's dice in one contest: how many, its bumps (sorted) and its re-rolls."""

    dice: int
    bumps: tuple[int, ...] = ()
    rerolls: int = 0

    @classmethod
    def of(cls, dice: int, bumps: list[int] | tuple[int, ...] = (), rerolls: int = 0
           ) -> Pool:
        """A pool in its canonical, hashable form (bumps of 0 do nothing; no dice, no
        use for bumps or re-rolls)."""
        if dice <= 0:
            return cls(0)
        return cls(dice, tuple(sorted(b for b in bumps if b)), max(0, rerolls))


def _sorted(values: list[int] | tuple[int, ...]) -> Roll:
    return tuple(sorted(values, reverse=True))


@cache
def rolls(n: int) -> tuple[tuple[Roll, int], ...]:
    """Every result of `n` dice as a sorted tuple, with how many of the 6**n ordered
    rolls give it."""
    counts = Counter(_sorted(r) for r in product(range(1, 7), repeat=n))
    return tuple(counts.items())


def _replace(roll: Roll, value: int, new: int) -> Roll:
    """`roll` with one die showing `value` turned to `new`, sorted again."""
    out = list(roll)
    out[out.index(value)] = new
    return _sorted(out)


def _clamp(value: int) -> int:
    return 1 if value < 1 else 6 if value > 6 else value


def _without(bumps: tuple[int, ...], bump: int) -> tuple[int, ...]:
    i = bumps.index(bump)
    return bumps[:i] + bumps[i + 1:]


@cache
def settle(roll: Roll, bumps: tuple[int, ...]) -> Roll:
    """The highest pool (in tally order) a player makes of `roll` with `bumps`, using
    each - bump and any + bumps, one at a time in any order on any dice."""
    if not roll or not bumps:
        return roll
    best: Roll | None = None if any(b < 0 for b in bumps) else roll
    for bump in set(bumps):
        rest = _without(bumps, bump)
        for value in set(roll):
            made = settle(_replace(roll, value, _clamp(value + bump)), rest)
            if best is None or made > best:
                best = made
    assert best is not None
    return best


@cache
def settled(dice: int, bumps: tuple[int, ...]) -> tuple[tuple[Roll, int], ...]:
    """The pools a side ends the bump phase with, and their weights out of 6**dice."""
    counts: Counter[Roll] = Counter()
    for roll, weight in rolls(dice):
        counts[settle(roll, bumps)] += weight
    return tuple(counts.items())


def _check(off: Pool, dfn: Pool) -> None:
    if off.dice > MAX_DICE or dfn.dice > MAX_DICE:
        raise ValueError(f"odds are exact for at most {MAX_DICE} dice a pool")


@cache
def chance(off: Pool, dfn: Pool, off_first: bool = True) -> Fraction:
    """The chance the OFF pool defeats the DEF pool, both played as well as they can;
    `off_first` when the OFF side initiated the assault."""
    if off.dice == 0:
        return Fraction(0)
    _check(off, dfn)
    total = 0
    for o, wo in settled(off.dice, off.bumps):
        for d, wd in settled(dfn.dice, dfn.bumps):
            if off.rerolls == 0 and dfn.rerolls == 0:
                total += wo * wd if o > d else 0
            else:
                total += wo * wd * _rr(o, d, off.rerolls, dfn.rerolls, off_first, False)
    return Fraction(total, 6 ** (off.dice + dfn.dice + off.rerolls + dfn.rerolls))


def full_chance(off: Pool, dfn: Pool, off_first: bool = True) -> Fraction:
    """`chance` with the bump phase searched too: every bump on every die at every turn."""
    if off.dice == 0:
        return Fraction(0)
    _check(off, dfn)
    total = 0
    for o, wo in rolls(off.dice):
        for d, wd in rolls(dfn.dice):
            total += wo * wd * _play(o, d, off.bumps, dfn.bumps, off.rerolls, dfn.rerolls,
                                     off_first, False, off_first)
    return Fraction(total, 6 ** (off.dice + dfn.dice + off.rerolls + dfn.rerolls))


@cache
def _play(off: Roll, dfn: Roll, ob: tuple[int, ...], db: tuple[int, ...], orr: int,
          drr: int, off_moves: bool, passed: bool, off_first: bool) -> int:
    """The bump phase: the OFF side's chance to win from here, times 6**(orr + drr);
    `passed` when the last turn was a pass."""
    pool, bumps = (off, ob) if off_moves else (dfn, db)
    options: list[int] = []
    for bump in set(bumps):
        rest = _without(bumps, bump)
        for value in set(pool):
            new = _replace(pool, value, _clamp(value + bump))
            options.append(_play(new, dfn, rest, db, orr, drr, False, False, off_first)
                           if off_moves else
                           _play(off, new, ob, rest, orr, drr, True, False, off_first))
    if not (pool and any(b < 0 for b in bumps)):  # a - bump may not be passed over
        options.append(_rr(off, dfn, orr, drr, off_first, False) if passed else
                       _play(off, dfn, ob, db, orr, drr, not off_moves, True, off_first))
    return max(options) if off_moves else min(options)


@cache
def _faces(roll: Roll, value: int) -> tuple[Roll, ...]:
    """`roll` with a die showing `value` rolled again: the six results."""
    return tuple(_replace(roll, value, face) for face in range(1, 7))


@cache
def _rr(off: Roll, dfn: Roll, orr: int, drr: int, off_moves: bool, passed: bool) -> int:
    """The re-roll phase: the OFF side's chance to win from here, times 6**(orr + drr)."""
    if passed and not (orr if off_moves else drr):  # nothing left to do but pass
        return 6 ** (orr + drr) if off > dfn else 0
    options: list[int] = []
    if off_moves and orr:
        options += [sum(_rr(o, dfn, orr - 1, drr, False, False) for o in _faces(off, v))
                    for v in set(off)]
    elif not off_moves and drr:
        options += [sum(_rr(off, d, orr, drr - 1, True, False) for d in _faces(dfn, v))
                    for v in set(dfn)]
    options.append((6 ** (orr + drr) if off > dfn else 0) if passed else
                   _rr(off, dfn, orr, drr, not off_moves, True))
    return max(options) if off_moves else min(options)


def clear_caches() -> None:
    """Forget every worked value (for timing a cold query)."""
    for cached in (rolls, settle, settled, chance, _play, _faces, _rr):
        cached.cache_clear()
