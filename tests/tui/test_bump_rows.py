"""OpenTactics' bumps step: each pool is a heading with its "+ add bump" button, its bumps
and its equipment line, rows of one block. Adding or removing a bump mounts or removes
that row alone; the headings stay the widgets they were."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.content import Content
from textual.geometry import Size
from textual.widget import Widget

from designer.systems import examples_dir
from designer.systems.opentactics import edits
from designer.tui.app import build_app
from designer.tui.editors.kit.fields import EditButtonLine
from designer.tui.widgets.button_line import GAP, ButtonLine
from tests.tui.helpers import focused_id, settled

pytestmark = pytest.mark.tui

SIZE = (120, 40)
#: Ash Warden's pools with dice, in order; a bump on Ballistic OFF
POOLS = ["melee-off", "ballistic-off", "melee-def", "ballistic-def", "arcane-def",
         "technical-def"]


def rows(app) -> list[Widget]:
    return list(app.screen.query_one("#pools").children)


def expected(bumps: dict[str, int]) -> list[str]:
    """The ids of the rows: each pool's heading, its bumps, its equipment line."""
    return [i for pool in POOLS for i in (
        f"addbump-{pool}", *(f"bump-{pool}-{n}" for n in range(bumps.get(pool, 0))),
        f"sources-{pool}")]


async def open_bumps(pilot) -> None:
    await settled(pilot)
    await pilot.press("alt+2")
    await settled(pilot)


async def test_adding_and_undoing_a_bump_mounts_and_removes_that_row_alone():
    app = build_app(unit_path=examples_dir() / "units" / "ash-warden.yaml", start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await open_bumps(pilot)
        before = rows(app)
        assert [w.id for w in before] == expected({"ballistic-off": 1})
        await pilot.press("enter")
        await settled(pilot)
        after = rows(app)
        assert [w.id for w in after] == expected({"melee-off": 1, "ballistic-off": 1})
        assert all(a is b for a, b in zip([w for w in after if w.id != "bump-melee-off-0"],
                                          before, strict=True))
        assert focused_id(app) == "bump-melee-off-0"
        await pilot.press("ctrl+z")
        await settled(pilot)
        assert all(a is b for a, b in zip(rows(app), before, strict=True))
        assert len(rows(app)) == len(before)


async def test_a_bump_added_lays_the_screen_out_once_and_arranges_it_once(monkeypatch):
    """The layout of the bump's frame arranges every widget; Textual then arranged the
    whole screen again, from scratch, for a widget mounted since the layout before
    (`tui/frame.py`, LeanCompositor)."""
    app = build_app(unit_path=examples_dir() / "units" / "ash-warden.yaml", start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await open_bumps(pilot)
        screen = app.screen
        arranged: list[Size] = []
        real = type(screen).arrange

        def arrange(self, size: Size, optimal: bool = False):
            arranged.append(size)
            return real(self, size, optimal)

        monkeypatch.setattr(type(screen), "arrange", arrange)
        layouts: list[object] = []
        screen.screen_layout_refresh_signal.subscribe(screen, layouts.append)
        await pilot.press("enter")
        await settled(pilot)
        assert focused_id(app) == "bump-melee-off-0"
        assert (len(layouts), arranged) == (1, [Size(*SIZE)])


async def test_bumps_of_two_pools_changed_at_once_are_all_shown_in_their_place():
    """A change from outside the step (the file reloaded, a catalog pick) can change the
    bumps of several pools at once: each pool shows its own."""
    app = build_app(unit_path=examples_dir() / "units" / "ash-warden.yaml", start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await open_bumps(pilot)
        screen = app.screen
        unit = edits.add_bump(screen.doc.unit, "melee", "off", 2)
        unit = edits.add_bump(unit, "melee", "off", 3)
        unit = edits.remove_bump(unit, "ballistic", "off", 0)
        unit = edits.add_bump(unit, "technical", "def", -1)
        screen.doc.edit(unit)
        await screen.refresh_view(external=True)
        await settled(pilot)
        assert [w.id for w in rows(app)] == expected({"melee-off": 2, "technical-def": 1})
        values = {w.id: w.value for w in rows(app) if w.id and w.id.startswith("bump-")}
        assert values == {"bump-melee-off-0": 2, "bump-melee-off-1": 3,
                          "bump-technical-def-0": -1}
        # a heading between the two works as before: enter adds its pool a bump
        app.screen.query_one("#addbump-ballistic-off").focus()
        await pilot.press("enter")
        await settled(pilot)
        assert list(screen.doc.unit.skills.ballistic.bumps("off")) == [1]
        assert focused_id(app) == "bump-ballistic-off-0"


async def test_a_click_on_add_bump_adds_one_and_a_click_on_the_heading_does_not():
    app = build_app(unit_path=examples_dir() / "units" / "ash-warden.yaml", start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await open_bumps(pilot)
        head = app.screen.query_one("#addbump-melee-def", EditButtonLine)
        start = head.heading.cell_length + len(GAP)
        await pilot.click(head, offset=(1, 0))
        await settled(pilot)
        assert focused_id(app) == "addbump-melee-def"
        assert list(app.screen.doc.unit.skills.melee.bumps("def")) == []
        await pilot.click(head, offset=(start + 1, 0))
        await settled(pilot)
        assert list(app.screen.doc.unit.skills.melee.bumps("def")) == [1]
        assert focused_id(app) == "bump-melee-def-0"


class Lines(App):
    """Two button lines, one with room and one too narrow for its heading."""

    CSS = "ButtonLine { width: 40; } #narrow { width: 24; }"

    def __init__(self) -> None:
        super().__init__()
        self.pressed: list[str | None] = []

    def compose(self) -> ComposeResult:
        yield ButtonLine(Content("Ballistic OFF · 2 dice"), "+ add bump", id="wide")
        yield ButtonLine(Content("Ballistic OFF · 2 dice"), "+ add bump", id="narrow")

    def on_button_line_pressed(self, event: ButtonLine.Pressed) -> None:
        self.pressed.append(event.line.id)


async def test_a_narrow_button_line_shortens_its_heading_and_keeps_its_button_whole():
    app = Lines()
    async with app.run_test(size=(60, 10)) as pilot:
        await pilot.pause()
        wide, narrow = app.query_one("#wide", ButtonLine), app.query_one("#narrow", ButtonLine)
        assert wide.render().plain == f"Ballistic OFF · 2 dice{GAP} + add bump "
        shown = narrow.render().plain
        assert shown.endswith(f"…{GAP} + add bump ") and len(shown) <= 24
        assert shown.startswith("Ballistic")
        await pilot.click(narrow, offset=(len(shown) - 3, 0))  # on the button
        await pilot.click(narrow, offset=(1, 0))  # on the heading: focus only
        await pilot.click(wide, offset=(len("Ballistic OFF · 2 dice") + 4, 0))
        await pilot.press("enter")  # the focused one, as a Button takes enter
        await pilot.pause()
        assert app.pressed == ["narrow", "wide", "wide"]
