"""Every format draws the neutral card, never a system: a toy game system's hand-built
cards (any number of columns, text cells, a stat without an icon, plain sections, with
points and without) export in every format and read back."""

from __future__ import annotations

import io
import json
from collections.abc import Mapping, Sequence
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
import yaml
from pypdf import PdfReader

from designer.card import Card, Entry, Row, Section, Stat, Table, Tag, dice, text
from designer.entries import ForceEntry
from designer.export import EXTENSIONS, FORMATS, STEM_SUFFIX, export_doc, render
from designer.export.document import ExportDoc, roster_doc, unit_doc
from designer.roster import Force
from designer.systems import (
    Assessment,
    CatalogSection,
    Fact,
    ForceRules,
    GameSystem,
    Member,
    Step,
)
from designer.tally import Issue, Line, Tally
from designer.units import LoadedUnit

HIDDEN = "Kept off the card"


class Ledger(GameSystem):
    """A system without points: no totals, no budget."""

    NAME = "ledger"
    TITLE = "Ledger of Heroes"
    SHORT = "Ledger 1e"
    PRICED = False

    def load_catalog(self, root: Path) -> Any:
        return {}

    def parse_unit(self, data: Any, catalog: Any, *, file: str | Path | None = None,
                   field_prefix: str = "") -> Any:
        return dict(data)

    def new_unit(self, name: str, catalog: Any) -> Any:
        return {"name": name}

    def unit_data(self, unit: Any) -> dict[str, Any]:
        return {"system": self.NAME, **unit}

    def assess(self, unit: Any, catalog: Any) -> Assessment:
        tally = Tally(unit["name"], [Line("base", "Base cost", unit["cost"])]
                      if "cost" in unit else [])
        if unit.get("broken"):
            tally.issues.append(Issue("E-TOY", "error", "this hero is broken", "name"))
        return Assessment(unit, {"guard": unit.get("guard", 4)}, tally)

    def steps(self) -> tuple[Step, ...]:
        return (Step("base", "Base"),)

    def card(self, assessment: Assessment) -> Card:
        unit = assessment.unit
        stats = Table(("Move", "Guard"), (
            Row("Base", (text(unit.get("move", 6)), text(assessment.final["guard"])),
                short="BAS"),
            Row("Bonus", (text("+1", "highlight"), text("")), sub=True),
        ))
        blocks: list[Any] = [stats, Stat("Wounds", "3")]
        if "cost" in unit:  # a costed hero has a dice row and an icon the formats lack
            blocks.insert(1, Table(("Fire", "Ice", "Wind"), (
                Row("Pool", (dice(5, "attack"), dice(0), dice(2, "defence")), short="POOL"),
            )))
            blocks.append(Stat("Nerve", "7", icon="star", note="steady"))
        blocks += [
            Section("Traits", (Entry("Tough", "innate", "Ignores the first wound."),
                               Entry("Quick"))),
            Section("Kit", (Entry("Rope"), Entry("Lantern", "lit")), compact=True),
            Section("Sources", (Entry(HIDDEN, "rulebook"),), compact=True, on_card=False),
        ]
        points = assessment.tally.total if self.PRICED else None
        return Card(unit["name"], points, self.SHORT,
                    (Tag("Human"), Tag("Storm", "highlight", "+")), tuple(blocks),
                    assessment.tally, legend="+ storm-touched", final=dict(assessment.final))

    def force_rules(self, catalog: Any, fields: Mapping[str, Any] | None = None) -> ForceRules:
        return ForceRules(None, facts=self._facts)

    @staticmethod
    def _facts(members: Sequence[Member]) -> list[Fact]:
        return [Fact("renown", "Renown", sum(m.count for m in members) * 2)]

    def catalog_sections(self, catalog: Any) -> tuple[CatalogSection, ...]:
        return ()

    def json_schemas(self) -> dict[str, dict[str, Any]]:
        return {}


class Guild(Ledger):
    """A priced system whose budget is a treasury."""

    NAME = "guild"
    TITLE = "Guild Wars of Tin"
    SHORT = "Guild 3e"
    PRICED = True

    def force_rules(self, catalog: Any, fields: Mapping[str, Any] | None = None) -> ForceRules:
        return ForceRules("Treasury", facts=self._facts, default_budget=50)


def loaded(game: GameSystem, **unit: Any) -> LoadedUnit:
    return LoadedUnit(game, {}, {"name": "Aldra the Grey", **unit})


class _Text(HTMLParser):
    """The text of a page, without its style sheet."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self._style = False

    def handle_starttag(self, tag, attrs):
        self._style = self._style or tag == "style"

    def handle_endtag(self, tag):
        self._style = self._style and tag != "style"

    def handle_data(self, data):
        if not self._style and data.strip():
            self.text.append(data.strip())


def pdf_text(data: bytes) -> str:
    assert data.startswith(b"%PDF-")
    return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages)


def shown(doc: ExportDoc, fmt: str) -> str:
    """What a reader sees of a format, as text on one line."""
    out = render(doc, fmt)
    if fmt in ("pdf", "list"):
        assert isinstance(out, bytes)
        out = pdf_text(out)
    elif fmt in ("html", "list-html"):
        page = _Text()
        page.feed(out)
        out = " ".join(page.text)
    assert isinstance(out, str)
    return " ".join(out.replace("\\", "").split())


@pytest.mark.parametrize("fmt", ["pdf", "html", "md", "txt"])
def test_a_card_without_points_shows_its_blocks_and_no_points(fmt):
    doc = unit_doc(loaded(Ledger()))
    (card,) = doc.cards
    assert card.points is None
    out = shown(doc, fmt)
    for value in ("Aldra the Grey", "Human", "Move", "Guard", "6", "4", "+1", "Wounds", "3",
                  "Tough", "innate", "Ignores the first wound.", "Quick", "Rope",
                  "Lantern (lit)"):
        assert value in out, f"{fmt}: {value!r} missing"
    for absent in ("POINTS", "points", "COST", "Tally", "printed"):
        assert absent not in out, f"{fmt}: {absent!r} shown for a system without points"
    assert "OpenTactics" not in out
    if fmt in ("pdf", "html"):
        assert "Ledger 1e" in out  # the card's footer names its system
        assert "Kit: Rope, Lantern (lit)" in out
        assert HIDDEN not in out  # a section kept off the card
    else:
        assert HIDDEN in out and "Storm+" in out and "(+ storm-touched)" in out


@pytest.mark.parametrize("fmt", ["pdf", "html", "md", "txt"])
def test_a_priced_card_of_another_system_shows_its_points(fmt):
    doc = unit_doc(loaded(Guild(), cost=12))
    out = shown(doc, fmt)
    assert "12" in out and "Fire" in out and "Wind" in out
    if fmt in ("pdf", "html"):
        assert "POINTS" in out and "steady" in out  # an unknown icon: just its note
    else:
        assert "12 points" in out and "Tally: base 12 = 12" in out.replace("*", "")


@pytest.mark.parametrize("game", [Ledger(), Guild()], ids=lambda g: g.NAME)
def test_the_data_exports_use_the_system_and_the_cards_final_values(game):
    unit = loaded(game, cost=12) if game.PRICED else loaded(game)
    doc = unit_doc(unit)
    data = json.loads(render(doc, "json"))
    assert data["system"] == game.NAME and data["name"] == "Aldra the Grey"
    if game.PRICED:
        assert data["total"] == 12
    else:  # no points anywhere
        assert not {"total", "printed", "breakdown", "step_totals"} & set(data)
    assert data["final"] == {"guard": 4}
    assert data["unit"] == game.unit_data(unit.unit)
    written = render(doc, "yaml")
    assert yaml.safe_load(written) == game.unit_data(unit.unit)
    assert ("12 points" in written) is game.PRICED


def band(game: GameSystem) -> Force:
    heroes = [game.assess({"name": "Aldra the Grey", "cost": 12}, {}),
              game.assess({"name": "Bren", "cost": 9, "guard": 5, "broken": True}, {})]
    cap = 40 if game.PRICED else None
    return Force(game, {}, "The Tin Band", cap,
                 entries=(ForceEntry(heroes[0], 2), ForceEntry(heroes[1], 1)))


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("game", [Ledger(), Guild()], ids=lambda g: g.NAME)
def test_a_force_of_another_system_exports_in_every_format(tmp_path, game, fmt):
    doc = roster_doc(band(game))
    assert doc.summary is not None and doc.summary.budget == game.force_rules({}).budget
    path = export_doc(doc, fmt, out=tmp_path)
    assert path == tmp_path / f"the-tin-band{STEM_SUFFIX.get(fmt, '')}{EXTENSIONS[fmt]}"
    if fmt == "json":
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["renown"] == 6
        if game.PRICED:
            assert data["budget"] == game.force_rules({}).budget
        else:
            assert not {"budget", "points_cap", "total", "remaining"} & set(data)
            assert not any({"points", "subtotal"} & set(e) for e in data["entries"])
        assert [e["unit"]["name"] for e in data["entries"]] == ["Aldra the Grey", "Bren"]
        return
    if fmt == "yaml":
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert [u["count"] for u in data["units"]] == [2, 1]
        assert "Renown: 6" in path.read_text(encoding="utf-8")
        return
    out = shown(doc, fmt)
    assert "The Tin Band" in out and game.TITLE in out and "Bren" in out
    assert "NOT LEGAL" in out and "this hero is broken" in out
    if fmt in ("pdf", "html"):
        assert "RENOWN" in out
    else:
        assert "Renown: 6" in out
    if game.PRICED:
        for value in ("TREASURY" if fmt in ("pdf", "html") else "of 40", "33"):
            assert value in out, f"{fmt}: {value!r} missing"
    else:
        for absent in ("POINTS CAP", "TREASURY", "Subtotal", "points", "Points"):
            assert absent not in out, f"{fmt}: {absent!r} shown for a force without points"


def test_export_doc_refuses_to_overwrite_unless_asked(tmp_path):
    from designer.errors import InputError

    doc = unit_doc(loaded(Ledger()))
    first = export_doc(doc, "md", out=tmp_path)
    with pytest.raises(InputError, match="exists; pass --force to overwrite"):
        export_doc(doc, "md", out=tmp_path)
    assert export_doc(doc, "md", out=tmp_path, overwrite=True) == first
