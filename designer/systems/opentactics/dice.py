"""Dice of one OpenTactics pool as the odds see them: a pool's result is the multiset of
its faces, kept as a tuple sorted highest first and numbered within its size.

The tally (core rules, ASSAULTS): both pools sorted highest first, the OFF die against
the DEF die of the same place; a tie moves on; the first OFF die no DEF die matches
defeats. That is Python's order on the sorted tuples (a proper prefix is the smaller),
so `off > dfn` is the whole tally, an empty DEF pool losing to any OFF die. A pool whose
results "count twice" (an elemental type, Shock, Aurora) shows each result as two
identical results: the doubled tuple.

Bump phase: a player's bumps touch only its own dice, and the tally only compares the
sorted tuples, so each player's best bump play is its own pool made as high in tally
order as its bumps allow (`settle`). The tests compare that with a search of every bump
on every die at every turn (and `bumps.py` plays the bump phase out where a later
re-roll of a chosen die, Hex or Venomous, makes a lower pool the better one).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations_with_replacement, product
from operator import itemgetter

Roll = tuple[int, ...]  # die results, highest first

MAX_DICE = 3
FACES = (1, 2, 3, 4, 5, 6)


@cache
def results(n: int) -> tuple[Roll, ...]:
    """Every result of `n` dice, highest first within each, in a fixed order."""
    return tuple(tuple(sorted(c, reverse=True))
                 for c in combinations_with_replacement(range(6, 0, -1), n))


@cache
def index(n: int) -> dict[Roll, int]:
    return {roll: i for i, roll in enumerate(results(n))}


@cache
def weights(n: int) -> tuple[int, ...]:
    """How many of the 6**n ordered rolls give each result of `results(n)`."""
    counts = Counter(tuple(sorted(r, reverse=True)) for r in product(FACES, repeat=n))
    return tuple(counts[roll] for roll in results(n))


def replaced(roll: Roll, value: int, new: int) -> Roll:
    """`roll` with one die showing `value` turned to `new`, sorted again."""
    out = list(roll)
    out[out.index(value)] = new
    return tuple(sorted(out, reverse=True))


@cache
def rerolls(n: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per result of `n` dice, per distinct face on it: the six results after that die is
    rolled again (by index)."""
    where = index(n)
    return tuple(tuple(tuple(where[replaced(roll, v, f)] for f in FACES)
                       for v in sorted(set(roll), reverse=True))
                 for roll in results(n))


@cache
def reroll_getters(n: int) -> tuple[tuple[itemgetter, ...], ...]:
    """`rerolls(n)` as getters: each picks a die's six results out of a sequence."""
    return tuple(tuple(itemgetter(*kids) for kids in options) for options in rerolls(n))


def doubled(roll: Roll) -> Roll:
    return tuple(v for v in roll for _ in (0, 1))


@cache
def beats(n_off: int, n_def: int, off_twice: bool, def_twice: bool
          ) -> tuple[tuple[bool, ...], ...]:
    """[off][def]: whether that OFF result defeats that DEF result in the tally."""
    offs = [doubled(o) if off_twice else o for o in results(n_off)]
    defs = [doubled(d) if def_twice else d for d in results(n_def)]
    return tuple(tuple(bool(o) and o > d for d in defs) for o in offs)


def _clamp(value: int) -> int:
    return 1 if value < 1 else 6 if value > 6 else value


def without(bumps: tuple[int, ...], bump: int) -> tuple[int, ...]:
    i = bumps.index(bump)
    return bumps[:i] + bumps[i + 1:]


def bumped(roll: Roll, value: int, bump: int) -> Roll:
    """`roll` with one die showing `value` moved by `bump` (never past 1 or 6)."""
    return replaced(roll, value, _clamp(value + bump))


def covers(high: Roll, low: Roll) -> bool:
    """Whether `high` is at least `low` die by die (both sorted, of one size): then it
    does at least as well in the tally and through every re-roll after."""
    return all(h >= x for h, x in zip(high, low, strict=True))


@cache
def frontier(roll: Roll, bumps: tuple[int, ...]) -> tuple[Roll, ...]:
    """The pools a player can end the bump phase with from `roll` (every - bump used,
    any + bumps) that no other such pool covers, highest in tally order first.

    On one die, its - bumps before its + bumps end it highest (a - bump on a 1 and a
    + bump on a 6 are lost), so each bump is placed in that order on some die, or a
    + bump left unused; a pool another covers is dropped as soon as it appears (the
    bumps still to come do at least as well on the pool that covers it)."""
    pools = {roll}
    for bump in sorted(bumps):
        made = {bumped(p, v, bump) for p in pools for v in set(p)} if roll else set(pools)
        if bump > 0:
            made |= pools
        pools = made
        kept: list[Roll] = []
        for p in sorted(pools, reverse=True):
            if not any(covers(k, p) for k in kept):
                kept.append(p)
        pools = set(kept)
    return tuple(sorted(pools, reverse=True))


def settle(roll: Roll, bumps: tuple[int, ...]) -> Roll:
    """The highest pool (in tally order) a player makes of `roll` with `bumps`, using
    each - bump and any + bumps, one at a time in any order on any dice: the highest
    of its frontier (a pool another covers is lower in tally order too)."""
    return frontier(roll, bumps)[0]


@cache
def settled(n: int, bumps: tuple[int, ...]) -> tuple[int, ...]:
    """Per result of `n` dice (by index), the index of the pool its player settles on."""
    where = index(n)
    return tuple(where[settle(roll, bumps)] for roll in results(n))


def forget() -> None:
    """Forget the dice worked out so far."""
    for cached in (frontier, settled, rerolls, beats):
        cached.cache_clear()
