"""A small preview of a unit's card: the system's neutral `Card` drawn as text (the
tags, each table with its short heads and labels, the stats, and the sections printed
on a card), with the name and points in the border. Every text of the card is the
user's (names of units, weapons, abilities) and is shown as written (`printable`)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Self

from rich.cells import cell_len
from textual.content import Content
from textual.geometry import Region

from designer.card import BOX, Card, Cell, Row, Section, Stat, Table, Tone
from designer.escaping import printable
from designer.systems import Assessment, GameSystem
from designer.tui.literal import literal
from designer.tui.widgets.lines import LineWidget

LABEL_STYLE = "bold $foreground-muted"
#: the preview's colour for a tag's tone (table cells stay plain)
TAG_STYLES: dict[Tone, str] = {"attack": "$error", "defence": "$primary",
                               "highlight": "$warning", "muted": "$foreground-muted"}

_last: tuple[Assessment, Card] | None = None


def card_of(game: GameSystem, assessment: Assessment) -> Card:
    """The card of `assessment`, made once however many widgets draw it."""
    global _last
    if _last is None or _last[0] is not assessment:
        _last = (assessment, game.card(assessment))
    return _last[1]


def cell_text(cell: Cell) -> str:
    """A cell as the preview prints it: a die count as its number, '–' for none."""
    if cell.kind == "dice":
        return str(cell.count) if cell.count > 0 else "–"
    return printable(cell.text)


def appended(text: str, sub: Cell) -> str:
    """A sub row's cell appended to the cell above: '2' and '+1 +2' make '2+1+2'; words
    are kept apart by a space."""
    words = printable(sub.plain).split()
    if not words:
        return text
    if text == "–":
        text = "0"
    if all(w[:1] in "+-" for w in words):
        return text + "".join(words)
    return f"{text} {' '.join(words)}"


MAX_CELL = 16  # a wider cell is cut with … (the printed card has the room)
PREVIEW_WIDTH = 34  # the preview's text width beside the tally


def table_lines(table: Table, width: int = PREVIEW_WIDTH) -> list[Content]:
    """Heads, then each row with the sub rows under it folded in. Each column is as wide
    as its widest cell; a table wider than `width` goes on in a second part below (its
    further columns under the same labels), so nothing wraps."""
    grouped: list[tuple[Row, list[Row]]] = []
    for row in table.rows:
        if row.sub and grouped:
            grouped[-1][1].append(row)
        else:
            grouped.append((row, []))
    rows: list[tuple[str, list[str]]] = []
    for row, subs in grouped:
        cells = []
        for i, cell in enumerate(row.cells):
            text = cell_text(cell)
            for sub in subs:
                if i < len(sub.cells):
                    text = appended(text, sub.cells[i])
            cells.append(text if len(text) <= MAX_CELL else text[:MAX_CELL - 1] + "…")
        rows.append((printable(row.short or row.label), cells))
    label_width = max([4] + [len(label) + 1 for label, _ in rows])
    count = max([len(table.heads)] + [len(cells) for _, cells in rows])
    widths = [max([len(table.heads[i]) + 1 if i < len(table.heads) else 1]
                  + [len(cells[i]) + 1 for _, cells in rows if i < len(cells)])
              for i in range(count)]
    parts: list[list[int]] = [[]]
    used = label_width
    for i, w in enumerate(widths):
        if parts[-1] and used + w > width + 1:  # the last column needs no trailing space
            parts.append([])
            used = label_width
        parts[-1].append(i)
        used += w
    lines: list[Content] = []
    for part in parts:
        heads = "".join((printable(table.heads[i]) if i < len(table.heads) else "")
                        .ljust(widths[i])
                        for i in part)
        lines.append(Content.styled((" " * label_width + heads).rstrip(), LABEL_STYLE))
        for label, cells in rows:
            text = "".join((cells[i] if i < len(cells) else "").ljust(widths[i]) for i in part)
            lines.append(Content.assemble((label.ljust(label_width), LABEL_STYLE),
                                          text.rstrip()))
    return lines


def stat_line(stat: Stat) -> Content:
    note = f"  {stat.note}" if stat.note else ""
    return Content.assemble((f"{printable(stat.short or stat.label)} ", LABEL_STYLE),
                            printable(f"{stat.value}{note}"))


def section_lines(section: Section) -> list[Content]:
    """A section printed on the card: a compact one as 'Gear: a, b' (nothing when
    empty), another as its entries joined by ' · '."""
    labels = [printable(entry.label) for entry in section.entries]
    if section.compact:
        if not labels:
            return []
        return [Content.assemble((f"{section.short or section.label}: ", LABEL_STYLE),
                                 ", ".join(labels))]
    return [Content(" · ".join(labels) if labels else f"(no {section.label.lower()})")]


def card_lines(card: Card, width: int = PREVIEW_WIDTH) -> list[Content]:
    """The card's body: the tags line, then its blocks in order, tables fitted to
    `width`."""
    tags = [literal(t.name + t.mark, style=TAG_STYLES.get(t.tone, "")) for t in card.tags]
    if card.legend and any(t.mark for t in card.tags):
        tags.append(literal(f"({card.legend})", style="$foreground-muted"))
    lines = [Content(" ").join(tags) if tags else Content("(no types)")]
    for block in card.blocks:
        if isinstance(block, Table):
            lines += table_lines(block, width)
        elif isinstance(block, Stat):
            lines.append(stat_line(block))
        elif block.on_card:
            lines += section_lines(block)
    return lines


_CHUNKS = re.compile(rf"{re.escape(BOX)}|[^ ]+| +")


def wrap_keeping_boxes(line: Content, width: int) -> list[Content]:
    """`line` wrapped at spaces to `width` cells, never inside a box to tick ('[ ]'); a
    word wider than the line is broken where it must be."""
    breaks: list[int] = []
    start = used = 0
    for chunk in _CHUNKS.finditer(line.plain):
        text = chunk.group()
        if text.isspace():
            used += len(text)
            continue
        if used + cell_len(text) > width and chunk.start() > start:
            start, used = chunk.start(), 0
            breaks.append(start)
        while used + cell_len(text) > width and len(text) > 1:  # wider than a whole line
            keep = max(1, width - used)
            breaks.append(chunk.start() + len(chunk.group()) - len(text) + keep)
            text, used = text[keep:], 0
        used += cell_len(text)
    return [piece.rstrip() for piece in line.divide(breaks)] if breaks else [line]


class CardPreview(LineWidget):
    """The card as it would print: name and points in the border. Out of view (a long
    tally pushes it below the screen's edge, a narrow screen hides it) it is not drawn
    at each keypress, only when it comes back into view."""

    card: Card | None = None
    _edge: bool | None = None  # while a border title is set: the top edge (True) or not
    _wrapped: dict[tuple[str, tuple[Any, ...], int], list[Content]] = {}

    def show(self, card: Card) -> None:
        if card is not self.card:
            self.card = card
            self.update_lines()

    def update_lines(self) -> bool:
        if not super().update_lines():
            return False
        if self.card is not None:
            card = self.card
            name = literal(card.title, 200)
            points = f"{card.points} pts" if card.points is not None else ""
            if self.border_title != name:
                with self._repainting_edge(top=True):
                    self.border_title = name
            if self.border_subtitle != points:
                with self._repainting_edge(top=False):
                    self.border_subtitle = points
        return True

    @contextmanager
    def _repainting_edge(self, *, top: bool) -> Iterator[None]:
        """A border title set meanwhile repaints its edge of the frame alone: Textual
        repaints the whole card for it (the points change at most keypresses)."""
        self._edge = top
        try:
            yield
        finally:
            self._edge = None

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Self:
        if self._edge is not None and not regions and not (layout or recompose):
            # in content coordinates: the line above the content, or the one below
            left, top = self.content_offset
            y = -top if self._edge else self.content_size.height + self.styles.padding.bottom
            regions = (Region(-left, y, self.outer_size.width, 1),)
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def lay_out(self, width: int) -> list[Content]:
        if self.card is None:
            return []
        lines: list[Content] = []
        wrapped: dict[tuple[str, tuple[Any, ...], int], list[Content]] = {}
        for line in card_lines(self.card, width):
            if line.cell_length <= width:
                lines.append(line)
                continue
            key = (line.plain, tuple(line.spans), width)
            found = self._wrapped.get(key)
            if found is None:
                found = wrap_keeping_boxes(line, width)
            wrapped[key] = found
            lines += found
        self._wrapped = wrapped  # the long lines of this card: most are the next one's
        return lines
