"""Re-roll moves on value tables (tables.py): what a player gets from re-rolling one of
the dice of a test, or a whole pool, when it chooses with the dice in view.

A table holds, for each OFF result (row) against each DEF result (column), a chance
times 6**exp. A move makes a new table one, or n, powers of six finer: the sum over the
faces the re-rolled dice can show, the best die chosen per cell by the mover (`high`:
the OFF side, which plays for the tally; else the DEF side). Each move is optional ("you
may"): not moving is one of the choices.
"""

from __future__ import annotations

from designer.systems.opentactics.dice import reroll_getters, weights
from designer.systems.opentactics.tables import Table, best, pack, words_for


def _fit(table: Table, extra: int) -> Table:
    """The table in fields wide enough for `extra` more powers of six."""
    return table.widened(max(table.words, words_for(table.exp + extra)))


def _best_lines(lines: list[int], n_fields: int, size: int, words: int, high: bool
                ) -> list[int]:
    out = []
    for getters in reroll_getters(size):
        sums = [sum(get(lines)) for get in getters]
        out.append(best(sums, n_fields, words, high) if len(sums) > 1 else sums[0])
    return out


def one_off(table: Table, n_off: int, high: bool) -> Table:
    """Best of: one OFF die rolled again, for each OFF result (scale +1). No OFF dice:
    nothing to roll, the table scaled."""
    table = _fit(table, 1)
    if n_off == 0:
        return table.scaled(1)
    rows = _best_lines(table.rows, table.n_cols, n_off, table.words, high)
    return Table(rows, table.n_rows, table.n_cols, table.words, table.exp + 1)


def one_def(table: Table, n_def: int, high: bool) -> Table:
    """Best of: one DEF die rolled again (scale +1)."""
    table = _fit(table, 1)
    if n_def == 0:
        return table.scaled(1)
    cols = _best_lines(table.cols, table.n_rows, n_def, table.words, high)
    return Table.by_cols(cols, table.n_rows, table.n_cols, table.words, table.exp + 1)


def all_off(table: Table, n_off: int) -> Table:
    """Every OFF die rolled again: each cell the mean over OFF results (scale +n_off)."""
    table = _fit(table, n_off)
    values = table.values()
    mean = [sum(w * row[j] for w, row in zip(weights(n_off), values, strict=True))
            for j in range(table.n_cols)]
    row = pack(mean, table.words)
    return Table([row] * table.n_rows, table.n_rows, table.n_cols, table.words,
                 table.exp + n_off)


def all_def(table: Table, n_def: int) -> Table:
    """Every DEF die rolled again (scale +n_def)."""
    table = _fit(table, n_def)
    w = weights(n_def)
    rows = [pack([sum(c * v for c, v in zip(w, row, strict=True))] * table.n_cols,
                 table.words) for row in table.values()]
    return Table(rows, table.n_rows, table.n_cols, table.words, table.exp + n_def)


def choose(tables: list[Table], high: bool) -> Table:
    """Cell by cell the best of several tables, brought to one scale first."""
    exp = max(t.exp for t in tables)
    words = max(words_for(exp), *(t.words for t in tables))
    fitted = [t.widened(words).scaled(exp - t.exp) for t in tables]
    out = fitted[0]
    for other in fitted[1:]:
        out = out.combine(other, high)
    return out


def gather(table: Table, row_of: tuple[int, ...], col_of: tuple[int, ...]) -> Table:
    """values[row_of[i]][col_of[j]]: a table read through maps of its results (the pool
    each result settles on in the bump phase)."""
    values = table.values()
    out = [[values[r][c] for c in col_of] for r in row_of]
    return Table.of(out, table.words, table.exp) if out else table
