"""PDF exports, drawn with fpdf2 in the fonts of `designer.export.fonts` (installed with
designer as packages: nothing read from the system, nothing fetched).

What a file gets follows from what it holds, so the command needs no extra option:

- a unit file: its card (poker size, 63 × 88 mm, on a page of nine with crop marks),
  then its record sheet (a blank sheet filled in, on a page of four);
- a roster file: the force summary (the budget, total and what remains, the system's
  facts, the units with counts and points, and whether the force is legal or each
  error), then one card per distinct unit, nine to a page, then their record sheets,
  four to a page.

This module puts the parts together; `pdf_book` holds the document and its drawing
primitives, `pdf_text` writes their text (and copies shapes drawn before) into the pages,
`pdf_card` draws cards and record sheets and `pdf_summary` the force summary. The cards
of a printout share one type scale, as do its record sheets and its half-page sheets
(`layout.card_layouts`, `sheet_layout.sheet_layouts`); text that does not fit wraps, and
what a card or sheet cannot hold moves to the rules glossary: nothing is cut, nothing is
drawn outside its box. A character that no bundled font has is drawn as a replacement and
listed in `Drawn.missing`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from designer.card import Card
from designer.export.document import ExportDoc
from designer.export.glossary import credits, glossary
from designer.export.layout import CardLayout, card_layouts
from designer.export.pdf_book import SHEETS_ACROSS, SHEETS_DOWN, Book, sheet_box
from designer.export.pdf_card import draw_card, status_text
from designer.export.pdf_glossary import (
    Paragraphs,
    draw_card_backs,
    draw_rules_pages,
    draw_sheet_backs,
    glossary_paragraphs,
)
from designer.export.pdf_sheet import draw_sheet
from designer.export.pdf_summary import draw_summary
from designer.export.sheet_layout import SheetLayout, sheet_layouts
from designer.export.tracks import is_tracks, with_tracks
from designer.systems import Progress

Part = Literal["summary", "cards", "sheets", "rules"]


def default_parts(doc: ExportDoc) -> tuple[Part, ...]:
    return ("summary", "cards", "sheets", "rules") if doc.kind == "roster" else (
        "cards", "sheets", "rules")


@dataclass(frozen=True, slots=True)
class Drawn:
    """A rendered PDF and the characters in it that no bundled font has (each drawn as a
    replacement), in code point order."""

    data: bytes
    missing: tuple[str, ...]


def render_pdf(doc: ExportDoc, *, paper: str = "a4", progress: Progress | None = None,
               parts: Sequence[Part] | None = None) -> bytes:
    """The document's PDF as bytes; progress(done, total) after each page part is drawn."""
    return draw_pdf(doc, paper=paper, progress=progress, parts=parts).data


@dataclass(slots=True)
class _Laid:
    """Every card's and sheet's layout, worked out before anything is drawn: what they
    move to the rules glossary is known by then."""

    cards: dict[int, CardLayout]
    sheets: dict[int, SheetLayout]

    def continued(self, cards: Sequence[Card], *, unit: bool) -> list[tuple[str, Paragraphs]]:
        out: list[tuple[str, Paragraphs]] = []
        for c in cards:
            card = self.cards.get(id(c))
            if card is not None and card.rest:
                out.append(("" if unit else c.title, [list(p) for p in card.rest]))
            sheet = self.sheets.get(id(c))
            moved = set(card.rest) if card is not None else set()
            rest = [list(p) for p in sheet.rest if p not in moved] if sheet else []
            if rest:  # what the card moved already is not printed twice
                heading = (f"{c.title}, record sheet" if c.layout == "card" else
                           "" if unit else c.title)
                out.append((heading, rest))
        return out


def draw_pdf(doc: ExportDoc, *, paper: str = "a4", progress: Progress | None = None,
             parts: Sequence[Part] | None = None) -> Drawn:
    """`render_pdf`, with the characters that could not be drawn."""
    chosen = tuple(parts) if parts is not None else default_parts(doc)
    book = Book(paper, doc.title, doc.version)
    ordered = [x for card, tracks in with_tracks(doc) for x in (card, *tracks)]
    pokers = [c for c in ordered if c.layout == "card"]
    halves = [c for c in ordered if c.layout == "sheet"]
    records = [c for c in pokers if not is_tracks(c)]
    steps = (("summary" in chosen and doc.summary is not None)
             + len(pokers) * ("cards" in chosen) + (len(records) + len(halves))
             * ("sheets" in chosen))
    done = 0

    def tick() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, steps)

    if progress is not None:
        progress(0, steps)
    record_w, record_h = sheet_box(book, SHEETS_ACROSS, SHEETS_DOWN)
    half_w, half_h = sheet_box(book, 1, 2)
    # one type scale for the cards printed, one for the record sheets, one for the halves
    laid = _Laid(card_layouts(pokers) if "cards" in chosen else {}, {})
    if "sheets" in chosen:
        def status(c: Card) -> bool:
            return bool(status_text(c, short=False))

        laid.sheets.update(sheet_layouts(records, record_w, record_h, status=status))
        laid.sheets.update(sheet_layouts(halves, half_w, half_h, status=status))
    unit = doc.kind == "unit"
    rules = glossary(doc.cards) if "rules" in chosen else []
    back = (glossary_paragraphs(rules, laid.continued(ordered, unit=unit),
                                credits(doc.cards)) if "rules" in chosen else [])
    if "summary" in chosen and doc.summary is not None:
        draw_summary(book, doc.summary)
        tick()
    if "cards" in chosen:
        book.cards(pokers, lambda b, c, x, y: draw_card(b, c, x, y, laid.cards[id(c)]), tick)
        if unit and pokers:
            draw_card_backs(book, pokers[0], back)
    if "sheets" in chosen:
        book.sheets(records, lambda b, c, x, y, w, h: draw_sheet(b, c, x, y, w, h,
                                                                laid.sheets[id(c)]), tick)
        book.sheets(halves, lambda b, c, x, y, w, h: draw_sheet(b, c, x, y, w, h,
                                                                laid.sheets[id(c)]),
                    tick, across=1, down=2)
        if unit and halves:
            draw_sheet_backs(book, halves[0], back, half_w, half_h,
                             book.sheet_slots(1, 2))
    if not unit and "rules" in chosen:
        draw_rules_pages(book, doc.title, back)
    return Drawn(bytes(book.pdf.output()), tuple(sorted(book.missing)))


def draw_list(doc: ExportDoc, *, paper: str = "a4", progress: Progress | None = None
              ) -> Drawn:
    """The force list (`pdf_list`) as a PDF, with the characters that could not be drawn."""
    from designer.export.pdf_list import draw_list_pdf

    book = draw_list_pdf(doc, paper, progress)
    return Drawn(bytes(book.pdf.output()), tuple(sorted(book.missing)))
