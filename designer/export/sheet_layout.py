"""A ruled sheet's geometry and type, shared by the PDF and the HTML: the record sheet of
a poker-card unit (four to a page) and the half-page sheet of a "sheet" card (TACTICS).

The sheet is a label column down the left and bands from the top: the title and cost,
the tags, each table (its column heads, then a row and the sub rows under it sharing
one label), one band per stat and per short section, and the last full section filling
what is left above the foot. Bands grow with what they hold (a long label wraps, a
value too wide shrinks to a floor and wraps); when they would leave the last section
less than MIN_FILL they shrink together. The last section's text that does not fit
moves to the rules glossary (`SheetLayout.rest`), with a line saying so.
"""

from __future__ import annotations

from dataclasses import dataclass

from designer.card import Card, Section, Stat, Table
from designer.export.card_text import CONTINUED, GREY, card_sections, entry_runs, tag_runs
from designer.export.fit import Fitted, Run, fit_size, pdf_safe
from designer.export.flow import flow_keeping, one_line, shrink_wrap
from designer.export.layout import PlacedRow, line_width, name_fit, place_rows

LABEL_W, COST_LABEL_W, COST_W = 22.0, 12.0, 15.0
ROWS = {"dice": 8.0, "text": 7.5, "sub": 4.0}
UNIT_H, TAGS_BAND, HEAD_BAND, STAT_BAND, COMPACT_BAND, SECTION_BAND = (10.0, 9.0, 6.0, 7.5,
                                                                      8.0, 12.0)
MIN_FILL = 30.0  # the last section's room never gets less; the bands above shrink instead
TEXT_SIZE = 7.5  # the sections' one size
LEADING, GAP = 1.2, 0.5
TIGHT = 1.1
LABEL_SIZE, LABEL_FLOOR = 7.0, 5.5


@dataclass(frozen=True, slots=True)
class Band:
    """One band: a table (its heads' row, then its rows), a stat or a section."""

    label: Fitted | None
    top: float  # from the sheet's top
    height: float  # a table's: its heads' row
    block: Table | Stat | Section | None
    rows: tuple[PlacedRow, ...] = ()
    heads: tuple[Fitted, ...] = ()
    text: Fitted | None = None  # a stat's value, a section's text
    note: Fitted | None = None  # a stat's note
    note_x: float = 0.0  # from the value's left

    @property
    def bottom(self) -> float:
        if self.rows:
            return self.rows[-1].top + self.rows[-1].height
        return self.top + self.height

    @property
    def kind(self) -> str:
        return ("table" if isinstance(self.block, Table) else
                "stat" if isinstance(self.block, Stat) else "section")


@dataclass(frozen=True, slots=True)
class SheetLayout:
    card: Card
    w: float
    h: float
    scale: float
    name: Fitted
    name_w: float
    tags: Fitted
    tags_h: float
    bands: tuple[Band, ...]
    fill: Section | None
    fill_label: Fitted | None
    fill_top: float
    fill_text: Fitted | None
    foot_h: float
    rest: tuple[tuple[Run, ...], ...] = ()

    @property
    def priced(self) -> bool:
        return self.card.points is not None

    @property
    def body_w(self) -> float:
        return self.w - LABEL_W - 3.0


def sheet_paragraphs(section: Section) -> list[list[Run]]:
    """A section in its band (the label column names it): a short one's labels on one
    line, a glossary one's rules by name, any other an entry a paragraph."""
    if not section.entries:
        return [[Run("none", "I", GREY)]]
    if section.compact or section.glossary:
        runs: list[Run] = []
        for i, e in enumerate(section.entries):
            runs.append(Run((", " if i else "") + e.title, ""))
            if e.note:
                runs.append(Run(f" ({e.note})", "I", GREY))
        return [runs]
    return [entry_runs(e.title, e.note, e.text) for e in section.entries]


def fill_section(c: Card) -> Section | None:
    """The section that fills the sheet's rest: the last full one printed."""
    full = [s for s in card_sections(c) if not s.compact and not s.glossary]
    return full[-1] if full else None


def sheet_layout(c: Card, w: float, h: float, slack: float = 1.0,
                 status: bool = False) -> SheetLayout:
    """The sheet of `c` in a box `w` × `h` mm; `status` keeps room for a status line."""
    fill = fill_section(c)
    body = (w - LABEL_W - 3.0) * slack
    foot = (8.5 if status else 5.0) if c.points is not None or status else 2.0
    least = 0.0
    if fill is not None:  # the last section keeps MIN_FILL, or less when it needs less
        need = shrink_wrap(sheet_paragraphs(fill), body, TEXT_SIZE, TEXT_SIZE, LEADING, GAP)
        least = min(MIN_FILL, need.height(LEADING, GAP) / slack + 4.0)
    target = h - least - foot
    scale = 1.0
    for _ in range(24):  # a band's text keeps a floor size, so shrink until it settles
        bands, bottom, tags, tags_h = _bands(c, fill, w, scale, slack)
        if bottom <= target + 0.01 or scale <= 0.45:
            break
        scale = max(0.45, scale * (target - UNIT_H) / (bottom - UNIT_H))
    priced = c.points is not None
    name_w = w - LABEL_W - 3.0 - ((COST_LABEL_W + COST_W) if priced else 0.0)
    name = name_fit(c.title, name_w * slack, UNIT_H - 2.4, 12.0, 8.0)
    fill_text = None
    # the rest is for notes in play when no section fills it
    fill_label = _label("NOTES", slack) if h - bottom - foot > 12.0 else None
    rest: list[list[Run]] = []
    if fill is not None:
        fill_label = _label(fill.label.upper(), slack)
        box_h = (h - bottom - 3.0 - foot) * slack
        paragraphs = sheet_paragraphs(fill)
        fill_text, rest = flow_keeping(paragraphs, [True] * len(paragraphs), TEXT_SIZE, body,
                                       box_h, leading=LEADING, gap=GAP,
                                       note=Run(CONTINUED, "I", GREY))
    return SheetLayout(c, w, h, scale, name, name_w, tags, tags_h, tuple(bands), fill,
                       fill_label, bottom, fill_text, foot, tuple(tuple(p) for p in rest))


def _label(text: str, slack: float, scale: float = 1.0) -> Fitted:
    return one_line(text, "B", (LABEL_W - 2.4) * slack, LABEL_SIZE * min(1.0, scale + 0.2),
                    LABEL_FLOOR, TIGHT)


def _bands(c: Card, fill: Section | None, w: float, scale: float, slack: float
           ) -> tuple[list[Band], float, Fitted, float]:
    body = (w - LABEL_W - 3.0) * slack
    tags = shrink_wrap([tag_runs(c) or [Run("none", "I")]], body, 8.5 * max(scale, 0.7),
                       5.5, 1.15)
    tags_h = max(TAGS_BAND * scale, tags.height(1.15, 0) + 1.6)
    cursor = UNIT_H + tags_h
    bands: list[Band] = []
    for block in c.blocks:
        if isinstance(block, Table):
            band = _table(block, cursor, w, scale, slack)
        elif isinstance(block, Stat):
            band = _stat(block, cursor, body, scale, slack)
        elif block.on_card and block is not fill:
            text = shrink_wrap(sheet_paragraphs(block), body, TEXT_SIZE * max(scale, 0.75),
                               TEXT_SIZE * max(scale, 0.75), 1.15, 0.4)
            least = (COMPACT_BAND if block.compact or block.glossary else SECTION_BAND)
            label = _label((block.short or block.label).upper(), slack, scale)
            height = max(least * scale, text.height(1.15, 0.4) + 2.0,
                         label.height(TIGHT, 0) + 1.6)
            band = Band(label, cursor, height, block, text=text)
        else:
            continue
        bands.append(band)
        cursor = band.bottom
    return bands, cursor, tags, tags_h


def _table(t: Table, top: float, w: float, scale: float, slack: float) -> Band:
    columns = max(len(t.columns), 1)
    col_w = (w - LABEL_W) / columns
    box = (col_w - 1.2) * slack

    def size_of(heads: tuple[str, ...]) -> float:
        return min((fit_size(pdf_safe(h), "B", box, 7.5 * scale, min(5.0, 7.5 * scale))
                    for h in heads), default=7.5 * scale)

    names, head_size = t.columns, size_of(t.columns)
    if t.short_columns and size_of(t.short_columns) > head_size:
        names, head_size = t.short_columns, size_of(t.short_columns)
    heads = tuple(one_line(h, "B", box, head_size, head_size, TIGHT) for h in names)
    head_h = max(HEAD_BAND * scale, max((f.height(TIGHT, 0) for f in heads), default=0) + 1.2)
    base, _ = place_rows(t.rows, 0.0, ROWS, scale)
    rows: list[PlacedRow] = []
    cursor = top + head_h
    for i, p in enumerate(base):
        label = _label(p.label, slack, scale) if p.span else None
        largest, floor = (8.5, 5.0) if p.kind == "sub" else (10.0, 6.0)
        cells = tuple(None if cell.kind != "text" or not cell.text else
                      one_line(cell.text, "B", box, largest * scale, min(floor, largest * scale),
                               TIGHT)
                      for cell in p.row.cells[:columns])
        height = max([p.height] + [f.height(TIGHT, 0) + 1.0 for f in cells if f])
        if label is not None:
            group = height + sum(r.height for r in base[i + 1:i + p.span])
            height += max(0.0, label.height(TIGHT, 0) + 1.4 - group)
        rows.append(PlacedRow(p.row, p.kind, cursor, height, p.span, p.label, label, cells))
        cursor += height
    return Band(None, top, head_h, t, tuple(rows), heads)


def _stat(s: Stat, top: float, body: float, scale: float, slack: float) -> Band:
    label = _label((s.short or s.label).upper(), slack, scale)
    value = one_line(s.value, "B", body - 1.5, 10.0 * max(scale, 0.8), 6.0, TIGHT)
    used = max((line_width(line, value.size) for line in value.lines), default=0.0) + 2.5
    if s.icon:
        used += 3.8 * scale * 1.5 + 1.2
    note_text = s.note + (f" ({s.detail})" if s.detail and s.note else s.detail)
    note = None
    note_x = used
    height = max(STAT_BAND * scale, value.height(TIGHT, 0) + 1.6, label.height(TIGHT, 0) + 1.6)
    if note_text:
        room = body - used - 1.5
        note = one_line(note_text, "I", room, 7.0, 5.0, TIGHT) if room > 12.0 else None
        if note is None or len(note.lines) > 2:
            note_x = 0.0
            note = one_line(note_text, "I", body - 1.5, 7.0, 5.0, TIGHT)
            height = max(height, value.height(TIGHT, 0) + note.height(TIGHT, 0) + 2.0)
        else:
            height = max(height, note.height(TIGHT, 0) + 1.6)
    return Band(label, top, height, s, text=value, note=note, note_x=note_x)
