"""Snapshot tests of the Textual app: each of the unit designer's eight steps, the forces
screen, the catalog browser and the help screen, as SVG screenshots under __snapshots__/.

Run with --snapshot-update to accept a changed look, after looking at the new pictures.
The app is built with the text cursor's blinking off and on a unit file opened by a
relative path from the working folder, so every run draws the same screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from designer.systems import system
from designer.tui.app import DesignerApp, build_app
from tests.tui.helpers import ASH_WARDEN as UNIT_YAML

STEPS = system("opentactics").steps()

pytestmark = pytest.mark.tui

WIDE = (120, 40)
SMALL = (80, 24)


UNIT_FILE = "ash-warden.yaml"


def still(app: DesignerApp) -> DesignerApp:
    """The app with the text cursor's blinking turned off (text fields read it on mount)."""
    app.cursor_blink = False
    return app


@pytest.fixture
def unit_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Builds the designer on a copy of the unit in tmp_path, opened by a relative path
    from tmp_path as the working folder (the header shows the path)."""
    (tmp_path / UNIT_FILE).write_text(UNIT_YAML, encoding="utf-8")
    monkeypatch.chdir(tmp_path)

    def make() -> DesignerApp:
        return still(build_app(unit_path=Path(UNIT_FILE), start="edit"))

    return make


def step_keys(index: int) -> list[str]:
    """Keys from the first step to step `index` (0-based): the designer's next-step key,
    which works whichever field has focus (a digit would edit a focused number field)."""
    return ["pagedown"] * index


def where(pilot) -> str:
    """The header's title and subtitle of the screen on top."""
    screen = pilot.app.screen
    return f"{screen.title} · {screen.sub_title}"


@pytest.mark.parametrize(("index", "key"), [(n, step.key) for n, step in enumerate(STEPS)],
                         ids=[step.key for step in STEPS])
def test_designer_step(snap_compare, unit_app, tmp_path, index: int, key: str) -> None:
    seen: dict[str, object] = {}

    async def go(pilot) -> None:
        await pilot.pause()
        await pilot.press(*step_keys(index))
        await pilot.pause()
        screen = pilot.app.screen
        seen.update(step=screen.step, editor=screen.query_one("#editors").current,
                    header=where(pilot))

    assert snap_compare(unit_app(), terminal_size=WIDE, run_before=go)
    assert seen["step"] == index
    assert seen["editor"] == f"step-{key}"
    assert seen["header"] == f"Unit · Ash Warden · {UNIT_FILE}"
    assert str(tmp_path) not in str(seen["header"])


def test_designer_dice_small(snap_compare, unit_app) -> None:
    seen: dict[str, object] = {}

    def look(pilot) -> None:
        seen.update(step=pilot.app.screen.step)

    assert snap_compare(unit_app(), terminal_size=SMALL, run_before=look)
    assert seen["step"] == 0


@pytest.mark.parametrize("size", [WIDE, SMALL], ids=["120x40", "80x24"])
def test_forces(snap_compare, size: tuple[int, int]) -> None:
    seen: dict[str, str] = {}

    def look(pilot) -> None:
        seen.update(header=where(pilot))

    assert snap_compare(still(build_app()), terminal_size=size, run_before=look)
    assert seen["header"].startswith("Forces · ")


def test_browser(snap_compare) -> None:
    seen: dict[str, str] = {}

    def look(pilot) -> None:
        seen.update(header=where(pilot))

    assert snap_compare(still(build_app(start="browser")), terminal_size=WIDE,
                        run_before=look)
    assert seen["header"].startswith("Catalog · ")


def test_help(snap_compare, unit_app) -> None:
    seen: dict[str, str] = {}

    async def open_help(pilot) -> None:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        seen.update(screen=type(pilot.app.screen).__name__)

    assert snap_compare(unit_app(), terminal_size=WIDE, run_before=open_help)
    assert seen["screen"] == "HelpScreen"
