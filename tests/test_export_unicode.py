"""Names in any script: the PDF embeds fonts that draw Latin, Greek, Cyrillic and CJK,
reports what no font can draw, file names keep or transliterate letters, and the text
export lines wide characters up."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from designer.export import Exported, export_path, load_doc, render, safe_name
from designer.export.fit import Run, fit, width
from designer.export.fonts import REPLACEMENT
from designer.export.layout import card_layout, name_width
from designer.export.text import display_width, table

NAMES = ["Łucznik", "火の魔術師", "Ægir's Wrath"]
MM = 72 / 25.4


def unit(name: str, **more) -> dict:
    return {"name": name, "types": ["Infantry"],
            "skills": {"melee": {"off_dice": 1, "def_dice": 1, "range": 1}}, **more}


def write(tmp_path: Path, data: dict, stem: str = "source") -> Path:
    path = tmp_path / f"{stem}.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


def lines(page) -> list[str]:
    """The texts of a page joined per baseline, left to right: a name drawn in two fonts
    (Arimo and the CJK font) reads back whole."""
    height = float(page.mediabox.height)
    found: list[tuple[float, float, str]] = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            found.append((round((height - tm[5]) / MM, 2), tm[4] / MM, text))

    page.extract_text(visitor_text=visit)
    rows: dict[float, list[tuple[float, str]]] = {}
    for y, x, text in found:
        rows.setdefault(y, []).append((x, text))
    return ["".join(t for _, t in sorted(row)).strip() for _, row in sorted(rows.items())]


def test_three_names_print_exactly_in_a_roster_pdf(tmp_path):
    source = write(tmp_path, {"system": "opentactics", "name": "Three Banners",
                              "units": [{"unit": unit(n)} for n in NAMES]})
    written = export_path(source, "pdf", out=tmp_path / "out")
    assert written.missing == () and written.warning is None
    pdf = PdfReader(io.BytesIO(written.read_bytes()))
    assert len(pdf.pages) == 3  # summary, cards, sheets
    for page in pdf.pages:
        shown = lines(page)
        text = page.extract_text()
        assert "?" not in text and REPLACEMENT not in text
        for name in NAMES:
            assert any(name in line for line in shown), (name, shown)


@pytest.mark.parametrize(("name", "stem"), [("Łucznik", "lucznik"),
                                            ("火の魔術師", "火の魔術師"),
                                            ("Ægir's Wrath", "aegirs-wrath")])
def test_each_unit_pdf_is_named_after_it_and_shows_its_name(tmp_path, name, stem):
    written = export_path(write(tmp_path, unit(name)), "pdf", out=tmp_path / "out")
    assert written == tmp_path / "out" / f"{stem}.pdf"
    card, sheet = PdfReader(io.BytesIO(written.read_bytes())).pages
    assert name in lines(card)[0]  # the title, top left
    assert any(line.startswith(f"UNIT{name}") or line.startswith(name)
               for line in lines(sheet))


def test_the_fonts_are_embedded_and_only_what_is_used(tmp_path):
    data = render(load_doc(write(tmp_path, unit("火の魔術師 Ægir"))), "pdf")
    assert len(data) < 80_000  # the CJK font is 5 MB; a few glyphs of it are embedded
    pdf = PdfReader(io.BytesIO(data))
    fonts = {}
    for page in pdf.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descendant = font["/DescendantFonts"][0].get_object()
            fonts[font["/BaseFont"].split("+")[-1]] = descendant["/FontDescriptor"]
    assert {"ArimoBold", "WenQuanYiMicroHei"} <= set(fonts)
    assert all("/FontFile2" in d for d in fonts.values())


def test_bold_cjk_is_stroked_to_look_bold(tmp_path):
    pdf = PdfReader(io.BytesIO(render(load_doc(write(tmp_path, unit("火の魔術師"))), "pdf")))
    content = pdf.pages[0].get_contents().get_data()
    assert b" 2 Tr " in content  # fill and stroke: the title is bold


def test_characters_no_font_has_are_replaced_and_reported(tmp_path):
    source = write(tmp_path, unit("Grin \U0001f600", abilities=[
        {"name": "Private", "cost": 1, "text": "Mark \ue000 and \U0001f600 again"}]))
    written = export_path(source, "pdf", out=tmp_path / "out")
    assert isinstance(written, Exported) and written == tmp_path / "out" / "grin.pdf"
    assert written.missing == ("\ue000", "\U0001f600")
    assert written.warning == (f"{written}: 2 characters have no glyph in the bundled "
                               "fonts: U+E000, U+1F600")
    card = PdfReader(io.BytesIO(written.read_bytes())).pages[0]
    assert f"Grin {REPLACEMENT}" in lines(card)
    # the other formats keep every character and report nothing
    md = export_path(source, "md", out=tmp_path / "out")
    assert md.missing == () and md.warning is None
    assert "\U0001f600" in md.read_text(encoding="utf-8")


def test_one_missing_character_is_reported_in_the_singular(tmp_path):
    written = export_path(write(tmp_path, unit("Rune \ue000")), "pdf", out=tmp_path)
    assert written.warning == (f"{written}: 1 character has no glyph in the bundled fonts: "
                               "U+E000")


def test_invisible_characters_are_neither_drawn_nor_reported(tmp_path):
    # a zero-width joiner, a variation selector, a soft hyphen and a bidi mark
    name = "Fire\u200d\ufe0f\u00ad\u200e Mage"
    written = export_path(write(tmp_path, unit(name)), "pdf", out=tmp_path)
    assert written.missing == ()
    assert "Fire Mage" in lines(PdfReader(io.BytesIO(written.read_bytes())).pages[0])


@pytest.mark.parametrize(("name", "stem"), [
    ("Łucznik", "lucznik"),
    ("Ægir's Wrath", "aegirs-wrath"),
    ("Þórr Straße", "thorr-strasse"),
    ("Ølstykke Ħal Đorđe", "olstykke-hal-dorde"),
    ("火の魔術師", "火の魔術師"),
    ("Αχιλλέας", "αχιλλέας"),
    ("Жар-птица", "жар-птица"),
    ("火の魔術師 2", "火の魔術師-2"),
    ("Ōni 鬼", "oni-鬼"),
    ("../鬼/..", "鬼"),
    ("鬼\\龍:虎", "鬼-龍-虎"),
    ("鬼\x00\n龍", "鬼-龍"),
    ("ＡＢＣ", "abc"),
    ("\U0001f600", "unit"),
])
def test_safe_name_keeps_or_transliterates_letters(name, stem):
    assert safe_name(name) == stem


def test_two_cjk_names_name_two_files_within_the_byte_limit():
    assert safe_name("火の魔術師") != safe_name("氷の魔術師")
    long = safe_name("龍" * 300)
    assert long and set(long) == {"龍"} and len(long.encode("utf-8")) <= 200
    assert len(safe_name("\U00020000" * 100).encode("utf-8")) <= 200  # 4 bytes each


def test_text_table_pads_by_display_width():
    rows = [["#", "Unit", "Count"], ["1", "火の魔術師", "2"], ["2", "Łucznik", "10"],
            ["3", "Ægir's Wrath", "1"], ["4", "Cafe\u0301", "3"]]
    out = table(rows, right={0, 2})
    assert display_width("火の魔術師") == 10 and display_width("Cafe\u0301") == 4
    ends = {display_width(line) for line in out}
    assert len(ends) == 1  # every row ends in the same column: the counts line up
    assert out[1] == "1  火の魔術師        2"


def test_text_export_lines_up_a_roster_with_wide_names(tmp_path):
    source = write(tmp_path, {"system": "opentactics", "name": "Three Banners",
                              "units": [{"unit": unit(n)} for n in NAMES]})
    text = export_path(source, "txt", out=tmp_path).read_text(encoding="utf-8")
    rows = [line for line in text.splitlines()
            if any(line.lstrip().startswith(f"{i}  ") for i in (1, 2, 3))][:3]
    assert len(rows) == 3
    assert len({display_width(r) for r in rows}) == 1
    heads = [line for line in text.splitlines() if line.startswith(tuple(NAMES))]
    assert len(heads) == 3 and {display_width(h) for h in heads} == {76}


def test_cjk_text_wraps_between_characters():
    text = "敵の前に炎の壁を作る。それから火の魔術師は「大きな」炎を放つ。" * 2
    fitted = fit([[Run("炎の壁: ", "B"), Run(text)]], 40, 40, largest=7.5, smallest=4.5)
    assert not fitted.truncated and len(fitted.lines) > 2
    drawn = [" ".join(p.text for p in line) for line in fitted.lines]
    assert "".join(drawn).replace(" ", "") == ("炎の壁:" + text)
    for line in fitted.lines:
        last = line[-1]
        assert last.x + width(last.text, last.style, fitted.size) <= 40 + 1e-6
    for line in drawn[1:]:
        assert line[0] not in "。、」"  # a closing mark never starts a line
    assert all(not line.endswith("「") for line in drawn)


def test_html_sizes_a_cjk_name_by_its_real_width(tmp_path):
    doc = load_doc(write(tmp_path, unit("火の魔術師の長い名前を持つ偉大な魔法使い")))
    card = doc.cards[0]
    name = card_layout(card).name
    # measured at one em a character, the name does not fit one line: it takes two
    assert width(card.title, "B", 7.5) > name_width(card)
    assert len(name.lines) == 2 and name.size <= 7.5
    assert width(card.title, "B", name.size) <= 2 * name_width(card)


def test_text_export_wraps_cjk_by_columns(tmp_path):
    text = "敵の前に炎の壁を作る。それから火の魔術師は「大きな」炎を放つ。" * 4
    source = write(tmp_path, unit("火の魔術師", abilities=[{"name": "炎の壁", "cost": 2,
                                                          "text": text}]))
    out = export_path(source, "txt", out=tmp_path).read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(out) if "炎の壁 (custom)" in line)
    wrapped = [out[start]] + [line for line in out[start + 1:start + 6]
                              if line.startswith("    ") and not line.lstrip().startswith("-")]
    assert len(wrapped) >= 3
    assert all(display_width(line) <= 76 for line in wrapped)
    assert display_width(wrapped[0]) >= 74  # filled, not cut at 76 characters' worth
    assert all(line.strip()[0] not in "。、」" for line in wrapped[1:])
    assert "".join(line.strip() for line in wrapped).endswith(text)
