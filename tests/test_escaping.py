"""User text reaches a terminal, a page or a file with no character that acts: escape
sequences, NUL and bidirectional overrides are shown as escapes (the HTML page, the
terminal), written as JSON escapes (`--json`), or dropped to a space (text and
Markdown exports); markup stays text."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from designer.cli import main
from designer.escaping import editable, json_text, one_line, page_text, printable
from designer.io import dump_yaml, load_mapping
from designer.systems import examples_dir

HOSTILE = "u[/]x <b>&amp; \x1b[31mred\x1b]0;pwned\x07 nul\x00 \u202eevil\x7f\x85end"
ACTING = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def test_each_destination_gets_the_text_it_can_show():
    text = "a\x1b[1m\tb\nc\u202ed\x00"
    assert printable(text) == "a\\x1b[1m\\tb\\nc\\u202ed\\x00"
    assert printable(text, keep_lines=True) == "a\\x1b[1m\\tb\nc\\u202ed\\x00"
    assert printable("x" * 50, 10) == "x" * 9 + "…"
    assert page_text(text) == "a\\x1b[1m\tb\nc\\u202ed\\x00"
    assert editable(text) == "a␛[1m␉b␊c\ufffdd␀"
    assert len(editable(HOSTILE)) == len(HOSTILE)
    assert one_line(text) == "a [1m b c d"
    assert printable("u[/]x [b]") == "u[/]x [b]"  # markup is text, never escaped away


def test_json_keeps_letters_and_writes_every_acting_character_as_an_escape():
    text = json_text({"name": HOSTILE, "ok": "Łucznik 火"})
    assert not ACTING.search(text)
    assert "Łucznik 火" in text and "\\u202e" in text and "\\u007f" in text
    assert json.loads(text) == {"name": HOSTILE, "ok": "Łucznik 火"}


@pytest.fixture
def hostile_unit(tmp_path: Path) -> Path:
    data = load_mapping(examples_dir() / "units" / "ash-warden.yaml", "unit")
    data["name"] = HOSTILE
    path = tmp_path / "hostile.yaml"
    path.write_text(dump_yaml(data), encoding="utf-8")
    return path


def test_the_html_page_holds_no_control_character_and_shows_the_name(hostile_unit,
                                                                     tmp_path):
    assert main(["export", str(hostile_unit), "--format", "html", "--out",
                 str(tmp_path / "out")]) == 0
    (page,) = (tmp_path / "out").glob("*.html")
    text = page.read_text(encoding="utf-8")
    assert not ACTING.search(text)
    shown = ("u[/]x &lt;b&gt;&amp;amp; \\x1b[31mred\\x1b]0;pwned\\x07 nul\\x00 \\u202eevil"
             "\\x7f\\x85end")
    assert f"<title>{shown}</title>" in text
    assert text.count(shown) >= 3  # the title, the card's name and its label


@pytest.mark.parametrize("fmt", ["txt", "md"])
def test_text_exports_hold_no_control_character(hostile_unit, tmp_path, fmt):
    assert main(["export", str(hostile_unit), "--format", fmt, "--out",
                 str(tmp_path / "out")]) == 0
    (written,) = (tmp_path / "out").glob(f"*.{fmt}")
    text = written.read_text(encoding="utf-8")
    assert not ACTING.search(text)
    assert "red" in text and "evil" in text


def test_json_output_holds_no_control_character(hostile_unit, capsys):
    assert main(["price", str(hostile_unit), "--json"]) in (0, 1)
    out = capsys.readouterr().out
    assert not ACTING.search(out)
    assert json.loads(out)["name"] == HOSTILE


def test_odds_json_holds_no_control_character(hostile_unit, capsys):
    other = examples_dir() / "units" / "iron-lancer.yaml"
    assert main(["odds", str(hostile_unit), str(other), "--json"]) == 0
    out = capsys.readouterr().out
    assert not ACTING.search(out)
    assert HOSTILE in json.loads(out)[0]["title"]
