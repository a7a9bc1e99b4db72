"""An entry's own name in its force (`label`) and its `note` print with the entry in every
roster export: the PDF and HTML summaries, the force list (PDF and HTML), Markdown, plain
text and JSON; as text, escaped where it meets markup."""

from __future__ import annotations

import io
import json

import pytest
import yaml
from pypdf import PdfReader

from designer.export import load_doc, render
from designer.systems import examples_dir

UNITS = examples_dir("opentactics") / "units"
LABEL, NOTE = "Shieldwall <b>Alpha</b>", "Hold the ford | until *turn 3*"


@pytest.fixture
def doc(tmp_path):
    roster = tmp_path / "raid.yaml"
    roster.write_text(yaml.safe_dump({
        "system": "opentactics", "name": "Raid", "points_cap": 500,
        "units": [{"unit": str(UNITS / "levy-spearman.yaml"), "count": 4, "label": LABEL,
                   "note": NOTE},
                  {"unit": str(UNITS / "iron-lancer.yaml"), "count": 1,
                   "label": "Sir Aldo"},
                  {"unit": str(UNITS / "ash-warden.yaml"), "count": 1,
                   "label": "Ash Warden"}]}), encoding="utf-8")
    return load_doc(roster)


def pdf_text(data: bytes) -> str:
    return " ".join(" ".join(p.extract_text().split())
                    for p in PdfReader(io.BytesIO(data)).pages)


def test_the_pdf_summary_names_each_entry_by_its_label_with_its_note_under_it(doc):
    text = pdf_text(render(doc, "pdf"))
    summary = text[:text.index("Total")]
    assert f"1 {LABEL} (Levy Spearman) {NOTE}" in summary
    assert "2 Sir Aldo (Iron Lancer)" in summary
    assert "3 Ash Warden " in summary  # a label that repeats the name is not repeated
    assert "Ash Warden (Ash Warden)" not in text


def test_the_force_list_heads_each_entry_with_its_label_and_prints_its_note(doc):
    text = pdf_text(render(doc, "list"))
    assert f"4× {LABEL} (Levy Spearman) 68 pts (17 each)" in text
    assert text.count(NOTE) == 1
    assert "Sir Aldo (Iron Lancer) 53 pts" in text


@pytest.mark.parametrize("fmt", ["html", "list-html"])
def test_html_prints_the_label_and_note_as_text(doc, fmt):
    html = render(doc, fmt)
    assert isinstance(html, str)
    assert "Shieldwall &lt;b&gt;Alpha&lt;/b&gt; (Levy Spearman)" in html
    assert "<b>Alpha</b>" not in html
    assert "Hold the ford | until *turn 3*" in html
    assert "Sir Aldo (Iron Lancer)" in html


def test_markdown_puts_the_note_beside_the_labelled_name(doc):
    md = render(doc, "md")
    assert (r"| 1 | Shieldwall \<b\>Alpha\</b\> (Levy Spearman) – *Hold the ford \| until "
            r"\*turn 3\** | 4 | 17 | 68 | legal |") in md.splitlines()
    assert "| 2 | Sir Aldo (Iron Lancer) | 1 | 53 | 53 | legal |" in md.splitlines()


def test_text_lists_the_notes_under_the_table(doc):
    lines = render(doc, "txt").splitlines()
    table = lines.index("#  Unit                                     Count  Pts  Subtotal  Status")
    assert lines[table + 1].startswith("1  Shieldwall <b>Alpha</b> (Levy Spearman)      4")
    assert lines[table + 2].startswith("2  Sir Aldo (Iron Lancer)")
    assert lines[table + 5:table + 7] == [
        "Notes:", "  1 Shieldwall <b>Alpha</b> (Levy Spearman): Hold the ford | until *turn 3*"]


def test_json_carries_each_entrys_label_and_note(doc):
    entries = json.loads(render(doc, "json"))["entries"]
    assert [(e.get("label"), e.get("note")) for e in entries] == [
        (LABEL, NOTE), ("Sir Aldo", None), ("Ash Warden", None)]


def test_a_labelled_entrys_tracks_are_headed_by_its_label(tmp_path):
    """Two groups of the same creature: each group's wound tracks say whose they are."""
    sheets = examples_dir("tactics") / "units"
    roster = tmp_path / "ambush.yaml"
    roster.write_text(yaml.safe_dump({
        "system": "tactics", "name": "Ambush",
        "units": [{"unit": str(sheets / "dock-thug.yaml"), "count": 2, "side": "enemies",
                   "label": "Wharf Gang"},
                  {"unit": str(sheets / "dock-thug.yaml"), "count": 3, "side": "enemies",
                   "label": "Crane Crew"}]}), encoding="utf-8")
    text = pdf_text(render(load_doc(roster), "pdf"))
    assert text.count("Wharf Gang (Dock Thug): tracks 1-2 of 2") == 1
    assert text.count("Crane Crew (Dock Thug): tracks 1-3 of 3") == 1
    assert "Dock Thug: tracks" not in text
