"""Text written straight into fpdf2's page contents, with the bytes fpdf2's `text()`
writes for it.

A deck of a thousand cards draws some 150,000 lines of text, and nearly all of them
again: a card's labels sit at the same places on every page, and the units of a force
share their wording. So each line (its place, text, style, size, colour and alignment) is
worked out once per document: its runs of one font each, their glyph codes and the bytes
that draw them. What is left for every line is what fpdf2's font state would do: the
font and size written once after a change of either or a new page, and a text colour
that differs from the fill colour set inside its own `q ... Q`. This module keeps that
state itself rather than going through `set_font` and `set_text_color` for every line;
a line it cannot write this way (bold CJK text, stroked as well as filled) goes through
fpdf2's own `text()`, with fpdf2's state brought up to date first.

tests/test_fast_paths.py checks that both ways write the same bytes. That holds for the
fpdf2 releases it was run on (TESTED_FPDF2); with any other fpdf2 every line and shape goes
through fpdf2's own calls: slower, never wrong.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from fpdf import FPDF, FPDF_VERSION
from fpdf.drawing_primitives import convert_to_device_color
from fpdf.enums import PDFResourceType, TextMode
from fpdf.util import FloatTolerance

from designer.export.fit import PT, Colour
from designer.export.fonts import CJK, FAUX_BOLD, LATIN, cjk_file, latin_file, split

if TYPE_CHECKING:
    from fpdf.drawing_primitives import DeviceCMYK, DeviceGray, DeviceRGB

    #: a colour as fpdf2 holds it
    Device = DeviceGray | DeviceRGB | DeviceCMYK

#: fpdf2's state a plain line of text depends on; anything else goes through fpdf2
_PLAIN_TEXT_STATE = ("current_font", "current_font_is_set_on_page", "text_mode",
                     "underline", "strikethrough", "_record_text_quad_points", "fill_color",
                     "text_color", "font_size_pt", "fonts", "k", "h", "_resource_catalog",
                     "pages", "page")
_TOLERANCE = FloatTolerance.TOLERANCE  # sizes closer than this are one size to fpdf2
#: the fpdf2 series whose page state tests/test_fast_paths.py proves the writer keeps
TESTED_FPDF2 = ("2.8",)


def fast_path_covered(version: str = FPDF_VERSION) -> bool:
    """Whether the writer may keep fpdf2's page state itself with this fpdf2 release."""
    return ".".join(version.split(".")[:2]) in TESTED_FPDF2


@dataclass(frozen=True, slots=True)
class Placed:
    """One run of a line, ready to write: its font (fpdf2's key) and size, its colour
    (as fpdf2 compares it with the fill colour), and the bytes that draw it, bare and
    inside `q <colour> ... Q`. `text` and `x` are kept for a run fpdf2 draws itself."""

    family: str
    style: str
    fontkey: str
    font: int  # fpdf2's number of the font
    size: float
    colour: Colour
    device: Device
    bare: bytes
    wrapped: bytes
    x: float
    text: str
    stroked: bool  # bold CJK: fpdf2's own text(), stroked as well as filled


class TextWriter:
    """What one fpdf2 document draws most: text (fonts added on first use, lines written
    with the font state kept here), colours made once, and shapes copied once drawn."""

    def __init__(self, pdf: FPDF) -> None:
        self.pdf = pdf
        #: characters drawn as a replacement because no bundled font has them
        self.missing: set[str] = set()
        #: whether lines are written with the font state kept here (else through fpdf2)
        self.plain = fast_path_covered() and all(hasattr(pdf, name)
                                                  for name in _PLAIN_TEXT_STATE)
        self._added: set[str] = set()  # fonts in the document: a style's first use adds it
        self._lines: dict[tuple[float, float, str, str, float, Colour, str],
                          tuple[Placed, ...]] = {}
        self._encoded: dict[tuple[int, str], str] = {}  # glyph codes of (font, string)
        self._devices: dict[Colour, tuple[Device, str]] = {}  # colour -> fpdf2's, rg
        self._selects: dict[tuple[int, float], bytes] = {}  # (font, size) -> its Tf
        self._drawn: dict[tuple[object, ...], bytes] = {}  # shapes: what fpdf2 wrote
        # the font state as fpdf2 would hold it: font, size (fpdf2 keeps the old size
        # for one within its tolerance), and whether this page has had them written
        self._fontkey = ""
        self._size = 0.0
        self._on_page = False
        self._page = 0
        self._page_fonts: set[int] = set()  # fonts this page names among its resources
        self._contents = bytearray()  # the page's content stream
        # the fill colour last seen, and which text colours equal it
        self._fill: object = None
        self._same_as_fill: dict[Colour, bool] = {}

    def add_font(self, family: str, style: str) -> str:
        """The font's fpdf2 key, added to the document on its first use (so none that is
        unused is embedded)."""
        key = family + "".join(sorted(style.upper()))
        if key not in self._added:
            if family == CJK:
                path, face = cjk_file()
                self.pdf.add_font(CJK, "", str(path), collection_font_number=face)
            else:
                self.pdf.add_font(LATIN, style, str(latin_file(style)))
            self._added.add(key)
        return key

    def line(self, x: float, y: float, text: str, style: str, size: float, colour: Colour,
             align: str) -> None:
        """One line of pdf_safe text on baseline `y`: left at, centred on or right of x."""
        key = (x, y, text, style, size, colour, align)
        placed = self._lines.get(key)
        if placed is None:
            placed = self._lines[key] = self._place(x, y, text, style, size, colour, align)
        pdf = self.pdf
        if pdf.page != self._page or not self.plain:
            self._new_page()
        contents = self._contents
        for run in placed:
            if run.stroked or not self.plain:
                self._fpdf_text(run, y)
                continue
            if run.fontkey != self._fontkey or abs(self._size - run.size) > _TOLERANCE:
                self._fontkey, self._size, self._on_page = run.fontkey, run.size, False
            if not self._on_page:
                contents.extend(self._select(run.font))
                self._on_page = True
            # fpdf2 writes a text colour that differs from the fill colour inside q ... Q
            fill = pdf.fill_color
            if fill is not self._fill:
                self._fill, self._same_as_fill = fill, {}
            same = self._same_as_fill.get(run.colour)
            if same is None:
                same = self._same_as_fill[run.colour] = fill == run.device
            contents.extend(run.bare if same else run.wrapped)

    def _place(self, x: float, y: float, text: str, style: str, size: float,
               colour: Colour, align: str) -> tuple[Placed, ...]:
        parts = split(text, style)
        if parts.missing:
            self.missing |= parts.missing
        pdf = self.pdf
        scale = size * PT / 1000
        if align != "L":
            w = sum(run.units for run in parts.runs) * scale
            x = x - w / 2 if align == "C" else x - w
        device, rg = self._device(colour)
        k = pdf.k
        out = []
        for run in parts.runs:
            family, run_style = (LATIN, style) if run.font == LATIN else (CJK, "")
            fontkey = self.add_font(family, run_style)
            font = pdf.fonts[fontkey]
            encoded = self._encoded.get((font.i, run.text))
            if encoded is None:
                encoded = self._encoded[(font.i, run.text)] = font.encode_text(run.text)
            bare = f"BT {x * k:.2f} {(pdf.h - y) * k:.2f} Td {encoded} ET"
            out.append(Placed(family, run_style, fontkey, font.i, size, colour, device,
                              f"{bare}\n".encode("latin-1"),
                              f"q {rg} {bare} Q\n".encode("latin-1"), x, run.text,
                              run.font == CJK and "B" in style))
            x += run.units * scale
        return tuple(out)

    def device(self, colour: Colour) -> Device:
        """The colour as fpdf2 holds it (for its set_..._color), made once."""
        return self._device(colour)[0]

    def drawn(self, key: tuple[object, ...], draw: Callable[[], object]) -> None:
        """What `draw` (an fpdf2 call whose output follows from `key` alone, changing no
        state) writes on the page: written by fpdf2 the first time, then copied. A card's
        frame and rules are at the same places on every page."""
        pdf = self.pdf
        contents = _page_contents(pdf) if pdf.page and self.plain else None
        if contents is None:
            draw()  # no page yet (fpdf2 refuses), or an fpdf2 the copying is not proven on
            return
        data = self._drawn.get(key)
        if data is None:
            start = len(contents)
            draw()
            self._drawn[key] = bytes(contents[start:])
        else:
            contents.extend(data)

    def _device(self, colour: Colour) -> tuple[Device, str]:
        """The colour as fpdf2 holds it, and its fill operator."""
        known = self._devices.get(colour)
        if known is None:
            device = convert_to_device_color(*colour)
            known = self._devices[colour] = (device, device.serialize().lower())
        return known

    def _select(self, font: int) -> bytes:
        """The line that selects font number `font` at the current size, as fpdf2 writes
        it; the page names the font among its resources."""
        key = (font, self._size)
        line = self._selects.get(key)
        if line is None:
            line = self._selects[key] = f"BT /F{font} {self._size:.2f} Tf ET\n".encode(
                "latin-1")
        if font not in self._page_fonts:
            self.pdf._resource_catalog.add(PDFResourceType.FONT, font, self._page)
            self._page_fonts.add(font)
        return line

    def _new_page(self) -> None:
        """A page fpdf2 has started since the last line: its font is to be written again
        (fpdf2 forgets it at `add_page`). A document this writer cannot read the state
        of is left to fpdf2 throughout."""
        pdf = self.pdf
        if not pdf.page:
            raise RuntimeError("no page to write on")  # fpdf2's text() refuses too
        if pdf.page != self._page:
            self._page, self._on_page = pdf.page, False
            self._page_fonts = set()
            contents = _page_contents(pdf)
            if contents is None:  # not the page state this writer knows: fpdf2 writes
                self.plain = False
            else:
                self._contents = contents
        if self.plain and (pdf.text_mode != TextMode.FILL or pdf.underline
                           or pdf.strikethrough or pdf._record_text_quad_points):
            self.plain = False

    def _fpdf_text(self, run: Placed, y: float) -> None:
        """A run through fpdf2's own text(), its font state first made this writer's."""
        pdf = self.pdf
        pdf.font_family = ""  # so that set_font selects the font whatever fpdf2 held
        pdf.set_font(run.family, run.style, run.size if run.fontkey != self._fontkey
                     or FloatTolerance.not_equal(self._size, run.size) else self._size)
        if run.fontkey == self._fontkey and FloatTolerance.equal(self._size, run.size):
            pdf.current_font_is_set_on_page = self._on_page
        pdf.set_text_color(*run.colour)
        if run.stroked:
            # fpdf2 writes the stroke width of text unscaled, so in points
            with pdf.local_context(text_mode="FILL_STROKE", draw_color=run.colour,
                                   line_width=run.size * FAUX_BOLD):
                pdf.text(run.x, y, run.text)
        else:
            pdf.text(run.x, y, run.text)
        self._fontkey, self._size = run.fontkey, pdf.font_size_pt
        self._on_page = pdf.current_font_is_set_on_page
        font = pdf.current_font
        assert font is not None, "set_font above selected it"
        self._page_fonts.add(font.i)


def _page_contents(pdf: FPDF) -> bytearray | None:
    """The content stream of the page fpdf2 is writing: the bytes it appends to (fpdf2
    2.8 makes them a stream object only when it outputs the document); None if it holds
    them otherwise."""
    contents = pdf.pages[pdf.page].contents
    return contents if isinstance(contents, bytearray) else None
