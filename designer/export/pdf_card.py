"""A card and its record sheet on a PDF page, drawn from the neutral card's blocks.

The card follows `layout.card_layout`, which the HTML shares. The record sheet is a
ruled form: the title and cost, the tags, each table (a row and the sub rows under it
share one band), one band per stat and per compact section, and the last full section
filling what is left above the tally line.
"""

from __future__ import annotations

from dataclasses import dataclass

from designer.card import Card, Cell, Section, Stat, Table
from designer.export.fit import Run, fit, pdf_safe, width
from designer.export.layout import (
    BADGE_H,
    BADGE_W,
    CARD_H,
    CARD_W,
    GAP,
    GREY,
    HEAD_RULE,
    INK,
    INNER_W,
    LABEL_SIZE,
    LEADING,
    NAME_H,
    PAD,
    RED,
    TAGS_H,
    TAGS_TOP,
    PlacedRow,
    PlacedStat,
    PlacedTable,
    card_layout,
    card_paragraphs,
    card_sections,
    cell_size,
    name_width,
    place_rows,
    row_kind,
    section_paragraphs,
    tag_runs,
    tags_text,
    tone_colour,
)
from designer.export.pdf_book import BAND, RULE, WHITE, Book
from designer.export.shapes import ICONS


def status_text(c: Card, *, short: bool) -> str:
    """What the owner should know: 'NOT LEGAL: 2 errors', or a printed value the tally
    disagrees with; '' when neither."""
    if not c.legal:
        n = len(c.errors)
        return (f"NOT LEGAL: {n} error{'s' if n > 1 else ''}" if short
                else f"NOT LEGAL: {n} error(s)")
    if c.points is not None and c.audit:
        return f"printed {c.printed}, tally {c.points}"
    return ""


def tally_text(c: Card) -> str:
    steps = " + ".join(f"{k} {v}" for k, v in c.step_totals().items())
    return f"Tally: {steps} = {c.points}" if steps else "Tally: nothing priced"


# --- the card ----------------------------------------------------------------------------


def draw_card(book: Book, c: Card, x: float, y: float) -> None:
    """One poker-size card at (x, y)."""
    layout = card_layout(c)
    book.box(x + 1.5, y + 1.5, CARD_W - 3, CARD_H - 3, line=INK, lw=0.35, radius=2.6)
    left = x + PAD
    name_w = name_width(c)
    if c.points is not None:
        bx, by = x + CARD_W - 3.4 - BADGE_W, y + 3.2
        book.box(bx, by, BADGE_W, BADGE_H, fill=INK, radius=1.4)
        book.line_fit(bx + BADGE_W / 2, by + 6.0, str(c.points), BADGE_W - 1.6, "B", 14, 6,
                      WHITE, "C")
        book.text(bx + BADGE_W / 2, by + 9.2, "POINTS", "B", 4.6, WHITE, "C")
    book.title_block(c.title, left, y + 3.3, name_w, NAME_H, 12.0, 7.5)
    if c.tags:
        fitted = fit([tag_runs(c)], name_w, TAGS_H, largest=6.5, smallest=4.5, leading=1.15)
        book.paragraphs(fitted, left, y + TAGS_TOP, 1.15, 0)
    book.rule(left, y + HEAD_RULE, left + INNER_W, y + HEAD_RULE, RULE, 0.25)

    for block in layout.blocks:
        if isinstance(block, PlacedTable):
            _card_table(book, block, left, y, layout.scale)
        else:
            _card_stat(book, block, left, y, layout.scale)

    fitted = fit(card_paragraphs(c), INNER_W, layout.text_h, largest=7.5, smallest=4.5,
                 leading=LEADING, gap=GAP)
    book.paragraphs(fitted, left, y + layout.text_top, LEADING, GAP)

    fy = y + 85.35
    foot = f"{c.system} \u00b7 {c.legend}" if c.legend else c.system
    book.line_fit(left, fy, foot, INNER_W / 2, "", 4.4, 3.5, GREY)
    status = status_text(c, short=True)
    if status:
        bad = not c.legal
        book.text(left + INNER_W, fy, status, "B" if bad else "I", 4.6 if bad else 4.4,
                  RED if bad else GREY, "R")


def _card_table(book: Book, t: PlacedTable, left: float, y: float, scale: float) -> None:
    top, bottom, col_w, label_w = y + t.top, y + t.bottom, t.col_w, t.label_w
    book.box(left, top, INNER_W, t.head, fill=BAND)
    for i, placed in enumerate(t.rows):
        if not placed.span:
            continue
        row_top = y + placed.top
        if i:
            book.rule(left, row_top, left + INNER_W, row_top, RULE, 0.15)
        book.line_fit(left + 0.3, row_top + 3.05 * scale, placed.label, label_w - 0.4, "B",
                      LABEL_SIZE * scale, min(4.0, LABEL_SIZE * scale),
                      tone_colour(placed.row.tone))
    for k, head in enumerate(t.table.columns):
        cx = left + label_w + col_w * (k + 0.5)
        if k:
            sx = left + label_w + col_w * k
            book.rule(sx, top, sx, bottom, RULE, 0.15)
        book.line_fit(cx, top + 2.65 * scale, head, col_w - 0.8, "B", 6.0 * scale,
                      min(4.5, 6.0 * scale), INK, "C")
    for placed in t.rows:
        for k, cell in enumerate(placed.row.cells[:len(t.table.columns)]):
            cx = left + label_w + col_w * (k + 0.5)
            _card_cell(book, cell, placed, cx, y + placed.top, col_w, scale)
    book.rule(left, bottom, left + INNER_W, bottom, RULE, 0.15)


def _card_cell(book: Book, cell: Cell, placed: PlacedRow, cx: float, top: float,
               col_w: float, scale: float) -> None:
    colour = tone_colour(cell.tone or placed.row.tone)
    if cell.kind == "dice":
        book.dice(cx, top + placed.height / 2, cell.count, colour, 3.1 * scale, col_w - 0.6)
        return
    if cell.kind == "icon" and cell.text in ICONS:
        h = min(3.0, placed.height - 0.8)
        w = h * ICONS[cell.text][1]
        book.icon(cell.text, cx - w / 2, top + (placed.height - h) / 2, h, colour)
        return
    size = cell_size(cell, placed.kind, col_w - 0.8, scale)
    baseline = (2.45 if placed.kind == "sub" else 3.4) * scale
    book.line_fit(cx, top + baseline, cell.text, col_w - 0.8, "B", size, size, colour, "C")


def _card_stat(book: Book, s: PlacedStat, left: float, y: float, scale: float) -> None:
    stat, top, label_w = s.stat, y + s.top, s.label_w
    book.line_fit(left + 0.3, top + 3.3 * scale, s.label, label_w - 0.4, "B",
                  LABEL_SIZE * scale, min(4.0, LABEL_SIZE * scale), INK)
    value = pdf_safe(stat.value)
    size = 9.5 * scale
    book.line_fit(left + label_w, top + 3.6 * scale, value, INNER_W - label_w, "B", size,
                  min(5.0, size), INK)
    after = left + label_w + width(value, "B", size) + 2.0
    if stat.icon:
        drawn = book.icon(stat.icon, after, top + 0.9 * scale, 3.0 * scale)
        after += drawn + 1.0 if drawn else 0.0
    if stat.note and after < left + INNER_W:
        book.line_fit(after, top + 3.3 * scale, stat.note, left + INNER_W - after, "I",
                      6.0 * scale, min(4.0, 6.0 * scale), GREY)
    book.rule(left, top + s.height, left + INNER_W, top + s.height, RULE, 0.25)


# --- the record sheet ---------------------------------------------------------------------

SHEET_LABEL_W, COST_LABEL_W, COST_W = 17.0, 12.0, 15.0
SHEET_ROWS = {"dice": 8.0, "text": 7.5, "sub": 4.0}
UNIT_H, TAGS_BAND, HEAD_BAND, STAT_BAND, COMPACT_BAND, SECTION_BAND = (10.0, 9.0, 6.0, 7.5,
                                                                      11.0, 16.0)
MIN_FILL = 30.0  # the last section's room never gets less; the bands above shrink instead


@dataclass(frozen=True, slots=True)
class _Band:
    label: str
    top: float
    height: float
    block: Table | Stat | Section | None
    rows: tuple[PlacedRow, ...] = ()  # a table's rows; its band is the column heads


def _sheet_bands(c: Card, y: float, h: float) -> tuple[list[_Band], Section | None, float]:
    """The sheet's bands from the top, the section that fills the rest, and its top."""
    full = [s for s in card_sections(c) if not s.compact]
    fill = full[-1] if full else None
    natural = UNIT_H + TAGS_BAND
    for block in c.blocks:
        if isinstance(block, Table):
            natural += HEAD_BAND + sum(SHEET_ROWS[row_kind(r)] for r in block.rows)
        elif isinstance(block, Stat):
            natural += STAT_BAND
        elif isinstance(block, Section) and block.on_card and block is not fill:
            natural += COMPACT_BAND if block.compact else SECTION_BAND
    scale = min(1.0, (h - MIN_FILL) / natural) if natural > h - MIN_FILL else 1.0
    bands = [_Band("UNIT", y, UNIT_H, None),
             _Band("TYPES", y + UNIT_H, TAGS_BAND * scale, None)]
    cursor = y + UNIT_H + TAGS_BAND * scale
    for block in c.blocks:
        if isinstance(block, Table):
            heights = {k: v * scale for k, v in SHEET_ROWS.items()}
            rows, bottom = place_rows(block.rows, cursor + HEAD_BAND * scale, heights)
            bands.append(_Band("", cursor, HEAD_BAND * scale, block, rows))
            cursor = bottom
        elif isinstance(block, Stat):
            bands.append(_Band((block.short or block.label).upper(), cursor,
                               STAT_BAND * scale, block))
            cursor += STAT_BAND * scale
        elif isinstance(block, Section) and block.on_card and block is not fill:
            band = (COMPACT_BAND if block.compact else SECTION_BAND) * scale
            bands.append(_Band((block.short or block.label).upper(), cursor, band, block))
            cursor += band
    return bands, fill, cursor


def draw_sheet(book: Book, c: Card, x: float, y: float, w: float, h: float) -> None:
    """A blank unit record sheet, filled in."""
    label_w = SHEET_LABEL_W
    bands, fill, fill_top = _sheet_bands(c, y, h)
    bottom = y + h
    priced = c.points is not None
    cost_x = x + w - COST_W - COST_LABEL_W
    book.box(x, y, label_w, h, fill=BAND)
    if priced:
        book.box(cost_x, y, COST_LABEL_W, UNIT_H, fill=BAND)
    ruled = [b.top for b in bands[1:]] + [r.top for b in bands for r in b.rows if r.span]
    for top in [*ruled, fill_top]:
        book.rule(x, top, x + w, top, INK, 0.25)
    book.rule(x + label_w, y, x + label_w, bottom, INK, 0.25)
    if priced:
        book.rule(cost_x, y, cost_x, y + UNIT_H, INK, 0.25)
        book.rule(x + w - COST_W, y, x + w - COST_W, y + UNIT_H, INK, 0.25)
    book.box(x, y, w, h, line=INK, lw=0.45)

    text_x, text_w = x + label_w + 1.5, w - label_w - 3
    for band in bands:
        if band.label:
            book.line_fit(x + 1.6, band.top + band.height / 2 + 1.1, band.label, label_w - 2.4,
                          "B", 7.0, 5.0, INK)
        if isinstance(band.block, Table):
            _sheet_table(book, band, x, w, label_w)
        elif isinstance(band.block, Stat):
            _sheet_stat(book, band.block, x + label_w + 2.0, band.top, band.height, x + w)
        elif isinstance(band.block, Section):
            _sheet_section(book, band.block, text_x, band.top, band.height, text_w)

    if priced:
        book.text(cost_x + COST_LABEL_W / 2, y + 6.1, "COST", "B", 7.0, INK, "C")
        book.line_fit(x + w - COST_W / 2, y + 7.0, str(c.points), COST_W - 1.5, "B", 14, 7,
                      INK, "C")
    name_w = w - label_w - 3.0 - ((COST_LABEL_W + COST_W) if priced else 0.0)
    book.title_block(c.title, text_x, y + 1.2, name_w, 7.6, 12.0, 8.0)
    types = bands[1]
    fitted = fit([[Run(tags_text(c) or "none", "I", INK)]], text_w, types.height - 1.6,
                 largest=8.5, smallest=5.5, leading=1.15)
    book.paragraphs(fitted, text_x, types.top + (types.height - fitted.height(1.15, 0)) / 2,
                    1.15, 0)

    status = status_text(c, short=False)
    foot = 8.5 if status else 5.0
    if fill is not None:
        book.line_fit(x + 1.6, fill_top + 4.6, fill.label.upper(), label_w - 2.4, "B", 7.0,
                      5.0, INK)
        paras = section_paragraphs(fill) or [[Run("none", "I", GREY)]]
        fitted = fit(paras, text_w, bottom - fill_top - 3.0 - foot, largest=8.5, smallest=5,
                     leading=1.2, gap=0.5)
        book.paragraphs(fitted, text_x, fill_top + 1.5, 1.2, 0.5)
    if status:
        book.line_fit(x + w - 1.5, bottom - 5.4, status, text_w, "B", 6.5, 5,
                      RED if not c.legal else GREY, "R")
    if priced:
        book.line_fit(text_x, bottom - 1.8, tally_text(c), text_w, "", 6, 5, GREY)


def _sheet_table(book: Book, band: _Band, x: float, w: float, label_w: float) -> None:
    table = band.block
    assert isinstance(table, Table)
    columns = max(len(table.columns), 1)
    col_w = (w - label_w) / columns
    end = band.rows[-1].top + band.rows[-1].height if band.rows else band.top + band.height
    scale = band.height / HEAD_BAND
    for k in range(1, columns):
        cx = x + label_w + col_w * k
        book.rule(cx, band.top, cx, end, INK, 0.2)
    for k, head in enumerate(table.columns):
        cx = x + label_w + col_w * (k + 0.5)
        book.line_fit(cx, band.top + 4.1 * scale, head, col_w - 1, "B", 7.5 * scale,
                      min(5.0, 7.5 * scale), INK, "C")
    for i, placed in enumerate(band.rows):
        if placed.span:
            group = sum(r.height for r in band.rows[i:i + placed.span])
            book.line_fit(x + 1.6, placed.top + group / 2 + 1.1, placed.label, label_w - 2.4,
                          "B", 7.0, 5.0, tone_colour(placed.row.tone))
        for k, cell in enumerate(placed.row.cells[:columns]):
            cx = x + label_w + col_w * (k + 0.5)
            _sheet_cell(book, cell, placed, cx, col_w, scale)


def _sheet_cell(book: Book, cell: Cell, placed: PlacedRow, cx: float, col_w: float,
                scale: float) -> None:
    colour = tone_colour(cell.tone or placed.row.tone)
    top = placed.top
    if cell.kind == "dice":
        if placed.kind == "sub":
            book.dice(cx, top + placed.height / 2, cell.count, colour, 3.0 * scale, col_w - 1)
        else:
            book.dice(cx, top + 4.3 * scale, cell.count, colour, 4.0 * scale, col_w - 1)
    elif cell.kind == "icon" and cell.text in ICONS:
        h = min(3.8, placed.height - 1.0)
        w = h * ICONS[cell.text][1]
        book.icon(cell.text, cx - w / 2, top + (placed.height - h) / 2, h, colour)
    elif placed.kind == "sub":
        book.line_fit(cx, top + 2.3 * scale, cell.text, col_w - 1.2, "B", 8.5 * scale,
                      min(5.0, 8.5 * scale), colour, "C")
    else:
        book.line_fit(cx, top + 5.3 * scale, cell.text, col_w - 1, "B", 10 * scale,
                      min(6.0, 10 * scale), colour, "C")


def _sheet_stat(book: Book, stat: Stat, ax: float, top: float, h: float,
                right: float) -> None:
    scale = h / STAT_BAND
    value = pdf_safe(stat.value)
    book.line_fit(ax, top + 5.4 * scale, value, right - ax - 1.5, "B", 10, 6, INK)
    after = ax + width(value, "B", 10) + 2.5
    if stat.icon:
        drawn = book.icon(stat.icon, after, top + 1.8 * scale, 3.8 * scale)
        after += drawn + 1.2 if drawn else 0.0
    note = stat.note + (f" ({stat.detail})" if stat.detail and stat.note else stat.detail)
    if note and after < right - 1.5:
        book.line_fit(after, top + 5.0 * scale, note, right - 1.5 - after, "I", 7, 5, GREY)


def _sheet_section(book: Book, section: Section, x: float, top: float, h: float,
                   w: float) -> None:
    if section.compact:
        text = ", ".join(e.label for e in section.entries) or "none"
        paras = [[Run(text)]]
        fitted = fit(paras, w, h - 1.4, largest=8, smallest=5, leading=1.15)
        book.paragraphs(fitted, x, top + (h - fitted.height(1.15, 0)) / 2, 1.15, 0)
        return
    paras = section_paragraphs(section) or [[Run("none", "I", GREY)]]
    fitted = fit(paras, w, h - 2.0, largest=8, smallest=5, leading=1.15, gap=0.4)
    book.paragraphs(fitted, x, top + 1.0, 1.15, 0.4)
