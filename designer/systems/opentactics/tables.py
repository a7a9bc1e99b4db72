"""Exact value tables worked a row at a time: one Python integer holds a whole row of
whole numbers, each in a field of 64-bit words, so adding two rows adds every field at
once, and the larger (or smaller) of two rows, field by field, is a handful of integer
operations (a guard bit on top of each field tells which is larger).

A table is values[row][col] = chance * 6**exp, a whole number (every chance in an
assault is a count of equally likely die faces). The odds search a pool's OFF results
(rows) against the other pool's DEF results (columns); a move on the OFF dice sums rows,
a move on the DEF dice sums columns, so a table keeps both layouts (`cols` transposes
once, through an array of machine words).
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Iterable, Sequence
from functools import cache

LOG2_6 = 2.585


def words_for(exp: int) -> int:
    """64-bit words a field needs to hold 6**exp with a guard bit to spare."""
    return int(exp * LOG2_6 + 1) // 64 + 1


@cache
def _masks(n: int, words: int) -> tuple[int, int, int, int]:
    """(guard bits, a field of ones, every field full, the field width) for `n` fields."""
    width = 64 * words
    ones = (1 << width) - 1
    unit = sum(1 << (width * i) for i in range(n))
    return unit << (width - 1), ones, unit * ones, width


def larger(a: int, b: int, n: int, words: int) -> int:
    """Field by field, the larger of two rows of `n` fields."""
    guard, ones, full, width = _masks(n, words)
    pick = (((a | guard) - b) & guard) >> (width - 1)
    pick *= ones
    return (a & pick) | (b & (full ^ pick))


def smaller(a: int, b: int, n: int, words: int) -> int:
    """Field by field, the smaller of two rows of `n` fields."""
    guard, ones, full, width = _masks(n, words)
    pick = (((a | guard) - b) & guard) >> (width - 1)
    pick *= ones
    return (b & pick) | (a & (full ^ pick))


def best(rows: Sequence[int], n: int, words: int, high: bool) -> int:
    """The larger (`high`) or smaller of several rows, field by field."""
    pick = larger if high else smaller
    out = rows[0]
    for row in rows[1:]:
        out = pick(out, row, n, words)
    return out


def pack(values: Iterable[int], words: int) -> int:
    if words == 1:
        return int.from_bytes(array("Q", values).tobytes(), sys.byteorder)
    size = 8 * words
    return int.from_bytes(b"".join(v.to_bytes(size, "little") for v in values), "little")


def unpack(row: int, n: int, words: int) -> list[int]:
    if words == 1:
        out = array("Q")
        out.frombytes(row.to_bytes(8 * n, sys.byteorder))
        return out.tolist()
    size = 8 * words
    data = row.to_bytes(size * n, "little")
    return [int.from_bytes(data[i * size:(i + 1) * size], "little") for i in range(n)]


def transpose(rows: Sequence[int], n_cols: int, words: int) -> list[int]:
    """The columns of a table given by its rows (each of `n_cols` fields)."""
    size = 8 * words * n_cols
    flat = array("Q")
    flat.frombytes(b"".join(r.to_bytes(size, sys.byteorder) for r in rows))
    step = n_cols * words
    out = []
    for j in range(n_cols):
        if words == 1:
            col = flat[j::step]
        else:
            col = array("Q", bytes(8 * words * len(rows)))
            for t in range(words):
                col[t::words] = flat[j * words + t::step]
        out.append(int.from_bytes(col.tobytes(), sys.byteorder))
    return out


class Table:
    """values[row][col] * 6**-exp, packed by rows (and by columns once asked)."""

    __slots__ = ("_cols", "exp", "n_cols", "n_rows", "rows", "words")

    def __init__(self, rows: list[int], n_rows: int, n_cols: int, words: int, exp: int,
                 cols: list[int] | None = None) -> None:
        self.rows = rows
        self.n_rows, self.n_cols, self.words, self.exp = n_rows, n_cols, words, exp
        self._cols = cols

    @classmethod
    def of(cls, values: Sequence[Sequence[int]], words: int, exp: int) -> Table:
        n_cols = len(values[0]) if values else 0
        return cls([pack(r, words) for r in values], len(values), n_cols, words, exp)

    @classmethod
    def by_cols(cls, cols: list[int], n_rows: int, n_cols: int, words: int, exp: int
                ) -> Table:
        return cls(transpose(cols, n_rows, words), n_rows, n_cols, words, exp, cols)

    @property
    def cols(self) -> list[int]:
        if self._cols is None:
            self._cols = transpose(self.rows, self.n_cols, self.words)
        return self._cols

    def values(self) -> list[list[int]]:
        return [unpack(r, self.n_cols, self.words) for r in self.rows]

    def widened(self, words: int) -> Table:
        """The same values in fields of `words` words."""
        if words == self.words:
            return self
        return Table.of(self.values(), words, self.exp)

    def scaled(self, k: int) -> Table:
        """The same chances at scale 6**(exp + k): every field times 6**k."""
        if k == 0:
            return self
        factor = 6 ** k
        cols = None if self._cols is None else [c * factor for c in self._cols]
        return Table([r * factor for r in self.rows], self.n_rows, self.n_cols, self.words,
                     self.exp + k, cols)

    def combine(self, other: Table, high: bool) -> Table:
        """Field by field the larger (`high`) or smaller of two tables of one scale."""
        pick = larger if high else smaller
        n, w = self.n_cols, self.words
        return Table([pick(a, b, n, w) for a, b in zip(self.rows, other.rows, strict=True)],
                     self.n_rows, self.n_cols, w, self.exp)

    def expectation(self, row_weights: Sequence[int], col_weights: Sequence[int]) -> int:
        """sum over cells of row weight * col weight * value (unpacked: a weighted sum
        of rows could overflow a field)."""
        total = 0
        for w, row in zip(row_weights, self.rows, strict=True):
            if w:
                total += w * sum(c * v for c, v in zip(col_weights,
                                                       unpack(row, self.n_cols, self.words),
                                                       strict=True))
        return total
