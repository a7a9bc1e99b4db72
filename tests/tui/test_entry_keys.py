"""Number entry without surprises, and step and quit keys that work wherever the focus
is: a typed digit replaces the value unless it follows another within a second, values
past the field's bounds are not taken, alt+digit jumps to a step even from a number
field, and ctrl+q quits from a text field."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events
from textual.app import App, ComposeResult
from textual.containers import Vertical

from designer.tui import keys
from designer.tui.app import build_app
from designer.tui.widgets.fields import Spinner
from designer.tui.widgets.text import SearchField, TextField
from tests.tui.test_pilot_more import UNIT_YAML

pytestmark = pytest.mark.tui

SIZE = (120, 40)


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ash-warden.yaml").write_text(UNIT_YAML)
    return tmp_path


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The keys' clock, moved by hand: `clock[0] += 2` is a two-second pause."""
    now = [1000.0]
    monkeypatch.setattr(keys, "key_clock", lambda event: now[0])
    return now


async def range_spinner(app, pilot, skill: str = "melee") -> Spinner:
    await app.screen.action_goto(2)  # range
    await pilot.pause()
    spinner = app.screen.query_one(f"#range-{skill}", Spinner)
    app.screen.set_focus(spinner)
    await pilot.pause()
    return spinner


async def test_a_typed_digit_replaces_the_value(here, clock):
    app = build_app(unit_path=Path("ash-warden.yaml"), start="edit")
    async with app.run_test(size=SIZE) as pilot:
        spinner = await range_spinner(app, pilot)
        assert spinner.value == 1
        await pilot.press("0")  # clearing a range of 1 by typing 0 gives 0, not 10
        await pilot.pause()
        assert app.screen.doc.unit.skills.melee.range == 0
        clock[0] += 0.3
        await pilot.press("2")  # right after another digit: they add up to 02 = 2
        await pilot.pause()
        assert app.screen.doc.unit.skills.melee.range == 2
        clock[0] += 0.3
        await pilot.press("1")  # 21 is past the field's 12: it starts afresh
        await pilot.pause()
        assert app.screen.doc.unit.skills.melee.range == 1
        clock[0] += 0.2
        await pilot.press("1")  # 11
        await pilot.pause()
        assert app.screen.doc.unit.skills.melee.range == 11
        clock[0] += 2.0
        await pilot.press("5")  # after a pause the digit replaces the value
        await pilot.pause()
        assert app.screen.doc.unit.skills.melee.range == 5
        await pilot.press("backspace")
        await pilot.pause()
        assert app.screen.doc.unit.skills.melee.range == 0


async def test_alt_digits_jump_from_a_number_field_and_digits_stay_with_it(here, clock):
    app = build_app(unit_path=Path("ash-warden.yaml"), start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        first = screen.query_one("#dice-melee-off", Spinner)
        assert app.focused is first and first.value == 2
        await pilot.press("1")  # a digit edits the focused number...
        await pilot.pause()
        assert screen.step == 0 and screen.doc.unit.skills.melee.off_dice == 1
        await pilot.press("alt+5")  # ...alt+digit goes to the step
        await pilot.pause()
        assert screen.step == 4
        await pilot.press("alt+1")
        await pilot.pause()
        assert screen.step == 0
        await pilot.press("infinity")  # ESC 5, as a terminal sends alt+5, reads as ∞
        await pilot.pause()
        assert screen.step == 4


async def test_ctrl_q_quits_from_the_printed_points_field(here):
    app = build_app(unit_path=Path("ash-warden.yaml"), start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await app.screen.action_goto(7)
        await pilot.pause()
        printed = app.screen.query_one("#printed")
        app.screen.set_focus(printed)
        await pilot.press("q")  # a letter typed into a text field stays there
        await pilot.pause()
        assert app.is_running
        await pilot.press("ctrl+q")  # nothing unsaved (q was refused by the field)
        await pilot.pause()
    assert not app.is_running


async def test_alt_digits_as_a_terminal_sends_them_jump_from_a_text_field(here):
    """ESC 1 reads as ¡: an Input takes printable characters ahead of the screen's
    priority keys, so the name and printed-points fields let the step keys through."""
    from textual.keys import _character_to_key

    from designer.tui.widgets.stepper import STEP_KEYS
    from designer.tui.widgets.text import ALT_DIGITS

    assert [keys.split(",")[1] for keys in STEP_KEYS] == [
        _character_to_key(ch) for ch in ALT_DIGITS]
    app = build_app(unit_path=Path("ash-warden.yaml"), start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        await screen.action_goto(7)
        await pilot.pause()
        assert app.focused.id == "printed"
        await pilot.press("inverted_exclamation_mark")  # ESC 1
        await pilot.pause()
        assert screen.step == 0
        screen.set_focus(screen.query_one("#unit-name"))
        await pilot.press("section_sign")  # ESC 6
        await pilot.pause()
        assert screen.step == 5 and screen.doc.unit.name == "Ash Warden"


class Seen(Vertical):
    """A container that notes every key event that bubbles up to it."""

    def __init__(self) -> None:
        super().__init__()
        self.keys: list[str] = []

    def compose(self) -> ComposeResult:
        yield TextField(value="Ash Warden", id="name")
        yield SearchField("unused", id="search")

    def on_key(self, event: events.Key) -> None:
        self.keys.append(event.key)


class FieldsApp(App):
    def compose(self) -> ComposeResult:
        yield Seen()


@pytest.mark.parametrize("field", ["#name", "#search"])
async def test_a_text_fields_own_keys_reach_it_at_once(field):
    """The keys that edit a text field or move in it are its priority bindings: they act
    on the field at once, and never bubble up through the containers around it first."""
    app = FieldsApp()
    async with app.run_test() as pilot:
        text = app.query_one(field, TextField)
        text.value = "Ash Warden"
        text.focus()
        text.cursor_position = len(text.value)
        await pilot.pause()
        await pilot.press("backspace", "left", "left", "delete", "home", "delete", "end",
                          "x")
        await pilot.pause()
        assert text.value == "sh Warex"
        assert app.query_one(Seen).keys == []
