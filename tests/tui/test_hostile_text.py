"""User text in the TUI is never markup: typed into the name field, a custom type or a
force's name, `[/`, `[red]` and `[link=...]` stay as written, the app stays up and the
edit is kept unsaved until the user saves."""

from __future__ import annotations

from pathlib import Path

import pytest

from designer.tui.app import build_app
from designer.tui.widgets.fields import Row
from designer.tui.widgets.text import TextField
from tests.tui.test_pilot_more import UNIT_YAML

pytestmark = pytest.mark.tui

HOSTILE = "[/ [red]x [link=http://x]y"


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


async def test_markup_typed_into_the_unit_fields_stays_text(here):
    (here / "ash-warden.yaml").write_text(UNIT_YAML)
    app = build_app(unit_path=Path("ash-warden.yaml"), start="edit")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        name = screen.query_one("#unit-name", TextField)
        screen.set_focus(name)
        await pilot.press("end", *HOSTILE)
        await pilot.pause()
        assert screen.doc.unit.name == "Ash Warden" + HOSTILE
        assert screen.doc.dirty and app.is_running
        await screen.action_goto(6)  # types
        await pilot.pause()
        field = screen.query_one("#custom-type-name", TextField)
        screen.set_focus(field)
        await pilot.press(*"[/b]Wolf", "enter")
        await pilot.pause()
        rows = [str(r.render()) for r in screen.query(Row)]
        assert any("[/b]Wolf" in r for r in rows), rows
        assert app.is_running
    assert "[/" not in (here / "ash-warden.yaml").read_text()  # nothing saved unasked
