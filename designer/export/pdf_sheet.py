"""A ruled sheet on a PDF page, as `sheet_layout` places it: a unit's record sheet (four
to a page) or a half-page sheet (TACTICS, two to a page)."""

from __future__ import annotations

from designer.card import Card, Cell, Stat, Table
from designer.export.layout import GREY, INK, RED, PlacedRow, line_width, tone_colour
from designer.export.pdf_book import BAND, Book
from designer.export.pdf_card import status_text, tally_text
from designer.export.shapes import ICONS
from designer.export.sheet_layout import (
    COST_LABEL_W,
    COST_W,
    GAP,
    LABEL_W,
    LEADING,
    TIGHT,
    UNIT_H,
    Band,
    SheetLayout,
    sheet_layout,
)


def draw_sheet(book: Book, c: Card, x: float, y: float, w: float, h: float,
               layout: SheetLayout | None = None) -> None:
    """A blank unit record sheet, filled in."""
    status = status_text(c, short=False)
    layout = layout or sheet_layout(c, w, h, status=bool(status))
    bottom = y + h
    priced = layout.priced
    cost_x = x + w - COST_W - COST_LABEL_W
    book.box(x, y, LABEL_W, h, fill=BAND)
    if priced:
        book.box(cost_x, y, COST_LABEL_W, UNIT_H, fill=BAND)
    ruled = [y + UNIT_H] + [y + b.top for b in layout.bands]
    ruled += [y + r.top for b in layout.bands for r in b.rows if r.span]
    for top in [*ruled, y + layout.fill_top]:
        book.rule(x, top, x + w, top, INK, 0.25)
    book.rule(x + LABEL_W, y, x + LABEL_W, bottom, INK, 0.25)
    if priced:
        book.rule(cost_x, y, cost_x, y + UNIT_H, INK, 0.25)
        book.rule(x + w - COST_W, y, x + w - COST_W, y + UNIT_H, INK, 0.25)
    book.box(x, y, w, h, line=INK, lw=0.45)

    text_x, text_w = x + LABEL_W + 1.5, w - LABEL_W - 3
    label = layout.label_size  # the label column's one size
    book.text(x + 1.6, y + UNIT_H / 2 + label * 0.16, "UNIT", "B", label, INK)
    book.text(x + 1.6, y + UNIT_H + layout.tags_h / 2 + label * 0.16, "TYPES", "B", label,
              INK)
    for band in layout.bands:
        if band.label is not None:
            _label(book, band.label, x, y + band.top, band.height, INK)
        if isinstance(band.block, Table):
            _table(book, band, x, y, w)
        elif isinstance(band.block, Stat):
            _stat(book, band, text_x + 0.5, y)
        elif band.text is not None:
            book.paragraphs(band.text, text_x, y + band.top + (band.height - band.text.height(
                1.15, 0.4)) / 2, 1.15, 0.4)
    if priced:
        book.text(cost_x + COST_LABEL_W / 2, y + UNIT_H / 2 + label * 0.16, "COST", "B",
                  label, INK, "C")
        book.line_fit(x + w - COST_W / 2, y + 7.0, str(c.points), COST_W - 1.5, "B", 14, 7,
                      INK, "C")
    book.title_block(layout.name, text_x, y + 1.2, UNIT_H - 2.4)
    book.paragraphs(layout.tags, text_x, y + UNIT_H + (layout.tags_h - layout.tags.height(
        1.15, 0)) / 2, 1.15, 0)
    if layout.fill_label is not None:
        book.lines(layout.fill_label, x + 1.6, y + layout.fill_top + 1.8, LABEL_W - 2.4,
                   TIGHT, INK)
    if layout.fill_text is not None:
        book.paragraphs(layout.fill_text, text_x, y + layout.fill_top + 1.5, LEADING, GAP)
    if status:
        book.line_fit(x + w - 1.5, bottom - 5.4, status, text_w, "B", 6.5, 5,
                      RED if not c.legal else GREY, "R")
    if priced:
        book.line_fit(text_x, bottom - 1.8, tally_text(c), text_w, "", layout.tally_size,
                      layout.tally_size, GREY)


def _label(book: Book, label, x: float, top: float, height: float, colour) -> None:
    h = label.height(TIGHT, 0)
    book.lines(label, x + 1.6, top + (height - h) / 2, LABEL_W - 2.4, TIGHT, colour)


def _table(book: Book, band: Band, x: float, y: float, w: float) -> None:
    table = band.block
    assert isinstance(table, Table)
    columns = max(len(table.columns), 1)
    col_w = (w - LABEL_W) / columns
    top = y + band.top
    end = y + band.bottom
    for k in range(1, columns):
        cx = x + LABEL_W + col_w * k
        book.rule(cx, top, cx, end, INK, 0.2)
    for k, head in enumerate(band.heads):
        cx = x + LABEL_W + col_w * k
        book.lines(head, cx + 0.6, top + (band.height - head.height(TIGHT, 0)) / 2,
                   col_w - 1.2, TIGHT, INK, "C")
    for i, placed in enumerate(band.rows):
        if placed.span and placed.label_fit is not None:
            group = sum(r.height for r in band.rows[i:i + placed.span])
            _label(book, placed.label_fit, x, y + placed.top, group,
                   tone_colour(placed.row.tone))
        for k, cell in enumerate(placed.row.cells[:columns]):
            _cell(book, cell, placed, k, x + LABEL_W + col_w * k, y, col_w, band)


def _cell(book: Book, cell: Cell, placed: PlacedRow, k: int, x: float, y: float,
          col_w: float, band: Band) -> None:
    colour = tone_colour(cell.tone or placed.row.tone)
    top, cx = y + placed.top, x + col_w / 2
    scale = min(1.0, placed.height / 8.0) if placed.kind == "dice" else 1.0
    if cell.kind == "dice":
        if placed.kind == "sub":
            book.dice(cx, top + placed.height / 2, cell.count, colour, 3.0, col_w - 1)
        else:
            book.dice(cx, top + min(4.3, placed.height / 2), cell.count, colour,
                      4.0 * scale, col_w - 1)
        return
    if cell.kind == "icon" and cell.text in ICONS:
        h = min(3.8, placed.height - 1.0)
        w = h * ICONS[cell.text][1]
        book.icon(cell.text, cx - w / 2, top + (placed.height - h) / 2, h, colour)
        return
    fitted = placed.cells[k] if k < len(placed.cells) else None
    if fitted is None:
        return
    h = fitted.height(TIGHT, 0)
    offset = 0.3 if placed.kind == "sub" else (placed.height - h) / 2
    book.lines(fitted, x + 0.6, top + offset, col_w - 1.2, TIGHT, colour, "C")


def _stat(book: Book, band: Band, ax: float, y: float) -> None:
    top = y + band.top
    value = band.text
    if value is None:
        return
    one = len(value.lines) == 1 and (band.note is None or band.note_x > 0)
    vtop = top + (band.height - value.height(TIGHT, 0)) / 2 if one else top + 0.8
    book.lines(value, ax, vtop, 0.0, TIGHT, INK)
    stat = band.block
    assert isinstance(stat, Stat)
    after = ax + max((line_width(line, value.size) for line in value.lines), default=0) + 2.5
    if stat.icon:
        drawn = book.icon(stat.icon, after, top + 1.8, 3.8)
        after += drawn + 1.2 if drawn else 0.0
    if band.note is not None:
        if band.note_x > 0:
            nh = band.note.height(TIGHT, 0)
            book.lines(band.note, after, top + (band.height - nh) / 2, 0.0, TIGHT, GREY)
        else:
            book.lines(band.note, ax, vtop + value.height(TIGHT, 0) + 0.4, 0.0, TIGHT, GREY)
