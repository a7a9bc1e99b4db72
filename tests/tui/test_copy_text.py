"""Copy as text (ctrl+l, and the palette): the unit's Markdown stat block, or the force's
list, onto the clipboard with the terminal's clipboard sequence, and a notification
saying so."""

from __future__ import annotations

from pathlib import Path

import pytest

from designer.export import load_doc
from designer.export.markdown import chat_text
from designer.systems import examples_dir
from designer.tui.app import build_app
from designer.tui.commands import screen_commands
from tests.tui.helpers import record_notes

pytestmark = pytest.mark.tui

UNIT = examples_dir() / "units" / "steam-witch.yaml"
ROSTER = examples_dir("tactics") / "rosters" / "dock-ambush.yaml"


async def test_ctrl_l_copies_the_units_stat_block(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = build_app(unit_path=UNIT, start="edit")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        notes = record_notes(app)
        await pilot.press("ctrl+l")
        await pilot.pause()
        expected = chat_text(load_doc(UNIT))
        assert app.clipboard == expected
        assert expected.startswith("## Steam Witch – 60 points\n")
        assert "- **Hex**: When an enemy inside your Arcane range" in expected
        assert [(n.title, n.message) for n in notes] == [
            ("Copy", f"Copied the stat block of Steam Witch as text (Markdown, "
                     f"{len(expected.splitlines())} lines): paste it into a chat")]
        titles = [c.title for c in screen_commands(app.screen)]
        assert "Copy as text" in titles


async def test_the_forces_screen_copies_the_force_list(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = build_app(roster_path=ROSTER, start="roster")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        notes = record_notes(app)
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert app.clipboard == chat_text(load_doc(ROSTER))
        assert "| 2 | Dock Thug | enemies | 6 | legal |" in app.clipboard
        assert "**Enemies:** creatures 8" in app.clipboard
        assert notes and notes[0].message.startswith("Copied the force list of Dock Ambush")


async def test_an_unsaved_edit_is_copied_as_it_is_on_screen(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = Path(tmp_path / "witch.yaml")
    path.write_text(UNIT.read_text())
    app = build_app(unit_path=path, start="edit")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        name = app.screen.query_one("#unit-name")
        name.focus()
        await pilot.pause()
        await pilot.press("end", "space", "I", "I")
        await pilot.pause()
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert app.clipboard.startswith("## Steam Witch II – 60 points\n")
