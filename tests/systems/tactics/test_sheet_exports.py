"""The TACTICS sheet in the HTML, Markdown and text exports: every element of the
printed sheet (spec §7) in each; the HTML as half-page sheets two to a page on A4 or
Letter; the Markdown and text sheets in the card's own order, with pips and boxes."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from designer.export import load_doc, render
from designer.export.document import unit_doc
from designer.export.html import html_sheet
from designer.export.sheet_layout import MIN_FILL
from designer.units import LoadedUnit
from tests.systems.tactics.conftest import ROSTERS, TX, UNITS, data, weapon

#: what the printed sheet of Sergeant Vale shows, each as one run of text (§7): header,
#: React and Press boxes, offense, defense, soak, shields, wounds, weapons, reminder,
#: distance legend, action lists and footer
VALE = (
    "Sergeant Vale", "Standard", "3 actions", "React", "Press 1", "Press 3", "penalty ___",
    "offense: the number an Agility roll must reach", "13", "d20 + 2",
    "defense roll against Precision", "in flux in the notes [25]; left blank", "d20 + 3",
    "Endurance* 1 + Armor 2", "shielded [ ] regain 1 a turn; at 0 cool-down check: ___",
    "3 max", "incapacitated", "dead if same source or scene; any further wound kills",
    "Damage", "Precision", "Distance", "Area", "Sidearm", "Frag Charge", "expl. small",
    "Arc Lash", "chain 3",
    "Agility roll vs Precision: each point short adds 1 damage; soak subtracts; what "
    "remains are wounds.",
    "I immediate, C close (same zone), M up to 3 zones, F up to 5, S sight",
    "which Precision applies, the weapon's or the character's, is the table's call.",
    "listed as offensive in the notes [19], used for soak [27, 31].",
    "Take Cover", "Aim", "Suppressing Fire", "Brace", "Leads the dock patrol.",
    "Based on the TACTICS design notes; no points system.",
)


class Page(HTMLParser):
    """Each element with its attributes and the text directly inside it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str]]] = []
        self.texts: list[str] = []
        self.in_style = False

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, {k: v or "" for k, v in attrs}))
        self.in_style = tag == "style"

    def handle_endtag(self, tag):
        self.in_style = False

    def handle_data(self, text):
        if not self.in_style and text.strip():
            self.texts.append(text.strip())

    def having(self, tag: str, cls: str) -> list[dict[str, str]]:
        return [a for t, a in self.elements if t == tag and cls in a.get("class", "").split()]


def parse(html: str) -> Page:
    page = Page()
    page.feed(html)
    page.close()
    return page


def sheet_of(**fields) -> LoadedUnit:
    table = TX.bundled_catalog()
    return LoadedUnit(TX, table, TX.parse_unit(data(**fields), table))


def flat(text: str) -> str:
    """Markdown without its escapes, and any text with its wrapped lines joined."""
    return " ".join(text.replace("\\", "").split())


@pytest.mark.parametrize("fmt", ["html", "md", "txt"])
def test_every_element_of_the_printed_sheet(fmt):
    text = render(load_doc(UNITS / "sergeant-vale.yaml"), fmt)
    assert isinstance(text, str)
    shown = [flat(" ".join(parse(text).texts))] if fmt == "html" else [flat(text)]
    for words in VALE:
        assert any(words in t for t in shown), words


@pytest.mark.parametrize("fmt", ["html", "md", "txt"])
def test_a_medium_explosion_says_it_cannot_be_dodged_normally(fmt):
    text = render(load_doc(UNITS / "warden-drone.yaml"), fmt)
    assert isinstance(text, str)
    shown = flat(text)
    assert "Mortar Pod" in shown and "expl. med." in shown and "no normal dodge" in shown
    if fmt != "html":  # the roomier exports also explain every area effect
        assert "Cannot be dodged normally: brace and soak [51]." in shown


def test_html_sheet_has_pips_boxes_and_the_wound_track():
    page = parse(render(load_doc(UNITS / "sergeant-vale.yaml"), "html"))
    assert page.having("article", "sheet") and not page.having("article", "card")
    assert len(page.having("table", "grid")) == 3  # turn, shield and wound track, weapons
    # 3 shield boxes + 20 wound boxes to tick; the shield row's other 7 marked unused
    assert len(page.having("td", "box")) == 23
    html = render(load_doc(UNITS / "sergeant-vale.yaml"), "html")
    assert len(re.findall(r'<td class="muted"[^>]*><span class="ln"><span class="b">x</span>',
                          str(html))) == 7
    assert len(page.having("span", "pip")) == 3
    assert [a["aria-label"] for a in page.having("span", "dice")] == ["3 Actions"]
    labels = [t for t in page.texts if t in ("Shields", "Wounds", "11-20")]
    assert labels == ["Shields", "Wounds", "11-20"]


@pytest.mark.parametrize(("paper", "size", "sheet"), [
    ("a4", "A4", "width: 186.00mm; height: 133.50mm"),  # (210 - 24) x (297 - 30) / 2
    ("letter", "letter", "width: 191.90mm; height: 124.70mm"),  # (215.9 - 24) x 249.4 / 2
])
def test_html_sheets_are_half_pages_two_to_a_page(paper, size, sheet):
    html = render(load_doc(ROSTERS / "dock-ambush.yaml"), "html", paper=paper)
    assert isinstance(html, str)
    page = parse(html)
    assert f"@page {{ size: {size}; margin: 6mm; }}" in html
    sheets = page.having("article", "sheet")
    # six dock thugs: their sheet, then a track for each, three to a sheet
    assert [a["aria-label"] for a in sheets] == [
        "Sergeant Vale", "Dock Thug", "Dock Thug: tracks 1-3 of 6", "Dock Thug: tracks 4-6 of 6",
        "Harbour Brute", "Warden Drone"]
    assert {a["style"] for a in sheets} == {sheet}
    pages = [a["aria-label"] for a in page.having("section", "sheets")]
    assert pages == ["Sheets, page 1 of 3", "Sheets, page 2 of 3", "Sheets, page 3 of 3"]
    assert not page.having("section", "cards") and not page.having("article", "card")
    assert ".sheets { box-shadow: none; margin: 0 auto; padding: 6mm 0 0;" in html


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_bands_shrink_together_to_leave_the_rules_their_room(paper):
    # the clean sheet's bands at full size take more than the half page less what the
    # rules need (MIN_FILL at most): they shrink together, the rules keep their room and
    # every word of them
    card = TX.card(sheet_of().assessment)
    view = html_sheet(card, paper)
    assert view.scale < 1.0
    room = view.h - view.fill_top - view.foot_h
    assert view.fill_text.height(1.2, 0.5) < room <= MIN_FILL + 0.01
    (track,) = [b for b in view.bands if b.rows and b.rows[0].label == "Shields"]
    assert [r.height for r in track.rows] == pytest.approx([7.5 * view.scale] * 3)
    assert view.fill is not None and view.fill.label == "Rules" and not view.rest
    assert len(view.fill_text.lines) == 5  # each rule on a line of its own


def test_a_shorter_sheet_shrinks_less():
    full = html_sheet(TX.card(sheet_of().assessment), "a4")
    short = sheet_of(weapons=[], maneuvers=[], presses=[], reacts=[], shields=0)
    view = html_sheet(TX.card(short.assessment), "a4")
    assert full.scale < view.scale < 1.0
    (track,) = [b for b in view.bands if b.rows and b.rows[0].label == "Wounds"]
    assert [r.height for r in track.rows] == pytest.approx([7.5 * view.scale] * 2)
    html = render(unit_doc(short), "html")
    assert str(html).count('<span class="i" style="color: #69696e">none</span>') == 3


def test_user_text_on_a_sheet_is_inert():
    payload = "<script>alert(1)</script>"
    loaded = sheet_of(name=payload, weapons=[weapon(name="<img src=x onerror=alert(2)>")],
                      maneuvers=["</style><b>bold</b>"])
    html = render(unit_doc(loaded), "html")
    assert isinstance(html, str)
    page = parse(html)
    tags = {t for t, _ in page.elements}
    assert "script" not in tags and "img" not in tags
    assert all(not k.startswith("on") for _, attrs in page.elements for k in attrs)
    shown = flat(" ".join(page.texts))
    assert payload in shown and "<img src=x onerror=alert(2)>" in shown
    assert "</style><b>bold</b>" in shown


def test_html_progress_counts_each_sheet():
    calls: list[tuple[int, int]] = []
    render(load_doc(ROSTERS / "dock-ambush.yaml"), "html",
           progress=lambda done, total: calls.append((done, total)))
    assert calls == [(n, 6) for n in range(7)]  # four sheets, two of the thugs' tracks


def test_text_sheet_in_card_order_with_pips_and_boxes():
    text = render(load_doc(UNITS / "sergeant-vale.yaml"), "txt")
    assert isinstance(text, str)
    lines = text.splitlines()
    turn = "Turn        \u25cf\u25cf\u25cf       [ ]         [ ]         [ ]          [ ]"
    shields = "Shields       [ ]  [ ]  [ ]  x    x    x    x    x    x    x"
    wounds = "Wounds        " + "  ".join(["[ ]"] * 10)
    assert turn in lines and shields in lines and wounds in lines
    assert lines.count(wounds) == 1 and "Wounds 11-20  " + "  ".join(["[ ]"] * 10) in lines
    order = [lines.index(turn), lines.index("Precision: 13, offense: the number an Agility "
                                            "roll must reach"),
             lines.index(shields), lines.index("Shields: 3 max, shielded [ ] regain 1 a "
                                               "turn; at 0 cool-down check: ___"),
             next(i for i, line in enumerate(lines) if line.startswith("Sidearm ")),
             lines.index("Presses: Suppressing Fire"), lines.index("Rules:")]
    assert order == sorted(order)
    assert lines[lines.index(shields) - 2] == ""  # a table is set apart from the lines


def test_markdown_sheet_with_pips_and_boxes():
    text = render(load_doc(UNITS / "dock-thug.yaml"), "md")
    assert isinstance(text, str)
    lines = text.splitlines()
    box = "\\[ \\]"
    assert f"| **Turn** | \u25cf\u25cf | {box} | {box} | {box} |" in lines
    assert "| **Wounds** | " + " | ".join([box] * 10) + " |" in lines
    assert "| **Wounds 11-20** | " + " | ".join([box] * 10) + " |" in lines
    assert not any(line.startswith("| **Shields**") for line in lines)  # no shields
    assert "**Shields:** none · unshielded: vulnerable to wounds \\[35\\]" in lines
    # a sub row's empty cells are small print, not boxes
    assert "| **Turn notes** | per turn | one a turn | no penalty | penalty \\_\\_\\_ |" \
        in lines
