"""The forces screen by keys, as the Pilot tests that build a force go through it: start
on an empty roster file, move between the force's form and the table, add a ready unit,
open an entry's own dialog."""

from __future__ import annotations

from pathlib import Path

from designer.systems import system
from designer.tui.app import build_app
from tests.tui.helpers import settled, wait_until


def force_of(app):
    return app.screen.doc.force


def entries(app) -> list[tuple[str, int]]:
    return [(e.tally.name, e.count) for e in force_of(app).entries]


async def start(tmp_path: Path, name: str, size: tuple[int, int], game=None):
    """The app on an empty roster file `built.yaml` of the system `name` (or `game`)."""
    path = tmp_path / "built.yaml"
    path.write_text("", encoding="utf-8")
    app = build_app(game=game or system(name), roster_path=path, start="roster")
    return app, path


async def to_field(app, pilot, key: str) -> None:
    """From the table, shift+tab back to the form's field `key`."""
    for _ in range(8):
        if getattr(app.focused, "key", None) == key:
            return
        await pilot.press("shift+tab")
        await settled(pilot)
    raise AssertionError(f"no field {key} on the form")


async def to_table(app, pilot) -> None:
    for _ in range(8):
        if getattr(app.focused, "id", None) == "units":
            return
        await pilot.press("tab")
        await settled(pilot)
    raise AssertionError("the table did not take the focus")


async def add_ready(app, pilot, name: str) -> None:
    """a, enter (a ready unit), then the list's entry `name` by its place."""
    await pilot.press("a")
    await wait_until(pilot, lambda: type(app.screen).__name__ == "ConfirmDialog", "add")
    await pilot.press("enter")
    await wait_until(pilot, lambda: type(app.screen).__name__ == "ExampleDialog", "list")
    shown = [name_ for name_, _, _ in app.screen.examples]
    assert name in shown, shown
    await pilot.press(*["down"] * shown.index(name), "enter")
    await wait_until(pilot, lambda: type(app.screen).__name__ == "ForcesScreen", "added")
    await settled(pilot)


def ready_names(app) -> list[tuple[str, str]]:
    return [(a.name, kind) for a, kind in app.screen.ready()]


async def entry_dialog(app, pilot) -> None:
    """l on the highlighted entry: its own dialog, the label field focused."""
    await pilot.press("l")
    await wait_until(pilot, lambda: type(app.screen).__name__ == "EntryDialog", "the entry")
    await settled(pilot)


async def closed(app, pilot, key: str) -> None:
    """`key` closes the dialog on top: the forces screen again."""
    await pilot.press(key)
    await wait_until(pilot, lambda: type(app.screen).__name__ == "ForcesScreen", "closed")
    await settled(pilot)
