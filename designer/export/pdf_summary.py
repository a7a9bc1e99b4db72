"""The force summary page of a roster's PDF: the figures in boxes (budget, total, what
remains, units and the system's facts), whether the force is legal (every problem
listed, over as many pages as it takes), and the entries with counts and points."""

from __future__ import annotations

from designer.export.document import ForceView
from designer.export.fit import PT, Colour, Fitted, Run, pdf_safe, width, wrap
from designer.export.layout import GREY, INK, RED
from designer.export.pdf_book import BAND, WHITE, Book

GREEN: Colour = (24, 122, 52)
GREEN_BG: Colour = (229, 245, 233)
RED_BG: Colour = (252, 232, 232)
MARGIN = 15.0


def draw_summary(book: Book, f: ForceView) -> None:
    pdf = book.pdf
    pdf.add_page()
    left, inner = MARGIN, book.page_w - 2 * MARGIN
    book.title_block(f.name, left, MARGIN, inner, 12, 22, 13)
    book.text(left, MARGIN + 16, pdf_safe(f"Force roster \u00b7 {f.system_title}"), "",
              9.5, GREY)
    y = MARGIN + 21
    stats = [(label, value, RED if bad else INK) for label, value, bad in f.figures()]
    gap, across = 2.5, max(len(stats), 6)  # six to a row at most wide; more share it
    bw = (inner - gap * (across - 1)) / across
    for i, (label, value, colour) in enumerate(stats):
        bx = left + i * (bw + gap)
        book.box(bx, y, bw, 17, fill=BAND, radius=1.2)
        book.line_fit(bx + bw / 2, y + 4.6, label, bw - 2, "B", 6.2, 4.5, GREY, "C")
        book.line_fit(bx + bw / 2, y + 13.2, value, bw - 2, "B", 17, 8, colour, "C")
    y += 22
    y = _status_banner(book, f, left, y, inner)
    _entry_table(book, f, left, y + 5, inner)
    points = ("Points are each unit's tally of its final values. " if f.priced else "")
    note = f"{points}Cards and record sheets follow. designer {book.version}"
    book.line_fit(left, book.page_h - MARGIN + 6, note, inner, "", 6.5, 5, GREY)


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
            book.text(x + 4 + width("NOT LEGAL", "B", 13) + 4, y + 7.2,
                      f"{count} problem{'s' if count > 1 else ''}; an opponent should not "
                      "accept this force as it stands", "", 9.5, INK)
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
    book.line_fit(MARGIN, MARGIN + 4, f"{f.name} \u2013 force roster, continued",
                  book.page_w - 2 * MARGIN, "B", 10, 7, GREY)
    return MARGIN + 8


def _entry_table(book: Book, f: ForceView, x: float, y: float, w: float) -> float:
    cols = [("#", 8.0, "R"), ("Unit", 0.0, "L"), ("Source", 46.0, "L"),
            ("Count", 14.0, "R")]
    if f.priced:
        cols += [("Points", 15.0, "R"), ("Subtotal", 18.0, "R")]
    cols.append(("Status", 20.0, "L"))
    fixed = sum(c[1] for c in cols)
    widths = [c[1] or w - fixed for c in cols]
    row_h = 6.2
    bottom_limit = book.page_h - MARGIN - 4

    def header(top: float) -> float:
        book.box(x, top, w, row_h, fill=INK)
        cx = x
        for (title, _, align), cw in zip(cols, widths, strict=True):
            tx = cx + cw - 1.5 if align == "R" else cx + 1.5
            book.text(tx, top + 4.2, title, "B", 8, WHITE, align)
            cx += cw
        return top + row_h

    if y + 2 * row_h > bottom_limit:
        y = _continued(book, f)
    y = header(y)
    for i, e in enumerate(f.entries):
        if y + row_h > bottom_limit:
            y = header(_continued(book, f))
        if i % 2:
            book.box(x, y, w, row_h, fill=BAND)
        errors = len(e.card.errors)
        status = ("legal", GREEN) if e.card.legal else (
            f"{errors} error{'s' if errors > 1 else ''}", RED)
        cells = [str(e.number), e.name, e.source, str(e.count)]
        if f.priced:
            cells += [str(e.points), str(e.subtotal)]
        cells.append(status[0])
        cx = x
        last = len(cols) - 1
        for j, ((title, _, align), cw, text) in enumerate(zip(cols, widths, cells,
                                                              strict=True)):
            style = "B" if title in ("Unit", "Subtotal") else ""
            colour = status[1] if j == last else (GREY if title == "Source" else INK)
            tx = cx + cw - 1.5 if align == "R" else cx + 1.5
            small = title == "Source"
            book.line_fit(tx, y + 4.3, text, cw - 3, style, 7.5 if small else 9,
                          6 if small else 7, colour, align)
            cx += cw
        y += row_h
    if y + row_h > bottom_limit:
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
    return y + row_h
