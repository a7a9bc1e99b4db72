"""A hostile name (markup, ESC and OSC sequences, NUL, a right-to-left override) in a
unit, a force and a file path, for every system: each screen, dialog, notification and
table that shows it shows it as written (`[/]` as text, ESC as `\\x1b`, in a text field
as ␛), never acting on it, and never crashes. What the terminal would be sent is read
from the app's screenshot: it must hold no control character and no override."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from designer.escaping import printable
from designer.io import dump_yaml, load_mapping
from designer.systems import examples_dir, system_names
from designer.tui.app import build_app
from designer.tui.screens.dialogs import ConfirmDialog
from designer.tui.screens.export import ExportDialog
from designer.tui.widgets.unit_table import UnitTable
from tests.tui.helpers import wait_until

pytestmark = pytest.mark.tui

SIZE = (160, 50)
HOSTILE = "u[/]x [b]b[/b] \x1b[31mred\x1b]0;pwned\x07 nul\x00 \u202eevil"
#: how the name shows on the screens, and in a text field (one picture a character)
SHOWN = printable(HOSTILE)
FIELD = "u[/]x [b]b[/b] ␛[31mred␛]0;pwned␇ nul␀ �evil"
BROKEN = "gone[/]dir/missing.yaml"
_ACTING = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def screen_text(app) -> str:
    """What the screen shows, as the terminal would get it (styles aside)."""
    svg = app.export_screenshot()
    parts = re.findall(r"<text[^>]*>(.*?)</text>", svg, re.S)
    return html.unescape("".join(parts)).replace("\xa0", " ")


def assert_shown(app, *texts: str) -> None:
    shown = screen_text(app)
    acting = sorted({f"U+{ord(c):04X}" for c in _ACTING.findall(shown)})
    assert not acting, f"sent to the terminal: {acting}"
    for text in texts:
        assert text in shown, (text, shown)


async def until_shown(app, pilot, *texts: str, pauses: int = 100) -> None:
    """Wait (a bounded number of refreshes) until `texts` are on the screen, as
    written: a notification's toast comes a refresh or two after it is posted."""
    for _ in range(pauses):
        if all(t in screen_text(app) for t in texts):
            break
        await pilot.pause()
    assert_shown(app, *texts)


def notes(app) -> list[str]:
    return [n.message for n in app._notifications]


@pytest.fixture
def files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """For a system: a unit named HOSTILE, and a force named HOSTILE holding it and an
    entry whose file (its path holds `[/]`) is missing."""
    monkeypatch.chdir(tmp_path)

    def make(name: str) -> tuple[Path, Path]:
        example = sorted((examples_dir(name) / "units").glob("*.yaml"))[0]
        data = load_mapping(example, "unit")
        data["name"] = HOSTILE
        unit = tmp_path / "hostile.yaml"
        unit.write_text(dump_yaml(data), encoding="utf-8")
        roster = tmp_path / "force.yaml"
        roster.write_text(dump_yaml({"system": name, "name": HOSTILE, "units": [
            {"unit": "hostile.yaml", "count": 1}, {"unit": BROKEN, "count": 1}]}),
            encoding="utf-8")
        return unit, roster

    return make


async def _settle(app, pilot) -> None:
    await app.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.parametrize("name", system_names())
async def test_a_hostile_name_shows_as_written_everywhere(files, name):
    _, roster = files(name)
    app = build_app(roster_path=roster, start="roster")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await _settle(app, pilot)
        forces = app.screen
        table = forces.query_one(UnitTable)
        assert_shown(app, SHOWN[:30], "gone[/]dir/missing.yaml", "✗ unreadable", FIELD[:20])
        await until_shown(app, pilot, "Roster opened with problems")

        # the unreadable entry's dialog: its path holds [/]
        table.move_cursor(row=1)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert_shown(app, "Unreadable entry", "gone[/]dir")
        await pilot.press("escape")
        await pilot.pause()

        # a copy, then its removal: a notification names it
        table.move_cursor(row=0)
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("delete")
        await pilot.pause()
        assert f"Removed {SHOWN} (copy) (ctrl+z brings it back)."[:70] in \
            " ".join(notes(app))
        await until_shown(app, pilot, "Removed u[/]x [b]b[/b] \\x1b[31mred")

        # the unit in the designer: header, name field, card, tally
        table.move_cursor(row=0)
        await pilot.press("plus")  # two of it now: the force has unsaved changes
        await pilot.press("enter")
        await _settle(app, pilot)
        assert app.screen is not forces
        assert_shown(app, SHOWN[:30], FIELD[:30])

        # the export dialog's title
        await pilot.press("ctrl+e")
        await pilot.pause()
        assert isinstance(app.screen, ExportDialog)
        assert_shown(app, f"Export {SHOWN}"[:40])
        await pilot.press("escape")
        await pilot.pause()

        # quitting with the force changed: the unsaved-changes dialog lists it
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert_shown(app, "Unsaved changes", f"• {SHOWN}"[:40])
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running


@pytest.mark.parametrize("name", system_names())
async def test_a_unit_named_hostile_saves_and_quits_through_the_dialog(files, name):
    unit, _ = files(name)
    app = build_app(unit_path=unit, start="edit")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await _settle(app, pilot)
        assert_shown(app, SHOWN[:30], FIELD[:30])
        field = app.screen.query_one("#unit-name")
        app.screen.set_focus(field)
        await pilot.press("end", "!")
        await pilot.pause()
        assert app.screen.doc.name == HOSTILE + "!"
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert_shown(app, "Unsaved changes", f"• {SHOWN}!"[:40], "Save and quit")
        await pilot.click("#choice-save")
        # The save worker quits the app, which cancels the workers still finishing.
        await wait_until(pilot, lambda: not app.is_running, "the app to quit")
    assert not app.is_running
    assert load_mapping(unit, "unit")["name"] == HOSTILE + "!"


async def test_a_ten_thousand_character_name_is_cut_and_shown_as_written(files, tmp_path):
    unit, roster = files("opentactics")
    data = load_mapping(unit, "unit")
    data["name"] = ("\x1b[31m[/]" + "n" * 10_000)
    unit.write_text(dump_yaml(data), encoding="utf-8")
    app = build_app(roster_path=roster, start="roster")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await _settle(app, pilot)
        forces = app.screen
        assert_shown(app, "✗ unreadable")
        forces.query_one(UnitTable).move_cursor(row=0)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert_shown(app, "Unreadable entry", "expected at most 80 characters")
        await pilot.press("escape")
        await pilot.pause()
        app.open_file(unit)
        await _settle(app, pilot)
        (said,) = [n for n in app._notifications if n.title == "Not opened"]
        assert said.message.startswith(f"{unit}: name: ")
        assert len(said.message) <= 600
        await until_shown(app, pilot, "Not opened", "hostile.yaml: name:")
        assert app.is_running


async def test_a_file_named_with_markup_and_escapes_is_listed_as_written(files, tmp_path):
    unit, _ = files("opentactics")
    odd = tmp_path / "evil [b]\x1b[31m.yaml"
    odd.write_text(unit.read_text())
    app = build_app(unit_path=unit, start="edit")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await _settle(app, pilot)
        await pilot.press("ctrl+o")
        await _settle(app, pilot)
        assert_shown(app, "evil [b]\\x1b[31m.yaml")


async def test_markup_alone_in_a_name_or_a_path_never_breaks_a_dialog(files):
    """The two crashes found: ctrl+q with a unit named `u[/]x` unsaved, and enter on an
    unreadable entry whose path holds `[/]`."""
    unit, roster = files("opentactics")
    data = load_mapping(unit, "unit")
    data["name"] = "u[/]x"
    unit.write_text(dump_yaml(data), encoding="utf-8")
    force = load_mapping(roster, "roster")
    force["name"] = "f[/]y"
    roster.write_text(dump_yaml(force), encoding="utf-8")
    app = build_app(roster_path=roster, start="roster")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(app, pilot)
        table = app.screen.query_one(UnitTable)
        table.move_cursor(row=1)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert_shown(app, "Unreadable entry", "unit file 'gone[/]dir/missing.yaml' not found")
        await pilot.press("escape")
        await pilot.pause()
        table.move_cursor(row=0)
        await pilot.press("plus")
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert_shown(app, "These have unsaved changes:", "• f[/]y (force.yaml)",
                     "Save and quit")
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running
