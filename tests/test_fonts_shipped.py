"""The fonts the PDF export embeds ship inside the package, each with its licence text,
and are the builds the README names (a new build moves every line of text a PDF draws)."""

from __future__ import annotations

import hashlib
from importlib import resources
from pathlib import Path

import pytest

from designer.export.fonts import FontsMissing, cjk_file, font_file, latin_file
from tests.conftest import ROOT

FONTS = Path(str(resources.files("designer").joinpath("fonts")))

#: file -> (SHA-256, its licence text in the same folder)
SHIPPED = {
    "Arimo[wght].ttf": ("e43898b143ec826ac8cb4034816458a7047fbe0836558de2a1f8c6223ae3e0ca",
                        "Arimo-OFL.txt"),
    "Arimo-Italic[wght].ttf": (
        "a80fc54fd0233c1dfe298577c4d00f5ae81d5bb83510975e473c47e699b7f4ed", "Arimo-OFL.txt"),
    "wqy-microhei.ttc": ("2420e8078af796b19a3f6ef13de527a1a91c1e7171eea115926c614ced1009b3",
                         "WenQuanYi-Apache-2.0.txt"),
}


def test_every_font_file_is_a_known_build_with_its_licence():
    files = {p.name for p in FONTS.iterdir() if p.suffix in (".ttf", ".ttc", ".otf")}
    assert files == set(SHIPPED)
    for name, (digest, licence) in SHIPPED.items():
        assert hashlib.sha256((FONTS / name).read_bytes()).hexdigest() == digest, name
        assert (FONTS / licence).is_file(), licence


def test_licence_texts_name_their_licences():
    assert "SIL OPEN FONT LICENSE Version 1.1" in (FONTS / "Arimo-OFL.txt").read_text()
    apache = (FONTS / "WenQuanYi-Apache-2.0.txt").read_text()
    assert "WenQuanYi Micro Hei" in apache and "Apache License" in apache
    assert "TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION" in apache


def test_the_readme_lists_every_font_and_licence_text():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Licence"):]
    for name, (_, licence) in SHIPPED.items():
        assert f"`{name}`" in section, name
        assert f"designer/fonts/{licence}" in section, licence


def test_the_fonts_are_read_from_the_package():
    path, face = cjk_file()
    assert (path, face) == (FONTS / "wqy-microhei.ttc", 0)
    assert latin_file("B").read_bytes()[:4] == b"\x00\x01\x00\x00"  # a TrueType font


def test_a_missing_font_file_names_itself_and_the_cure():
    with pytest.raises(FontsMissing, match=r"Nope\.ttf is missing .* reinstall skirmish-designer"):
        font_file("Nope.ttf")


def test_the_static_instances_keep_the_fonts_own_date():
    """The instance drawn for a style carries the shipped font's date, not the clock's:
    the PDF embeds the same font bytes on every run."""
    from fontTools.ttLib import TTFont

    for style, source in (("", "Arimo[wght].ttf"), ("BI", "Arimo-Italic[wght].ttf")):
        made, shipped = TTFont(latin_file(style)), TTFont(FONTS / source)
        assert made["head"].modified == shipped["head"].modified, style
