"""OpenTactics' bumps step: the pools are rows of one widget, each pool a heading with its
"+ add bump" button, its bumps and its equipment line. The cursor moves over the rows
as the focus moves over fields; a bump takes the keys of a number field; adding or
removing a bump changes those lines alone, and the focus never leaves the rows."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.content import Content
from textual.geometry import Size

from designer.systems import examples_dir
from designer.systems.opentactics import edits
from designer.tui.app import build_app
from designer.tui.editors.kit.number_rows import GAP, Heading, NoteRow, NumberRow, NumberRows
from tests.tui.helpers import focused_id, settled

pytestmark = pytest.mark.tui

SIZE = (120, 40)
#: Ash Warden's pools with dice, in order; a bump on Ballistic OFF
POOLS = ["melee-off", "ballistic-off", "melee-def", "ballistic-def", "arcane-def",
         "technical-def"]


def pools(app) -> NumberRows:
    return app.screen.query_one("#pools", NumberRows)


def stops(app) -> list[str]:
    """The rows the cursor stops at, in order."""
    return [row.id for row in pools(app).rows if isinstance(row, (Heading, NumberRow))]


def expected(bumps: dict[str, int]) -> list[str]:
    """Each pool's heading and its bumps."""
    return [i for pool in POOLS for i in (
        f"addbump-{pool}", *(f"bump-{pool}-{n}" for n in range(bumps.get(pool, 0))))]


def bumps(app, skill: str, side: str) -> list[int]:
    return list(getattr(app.screen.doc.unit.skills, skill).bumps(side))


async def open_bumps(pilot) -> None:
    await settled(pilot)
    await pilot.press("alt+2")
    await settled(pilot)


def ash_warden():
    return build_app(unit_path=examples_dir() / "units" / "ash-warden.yaml", start="edit")


async def test_adding_and_undoing_a_bump_keeps_the_rows_and_moves_the_cursor():
    app = ash_warden()
    async with app.run_test(size=SIZE) as pilot:
        await open_bumps(pilot)
        rows = pools(app)
        assert stops(app) == expected({"ballistic-off": 1})
        await pilot.press("enter")
        await settled(pilot)
        assert pools(app) is rows
        assert stops(app) == expected({"melee-off": 1, "ballistic-off": 1})
        assert bumps(app, "melee", "off") == [1]
        assert focused_id(app) == "pools/bump-melee-off-0"
        await pilot.press("ctrl+z")
        await settled(pilot)
        assert pools(app) is rows
        assert stops(app) == expected({"ballistic-off": 1})
        assert focused_id(app) == "pools/addbump-melee-off"


async def test_a_bump_takes_the_keys_of_a_number_and_delete_removes_it():
    """←/→ step through the bump values, a digit picks one, backspace and a digit out of
    range change nothing, delete removes the bump and the cursor goes to the heading."""
    app = ash_warden()
    async with app.run_test(size=SIZE) as pilot:
        await open_bumps(pilot)
        await pilot.press("down", "down")
        assert focused_id(app) == "pools/bump-ballistic-off-0"
        seen = []
        for keys in (["right"], ["right"], ["left"], ["4"], ["9"], ["minus"], ["backspace"]):
            await pilot.press(*keys)
            await settled(pilot)
            seen.append(bumps(app, "ballistic", "off"))
        assert seen == [[2], [3], [2], [4], [4], [3], [3]]
        assert "◂ +3 ▸ Extremely superhuman ability" in pools(app).render().plain
        await pilot.press("delete")
        await settled(pilot)
        assert bumps(app, "ballistic", "off") == []
        assert focused_id(app) == "pools/addbump-ballistic-off"
        await pilot.press("3", "right")  # a heading takes no number keys
        await settled(pilot)
        assert bumps(app, "ballistic", "off") == []


async def test_a_bump_added_lays_the_screen_out_once_and_draws_the_rows_from_it_down(
        monkeypatch):
    """The layout of the bump's frame arranges every widget once (`tui/frame.py`,
    LeanCompositor); of the rows, only the new one is drawn afresh."""
    app = ash_warden()
    async with app.run_test(size=SIZE) as pilot:
        await open_bumps(pilot)
        await pilot.press("down")  # on Ballistic OFF: the pool above stays as it is
        await settled(pilot)
        screen = app.screen
        arranged: list[Size] = []
        real = type(screen).arrange

        def arrange(self, size: Size, optimal: bool = False):
            arranged.append(size)
            return real(self, size, optimal)

        monkeypatch.setattr(type(screen), "arrange", arrange)
        layouts: list[object] = []
        screen.screen_layout_refresh_signal.subscribe(screen, layouts.append)
        drawn: list[str] = []
        real_strip = NumberRows.line_strip

        def line_strip(self, line, width, style):
            drawn.append(line.plain)
            return real_strip(self, line, width, style)

        monkeypatch.setattr(NumberRows, "line_strip", line_strip)
        await pilot.press("enter")
        await settled(pilot)
        assert focused_id(app) == "pools/bump-ballistic-off-1"
        assert (len(layouts), arranged) == (1, [Size(*SIZE)])
        # the new bump alone: the heading that lost the cursor looks as it did before it
        # had it, and the rows moved down look as they did
        assert drawn == ["  ◂ +1 ▸ Slightly superhuman ability"]


async def test_bumps_of_two_pools_changed_at_once_are_all_shown_in_their_place():
    """A change from outside the step (the file reloaded, a catalog pick) can change the
    bumps of several pools at once: each pool shows its own."""
    app = ash_warden()
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
        assert stops(app) == expected({"melee-off": 2, "technical-def": 1})
        values = {row.id: row.value for row in pools(app).rows if isinstance(row, NumberRow)}
        assert values == {"bump-melee-off-0": 2, "bump-melee-off-1": 3,
                          "bump-technical-def-0": -1}
        # a heading between the two works as before: enter adds its pool a bump
        await pilot.press("down", "down", "down")
        assert focused_id(app) == "pools/addbump-ballistic-off"
        await pilot.press("enter")
        await settled(pilot)
        assert bumps(app, "ballistic", "off") == [1]
        assert focused_id(app) == "pools/bump-ballistic-off-0"


async def test_a_click_on_add_bump_adds_one_and_a_click_on_an_arrow_steps_the_bump():
    """The mouse over a button shows it pressable; a click on it presses it, on the
    heading it only moves the cursor, on an arrow it steps the bump."""
    app = ash_warden()
    async with app.run_test(size=SIZE) as pilot:
        await open_bumps(pilot)
        rows = pools(app)
        lines = rows.render().plain.split("\n")
        head = lines.index("Melee DEF · 2 dice" + GAP + " + add bump ")
        start = len("Melee DEF · 2 dice" + GAP)

        def look() -> list:
            return list(rows.lay_out(rows.content_size.width)[head].spans)

        plain = look()
        await pilot.hover(rows, offset=(start + 1, head))  # the button looks pressable
        assert look() != plain
        await pilot.hover(rows, offset=(1, head))
        assert look() == plain
        await pilot.click(rows, offset=(1, head))  # the heading: the cursor only
        await settled(pilot)
        assert focused_id(app) == "pools/addbump-melee-def"
        assert bumps(app, "melee", "def") == []
        await pilot.click(rows, offset=(start + 1, head))
        await settled(pilot)
        assert bumps(app, "melee", "def") == [1]
        assert focused_id(app) == "pools/bump-melee-def-0"
        line = rows.render().plain.split("\n")[head + 1]
        await pilot.click(rows, offset=(line.index("▸"), head + 1))
        await settled(pilot)
        await pilot.click(rows, offset=(line.index("▸"), head + 1))
        await settled(pilot)
        await pilot.click(rows, offset=(line.index("◂"), head + 1))
        await settled(pilot)
        assert bumps(app, "melee", "def") == [2]


class Narrow(App):
    """Rows too narrow for a heading and its button."""

    CSS = "NumberRows { width: 24; }"

    def compose(self) -> ComposeResult:
        yield NumberRows([
            Heading("head", Content("Ballistic OFF · 2 dice"), "+ add bump", lambda u: u),
            NoteRow(Content("with equipment: +1 (Gauntlets of the Long Reach)"))])


async def test_a_narrow_heading_gives_way_to_its_button_and_a_note_wraps():
    app = Narrow()
    async with app.run_test(size=(60, 10)) as pilot:
        await pilot.pause()
        lines = app.query_one(NumberRows).render().plain.split("\n")
        assert lines[0].endswith(f"…{GAP} + add bump ") and len(lines[0]) == 24
        assert lines[0].startswith("Ballistic")
        assert lines[1:] == ["  with equipment: +1", "  (Gauntlets of the Long", "  Reach)"]


async def test_the_cursor_row_is_scrolled_into_sight_on_a_small_screen():
    """Pools taller than the screen: walking down to the last bump scrolls it into sight,
    and walking back up to the first heading scrolls back."""
    app = ash_warden()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_bumps(pilot)
        screen = app.screen
        unit = screen.doc.unit
        for skill, side in (("melee", "off"), ("melee", "def"), ("ballistic", "def"),
                            ("arcane", "def"), ("technical", "def")):
            for _ in range(3):
                unit = edits.add_bump(unit, skill, side, 1)
        screen.doc.edit(unit)
        await screen.refresh_view(external=True)
        await settled(pilot)
        rows, editor = pools(app), screen.query_one("#step-bumps")
        lines = rows.render().plain.split("\n")
        assert len(lines) > editor.region.height  # taller than the room it has

        def in_sight(line: int) -> bool:
            return editor.region.y <= rows.region.y + line < editor.region.bottom

        last = max(y for y, text in enumerate(lines) if "◂" in text)
        assert not in_sight(last)
        await pilot.press(*["down"] * (len(stops(app)) - 1))
        await settled(pilot)
        assert focused_id(app) == "pools/bump-technical-def-2"
        assert in_sight(last)
        await pilot.press(*["up"] * (len(stops(app)) - 1))
        await settled(pilot)
        assert focused_id(app) == "pools/addbump-melee-off"
        assert in_sight(1) and not in_sight(last)
