"""A save never overwrites a change made to the file outside the designer since it was
read (an editor, a second designer): it asks, and the user overwrites, reloads (their
edits one undo away) or saves as another file. A file only touched saves as before."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from designer.io import load_mapping
from designer.tui.app import build_app
from designer.tui.screens.dialogs import ConfirmDialog, PathDialog
from designer.tui.widgets.text import TextField
from tests.tui.helpers import ASH_WARDEN

pytestmark = pytest.mark.tui

SIZE = (120, 40)
OUTSIDE = ASH_WARDEN + "points: 55\n"  # what an editor saved meanwhile


@pytest.fixture
def unit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "ash-warden.yaml"
    path.write_text(ASH_WARDEN)
    return path


async def _rename(app, pilot, suffix: str) -> None:
    field = app.screen.query_one("#unit-name", TextField)
    app.screen.set_focus(field)
    await pilot.press("end", *suffix)
    await pilot.pause()


async def _save_into_the_question(app, pilot) -> ConfirmDialog:
    await pilot.press("ctrl+s")
    await app.workers.wait_for_complete()
    await pilot.pause()
    dialog = app.screen
    assert isinstance(dialog, ConfirmDialog)
    assert dialog.dialog_title == "Changed on disk"
    return dialog


@pytest.mark.parametrize("answer", ["reload", "overwrite", "save_as", "cancel"])
async def test_a_unit_changed_outside_is_never_overwritten_unasked(unit, answer):
    app = build_app(unit_path=unit, start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await _rename(app, pilot, " II")
        unit.write_text(OUTSIDE)
        await _save_into_the_question(app, pilot)
        assert unit.read_text() == OUTSIDE  # nothing written while it asks
        await pilot.click(f"#choice-{answer}")
        await app.workers.wait_for_complete()
        await pilot.pause()
        doc = app.screen.doc if answer != "save_as" else None
        if answer == "reload":
            assert (doc.unit.name, doc.unit.points, doc.dirty) == ("Ash Warden", 55, False)
            assert unit.read_text() == OUTSIDE
            await pilot.press("ctrl+z")  # the edits are one undo away
            await pilot.pause()
            assert (doc.unit.name, doc.unit.points, doc.dirty) == ("Ash Warden II", None, True)
        elif answer == "overwrite":
            assert load_mapping(unit, "unit")["name"] == "Ash Warden II"
            assert "points" not in load_mapping(unit, "unit") and not doc.dirty
        elif answer == "save_as":
            assert isinstance(app.screen, PathDialog)
            assert unit.read_text() == OUTSIDE
        else:
            assert doc.dirty and unit.read_text() == OUTSIDE


async def test_after_a_reload_or_a_save_the_next_save_does_not_ask(unit):
    app = build_app(unit_path=unit, start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        unit.write_text(OUTSIDE)
        await _rename(app, pilot, " II")
        await _save_into_the_question(app, pilot)
        await pilot.click("#choice-reload")
        await pilot.pause()
        await _rename(app, pilot, " III")
        await pilot.press("ctrl+s")
        await app.workers.wait_for_complete()
        await pilot.pause()
        saved = load_mapping(unit, "unit")
        assert (saved["name"], saved["points"]) == ("Ash Warden III", 55)


async def test_a_file_touched_but_not_changed_saves_without_asking(unit):
    app = build_app(unit_path=unit, start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        info = unit.stat()
        os.utime(unit, ns=(info.st_atime_ns, info.st_mtime_ns + 5_000_000_000))
        await _rename(app, pilot, " II")
        await pilot.press("ctrl+s")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmDialog)
        assert load_mapping(unit, "unit")["name"] == "Ash Warden II"


async def test_two_designers_on_one_roster_the_second_save_asks(unit, tmp_path):
    roster = tmp_path / "raid.yaml"
    roster.write_text("system: opentactics\nname: Raid\nunits:\n"
                      "  - {unit: ash-warden.yaml, count: 1}\n")
    first, second = build_app(roster_path=roster), build_app(roster_path=roster)
    async with first.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("plus")
        await pilot.press("ctrl+s")
        await first.workers.wait_for_complete()
        await pilot.pause()
    assert load_mapping(roster, "roster")["units"][0]["count"] == 2
    async with second.run_test(size=SIZE) as pilot:  # it read the roster before that
        await pilot.pause()
        await pilot.press("plus", "plus")
        await _save_into_the_question(second, pilot)
        assert load_mapping(roster, "roster")["units"][0]["count"] == 2
        await pilot.click("#choice-reload")
        await second.workers.wait_for_complete()
        await pilot.pause()
        assert second.screen.doc.force.entries[0].count == 2


async def test_save_and_quit_leaves_a_file_changed_outside_and_stays(unit):
    app = build_app(unit_path=unit, start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await _rename(app, pilot, " II")
        unit.write_text(OUTSIDE)
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.click("#choice-save")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.is_running
        (said,) = [n for n in app._notifications if n.title == "Not saved"]
        assert said.message.startswith(f"{unit}: was changed on disk since it was read")
    assert unit.read_text() == OUTSIDE
