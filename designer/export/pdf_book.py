"""The PDF document and its drawing primitives (text fitted to boxes, rules, boxes, dice,
icons, pages of cards and of record sheets), drawn with fpdf2 in the fonts of
`designer.export.fonts`; `pdf_text` writes their text into the pages."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from fpdf import FPDF

from designer.card import Card
from designer.export.fit import PT, Colour, Fitted, fit_size, pdf_safe, width
from designer.export.layout import CARD_H, CARD_W, INK
from designer.export.pdf_text import TextWriter
from designer.export.shapes import ICONS, dice_paths

#: page sizes in millimetres, keyed by the names in designer.export.PAPERS
PAGE_SIZES: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0),
                                              "letter": (215.9, 279.4)}
CARDS_ACROSS, CARDS_DOWN = 3, 3
SHEETS_ACROSS, SHEETS_DOWN = 2, 2

RULE: Colour = (190, 190, 195)
BAND: Colour = (238, 238, 241)
WHITE: Colour = (255, 255, 255)


@lru_cache(maxsize=16384)
def fit_line(text: str, style: str, box: float, size: float,
             smallest: float) -> tuple[str, float]:
    """`line_fit`'s text and size: a card's labels and values are fitted to the same boxes
    on every card of a deck, so each is worked out once. A line too wide at `smallest`
    keeps shrinking (a badge's number, a footer): it is never cut."""
    text = pdf_safe(text)
    size = fit_size(text, style, box, size, smallest)
    w = width(text, style, size)
    if w > box > 0:
        size = max(0.05, int(size * box / w * 20) / 20)
    return text, size


class Book:
    """An fpdf2 document plus the drawing helpers the three page kinds share."""

    def __init__(self, paper: str, title: str, version: str) -> None:
        self.page_w, self.page_h = PAGE_SIZES[paper]
        pdf = FPDF(unit="mm", format=(self.page_w, self.page_h))
        pdf.set_auto_page_break(False)
        pdf.set_margins(0, 0, 0)
        pdf.set_title(pdf_safe(title))
        pdf.set_creator(f"designer {version}")
        self.pdf = pdf
        self.version = version
        self.writer = TextWriter(pdf)

    @property
    def missing(self) -> set[str]:
        """Characters drawn as a replacement because no bundled font has them."""
        return self.writer.missing

    # --- primitives -------------------------------------------------------------------

    def text(self, x: float, y: float, text: str, style: str = "", size: float = 8.0,
             colour: Colour = INK, align: str = "L") -> None:
        """One line of pdf_safe text on baseline `y`: left at, centred on or right of x.
        Arimo draws what it has and the CJK font the rest (its bold is stroked)."""
        if text:
            self.writer.line(x, y, text, style, size, colour, align)

    def line_fit(self, x: float, y: float, text: str, box: float, style: str, size: float,
                 smallest: float, colour: Colour = INK, align: str = "L") -> None:
        """One line that shrinks to fit `box` mm (below `smallest` only when it must)."""
        text, size = fit_line(text, style, box, size, smallest)
        self.text(x, y, text, style, size, colour, align)

    def paragraphs(self, fitted: Fitted, x: float, top: float, leading: float,
                   gap: float) -> None:
        """Fitted lines drawn from `top` (the box's top edge) down."""
        size = fitted.size
        step = size * leading * PT
        y = top + size * PT * 0.78 + (step - size * PT) / 2
        for i, line in enumerate(fitted.lines):
            for piece in line:
                self.text(x + piece.x, y, piece.text, piece.style, size, piece.colour)
            y += step
            if i in fitted.paragraph_ends:
                y += gap * size * PT

    def rule(self, x1: float, y1: float, x2: float, y2: float, colour: Colour = RULE,
             w: float = 0.2) -> None:
        pdf = self.pdf
        pdf.set_draw_color(self.writer.device(colour))
        pdf.set_line_width(w)
        self.writer.drawn(("line", x1, y1, x2, y2), lambda: pdf.line(x1, y1, x2, y2))

    def box(self, x: float, y: float, w: float, h: float, fill: Colour | None = None,
            line: Colour | None = None, lw: float = 0.2, radius: float = 0.0) -> None:
        style = ("F" if fill else "") + ("D" if line else "")
        if not style:
            return
        pdf = self.pdf
        if fill:
            pdf.set_fill_color(self.writer.device(fill))
        if line:
            pdf.set_draw_color(self.writer.device(line))
            pdf.set_line_width(lw)
        self.writer.drawn(("rect", x, y, w, h, style, radius),
                          lambda: pdf.rect(x, y, w, h, style=style, round_corners=radius > 0,
                                           corner_radius=radius))

    def dice(self, cx: float, cy: float, count: int, colour: Colour, size: float,
             room: float) -> None:
        """`count` dice as filled squares with a pip, centred on (cx, cy); a count over 3
        or below 0 is written as a number instead, and none as a dash."""
        if count == 0:
            dash = min(7.0, size * 2.3)
            self.text(cx, cy + dash / 7, "\u2013", "", dash, RULE, "C")
            return
        if count < 0 or count > 3:
            number = min(8.0, size * 2.6)
            self.line_fit(cx, cy + number * 0.15, f"{count}\u00d7", room, "B", number,
                          min(4.0, number), colour, "C")
            return
        size = min(size, room / (count + (count - 1) * 0.22))
        pdf = self.pdf
        k = pdf.k
        squares, pips = dice_paths(count, round(size * k, 3))
        # each group is one drawn path placed by a translation: the dice of a card deck
        # come in a few sizes, so their outlines are written out once per process
        place = f"q 1 0 0 1 {cx * k:.2f} {(pdf.h - cy) * k:.2f} cm "
        pdf.set_fill_color(self.writer.device(colour))
        pdf._out(f"{place}{squares} Q")
        pdf.set_fill_color(self.writer.device(WHITE))
        pdf._out(f"{place}{pips} Q")

    def icon(self, name: str, x: float, y: float, h: float, colour: Colour = INK) -> float:
        """A known icon with its top-left at (x, y), `h` mm tall; returns its width (0 for
        an icon this format does not know, which is then left out)."""
        known = ICONS.get(name)
        if known is None:
            return 0.0
        shape, ratio = known
        k = h / 4.0
        self.pdf.set_fill_color(*colour)
        self.pdf.polygon([(x + px * k, y + py * k) for px, py in shape], style="F")
        return 4.0 * ratio * k

    def lines(self, fitted: Fitted, x: float, top: float, w: float, leading: float,
              colour: Colour | None = None, align: str = "L") -> None:
        """Fitted lines from `top` down, each left at x, centred in or right of `w` mm;
        `colour` overrides the runs' own."""
        size = fitted.size
        step = size * leading * PT
        y = top + size * PT * 0.78 + (step - size * PT) / 2
        for line in fitted.lines:
            shift = 0.0
            if align != "L" and line:
                last = line[-1]
                used = last.x + width(last.text, last.style, size)
                shift = (w - used) / 2 if align == "C" else w - used
            for piece in line:
                self.text(x + shift + piece.x, y, piece.text, piece.style, size,
                          colour or piece.colour)
            y += step

    def title_block(self, name: Fitted, x: float, top: float, h: float,
                    colour: Colour = INK) -> None:
        """A fitted name, centred in the height `h` below `top`."""
        leading = 1.08
        self.lines(name, x, top + (h - name.height(leading, 0)) / 2, 0.0, leading, colour)

    # --- pages of cards and of record sheets ------------------------------------------

    def cards(self, cards: list[Card], draw: Callable[[Book, Card, float, float], None],
              tick: Callable[[], None]) -> None:
        per_page = CARDS_ACROSS * CARDS_DOWN
        grid_w, grid_h = CARD_W * CARDS_ACROSS, CARD_H * CARDS_DOWN
        x0 = (self.page_w - grid_w) / 2
        y0 = (self.page_h - grid_h) / 2
        for start in range(0, len(cards), per_page):
            page = cards[start:start + per_page]
            self.pdf.add_page()
            cols = min(len(page), CARDS_ACROSS)
            rows = (len(page) + CARDS_ACROSS - 1) // CARDS_ACROSS
            self.crop_marks(x0, y0, cols, rows)
            for i, card in enumerate(page):
                row, col = divmod(i, CARDS_ACROSS)
                draw(self, card, x0 + col * CARD_W, y0 + row * CARD_H)
                tick()

    def crop_marks(self, x0: float, y0: float, cols: int, rows: int) -> None:
        """Cut lines in the margin at every card edge, clear of the cards themselves."""
        x1, y1 = x0 + cols * CARD_W, y0 + rows * CARD_H
        room = min(x0, y0, self.page_w - x1, self.page_h - y1)
        start, length = 1.5, max(0.0, min(5.0, room - 2.0))
        if length <= 0:
            return
        for c in range(cols + 1):
            x = x0 + c * CARD_W
            self.rule(x, y0 - start, x, y0 - start - length, INK, 0.15)
            self.rule(x, y1 + start, x, y1 + start + length, INK, 0.15)
        for r in range(rows + 1):
            y = y0 + r * CARD_H
            self.rule(x0 - start, y, x0 - start - length, y, INK, 0.15)
            self.rule(x1 + start, y, x1 + start + length, y, INK, 0.15)

    def sheet_slots(self, across: int = SHEETS_ACROSS, down: int = SHEETS_DOWN
                    ) -> list[tuple[float, float]]:
        """The top-left corner of each sheet of a page, row by row."""
        w, h = sheet_box(self, across, down)
        return [(SHEET_MARGIN + col * (w + SHEET_GUTTER),
                 SHEET_MARGIN + row * (h + SHEET_GUTTER))
                for row in range(down) for col in range(across)]

    def sheets(self, cards: list[Card],
               draw: Callable[[Book, Card, float, float, float, float], None],
               tick: Callable[[], None], across: int = SHEETS_ACROSS,
               down: int = SHEETS_DOWN) -> None:
        w, h = sheet_box(self, across, down)
        slots = self.sheet_slots(across, down)
        per_page = across * down
        for start in range(0, len(cards), per_page):
            self.pdf.add_page()
            for (x, y), card in zip(slots, cards[start:start + per_page], strict=False):
                draw(self, card, x, y, w, h)
                tick()


SHEET_MARGIN, SHEET_GUTTER = 12.0, 6.0


def sheet_box(book: Book, across: int, down: int) -> tuple[float, float]:
    """The width and height of one sheet when a page holds `across` × `down`."""
    return ((book.page_w - 2 * SHEET_MARGIN - SHEET_GUTTER * (across - 1)) / across,
            (book.page_h - 2 * SHEET_MARGIN - SHEET_GUTTER * (down - 1)) / down)
