"""One track for each creature of a roster entry, and no more: an entry of one marks the
boxes on its card or sheet; an entry of several prints its card or sheet without them and
a numbered track for each creature on cards or sheets of their own, in the PDF and the
HTML alike."""

from __future__ import annotations

import re

import yaml

from designer.card import Card, Section, Table
from designer.export import load_doc, render
from designer.export.tracks import record_blocks, with_tracks
from designer.systems import examples_dir

SHEETS = examples_dir("tactics") / "units"


def ambush(tmp_path, *groups: tuple[str, int]):
    """An encounter of dock thugs in labelled groups of the given counts."""
    roster = tmp_path / "ambush.yaml"
    roster.write_text(yaml.safe_dump({
        "system": "tactics", "name": "Ambush",
        "units": [{"unit": str(SHEETS / "dock-thug.yaml"), "count": count,
                   "side": "enemies", "label": label} for label, count in groups]}),
        encoding="utf-8")
    return load_doc(roster)


def wound_tracks(card: Card) -> list[str]:
    """The labels of the wound rows a card or sheet prints."""
    return [r.label for b in card.blocks if isinstance(b, Table) and b.record
            for r in b.rows if r.label.endswith("Wounds")]


def test_an_entry_of_several_prints_its_sheet_without_boxes_and_a_track_for_each(tmp_path):
    doc = ambush(tmp_path, ("Wharf Gang", 2), ("Crane Crew", 3))
    ((sheet, tracks),) = with_tracks(doc)
    assert not record_blocks(sheet) and wound_tracks(sheet) == []
    assert [t.title for t in tracks] == ["Wharf Gang (Dock Thug): tracks 1-2 of 2",
                                         "Crane Crew (Dock Thug): tracks 1-3 of 3"]
    assert [w for t in tracks for w in wound_tracks(t)] == [
        "1 \u00b7 Wounds", "2 \u00b7 Wounds", "1 \u00b7 Wounds", "2 \u00b7 Wounds",
        "3 \u00b7 Wounds"]
    # the rest of the sheet is as it was: its stats, weapons and rules
    original = doc.cards[0]
    kept = [b for b in original.blocks if not (isinstance(b, (Table, Section)) and b.record)]
    assert list(sheet.blocks) == kept


def test_an_entry_of_one_marks_the_sheets_own_boxes(tmp_path):
    """The sheet keeps its boxes for the entry of one; the group of three beside it gets
    three tracks, and a second entry of one sharing the sheet a track of its own."""
    doc = ambush(tmp_path, ("Lookout", 1), ("Crane Crew", 3), ("Runner", 1))
    ((sheet, tracks),) = with_tracks(doc)
    assert sheet is doc.cards[0] and wound_tracks(sheet) == ["Wounds"]
    assert [t.title for t in tracks] == ["Crane Crew (Dock Thug): tracks 1-3 of 3",
                                         "Runner (Dock Thug): track 1 of 1"]
    assert tracks[1].tags[0].name == "one track"
    total = len(wound_tracks(sheet)) + sum(len(wound_tracks(t)) for t in tracks)
    assert total == 1 + 3 + 1


def test_a_unit_file_prints_its_card_with_its_boxes():
    doc = load_doc(SHEETS / "dock-thug.yaml")
    assert with_tracks(doc) == [(doc.cards[0], [])]
    assert wound_tracks(doc.cards[0]) == ["Wounds"]


def test_the_html_prints_a_wound_track_for_each_creature_and_no_more():
    """Dock Ambush: Sergeant Vale, the brute and the drone one each, six thugs six."""
    html = render(load_doc(examples_dir("tactics") / "rosters" / "dock-ambush.yaml"), "html")
    assert isinstance(html, str)
    labels = re.findall(r'<th class="label[^"]*" scope="row"[^>]*>(.*?)</th>', html)
    words = [re.sub(r"<[^>]+>", "", label) for label in labels]
    assert words.count("Wounds") == 3
    assert sorted(w for w in words if w.endswith("\u00b7 Wounds")) == [
        f"{n} \u00b7 Wounds" for n in range(1, 7)]
