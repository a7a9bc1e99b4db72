"""The re-roll phase of one test, exact: from the player who initiated the assault, the
players take turns, each turn one re-roll of one of its own dice (the new face stands)
or a pass; the phase ends when both pass in turn (core rules, ASSAULTS). The OFF side
plays for the tally, the DEF side against it.

Worked backwards over the re-rolls left (OFF's, DEF's) for every pair of results at
once, a row of OFF results at a time (tables.py): each layer holds, for each OFF result
against each DEF result, the value with OFF or DEF to move, with or without the other
having just passed:

    off_passed = max(an OFF re-roll, the end)   def_passed = min(a DEF re-roll, the end)
    off_to_move = max(an OFF re-roll, def_passed)
    def_to_move = min(a DEF re-roll, off_passed)

where an OFF re-roll is the best die to roll again, the sum of its six faces one layer
down with DEF to move (and the reverse). Values are chances times 6**(the scale of the
end, plus the re-rolls left), so a re-roll sums six children and stays whole.
"""

from __future__ import annotations

from functools import cache

from designer.systems.opentactics.dice import reroll_getters, results
from designer.systems.opentactics.tables import Table, best, pack, transpose, words_for


def _moves(lines: list[int], n_lines: int, size: int, words: int, high: bool
           ) -> list[int]:
    """Per line (a row or a column) the best single re-roll of one of its dice: the sum
    of the six lines it can become, the best of those sums over its distinct faces."""
    out = []
    for getters in reroll_getters(size):
        sums = [sum(get(lines)) for get in getters]
        out.append(best(sums, n_lines, words, high) if len(sums) > 1 else sums[0])
    return out


def phase(end: Table, n_off: int, n_def: int, off_rerolls: int, def_rerolls: int,
          off_first: bool, wanted: tuple[tuple[int, int], ...] = (),
          binary: bool = False) -> dict:
    """The value at the start of the re-roll phase, for (OFF re-rolls, DEF re-rolls) =
    each of `wanted` and the given pair: {pair: Table at scale end.exp + re-rolls}.
    `end` is the value when the phase ends (the tally, or Venomous after it); `binary`
    when that is the tally itself (0 or 1 in every cell)."""
    pairs = {(off_rerolls, def_rerolls), *wanted}
    top_off = max(p[0] for p in pairs)
    top_def = max(p[1] for p in pairs)
    if binary:
        return _behind(end, n_off, n_def, top_off, top_def, frozenset(pairs))
    return _phase(end, n_off, n_def, top_off, top_def, off_first, frozenset(pairs))


def _behind(end: Table, n_off: int, n_def: int, top_off: int, top_def: int,
            pairs: frozenset) -> dict:
    """The phase when it ends in the bare tally: the side ahead passes (a re-roll now
    could only cost it the lead, and it can answer the other's re-rolls later), so the
    side behind re-rolls while it has re-rolls, whoever began:

        OFF ahead (it wins the tally): DEF re-rolls its best die, or 1 with none left;
        OFF behind: OFF re-rolls its best die, or 0 with none left.

    The tests check this against the phase played turn by turn (`_phase`)."""
    words = words_for(top_off + top_def)
    end = end.widened(words)
    n_o, n_d = len(results(n_off)), len(results(n_def))
    field = (1 << (64 * words)) - 1
    full = pack([field] * n_d, words)
    ahead = [r * field for r in end.rows]  # every bit of a field set where OFF wins
    behind = [full ^ a for a in ahead]
    ones = pack([1] * n_d, words)
    out = {}
    below: list[list[int]] = []  # by DEF re-rolls: the layer with one OFF re-roll fewer
    for ro in range(top_off + 1):
        layer: list[list[int]] = []
        cols: list[int] = []
        for rd in range(top_def + 1):
            if rd and n_def:
                dfn = transpose(_moves(cols, n_o, n_def, words, False), n_o, words)
            else:
                dfn = [ones * 6 ** (ro + rd)] * n_o
            if ro and n_off:
                off = _moves(below[rd], n_d, n_off, words, True)
                rows = [(d & a) | (o & b) for d, a, o, b in zip(dfn, ahead, off, behind,
                                                                  strict=True)]
            else:
                rows = [d & a for d, a in zip(dfn, ahead, strict=True)]
            cols = transpose(rows, n_d, words)
            layer.append(rows)
            if (ro, rd) in pairs:
                out[(ro, rd)] = Table(rows, n_o, n_d, words, end.exp + ro + rd)
        below = layer
    return out


def _phase(end: Table, n_off: int, n_def: int, top_off: int, top_def: int,
           off_first: bool, pairs: frozenset) -> dict:
    words = words_for(end.exp + top_off + top_def)
    end = end.widened(words)
    n_o, n_d = len(results(n_off)), len(results(n_def))
    can_off, can_def = n_off > 0, n_def > 0
    out = {}
    def_to_move_rows: list[list[int]] = []  # by DEF re-rolls, one OFF re-roll fewer
    for ro in range(top_off + 1):
        this_layer: list[list[int]] = []
        off_to_move_cols: list[int] | None = None  # one DEF re-roll fewer
        for rd in range(top_def + 1):
            factor = 6 ** (ro + rd)
            end_rows = [r * factor for r in end.rows]
            off_moves = (_moves(def_to_move_rows[rd], n_d, n_off, words, True)
                         if ro and can_off else None)
            def_moves = (_moves(off_to_move_cols, n_o, n_def, words, False)
                         if rd and can_def and off_to_move_cols is not None else None)
            off_passed = (end_rows if off_moves is None else
                          [best((a, b), n_d, words, True) for a, b in zip(off_moves, end_rows,
                                                                         strict=True)])
            end_cols = [c * factor for c in end.cols]
            def_passed_cols = (end_cols if def_moves is None else
                               [best((a, b), n_o, words, False)
                                for a, b in zip(def_moves, end_cols, strict=True)])
            def_passed = transpose(def_passed_cols, n_o, words)
            off_move = (def_passed if off_moves is None else
                        [best((a, b), n_d, words, True) for a, b in zip(off_moves, def_passed,
                                                                       strict=True)])
            off_passed_cols = transpose(off_passed, n_d, words)
            def_move_cols = (off_passed_cols if def_moves is None else
                             [best((a, b), n_o, words, False)
                              for a, b in zip(def_moves, off_passed_cols, strict=True)])
            def_move = transpose(def_move_cols, n_o, words)
            off_to_move_cols = transpose(off_move, n_d, words)
            this_layer.append(def_move)
            if (ro, rd) in pairs:
                rows = off_move if off_first else def_move
                out[(ro, rd)] = Table(rows, n_o, n_d, words, end.exp + ro + rd)
        def_to_move_rows = this_layer
    return out


@cache
def tally_table(n_off: int, n_def: int, off_twice: bool, def_twice: bool) -> Table:
    """The tally as a table of 0 and 1 (scale 6**0)."""
    from designer.systems.opentactics.dice import beats

    rows = beats(n_off, n_def, off_twice, def_twice)
    return Table.of([[int(x) for x in row] for row in rows], 1, 0)
