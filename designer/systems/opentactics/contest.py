"""One test of an OpenTactics assault, exact: an OFF pool against a DEF pool through the
roll, bump, re-roll and tally phases (core rules, ASSAULTS), with what abilities do in
each phase's window. A's assault is one test (A's OFF against B's DEF); B's retaliation
another (B's OFF against A's DEF), with A moving first in both (A initiated).

Worked backwards from the tally, each step a table over every OFF result against every
DEF result (tables.py, moves.py):

- after the re-roll phase: re-rolls then (Venomous: the OFF side re-rolls a DEF die);
- the re-roll phase (reroll.py);
- the end of the bump phase: re-rolls then (Hex: the DEF side re-rolls one die);
- the bump phase: each side settles its own pool (dice.settle), or, where a later
  re-roll of a chosen die follows (Hex, Venomous), the phase is played out (bumps.py:
  a lower pool can then be the better one);
- the end of the roll phase: each side's abilities (Frenzy, Stout, Fate Weaver,
  Duelist), A's first, each side using its own in the order it likes, seeing each
  result (every subset and order is tried);
- the roll: the mean over every result.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from designer.systems.opentactics import bumps, moves
from designer.systems.opentactics.dice import MAX_DICE, settled, weights
from designer.systems.opentactics.reroll import phase, tally_table
from designer.systems.opentactics.tables import Table

#: what a side may do at the end of the roll phase, with its re-roll
WINDOW_MOVES = ("all_off", "all_def", "one_any", "one_off", "one_def")


class Pool(NamedTuple):
    """A side's dice in one test: how many, its bumps (sorted) and its re-rolls in the
    re-roll phase."""

    dice: int
    bumps: tuple[int, ...] = ()
    rerolls: int = 0

    @classmethod
    def of(cls, dice: int, bumps: list[int] | tuple[int, ...] = (), rerolls: int = 0
           ) -> Pool:
        """A pool in its canonical, hashable form (bumps of 0 do nothing; no dice, no use
        for bumps or re-rolls)."""
        if dice <= 0:
            return cls(0)
        return cls(dice, tuple(sorted(b for b in bumps if b)), max(0, rerolls))


class Window(NamedTuple):
    """One side's re-rolls at the end of the roll phase, each usable once."""

    off_side: bool
    moves: tuple[str, ...]


class Contest(NamedTuple):
    """One test: `off_first` when the OFF side initiated the assault; the sides' re-rolls
    at the end of the roll phase (`windows`), of the bump phase (`bump_windows`: Hex)
    and after the re-roll phase (`end_windows`: Venomous), each in the order they act."""

    off: Pool
    dfn: Pool
    off_twice: bool = False
    def_twice: bool = False
    off_first: bool = True
    windows: tuple[Window, ...] = ()
    bump_windows: tuple[Window, ...] = ()
    end_windows: tuple[Window, ...] = ()

    def check(self) -> None:
        if self.off.dice > MAX_DICE or self.dfn.dice > MAX_DICE:
            raise ValueError(f"odds are exact for at most {MAX_DICE} dice a pool")


#: tables kept for the tests asked most lately: a field of many designs reuses them
#: within a design's matchups and does not hold them all (a table of three dice against
#: three is some 30 kB)
KEPT = 256
#: re-roll phases kept, each with its start for every re-roll count up to its largest
KEPT_PHASES = 48
_phases: OrderedDict[Contest, tuple[int, int, dict]] = OrderedDict()
KEPT_LOCK = threading.Lock()


def _starts(core: Contest, off_rerolls: int, def_rerolls: int, top_off: int,
            top_def: int) -> Table:
    """The re-roll phase's start with these re-rolls: one search gives every count up to
    the largest asked, kept for the next ask (a choice adding one re-roll, a variant)."""
    with KEPT_LOCK:  # the designer works odds in worker threads
        kept = _phases.get(core)
    if kept is None or kept[0] < top_off or kept[1] < top_def:
        if kept is not None:
            top_off, top_def = max(top_off, kept[0]), max(top_def, kept[1])
        n_o, n_d = core.off.dice, core.dfn.dice
        end = tally_table(n_o, n_d, core.off_twice, core.def_twice)
        for window in reversed(core.end_windows):
            end = _window(end, window, n_o, n_d)
        every = tuple((x, y) for x in range(top_off + 1) for y in range(top_def + 1))
        kept = (top_off, top_def, phase(end, n_o, n_d, top_off, top_def, core.off_first,
                                        every, binary=not core.end_windows))
    with KEPT_LOCK:
        _phases[core] = kept
        _phases.move_to_end(core)
        while len(_phases) > KEPT_PHASES:
            _phases.popitem(last=False)
    return kept[2][(off_rerolls, def_rerolls)]


def _core(test: Contest) -> Contest:
    """The test as its re-roll phase sees it (no bumps, no earlier windows, re-rolls
    asked apart): shared by tests that differ only before the phase."""
    return Contest(Pool(test.off.dice), Pool(test.dfn.dice), test.off_twice, test.def_twice,
                   test.off_first and bool(test.end_windows), (), (), test.end_windows)


def start_table(test: Contest, extra_off: int = 0, extra_def: int = 0,
                also: tuple[tuple[int, int], ...] = ()) -> Table:
    """The value at the start of the re-roll phase over settled pools, with `extra_off`
    and `extra_def` re-rolls more; `also` names other extras likely asked next (one
    search gives every count up to the largest)."""
    base = (test.off.rerolls, test.dfn.rerolls)
    asked = [(extra_off, extra_def), *also]
    return _starts(_core(test), base[0] + extra_off, base[1] + extra_def,
                   base[0] + max(x for x, _ in asked), base[1] + max(y for _, y in asked))


@lru_cache(maxsize=KEPT)
def after_roll(test: Contest, extra_off: int = 0, extra_def: int = 0,
               also: tuple[tuple[int, int], ...] = ()) -> Table:
    """The value once the roll-phase window closes, over raw results: the bump phase,
    Hex and the rest to come."""
    n_o, n_d = test.off.dice, test.dfn.dice
    start = start_table(test, extra_off, extra_def, also)
    for window in reversed(test.bump_windows):
        start = _window(start, window, n_o, n_d)
    if not (test.bump_windows or test.end_windows):
        return moves.gather(start, settled(n_o, test.off.bumps), settled(n_d, test.dfn.bumps))
    return bumps.played(start, (n_o, test.off.bumps), (n_d, test.dfn.bumps), test.off_first)


def roll_table(test: Contest, extra_off: int = 0, extra_def: int = 0,
               also: tuple[tuple[int, int], ...] = ()) -> Table:
    """The value as the dice are rolled (before the roll-phase window), over raw
    results."""
    table = after_roll(test, extra_off, extra_def, also)
    for window in reversed(test.windows):
        table = _window(table, window, test.off.dice, test.dfn.dice)
    return table


def _window(table: Table, window: Window, n_o: int, n_d: int) -> Table:
    """One side's window: it uses its re-rolls one at a time, in the order it likes,
    each optional, seeing each result."""
    high = window.off_side
    memo: dict[tuple[str, ...], Table] = {}

    def value(left: tuple[str, ...]) -> Table:
        if left in memo:
            return memo[left]
        options = [table]
        for i, move in enumerate(left):
            if move in left[:i]:
                continue
            rest = value(left[:i] + left[i + 1:])
            options.append(_apply(rest, move, n_o, n_d, high))
        memo[left] = out = moves.choose(options, high) if len(options) > 1 else table
        return out

    return value(tuple(sorted(window.moves)))


def _apply(table: Table, move: str, n_o: int, n_d: int, high: bool) -> Table:
    if move == "all_off":
        return moves.all_off(table, n_o)
    if move == "all_def":
        return moves.all_def(table, n_d)
    if move == "one_off":
        return moves.one_off(table, n_o, high)
    if move == "one_def":
        return moves.one_def(table, n_d, high)
    return moves.choose([moves.one_off(table, n_o, high), moves.one_def(table, n_d, high)],
                        high)


def chance(test: Contest) -> Fraction:
    """The chance the OFF side wins the tally, every choice played as well as it can."""
    if test.off.dice == 0:
        return Fraction(0)
    test.check()
    return mean(roll_table(test), test)


def mean(table: Table, test: Contest) -> Fraction:
    """A table's value over every roll of the test's dice."""
    n_o, n_d = test.off.dice, test.dfn.dice
    return Fraction(table.expectation(weights(n_o), weights(n_d)), 6 ** (n_o + n_d + table.exp))


def forget() -> None:
    """Forget the phases and tables worked so far."""
    with KEPT_LOCK:
        _phases.clear()
    after_roll.cache_clear()
