"""A poker-size card on a PDF page, drawn from the neutral card's blocks as
`layout.card_layout` places them (the HTML shares the layout)."""

from __future__ import annotations

from designer.card import Card, Cell
from designer.export.card_text import status_text, tally_text
from designer.export.layout import (
    BADGE_H,
    BADGE_W,
    CARD_H,
    CARD_W,
    DIE,
    GREY,
    INK,
    INNER_W,
    LEADING,
    NAME_H,
    PAD,
    RED,
    TAGS_TOP,
    TIGHT,
    CardLayout,
    PlacedRow,
    PlacedStat,
    PlacedTable,
    card_layout,
    line_width,
    name_width,
    tone_colour,
)
from designer.export.pdf_book import BAND, RULE, WHITE, Book
from designer.export.shapes import ICONS

__all__ = ["draw_card", "status_text", "tally_text"]


def draw_card(book: Book, c: Card, x: float, y: float,
              layout: CardLayout | None = None) -> None:
    """One poker-size card at (x, y)."""
    layout = layout or card_layout(c)
    book.box(x + 1.5, y + 1.5, CARD_W - 3, CARD_H - 3, line=INK, lw=0.35, radius=2.6)
    left = x + PAD
    if c.points is not None:
        bx, by = x + CARD_W - 3.4 - BADGE_W, y + 3.2
        book.box(bx, by, BADGE_W, BADGE_H, fill=INK, radius=1.4)
        book.line_fit(bx + BADGE_W / 2, by + 6.0, str(c.points), BADGE_W - 1.6, "B", 14, 6,
                      WHITE, "C")
        book.text(bx + BADGE_W / 2, by + 9.2, "POINTS", "B", 4.6, WHITE, "C")
    book.title_block(layout.name, left, y + 3.3, NAME_H)
    if c.tags:
        book.lines(layout.tags, left, y + TAGS_TOP, name_width(c), 1.15)
    book.rule(left, y + layout.head_rule, left + INNER_W, y + layout.head_rule, RULE, 0.25)
    for block in layout.blocks:
        if isinstance(block, PlacedTable):
            _card_table(book, block, left, y, layout.scale)
        else:
            _card_stat(book, block, left, y)
    book.paragraphs(layout.text, left, y + layout.text_top, LEADING, 0.45)
    fy = y + 85.35
    foot = f"{c.system} \u00b7 {c.legend}" if c.legend else c.system
    status = status_text(c, short=True)
    book.line_fit(left, fy, foot, INNER_W / 2 if status else INNER_W, "", 4.4, 3.5, GREY)
    if status:
        bad = not c.legal
        book.line_fit(left + INNER_W, fy, status, INNER_W / 2, "B" if bad else "I",
                      4.6 if bad else 4.4, 3.5, RED if bad else GREY, "R")


def _card_table(book: Book, t: PlacedTable, left: float, y: float, scale: float) -> None:
    top, bottom, col_w, label_w = y + t.top, y + t.bottom, t.col_w, t.label_w
    book.box(left, top, INNER_W, t.head, fill=BAND)
    for i, placed in enumerate(t.rows):
        if not placed.span or placed.label_fit is None:
            continue
        row_top = y + placed.top
        if i:
            book.rule(left, row_top, left + INNER_W, row_top, RULE, 0.15)
        group = sum(r.height for r in t.rows[i:i + placed.span])
        fitted = placed.label_fit
        # one line sits as the row's text does; more are centred on the row's group
        h = fitted.height(TIGHT, 0)
        first = placed.height if len(fitted.lines) == 1 else group
        book.lines(fitted, left + 0.3, row_top + (first - h) / 2, label_w - 0.4, TIGHT,
                   tone_colour(placed.row.tone))
    for k, head in enumerate(t.heads):
        cx = left + label_w + col_w * k
        if k:
            book.rule(cx, top, cx, bottom, RULE, 0.15)
        book.lines(head, cx + 0.4, top + (t.head - head.height(TIGHT, 0)) / 2, col_w - 0.8,
                   TIGHT, INK, "C")
    for placed in t.rows:
        for k, cell in enumerate(placed.row.cells[:len(t.table.columns)]):
            _card_cell(book, cell, placed, k, left + label_w + col_w * k, y + placed.top,
                       col_w, scale)
    book.rule(left, bottom, left + INNER_W, bottom, RULE, 0.15)


def _card_cell(book: Book, cell: Cell, placed: PlacedRow, k: int, x: float, top: float,
               col_w: float, scale: float) -> None:
    colour = tone_colour(cell.tone or placed.row.tone)
    cx = x + col_w / 2
    if cell.kind == "dice":
        book.dice(cx, top + placed.height / 2, cell.count, colour, DIE * scale, col_w - 0.6)
        return
    if cell.kind == "icon" and cell.text in ICONS:
        h = min(3.0, placed.height - 0.8)
        w = h * ICONS[cell.text][1]
        book.icon(cell.text, cx - w / 2, top + (placed.height - h) / 2, h, colour)
        return
    fitted = placed.cells[k] if k < len(placed.cells) else None
    if fitted is None:
        return
    h = fitted.height(TIGHT, 0)
    # a sub row's small print hangs from its top; a main row's value is centred
    offset = 0.15 if placed.kind == "sub" else (placed.height - h) / 2
    book.lines(fitted, x + 0.4, top + offset, col_w - 0.8, TIGHT, colour, "C")


def _card_stat(book: Book, s: PlacedStat, left: float, y: float) -> None:
    top, label_w = y + s.top, s.label_w
    if s.label_fit is not None:
        book.lines(s.label_fit, left + 0.3, top + (s.height - s.label_fit.height(TIGHT, 0))
                   / 2 if len(s.label_fit.lines) > 1 else top + 1.6, label_w - 0.4, TIGHT,
                   INK)
    vx = left + label_w
    if s.value_fit is not None:
        book.lines(s.value_fit, vx, top + 0.4, INNER_W - label_w, TIGHT, INK)
    if s.stat.icon:
        value_w = max((line_width(line, s.value_fit.size) for line in s.value_fit.lines),
                      default=0.0) if s.value_fit else 0.0
        book.icon(s.stat.icon, vx + value_w + 2.0, top + 0.9, 3.0)
    if s.note_fit is not None:
        note_top = top + s.note_top
        book.lines(s.note_fit, vx + s.note_x, note_top, INNER_W - label_w - s.note_x, TIGHT,
                   GREY)
    book.rule(left, top + s.height, left + INNER_W, top + s.height, RULE, 0.25)

