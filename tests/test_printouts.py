"""Printouts as a player meets them at the table, read back with poppler's own tools
(`pdftotext`, `pdftoppm`; poppler-utils): every bundled example, each unit and roster of
every system, on A4 and on Letter, prints with nothing cut (no ellipsis anywhere) and
every rule of every unit in full, once in its glossary, as a PDF and as a force list; each
roster entry of count N prints N tracks to mark in play, one for each creature; and
one page of each system looks as its visual reference under
tests/__snapshots__/printouts/ does (rendered at REFERENCE_DPI, compared pixel by pixel
with a small tolerance for the rasteriser). Set DESIGNER_UPDATE_PRINTOUTS=1 to write the
references afresh after a change meant to show.

These tests need poppler-utils: they fail, never skip, without it."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from designer.card import Card, Section, Table
from designer.export import PAPERS, load_doc, render
from designer.export.glossary import card_rules
from designer.export.pdf import render_pdf
from designer.systems import examples_dir
from tests.pngs import difference, read_png

pytestmark = pytest.mark.slow

#: the bundled systems (a test may register a toy one beside them)
BUNDLED = ("opentactics", "op-en", "openfire", "tactics")
EXAMPLES = sorted(path for name in BUNDLED for path in examples_dir(name).glob("*/*.yaml"))
ROSTERS = [path for path in EXAMPLES if path.parent.name == "rosters"]
REFERENCES = Path(__file__).parent / "__snapshots__" / "printouts"
#: the page of each system's example roster kept as its visual reference: the cards (a
#: TACTICS encounter's sheets)
PAGES = {"opentactics": ("northern-raid", 2), "op-en": ("lantern-company", 2),
         "openfire": ("cinder-convoy", 2), "tactics": ("dock-ambush", 2)}
REFERENCE_DPI = 100
#: how far a page may be from its reference: its mean difference (levels a channel) and
#: the channels that changed by more than a quarter of the range: room for a rasteriser's
#: edges, none for a letter changed (a title's one letter changes some 130) or a line moved
MAX_MEAN, MAX_CHANGED = 0.05, 24


def tool(name: str) -> str:
    found = shutil.which(name)
    assert found, f"{name} is not installed: apt-get install -y poppler-utils"
    return found


def pdftotext(pdf: bytes, tmp_path: Path) -> str:
    source = tmp_path / "out.pdf"
    source.write_bytes(pdf)
    done = subprocess.run([tool("pdftotext"), "-raw", "-enc", "UTF-8", str(source), "-"],
                          capture_output=True, check=True)
    return done.stdout.decode("utf-8")


def squashed(text: str) -> str:
    """Text without its whitespace: where a line wraps (and a box's kept space) does
    not matter, only that every character is there in order."""
    return "".join(text.split())


def example_id(path: Path) -> str:
    return f"{path.parent.parent.parent.name}/{path.parent.name}/{path.stem}"


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("path", EXAMPLES, ids=example_id)
def test_nothing_is_cut_and_every_rule_prints_once(path, paper, tmp_path):
    doc = load_doc(path)
    for fmt in ("pdf", "list"):
        pdf = render(doc, fmt, paper=paper)
        assert isinstance(pdf, bytes)
        text = pdftotext(pdf, tmp_path)
        assert "\u2026" not in text, f"{fmt}: something was cut"
        if fmt == "list":  # every example's force fits one page
            assert text.count("\f") == 1, f"list: {text.count(chr(12))} pages"
        flat = squashed(text)
        for card in doc.cards:
            for name, rule in card_rules(card):  # in full, once, in the glossary
                assert flat.count(squashed(f"{name}: {rule}")) == 1, (fmt, card.title, name)
            assert squashed(card.title) in flat
            for section in card.sections():  # what the cards print in full, in full
                if section.on_card and not (section.compact or section.glossary):
                    for entry in section.entries:
                        assert squashed(entry.text) in flat, (fmt, card.title, entry.title)
        if doc.summary is not None:
            for entry in doc.summary.entries:
                assert squashed(entry.name) in flat


@pytest.mark.parametrize("system", sorted(PAGES))
def test_each_system_prints_as_its_visual_reference(system, tmp_path):
    roster, page = PAGES[system]
    pdf = tmp_path / f"{system}.pdf"
    pdf.write_bytes(render(load_doc(examples_dir(system) / "rosters" / f"{roster}.yaml"),
                           "pdf", paper="a4"))
    subprocess.run([tool("pdftoppm"), "-f", str(page), "-l", str(page), "-r",
                    str(REFERENCE_DPI), "-png", "-singlefile", str(pdf),
                    str(tmp_path / system)], check=True, capture_output=True)
    drawn = tmp_path / f"{system}.png"
    reference = REFERENCES / f"{system}.png"
    if os.environ.get("DESIGNER_UPDATE_PRINTOUTS") == "1":
        REFERENCES.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(drawn, reference)
    assert reference.is_file(), f"no reference {reference}: run with DESIGNER_UPDATE_PRINTOUTS=1"
    diff = difference(read_png(drawn), read_png(reference))
    assert diff.mean <= MAX_MEAN and diff.changed <= MAX_CHANGED, (
        f"{system}: page {page} of {roster} differs from {reference.name} "
        f"(mean {diff.mean:.2f}, {diff.changed} channels changed); drawn: {drawn}")


def record_mark(card: Card) -> str | None:
    """What the first of a card's boxes to mark in play is called where it prints (a
    table's first row, a section's short name); None for a card without them."""
    for block in card.blocks:
        if isinstance(block, Table) and block.record:
            row = next(r for r in block.rows if not r.sub)
            return row.short or row.label
        if isinstance(block, Section) and block.record and block.on_card and block.entries:
            return block.short or block.label
    return None


@pytest.mark.parametrize("path", ROSTERS, ids=example_id)
def test_an_entry_of_n_prints_n_tracks_one_for_each_creature(path, tmp_path):
    """Counted in the cards and sheets as printed: the first entry of one that uses a
    card marks the card's own boxes (and its record sheet's, for a poker card); every
    other entry of N has N numbered tracks under headings naming it that cover 1 to N
    once, and its card prints no boxes of its own."""
    doc = load_doc(path)
    assert doc.summary is not None
    text = pdftotext(render_pdf(doc, parts=("cards", "sheets")), tmp_path)
    flat = squashed(text)
    plain: Counter[str] = Counter()
    numbered: Counter[tuple[str, int]] = Counter()
    for line in text.splitlines():
        for mark in {m for c in doc.cards if (m := record_mark(c))}:
            for word in {mark, mark.upper()}:
                found = re.match(rf"(?:(\d+) \u00b7 )?{re.escape(word)}\b", line)
                if found and found[1]:
                    numbered[mark, int(found[1])] += 1
                elif found:
                    plain[mark] += 1
    want_plain: Counter[str] = Counter()
    want_numbered: Counter[tuple[str, int]] = Counter()
    marked: set[int] = set()
    tracks = 0
    for entry in doc.summary.entries:
        mark = record_mark(entry.card)
        if mark is None:
            continue
        if entry.count == 1 and id(entry.card) not in marked:
            marked.add(id(entry.card))
            want_plain[mark] += 2 if entry.card.layout == "card" else 1
            continue
        heading = re.escape(squashed(entry.shown_name)) + r":tracks?(\d+)(?:-(\d+))?of"
        covered = [n for a, b in re.findall(rf"{heading}{entry.count}(?!\d)", flat)
                   for n in range(int(a), int(b or a) + 1)]
        assert sorted(covered) == list(range(1, entry.count + 1)), entry.shown_name
        want_numbered.update((mark, n) for n in range(1, entry.count + 1))
        tracks += entry.count
    assert plain == want_plain
    assert numbered == want_numbered
    if path.stem in ("dock-ambush", "broken-convoy"):  # each has an entry of several
        assert tracks > 0
