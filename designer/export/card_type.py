"""The type of a poker card: each table sets its labels, its heads and its values each at
one size, the largest that fits its columns (a value too wide even at its floor wraps),
and the cards of one printout share the smallest of them (`deck_of`), as they share one
size for a stat's label, value and note and for the tags, so every card of a page looks
alike."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from designer.card import Card, Cell, Row, Table
from designer.export.card_text import tag_runs
from designer.export.fit import fit_size, natural_size, pdf_safe, width

CARD_W, CARD_H = 63.0, 88.0  # poker size, millimetres
PAD = 3.6  # from the card's edge to its text
INNER_W = CARD_W - 2 * PAD
LABEL_W = 7.0  # a table's row-label column (and a stat's label), wider for long labels
LABEL_SIZE, LABEL_FLOOR = 5.8, 4.8  # row and stat labels
HEAD_SIZE, HEAD_FLOOR = 6.0, 4.5  # a table's column heads
SUB_SIZE, SUB_FLOOR = 7.5, 4.5  # a sub row's text (bumps)
CELL_SIZE, CELL_FLOOR = 9.0, 5.0  # a main row's text (ranges)
DIE = 3.1  # a die's side in a card table
VALUE_SIZE, VALUE_FLOOR = 9.5, 6.0  # a stat's value
NOTE_SIZE = 6.0  # a stat's note
TAG_SIZE, TAG_FLOOR = 6.5, 5.5
BADGE_W, BADGE_H = 13.0, 10.6  # the points badge


def name_width(c: Card) -> float:
    """The title's width (and the tags'): beside the points badge, or the whole card
    without one."""
    return INNER_W if c.points is None else INNER_W - BADGE_W - 1.6


def row_kind(row: Row) -> str:
    """'sub' (small print under the row above), 'dice' or 'text': sets the row's height."""
    if row.sub:
        return "sub"
    return "dice" if any(cell.kind == "dice" for cell in row.cells) else "text"


def label_width(labels: list[str], widest: float, scale: float) -> float:
    """A label column as wide as its longest label needs, from LABEL_W to `widest`."""
    need = max((width(pdf_safe(label), "B", LABEL_SIZE * scale) for label in labels),
               default=0.0)
    return min(max(LABEL_W, widest), max(LABEL_W, need + 1.0))


def _cell_need(cell: Cell, kind: str, scale: float) -> float:
    """The width a cell needs at its floor size (a die count: its dice)."""
    if cell.kind == "dice":
        return min(3, max(cell.count, 1)) * DIE * 1.22 * scale + 0.6
    if cell.kind == "icon":
        return 5.0 * scale
    floor = SUB_FLOOR if kind == "sub" else CELL_FLOOR
    return width(pdf_safe(cell.text), "B", floor * scale) + 0.8


def geometry(t: Table, scale: float) -> tuple[list[str], float, float]:
    """A table's row kinds, label column and value columns' width: the label column as
    wide as its labels need, leaving every column the room its widest value needs."""
    columns = max(len(t.columns), 1)
    kinds = [row_kind(r) for r in t.rows]
    need = max([_cell_need(cell, kind, scale) for row, kind in zip(t.rows, kinds, strict=True)
                for cell in row.cells[:columns]] + [6.0 * scale])
    label_w = label_width([r.short or r.label for r in t.rows if not r.sub],
                          INNER_W - columns * need, scale)
    return kinds, label_w, (INNER_W - label_w) / columns


def table_sizes(t: Table, scale: float = 1.0, slack: float = 1.0) -> dict[str, float]:
    """The type a table sets by itself: its value cells ("text", "dice", "sub"), its
    labels and its heads, each one size for the whole table, and whether its heads are
    the short ones ("short" 1.0)."""
    kinds, label_w, col_w = geometry(t, scale)
    sizes = _cell_sizes(t, kinds, (col_w - 0.8) * slack, scale)
    labels = [pdf_safe(r.short or r.label) for r in t.rows if not r.sub]
    sizes["label"] = min((fit_size(label, "B", (label_w - 0.4) * slack, LABEL_SIZE * scale,
                                   LABEL_FLOOR * scale) for label in labels),
                         default=LABEL_SIZE * scale)
    short, sizes["head"] = _head_size(t, (col_w - 0.8) * slack, scale)
    sizes["short"] = 1.0 if short else 0.0
    return sizes


@dataclass(frozen=True, slots=True)
class Deck:
    """The type the poker cards of one printout share, at full scale: each table's sizes
    by its kind (its key, else its columns), a stat's label, value and note, and the
    tags. A card sets its tables and stats at these sizes times its scale (the tags at
    theirs), and what is too wide for its box even so wraps: a note, running text, is
    always set at its one size and wraps beside its value or under it."""

    tables: dict[object, dict[str, float]] = field(default_factory=dict)
    stat_label: float = LABEL_SIZE
    stat_value: float = VALUE_SIZE
    stat_note: float = NOTE_SIZE
    tags: float = TAG_SIZE

    def table(self, t: Table, slack: float = 1.0) -> dict[str, float]:
        """The sizes of a table's kind (a table of a kind not in the deck: its own)."""
        return self.tables.get(t.key or t.columns) or table_sizes(t, 1.0, slack)


def deck_of(cards: Iterable[Card], slack: float = 1.0) -> Deck:
    """The smallest of each size every poker card sets by itself: its tables' (by kind),
    its stats' labels and values, and its tags."""
    tables: dict[object, dict[str, float]] = {}
    label, value, tags = LABEL_SIZE, VALUE_SIZE, TAG_SIZE
    for c in cards:
        for t in c.tables():
            sizes = table_sizes(t, 1.0, slack)
            have = tables.setdefault(t.key or t.columns, dict(sizes))
            for k, v in sizes.items():
                have[k] = max(have[k], v) if k == "short" else min(have[k], v)
        stats = c.stats()
        if stats:
            label_w = stat_label_width(c, 1.0)
            value_box = (INNER_W - label_w) * slack
            for s in stats:
                label = min(label, fit_size(pdf_safe(s.short or s.label), "B",
                                            (label_w - 0.4) * slack, LABEL_SIZE, LABEL_FLOOR))
                value = min(value, fit_size(pdf_safe(s.value), "B", value_box, VALUE_SIZE,
                                            VALUE_FLOOR))
        if c.tags:  # on one line, else at the floor (then it wraps)
            fitted = natural_size(tag_runs(c), name_width(c) * slack)
            tags = min(tags, max(TAG_FLOOR, min(TAG_SIZE, fitted)))
    return Deck(tables, label, value, NOTE_SIZE, tags)


def stat_label_width(c: Card, scale: float) -> float:
    """The label column of a card's stats: one for all of them."""
    return label_width([s.short or s.label for s in c.stats()], INNER_W * 0.4, scale)


def _head_size(t: Table, box: float, scale: float) -> tuple[bool, float]:
    """Whether the short heads are used, and the heads' one size: the full heads, or the
    short ones when those are larger; a head too wide even at the floor wraps."""

    def size_of(heads: tuple[str, ...]) -> float:
        return min((fit_size(pdf_safe(h), "B", box, HEAD_SIZE * scale, HEAD_FLOOR * scale)
                    for h in heads), default=HEAD_SIZE * scale)

    size = size_of(t.columns)
    if t.short_columns and size < HEAD_SIZE * scale:
        short = size_of(t.short_columns)
        if short > size:
            return True, short
    return False, size


def _cell_sizes(t: Table, kinds: list[str], box: float, scale: float) -> dict[str, float]:
    """One size for the main rows' text cells of a table and one for its sub rows'."""
    sizes = {"text": CELL_SIZE * scale, "dice": CELL_SIZE * scale, "sub": SUB_SIZE * scale}
    for row, kind in zip(t.rows, kinds, strict=True):
        largest, floor = (SUB_SIZE, SUB_FLOOR) if kind == "sub" else (CELL_SIZE, CELL_FLOOR)
        for cell in row.cells[:len(t.columns)]:
            if cell.kind == "text" and cell.text:
                fitted = fit_size(pdf_safe(cell.text), "B", box, largest * scale,
                                  floor * scale)
                key = "sub" if kind == "sub" else "text"
                sizes[key] = min(sizes[key], fitted)
    sizes["dice"] = sizes["text"]
    return sizes
