"""The rules glossary on PDF pages: a roster's last pages (two columns, every rule the
cards name, once, with what a card or sheet could not hold), and a unit's second side
(the back of its card, placed behind it for printing on both sides, or of its sheet)."""

from __future__ import annotations

from collections.abc import Sequence

from designer.card import Card
from designer.export.card_text import GREY, INK
from designer.export.fit import Run
from designer.export.flow import flow
from designer.export.glossary import Rule
from designer.export.layout import CARD_H, CARD_W, INNER_W, NAME_H, PAD, name_fit
from designer.export.pdf_book import CARDS_ACROSS, RULE, Book

MARGIN = 15.0
PAGE_SIZE, PAGE_LEADING, PAGE_GAP = 8.0, 1.2, 0.55
BACK_SIZE, BACK_LEADING, BACK_GAP = 6.5, 1.18, 0.45
Paragraphs = list[list[Run]]


def rule_paragraph(rule: Rule) -> list[Run]:
    return [Run(rule.title, "B", INK), Run(": ", "B", INK), Run(rule.text, "", INK)]


def glossary_paragraphs(rules: Sequence[Rule], continued: Sequence[tuple[str, Paragraphs]],
                        credits: Sequence[str]) -> Paragraphs:
    """What a glossary prints, in order: the text each card or sheet moved here (under
    its unit's name, or "Continued" on the unit's own back), every rule, then the rules'
    credits."""
    out: Paragraphs = []
    for title, paragraphs in continued:
        # on a unit's own back its name heads the side already
        out.append([Run(f"{title}, continued" if title else "Continued", "B", GREY)])
        out += [list(p) for p in paragraphs]
    out += [rule_paragraph(rule) for rule in rules]
    out += [[Run(f"Rules: {credit}", "I", GREY)] for credit in credits]
    return out


def draw_rules_pages(book: Book, title: str, paragraphs: Paragraphs) -> None:
    """Pages headed 'Rules', the paragraphs in two columns, as many pages as they take."""
    if not paragraphs:
        return
    gutter = 6.0
    col_w = (book.page_w - 2 * MARGIN - gutter) / 2
    rest = paragraphs
    page = 0
    while rest:
        book.pdf.add_page()
        page += 1
        heading = "Rules" if page == 1 else "Rules, continued"
        book.line_fit(MARGIN, MARGIN + 6, heading, book.page_w - 2 * MARGIN, "B", 16, 10, INK)
        book.line_fit(MARGIN, MARGIN + 11, title, book.page_w - 2 * MARGIN, "", 9, 6, GREY)
        book.rule(MARGIN, MARGIN + 13.5, book.page_w - MARGIN, MARGIN + 13.5, RULE, 0.3)
        top = MARGIN + 16
        for column in range(2):
            if not rest:
                break
            fitted, rest = flow(rest, PAGE_SIZE, col_w, book.page_h - MARGIN - top,
                                leading=PAGE_LEADING, gap=PAGE_GAP)
            if not fitted.lines:  # a column too short for one line: never loop
                raise RuntimeError("the rules page has no room for a line")
            book.paragraphs(fitted, MARGIN + column * (col_w + gutter), top, PAGE_LEADING,
                            PAGE_GAP)


def back_slots(book: Book, count: int) -> list[tuple[float, float]]:
    """Card positions for `count` backs: the first behind a unit's card (the top-left
    slot, mirrored left to right for printing on both sides), the rest after it."""
    from designer.export.pdf_book import CARDS_DOWN

    x0 = (book.page_w - CARD_W * CARDS_ACROSS) / 2
    y0 = (book.page_h - CARD_H * CARDS_DOWN) / 2
    order = [(row, CARDS_ACROSS - 1 - col) for row in range(CARDS_DOWN)
             for col in range(CARDS_ACROSS)]
    return [(x0 + col * CARD_W, y0 + row * CARD_H) for row, col in order[:count]]


def draw_card_backs(book: Book, c: Card, paragraphs: Paragraphs) -> None:
    """The card's second side: its name, then the paragraphs; more backs beside it when
    they take more than one."""
    if not paragraphs:
        return
    pages: list[Paragraphs] = []
    rest = paragraphs
    while rest:
        fitted, rest_after = flow(rest, BACK_SIZE, INNER_W, 83.4 - 17.0, leading=BACK_LEADING,
                                  gap=BACK_GAP)
        if not fitted.lines:
            raise RuntimeError("a card's back has no room for a line")
        pages.append(rest)
        rest = rest_after
    per_page = CARDS_ACROSS * 3
    for start in range(0, len(pages), per_page):
        book.pdf.add_page()
        chunk = pages[start:start + per_page]
        for (x, y), part in zip(back_slots(book, len(chunk)), chunk, strict=True):
            _back(book, c, part, x, y, start > 0 or part is not pages[0])


def _back(book: Book, c: Card, paragraphs: Paragraphs, x: float, y: float,
          more: bool) -> None:
    book.box(x + 1.5, y + 1.5, CARD_W - 3, CARD_H - 3, line=INK, lw=0.35, radius=2.6)
    left = x + PAD
    name = name_fit(c.title, INNER_W, NAME_H, 12.0, 7.5)
    book.title_block(name, left, y + 3.3, NAME_H)
    book.line_fit(left, y + 13.6, "Rules, continued" if more else "Rules", INNER_W, "I", 6.5,
                  5.0, GREY)
    book.rule(left, y + 16.2, left + INNER_W, y + 16.2, RULE, 0.25)
    fitted, _ = flow(paragraphs, BACK_SIZE, INNER_W, 83.4 - 17.0, leading=BACK_LEADING,
                     gap=BACK_GAP)
    book.paragraphs(fitted, left, y + 17.0, BACK_LEADING, BACK_GAP)
    book.line_fit(left, y + 85.35, c.system, INNER_W, "", 4.4, 3.5, GREY)


def draw_sheet_backs(book: Book, c: Card, paragraphs: Paragraphs, w: float, h: float,
                     slots: Sequence[tuple[float, float]]) -> None:
    """A sheet's second side: the same place on the next page, framed as the sheet is,
    its name then the paragraphs; it carries on in the next places when they take more."""
    rest = paragraphs
    while rest:
        book.pdf.add_page()
        for x, y in slots:
            if not rest:
                break
            book.box(x, y, w, h, line=INK, lw=0.45)
            name = name_fit(c.title, w - 6, 8.0, 12.0, 8.0)
            book.title_block(name, x + 3, y + 1.5, 8.0)
            book.line_fit(x + 3, y + 13.5, "Rules" if rest is paragraphs else
                          "Rules, continued", w - 6, "I", 8, 6, GREY)
            book.rule(x, y + 15.5, x + w, y + 15.5, INK, 0.25)
            fitted, rest = flow(rest, PAGE_SIZE, w - 6, h - 19.0, leading=PAGE_LEADING,
                                gap=PAGE_GAP)
            if not fitted.lines:
                raise RuntimeError("a sheet's back has no room for a line")
            book.paragraphs(fitted, x + 3, y + 17.0, PAGE_LEADING, PAGE_GAP)
