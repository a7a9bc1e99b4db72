"""The force summary page of a roster's PDF: the figures in boxes (budget, total, what
remains, units and the system's short facts; a long fact on a line of its own), whether
the force is legal (every problem listed, over as many pages as it takes), and the
entries with counts and points, under each side with its facts when the entries have
one (a TACTICS encounter). A name too long for its cell shrinks, then wraps."""

from __future__ import annotations

from designer.export.document import EntryView, ForceView
from designer.export.fit import PT, Colour, Fitted, Run, width, wrap
from designer.export.flow import one_line, shrink_wrap
from designer.export.layout import GREY, INK, RED, name_fit
from designer.export.pdf_book import BAND, WHITE, Book

GREEN: Colour = (24, 122, 52)
GREEN_BG: Colour = (229, 245, 233)
RED_BG: Colour = (252, 232, 232)
MARGIN = 15.0
BOXES = 6  # figure boxes to a row
TIGHT = 1.1


def draw_summary(book: Book, f: ForceView) -> None:
    pdf = book.pdf
    pdf.add_page()
    left, inner = MARGIN, book.page_w - 2 * MARGIN
    book.title_block(name_fit(f.name, inner, 12, 22, 13), left, MARGIN, 12)
    book.line_fit(left, MARGIN + 16, f"{f.roster_heading} \u00b7 {f.system_title}", inner, "",
                  9.5, 6, GREY)
    y = _figures(book, f, left, MARGIN + 21, inner)
    y = _status_banner(book, f, left, y, inner)
    _entry_table(book, f, left, y + 5, inner)
    points = ("Points are each unit's tally of its final values. " if f.priced else "")
    note = f"{points}Cards and record sheets follow, then the rules. designer {book.version}"
    book.line_fit(left, book.page_h - MARGIN + 6, note, inner, "", 6.5, 5, GREY)


def _figures(book: Book, f: ForceView, x: float, y: float, w: float) -> float:
    """The figure boxes, then the facts too long for a box, one a line; returns the y
    below them."""
    gap = 2.5
    bw = (w - gap * (BOXES - 1)) / BOXES
    boxed, lines = f.boxed(bw - 2)
    for start in range(0, len(boxed), BOXES):
        row = boxed[start:start + BOXES]
        labels = [one_line(label, "B", bw - 2, 6.2, 5.0, TIGHT) for label, _, _ in row]
        head = max(label.height(TIGHT, 0) for label in labels)
        h = head + 12.5
        for i, ((_, value, bad), label) in enumerate(zip(row, labels, strict=True)):
            bx = x + i * (bw + gap)
            book.box(bx, y, bw, h, fill=BAND, radius=1.2)
            book.lines(label, bx + 1, y + 2.2, bw - 2, TIGHT, GREY, "C")
            book.line_fit(bx + bw / 2, y + head + 9.2, value, bw - 2, "B", 17, 8,
                          RED if bad else INK, "C")
        y += h + gap
    for name, value, bad in lines:
        y = _fact_line(book, name.title(), value, x, y, w, RED if bad else INK)
    return y + 2.5


def _fact_line(book: Book, label: str, value: str, x: float, y: float, w: float,
               colour: Colour) -> float:
    fitted = shrink_wrap([[Run(f"{label}: ", "B", GREY), Run(value, "", colour)]], w - 4,
                         9.5, 9.5, 1.2)
    h = fitted.height(1.2, 0) + 2.2
    book.box(x, y, w, h, fill=BAND, radius=1.2)
    book.paragraphs(fitted, x + 2, y + 1.1, 1.2, 0)
    return y + h + 1.5


def _status_banner(book: Book, f: ForceView, x: float, y: float, w: float) -> float:
    if f.legal:
        book.box(x, y, w, 11, fill=GREEN_BG, line=GREEN, lw=0.4, radius=1.2)
        book.text(x + 4, y + 7.4, "LEGAL", "B", 13, GREEN)
        book.line_fit(x + 4 + width("LEGAL", "B", 13) + 4, y + 7.2, f.legal_note(),
                      w - 12 - width("LEGAL", "B", 13), "", 9.5, 7, INK)
        return y + 11
    paras: list[list[Run]] = []
    for problem in f.problems:
        paras.append([Run("\u2022 ", "B", RED), Run(problem.message, "B", INK)])
        paras.extend([[Run("\u00a0\u00a0\u00a0\u00a0\u2013 " + d.strip(), "", INK)]
                      for d in problem.details])
    # every problem is listed, however many: the banner carries on over pages
    size, leading, gap = 8.5, 1.25, 0.15
    lines, ends = wrap(paras, size, w - 8)
    step, para_gap = size * leading * PT, gap * size * PT
    done, first = 0, True
    while True:
        head = 11.0 if first else 3.0
        room = book.page_h - MARGIN - 4 - (y + head) - 3
        used, n = 0.0, 0
        while done + n < len(lines) and (used + step <= room or n == 0):
            used += step + (para_gap if done + n in ends else 0)
            n += 1
        h = head + used + 3
        book.box(x, y, w, h, fill=RED_BG, line=RED, lw=0.4, radius=1.2)
        if first:
            book.text(x + 4, y + 7.4, "NOT LEGAL", "B", 13, RED)
            count = len(f.problems)
            rest = w - 12 - width("NOT LEGAL", "B", 13)
            book.line_fit(x + 4 + width("NOT LEGAL", "B", 13) + 4, y + 7.2,
                          f"{count} problem{'s' if count > 1 else ''}; an opponent should "
                          "not accept this force as it stands", rest, "", 9.5, 6, INK)
        part = Fitted(size, lines[done:done + n],
                      frozenset(e - done for e in ends if done <= e < done + n), False)
        book.paragraphs(part, x + 4, y + head, leading, gap)
        done += n
        if done >= len(lines):
            return y + h
        y, first = _continued(book, f), False


def _continued(book: Book, f: ForceView) -> float:
    """A new page for the rest of the summary, named so a loose page is still known."""
    book.pdf.add_page()
    book.line_fit(MARGIN, MARGIN + 4, f"{f.name} \u2013 {f.roster_word}, continued",
                  book.page_w - 2 * MARGIN, "B", 10, 7, GREY)
    return MARGIN + 8


def _columns(f: ForceView, w: float) -> tuple[list[tuple[str, float, str]], list[float]]:
    cols = [("#", 8.0, "R"), (f.unit_word.title(), 0.0, "L"), ("Source", 46.0, "L"),
            ("Count", 14.0, "R")]
    if f.priced:
        cols += [(f.price_heading, 15.0, "R"), ("Subtotal", 18.0, "R")]
    cols.append(("Status", 20.0, "L"))
    fixed = sum(c[1] for c in cols)
    return cols, [c[1] or w - fixed for c in cols]


def _row_cells(f: ForceView, e: EntryView, widths: list[float], cols: list
               ) -> tuple[list[Fitted], float]:
    errors = len(e.card.errors)
    status = "legal" if e.card.legal else f"{errors} error{'s' if errors > 1 else ''}"
    cells = [str(e.number), e.shown_name, e.source, str(e.count)]
    if f.priced:
        cells += [str(e.points), str(e.subtotal)]
    cells.append(status)
    fitted = []
    for (title, _, _), cw, text in zip(cols, widths, cells, strict=True):
        small = title == "Source"
        name = title == f.unit_word.title()
        style = "B" if name or title == "Subtotal" else ""
        size = 7.5 if small else 9.0
        if name and e.note:  # the entry's note under its name, in full
            fitted.append(shrink_wrap([[Run(text, style, INK)], [Run(e.note, "I", GREY)]],
                                      cw - 3, size, 7, TIGHT))
            continue
        fitted.append(one_line(text, style, cw - 3, size, 6 if small else 7, TIGHT))
    height = max(6.2, max(c.height(TIGHT, 0) for c in fitted) + 2.2)
    return fitted, height


def _entry_table(book: Book, f: ForceView, x: float, y: float, w: float) -> float:
    cols, widths = _columns(f, w)
    head_h = 6.2
    bottom_limit = book.page_h - MARGIN - 4

    def header(top: float) -> float:
        book.box(x, top, w, head_h, fill=INK)
        cx = x
        for (title, _, align), cw in zip(cols, widths, strict=True):
            tx = cx + cw - 1.5 if align == "R" else cx + 1.5
            book.text(tx, top + 4.2, title, "B", 8, WHITE, align)
            cx += cw
        return top + head_h

    if y + 2 * head_h > bottom_limit:
        y = _continued(book, f)
    y = header(y)
    stripe = 0
    for name, facts, entries in f.sections():
        if name:
            text = " \u00b7 ".join(f"{fact.short} {fact.figure()}" for fact in facts)
            fitted = shrink_wrap([[Run(name, "B", INK)] + ([Run(f"   {text}", "", GREY)]
                                                           if text else [])],
                                 w - 3, 9.5, 9.5, 1.2)
            h = fitted.height(1.2, 0) + 2.4
            if y + h + head_h > bottom_limit:
                y = header(_continued(book, f))
            book.rule(x, y + h, x + w, y + h, INK, 0.3)
            book.paragraphs(fitted, x + 1.5, y + 1.2, 1.2, 0)
            y += h
        for e in entries:
            fitted_cells, h = _row_cells(f, e, widths, cols)
            if y + h > bottom_limit:
                y = header(_continued(book, f))
            if stripe % 2:
                book.box(x, y, w, h, fill=BAND)
            stripe += 1
            cx = x
            for j, ((title, _, align), cw, cell) in enumerate(zip(cols, widths, fitted_cells,
                                                                 strict=True)):
                last = j == len(cols) - 1
                colour = ((GREEN if e.card.legal else RED) if last else
                          GREY if title == "Source" else
                          None if title == f.unit_word.title() and e.note else INK)
                top = y + (h - cell.height(TIGHT, 0)) / 2
                book.lines(cell, cx + 1.5, top, cw - 3, TIGHT, colour, align)
                cx += cw
            y += h
    if y + head_h > bottom_limit:
        y = _continued(book, f)
    book.rule(x, y, x + w, y, INK, 0.4)
    count_x = x + sum(widths[:4])
    book.text(x + widths[0] + 1.5, y + 4.4, "Total", "B", 9, INK)
    book.text(count_x - 1.5, y + 4.4, str(f.unit_count), "B", 9, INK, "R")
    if f.priced:
        sub_x = x + sum(widths[:6])
        book.text(sub_x - 1.5, y + 4.4, str(f.total), "B", 9, RED if f.over else INK, "R")
        if f.cap is not None:
            book.text(x + w - 1.5, y + 4.4, f"of {f.cap}", "", 8, GREY, "R")
    return y + head_h


