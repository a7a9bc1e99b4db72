"""Fitting text into fixed boxes (a 63 × 88 mm card, a record-sheet cell).

The PDF draws with these measurements and the HTML picks its font sizes from them, so
both shrink and wrap the same text the same way. Widths are those of the fonts the PDF
embeds (`designer.export.fonts`): Arimo, whose widths are Helvetica's and Arial's, and
the CJK font for what Arimo lacks.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from designer.card import BOX
from designer.export.fonts import advances, is_invisible

PT = 25.4 / 72  # millimetres per point
_KEPT_BOX = BOX.replace(" ", "\u00a0")
ELLIPSIS = "\u2026"
Colour = tuple[int, int, int]
BLACK: Colour = (0, 0, 0)


@lru_cache(maxsize=8192)
def pdf_safe(text: str) -> str:
    """`text` as the PDF draws it: composed (NFC, so an accent typed as a combining mark
    draws as the accented letter), control characters (line breaks included) as spaces,
    since a card field is one run of text, and invisible format characters (zero-width
    joiners, bidi marks, variation selectors) left out; a lone surrogate (no character
    at all) becomes U+FFFD. Every other character is kept: one that no bundled font has
    is drawn as a replacement and reported."""
    out: list[str] = []
    for ch in unicodedata.normalize("NFC", text):
        kind = unicodedata.category(ch)
        if kind == "Cc" or ch in "\u2028\u2029":
            out.append(" ")
        elif kind == "Cs":
            out.append("\ufffd")
        elif not is_invisible(ch):
            out.append(ch)
    return "".join(out)


@lru_cache(maxsize=16384)
def units(text: str, style: str = "") -> int:
    """Width of `text` in thousandths of the font size (text must be pdf_safe)."""
    table = advances(style)
    return sum(table[ch] for ch in text)


def width(text: str, style: str, size: float) -> float:
    """Width in millimetres of pdf_safe `text` at `size` points."""
    return units(text, style) * size * PT / 1000


def fit_size(text: str, style: str, box: float, largest: float, smallest: float) -> float:
    """The largest size from `largest` down to `smallest` at which one line fits `box` mm."""
    w = units(text, style)
    if not w:
        return largest
    best = box * 1000 / (w * PT)
    return max(smallest, min(largest, int(best * 4) / 4))


def truncate(text: str, style: str, size: float, box: float) -> str:
    """`text` cut with an ellipsis so that it fits one line of `box` mm."""
    if width(text, style, size) <= box:
        return text
    return _cut(text, style, size, box) or ELLIPSIS


def _cut(text: str, style: str, size: float, box: float) -> str | None:
    """The longest start of `text` that fits `box` mm with an ellipsis after it."""
    limit = box * 1000 / (size * PT) - units(ELLIPSIS, style)
    total = 0
    end = len(text)
    for i, ch in enumerate(text):
        total += units(ch, style)
        if total > limit:
            end = i
            break
    head = text[:end].rstrip()
    return head + ELLIPSIS if head else None


@dataclass(frozen=True, slots=True)
class Run:
    """A stretch of text in one style and colour; runs of a paragraph join without a
    space unless the text holds one."""

    text: str
    style: str = ""
    colour: Colour = BLACK


@dataclass(frozen=True, slots=True)
class Piece:
    x: float  # millimetres from the box's left edge
    text: str
    style: str
    colour: Colour


Line = list[Piece]
Word = list[tuple[str, str, Colour]]


@dataclass(frozen=True, slots=True)
class Fitted:
    size: float
    lines: list[Line]
    paragraph_ends: frozenset[int]  # indexes of lines that end a paragraph
    truncated: bool

    def height(self, leading: float, gap: float) -> float:
        return _height(len(self.lines), len(self.paragraph_ends), self.size, leading, gap)


def _height(lines: int, paragraphs: int, size: float, leading: float, gap: float) -> float:
    return lines * size * leading * PT + max(paragraphs - 1, 0) * gap * size * PT


# Chinese, Japanese and Korean: a line may break before or after any of these characters
# (where a closing mark does not follow, nor an opening mark come before), space or not
_WIDE = re.compile(r"[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff"
                   r"\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\U00020000-\U0003fffd]")
_NO_START = frozenset("、。，．・：；？！ー）」』】〕〉》〟’”々〻ゝゞヽヾぁぃぅぇぉっゃゅょゎ"
                      "ァィゥェォッャュョヮヵヶ)]},.:;?!%\u2026")
_NO_END = frozenset("（「『【〔〈《〝‘“([{")


def _breaks(before: str, ch: str) -> bool:
    """Whether a line may break between `before` and `ch`, which no space parts."""
    return (bool(before) and bool(_WIDE.match(before) or _WIDE.match(ch))
            and ch not in _NO_START and before not in _NO_END)


def segments(part: str, before: str = "") -> list[tuple[str, bool]]:
    """A stretch of text without spaces cut where a line may still break: (text, whether
    a break may come before it); `before` is the character just before the stretch."""
    if not (_WIDE.search(part) or (before and _WIDE.match(before))):
        return [(part, False)]
    cuts = [i for i in range(len(part)) if _breaks(part[i - 1] if i else before, part[i])]
    starts = [0, *(i for i in cuts if i)]
    ends = [*starts[1:], len(part)]
    return [(part[a:b], a in cuts) for a, b in zip(starts, ends, strict=True)]


def _words(paragraph: Sequence[Run]) -> list[tuple[Word, bool]]:
    """Words of a paragraph, each with whether a space comes before it (a line of
    Chinese or Japanese breaks between characters without one); a word may hold pieces of
    several runs (e.g. 'Stealth 2:')."""
    words: list[tuple[Word, bool]] = []
    glue = False
    before = ""
    for run in paragraph:
        text = pdf_safe(run.text).replace(BOX, _KEPT_BOX)  # a box never breaks inside
        parts = text.split(" ")
        for i, part in enumerate(parts):
            if i > 0:
                glue, before = False, ""
            if not part:
                continue
            for segment, breaks in segments(part, before):
                if glue and words and not breaks:
                    words[-1][0].append((segment, run.style, run.colour))
                else:
                    words.append(([(segment, run.style, run.colour)], not glue))
                glue = True
            before = part[-1]
        if text.endswith(" "):
            glue, before = False, ""
    return words


def _split_long(word: Word, limit: int) -> list[Word]:
    """A word wider than the line broken into pieces that fit."""
    chunks: list[Word] = []
    current: Word = []
    total = 0
    for text, style, colour in word:
        start = 0
        for i, ch in enumerate(text):
            w = units(ch, style)
            if total + w > limit and (current or i > start):
                if i > start:
                    current.append((text[start:i], style, colour))
                chunks.append(current)
                current, total, start = [], 0, i
            total += w
        if start < len(text):
            current.append((text[start:], style, colour))
    if current:
        chunks.append(current)
    return chunks


Measured = list[list[tuple[Word, int, int]]]  # per paragraph: word, width, space before


def measure(paragraphs: Sequence[Sequence[Run]]) -> Measured:
    """Words with their widths (in thousandths of the font size): measured once, then
    wrapped at as many sizes as fitting tries."""
    return [[(word, sum(units(t, s) for t, s, _ in word),
              units(" ", word[0][1]) if spaced else 0)
             for word, spaced in _words(paragraph)] for paragraph in paragraphs]


def natural_size(paragraph: Sequence[Run], box: float) -> float:
    """The largest size (in 0.25 pt steps) at which a paragraph fits `box` mm on one line;
    infinite for one with no width."""
    (words,) = measure([paragraph])
    used = sum(w + (space if i else 0) for i, (_, w, space) in enumerate(words))
    return int(box * 1000 / (used * PT) * 4) / 4 if used else float("inf")


def wrap(paragraphs: list[list[Run]], size: float, box: float) -> tuple[list[Line], set[int]]:
    """Lines of the paragraphs at `size` points in a `box` mm wide column."""
    lines, ends, _ = _wrap(measure(paragraphs), size, box, build=True)
    return lines, ends


def count_lines(measured: Measured, size: float, box: float) -> int:
    """How many lines the measured paragraphs take at `size` in a `box` mm column."""
    return _wrap(measured, size, box, build=False)[2]


def _wrap(measured: Measured, size: float, box: float,
          build: bool) -> tuple[list[Line], set[int], int]:
    """Greedy line breaking; with build=False only the number of lines is worked out."""
    scale = size * PT / 1000
    limit = int(box / scale)
    lines: list[Line] = []
    ends: set[int] = set()
    count = 0
    for paragraph in measured:
        line: list[tuple[int, Word]] = []
        used = 0
        started = False
        for word, w, space_w in paragraph:
            pieces: tuple[tuple[Word, int, int], ...]
            if w <= limit:
                pieces = ((word, w, space_w),)
            else:
                pieces = tuple((piece, sum(units(t, s) for t, s, _ in piece),
                                space_w if k == 0 else 0)
                               for k, piece in enumerate(_split_long(word, limit)))
            for piece, pw, sw in pieces:
                space = sw if started else 0
                if started and used + space + pw > limit:
                    count += 1
                    if build:
                        lines.append(_place(line, scale))
                        line = []
                    used, space = 0, 0
                if build:
                    line.append((used + space, piece))
                used += space + pw
                started = True
        count += 1
        if build:
            lines.append(_place(line, scale))
            ends.add(len(lines) - 1)
    return lines, ends, count


def _place(line: list[tuple[int, Word]], scale: float) -> Line:
    """Pieces with positions, merging neighbours of one style and colour into one draw."""
    out: Line = []
    for start, word in line:
        x = start
        for i, (text, style, colour) in enumerate(word):
            joiner = None
            if out and out[-1].style == style and out[-1].colour == colour:
                joiner = "" if i > 0 else _joiner(out[-1], start, scale)
            if joiner is not None:
                last = out[-1]
                out[-1] = Piece(last.x, last.text + joiner + text, style, colour)
            else:
                out.append(Piece(x * scale, text, style, colour))
            x += units(text, style)
    return out


def _joiner(piece: Piece, start: int, scale: float) -> str | None:
    """What joins `piece` to a word at `start` when they merge into one draw: a space
    when just one parts them, nothing when the word follows at once (a break between
    CJK characters); None when they lie further apart."""
    end = piece.x / scale + units(piece.text, piece.style)
    if abs(end + units(" ", piece.style) - start) < 1:
        return " "
    return "" if abs(end - start) < 1 else None


def fit(paragraphs: list[list[Run]], box_w: float, box_h: float, *, largest: float,
        smallest: float, leading: float = 1.2, gap: float = 0.35) -> Fitted:
    """The largest size (in 0.25 pt steps) at which the paragraphs fit the box; at the
    smallest size what still does not fit is cut and the last line ends with an ellipsis.
    `gap` is the space between paragraphs as a fraction of the font size.

    The same text in the same box fits the same way, so a fit is worked out once: a
    card's text is measured for its layout and again to be drawn, and the units of a
    force share abilities, rules and their wording. The result is shared: read it only."""
    return _fit(tuple(map(tuple, paragraphs)), box_w, box_h, largest, smallest, leading, gap)


@lru_cache(maxsize=4096)
def _fit(paragraphs: tuple[tuple[Run, ...], ...], box_w: float, box_h: float,
         largest: float, smallest: float, leading: float, gap: float) -> Fitted:
    steps = [largest - 0.25 * i for i in range(int((largest - smallest) / 0.25) + 1)]
    measured = measure(paragraphs)
    paras = len(measured)
    lo, hi = 0, len(steps) - 1
    best: float | None = None
    while lo <= hi:  # the height only grows as the size does, so search by halves
        mid = (lo + hi) // 2
        _, _, count = _wrap(measured, steps[mid], box_w, build=False)
        if _height(count, paras, steps[mid], leading, gap) <= box_h + 1e-6:
            best = steps[mid]
            hi = mid - 1
        else:
            lo = mid + 1
    if best is not None:
        lines, ends, _ = _wrap(measured, best, box_w, build=True)
        return Fitted(best, lines, frozenset(ends), False)
    size = steps[-1]
    lines, ends, _ = _wrap(measured, size, box_w, build=True)
    kept: list[Line] = []
    kept_ends: set[int] = set()
    for i, line in enumerate(lines):
        paragraphs_so_far = len(kept_ends) + 1
        if _height(len(kept) + 1, paragraphs_so_far, size, leading, gap) > box_h + 1e-6:
            break
        kept.append(line)
        if i in ends:
            kept_ends.add(len(kept) - 1)
    if kept:
        kept[-1] = _with_ellipsis(kept[-1], size, box_w)
        kept_ends.discard(len(kept) - 1)
        kept_ends.add(len(kept) - 1)
    return Fitted(size, kept, frozenset(kept_ends), True)


def _with_ellipsis(line: Line, size: float, box: float) -> Line:
    """The line ending in an ellipsis, cut further where the ellipsis needs the room."""
    pieces = list(line)
    while pieces:
        last = pieces[-1]
        cut = _cut(last.text, last.style, size, box - last.x)
        if cut is not None:
            pieces[-1] = Piece(last.x, cut, last.style, last.colour)
            return pieces
        pieces.pop()
    return [Piece(0, ELLIPSIS, "", BLACK)]
