"""The card's geometry and text blocks, shared by the PDF and the HTML so that both print
the same card at the same size and shrink the same text the same way.

A card is laid out from the top down: the title (with the points badge when the system
prices units) and the tags, then each table and stat in the card's order, then the
text area, which holds the card's sections and shrinks its type to fit what is left.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from designer.card import Card, Cell, Row, Section, Stat, Table, Tone
from designer.export.fit import Colour, Run, fit, fit_size, pdf_safe, width

CARD_W, CARD_H = 63.0, 88.0  # poker size, millimetres
PAD = 3.6  # from the card's edge to its text
INNER_W = CARD_W - 2 * PAD
BADGE_W, BADGE_H = 13.0, 10.6  # the points badge
NAME_H = 7.2
TAGS_TOP, TAGS_H = 10.9, 4.8
HEAD_RULE = 16.2  # the rule under the title and tags
BLOCKS_TOP = 17.0  # where the first table or stat starts
LABEL_W = 7.0  # a table's row-label column (and a stat's label), wider for long labels
MAX_LABEL_W = 16.0
LABEL_SIZE = 5.8  # the row and stat labels' size
HEAD_H = 3.7  # a table's column heads
ROW_H = {"dice": 4.7, "sub": 3.3, "text": 4.6}
STAT_GAP, STAT_H = 0.6, 5.0  # space above a stat line, and the line itself
TEXT_GAP = 0.6  # between the last table or stat and the text area
TEXT_BOTTOM = 83.4
MIN_TEXT_H = 14.0  # the text area never gets less; tables and stats shrink instead
SUB_SIZE, SUB_SMALLEST = 7.5, 4.5  # a sub row's text (bumps)
CELL_SIZE, CELL_SMALLEST = 9.0, 5.0  # a main row's text (ranges)
LEADING, GAP = 1.18, 0.45  # text area: line height and paragraph gap, × font size

INK: Colour = (28, 28, 30)
GREY: Colour = (105, 105, 110)
RED: Colour = (198, 28, 38)
BLUE: Colour = (22, 78, 178)
ORANGE: Colour = (196, 88, 0)
TONES: dict[str, Colour] = {"attack": RED, "defence": BLUE, "highlight": ORANGE,
                            "muted": GREY}


def tone_colour(tone: Tone | str, default: Colour = INK) -> Colour:
    return TONES.get(tone, default)


def name_width(c: Card) -> float:
    """The title's width: beside the points badge, or the whole card without one."""
    return INNER_W if c.points is None else INNER_W - BADGE_W - 1.6


def row_kind(row: Row) -> str:
    """'sub' (small print under the row above), 'dice' or 'text': sets the row's height."""
    if row.sub:
        return "sub"
    return "dice" if any(cell.kind == "dice" for cell in row.cells) else "text"


def card_sections(c: Card) -> list[Section]:
    return [s for s in c.sections() if s.on_card]


def section_paragraphs(section: Section) -> list[list[Run]]:
    """A section as the card prints it: a compact one as one line 'Gear: a, b', any
    other as one paragraph per entry, 'Title (note): text'."""
    if not section.entries:
        return []
    if section.compact:
        return [[Run(f"{section.short or section.label}: ", "B", GREY),
                 Run(", ".join(e.label for e in section.entries), "I", GREY)]]
    return [entry_runs(e.title, e.note, e.text) for e in section.entries]


def entry_runs(title: str, note: str, text: str) -> list[Run]:
    runs = [Run(title, "B", INK)]
    if note:
        runs.append(Run(f" ({note})", "I", GREY))
    if text:
        runs.append(Run(": ", "B", INK))
        runs.append(Run(text, "", INK))
    return runs


def card_paragraphs(c: Card) -> list[list[Run]]:
    """The text area of a card: every on-card section, in the card's order."""
    return [p for s in card_sections(c) for p in section_paragraphs(s)]


def tag_runs(c: Card) -> list[Run]:
    """The tags line: a tag's tone colours it (a highlighted one in orange) and its mark
    follows it, explained by the card's legend."""
    runs: list[Run] = []
    for i, t in enumerate(c.tags):
        if i:
            runs.append(Run(", ", "I", GREY))
        runs.append(Run(t.name + t.mark, "I", tone_colour(t.tone, GREY)))
    return runs


def tags_text(c: Card) -> str:
    return ", ".join(t.name + t.mark for t in c.tags)


# --- placing the blocks ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlacedRow:
    row: Row
    kind: str  # dice, sub, text
    top: float  # millimetres from the card's top
    height: float
    span: int  # rows its label covers: itself and the sub rows under it (0 for a sub row)
    label: str  # what the row-label column prints (a sub row: its group's)


@dataclass(frozen=True, slots=True)
class PlacedTable:
    table: Table
    top: float
    head: float  # the column heads' height
    rows: tuple[PlacedRow, ...]
    bottom: float
    label_w: float
    col_w: float

    @property
    def kind(self) -> str:
        return "table"


@dataclass(frozen=True, slots=True)
class PlacedStat:
    stat: Stat
    top: float  # the stat line's top (its gap above is not included)
    height: float
    label_w: float  # where the value starts: one column for every stat of the card

    @property
    def kind(self) -> str:
        return "stat"

    @property
    def label(self) -> str:
        return self.stat.short or self.stat.label


@dataclass(frozen=True, slots=True)
class CardLayout:
    blocks: tuple[PlacedTable | PlacedStat, ...]
    scale: float  # below 1 when tables and stats had to shrink to leave text room
    text_top: float
    text_bottom: float

    @property
    def text_h(self) -> float:
        return self.text_bottom - self.text_top


def place_rows(rows: tuple[Row, ...], top: float, heights: dict[str, float],
               scale: float = 1.0) -> tuple[tuple[PlacedRow, ...], float]:
    """Rows stacked from `top`; each main row's label spans the sub rows after it."""
    placed: list[PlacedRow] = []
    cursor = top
    label = ""
    for i, row in enumerate(rows):
        kind = row_kind(row)
        span = 0
        if not row.sub:
            span = 1
            while i + span < len(rows) and rows[i + span].sub:
                span += 1
            label = row.short or row.label
        h = heights[kind] * scale
        placed.append(PlacedRow(row, kind, cursor, h, span, label))
        cursor += h
    return tuple(placed), cursor


def label_width(labels: Iterable[str]) -> float:
    """A label column as wide as its longest label needs, from LABEL_W to MAX_LABEL_W."""
    widest = max((width(pdf_safe(label), "B", LABEL_SIZE) for label in labels), default=0.0)
    return min(MAX_LABEL_W, max(LABEL_W, widest + 1.0))


def card_layout(c: Card) -> CardLayout:
    """Where each table and stat of the card goes, and the room left for its text."""
    natural = _blocks_height(c)
    room = TEXT_BOTTOM - MIN_TEXT_H - BLOCKS_TOP - TEXT_GAP
    scale = min(1.0, room / natural) if natural > 0 else 1.0
    placed: list[PlacedTable | PlacedStat] = []
    cursor = BLOCKS_TOP
    stat_w = label_width(s.short or s.label for s in c.stats())
    for block in c.blocks:
        if isinstance(block, Table):
            label_w = label_width(r.short or r.label for r in block.rows if not r.sub)
            col_w = (INNER_W - label_w) / max(len(block.columns), 1)
            head = HEAD_H * scale
            rows, bottom = place_rows(block.rows, cursor + head, ROW_H, scale)
            placed.append(PlacedTable(block, cursor, head, rows, bottom, label_w, col_w))
            cursor = bottom
        elif isinstance(block, Stat):
            top = cursor + STAT_GAP * scale
            placed.append(PlacedStat(block, top, STAT_H * scale, stat_w))
            cursor = top + STAT_H * scale
    text_top = cursor + (TEXT_GAP if placed else 0.0)
    return CardLayout(tuple(placed), scale, text_top, TEXT_BOTTOM)


def _blocks_height(c: Card) -> float:
    total = 0.0
    for block in c.blocks:
        if isinstance(block, Table):
            total += HEAD_H + sum(ROW_H[row_kind(r)] for r in block.rows)
        elif isinstance(block, Stat):
            total += STAT_GAP + STAT_H
    return total


def cell_size(cell: Cell, kind: str, room: float, scale: float = 1.0) -> float:
    """The font size of a text cell: a sub row's small print or a main row's value,
    shrunk to its column (and with the card's blocks when they had to shrink)."""
    largest, smallest = (SUB_SIZE, SUB_SMALLEST) if kind == "sub" else (CELL_SIZE,
                                                                         CELL_SMALLEST)
    return fit_size(pdf_safe(cell.text), "B", room, largest * scale,
                    min(smallest, largest * scale))


# --- sizes for the HTML ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardSizes:
    """Font sizes (points) at which a card's text fits its boxes."""

    name: float
    name_lines: int
    tags: float
    text: float
    text_cut: bool
    cells: dict[tuple[int, int, int], float]  # (block, row, column) -> a text cell's size


def card_sizes(c: Card, layout: CardLayout | None = None, *, slack: float = 1.0) -> CardSizes:
    """The sizes the PDF uses; `slack` below 1 leaves room for a browser's own fonts."""
    layout = layout or card_layout(c)
    box = name_width(c) * slack
    name = pdf_safe(c.title)
    size = fit_size(name, "B", box, 12.0, 7.5)
    lines = 1
    if width(name, "B", size) > box:
        fitted = fit([[Run(name, "B")]], box, NAME_H, largest=7.5, smallest=5.5,
                     leading=1.08)
        size, lines = fitted.size, len(fitted.lines)
    tags = fit([tag_runs(c)], box, TAGS_H, largest=6.5, smallest=4.5, leading=1.15)
    text = fit(card_paragraphs(c), INNER_W * slack, layout.text_h * slack, largest=7.5,
               smallest=4.5, leading=LEADING, gap=GAP)
    cells: dict[tuple[int, int, int], float] = {}
    for b, block in enumerate(layout.blocks):
        if not isinstance(block, PlacedTable):
            continue
        room = (block.col_w - 0.8) * slack
        for r, placed in enumerate(block.rows):
            for k, cell in enumerate(placed.row.cells):
                if cell.kind == "text":
                    cells[(b, r, k)] = cell_size(cell, placed.kind, room, layout.scale)
    return CardSizes(size, lines, tags.size, text.size, text.truncated, cells)
