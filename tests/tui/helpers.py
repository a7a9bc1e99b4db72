"""What the TUI tests share: an OpenTactics unit to open, and the steps every Pilot test
of a system's editors takes (reading the focus, saving through the worker)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from textual import events
from textual.geometry import Region

from designer.tui.editors.kit.number_rows import NumberRows

#: a unit with types, dice, a bump, an item with a range choice, an item granting an
#: ability, and three abilities in all (two of its own, one from its Hand Weapon)
ASH_WARDEN = """\
system: opentactics
name: Ash Warden
types: [Infantry, Elf, Living, Warrior]
athletics: 6
skills:
  melee:     {off_dice: 2, def_dice: 2, range: 1}
  ballistic: {off_dice: 2, off_bumps: [1], def_dice: 1, range: 2}
  arcane:    {def_dice: 1}
  technical: {def_dice: 1}
equipment:
  - {item: Bow or Crossbow, range: 6}
  - {item: Hand Weapon, abilities: [Duelist]}
abilities:
  - {name: Stealth, rank: 2}
  - {name: Nimble}
"""


def focused_id(app) -> str | None:
    """The id of the widget focused; for rows drawn as one widget, with the row under
    its cursor ("pools/bump-melee-off-0")."""
    focused = app.focused
    if isinstance(focused, NumberRows):
        return f"{focused.id}/{focused.cursor}"
    return getattr(focused, "id", None)


async def save(app, pilot) -> None:
    """ctrl+s, then wait for the save's worker: the document is clean afterwards."""
    await pilot.press("ctrl+s")
    await app.workers.wait_for_complete()
    await pilot.pause()
    assert not app.screen.doc.dirty


#: how long a test waits for the app to catch up before it fails: generous, since CI runs
#: beside other work on two cores; a settled app returns at once
SETTLE_TIMEOUT = 30.0


async def settled(pilot, *, workers: bool = True, timeout: float = SETTLE_TIMEOUT) -> None:
    """Wait until every key sent so far has been handled with all it set off (the app's
    key gate is idle), the screen has processed its messages and (with `workers`) no
    worker is running; fail after `timeout` seconds."""
    app = pilot.app
    deadline = time.monotonic() + timeout
    while True:
        await pilot.pause()
        if workers:
            await app.workers.wait_for_complete()
        running = workers and any(w.is_running for w in app.workers)
        if app.keys_settled and not running:
            await pilot.pause()
            if app.keys_settled:
                return
        assert time.monotonic() < deadline, "the app did not settle in time"


async def wait_until(pilot, condition, what: str, timeout: float = SETTLE_TIMEOUT) -> None:
    """Wait until `condition()` holds (a search result shown, a worker's answer), pausing
    for the app between looks; fail naming `what` after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await pilot.pause()


def burst(app, *keys: str) -> None:
    """Keys as a terminal delivers a burst or a paste: all queued before the app handles
    any."""
    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else None))


@dataclass(frozen=True)
class Note:
    title: str
    message: str
    severity: str


def record_notes(app) -> list[Note]:
    """The notifications the app shows from now on, as they were asked for."""
    notes: list[Note] = []
    shown = app.notify

    def notify(message: str, *, title: str = "", severity: str = "information",
               **kwargs: Any) -> None:
        notes.append(Note(title, str(message), severity))
        shown(message, title=title, severity=severity, **kwargs)

    app.notify = notify
    return notes


def refreshes(widget, monkeypatch) -> list[tuple[tuple[Region, ...], dict]]:
    """Each refresh the widget asks for: its regions and keywords."""
    calls: list[tuple[tuple[Region, ...], dict]] = []
    real = widget.refresh

    def refresh(*regions, **kwargs):
        calls.append((regions, kwargs))
        return real(*regions, **kwargs)

    monkeypatch.setattr(widget, "refresh", refresh)
    return calls


def draws(cls: type, monkeypatch) -> list[tuple[Any, Region]]:
    """Each widget of `cls` asked to draw lines, with the lines asked (its crop)."""
    calls: list[tuple[Any, Region]] = []
    real = cls.render_lines

    def render_lines(self, crop):
        calls.append((self, crop))
        return real(self, crop)

    monkeypatch.setattr(cls, "render_lines", render_lines)
    return calls
