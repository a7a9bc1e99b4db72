"""The TUI reaches a game system only through the contract: a toy system with points of
no kind, three steps and one editor of its own gets the whole designer (the generic
editors for the rest), a forces screen without a budget, and a browser of its catalog."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
from textual import on
from textual.app import ComposeResult

from designer.card import Card, Entry, Row, Section, Stat, Table, Tag, dice, text
from designer.io import load_yaml
from designer.systems import (
    Assessment,
    CatalogRow,
    CatalogSection,
    Fact,
    ForceRules,
    GameSystem,
    Member,
    Step,
    system,
)
from designer.tally import Issue, Line, Tally
from designer.tui.app import build_app
from designer.tui.editors import (
    GuideEditor,
    StepEditor,
    TallyEditor,
    View,
    editors_for,
    register_editors,
    unregister_editors,
)
from designer.tui.widgets.fields import Spinner
from designer.tui.widgets.points_bar import PointsBar
from tests.plugins import installed

pytestmark = pytest.mark.tui

SIZE = (120, 40)
TUI = Path(__file__).resolve().parents[2] / "designer" / "tui"


@dataclass(frozen=True)
class Hero:
    name: str
    might: int = 0


class Toy(GameSystem):
    NAME = "hero-toy"
    TITLE = "Toy Skirmish"
    SHORT = "Toy"
    UNIT_WORD = "hero"

    def load_catalog(self, root: Path) -> dict:
        return {"relics": ["Lamp", "Re-roll Stone"]}

    def parse_unit(self, data: Any, catalog: Any, *, file=None, field_prefix="") -> Hero:
        return Hero(data["name"], data.get("might", 0))

    def new_unit(self, name: str, catalog: Any) -> Hero:
        return Hero(name)

    def unit_data(self, unit: Hero) -> dict[str, Any]:
        return {"system": "hero-toy", "name": unit.name, "might": unit.might}

    def assess(self, unit: Hero, catalog: Any) -> Assessment:
        tally = Tally(unit.name, [Line("stats", f"Might {unit.might}", unit.might)])
        if unit.might > 3:
            tally.issues = [Issue("E-MIGHT", "error", "might is at most 3", "stats.might")]
        elif unit.might == 0:
            tally.issues = [Issue("W-GEAR", "warning", "a hero carries a relic", "gear")]
        return Assessment(unit, {"might": unit.might}, tally)

    def steps(self) -> tuple[Step, ...]:
        return (Step("stats", "Stats", "How mighty the hero is."),
                Step("gear", "Gear", "Relics the hero carries."),
                Step("review", "Review", "Everything at a glance."))

    def card(self, assessment: Assessment) -> Card:
        unit = assessment.unit
        grid = Table(("Might", "Wits"), (Row("Dice", (dice(unit.might), dice(1)), short="D"),
                                         Row("Bonus", (text("+1"), text("")), sub=True)))
        return Card(unit.name, None, self.SHORT, (Tag("Hero"), Tag("Fire", "highlight")),
                    (grid, Stat("Speed", "4", short="SPD"),
                     Section("Relics", (Entry("Lamp"),), compact=True)), assessment.tally)

    def force_rules(self, catalog: Any, fields: Any = None) -> ForceRules:
        def facts(members: Sequence[Member]) -> list[Fact]:
            return [Fact("heroes", "Heroes", sum(m.count for m in members))]

        return ForceRules(None, facts=facts)

    def catalog_sections(self, catalog: Any) -> tuple[CatalogSection, ...]:
        return (CatalogSection("relics", "Relics", ("Relic",),
                               tuple(CatalogRow(r, (r,), f"{r} glows.") for r in
                                     catalog["relics"]), notes=("Relics never break.",)),)

    def json_schemas(self) -> dict:
        return {}


SYSTEM = Toy()


class MightEditor(StepEditor):
    def compose_fields(self) -> ComposeResult:
        yield Spinner("Might", self.view.unit.might, maximum=9, id="might")

    async def update_fields(self, view: View) -> None:
        self.query_one("#might", Spinner).value = view.unit.might

    @on(Spinner.Changed)
    def changed(self, event: Spinner.Changed) -> None:
        event.stop()
        self.edit(lambda unit, value: replace(unit, might=value), event.value)


@pytest.fixture
def toy(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    register_editors("hero-toy", {"stats": MightEditor})
    with installed("hero-toy", "tests.tui.test_other_systems:SYSTEM", tmp_path / "site"):
        yield system("hero-toy")
    unregister_editors("hero-toy")


def test_steps_without_an_editor_get_the_generic_ones(toy):
    assert editors_for(toy) == {"stats": MightEditor, "gear": GuideEditor,
                                "review": TallyEditor}


async def test_the_designer_of_a_toy_system(toy, tmp_path):
    path = tmp_path / "lamp-bearer.yaml"
    app = build_app(game=toy, unit_path=path, start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.title == "Hero" and screen.doc.name == "Lamp Bearer"
        assert str(screen.query_one("#step-title").render()) == "Step 1 of 3 · Stats"
        await pilot.press("right", "right")
        await pilot.pause()
        assert screen.doc.unit == Hero("Lamp Bearer", 2)
        stepper = str(screen.query_one("#stepper").render())
        assert "1 Stats" in stepper and "3 Review" in stepper and "2" not in \
            stepper.replace("2 Gear", "")  # no points beside a step: the system has none
        assert "pts" not in str(screen.query_one("#total").render())
        card = str(screen.query_one("#card").render())
        assert "Hero Fire" in card and "Might Wits\nD   2+1   1\n" in card and "SPD 4" in card
        assert "Relics: Lamp" in card
        assert screen.query_one("#card").border_subtitle == ""
        # the generic editor: the guidance, the findings filed under the step, the card
        await pilot.press("ctrl+t", "4")  # from the stepper: there is no step 4
        assert screen.step == 0
        await pilot.press("3")
        assert screen.step == 2
        await pilot.press("pageup")
        assert str(screen.query_one("#step-title").render()) == "Step 2 of 3 · Gear"
        gear = screen.editor
        assert isinstance(gear, GuideEditor)
        assert str(gear.query_one(".intro").render()) == "Relics the hero carries."
        assert "Might 2" not in str(gear.query_one(".step-lines").render())
        assert "Hero Fire" in str(gear.query_one(".step-card").render())
        await pilot.press("pageup", "right", "right")  # might 4: an error under Stats
        await pilot.pause()
        issues = " ".join(str(screen.query_one("#step-stats .step-issues").render()).split())
        assert "might is at most 3" in issues
        await pilot.press("pagedown", "pagedown")
        review = screen.editor
        assert isinstance(review, TallyEditor)
        options = review.query_one("#issue-list").options
        assert [o.prompt.plain for o in options] == ["✗ might is at most 3  → step 1"]
        await pilot.press("ctrl+s")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not screen.doc.dirty
    assert load_yaml(path) == {"system": "hero-toy", "name": "Lamp Bearer", "might": 4}


async def test_a_force_without_a_budget_has_no_cap_or_bar(toy):
    app = build_app(game=toy)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.doc.force.cap is None and screen.doc.force.entries == ()
        await pilot.press("n")  # a new hero, designed at once
        await pilot.pause()
        await pilot.press("right", "escape")
        await pilot.pause()
        assert screen.doc.force.entries[0].unit == Hero("New Hero", 1)
        assert not screen.query_one("#force-cap").display
        assert not screen.query_one(PointsBar).display
        info = str(screen.query_one("#force-info").render())
        assert info == "Heros 1\nHeroes 1"  # the system's unit word; one to a line beside
        columns = [str(c.label) for c in screen.query_one("#units").columns.values()]
        assert columns == ["Hero", "×", "Status", "From"]


async def test_the_browser_and_help_of_a_toy_system(toy):
    app = build_app(game=toy, start="browser")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.sub_title == "relics"
        await pilot.press(*"reroll")
        await pilot.pause()
        listing = app.screen.query_one("#list-relics")
        assert [o.prompt.plain for o in listing.options] == ["Re-roll Stone"]
        detail = str(app.screen.query_one("#detail-relics").render())
        assert "Re-roll Stone glows." in detail and "Relics never break." in detail
        await pilot.press("f1")
        await pilot.pause()
        shown = " ".join(str(w.render()) for w in app.screen.query("Static"))
        assert "The three build steps" in shown and "How mighty the hero is." in shown
        assert "the catalog browser (relics)" in shown and "1 … 3" in shown


def test_only_the_systems_own_editors_import_it():
    """Generic TUI code never imports a game system by name."""
    pattern = re.compile(r"systems\.opentactics|systems import opentactics")
    offenders = [str(p.relative_to(TUI)) for p in TUI.rglob("*.py")
                 if pattern.search(p.read_text(encoding="utf-8"))
                 and "editors/opentactics" not in p.as_posix()]
    assert offenders == []
