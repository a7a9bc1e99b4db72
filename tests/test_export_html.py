"""HTML export parsed back with the standard library: one card per unit with its name and
points, nothing fetched from the network, and user text that stays text."""

from __future__ import annotations

from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

from designer.export import export_path, load_doc, render
from designer.systems import examples_dir

UNITS = examples_dir() / "units"
ROSTERS = examples_dir() / "rosters"
VOID = {"meta", "col", "br", "img", "link", "input", "hr", "polygon"}


class Page(HTMLParser):
    """Elements, text and attributes of a page, with each card's text kept apart."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.cards: list[list[str]] = []
        self.styles: list[str] = []
        self._stack: list[str] = []
        self._card_depth: int | None = None
        self._in_style = False

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        self.tags.append((tag, attributes))
        if tag == "style":
            self._in_style = True
        if tag not in VOID:
            self._stack.append(tag)
            if tag == "article" and "card" in (attributes.get("class") or "").split():
                self._card_depth = len(self._stack)
                self.cards.append([])

    def handle_endtag(self, tag):
        if tag == "style":
            self._in_style = False
        if tag in VOID:
            return
        assert self._stack and self._stack[-1] == tag, f"</{tag}> closes {self._stack[-1:]}"
        if self._card_depth == len(self._stack):
            self._card_depth = None
        self._stack.pop()

    def handle_data(self, data):
        if self._in_style:
            self.styles.append(data)
            return
        if data.strip():
            self.text.append(data.strip())
            if self._card_depth is not None:
                self.cards[-1].append(data.strip())


def parse(html: str) -> Page:
    page = Page()
    page.feed(html)
    page.close()
    assert page._stack == [], f"unclosed elements: {page._stack}"
    return page


def card_named(page: Page, name: str) -> list[str]:
    (card,) = [c for c in page.cards if c and c[0] == name]
    return card


@pytest.mark.parametrize("roster", ["northern-raid.yaml", "titans-folly.yaml"])
def test_roster_html_has_summary_and_one_card_per_unit(tmp_path, roster):
    doc = load_doc(ROSTERS / roster)
    path = export_path(ROSTERS / roster, "html", out=tmp_path)
    assert path.suffix == ".html"
    page = parse(path.read_text(encoding="utf-8"))
    assert len(page.cards) == len(doc.cards)
    for card in doc.cards:
        shown = card_named(page, card.title)
        assert str(card.points) in shown and "POINTS" in shown
        (abilities,) = [s for s in card.sections() if s.label == "Abilities"]
        for ability in abilities.entries:  # named on the card, in full once in the rules
            assert ability.title in " ".join(shown)
            assert " ".join(page.text).count(f"{ability.rule_name}: {ability.text}") == 1
    assert doc.summary.name in page.text
    assert str(doc.summary.total) in page.text
    status = "LEGAL" if doc.summary.legal else "NOT LEGAL"
    assert status in page.text


def test_unit_card_holds_every_stat_of_the_reference_card():
    page = parse(render(load_doc(UNITS / "steam-witch.yaml"), "html"))
    (card,) = page.cards
    assert card[:4] == ["Steam Witch", "60", "POINTS", "Cavalry, Human, Living, Mage"]
    for text in ("Melee", "Ballistic", "Arcane", "Technical", "OFF", "DEF", "RNG", "ATH",
                 "10", "flies", "-1", "+1", "printed 49, tally 60"):
        assert text in card
    assert "Abilities: Hex, Weaken" in " ".join(card)
    dice = [(a.get("class"), a.get("aria-label")) for tag, a in page.tags
            if tag == "span" and a.get("role") == "img"]
    assert dice == [("dice", "1 OFF die"), ("dice", "2 OFF dice"), ("dice", "1 OFF die"),
                    ("dice", "2 DEF dice"), ("dice", "2 DEF dice"), ("dice", "2 DEF dice"),
                    ("dice", "2 DEF dice")]
    red = [a for tag, a in page.tags if tag == "span" and a.get("class") == "die attack"]
    blue = [a for tag, a in page.tags if tag == "span" and a.get("class") == "die defence"]
    assert (len(red), len(blue)) == (4, 8)


def test_a_script_in_a_name_is_inert(tmp_path):
    source = tmp_path / "evil.yaml"
    payload = "<script>alert(1)</script>"
    source.write_text(yaml.safe_dump({
        "name": payload, "types": ["Infantry", "<img src=x onerror=alert(2)>"],
        "skills": {"melee": {"off_dice": 1, "def_dice": 1, "range": 1}},
        "abilities": [{"name": "</style><script>alert(3)</script>", "cost": 1,
                       "text": "\" onmouseover=\"alert(4)"}]}))
    html = export_path(source, "html", out=tmp_path / "out").read_text(encoding="utf-8")
    page = parse(html)
    tags = [t for t, _ in page.tags]
    assert "script" not in tags and "img" not in tags
    assert all(not k.startswith("on") for _, attrs in page.tags for k in attrs)
    assert payload in page.text  # shown as text, literally
    assert "</style><script>alert(3)</script>" in " ".join(page.text)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    csp = [a["content"] for t, a in page.tags
           if t == "meta" and a.get("http-equiv") == "Content-Security-Policy"]
    assert csp == ["default-src 'none'; style-src 'unsafe-inline'; img-src data:"]


def test_self_contained_no_network(tmp_path):
    html = render(load_doc(ROSTERS / "northern-raid.yaml"), "html")
    page = parse(html)
    for tag, attrs in page.tags:
        assert tag not in {"script", "link", "iframe", "img", "object"}
        for key in ("src", "href"):
            assert key not in attrs, f"<{tag} {key}=...> would load something"
    css = "".join(page.styles)
    assert "url(" not in css and "@import" not in css
    assert "http://" not in html and "https://" not in html


@pytest.mark.parametrize(("paper", "size"), [("a4", "A4"), ("letter", "letter")])
def test_prints_cards_at_size_on_the_chosen_paper(paper, size):
    page = parse(render(load_doc(UNITS / "ash-warden.yaml"), "html", paper=paper))
    css = "".join(page.styles)
    assert f"@page {{ size: {size}; margin: 6mm; }}" in css
    assert "width: 63mm; height: 88mm;" in css
    assert "grid-template-columns: repeat(3, 63mm)" in css


def test_ten_cards_make_two_printed_pages(tmp_path):
    source = tmp_path / "ten.yaml"
    source.write_text(yaml.safe_dump({"name": "Ten", "units": [
        {"unit": str(p)} for p in sorted(UNITS.glob("*.yaml"))]}))
    page = parse(render(load_doc(source), "html"))
    sections = [a.get("aria-label") for t, a in page.tags
                if t == "section" and a.get("class") == "cards"]
    assert sections == ["Unit cards, page 1 of 2", "Unit cards, page 2 of 2"]
    assert len(page.cards) == 10


def test_long_text_moves_to_the_rules_at_one_size_not_a_bigger_card(tmp_path):
    source = tmp_path / "long.yaml"
    oath = "Recite the oath. " * 30
    source.write_text(yaml.safe_dump({
        "name": "Grand Archmagister Orenthal the Unbelievably Verbose of the Ninth Tower",
        "skills": {"melee": {"off_dice": 1, "off_bumps": [1, 2, 3, 4], "def_dice": 1}},
        "abilities": [{"name": f"Oath {i}", "cost": 1, "text": oath} for i in range(3)]}))
    html = render(load_doc(source), "html")
    page = parse(html)
    styles = {a.get("class"): a.get("style") for t, a in page.tags if t == "div"}
    assert styles["text"].endswith("font-size: 6.50pt")  # the card's one text size
    assert "Abilities: Oath 0 (custom) , Oath 1 (custom) , Oath 2 (custom)" in " ".join(
        page.cards[0])
    for i in range(3):  # each oath in full, once, in the rules
        assert " ".join(page.text).count(f"Oath {i}: {oath.strip()}") == 1
    (name,) = [a for t, a in page.tags if t == "h3" and a.get("class") == "name"]
    name_size = float(name["style"].removeprefix("font-size: ").removesuffix("pt"))
    assert 5.5 <= name_size <= 7.5
    title = html[html.index('<h3 class="name"'):html.index("</h3>")]
    assert title.count('class="ln"') in (2, 3)  # the name wraps, whole
    bump_sizes = [a["style"] for t, a in page.tags if t == "td" and a.get("style")]
    assert bump_sizes[0] != "font-size: 7.50pt"  # "+1 +2 +3 +4" shrinks to its column


def test_the_card_layout_is_the_switch_between_cards_and_sheets():
    """A card laid out as a sheet prints as a half-page sheet whatever its system, and a
    sheet system's card laid out as a card prints as a poker card."""
    doc = load_doc(UNITS / "steam-witch.yaml")
    html = render(doc, "html")
    assert ".sheets {" not in html and 'class="sheet"' not in html
    page = parse(render(replace(doc, cards=[replace(doc.cards[0], layout="sheet")]), "html"))
    assert page.cards == []
    (sheet,) = [a for t, a in page.tags if t == "article"]
    assert sheet["class"] == "sheet" and sheet["aria-label"] == "Steam Witch"
    assert {"Melee", "OFF"} <= set(page.text) and "Hex, Weaken" in " ".join(page.text)
    tactics = load_doc(examples_dir("tactics") / "units" / "dock-thug.yaml")
    page = parse(render(replace(tactics, cards=[replace(tactics.cards[0], layout="card")]),
                        "html"))
    assert card_named(page, "Dock Thug")[:2] == ["Dock Thug", "Minion, 2 actions, d20"]


def test_templates_load_from_package_resources():
    from designer.export.html import environment

    env = environment()
    assert env.autoescape is True
    assert Path(env.get_template("card.html.j2").filename or "card.html.j2").name \
        == "card.html.j2"
