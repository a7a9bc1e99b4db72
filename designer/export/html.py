"""HTML export: one self-contained file (inline CSS, no scripts, nothing fetched) that
shows the cards on screen and prints them at size: poker cards nine to a page, or, for a
card whose layout is "sheet", half-page sheets two to a page (A4 or Letter).

Jinja2 autoescapes every value, and a Content-Security-Policy meta tag forbids scripts
outright, so a unit named `<script>` is text on the page and nothing more; every value
also has its control characters (ESC, NUL) and bidirectional overrides written as
escapes (`designer.escaping.page_text`), so none reaches the page. Templates are
read with importlib.resources, so they are found inside an installed wheel too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from jinja2 import Environment, FunctionLoader, StrictUndefined
from markupsafe import Markup

from designer.card import Card, Section, Stat, Table
from designer.escaping import page_text
from designer.export.document import ExportDoc
from designer.export.fit import PT, Run, fit, fit_size, pdf_safe, width
from designer.export.layout import (
    BLOCKS_TOP,
    HEAD_RULE,
    CardLayout,
    CardSizes,
    PlacedRow,
    card_layout,
    card_sections,
    card_sizes,
    place_rows,
    row_kind,
    section_paragraphs,
    tag_runs,
)
from designer.systems import Progress

PAGE_SIZES = {"a4": "A4", "letter": "letter"}
CARDS_PER_PAGE = 9
SHEETS_PER_PAGE = 2
# browsers draw with their own fonts, not the ones the PDF embeds (Arial and Liberation
# Sans share Arimo's widths; a CJK font may be wider): fit a little tighter so the text
# never runs out of its box
SLACK = 0.94

# --- the half-page sheet, in millimetres: the PDF's page margin, gutter and half pages
PAPER_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
SHEET_MARGIN, SHEET_GUTTER = 12.0, 6.0
SHEET_LABEL_W = 17.0  # the label column down the sheet's left
UNIT_H, TAGS_H, HEAD_H, STAT_H, COMPACT_H, SECTION_H = 10.0, 6.5, 5.0, 6.5, 7.0, 14.0
SHEET_ROWS = {"dice": 8.0, "text": 7.0, "sub": 4.0}
MIN_FILL, FOOT_H = 22.0, 4.5  # the last section keeps this much; bands above shrink


@dataclass(frozen=True, slots=True)
class HtmlCard:
    card: Card
    layout: CardLayout
    sizes: CardSizes
    sections: list[Section]  # what the card's text area holds


@dataclass(frozen=True, slots=True)
class SheetBand:
    """One band of a sheet: a table (its column heads and rows), a stat or a section,
    with its label, height and font sizes."""

    block: Table | Stat | Section
    label: str
    height: float  # a table's: its column heads' row
    size: float  # a stat's value, a section's text, a table's column heads
    rows: tuple[PlacedRow, ...] = ()
    cells: tuple[tuple[float, ...], ...] = ()  # a table's text sizes, row by row
    label_sizes: tuple[float, ...] = ()  # a table's: one a row; otherwise its own label's

    @property
    def kind(self) -> str:
        return ("table" if isinstance(self.block, Table) else
                "stat" if isinstance(self.block, Stat) else "section")


@dataclass(frozen=True, slots=True)
class HtmlSheet:
    card: Card
    width: float
    height: float
    scale: float  # below 1 when the bands had to shrink to leave the last section room
    name_size: float
    name_lines: int
    tags_h: float
    tags_size: float
    bands: tuple[SheetBand, ...]
    fill: Section | None  # the last full section: it takes what is left
    fill_size: float
    fill_cut: bool

    @property
    def unit_h(self) -> float:
        return UNIT_H

    @property
    def foot_h(self) -> float:
        return FOOT_H


def _template_source(name: str) -> tuple[str, str, Callable[[], bool]]:
    """A template's text from the installed package (a wheel, a zip or a checkout)."""
    resource = resources.files("designer.export").joinpath("templates", name)
    return resource.read_text("utf-8"), str(resource), lambda: True


def _shown(value: Any) -> Any:
    """Every value a template writes: text with its control characters and overrides
    as escapes (then autoescaped for HTML); what a template rendered already is kept."""
    return page_text(value) if isinstance(value, str) and not isinstance(value, Markup) \
        else value


@cache
def environment() -> Environment:
    env = Environment(loader=FunctionLoader(_template_source), autoescape=True,
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                      keep_trailing_newline=True, finalize=_shown)
    env.filters["pt"] = lambda size: f"{float(size):.2f}pt"
    env.filters["mm"] = lambda length: f"{float(length):.2f}mm"
    # a table starts at the rule above it: the one under the title, for the first
    env.globals["rule_gap"] = BLOCKS_TOP - HEAD_RULE
    env.globals["head_rule"] = HEAD_RULE
    env.globals["sheet_label_w"] = SHEET_LABEL_W
    return env


def html_card(card: Card) -> HtmlCard:
    layout = card_layout(card)
    return HtmlCard(card, layout, card_sizes(card, layout, slack=SLACK), card_sections(card))


def sheet_size(paper: str) -> tuple[float, float]:
    """A half page: the paper less the margins, halved across the gutter (as the PDF)."""
    page_w, page_h = PAPER_MM[paper]
    return page_w - 2 * SHEET_MARGIN, (page_h - 2 * SHEET_MARGIN - SHEET_GUTTER) / 2


def _line_size(height: float, largest: float, smallest: float) -> float:
    """The largest size up to `largest` whose line fits `height` mm (never below
    `smallest`)."""
    return max(smallest, min(largest, int(height / (PT * 1.2) * 4) / 4))


def _label_size(label: str) -> float:
    return fit_size(pdf_safe(label), "B", (SHEET_LABEL_W - 2.4) * SLACK, 7.0, 5.0)


def _sheet_fill(c: Card) -> Section | None:
    full = [s for s in card_sections(c) if not s.compact]
    return full[-1] if full else None


def html_sheet(c: Card, paper: str) -> HtmlSheet:
    """A card laid out as a half-page sheet: its blocks as bands from the top, shrunk
    together when they would leave the last full section less than MIN_FILL."""
    w, h = sheet_size(paper)
    body_w = (w - SHEET_LABEL_W - 3.0) * SLACK
    fill = _sheet_fill(c)
    shown = [b for b in c.blocks if not isinstance(b, Section) or (b.on_card and b is not fill)]
    natural = TAGS_H  # the title's band keeps its height
    for block in shown:
        if isinstance(block, Table):
            natural += HEAD_H + sum(SHEET_ROWS[row_kind(r)] for r in block.rows)
        elif isinstance(block, Stat):
            natural += STAT_H
        else:
            natural += COMPACT_H if block.compact else SECTION_H
    scale = min(1.0, (h - UNIT_H - FOOT_H - MIN_FILL) / natural)
    bands = tuple(_band(block, scale, w) for block in shown)
    used = UNIT_H + TAGS_H * scale + sum(_band_height(b) for b in bands)
    name = pdf_safe(c.title)
    name_size, name_lines = fit_size(name, "B", body_w, 12.0, 8.0), 1
    if width(name, "B", name_size) > body_w:
        fitted = fit([[Run(name, "B")]], body_w, UNIT_H - 1.0, largest=8.0, smallest=5.5,
                     leading=1.08)
        name_size, name_lines = fitted.size, max(1, len(fitted.lines))
    tags = fit([tag_runs(c)], body_w, TAGS_H * scale - 0.8, largest=8.5, smallest=5.0,
               leading=1.15)
    fill_size, fill_cut = 8.5, False
    if fill is not None:
        fitted = fit(section_paragraphs(fill) or [[Run("none")]], body_w,
                     (h - used - FOOT_H - 2.0) * SLACK, largest=8.5, smallest=5.0,
                     leading=1.2, gap=0.3)
        fill_size, fill_cut = fitted.size, fitted.truncated
    return HtmlSheet(c, w, h, scale, name_size, name_lines, TAGS_H * scale, tags.size,
                     bands, fill, fill_size, fill_cut)


def _band(block: Table | Stat | Section, scale: float, w: float) -> SheetBand:
    body_w = (w - SHEET_LABEL_W - 3.0) * SLACK
    if isinstance(block, Table):
        heights = {k: v * scale for k, v in SHEET_ROWS.items()}
        rows, _ = place_rows(block.rows, 0.0, heights)
        col_w = ((w - SHEET_LABEL_W) / max(len(block.columns), 1) - 1.2) * SLACK
        cells = tuple(tuple(
            fit_size(pdf_safe(cell.text), "B", col_w,
                     _line_size(p.height, 7.0 if p.kind == "sub" else 10.0, 5.0),
                     5.0 if p.kind == "sub" else 6.0)
            for cell in p.row.cells) for p in rows)
        return SheetBand(block, "", HEAD_H * scale, _line_size(HEAD_H * scale, 7.0, 5.0),
                         rows, cells, tuple(_label_size(p.label) for p in rows))
    label = (block.short or block.label).upper()
    if isinstance(block, Stat):
        height = STAT_H * scale
        return SheetBand(block, label, height, _line_size(height, 10.0, 6.0),
                         label_sizes=(_label_size(label),))
    height = (COMPACT_H if block.compact else SECTION_H) * scale
    paras = ([[Run(", ".join(e.label for e in block.entries) or "none")]]
             if block.compact else section_paragraphs(block) or [[Run("none")]])
    fitted = fit(paras, body_w, height - 1.4, largest=8.0, smallest=5.0, leading=1.15,
                 gap=0.4)
    return SheetBand(block, label, height, fitted.size, label_sizes=(_label_size(label),))


def _band_height(band: SheetBand) -> float:
    return band.height + sum(p.height for p in band.rows)


def render_html(doc: ExportDoc, *, paper: str = "a4", progress: Progress | None = None) -> str:
    """The whole document as one HTML page; progress(done, total) after each card."""
    env = environment()
    card_template = env.get_template("card.html.j2")
    sheet_template = env.get_template("sheet.html.j2")
    total = len(doc.cards)
    if progress is not None:
        progress(0, total)
    rendered: list[Markup] = []
    sheets: list[Markup] = []
    for i, card in enumerate(doc.cards, start=1):
        if card.layout == "sheet":
            sheets.append(Markup(sheet_template.render(view=html_sheet(card, paper), c=card)))
        else:
            rendered.append(Markup(card_template.render(view=html_card(card), c=card)))
        if progress is not None:
            progress(i, total)
    pages = [rendered[i:i + CARDS_PER_PAGE] for i in range(0, len(rendered), CARDS_PER_PAGE)]
    sheet_pages = [sheets[i:i + SHEETS_PER_PAGE]
                   for i in range(0, len(sheets), SHEETS_PER_PAGE)]
    return env.get_template("page.html.j2").render(
        doc=doc, summary=doc.summary, cards=doc.cards, pages=pages,
        page_size=PAGE_SIZES[paper], sheet_pages=sheet_pages, sheet=sheet_size(paper),
        sheet_gutter=SHEET_GUTTER)
