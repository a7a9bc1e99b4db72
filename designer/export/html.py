"""HTML export: one self-contained file (inline CSS, no scripts, nothing fetched) that
shows the cards on screen and prints them at size: poker cards nine to a page, or, for a
card whose layout is "sheet", half-page sheets two to a page (A4 or Letter), then the
rules glossary: every rule the cards name, once, with what a card could not hold.

Cards and sheets are laid out as the PDF lays them out (`layout.card_layout`,
`sheet_layout.sheet_layout`), measured a little wider (SLACK) to leave room for a
browser's own fonts; each line of their text is set as the layout broke it, so a
browser never wraps or clips it differently.

Jinja2 autoescapes every value, and a Content-Security-Policy meta tag forbids scripts
outright, so a unit named `<script>` is text on the page and nothing more; every value
also has its control characters (ESC, NUL) and bidirectional overrides written as
escapes (`designer.escaping.page_text`), so none reaches the page. Templates are
read with importlib.resources, so they are found inside an installed wheel too.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib import resources
from typing import Any

from jinja2 import Environment, FunctionLoader, StrictUndefined
from markupsafe import Markup, escape

from designer.card import Card
from designer.escaping import page_text
from designer.export.document import ExportDoc
from designer.export.fit import BLACK, Fitted, width
from designer.export.glossary import credits, glossary
from designer.export.layout import card_layouts
from designer.export.sheet_layout import LABEL_W, SheetLayout, sheet_layout, sheet_layouts
from designer.export.tracks import with_tracks
from designer.systems import Progress

PAGE_SIZES = {"a4": "A4", "letter": "letter"}
CARDS_PER_PAGE = 9
SHEETS_PER_PAGE = 2
# browsers draw with their own fonts, not the ones the PDF embeds (Arial and Liberation
# Sans share Arimo's widths; a CJK font may be wider): lay out a little tighter so the
# text never runs out of its box
SLACK = 0.94

# --- the half-page sheet, in millimetres: the PDF's page margin, gutter and half pages
PAPER_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
SHEET_MARGIN, SHEET_GUTTER = 12.0, 6.0


def _template_source(name: str) -> tuple[str, str, Callable[[], bool]]:
    """A template's text from the installed package (a wheel, a zip or a checkout)."""
    resource = resources.files("designer.export").joinpath("templates", name)
    return resource.read_text("utf-8"), str(resource), lambda: True


def _shown(value: Any) -> Any:
    """Every value a template writes: text with its control characters and overrides
    as escapes (then autoescaped for HTML); what a template rendered already is kept."""
    return page_text(value) if isinstance(value, str) and not isinstance(value, Markup) \
        else value


def lines_html(fitted: Fitted | None, gap: float = 0.0) -> Markup:
    """Fitted lines as the layout broke them: a block per line, a span per styled
    piece; `gap` (× the size) after each paragraph."""
    if fitted is None:
        return Markup("")
    out = []
    for i, line in enumerate(fitted.lines):
        parts = []
        end = None
        for piece in line:
            if end is not None and piece.x > end + 0.05:
                parts.append(" ")
            classes = " ".join(c for c, s in (("b", "B"), ("i", "I")) if s in piece.style)
            attrs = f' class="{classes}"' if classes else ""
            if piece.colour != BLACK:
                attrs += ' style="color: #{:02x}{:02x}{:02x}"'.format(*piece.colour)
            parts.append(f"<span{attrs}>{escape(page_text(piece.text))}</span>")
            end = piece.x + width(piece.text, piece.style, fitted.size)
        after = (f' style="margin-bottom: {gap:.2f}em"' if gap and i in fitted.paragraph_ends
                 and i < len(fitted.lines) - 1 else "")
        out.append(f'<span class="ln"{after}>{"".join(parts)}</span>')
    return Markup("".join(out))


@cache
def environment() -> Environment:
    env = Environment(loader=FunctionLoader(_template_source), autoescape=True,
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                      keep_trailing_newline=True, finalize=_shown)
    env.filters["pt"] = lambda size: f"{float(size):.2f}pt"
    env.filters["mm"] = lambda length: f"{float(length):.2f}mm"
    env.filters["lines"] = lines_html
    env.globals["sheet_label_w"] = LABEL_W
    return env


def sheet_size(paper: str) -> tuple[float, float]:
    """A half page: the paper less the margins, halved across the gutter (as the PDF)."""
    page_w, page_h = PAPER_MM[paper]
    return page_w - 2 * SHEET_MARGIN, (page_h - 2 * SHEET_MARGIN - SHEET_GUTTER) / 2


def html_sheet(c: Card, paper: str) -> SheetLayout:
    """A card laid out as a half-page sheet by itself, as the PDF lays it out."""
    w, h = sheet_size(paper)
    return sheet_layout(c, w, h, slack=SLACK, status=not c.legal)


def html_sheets(cards: list[Card], paper: str) -> dict[int, SheetLayout]:
    """Cards laid out as half-page sheets in one type and at one scale, as the PDF lays
    them out; by `id` of the card."""
    w, h = sheet_size(paper)
    return sheet_layouts(cards, w, h, slack=SLACK, status=lambda c: not c.legal)


def render_html(doc: ExportDoc, *, paper: str = "a4",
                progress: Progress | None = None) -> str:
    env = environment()
    card_template = env.get_template("card.html.j2")
    sheet_template = env.get_template("sheet.html.j2")
    ordered = [x for card, tracks in with_tracks(doc) for x in (card, *tracks)]
    total = len(ordered)
    if progress is not None:
        progress(0, total)
    rendered: list[Markup] = []
    sheets: list[Markup] = []
    continued: list[tuple[str, list]] = []
    # one type scale for every card printed, and one for every sheet
    cards = card_layouts(ordered, slack=SLACK)
    halves = html_sheets([c for c in ordered if c.layout == "sheet"], paper)
    for i, card in enumerate(ordered, start=1):
        if card.layout == "sheet":
            sheet = halves[id(card)]
            sheets.append(Markup(sheet_template.render(view=sheet, c=card)))
            rest = sheet.rest
        else:
            layout = cards[id(card)]
            rendered.append(Markup(card_template.render(view=layout, c=card)))
            rest = layout.rest
        if rest:
            continued.append(("" if doc.kind == "unit" else card.title, list(rest)))
        if progress is not None:
            progress(i, total)
    pages = [rendered[i:i + CARDS_PER_PAGE] for i in range(0, len(rendered), CARDS_PER_PAGE)]
    sheet_pages = [sheets[i:i + SHEETS_PER_PAGE]
                   for i in range(0, len(sheets), SHEETS_PER_PAGE)]
    rules_html = Markup(env.get_template("rules.html.j2").render(
        rules=glossary(doc.cards), continued=continued, credits=credits(doc.cards),
        paragraph=paragraph_html))
    return env.get_template("page.html.j2").render(
        doc=doc, summary=doc.summary, cards=doc.cards, pages=pages,
        page_size=PAGE_SIZES[paper], sheet_pages=sheet_pages, sheet=sheet_size(paper),
        sheet_gutter=SHEET_GUTTER, rules=rules_html)


def paragraph_html(runs: list) -> Markup:
    """A paragraph of runs as inline HTML (bold, italic, colour)."""
    out = []
    for run in runs:
        classes = " ".join(c for c, s in (("b", "B"), ("i", "I")) if s in run.style)
        attrs = f' class="{classes}"' if classes else ""
        if run.colour != BLACK:
            attrs += ' style="color: #{:02x}{:02x}{:02x}"'.format(*run.colour)
        out.append(f"<span{attrs}>{escape(run.text)}</span>")
    return Markup("".join(out))
