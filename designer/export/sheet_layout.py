"""A ruled sheet's geometry and type, shared by the PDF and the HTML: the record sheet of
a poker-card unit (four to a page) and the half-page sheet of a "sheet" card (TACTICS).

The sheet is a label column down the left and bands from the top: the title and cost,
the tags, each table (its column heads, then a row and the sub rows under it sharing
one label), one band per stat and per short section, and the last full section filling
what is left above the foot. Bands grow with what they hold (a long label or value
wraps); when they would leave the last section less than MIN_FILL they shrink together.
The sheets of one size in one printout share one scale, the smallest any of them needs
(`sheet_layouts`), and set each kind of text at one size (`sheet_type`). The last
section's text that does not fit moves to the rules glossary (`SheetLayout.rest`), with
a line saying so.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from designer.card import Card, Section, Stat, Table
from designer.export.card_text import CONTINUED, GREY, entry_runs, tag_runs
from designer.export.fit import Fitted, Run
from designer.export.flow import flow_keeping, one_line, shrink_wrap
from designer.export.layout import PlacedRow, line_width, name_fit, place_rows
from designer.export.sheet_type import (
    COST_LABEL_W,
    COST_W,
    LABEL_SIZE,
    LABEL_W,
    NOTE_SIZE,
    TEXT_SIZE,
    SheetType,
    fill_section,
    sheet_type,
    stat_note,
)

__all__ = [
    "COST_LABEL_W",
    "COST_W",
    "GAP",
    "LABEL_W",
    "LEADING",
    "MIN_FILL",
    "TIGHT",
    "UNIT_H",
    "Band",
    "SheetLayout",
    "fill_section",
    "sheet_layout",
    "sheet_layouts",
    "sheet_paragraphs",
]

ROWS = {"dice": 8.0, "text": 7.5, "sub": 4.0}
UNIT_H, TAGS_BAND, HEAD_BAND, STAT_BAND, COMPACT_BAND, SECTION_BAND = (10.0, 9.0, 6.0, 7.5,
                                                                      8.0, 12.0)
MIN_FILL = 30.0  # the last section's room never gets less; the bands above shrink instead
MIN_SCALE = 0.45  # the least the bands shrink to (then the last section's text moves)
LEADING, GAP = 1.2, 0.5
TIGHT = 1.1


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
    label_size: float = LABEL_SIZE  # the label column's one size (UNIT, TYPES, COST too)
    tally_size: float = 6.0  # the foot's tally

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


@dataclass(frozen=True, slots=True)
class _Placed:
    """A sheet's bands at a scale, before its title and last section are set."""

    card: Card
    scale: float
    bands: list[Band]
    bottom: float
    tags: Fitted
    tags_h: float
    fill: Section | None
    foot: float
    fits: bool  # whether the bands leave the last section its room


def sheet_layout(c: Card, w: float, h: float, slack: float = 1.0, status: bool = False,
                 kind: SheetType | None = None, scale: float | None = None) -> SheetLayout:
    """The sheet of `c` in a box `w` × `h` mm; `status` keeps room for a status line;
    `kind` (`sheet_type` of the sheets printed with it, else its own) sets its type and
    `scale` its bands' scale: without it the sheet takes the scale it needs itself."""
    kind = kind if kind is not None else sheet_type([c], w, slack)
    placed = _placed(c, w, h, slack, status, kind, 1.0 if scale is None else scale,
                     shrink=scale is None)
    return _finished(placed, w, h, slack, kind)


def sheet_layouts(cards: Iterable[Card], w: float, h: float, slack: float = 1.0,
                  status: Callable[[Card], bool] = lambda c: False
                  ) -> dict[int, SheetLayout]:
    """The sheets of `cards`, each `w` × `h` mm, in one type and at one scale, the
    smallest any of them needs (as `sheet_layout` works it out for one sheet); by `id`
    of the card. Each sheet is placed at the scale reached so far, and again only when a
    sheet after it needed less."""
    cards = list(cards)
    kind = sheet_type(cards, w, slack)
    scale = 1.0
    placed: dict[int, _Placed] = {}
    for c in cards:
        laid = _placed(c, w, h, slack, status(c), kind, scale, shrink=False)
        if not laid.fits:  # short of room at this scale: what does it need?
            own = _placed(c, w, h, slack, status(c), kind, 1.0, shrink=True)
            if own.scale < scale:
                scale, laid = own.scale, own
        placed[id(c)] = laid
    return {id(c): _finished(placed[id(c)] if placed[id(c)].scale == scale else
                             _placed(c, w, h, slack, status(c), kind, scale, shrink=False),
                             w, h, slack, kind) for c in cards}


def _placed(c: Card, w: float, h: float, slack: float, status: bool, kind: SheetType,
            scale: float, *, shrink: bool) -> _Placed:
    """The sheet's bands at `scale`, or (`shrink`) at the largest scale from it down at
    which they leave the last section its room."""
    fill = fill_section(c)
    body = (w - LABEL_W - 3.0) * slack
    foot = (8.5 if status else 5.0) if c.points is not None or status else 2.0
    least = 0.0
    if fill is not None:  # the last section keeps MIN_FILL, or less when it needs less
        need = shrink_wrap(sheet_paragraphs(fill), body, TEXT_SIZE, TEXT_SIZE, LEADING, GAP)
        least = min(MIN_FILL, need.height(LEADING, GAP) / slack + 4.0)
    target = h - least - foot
    for _ in range(24):  # a band's text keeps a floor size, so shrink until it settles
        bands, bottom, tags, tags_h = _bands(c, fill, w, scale, slack, kind)
        fits = bottom <= target + 0.01
        if not shrink or fits or scale <= MIN_SCALE:
            break
        scale = max(MIN_SCALE, scale * (target - UNIT_H) / (bottom - UNIT_H))
    return _Placed(c, scale, bands, bottom, tags, tags_h, fill, foot, fits)


def _finished(p: _Placed, w: float, h: float, slack: float, kind: SheetType) -> SheetLayout:
    """The placed sheet with its title, and its last section in the room left."""
    c, fill, bottom, foot = p.card, p.fill, p.bottom, p.foot
    label_size = kind.label_size(p.scale)
    priced = c.points is not None
    name_w = w - LABEL_W - 3.0 - ((COST_LABEL_W + COST_W) if priced else 0.0)
    name = name_fit(c.title, name_w * slack, UNIT_H - 2.4, 12.0, 8.0)
    fill_text = None
    # the rest is for notes in play when no section fills it
    fill_label = _label("NOTES", slack, label_size) if h - bottom - foot > 12.0 else None
    rest: list[list[Run]] = []
    if fill is not None:
        fill_label = _label(fill.label.upper(), slack, label_size)
        box_h = (h - bottom - 3.0 - foot) * slack
        paragraphs = sheet_paragraphs(fill)
        fill_text, rest = flow_keeping(paragraphs, [True] * len(paragraphs), TEXT_SIZE,
                                       (w - LABEL_W - 3.0) * slack, box_h, leading=LEADING,
                                       gap=GAP, note=Run(CONTINUED, "I", GREY))
    return SheetLayout(c, w, h, p.scale, name, name_w, p.tags, p.tags_h, tuple(p.bands),
                       fill, fill_label, bottom, fill_text, foot,
                       tuple(tuple(r) for r in rest), label_size, kind.tally_size())


def _label(text: str, slack: float, size: float) -> Fitted:
    return one_line(text, "B", (LABEL_W - 2.4) * slack, size, size, TIGHT)


def _bands(c: Card, fill: Section | None, w: float, scale: float, slack: float,
           kind: SheetType) -> tuple[list[Band], float, Fitted, float]:
    body = (w - LABEL_W - 3.0) * slack
    size = kind.tags_size(scale)
    tags = shrink_wrap([tag_runs(c) or [Run("none", "I")]], body, size, size, 1.15)
    tags_h = max(TAGS_BAND * scale, tags.height(1.15, 0) + 1.6)
    cursor = UNIT_H + tags_h
    label_size = kind.label_size(scale)
    bands: list[Band] = []
    for block in c.blocks:
        if isinstance(block, Table):
            band = _table(block, cursor, w, scale, slack, kind)
        elif isinstance(block, Stat):
            band = _stat(block, cursor, body, scale, slack, kind)
        elif block.on_card and block is not fill:
            text = shrink_wrap(sheet_paragraphs(block), body, TEXT_SIZE * max(scale, 0.75),
                               TEXT_SIZE * max(scale, 0.75), 1.15, 0.4)
            least = (COMPACT_BAND if block.compact or block.glossary else SECTION_BAND)
            label = _label((block.short or block.label).upper(), slack, label_size)
            height = max(least * scale, text.height(1.15, 0.4) + 2.0,
                         label.height(TIGHT, 0) + 1.6)
            band = Band(label, cursor, height, block, text=text)
        else:
            continue
        bands.append(band)
        cursor = band.bottom
    return bands, cursor, tags, tags_h


def _table(t: Table, top: float, w: float, scale: float, slack: float, kind: SheetType
           ) -> Band:
    columns = max(len(t.columns), 1)
    col_w = (w - LABEL_W) / columns
    box = (col_w - 1.2) * slack
    short, head_size, label_size, text_size, sub_size = kind.table(t, w, slack).sizes(scale)
    names = t.short_columns if short and t.short_columns else t.columns
    heads = tuple(one_line(h, "B", box, head_size, head_size, TIGHT) for h in names)
    head_h = max(HEAD_BAND * scale, max((f.height(TIGHT, 0) for f in heads), default=0) + 1.2)
    base, _ = place_rows(t.rows, 0.0, ROWS, scale)
    rows: list[PlacedRow] = []
    cursor = top + head_h
    for i, p in enumerate(base):
        label = _label(p.label, slack, label_size) if p.span else None
        size = sub_size if p.kind == "sub" else text_size
        cells = tuple(None if cell.kind != "text" or not cell.text else
                      one_line(cell.text, "B", box, size, size, TIGHT)
                      for cell in p.row.cells[:columns])
        height = max([p.height] + [f.height(TIGHT, 0) + 1.0 for f in cells if f])
        if label is not None:
            group = height + sum(r.height for r in base[i + 1:i + p.span])
            height += max(0.0, label.height(TIGHT, 0) + 1.4 - group)
        rows.append(PlacedRow(p.row, p.kind, cursor, height, p.span, p.label, label, cells))
        cursor += height
    return Band(None, top, head_h, t, tuple(rows), heads)


def _stat(s: Stat, top: float, body: float, scale: float, slack: float, kind: SheetType
          ) -> Band:
    label = _label((s.short or s.label).upper(), slack, kind.label_size(scale))
    size = kind.value_size(scale)
    value = one_line(s.value, "B", body - 1.5, size, size, TIGHT)
    used = max((line_width(line, value.size) for line in value.lines), default=0.0) + 2.5
    if s.icon:
        used += 3.8 * scale * 1.5 + 1.2
    note_text = stat_note(s)
    note = None
    note_x = used
    height = max(STAT_BAND * scale, value.height(TIGHT, 0) + 1.6, label.height(TIGHT, 0) + 1.6)
    if note_text:
        room = body - used - 1.5
        size = NOTE_SIZE
        note = one_line(note_text, "I", room, size, size, TIGHT) if room > 12.0 else None
        if note is None or len(note.lines) > 2:
            note_x = 0.0
            note = one_line(note_text, "I", body - 1.5, size, size, TIGHT)
            height = max(height, value.height(TIGHT, 0) + note.height(TIGHT, 0) + 2.0)
        else:
            height = max(height, note.height(TIGHT, 0) + 1.6)
    return Band(label, top, height, s, text=value, note=note, note_x=note_x)
