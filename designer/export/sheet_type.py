"""The type of a ruled sheet (`sheet_layout`): the sheets of one size in one printout (the
record sheets of poker cards, or TACTICS' half-page sheets) set each kind of text at one
size: each table's heads, row labels, values and small print (by the table's kind), the
other bands' labels, a stat's value, the tags, the tally. Each kind's size is the largest
its widest text fits its box at on one line (`SheetType`), between the size the sheets'
scale allows and a floor; what is too wide even at the floor wraps. A stat's note,
running text, is always set at NOTE_SIZE and wraps."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from math import inf

from designer.card import Card, Section, Stat, Table
from designer.export.card_text import card_sections, tag_runs, tally_text
from designer.export.fit import Run, natural_size

LABEL_W, COST_LABEL_W, COST_W = 22.0, 12.0, 15.0
TEXT_SIZE = 7.5  # the sections' one size
LABEL_SIZE, LABEL_FLOOR = 7.0, 5.5
HEAD_SIZE, HEAD_FLOOR = 7.5, 5.0  # a table's column heads, at full scale
CELL_SIZE, CELL_FLOOR = 10.0, 6.0  # a main row's text
SUB_SIZE, SUB_FLOOR = 8.5, 5.0  # a sub row's text
VALUE_SIZE, VALUE_FLOOR = 10.0, 6.0  # a stat's value
NOTE_SIZE = 7.0  # a stat's note: running text, at one size, wrapped
TAG_SIZE, TAG_FLOOR = 8.5, 5.5
TALLY_SIZE, TALLY_FLOOR = 6.0, 5.0  # a priced sheet's foot: its tally
#: the words of the label column that name no block
FIXED_LABELS = ("UNIT", "TYPES", "NOTES")


def clamp(natural: float, largest: float, floor: float) -> float:
    """`natural` between `floor` and `largest` (the largest when the floor is above it)."""
    return max(min(floor, largest), min(largest, natural))


@dataclass(frozen=True, slots=True)
class TableType:
    """The natural sizes of a kind of table: its heads (and short heads, None when a table
    of the kind has none), its row labels, its main rows' text and its sub rows'."""

    heads: float = inf
    short: float | None = inf
    label: float = inf
    text: float = inf
    sub: float = inf

    def sizes(self, scale: float) -> tuple[bool, float, float, float, float]:
        """Whether the short heads are used, and the heads', row labels', text's and
        small print's sizes at `scale`."""
        largest = HEAD_SIZE * scale
        heads = clamp(self.heads, largest, HEAD_FLOOR)
        short = clamp(self.short, largest, HEAD_FLOOR) if self.short is not None else 0.0
        return (short > heads, max(heads, short), label_size(self.label, scale),
                clamp(self.text, CELL_SIZE * scale, CELL_FLOOR),
                clamp(self.sub, SUB_SIZE * scale, SUB_FLOOR))

    def merged(self, other: TableType) -> TableType:
        short = (None if self.short is None or other.short is None
                 else min(self.short, other.short))
        return TableType(min(self.heads, other.heads), short, min(self.label, other.label),
                         min(self.text, other.text), min(self.sub, other.sub))


def label_size(natural: float, scale: float) -> float:
    """A label's size at `scale`: a little larger than the scale, down to the floor."""
    return clamp(natural, LABEL_SIZE * min(1.0, scale + 0.2), LABEL_FLOOR)


@dataclass(frozen=True, slots=True)
class SheetType:
    """The natural size of each kind of text on the sheets of one printout and size (the
    largest its widest text fits its box at, on one line); the sizes at a scale follow."""

    label: float = inf
    value: float = inf
    tags: float = inf
    tally: float = inf
    tables: dict[object, TableType] = field(default_factory=dict)

    def label_size(self, scale: float) -> float:
        return label_size(self.label, scale)

    def value_size(self, scale: float) -> float:
        return clamp(self.value, VALUE_SIZE * max(scale, 0.8), VALUE_FLOOR)

    def tags_size(self, scale: float) -> float:
        return clamp(self.tags, TAG_SIZE * max(scale, 0.7), TAG_FLOOR)

    def tally_size(self) -> float:
        return clamp(self.tally, TALLY_SIZE, TALLY_FLOOR)

    def table(self, t: Table, w: float, slack: float) -> TableType:
        """The natural sizes of a table's kind (a kind not in the type: the table's own)."""
        return self.tables.get(t.key or t.columns) or table_type(t, w, slack)


def fill_section(c: Card) -> Section | None:
    """The section that fills the sheet's rest: the last full one printed."""
    full = [s for s in card_sections(c) if not s.compact and not s.glossary]
    return full[-1] if full else None


def stat_note(s: Stat) -> str:
    """A stat's note as a sheet prints it, with its detail."""
    return s.note + (f" ({s.detail})" if s.detail and s.note else s.detail)


def table_type(t: Table, w: float, slack: float) -> TableType:
    """A table's natural sizes in its columns on a sheet `w` mm wide."""
    box = ((w - LABEL_W) / max(len(t.columns), 1) - 1.2) * slack
    columns = len(t.columns)

    def least(texts: Iterable[str]) -> float:
        return min((_natural(text, box) for text in texts), default=inf)

    return TableType(least(t.columns), least(t.short_columns) if t.short_columns else None,
                     min((_natural(r.short or r.label, (LABEL_W - 2.4) * slack)
                          for r in t.rows if not r.sub), default=inf),
                     least(c.text for r in t.rows if not r.sub for c in r.cells[:columns]
                           if c.kind == "text" and c.text),
                     least(c.text for r in t.rows if r.sub for c in r.cells[:columns]
                           if c.kind == "text" and c.text))


def sheet_type(cards: Iterable[Card], w: float, slack: float = 1.0) -> SheetType:
    """The natural sizes of every kind of text on the sheets of `cards`, `w` mm wide."""
    label_box = (LABEL_W - 2.4) * slack
    body = (w - LABEL_W - 3.0) * slack
    label = min(_natural(word, label_box) for word in FIXED_LABELS)
    label = min(label, _natural("COST", (COST_LABEL_W - 1.0) * slack))
    value = tags = tally = inf
    tables: dict[object, TableType] = {}
    for c in cards:
        fill = fill_section(c)
        if fill is not None:
            label = min(label, _natural(fill.label.upper(), label_box))
        tags = min(tags, natural_size(tag_runs(c) or [Run("none", "I")], body))
        if c.points is not None:
            tally = min(tally, natural_size([Run(tally_text(c))], body))
        for block in c.blocks:
            if isinstance(block, Table):
                key = block.key or block.columns
                own = table_type(block, w, slack)
                tables[key] = tables[key].merged(own) if key in tables else own
            elif isinstance(block, Stat):
                label = min(label, _natural((block.short or block.label).upper(), label_box))
                value = min(value, _natural(block.value, body - 1.5))
            elif block.on_card and block is not fill:
                label = min(label, _natural((block.short or block.label).upper(), label_box))
    return SheetType(label, value, tags, tally, tables)


@lru_cache(maxsize=16384)
def _natural(text: str, box: float) -> float:
    """A bold line's natural size (the sheets of a printout share their words: each is
    measured once per box)."""
    return natural_size([Run(text, "B")], box)
