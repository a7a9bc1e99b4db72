"""One type scale per card layout: in a printout, every poker card sets each kind of text
(a table's heads, row labels, values and small print, by the table's kind; a stat's
label, value and note) at one size, and so does every record sheet or half-page sheet
(a table's heads, row labels, values and small print, by the table's kind; the labels
of the other bands; a stat's value and note; the tally at its foot).
Read back from each bundled roster's PDF with pypdf, on A4 and on Letter: the size of
every text drawn that is one of those, found by its words."""

from __future__ import annotations

import io
from collections import defaultdict
from pathlib import Path

import pytest
from pypdf import PdfReader

from designer.card import Card, Section, Stat, Table
from designer.export import PAPERS, load_doc
from designer.export.fit import pdf_safe
from designer.export.pdf import render_pdf
from designer.export.tracks import with_tracks
from designer.systems import examples_dir

pytestmark = pytest.mark.slow

BUNDLED = ("opentactics", "op-en", "openfire", "tactics")
ROSTERS = sorted(p for name in BUNDLED for p in (examples_dir(name) / "rosters").glob("*.yaml"))

Kind = tuple[str, ...]


def kinds(card: Card, layout: str) -> dict[str, set[Kind]]:
    """Each text the card prints as one kind of text, with that kind (a text printed as
    two kinds is left out by the caller)."""
    out: dict[str, set[Kind]] = defaultdict(set)

    def add(text: str, *kind: str) -> None:
        if text.strip():
            out[pdf_safe(text).strip()].add(kind)

    # what prints as other text (a title, the tags, a section's words) is not a kind
    add(card.title, "other")
    add("none", "other")
    for tag in card.tags:
        add(tag.name, "other")
    for block in card.blocks:
        if isinstance(block, Table):
            key = block.key or "|".join(block.columns)
            for head in block.columns + block.short_columns:
                add(head, "head", key)
            for row in block.rows:
                if not row.sub:
                    add(row.short or row.label, "label", key)
                for cell in row.cells:
                    if cell.kind == "text":
                        add(cell.text, "sub" if row.sub else "value", key)
        elif isinstance(block, Stat):
            label = block.short or block.label
            if layout == "sheet":
                add(label.upper(), "label")
                note = block.note + (f" ({block.detail})" if block.detail and block.note
                                     else block.detail)
            else:
                add(label, "stat label")
                note = block.note
            add(block.value, "stat value")
            add(note, "stat note")
        elif isinstance(block, Section):
            if layout == "sheet" and block.on_card:
                add((block.short or block.label).upper(), "label")
            for entry in block.entries:
                for text in (entry.title, entry.note, entry.text, entry.label):
                    add(text, "other")
    if layout == "sheet":
        for word in ("UNIT", "TYPES"):
            add(word, "label")
    return out


def sizes(pdf: bytes, cards: list[Card]) -> dict[tuple[str, Kind], dict[float, list[str]]]:
    """The sizes each kind of text is drawn at, by layout ("card" or "sheet" pages: a page
    of sheets has their UNIT band), with the texts drawn at each."""
    known: dict[str, dict[str, set[Kind]]] = {"card": defaultdict(set),
                                              "sheet": defaultdict(set)}
    for card in cards:
        for layout in ("card", "sheet"):
            for text, found in kinds(card, layout).items():
                known[layout][text] |= found
    for layout in known:  # what prints as other text too is left out
        known[layout] = defaultdict(set, {text: found for text, found in known[layout].items()
                                          if ("other",) not in found})
    out: dict[tuple[str, Kind], dict[float, list[str]]] = defaultdict(lambda: defaultdict(list))
    for page in PdfReader(io.BytesIO(pdf)).pages:
        drawn: list[tuple[str, float]] = []

        def visit(text, cm, tm, font, size, drawn=drawn):
            if text.strip():
                drawn.append((text.strip(), round(float(size), 2)))

        page.extract_text(visitor_text=visit)
        layout = "sheet" if any(text == "UNIT" for text, _ in drawn) else "card"
        for text, size in drawn:
            found = known[layout].get(text, set())
            if layout == "sheet" and text.startswith("Tally:"):
                found = {("tally",)}
            if len(found) == 1:
                out[layout, next(iter(found))][size].append(text)
    return out


def roster_id(path: Path) -> str:
    return f"{path.parent.parent.parent.name}/{path.stem}"


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("path", ROSTERS, ids=roster_id)
def test_every_card_and_sheet_of_a_printout_sets_each_kind_of_text_at_one_size(path, paper):
    doc = load_doc(path)
    cards = [c for card, tracks in with_tracks(doc) for c in (card, *tracks)]
    found = sizes(render_pdf(doc, paper=paper, parts=("cards", "sheets")), cards)
    layouts = {layout for layout, _ in found}
    assert layouts == ({"sheet"} if all(c.layout == "sheet" for c in cards)
                       else {"card", "sheet"})
    mixed = {f"{layout} {' '.join(kind)}": {size: texts[:4] for size, texts in by.items()}
             for (layout, kind), by in found.items() if len(by) > 1}
    assert not mixed
