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
`pdf_card` draws cards and record sheets and `pdf_summary` the force summary. Text that
does not fit shrinks, then wraps, then is cut with an ellipsis: nothing is drawn outside
its box. A character that
no bundled font has is drawn as a replacement and listed in `Drawn.missing`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from designer.export.document import ExportDoc
from designer.export.pdf_book import Book
from designer.export.pdf_card import draw_card, draw_sheet
from designer.export.pdf_summary import draw_summary
from designer.systems import Progress

Part = Literal["summary", "cards", "sheets"]


def default_parts(doc: ExportDoc) -> tuple[Part, ...]:
    return ("summary", "cards", "sheets") if doc.kind == "roster" else ("cards", "sheets")


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


def draw_pdf(doc: ExportDoc, *, paper: str = "a4", progress: Progress | None = None,
             parts: Sequence[Part] | None = None) -> Drawn:
    """`render_pdf`, with the characters that could not be drawn."""
    chosen = tuple(parts) if parts is not None else default_parts(doc)
    book = Book(paper, doc.title, doc.version)
    pokers = [c for c in doc.cards if c.layout == "card"]
    halves = [c for c in doc.cards if c.layout == "sheet"]
    steps = (("summary" in chosen and doc.summary is not None)
             + len(pokers) * ("cards" in chosen) + len(doc.cards) * ("sheets" in chosen))
    done = 0

    def tick() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, steps)

    if progress is not None:
        progress(0, steps)
    if "summary" in chosen and doc.summary is not None:
        draw_summary(book, doc.summary)
        tick()
    if "cards" in chosen:
        book.cards(pokers, draw_card, tick)
    if "sheets" in chosen:
        book.sheets(pokers, draw_sheet, tick)
        book.sheets(halves, draw_sheet, tick, across=1, down=2)
    return Drawn(bytes(book.pdf.output()), tuple(sorted(book.missing)))
