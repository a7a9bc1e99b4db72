"""Text that is never cut: a name shrinks to a floor size and then wraps (`shrink_wrap`),
and a box of running text at a fixed size takes the lines that fit and hands the rest on
(`flow`), to be printed elsewhere (a card's back, the rules page)."""

from __future__ import annotations

from designer.card import BOX
from designer.export.fit import PT, Fitted, Line, Piece, Run, count_lines, measure, width, wrap


def shrink_wrap(paragraphs: list[list[Run]], box_w: float, largest: float, smallest: float,
                leading: float = 1.15, gap: float = 0.0) -> Fitted:
    """Each paragraph on one line at the largest size (in 0.25 pt steps) from `largest`
    down to `smallest` at which all fit `box_w` mm; when none does, wrapped at
    `smallest`, every word kept. Its height is what it takes (`Fitted.height`)."""
    smallest = min(smallest, largest)
    measured = measure(paragraphs)
    steps = [largest - 0.25 * i for i in range(int((largest - smallest) / 0.25) + 1)]
    lo, hi, best = 0, len(steps) - 1, None
    while lo <= hi:  # lines only grow as the size does
        mid = (lo + hi) // 2
        if count_lines(measured, steps[mid], box_w) <= len(measured):
            best, hi = steps[mid], mid - 1
        else:
            lo = mid + 1
    size = steps[-1] if best is None else best
    lines, ends = wrap(paragraphs, size, box_w)
    return Fitted(size, lines, frozenset(ends), False)


def one_line(text: str, style: str, box_w: float, largest: float, smallest: float,
             leading: float = 1.15) -> Fitted:
    """`shrink_wrap` of one run of text."""
    return shrink_wrap([[Run(text, style)]], box_w, largest, smallest, leading)


def line_height(size: float, leading: float) -> float:
    return size * leading * PT


def flow(paragraphs: list[list[Run]], size: float, box_w: float, box_h: float, *,
         leading: float, gap: float) -> tuple[Fitted, list[list[Run]]]:
    """The lines of the paragraphs at `size` that fit `box_h` mm, and the rest as
    paragraphs (one cut short carries on as a paragraph of its own)."""
    lines, ends = wrap(paragraphs, size, box_w)
    step, para_gap = line_height(size, leading), gap * size * PT
    used, kept = 0.0, 0
    for i in range(len(lines)):
        need = step + (para_gap if kept and (i - 1) in ends else 0.0)
        if used + need > box_h + 1e-6:
            break
        used += need
        kept = i + 1
    fitted = Fitted(size, lines[:kept], frozenset(e for e in ends if e < kept), False)
    rest: list[list[Run]] = []
    current: list[Run] = []
    for i in range(kept, len(lines)):
        if current:
            current.append(Run(" "))
        current += _runs(lines[i], size)
        if i in ends:
            rest.append(current)
            current = []
    if current:
        rest.append(current)
    return fitted, rest


def _runs(line: Line, size: float) -> list[Run]:
    """A drawn line back as runs, with the spaces between its pieces."""
    out: list[Run] = []
    end = None
    for piece in line:
        if end is not None and piece.x > end + 0.05:
            out.append(Run(" ", piece.style, piece.colour))
        out.append(Run(piece.text.replace(BOX.replace(" ", "\u00a0"), BOX), piece.style,
                       piece.colour))
        end = piece.x + width(piece.text, piece.style, size)
    return out


def flow_keeping(paragraphs: list[list[Run]], movable: list[bool], size: float,
                 box_w: float, box_h: float, *, leading: float, gap: float, note: Run
                 ) -> tuple[Fitted, list[list[Run]]]:
    """The paragraphs in `box_h` mm at `size`: all of them when they fit; else the
    movable ones move out, the last first, until the rest fits with a last line `note`
    (saying where they went). Only when that is not enough are lines cut off the end."""
    fitted, rest = flow(paragraphs, size, box_w, box_h, leading=leading, gap=gap)
    if not rest:
        return fitted, []
    room = box_h - line_height(size, leading) - gap * size * PT
    kept = list(range(len(paragraphs)))
    moved: list[int] = []
    for i in reversed(range(len(paragraphs))):
        if not movable[i]:
            continue
        kept.remove(i)
        moved.insert(0, i)
        fitted, rest = flow([paragraphs[k] for k in kept], size, box_w, room, leading=leading,
                            gap=gap)
        if not rest:
            break
    out = [paragraphs[k] for k in moved]
    if rest:  # even the paragraphs that stay do not fit: cut lines off the end
        fitted, rest = flow([paragraphs[k] for k in kept], size, box_w, room,
                            leading=leading, gap=gap)
        out = rest + out
    lines = [*fitted.lines, [Piece(0.0, note.text, note.style, note.colour)]]
    return Fitted(size, lines, fitted.paragraph_ends | {len(lines) - 1}, False), out
