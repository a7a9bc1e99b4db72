"""The fonts the PDF embeds, shipped inside designer (`designer/fonts/`, each beside its
licence text; the README says where each file came from): nothing is read from the
system's fonts and nothing is fetched.

- Arimo 1.341 (SIL Open Font License 1.1) for Latin, Greek, Cyrillic and Vietnamese
  text, in regular, bold, italic and bold italic. Its widths are those of Helvetica and
  Arial, so a card laid out with it is the card the core font gave. It comes as one
  variable font per slant; HarfBuzz (`uharfbuzz`) pins it to a static regular (400) and
  bold (700) once per process, in milliseconds.
- WenQuanYi Micro Hei 0.2.0-beta (Apache License 2.0) for Chinese, Japanese and Korean,
  in every style: bold is drawn by stroking the outline as well as filling it, italic
  stays upright. It is added to a document only when its text needs it.

A character neither font has is drawn as REPLACEMENT (U+FFFD) with the width of that
glyph, and the PDF export reports it. fpdf2 embeds only the glyphs a document uses.
"""

from __future__ import annotations

import atexit
import io
import shutil
import struct
import tempfile
import threading
import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import Protocol

#: the four styles fpdf2 knows, as the layout names them
STYLES = ("", "B", "I", "BI")
#: the fpdf2 family names of the two fonts
LATIN, CJK = "arimo", "wqymicrohei"
REPLACEMENT = "\ufffd"
#: the stroke that makes the CJK font's regular weight bold, as a fraction of the size
FAUX_BOLD = 0.035

# style -> (the variable font's file in designer/fonts, weight, style name)
_ARIMO = {"": ("Arimo[wght].ttf", 400, "Regular"), "B": ("Arimo[wght].ttf", 700, "Bold"),
          "I": ("Arimo-Italic[wght].ttf", 400, "Italic"),
          "BI": ("Arimo-Italic[wght].ttf", 700, "Bold Italic")}
# tables fpdf2 drops from what it embeds anyway (it does not shape text)
_UNUSED_TABLES = ("GSUB", "GPOS", "GDEF", "STAT")
_CJK_FILE, _CJK_FACE = "wqy-microhei.ttc", 0

_lock = threading.Lock()


class FontsMissing(FileNotFoundError):
    """A font file designer ships is not where the install put it."""


def font_file(name: str) -> Path:
    """One of the font files shipped in `designer/fonts/`."""
    path = Path(str(resources.files("designer").joinpath("fonts", name)))
    if not path.is_file():
        raise FontsMissing(f"designer's font file {name} is missing from {path.parent}; "
                           "reinstall skirmish-designer")
    return path


@cache
def _latin_bytes(style: str) -> bytes:
    """A static instance of Arimo in `style`, named as that style (fpdf2 names each
    embedded font after its full name)."""
    import uharfbuzz as hb
    from fontTools.ttLib import TTFont

    fname, weight, style_name = _ARIMO[style]
    face = hb.Face(hb.Blob(font_file(fname).read_bytes()))
    wanted = hb.SubsetInput()
    wanted.keep_everything()
    for tag in _UNUSED_TABLES:
        wanted.drop_table_tag_set.add(struct.unpack(">I", tag.encode("ascii"))[0])
    wanted.pin_axis_location(face, "wght", weight)
    font = TTFont(io.BytesIO(hb.subset(face, wanted).blob.data), lazy=True,
                  recalcTimestamp=False)
    names = font["name"]
    for name_id, value in ((1, "Arimo"), (2, style_name), (4, f"Arimo {style_name}"),
                           (6, f"Arimo-{style_name.replace(' ', '')}")):
        names.setName(value, name_id, 3, 1, 0x409)
    names.removeNames(nameID=16)
    names.removeNames(nameID=17)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


@cache
def _font_dir() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="designer-fonts-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def latin_file(style: str) -> Path:
    """Arimo in `style` as a file for fpdf2 (which reads fonts from files): written once
    per process to a private temporary folder, removed when the process ends."""
    with _lock:
        path = _font_dir() / f"Arimo-{_ARIMO[style][2].replace(' ', '')}.ttf"
        if not path.is_file():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(_latin_bytes(style))
    return path


def cjk_file() -> tuple[Path, int]:
    """The CJK font's file and its face number in the collection."""
    return font_file(_CJK_FILE), _CJK_FACE


# --- metrics -------------------------------------------------------------------------


class _Metrics(Protocol):
    """What is read of a HarfBuzz font (`uharfbuzz.Font`, which ships no types)."""

    def get_glyph_h_advance(self, glyph: int) -> int: ...

    def get_nominal_glyph(self, codepoint: int) -> int | None: ...


def _scaled(font: _Metrics, glyph: int, scale: float) -> int:
    """A glyph's advance width in thousandths of the size, rounded as fpdf2 rounds the
    widths it writes into the PDF."""
    return round(scale * font.get_glyph_h_advance(glyph) + 0.001)


@cache
def latin_advances(style: str) -> dict[str, int]:
    """Arimo's widths in `style`: char -> thousandths of the size."""
    import uharfbuzz as hb

    face = hb.Face(hb.Blob(_latin_bytes(style)))
    font, scale = hb.Font(face), 1000 / face.upem
    out: dict[str, int] = {}
    for code in face.unicodes:
        glyph = font.get_nominal_glyph(code)
        if glyph is not None:
            out[chr(code)] = _scaled(font, glyph, scale)
    return out


@cache
def _cjk_font() -> tuple[_Metrics, float]:
    import uharfbuzz as hb

    path, number = cjk_file()
    face = hb.Face(hb.Blob.from_file_path(str(path)), number)
    return hb.Font(face), 1000 / face.upem


@lru_cache(maxsize=65536)
def cjk_advance(ch: str) -> int | None:
    """The CJK font's width of `ch`, or None if it has no glyph for it (looked up one
    character at a time: the font maps 34,000 of them)."""
    font, scale = _cjk_font()
    glyph = font.get_nominal_glyph(ord(ch))
    return None if glyph is None else _scaled(font, glyph, scale)


class Advances(dict[str, int]):
    """Widths of one style: Arimo's, then the CJK font's for what Arimo lacks, then the
    replacement's for what neither has. Filled as characters are met."""

    def __init__(self, style: str) -> None:
        super().__init__(latin_advances(style))
        self.style = style

    def __missing__(self, ch: str) -> int:
        w = cjk_advance(ch)
        if w is None:
            w = self[REPLACEMENT]
        self[ch] = w
        return w


@cache
def advances(style: str) -> Advances:
    return Advances(style)


# --- which font draws what -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Run:
    """A stretch of text one font draws: LATIN or CJK."""

    font: str
    text: str
    units: int  # its width in thousandths of the size


@dataclass(frozen=True, slots=True)
class Split:
    runs: tuple[Run, ...]
    missing: frozenset[str]  # characters no bundled font has, drawn as REPLACEMENT


@lru_cache(maxsize=16384)
def split(text: str, style: str) -> Split:
    """`text` (as `pdf_safe` leaves it) in runs of one font each."""
    latin = latin_advances(style)
    runs: list[Run] = []
    missing: set[str] = set()
    drawn: list[str] = []
    font, units = LATIN, 0
    for ch in text:
        if ch in latin:
            this, w = LATIN, latin[ch]
        elif (cjk := cjk_advance(ch)) is not None:
            this, w = CJK, cjk
        else:
            missing.add(ch)
            this, ch, w = LATIN, REPLACEMENT, latin[REPLACEMENT]
        if this != font and drawn:
            runs.append(Run(font, "".join(drawn), units))
            drawn, units = [], 0
        font = this
        drawn.append(ch)
        units += w
    if drawn:
        runs.append(Run(font, "".join(drawn), units))
    return Split(tuple(runs), frozenset(missing))


def is_invisible(ch: str) -> bool:
    """A format character (a zero-width joiner, a bidi mark, a soft hyphen...) or a
    variation selector: nothing to draw, so `pdf_safe` leaves it out."""
    return (unicodedata.category(ch) == "Cf"
            or "\ufe00" <= ch <= "\ufe0f" or "\U000e0100" <= ch <= "\U000e01ef")


def codepoints(chars: tuple[str, ...] | frozenset[str] | set[str]) -> str:
    """'U+E000, U+1F600': characters as code points, in order."""
    return ", ".join(f"U+{ord(ch):04X}" for ch in sorted(chars))
