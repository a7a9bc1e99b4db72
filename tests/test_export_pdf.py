"""PDF exports read back with pypdf: page counts, each card's name and points in its own
slot, and no text drawn outside a card or a record sheet."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from designer.export import export_path, load_doc, render
from designer.export.fit import PT, width
from designer.systems import examples_dir

UNITS = examples_dir() / "units"
ROSTERS = examples_dir() / "rosters"
MM = 72 / 25.4  # points per millimetre
# the embedded fonts' names (after fpdf2's subset prefix) -> the layout's style; the CJK
# font has one style, and its widths are the same in all of them
STYLES = {"Arimo": "", "ArimoBold": "B", "ArimoItalic": "I", "ArimoBoldItalic": "BI",
          "WenQuanYiMicroHei": ""}
# name -> tally total of every example unit (asserted exactly in the core's tests too)
EXAMPLE_POINTS = {
    "Ash Warden": 38, "Cinder Drake": 73, "Gearwright Walker": 69, "Iron Lancer": 53,
    "Levy Spearman": 17, "Lich Seer": 62, "Mountain Titan": 56, "Sky Corsair": 48,
    "Steam Witch": 60, "Storm Caller": 27,
}


def texts(page) -> list[tuple[float, float, str, str, float]]:
    """(x mm from the left, y mm from the top, text, style, size pt) of each text drawn."""
    height = float(page.mediabox.height)
    found = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            style = STYLES[font["/BaseFont"].split("+")[-1]]
            found.append((tm[4] / MM, (height - tm[5]) / MM, text.strip(), style, size))

    page.extract_text(visitor_text=visit)
    return found


def reader(data: bytes) -> PdfReader:
    assert data.startswith(b"%PDF-")
    return PdfReader(io.BytesIO(data))


def card_slots(page, paper=(210.0, 297.0)) -> dict[int, list[tuple]]:
    """Texts of a card page grouped by card slot (0..8, row by row)."""
    x0, y0 = (paper[0] - 189) / 2, (paper[1] - 264) / 2
    slots: dict[int, list[tuple]] = {}
    for x, y, text, style, size in texts(page):
        col, row = int((x - x0) // 63), int((y - y0) // 88)
        assert 0 <= col < 3 and 0 <= row < 3, f"{text!r} outside the card grid"
        slots.setdefault(row * 3 + col, []).append((x - x0 - col * 63, y - y0 - row * 88,
                                                    text, style, size))
    return slots


def ten_unit_roster(tmp_path: Path) -> Path:
    units = sorted(UNITS.glob("*.yaml"))
    assert len(units) == 10
    data = {"name": "All Ten", "points_cap": 3000,
            "units": [{"unit": str(p), "count": i + 1} for i, p in enumerate(units)]}
    path = tmp_path / "ten.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


def test_unit_pdf_is_a_card_page_its_back_then_a_record_sheet_page(tmp_path):
    path = export_path(UNITS / "steam-witch.yaml", "pdf", out=tmp_path)
    assert path == tmp_path / "steam-witch.pdf"
    pdf = reader(path.read_bytes())
    assert len(pdf.pages) == 3
    slots = card_slots(pdf.pages[0])
    assert list(slots) == [0]
    card = {t[2] for t in slots[0]}
    assert {"Steam Witch", "60", "POINTS", "OFF", "DEF", "RNG", "ATH", "flies"} <= card
    assert {"Melee", "Ballistic", "Arcane", "Technical"} <= card
    assert "printed 49, tally 60" in card  # the audit gap is on the card
    assert "Abilities:" in card and "Hex, Weaken" in card  # named; their texts overleaf
    # the card's second side, behind it when printed on both sides (left and right swap)
    back = card_slots(pdf.pages[1])
    assert list(back) == [2]
    shown = " ".join(t[2] for t in back[2])
    assert shown.startswith("Steam Witch Rules Hex:") and "Weaken:" in shown
    sheet = pdf.pages[2].extract_text()
    for label in ("UNIT", "COST", "TYPES", "OFF", "DEF", "RNG", "ABILITIES", "Steam Witch",
                  "60", "Cavalry, Human, Living, Mage"):
        assert label in sheet


def test_card_shows_bumps_beneath_their_pools_and_ranges_in_order():
    doc = load_doc(UNITS / "steam-witch.yaml")
    page = reader(render(doc, "pdf")).pages[0]
    card = card_slots(page)[0]
    by_text = {}
    for x, y, text, _style, _size in card:
        by_text.setdefault(text, []).append((x, y))
    # OFF bumps: Melee -1 and Arcane +1; DEF bump: Ballistic +1 (the example Steam Witch)
    (melee_off_bump,) = by_text["-1"]
    plus_ones = sorted(by_text["+1"])
    assert len(plus_ones) == 2
    (off_label,), (def_label,) = by_text["OFF"], by_text["DEF"]
    assert off_label[1] < melee_off_bump[1] < def_label[1]
    ballistic_def_bump, arcane_off_bump = plus_ones
    assert ballistic_def_bump[1] > def_label[1]  # beneath the DEF dice
    assert off_label[1] < arcane_off_bump[1] < def_label[1]
    assert melee_off_bump[0] < ballistic_def_bump[0] < arcane_off_bump[0]
    (rng_label,) = by_text["RNG"]
    ranges = sorted((x, t) for x, y, t, _, _ in card
                    if abs(y - rng_label[1]) < 1.5 and t != "RNG")
    assert [t for _, t in ranges] == ["1", "0", "6", "1"]


def test_roster_pdf_summary_cards_then_sheets_with_exact_page_counts(tmp_path):
    source = ten_unit_roster(tmp_path)
    pdf = reader(export_path(source, "pdf", out=tmp_path / "out").read_bytes())
    # 1 summary + ceil(10 / 9) card pages + ceil(10 / 4) record-sheet pages + the rules
    assert len(pdf.pages) == 1 + 2 + 3 + 1
    assert pdf.pages[6].extract_text().startswith("Rules")
    summary = pdf.pages[0].extract_text()
    total = sum(points * (i + 1) for i, (_, points) in enumerate(sorted(
        EXAMPLE_POINTS.items(), key=lambda kv: kv[0].lower().replace(" ", "-"))))
    assert "All Ten" in summary and str(total) in summary
    assert "LEGAL" in summary and "NOT LEGAL" not in summary
    names = [load_doc(p).name for p in sorted(UNITS.glob("*.yaml"))]
    cards = {}
    for page in pdf.pages[1:3]:
        for slot in card_slots(page).values():
            found = [n for n in names if any(t[2] == n for t in slot)]
            assert len(found) == 1
            cards[found[0]] = {t[2] for t in slot}
    assert len(cards) == 10
    for name, shown in cards.items():
        assert str(EXAMPLE_POINTS[name]) in shown and "POINTS" in shown
    assert len(card_slots(pdf.pages[1])) == 9 and len(card_slots(pdf.pages[2])) == 1
    sheet_names = [n for page in pdf.pages[3:6] for n in names if n in page.extract_text()]
    assert sorted(sheet_names) == sorted(names)


def test_one_card_per_distinct_unit_however_many_entries(tmp_path):
    witch = str(UNITS / "steam-witch.yaml")
    inline = yaml.safe_load((UNITS / "steam-witch.yaml").read_text())
    source = tmp_path / "r.yaml"
    source.write_text(yaml.safe_dump({"name": "Coven", "units": [
        {"unit": witch, "count": 2}, {"unit": witch, "count": 1},
        {"unit": inline, "count": 3}]}))
    doc = load_doc(source)
    assert len(doc.cards) == 1
    assert [(e.count, e.subtotal) for e in doc.summary.entries] == [(2, 120), (1, 60),
                                                                    (3, 180)]
    pdf = reader(render(doc, "pdf"))
    assert len(pdf.pages) == 4  # the summary, the card, its sheet, the rules
    assert "360" in pdf.pages[0].extract_text()


@pytest.mark.parametrize("roster", ["northern-raid.yaml", "titans-folly.yaml"])
def test_example_rosters_export_to_pdf(tmp_path, roster):
    doc = load_doc(ROSTERS / roster)
    pdf = reader(export_path(ROSTERS / roster, "pdf", out=tmp_path).read_bytes())
    cards = len(doc.cards)
    assert len(pdf.pages) == 1 + -(-cards // 9) + -(-cards // 4) + 1  # and the rules
    summary = pdf.pages[0].extract_text()
    assert doc.name in summary and str(doc.summary.total) in summary
    for card in doc.cards:
        assert card.title in summary
    everything = "".join(p.extract_text() for p in pdf.pages[1:])
    for card in doc.cards:
        assert card.title in everything


def test_summary_lists_each_error_when_the_force_is_not_legal(tmp_path):
    source = tmp_path / "bad.yaml"
    source.write_text(yaml.safe_dump({"name": "Broken", "points_cap": 5, "units": [
        {"unit": {"name": "Fivefold", "types": ["Infantry"],
                  "skills": {"melee": {"off_dice": 5, "def_dice": 1, "range": 1}}},
         "count": 1}]}))
    pdf = reader(render(load_doc(source), "pdf"))
    summary = pdf.pages[0].extract_text()
    assert "NOT LEGAL" in summary
    assert "8 points is 3 over the points cap of 5" in summary
    assert "Fivefold, is not legal (1 error)" in summary
    assert "E-DICE" in summary
    card = {t[2] for t in card_slots(pdf.pages[1])[0]}
    assert "NOT LEGAL: 1 error" in card


def test_every_error_is_listed_however_many_pages_it_takes(tmp_path):
    source = tmp_path / "bad.yaml"
    source.write_text(yaml.safe_dump({"name": "Many Wrongs", "units": [
        {"unit": {"name": f"Wrong {i}", "types": ["Infantry"],
                  "skills": {"melee": {"off_dice": 4 + i % 3, "def_dice": 1, "range": 1}}}}
        for i in range(80)]}))
    doc = load_doc(source)
    pdf = reader(render(doc, "pdf"))
    summary_pages = len(pdf.pages) - 9 - 20  # 80 cards: 9 pages; 80 sheets: 20 pages
    assert summary_pages > 2
    summary = " ".join(p.extract_text() for p in pdf.pages[:summary_pages])
    for i in range(80):
        assert f"unit {i + 1}, Wrong {i}, is not legal (1 error)" in summary
        assert f"Melee OFF has {4 + i % 3} dice" in summary
    assert summary.count("force roster, continued") == summary_pages - 1
    for page in pdf.pages[:summary_pages]:
        _assert_inside(texts(page), 15, 15, 210 - 15, 297 - 15 + 7, "summary")


def test_letter_paper_page_size(tmp_path):
    pdf = reader(render(load_doc(ROSTERS / "northern-raid.yaml"), "pdf", paper="letter"))
    for page in pdf.pages:
        assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == \
            (612, 792)
    assert len(card_slots(pdf.pages[1], paper=(215.9, 279.4))) == 6


def test_text_outside_latin_1_is_drawn_as_it_is(tmp_path):
    source = tmp_path / "u.yaml"
    source.write_text(yaml.safe_dump({
        "name": "Ōni Šaman 鬼 − “Ghost”", "types": ["Infantry", "Ёж"],
        "skills": {"melee": {"off_dice": 1, "def_dice": 1, "range": 1}},
        "abilities": [{"name": "Ōath", "cost": 1, "text": "Ψ ≤ 3 → done"}]},
        allow_unicode=True), encoding="utf-8")
    written = export_path(source, "pdf", out=tmp_path / "out")
    assert written == tmp_path / "out" / "oni-saman-鬼-ghost.pdf"
    assert written.missing == () and written.warning is None
    card = card_slots(reader(written.read_bytes()).pages[0])[0]
    # Arimo draws the Latin and the Greek, the CJK font the 鬼, on one baseline
    (baseline,) = [y for _, y, text, _, _ in card if text == "Ōni Šaman"]
    title = sorted((x, text) for x, y, text, _, _ in card if abs(y - baseline) < 0.01)
    assert [text for _, text in title] == ["Ōni Šaman", "鬼", "− “Ghost”"]
    shown = {t[2] for t in card}
    assert {"Infantry, Ёж", "Ōath"} <= shown
    back = " ".join(t[2] for t in card_slots(reader(written.read_bytes()).pages[1])[2])
    assert "Ōath: Ψ ≤ 3 → done" in back


def _assert_inside(items, left, top, right, bottom, what):
    for x, y, text, style, size in items:
        w = width(text, style, size)
        assert left - 0.01 <= x and x + w <= right + 0.01, f"{what}: {text!r} runs out"
        assert top <= y - size * PT * 0.75 and y <= bottom, f"{what}: {text!r} runs out"


LONG = ("Whenever this unit does anything at all it must first recite its oath. " * 8).strip()


def long_unit(tmp_path: Path) -> Path:
    source = tmp_path / "long.yaml"
    source.write_text(yaml.safe_dump({
        "name": "Grand Archmagister Orenthal the Unbelievably Verbose of the Ninth Tower",
        "types": ["Infantry", "Cavalry", "Human", "Living", "Mage", "Warrior", "Soldier",
                  "Engineer", "Fire", "Frost", "Lightning", "Water", "Wood", "Earth"],
        "athletics": 12, "flight": True,
        "skills": {"melee": {"off_dice": 3, "off_bumps": [1, 2, 3, 4, -1], "def_dice": 3,
                             "def_bumps": [4, 4, 4, 4], "range": 12},
                   "ballistic": {"off_dice": 5, "def_dice": 3, "range": 100},
                   "arcane": {"off_dice": 3, "def_dice": 3, "range": 6}},
        "equipment": [{"item": "Shield"}, {"item": "Bow or Crossbow", "range": 10}],
        "abilities": [{"name": "Ember Oath Of The Long Winter", "cost": 3, "text": LONG},
                      {"name": "Second Oath", "cost": 2, "text": "Unbreakable" * 20},
                      {"name": "Stealth", "rank": 4}, "Hex"]}))
    return source


def test_long_text_moves_wraps_and_stays_inside_card_and_sheet(tmp_path):
    pdf = reader(render(load_doc(long_unit(tmp_path)), "pdf"))
    card = card_slots(pdf.pages[0])[0]
    _assert_inside(card, 1.5, 1.5, 63 - 1.5, 88 - 1.5, "card")
    shown = " ".join(t[2] for t in card)
    assert "\u2026" not in shown and "Grand Archmagister" in shown
    # the rules the card names, in full on its back: nothing is cut
    backs = card_slots(pdf.pages[1])
    for slot in backs.values():
        _assert_inside(slot, 1.5, 1.5, 63 - 1.5, 88 - 1.5, "back")
    back = "".join("".join(t[2] for t in slot) for slot in backs.values())
    assert LONG.replace(" ", "") in back.replace(" ", "")
    assert "Unbreakable" * 20 in back.replace(" ", "") and "\u2026" not in back
    # the record sheet: four cells of a page, 12 mm margins and a 6 mm gutter
    w, h = (210 - 24 - 6) / 2, (297 - 24 - 6) / 2
    _assert_inside(texts(pdf.pages[2]), 12, 12, 12 + w, 12 + h, "record sheet")


def test_every_example_card_stays_inside_its_card(tmp_path):
    pdf = reader(render(load_doc(ten_unit_roster(tmp_path)), "pdf"))
    for page in pdf.pages[1:3]:
        for slot in card_slots(page).values():
            _assert_inside(slot, 1.5, 1.5, 63 - 1.5, 88 - 1.5, "card")


def test_progress_reports_each_card_and_sheet(tmp_path):
    calls: list[tuple[int, int]] = []
    export_path(ten_unit_roster(tmp_path), "pdf", out=tmp_path / "o",
                progress=lambda done, total: calls.append((done, total)))
    assert calls[0] == (0, 21) and calls[-1] == (21, 21)  # summary + 10 cards + 10 sheets
    assert [d for d, _ in calls] == list(range(22))
