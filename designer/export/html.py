"""HTML export: one self-contained file (inline CSS, no scripts, nothing fetched) that
shows the cards on screen and prints them at size, nine to a page.

Jinja2 autoescapes every value, and a Content-Security-Policy meta tag forbids scripts
outright, so a unit named `<script>` is text on the page and nothing more. Templates are
read with importlib.resources, so they are found inside an installed wheel too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources

from jinja2 import Environment, FunctionLoader, StrictUndefined
from markupsafe import Markup

from designer.card import Card, Section
from designer.export.document import ExportDoc
from designer.export.layout import (
    BLOCKS_TOP,
    HEAD_RULE,
    CardLayout,
    CardSizes,
    card_layout,
    card_sections,
    card_sizes,
)
from designer.systems import Progress

PAGE_SIZES = {"a4": "A4", "letter": "letter"}
CARDS_PER_PAGE = 9
# browsers draw with their own fonts, not the ones the PDF embeds (Arial and Liberation
# Sans share Arimo's widths; a CJK font may be wider): fit a little tighter so the text
# never runs out of its box
SLACK = 0.94


@dataclass(frozen=True, slots=True)
class HtmlCard:
    card: Card
    layout: CardLayout
    sizes: CardSizes
    sections: list[Section]  # what the card's text area holds


def _template_source(name: str) -> tuple[str, str, Callable[[], bool]]:
    """A template's text from the installed package (a wheel, a zip or a checkout)."""
    resource = resources.files("designer.export").joinpath("templates", name)
    return resource.read_text("utf-8"), str(resource), lambda: True


@cache
def environment() -> Environment:
    env = Environment(loader=FunctionLoader(_template_source), autoescape=True,
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                      keep_trailing_newline=True)
    env.filters["pt"] = lambda size: f"{float(size):.2f}pt"
    env.filters["mm"] = lambda length: f"{float(length):.2f}mm"
    # a table starts at the rule above it: the one under the title, for the first
    env.globals["rule_gap"] = BLOCKS_TOP - HEAD_RULE
    env.globals["head_rule"] = HEAD_RULE
    return env


def html_card(card: Card) -> HtmlCard:
    layout = card_layout(card)
    return HtmlCard(card, layout, card_sizes(card, layout, slack=SLACK), card_sections(card))


def render_html(doc: ExportDoc, *, paper: str = "a4", progress: Progress | None = None) -> str:
    """The whole document as one HTML page; progress(done, total) after each card."""
    env = environment()
    card_template = env.get_template("card.html.j2")
    total = len(doc.cards)
    if progress is not None:
        progress(0, total)
    rendered: list[Markup] = []
    for i, card in enumerate(doc.cards, start=1):
        rendered.append(Markup(card_template.render(view=html_card(card), c=card)))
        if progress is not None:
            progress(i, total)
    pages = [rendered[i:i + CARDS_PER_PAGE] for i in range(0, len(rendered), CARDS_PER_PAGE)]
    return env.get_template("page.html.j2").render(
        doc=doc, summary=doc.summary, cards=doc.cards, pages=pages,
        page_size=PAGE_SIZES[paper])
