"""One focus rule for every way into a step: pgdn, pgup, alt+N, a click on the steps and
the command palette each land on the step's entry field, the same every time, for every
system; a step with nothing to edit puts the focus on the steps."""

from __future__ import annotations

import pytest

from designer.systems import examples_dir
from designer.tui.app import build_app
from designer.tui.screens.help import HelpScreen
from designer.tui.widgets.footer import KeyFooter
from designer.tui.widgets.stepper import Stepper
from tests.tui.helpers import focused_id, settled

pytestmark = pytest.mark.tui

SIZE = (120, 40)

#: system -> (example unit, the entry field of each step, in order)
ENTRY_FIELDS = {
    "opentactics": ("ash-warden.yaml", [
        "dice-melee-off", "pools/addbump-melee-off", "range-melee", "athletics", "item-table",
        "ability-search", "types-tactical", "printed"]),
    "op-en": ("brannoc-tull.yaml", [
        "core-stat", "rank-list", "form-list", "stat-toughness", "trait-list",
        "talent-search", "item-search", "printed"]),
    "openfire": ("ash-crawler.yaml", [
        "module", "count-0", "stat-0-mov", "weapon-list", "rule-search", "stepper",
        "issue-list"]),
    "tactics": ("dock-thug.yaml", [
        "kind", "attr-precision", "shields", "wpn-name", "add-maneuvers", "issue-list"]),
}


async def enter_step(pilot, how: str, index: int, steps: int) -> None:
    """Go to step `index` (from 0) the way `how`, from another step."""
    app = pilot.app
    if how == "pgdn":
        await app.screen.action_goto(index - 1 if index else steps - 1)
        await settled(pilot)
        await pilot.press("pagedown" if index else "pageup")
        if not index:  # from the last step back to the first: pgup all the way
            await pilot.press(*["pageup"] * (steps - 2))
    elif how == "pgup":
        await app.screen.action_goto(index + 1 if index < steps - 1 else 0)
        await settled(pilot)
        await pilot.press("pageup" if index < steps - 1 else "pagedown")
        if index == steps - 1:
            await pilot.press(*["pagedown"] * (steps - 2))
    elif how == "alt":
        await app.screen.action_goto(0 if index else 1)
        await settled(pilot)
        await pilot.press(f"alt+{index + 1}")
    elif how == "click":
        await app.screen.action_goto(0 if index else 1)
        await settled(pilot)
        await pilot.click(Stepper, offset=(2, index + 1))
    elif how == "palette":
        await app.screen.action_goto(0 if index else 1)
        await settled(pilot)
        await pilot.press("ctrl+p", *f"step {index + 1}")
        await settled(pilot)
        await pilot.press("enter")
    await settled(pilot)


@pytest.mark.parametrize("how", ["pgdn", "pgup", "alt", "click", "palette"])
@pytest.mark.parametrize("name", list(ENTRY_FIELDS))
async def test_every_way_into_a_step_lands_on_its_entry_field(name, how):
    example, expected = ENTRY_FIELDS[name]
    app = build_app(unit_path=examples_dir(name) / "units" / example, start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        landed = []
        for index in range(len(expected)):
            await enter_step(pilot, how, index, len(expected))
            assert app.screen.step == index
            landed.append(focused_id(app))
        assert landed == expected


async def test_the_arrows_in_the_steps_keep_the_focus_there_and_enter_goes_in():
    app = build_app(unit_path=examples_dir() / "units" / "ash-warden.yaml", start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await pilot.press("ctrl+t", "down", "down")
        await settled(pilot)
        assert (app.screen.step, focused_id(app)) == (2, "stepper")
        await pilot.press("enter")
        await settled(pilot)
        assert focused_id(app) == "range-melee"


async def test_a_row_added_takes_the_cursor_and_undo_hands_it_back_to_the_heading():
    """Adding a bump puts the cursor on the new bump; undo takes it away and the cursor
    goes back to the pool's heading. The focus stays on the rows all the while, never
    passing through the name field. The footer says delete removes the bump while the
    cursor is on it, and only then."""
    app = build_app(unit_path=examples_dir() / "units" / "ash-warden.yaml", start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await pilot.press("alt+2")
        await settled(pilot)
        footer = app.screen.query_one(KeyFooter)
        assert focused_id(app) == "pools/addbump-melee-off"
        assert "del Remove" not in footer.keys_text()
        seen: list[str | None] = []  # every widget the focus lands on from here
        app.screen.watch(app.screen, "focused",
                         lambda widget: seen.append(getattr(widget, "id", None)), init=False)
        await pilot.press("enter")
        await settled(pilot)
        assert focused_id(app) == "pools/bump-melee-off-0"
        assert "del Remove" in footer.keys_text()
        await pilot.press("ctrl+z")
        await settled(pilot)
        assert focused_id(app) == "pools/addbump-melee-off"
        assert "del Remove" not in footer.keys_text()
        assert seen == []


async def test_the_rows_are_walked_as_fields_are_and_entered_from_below_at_the_last():
    """↓ and tab go row by row through the pools and on past the last; coming back from
    there (shift+tab) lands on the last row, not the first."""
    app = build_app(unit_path=examples_dir() / "units" / "ash-warden.yaml", start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await pilot.press("alt+2")
        await settled(pilot)
        walked = [focused_id(app)]
        for key in ["down", "tab", "down", "down", "down", "down"]:
            await pilot.press(key)
            walked.append(focused_id(app))
        assert walked == ["pools/addbump-melee-off", "pools/addbump-ballistic-off",
                          "pools/bump-ballistic-off-0", "pools/addbump-melee-def",
                          "pools/addbump-ballistic-def", "pools/addbump-arcane-def",
                          "pools/addbump-technical-def"]
        await pilot.press("down")  # past the step's last field: round to the steps
        assert focused_id(app) == "stepper"
        await pilot.press("shift+tab")
        assert focused_id(app) == "pools/addbump-technical-def"
        await pilot.press("up", "up", "up", "up")
        assert focused_id(app) == "pools/bump-ballistic-off-0"


async def test_a_click_on_a_key_in_the_footer_presses_it():
    app = build_app(unit_path=examples_dir() / "units" / "ash-warden.yaml", start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        footer = app.screen.query_one(KeyFooter)
        line = footer.render().plain
        await pilot.click(KeyFooter, offset=(line.index("f1 Help"), 0))
        await settled(pilot)
        assert isinstance(app.screen, HelpScreen)


async def test_a_pool_shown_again_keeps_the_cursor_and_the_focus_where_they_were():
    """Undo that changes which pools the bumps step shows: the cursor stays on the row it
    was on, and the name field (where a key typed meanwhile would rename the unit) never
    has the focus."""
    app = build_app(unit_path=examples_dir() / "units" / "ash-warden.yaml", start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await pilot.press("alt+1")
        await settled(pilot)
        assert focused_id(app) == "dice-melee-off"
        await pilot.press("0")  # no melee OFF dice: the bumps step has no such pool
        await settled(pilot)
        await pilot.press("alt+2")
        await settled(pilot)
        assert focused_id(app) == "pools/addbump-ballistic-off"
        seen: list[str | None] = []
        app.screen.watch(app.screen, "focused",
                         lambda widget: seen.append(getattr(widget, "id", None)), init=False)
        await pilot.press("ctrl+z")  # the dice back: the melee OFF pool shown again
        await settled(pilot)
        assert "Melee OFF · 2 dice" in app.screen.query_one("#pools").render().plain
        assert focused_id(app) == "pools/addbump-ballistic-off"
        assert "unit-name" not in seen
