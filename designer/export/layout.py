"""The card's geometry and type, shared by the PDF and the HTML so that both print the
same card at the same size and move the same text the same way.

A card is laid out from the top down: the title (with the points badge when the system
prices units) and the tags, then each table and stat in the card's order, then the text
area, which holds the card's sections. Every card of a printout uses one type scale
(`card_layouts`): a table's labels, heads and values each share one size on every card
(by the table's kind), as do a stat's label, value and note and the tags (`Deck`); the
tables and stats of every card shrink by one scale, the one the tightest card needs to
leave its text area its room; and the text area is set at TEXT_SIZE. A value too long
for its box at that size wraps (its row grows), as does a name too long even at its floor
size (the title alone shrinks on its own); text that the text area cannot hold moves to
the rules glossary (`CardLayout.rest`), with a line saying so. Nothing is cut.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from designer.card import Card, Row, Stat, Table
from designer.export.card_text import (
    BLUE,
    CONTINUED,
    GREY,
    INK,
    ORANGE,
    RED,
    TONES,
    card_paragraphs,
    card_sections,
    entry_runs,
    movable,
    section_paragraphs,
    tag_runs,
    tags_text,
    tone_colour,
)
from designer.export.card_type import (
    BADGE_H,
    BADGE_W,
    CARD_H,
    CARD_W,
    DIE,
    INNER_W,
    PAD,
    Deck,
    deck_of,
    geometry,
    name_width,
    row_kind,
    stat_label_width,
    table_sizes,
)
from designer.export.fit import Fitted, Run, fit, fit_size, pdf_safe, width
from designer.export.flow import flow_keeping, one_line, shrink_wrap

__all__ = [
    "BADGE_H",
    "BADGE_W",
    "BLUE",
    "CARD_H",
    "CARD_W",
    "DIE",
    "GREY",
    "INK",
    "ORANGE",
    "PAD",
    "RED",
    "TONES",
    "CardLayout",
    "Deck",
    "PlacedRow",
    "PlacedStat",
    "PlacedTable",
    "card_layout",
    "card_layouts",
    "card_paragraphs",
    "card_sections",
    "deck_of",
    "entry_runs",
    "name_fit",
    "name_width",
    "place_rows",
    "row_kind",
    "section_paragraphs",
    "table_sizes",
    "tag_runs",
    "tags_text",
    "tone_colour",
]

NAME_H = 7.2
TAGS_TOP, TAGS_H = 10.9, 4.8
HEAD_RULE = 16.2  # the rule under the title and tags (lower when the tags take more)
RULE_GAP = 0.8  # from that rule to the first table or stat
HEAD_H = 3.7
ROW_H = {"dice": 4.7, "sub": 3.3, "text": 4.6}
STAT_GAP, STAT_H = 0.6, 5.0  # space above a stat line, and the line itself
TEXT_GAP = 0.6  # between the last table or stat and the text area
TEXT_BOTTOM = 83.4
MIN_TEXT_H = 14.0  # the text area never gets less; tables and stats shrink instead
MIN_SCALE = 0.5  # the least the tables and stats shrink to (then the text moves instead)
TEXT_SIZE = 6.5  # the text area's one size
LEADING, GAP = 1.18, 0.45  # text area: line height and paragraph gap, × font size
TIGHT = 1.1  # the leading of a wrapped label or value


def name_fit(name: str, box_w: float, box_h: float, largest: float, one_line_floor: float,
             floor: float = 5.5, leading: float = 1.08) -> Fitted:
    """A title on one line at a readable size, else on as many lines as the box holds
    at the largest size from `one_line_floor` down to `floor`; a name that still does not
    fit shrinks further until it does (never cut)."""
    text = pdf_safe(name)
    size = fit_size(text, "B", box_w, largest, one_line_floor)
    if width(text, "B", size) <= box_w:
        return one_line(text, "B", box_w, size, size, leading)
    runs = [[Run(text, "B")]]
    fitted = fit(runs, box_w, box_h, largest=one_line_floor, smallest=floor, leading=leading)
    size = floor
    while fitted.truncated and size > 2.0:
        size -= 0.25
        fitted = fit(runs, box_w, box_h, largest=size, smallest=size, leading=leading)
    return fitted


# --- placing the blocks ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlacedRow:
    row: Row
    kind: str  # dice, sub, text
    top: float  # millimetres from the card's top
    height: float
    span: int  # rows its label covers: itself and the sub rows under it (0 for a sub row)
    label: str  # what the row-label column prints (a sub row: its group's)
    label_fit: Fitted | None = None  # the label's lines (on the row that spans)
    cells: tuple[Fitted | None, ...] = ()  # each text cell's lines; None for dice, icons


@dataclass(frozen=True, slots=True)
class PlacedTable:
    table: Table
    top: float
    head: float  # the column heads' height
    rows: tuple[PlacedRow, ...]
    bottom: float
    label_w: float
    col_w: float
    heads: tuple[Fitted, ...] = ()  # each column head's lines, at one size

    @property
    def kind(self) -> str:
        return "table"


@dataclass(frozen=True, slots=True)
class PlacedStat:
    stat: Stat
    top: float  # the stat line's top (its gap above is not included)
    height: float
    label_w: float  # where the value starts: one column for every stat of the card
    label_fit: Fitted | None = None
    value_fit: Fitted | None = None
    note_fit: Fitted | None = None
    note_x: float = 0.0  # where the note starts, from the value's left
    note_top: float = 0.0  # from the stat line's top

    @property
    def kind(self) -> str:
        return "stat"

    @property
    def label(self) -> str:
        return self.stat.short or self.stat.label


@dataclass(frozen=True, slots=True)
class CardLayout:
    name: Fitted
    tags: Fitted
    head_rule: float  # the rule under the title and tags
    blocks: tuple[PlacedTable | PlacedStat, ...]
    scale: float  # below 1 when tables and stats had to shrink to leave text room
    text_top: float
    text_bottom: float
    text: Fitted  # the text area's lines, at TEXT_SIZE
    rest: tuple[tuple[Run, ...], ...] = ()  # what the text area could not hold
    need: float = 1.0  # the scale that would leave the text area its room (≤ 1)

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


def card_layout(c: Card, slack: float = 1.0, deck: Deck | None = None,
                scale: float | None = None) -> CardLayout:
    """Where each part of the card goes and at what size; `slack` below 1 measures text
    a little wider, leaving room for a browser's own fonts; `deck` (`deck_of` the cards
    printed with it, else the card's own) sets its type, and `scale` its tables' and
    stats' scale: without it the card takes the scale its own text area needs."""
    deck = deck if deck is not None else deck_of([c], slack)
    laid = _placed(c, slack, deck, 1.0 if scale is None else scale)
    if scale is None and laid.need < laid.scale:
        laid = _placed(c, slack, deck, laid.need)
    return _with_text(c, laid, slack)


def card_layouts(cards: Iterable[Card], slack: float = 1.0) -> dict[int, CardLayout]:
    """The poker cards of one printout laid out in one type (`deck_of` them) and at one
    scale, the smallest any of them needs (as `card_layout` works it out for one card);
    by `id` of the card. Each card is placed at the scale reached so far, and again only
    when a card after it needed less."""
    pokers = [c for c in cards if c.layout == "card"]
    deck = deck_of(pokers, slack)
    scale = 1.0
    placed: dict[int, CardLayout] = {}
    for c in pokers:
        laid = _placed(c, slack, deck, scale)
        if laid.need < scale:  # short of room at this scale: what does it need?
            own = laid if scale == 1.0 else _placed(c, slack, deck, 1.0)
            if own.need < scale:
                scale = own.need
                laid = _placed(c, slack, deck, scale)
        placed[id(c)] = laid
    return {id(c): _with_text(c, placed[id(c)] if placed[id(c)].scale == scale
                              else _placed(c, slack, deck, scale), slack) for c in pokers}


def _placed(c: Card, slack: float, deck: Deck, scale: float) -> CardLayout:
    """The card's title, tags, tables and stats at `scale`, with the scale it needs (its
    text area still empty)."""
    box = name_width(c) * slack
    name = name_fit(c.title, box, NAME_H, 12.0, 7.5)
    tags = shrink_wrap([tag_runs(c)], box, deck.tags, deck.tags, 1.15)
    head_rule = HEAD_RULE + max(0.0, tags.height(1.15, 0) - TAGS_H)
    top = head_rule + RULE_GAP
    blocks, bottom = _blocks(c, top, scale, slack, deck)
    room = TEXT_BOTTOM - _least_text(c, slack) - TEXT_GAP
    need = scale if bottom <= room else max(MIN_SCALE, min(
        scale, scale * (room - top) / (bottom - top)))
    text_top = bottom + (TEXT_GAP if blocks else 0.0)
    empty = Fitted(TEXT_SIZE, [], frozenset(), False)
    return CardLayout(name, tags, head_rule, tuple(blocks), scale, text_top, TEXT_BOTTOM,
                      empty, need=need)


def _with_text(c: Card, laid: CardLayout, slack: float) -> CardLayout:
    """The placed card with its text area filled, and what it cannot hold moved."""
    text, rest = flow_keeping(card_paragraphs(c), movable(c), TEXT_SIZE, INNER_W * slack,
                              (TEXT_BOTTOM - laid.text_top) * slack, leading=LEADING,
                              gap=GAP, note=Run(CONTINUED, "I", GREY))
    return replace(laid, text=text, rest=tuple(tuple(p) for p in rest))


def _least_text(c: Card, slack: float) -> float:
    """The text area's least height: MIN_TEXT_H, or what the text that stays on the card
    (names, short entries, boxes) takes with a line saying where the rest went."""
    paragraphs, moves = card_paragraphs(c), movable(c)
    kept = [p for p, move in zip(paragraphs, moves, strict=True) if not move]
    if len(kept) < len(paragraphs):
        kept.append([Run(CONTINUED, "I", GREY)])
    if not kept:
        return MIN_TEXT_H
    fitted = shrink_wrap(kept, INNER_W * slack, TEXT_SIZE, TEXT_SIZE, LEADING, GAP)
    return min(45.0, max(MIN_TEXT_H, fitted.height(LEADING, GAP) / slack + 0.5))


def _blocks(c: Card, top: float, scale: float, slack: float, deck: Deck
            ) -> tuple[list[PlacedTable | PlacedStat], float]:
    placed: list[PlacedTable | PlacedStat] = []
    cursor = top
    stat_w = stat_label_width(c, scale)
    for block in c.blocks:
        if isinstance(block, Table):
            table = _table(block, cursor, scale, slack, deck)
            placed.append(table)
            cursor = table.bottom
        elif isinstance(block, Stat):
            stat = _stat(block, cursor + STAT_GAP * scale, stat_w, scale, slack, deck)
            placed.append(stat)
            cursor = stat.top + stat.height
    return placed, cursor


def _table(t: Table, top: float, scale: float, slack: float, deck: Deck) -> PlacedTable:
    columns = max(len(t.columns), 1)
    _, label_w, col_w = geometry(t, scale)
    sizes = {k: v if k == "short" else v * scale for k, v in deck.table(t, slack).items()}
    names = t.short_columns if sizes["short"] and t.short_columns else t.columns
    box = (col_w - 0.8) * slack
    heads = tuple(one_line(h, "B", box, sizes["head"], sizes["head"], TIGHT) for h in names)
    head_h = max(HEAD_H * scale, max((h.height(TIGHT, 0) for h in heads), default=0) + 0.6)
    label_box = (label_w - 0.4) * slack
    base, _ = place_rows(t.rows, 0.0, ROW_H, scale)
    rows: list[PlacedRow] = []
    cursor = top + head_h
    for i, p in enumerate(base):
        label_fit = (one_line(p.label, "B", label_box, sizes["label"], sizes["label"], TIGHT)
                     if p.span else None)
        cells = tuple(None if cell.kind != "text" else
                      one_line(cell.text, "B", box, sizes[p.kind], sizes[p.kind], TIGHT)
                      for cell in p.row.cells[:columns])
        height = max([p.height] + [f.height(TIGHT, 0) + 0.9 for f in cells if f])
        if label_fit is not None:  # the label's group grows when its lines need it
            group = height + sum(r.height for r in base[i + 1:i + p.span])
            height += max(0.0, label_fit.height(TIGHT, 0) + 1.0 - group)
        rows.append(PlacedRow(p.row, p.kind, cursor, height, p.span, p.label, label_fit,
                              cells))
        cursor += height
    return PlacedTable(t, top, head_h, tuple(rows), cursor, label_w, col_w, heads)


def _stat(s: Stat, top: float, label_w: float, scale: float, slack: float, deck: Deck
          ) -> PlacedStat:
    size, note_size = deck.stat_label * scale, deck.stat_note * scale
    label = one_line(s.short or s.label, "B", (label_w - 0.4) * slack, size, size, TIGHT)
    value_box = (INNER_W - label_w) * slack
    size = deck.stat_value * scale
    value = one_line(s.value, "B", value_box, size, size, TIGHT)
    used = max((_line_w(line, value.size) for line in value.lines), default=0.0) + 2.0
    if s.icon:
        used += 4.5 * scale + 1.0
    height = max(STAT_H * scale, label.height(TIGHT, 0) + 1.2, value.height(TIGHT, 0) + 1.2)
    note, note_x, note_top = None, used, 1.4 * scale
    if s.note:
        room = (INNER_W - label_w - used) * slack
        note = one_line(s.note, "I", max(room, 1.0), note_size, note_size, TIGHT)
        if len(note.lines) > 1:
            note_top = 0.5 * scale
        if room < 14.0 or len(note.lines) > 2:  # too narrow beside the value: below it
            note_x, note_top = 0.0, value.height(TIGHT, 0) + 0.9
            note = one_line(s.note, "I", value_box, note_size, note_size, TIGHT)
        height = max(height, note_top + note.height(TIGHT, 0) + 1.2)
    return PlacedStat(s, top, height, label_w, label, value, note, note_x, note_top)


def _line_w(line: list, size: float) -> float:
    if not line:
        return 0.0
    last = line[-1]
    return last.x + width(last.text, last.style, size)


def line_width(line: list, size: float) -> float:
    """The width of a fitted line, in millimetres."""
    return _line_w(line, size)
