"""The force list as a PDF (`army_list`): the head across the page, then the entries in
two columns, each kept whole in a column, then every rule the force names, once, in the
same columns. One type scale: the entries' text at TEXT pt, their headings at HEAD pt.
Nothing is cut: a long name or value wraps."""

from __future__ import annotations

from collections.abc import Callable

from designer.export.army_list import ForceList, ListEntry, cell_text, force_list
from designer.export.card_text import GREY, INK, RED
from designer.export.document import ExportDoc
from designer.export.fit import PT, Colour, Fitted, Run, pdf_safe, width
from designer.export.flow import flow, one_line, shrink_wrap
from designer.export.glossary import Rule
from designer.export.layout import GREY as MUTED
from designer.export.layout import name_fit
from designer.export.pdf_book import BAND, RULE, Book
from designer.export.pdf_glossary import rule_paragraph
from designer.systems import Progress

MARGIN, GUTTER = 12.0, 6.0
TEXT, HEAD, LEADING, GAP = 6.5, 8.5, 1.2, 0.35
TIGHT = 1.12
GREEN: Colour = (24, 122, 52)

class Columns:
    """Two columns down the pages: `place(height)` gives where a block of that height
    goes, starting a column or a page when the one in use has no room."""

    def __init__(self, book: Book, top: float) -> None:
        self.book = book
        self.w = (book.page_w - 2 * MARGIN - GUTTER) / 2
        self.top, self.column, self.y = top, 0, top
        self.bottom = book.page_h - MARGIN

    @property
    def x(self) -> float:
        return MARGIN + self.column * (self.w + GUTTER)

    def room(self) -> float:
        return self.bottom - self.y

    def next_column(self) -> None:
        if self.column == 0:
            self.column, self.y = 1, self.top
        else:
            self.book.pdf.add_page()
            self.column, self.top, self.y = 0, MARGIN, MARGIN

    def place(self, height: float) -> tuple[float, float]:
        if height > self.room() and self.y > self.top + 0.1:
            self.next_column()
        x, y = self.x, self.y
        self.y += height
        return x, y


def draw_list_pdf(doc: ExportDoc, paper: str, progress: Progress | None = None) -> Book:
    """The force list of `doc` drawn into a new document."""
    data = force_list(doc)
    book = Book(paper, f"{data.title} \u2013 force list", doc.version)
    book.pdf.add_page()
    top = _head(book, data)
    cols = Columns(book, top)
    entries = [e for g in data.groups for e in g.entries]
    if progress is not None:
        progress(0, len(entries))
    done = 0
    for group in data.groups:
        if group.name:
            _group(book, cols, group.name, group.facts)
        for entry in group.entries:
            height, draw = _entry(book, entry, cols.w, data.shared)
            x, y = cols.place(height + 2.0)
            draw(x, y)
            done += 1
            if progress is not None:
                progress(done, len(entries))
    _rules(book, cols, list(data.rules), list(data.credits))
    return book


def _head(book: Book, data: ForceList) -> float:
    left, inner = MARGIN, book.page_w - 2 * MARGIN
    name = name_fit(data.title, inner, 9.0, 16, 11)
    book.title_block(name, left, MARGIN, 9.0)
    y = MARGIN + 9.0
    book.line_fit(left, y + 3.6, f"Force list \u00b7 {data.system}", inner, "", 8.5, 6,
                  MUTED)
    y += 5.0
    paras = []
    if data.figures:
        paras.append([Run(data.figures, "B", INK)])
    colour = GREEN if data.legal else RED
    paras.append([Run(data.status, "B", colour)])
    paras += [[Run(f"\u2022 {p}", "", INK)] for p in data.problems]
    fitted = shrink_wrap(paras, inner, 8.0, 8.0, LEADING, GAP)
    book.paragraphs(fitted, left, y, LEADING, GAP)
    y += fitted.height(LEADING, GAP) + 1.5
    book.rule(left, y, left + inner, y, INK, 0.4)
    return y + 2.5


def _group(book: Book, cols: Columns, name: str, facts: str) -> None:
    runs = [Run(name, "B", INK)] + ([Run(f"  {facts}", "", GREY)] if facts else [])
    fitted = shrink_wrap([runs], cols.w - 2, HEAD, HEAD, LEADING)
    h = fitted.height(LEADING, 0) + 2.0
    x, y = cols.place(h + 1.5)
    book.paragraphs(fitted, x + 1, y + 1.0, LEADING, 0)
    book.rule(x, y + h, x + cols.w, y + h, INK, 0.35)


def _entry(book: Book, e: ListEntry, w: float, shared: frozenset[tuple[str, str]]
           ) -> tuple[float, Callable[[float, float], None]]:
    """The entry's height and how to draw it at (x, y)."""
    parts: list[tuple[float, Callable[[float, float], None]]] = []
    points = pdf_safe(e.points_text)
    points_w = width(points, "B", HEAD) + 2.0 if points else 0.0
    heading = name_fit(e.heading, w - 3 - points_w, 20.0, HEAD, HEAD, HEAD, TIGHT)
    head_h = heading.height(TIGHT, 0) + 1.6

    def draw_head(x: float, y: float) -> None:
        book.box(x, y, w, head_h, fill=BAND)
        book.lines(heading, x + 1.2, y + 0.8, w - 3 - points_w, TIGHT, INK)
        if points:
            book.line_fit(x + w - 1.2, y + 0.8 + HEAD * PT * 0.9, points, points_w, "B",
                          HEAD, HEAD, INK, "R")

    parts.append((head_h + 0.8, draw_head))
    paragraphs: list[list[Run]] = []
    if e.keywords:
        paragraphs.append([Run(e.keywords, "I", GREY)])
    text = _text_part(book, paragraphs, w)
    if text:
        parts.append(text)
    for table in e.tables:
        parts.append(_table_part(book, table, w))
    text = _text_part(book, e.body(shared), w)
    if text:
        parts.append(text)
    height = sum(h for h, _ in parts)

    def draw(x: float, y: float) -> None:
        for h, part in parts:
            part(x, y)
            y += h

    return height, draw


def _text_part(book: Book, paragraphs: list[list[Run]], w: float
               ) -> tuple[float, Callable[[float, float], None]] | None:
    if not paragraphs:
        return None
    fitted = shrink_wrap(paragraphs, w - 1.0, TEXT, TEXT, LEADING, GAP)
    h = fitted.height(LEADING, GAP) + 1.0
    return h, lambda x, y: book.paragraphs(fitted, x + 0.5, y + 0.3, LEADING, GAP)


def _table_part(book: Book, table, w: float) -> tuple[float, Callable[[float, float], None]]:
    mains = [i for i, r in enumerate(table.rows) if not r.sub]
    columns = max(len(table.columns), 1)
    labels = [pdf_safe(table.rows[i].short or table.rows[i].label) for i in mains]
    label_w = min(w * 0.42, max([width(label, "B", TEXT) for label in labels] + [6.0]) + 1.5)
    col_w = (w - label_w) / columns
    heads = [one_line(h, "B", col_w - 0.8, TEXT, TEXT, TIGHT) for h in table.heads]
    head_h = max(f.height(TIGHT, 0) for f in heads) + 0.8 if heads else 0.0
    rows: list[tuple[Fitted, list[Fitted], float]] = []
    for i in mains:
        row = table.rows[i]
        label = one_line(row.short or row.label, "B", label_w - 1.0, TEXT, TEXT, TIGHT)
        cells = [one_line(cell_text(table, i, k), "", col_w - 0.8, TEXT, TEXT, TIGHT)
                 for k in range(columns)]
        h = max([label.height(TIGHT, 0)] + [c.height(TIGHT, 0) for c in cells]) + 0.8
        rows.append((label, cells, h))
    height = head_h + sum(h for _, _, h in rows) + 0.8

    def draw(x: float, y: float) -> None:
        book.rule(x, y + head_h, x + w, y + head_h, RULE, 0.2)
        for k, head in enumerate(heads):
            book.lines(head, x + label_w + col_w * k + 0.4, y + 0.4, col_w - 0.8, TIGHT, GREY,
                       "C")
        cy = y + head_h
        for label, cells, h in rows:
            book.lines(label, x + 0.5, cy + 0.4, label_w - 1.0, TIGHT, INK)
            for k, cell in enumerate(cells):
                book.lines(cell, x + label_w + col_w * k + 0.4, cy + 0.4, col_w - 0.8, TIGHT,
                           INK, "C")
            cy += h
            book.rule(x, cy, x + w, cy, RULE, 0.15)

    return height, draw


def _rules(book: Book, cols: Columns, rules: list[Rule], credits: list[str]) -> None:
    paragraphs = [rule_paragraph(r) for r in rules]
    paragraphs += [[Run(f"Rules: {c}", "I", GREY)] for c in credits]
    if not paragraphs:
        return
    heading = one_line("Rules", "B", cols.w, 11, 11, TIGHT)
    if cols.room() < 20:
        cols.next_column()
    x, y = cols.place(heading.height(TIGHT, 0) + 2.0)
    book.lines(heading, x, y + 0.5, cols.w, TIGHT, INK)
    book.rule(x, y + heading.height(TIGHT, 0) + 1.2, x + cols.w,
              y + heading.height(TIGHT, 0) + 1.2, INK, 0.35)
    rest = paragraphs
    while rest:
        fitted, rest = flow(rest, TEXT, cols.w, cols.room(), leading=LEADING, gap=GAP)
        if fitted.lines:
            x, y = cols.place(fitted.height(LEADING, GAP) + 1.0)
            book.paragraphs(fitted, x, y, LEADING, GAP)
        if rest:
            cols.next_column()
