"""A new unit or force of any game system starts from inside the TUI (the command
palette), and `designer edit NEW.yaml --system S` starts a unit of that system."""

from __future__ import annotations

from pathlib import Path

import pytest

from designer.cli import build_parser
from designer.systems import system, system_names
from designer.tui.app import build_app
from designer.tui.screens.designer import DesignerScreen
from designer.tui.screens.forces import ForcesScreen

pytestmark = pytest.mark.tui


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def commands(app) -> dict:
    return {c.title: c.callback for c in app.get_system_commands(app.screen)}


@pytest.mark.parametrize("name", system_names())
async def test_the_palette_starts_a_new_unit_and_force_of_every_system(here, name):
    game = system(name)
    app = build_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        found = commands(app)
        found[f"New {game.TITLE} {game.UNIT_WORD}"]()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DesignerScreen) and screen.doc.game is game
        assert screen.doc.path is None and not screen.doc.exists
        commands(app)[f"New {game.TITLE} force"]()
        await pilot.pause()
        assert isinstance(app.screen, ForcesScreen)
        assert app.screen.doc.force.game is game and app.screen.doc.force.entries == ()


def test_edit_and_roster_take_a_system_for_a_new_file():
    args = build_parser().parse_args(["edit", "new.yaml", "--system", "op-en"])
    assert args.system == "op-en"
    args = build_parser().parse_args(["roster", "new.yaml", "--system", "openfire"])
    assert args.system == "openfire"
