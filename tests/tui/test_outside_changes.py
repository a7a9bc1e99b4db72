"""A save never overwrites a change made to the file outside the designer since it was
read (an editor, a second designer): it asks, and the user overwrites, reloads (their
edits one undo away) or saves as another file. What the documents decide (a touch is no
change, a reload or a save of their own clears it, two documents on one roster) is tested
without the app in tests/test_file_stamps.py."""

from __future__ import annotations

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
