"""The force list (`--format list`, `list-html`): a force on as few pages as it fits, each
entry's count, name, stats, weapons, rule names and points, every rule once at the end,
and the system's own facts at its head."""

from __future__ import annotations

import io
import re
from html.parser import HTMLParser

import yaml
from pypdf import PdfReader

from designer.export import export_path, load_doc, render
from designer.export.army_list import force_list
from designer.export.glossary import glossary
from designer.systems import examples_dir


def pdf_pages(data: bytes) -> list[str]:
    return [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(data)).pages]


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.tags: list[tuple[str, dict]] = []
        self._style = False

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._style = tag == "style"

    def handle_endtag(self, tag):
        self._style = False

    def handle_data(self, data):
        if not self._style and data.strip():
            self.text.append(data.strip())


def html_text(html: str) -> tuple[str, _Text]:
    page = _Text()
    page.feed(html)
    return " ".join(" ".join(page.text).split()), page


def roster(system: str, name: str):
    return load_doc(examples_dir(system) / "rosters" / f"{name}.yaml")


def test_an_open_fire_force_fits_one_page_with_every_rule_once():
    doc = roster("openfire", "cinder-convoy")
    data = render(doc, "list")
    assert isinstance(data, bytes)
    (page,) = pdf_pages(data)
    assert page.startswith("Cinder Convoy Force list · Open Fire 0.3 172 of 200 points "
                           "(28 remaining) · 4 units · Activations: 4 · Models: 8")
    for title, points in (("Captain Ilse Marr", 21), ("Warden Patrol", 71),
                          ("Convoy Crawler", 41), ("Dust Kite", 39)):
        assert f"{title} {points} pts" in page
    assert "Long Rifle (Hot Loads) 24\" 2 1 2" in page  # a weapon's profile in full
    rules = glossary(doc.cards)
    assert len(rules) == 19
    for rule in rules:  # named by the entries, in full once at the end
        assert page.count(f"{rule.name}: {rule.text}") == 1, rule.name
    assert page.count("Rules: Open Fire core rules 0.3, open-source-tabletop, CC BY 4.0") == 1
    assert "[ ]" not in page  # no boxes to mark: a list is not a record sheet
    assert "…" not in page


def test_a_tactics_encounter_lists_each_side_with_its_facts_and_no_points():
    doc = roster("tactics", "dock-ambush")
    (page,) = pdf_pages(render(doc, "list"))
    players = page.index("Players creatures 1 · actions a turn 3 · shield points 3 · wound "
                         "capacity 20")
    enemies = page.index("Enemies creatures 8 · actions a turn 17 · shield points 6 · wound "
                         "capacity 160")
    assert players < page.index("Sergeant Vale") < enemies < page.index("6× Dock Thug")
    assert not re.search(r"\d+ pts", page)
    assert "points" not in page.replace("shield points", "").replace("no points system", "")
    # the sheets' reminders and the area effects: every one once, however many sheets
    for words in ("Resolve: Agility roll vs Precision", "Splash: Also hits whoever",
                  "Deflector Pulse: Spend the React before the Agility roll."):
        assert page.count(words) == 1, words
    assert page.count("Rules: Resolve, Distances, Precision, *Endurance, Sheet") == 4


def test_text_two_characters_share_prints_once_among_the_rules():
    doc = roster("op-en", "lantern-company")
    data = force_list(doc)
    assert ("Hatchet", "A woodsman's axe; also cuts reeds and rope.") in data.shared
    (page,) = pdf_pages(render(doc, "list"))
    assert page.count("A woodsman's axe; also cuts reeds and rope.") == 1
    assert page.count("Hatchet (3 · melee weapon, damage 2)") == 3  # named by each
    assert page.count("A long, well-balanced sword") == 1  # Oriel Vane's own, in place
    assert "Treasury" not in page and "609 of 750 points (141 remaining)" in page
    assert "Core Stat: Fight" in page and "Leader: Oriel Vane" in page


def test_a_force_that_is_not_legal_says_why_at_its_head(tmp_path):
    (page,) = pdf_pages(render(roster("openfire", "broken-convoy"), "list"))
    head = page[:page.index("Captain Ilse Marr")]
    assert "230 of 200 points (30 over)" in head and "NOT LEGAL" in head
    assert "2 command unit(s); Ash Wastes (demonstration) needs 1: remove some" in head
    assert "2× Captain Ilse Marr 42 pts (21 each)" in page


def test_list_html_holds_the_same_entries_and_rules():
    doc = roster("openfire", "cinder-convoy")
    html = render(doc, "list-html")
    assert isinstance(html, str)
    text, page = html_text(html)
    articles = [a["aria-label"] for t, a in page.tags if t == "article"]
    assert articles == ["Captain Ilse Marr", "Warden Patrol", "Convoy Crawler", "Dust Kite"]
    for rule in glossary(doc.cards):
        assert text.count(f"{rule.name}: {rule.text}") == 1
    assert "172 of 200 points (28 remaining)" in text and "Warden Patrol 71 pts" in text
    assert "script" not in {t for t, _ in page.tags}
    assert re.search(r"@page \{ size: A4; margin: 12mm; \}", html)


def test_a_unit_file_lists_as_one_entry_and_files_land_beside_the_cards(tmp_path):
    unit = examples_dir() / "units" / "steam-witch.yaml"
    written = export_path(unit, "list", out=tmp_path)
    assert written.name == "steam-witch-list.pdf"
    (page,) = pdf_pages(written.read_bytes())
    assert page.startswith("Steam Witch Force list · OpenTactics 2e 60 points")
    assert "Abilities: Hex, Weaken" in page and "Hex: " in page
    html = export_path(unit, "list-html", out=tmp_path)
    assert html.name == "steam-witch-list.html"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["steam-witch-list.html",
                                                         "steam-witch-list.pdf"]


def test_user_text_in_a_list_is_inert(tmp_path):
    source = tmp_path / "evil.yaml"
    source.write_text(yaml.safe_dump({
        "name": "<script>alert(1)</script>", "types": ["Infantry"],
        "skills": {"melee": {"off_dice": 1, "def_dice": 1, "range": 1}},
        "abilities": [{"name": "<img src=x onerror=alert(2)>", "cost": 1, "text": "</p>"}]}))
    text, page = html_text(render(load_doc(source), "list-html"))
    assert {"script", "img"}.isdisjoint(t for t, _ in page.tags)
    assert "<script>alert(1)</script>" in text and "<img src=x onerror=alert(2)>: </p>" in text
