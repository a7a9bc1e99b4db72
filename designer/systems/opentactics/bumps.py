"""The bump phase played out, where what comes after it (Hex at its end, Venomous after
the re-roll phase) can make a lower pool the better one, so the players' choices meet:
from the initiator, each turn one bump on one of the mover's own dice or a pass (not
while holding a - bump); it ends when both pass in turn (core rules, ASSAULTS).

The value after the phase (`leaf`, an OFF result against a DEF result) is monotone: a
pool covering another die by die (`dice.covers`) does at least as well for its side in
the tally and through every re-roll after, whoever re-rolls which die. So between two
such pools a player never needs the lower, and each side's `frontier` (the pools it can
end with that none covers) says what it can reach.

A shortcut makes the phase cheap however many bumps a pool holds. Where the last move
was not a pass, OFF can make any pool P of its frontier and hold it (it never passes
before, so the phase cannot end before): whatever DEF then ends with is in DEF's
frontier or covered by one of it, so OFF is sure of at least max over P of min over
DEF's frontier. DEF likewise holds OFF to at most min over its pools Q of max over OFF's
frontier. Where the two bounds meet, that is the value; only where they differ is the
phase searched turn by turn, each state taking the shortcut again where it can. Across
every roll at once the bounds are two passes over packed rows (tables.py).
"""

from __future__ import annotations

from designer.systems.opentactics.dice import bumped, frontier, index, results, without
from designer.systems.opentactics.tables import Table, best, pack, transpose, unpack

Roll = tuple[int, ...]
Bumps = tuple[int, ...]
#: a state of the phase: OFF's dice and bumps left, DEF's, whether OFF moves, whether
#: the mover's opponent just passed
State = tuple[Roll, Bumps, Roll, Bumps, bool, bool]


def played(leaf: Table, off: tuple[int, Bumps], dfn: tuple[int, Bumps], off_first: bool
           ) -> Table:
    """The value as the bump phase starts, over raw results: `off` and `dfn` are each
    side's dice and bumps, `off_first` whether OFF makes the first move."""
    (n_o, off_bumps), (n_d, def_bumps) = off, dfn
    where_o, where_d = index(n_o), index(n_d)
    reach_o = [tuple(where_o[p] for p in frontier(r, off_bumps)) for r in results(n_o)]
    reach_d = [tuple(where_d[p] for p in frontier(r, def_bumps)) for r in results(n_d)]
    low, high = _bounds(leaf, reach_o, reach_d)
    if low == high:
        return Table(low, leaf.n_rows, leaf.n_cols, leaf.words, leaf.exp)
    game = _Game(leaf.values(), where_o, where_d)
    rows = []
    for i, (lo, hi) in enumerate(zip(low, high, strict=True)):
        if lo == hi:
            rows.append(lo)
            continue
        cells = unpack(lo, leaf.n_cols, leaf.words)
        for j, other in enumerate(unpack(hi, leaf.n_cols, leaf.words)):
            if other != cells[j]:
                cells[j] = game.value((results(n_o)[i], off_bumps, results(n_d)[j],
                                       def_bumps, off_first, False))
        rows.append(pack(cells, leaf.words))
    return Table(rows, leaf.n_rows, leaf.n_cols, leaf.words, leaf.exp)


def _bounds(leaf: Table, reach_o: list[tuple[int, ...]], reach_d: list[tuple[int, ...]]
            ) -> tuple[list[int], list[int]]:
    """Per roll (rows of OFF results against columns of DEF results), what OFF is sure
    of (max over its frontier of min over DEF's) and what DEF holds it to (min over its
    frontier of max over OFF's), as packed rows."""
    words, n_rows, n_cols = leaf.words, leaf.n_rows, leaf.n_cols
    # DEF's worst for OFF per DEF roll, for each OFF pool: columns over OFF pools
    cols = leaf.cols
    worst = [best([cols[d] for d in reach], n_rows, words, False) for reach in reach_d]
    worst_rows = transpose(worst, n_rows, words)  # per OFF pool, over DEF rolls
    low = [best([worst_rows[o] for o in reach], n_cols, words, True) for reach in reach_o]
    rows = leaf.rows
    top = [best([rows[o] for o in reach], n_cols, words, True) for reach in reach_o]
    top_cols = transpose(top, n_cols, words)  # per DEF pool, over OFF rolls
    high_cols = [best([top_cols[d] for d in reach], n_rows, words, False)
                 for reach in reach_d]
    return low, transpose(high_cols, n_rows, words)


class _Game:
    """The phase searched turn by turn from one state, each state once."""

    def __init__(self, values: list[list[int]], where_o: dict[Roll, int],
                 where_d: dict[Roll, int]) -> None:
        self.values, self.where_o, self.where_d = values, where_o, where_d
        self.seen: dict[State, int] = {}

    def value(self, state: State) -> int:
        found = self.seen.get(state)
        if found is not None:
            return found
        off, off_left, dfn, def_left, off_moves, passed = state
        found = None if passed else self._bound(off, off_left, dfn, def_left)
        if found is None:
            found = self._turn(off, off_left, dfn, def_left, off_moves, passed)
        self.seen[state] = found
        return found

    def _bound(self, off: Roll, off_left: Bumps, dfn: Roll, def_left: Bumps) -> int | None:
        """The shortcut: the value where what OFF is sure of meets what DEF holds it to."""
        rows = [self.values[self.where_o[p]] for p in frontier(off, off_left)]
        cols = [self.where_d[p] for p in frontier(dfn, def_left)]
        low = max(min(row[d] for d in cols) for row in rows)
        high = min(max(row[d] for row in rows) for d in cols)
        return low if low == high else None

    def _turn(self, off: Roll, off_left: Bumps, dfn: Roll, def_left: Bumps,
              off_moves: bool, passed: bool) -> int:
        """The mover's best: a bump on one of its dice (the other moves, not after a
        pass), or a pass where it may (the phase ends if the other just passed)."""
        if off_moves:
            options = [self.value((bumped(off, v, b), without(off_left, b), dfn, def_left,
                                   False, False))
                       for b in set(off_left) for v in set(off)]
            may_pass = not any(b < 0 for b in off_left) or not off
        else:
            options = [self.value((off, off_left, bumped(dfn, v, b), without(def_left, b),
                                   True, False))
                       for b in set(def_left) for v in set(dfn)]
            may_pass = not any(b < 0 for b in def_left) or not dfn
        if may_pass:
            options.append(self.values[self.where_o[off]][self.where_d[dfn]] if passed else
                           self.value((off, off_left, dfn, def_left, not off_moves, True)))
        return max(options) if off_moves else min(options)
