"""PDF exports, drawn with fpdf2's core fonts (nothing to bundle, nothing fetched).

What a file gets follows from what it holds, so the command needs no extra option:

- a unit file: its card (poker size, 63 × 88 mm, on a page of nine with crop marks),
  then its record sheet (the rulebook's blank sheet filled in, on a page of four);
- a roster file: the force summary (cap, total, remaining, starting morale, the units
  with counts and points, and whether the force is legal or each error), then one card
  per distinct unit, nine to a page, then their record sheets, four to a page.

Text that does not fit shrinks, then wraps, then is cut with an ellipsis: nothing is
drawn outside its box. Characters outside the core fonts' set are transliterated.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Literal

from fpdf import FPDF

from designer.export.card import CardView, ExportDoc, ForceView
from designer.export.fit import (
    PT,
    Colour,
    Fitted,
    Run,
    fit,
    fit_size,
    pdf_safe,
    truncate,
    width,
    wrap,
)
from designer.export.layout import (
    ABILITY_BOTTOM,
    ABILITY_TOP,
    BADGE_H,
    BADGE_W,
    BUMPS_SIZE,
    BUMPS_SMALLEST,
    CARD_H,
    CARD_W,
    COL_W,
    GAP,
    GREY,
    INK,
    INNER_W,
    LABEL_W,
    LEADING,
    NAME_H,
    NAME_W,
    PAD,
    TYPES_H,
    card_paragraphs,
    type_runs,
)

Part = Literal["summary", "cards", "sheets"]
PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
CARDS_ACROSS, CARDS_DOWN = 3, 3
SHEETS_ACROSS, SHEETS_DOWN = 2, 2

RED: Colour = (198, 28, 38)
BLUE: Colour = (22, 78, 178)
RULE: Colour = (190, 190, 195)
BAND: Colour = (238, 238, 241)
WHITE: Colour = (255, 255, 255)
GREEN: Colour = (24, 122, 52)
GREEN_BG: Colour = (229, 245, 233)
RED_BG: Colour = (252, 232, 232)

# A wing in a 6 × 4 unit box: the rulebook's mark for a unit that flies.
WING: tuple[tuple[float, float], ...] = (
    (0.0, 4.0), (0.6, 2.2), (1.8, 0.9), (3.6, 0.15), (6.0, 0.0), (5.2, 0.9), (6.0, 1.2),
    (4.8, 1.95), (5.5, 2.3), (4.2, 2.95), (4.7, 3.3), (2.9, 3.75), (1.6, 4.0),
)


def _rounded_square(radius: float, steps: int = 3) -> tuple[tuple[float, float], ...]:
    """A unit square with rounded corners as a polygon: a die drawn this way costs half
    of fpdf2's rounded rectangle, and a 100-card export draws thousands of them."""
    points = []
    for cx, cy, start in ((1 - radius, radius, -90), (1 - radius, 1 - radius, 0),
                          (radius, 1 - radius, 90), (radius, radius, 180)):
        for k in range(steps + 1):
            angle = math.radians(start + 90 * k / steps)
            points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return tuple(points)


DIE = _rounded_square(0.2)
Progress = Callable[[int, int], None]


def default_parts(doc: ExportDoc) -> tuple[Part, ...]:
    return ("summary", "cards", "sheets") if doc.kind == "roster" else ("cards", "sheets")


def render_pdf(doc: ExportDoc, *, paper: str = "a4", progress: Progress | None = None,
               parts: Sequence[Part] | None = None) -> bytes:
    """The document's PDF as bytes; progress(done, total) after each page part is drawn."""
    chosen = tuple(parts) if parts is not None else default_parts(doc)
    book = _Book(paper, doc.title, doc.version)
    steps = (("summary" in chosen and doc.summary is not None)
             + len(doc.cards) * (("cards" in chosen) + ("sheets" in chosen)))
    done = 0

    def tick() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, steps)

    if progress is not None:
        progress(0, steps)
    if "summary" in chosen and doc.summary is not None:
        book.summary(doc.summary)
        tick()
    if "cards" in chosen:
        book.cards(doc.cards, tick)
    if "sheets" in chosen:
        book.sheets(doc.cards, tick)
    return bytes(book.pdf.output())


class _Book:
    """An fpdf2 document plus the drawing helpers the three page kinds share."""

    def __init__(self, paper: str, title: str, version: str) -> None:
        self.page_w, self.page_h = PAPERS[paper]
        pdf = FPDF(unit="mm", format=(self.page_w, self.page_h))
        pdf.core_fonts_encoding = "cp1252"
        pdf.set_auto_page_break(False)
        pdf.set_margins(0, 0, 0)
        pdf.set_title(pdf_safe(title))
        pdf.set_creator(f"designer {version}")
        pdf.set_font("helvetica", "", 8)
        self.pdf = pdf
        self.version = version
        self._font: tuple[str, float] = ("", 8.0)
        self._colour: Colour = (0, 0, 0)

    # --- primitives -------------------------------------------------------------------

    def font(self, style: str, size: float, colour: Colour = INK) -> None:
        if (style, size) != self._font:
            self.pdf.set_font("helvetica", style, size)
            self._font = (style, size)
        if colour != self._colour:
            self.pdf.set_text_color(*colour)
            self._colour = colour

    def text(self, x: float, y: float, text: str, style: str = "", size: float = 8.0,
             colour: Colour = INK, align: str = "L") -> None:
        """One line of pdf_safe text on baseline `y`: left at, centred on or right of x."""
        if not text:
            return
        self.font(style, size, colour)
        if align != "L":
            w = width(text, style, size)
            x = x - w / 2 if align == "C" else x - w
        self.pdf.text(x, y, text)

    def line_fit(self, x: float, y: float, text: str, box: float, style: str, size: float,
                 smallest: float, colour: Colour = INK, align: str = "L") -> None:
        """One line that shrinks to fit `box` mm, then is cut with an ellipsis."""
        text = pdf_safe(text)
        size = fit_size(text, style, box, size, smallest)
        self.text(x, y, truncate(text, style, size, box), style, size, colour, align)

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
        self.pdf.set_draw_color(*colour)
        self.pdf.set_line_width(w)
        self.pdf.line(x1, y1, x2, y2)

    def box(self, x: float, y: float, w: float, h: float, fill: Colour | None = None,
            line: Colour | None = None, lw: float = 0.2, radius: float = 0.0) -> None:
        style = ("F" if fill else "") + ("D" if line else "")
        if not style:
            return
        if fill:
            self.pdf.set_fill_color(*fill)
        if line:
            self.pdf.set_draw_color(*line)
            self.pdf.set_line_width(lw)
        self.pdf.rect(x, y, w, h, style=style, round_corners=radius > 0,
                      corner_radius=radius)

    def dice(self, cx: float, cy: float, count: int, colour: Colour, size: float,
             room: float) -> None:
        """`count` dice as filled squares with a pip, centred on (cx, cy); a count the
        rules do not allow (over 3 or below 0) is written as a number instead."""
        if count == 0:
            self.text(cx, cy + 1.0, "\u2013", "", 7, RULE, "C")
            return
        if count < 0 or count > 3:
            self.text(cx, cy + 1.2, f"{count}\u00d7", "B", 8, colour, "C")
            return
        size = min(size, room / (count + (count - 1) * 0.22))
        gap = size * 0.22
        span = count * size + (count - 1) * gap
        pdf = self.pdf
        pdf.set_fill_color(*colour)
        x = cx - span / 2
        top = cy - size / 2
        shape = [(px * size, py * size) for px, py in DIE]
        for _ in range(count):
            pdf.polygon([(x + px, top + py) for px, py in shape], style="F")
            x += size + gap
        pdf.set_fill_color(*WHITE)
        r = size * 0.13
        x = cx - span / 2 + size / 2
        for _ in range(count):
            pdf.circle(x, cy, r, style="F")  # fpdf2 2.8 takes the centre
            x += size + gap

    def wing(self, x: float, y: float, h: float, colour: Colour = INK) -> float:
        """The wing mark with its top-left at (x, y), `h` mm tall; returns its width."""
        k = h / 4.0
        self.pdf.set_fill_color(*colour)
        self.pdf.polygon([(x + px * k, y + py * k) for px, py in WING], style="F")
        return 6.0 * k

    # --- unit cards -----------------------------------------------------------------

    def cards(self, cards: list[CardView], tick: Callable[[], None]) -> None:
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
                self.card(card, x0 + col * CARD_W, y0 + row * CARD_H)
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

    def card(self, c: CardView, x: float, y: float) -> None:
        """One poker-size card at (x, y): the rulebook's reference card, filled in."""
        self.box(x + 1.5, y + 1.5, CARD_W - 3, CARD_H - 3, line=INK, lw=0.35, radius=2.6)
        left, inner = x + PAD, INNER_W

        # name and points
        bx, by = x + CARD_W - 3.4 - BADGE_W, y + 3.2
        self.box(bx, by, BADGE_W, BADGE_H, fill=INK, radius=1.4)
        points = str(c.points)
        self.text(bx + BADGE_W / 2, by + 6.0, points, "B",
                  fit_size(points, "B", BADGE_W - 1.6, 14, 6), WHITE, "C")
        self.text(bx + BADGE_W / 2, by + 9.2, "POINTS", "B", 4.6, WHITE, "C")
        self.title_block(c.name, left, y + 3.3, NAME_W, NAME_H, 12.0, 7.5)
        fitted = fit([type_runs(c)], NAME_W, TYPES_H, largest=6.5, smallest=4.5,
                     leading=1.15)
        self.paragraphs(fitted, left, y + 10.9, 1.15, 0)
        self.rule(left, y + 16.2, left + inner, y + 16.2, RULE, 0.25)

        # the four skills: OFF dice (red), DEF dice (blue), bumps beneath, range
        top = y + 17.0
        label_w, col_w = LABEL_W, COL_W
        rows = (("head", 3.7), ("off", 4.7), ("offb", 3.3), ("def", 4.7), ("defb", 3.3),
                ("rng", 4.6))
        ys: dict[str, float] = {}
        cursor = top
        for key, h in rows:
            ys[key] = cursor
            cursor += h
        grid_bottom = cursor
        self.box(left, top, inner, 3.7, fill=BAND)
        for key, label, colour in (("off", "OFF", RED), ("def", "DEF", BLUE),
                                   ("rng", "RNG", INK)):
            self.text(left + 0.3, ys[key] + 3.05, label, "B", 5.8, colour)
        self.rule(left, ys["def"] - 0.1, left + inner, ys["def"] - 0.1, RULE, 0.15)
        self.rule(left, ys["rng"], left + inner, ys["rng"], RULE, 0.15)
        for i, skill in enumerate(c.skills):
            cx = left + label_w + col_w * (i + 0.5)
            if i:
                sx = left + label_w + col_w * i
                self.rule(sx, top, sx, grid_bottom, RULE, 0.15)
            self.line_fit(cx, top + 2.65, skill.label, col_w - 0.8, "B", 6.0, 4.5, INK, "C")
            self.dice(cx, ys["off"] + 2.35, skill.off.dice, RED, 3.1, col_w - 0.6)
            self.line_fit(cx, ys["offb"] + 2.45, skill.off.bumps_text, col_w - 0.8, "B",
                          BUMPS_SIZE, BUMPS_SMALLEST, RED, "C")
            self.dice(cx, ys["def"] + 2.35, skill.defence.dice, BLUE, 3.1, col_w - 0.6)
            self.line_fit(cx, ys["defb"] + 2.45, skill.defence.bumps_text, col_w - 0.8, "B",
                          BUMPS_SIZE, BUMPS_SMALLEST, BLUE, "C")
            self.line_fit(cx, ys["rng"] + 3.4, str(skill.range), col_w - 0.8, "B", 9.0, 5,
                          INK, "C")
        self.rule(left, grid_bottom, left + inner, grid_bottom, RULE, 0.15)

        # athletics, with the wing mark when the unit flies
        ay = grid_bottom + 0.6
        self.text(left + 0.3, ay + 3.3, "ATH", "B", 5.8, INK)
        value = str(c.athletics)
        self.text(left + label_w, ay + 3.6, value, "B", 9.5, INK)
        if c.flies:
            wx = left + label_w + width(value, "B", 9.5) + 2.0
            ww = self.wing(wx, ay + 0.9, 3.0)
            self.text(wx + ww + 1.0, ay + 3.3, "flies", "I", 6.0, GREY)
        self.rule(left, ay + 5.0, left + inner, ay + 5.0, RULE, 0.25)

        # abilities (rank, effect), then equipment; shrunk to fit the space left
        fitted = fit(card_paragraphs(c), inner, ABILITY_BOTTOM - ABILITY_TOP, largest=7.5,
                     smallest=4.5, leading=LEADING, gap=GAP)
        self.paragraphs(fitted, left, y + ABILITY_TOP, LEADING, GAP)

        # footer: the system, and what the owner should know (not legal, printed value)
        fy = y + 85.35
        self.text(left, fy, "OpenTactics 2e", "", 4.4, GREY)
        if not c.legal:
            n = len(c.errors)
            self.text(left + inner, fy, f"NOT LEGAL: {n} error{'s' if n > 1 else ''}", "B",
                      4.6, RED, "R")
        elif c.audit:
            self.text(left + inner, fy, f"printed {c.printed}, tally {c.points}", "I", 4.4,
                      GREY, "R")

    def title_block(self, name: str, x: float, top: float, w: float, h: float,
                    largest: float, smallest_one_line: float) -> None:
        """A name on one line when it fits at a readable size, else on two smaller lines."""
        text = pdf_safe(name)
        size = fit_size(text, "B", w, largest, smallest_one_line)
        if width(text, "B", size) <= w:
            self.text(x, top + h / 2 + size * PT * 0.36, text, "B", size, INK)
            return
        fitted = fit([[Run(text, "B")]], w, h, largest=smallest_one_line, smallest=5.5,
                     leading=1.08)
        self.paragraphs(fitted, x, top + (h - fitted.height(1.08, 0)) / 2, 1.08, 0)

    # --- record sheets ----------------------------------------------------------------

    def sheets(self, cards: list[CardView], tick: Callable[[], None]) -> None:
        margin, gutter = 12.0, 6.0
        w = (self.page_w - 2 * margin - gutter) / SHEETS_ACROSS
        h = (self.page_h - 2 * margin - gutter) / SHEETS_DOWN
        per_page = SHEETS_ACROSS * SHEETS_DOWN
        for start in range(0, len(cards), per_page):
            self.pdf.add_page()
            for i, card in enumerate(cards[start:start + per_page]):
                row, col = divmod(i, SHEETS_ACROSS)
                self.sheet(card, margin + col * (w + gutter), margin + row * (h + gutter), w, h)
                tick()

    def sheet(self, c: CardView, x: float, y: float, w: float, h: float) -> None:
        """The rulebook's blank unit record sheet, filled in (ATH and GEAR rows added:
        the blank sheet has no place for them, and a player needs both)."""
        label_w, cost_label_w, cost_w = 17.0, 12.0, 15.0
        col_w = (w - label_w) / 4
        fixed = (("unit", 10.0), ("types", 9.0), ("head", 6.0), ("off", 12.0),
                 ("def", 12.0), ("rng", 7.5), ("ath", 7.5), ("gear", 11.0))
        ys: dict[str, float] = {}
        cursor = y
        for key, rh in fixed:
            ys[key] = cursor
            cursor += rh
        ys["abilities"] = cursor
        bottom = y + h
        self.box(x, y, label_w, bottom - y, fill=BAND)
        self.box(x + w - cost_w - cost_label_w, y, cost_label_w, 10.0, fill=BAND)
        for key, _ in fixed[1:]:
            self.rule(x, ys[key], x + w, ys[key], INK, 0.25)
        self.rule(x, ys["abilities"], x + w, ys["abilities"], INK, 0.25)
        self.rule(x + label_w, y, x + label_w, bottom, INK, 0.25)
        for i in range(1, 4):
            cx = x + label_w + col_w * i
            self.rule(cx, ys["head"], cx, ys["ath"], INK, 0.2)
        self.rule(x + w - cost_w - cost_label_w, y, x + w - cost_w - cost_label_w, y + 10,
                  INK, 0.25)
        self.rule(x + w - cost_w, y, x + w - cost_w, y + 10, INK, 0.25)
        self.box(x, y, w, h, line=INK, lw=0.45)

        def label(key: str, text: str, rh: float, colour: Colour = INK) -> None:
            self.text(x + 1.6, ys[key] + rh / 2 + 1.1, text, "B", 7.0, colour)

        label("unit", "UNIT", 10)
        label("types", "TYPES", 9)
        label("off", "OFF", 12, RED)
        label("def", "DEF", 12, BLUE)
        label("rng", "RNG", 7.5)
        label("ath", "ATH", 7.5)
        label("gear", "GEAR", 11)
        self.text(x + 1.6, ys["abilities"] + 4.6, "ABILITIES", "B", 7.0, INK)
        self.text(x + w - cost_w - cost_label_w / 2, y + 6.1, "COST", "B", 7.0, INK, "C")
        self.line_fit(x + w - cost_w / 2, y + 7.0, str(c.points), cost_w - 1.5, "B", 14, 7,
                      INK, "C")
        name_w = w - label_w - cost_label_w - cost_w - 3.0
        self.title_block(c.name, x + label_w + 1.5, y + 1.2, name_w, 7.6, 12.0, 8.0)

        types = ", ".join(t.name + ("*" if t.elemental else "") for t in c.types)
        fitted = fit([[Run(types or "none", "I", INK)]], w - label_w - 3, 7.4, largest=8.5,
                     smallest=5.5, leading=1.15)
        self.paragraphs(fitted, x + label_w + 1.5, ys["types"] + (9 - fitted.height(1.15, 0))
                        / 2, 1.15, 0)

        for i, skill in enumerate(c.skills):
            cx = x + label_w + col_w * (i + 0.5)
            self.line_fit(cx, ys["head"] + 4.1, skill.label, col_w - 1, "B", 7.5, 5, INK, "C")
            for key, pool, colour in (("off", skill.off, RED), ("def", skill.defence, BLUE)):
                self.dice(cx, ys[key] + 4.3, pool.dice, colour, 4.0, col_w - 1)
                self.line_fit(cx, ys[key] + 10.3, pool.bumps_text, col_w - 1.2, "B", 8.5, 5,
                              colour, "C")
            self.line_fit(cx, ys["rng"] + 5.3, str(skill.range), col_w - 1, "B", 10, 6, INK,
                          "C")

        value = str(c.athletics)
        ax = x + label_w + 2.0
        self.text(ax, ys["ath"] + 5.4, value, "B", 10, INK)
        if c.flies:
            wx = ax + width(value, "B", 10) + 2.5
            ww = self.wing(wx, ys["ath"] + 1.8, 3.8)
            self.text(wx + ww + 1.2, ys["ath"] + 5.0, "flies (athletics cost doubled)", "I",
                      7, GREY)

        gear = ", ".join(e.label for e in c.equipment) or "none"
        fitted = fit([[Run(gear)]], w - label_w - 3, 9.6, largest=8, smallest=5, leading=1.15)
        self.paragraphs(fitted, x + label_w + 1.5,
                        ys["gear"] + (11 - fitted.height(1.15, 0)) / 2, 1.15, 0)

        paras = card_paragraphs(c, equipment=False) or [[Run("none", "I", GREY)]]
        status = (f"NOT LEGAL: {len(c.errors)} error(s)" if not c.legal
                  else f"printed {c.printed}, tally {c.points}" if c.audit else "")
        foot = 8.5 if status else 5.0
        fitted = fit(paras, w - label_w - 3, bottom - ys["abilities"] - 3.0 - foot,
                     largest=8.5, smallest=5, leading=1.2, gap=0.5)
        self.paragraphs(fitted, x + label_w + 1.5, ys["abilities"] + 1.5, 1.2, 0.5)
        if status:
            self.line_fit(x + w - 1.5, bottom - 5.4, status, w - label_w - 3, "B", 6.5, 5,
                          RED if not c.legal else GREY, "R")
        steps = " + ".join(f"{k} {v}" for k, v in c.step_totals().items())
        tally = f"Tally: {steps} = {c.points}" if steps else "Tally: nothing priced"
        self.line_fit(x + label_w + 1.5, bottom - 1.8, tally, w - label_w - 3, "", 6, 5, GREY)

    # --- force summary ----------------------------------------------------------------

    def summary(self, f: ForceView) -> None:
        margin = 15.0
        pdf = self.pdf
        pdf.add_page()
        left, inner = margin, self.page_w - 2 * margin
        self.title_block(f.name, left, margin, inner, 12, 22, 13)
        self.text(left, margin + 16, pdf_safe(f"Force roster \u00b7 {f.system_title}"), "",
                  9.5, GREY)
        y = margin + 21
        stats = (
            ("POINTS CAP", "none" if f.cap is None else str(f.cap), INK),
            ("TOTAL", str(f.total), RED if f.cap is not None and f.total > f.cap else INK),
            ("REMAINING", "\u2013" if f.remaining is None else str(f.remaining),
             RED if f.remaining is not None and f.remaining < 0 else INK),
            ("UNITS", str(f.unit_count), INK),
            ("STARTING MORALE", str(f.morale), INK),
            ("ACTIVATION COUNTERS", str(f.counters), INK),
        )
        gap = 2.5
        bw = (inner - gap * (len(stats) - 1)) / len(stats)
        for i, (label, value, colour) in enumerate(stats):
            bx = left + i * (bw + gap)
            self.box(bx, y, bw, 17, fill=BAND, radius=1.2)
            self.line_fit(bx + bw / 2, y + 4.6, label, bw - 2, "B", 6.2, 4.5, GREY, "C")
            self.line_fit(bx + bw / 2, y + 13.2, value, bw - 2, "B", 17, 8, colour, "C")
        y += 22
        y = self.status_banner(f, left, y, inner)
        y = self.entry_table(f, left, y + 5, inner, margin)
        note = ("Points are each unit's step-eight tally of its final values, equipment "
                f"included. Cards and record sheets follow. designer {self.version}")
        self.line_fit(left, self.page_h - margin + 6, note, inner, "", 6.5, 5, GREY)

    def status_banner(self, f: ForceView, x: float, y: float, w: float) -> float:
        if f.legal:
            self.box(x, y, w, 11, fill=GREEN_BG, line=GREEN, lw=0.4, radius=1.2)
            self.text(x + 4, y + 7.4, "LEGAL", "B", 13, GREEN)
            cap = "within its points cap" if f.cap is not None else "no points cap set"
            self.text(x + 4 + width("LEGAL", "B", 13) + 4, y + 7.2,
                      f"{cap}; every unit is legal", "", 9.5, INK)
            return y + 11
        paras: list[list[Run]] = []
        for problem in f.problems:
            paras.append([Run("\u2022 ", "B", RED), Run(problem.message, "B", INK)])
            paras.extend([[Run("\u00a0\u00a0\u00a0\u00a0\u2013 " + d.strip(), "", INK)]
                          for d in problem.details])
        # every problem is listed, however many: the banner carries on over pages
        size, leading, gap, margin = 8.5, 1.25, 0.15, 15.0
        lines, ends = wrap(paras, size, w - 8)
        step, para_gap = size * leading * PT, gap * size * PT
        done, first = 0, True
        while True:
            head = 11.0 if first else 3.0
            room = self.page_h - margin - 4 - (y + head) - 3
            used, n = 0.0, 0
            while done + n < len(lines) and (used + step <= room or n == 0):
                used += step + (para_gap if done + n in ends else 0)
                n += 1
            h = head + used + 3
            self.box(x, y, w, h, fill=RED_BG, line=RED, lw=0.4, radius=1.2)
            if first:
                self.text(x + 4, y + 7.4, "NOT LEGAL", "B", 13, RED)
                count = len(f.problems)
                self.text(x + 4 + width("NOT LEGAL", "B", 13) + 4, y + 7.2,
                          f"{count} problem{'s' if count > 1 else ''}; an opponent should not "
                          "accept this force as it stands", "", 9.5, INK)
            part = Fitted(size, lines[done:done + n],
                          frozenset(e - done for e in ends if done <= e < done + n), False)
            self.paragraphs(part, x + 4, y + head, leading, gap)
            done += n
            if done >= len(lines):
                return y + h
            y, first = self.continued(f, margin), False

    def continued(self, f: ForceView, margin: float) -> float:
        """A new page for the rest of the table, named so a loose page is still known."""
        self.pdf.add_page()
        self.line_fit(margin, margin + 4, f"{f.name} \u2013 force roster, continued",
                      self.page_w - 2 * margin, "B", 10, 7, GREY)
        return margin + 8

    def entry_table(self, f: ForceView, x: float, y: float, w: float, margin: float) -> float:
        cols = (("#", 8.0, "R"), ("Unit", 0.0, "L"), ("Source", 46.0, "L"),
                ("Count", 14.0, "R"), ("Points", 15.0, "R"), ("Subtotal", 18.0, "R"),
                ("Status", 20.0, "L"))
        fixed = sum(c[1] for c in cols)
        widths = [c[1] or w - fixed for c in cols]
        row_h = 6.2
        bottom_limit = self.page_h - margin - 4

        def header(top: float) -> float:
            self.box(x, top, w, row_h, fill=INK)
            cx = x
            for (title, _, align), cw in zip(cols, widths, strict=True):
                tx = cx + cw - 1.5 if align == "R" else cx + 1.5
                self.text(tx, top + 4.2, title, "B", 8, WHITE, align)
                cx += cw
            return top + row_h

        if y + 2 * row_h > bottom_limit:
            y = self.continued(f, margin)
        y = header(y)
        for i, e in enumerate(f.entries):
            if y + row_h > bottom_limit:
                y = header(self.continued(f, margin))
            if i % 2:
                self.box(x, y, w, row_h, fill=BAND)
            status = ("legal", GREEN) if e.card.legal else (
                f"{len(e.card.errors)} error{'s' if len(e.card.errors) > 1 else ''}", RED)
            cells = (str(e.number), e.name, e.source, str(e.count), str(e.points),
                     str(e.subtotal), status[0])
            cx = x
            for j, ((_, _, align), cw, text) in enumerate(zip(cols, widths, cells,
                                                              strict=True)):
                style = "B" if j in (1, 5) else ""
                colour = status[1] if j == 6 else (GREY if j == 2 else INK)
                tx = cx + cw - 1.5 if align == "R" else cx + 1.5
                self.line_fit(tx, y + 4.3, text, cw - 3, style, 9 if j != 2 else 7.5,
                              7 if j != 2 else 6, colour, align)
                cx += cw
            y += row_h
        if y + row_h > bottom_limit:
            y = self.continued(f, margin)
        self.rule(x, y, x + w, y, INK, 0.4)
        count_x = x + sum(widths[:4])
        self.text(x + widths[0] + 1.5, y + 4.4, "Total", "B", 9, INK)
        self.text(count_x - 1.5, y + 4.4, str(f.unit_count), "B", 9, INK, "R")
        sub_x = x + sum(widths[:6])
        total_colour = RED if f.cap is not None and f.total > f.cap else INK
        self.text(sub_x - 1.5, y + 4.4, str(f.total), "B", 9, total_colour, "R")
        if f.cap is not None:
            self.text(x + w - 1.5, y + 4.4, f"of {f.cap}", "", 8, GREY, "R")
        return y + row_h

