"""One frame for a whole change: the screen lays out and paints once what an edit
changed, not the part of it that reached the screen first, arranges its widgets once for
it, and work that can wait for it (the footer's keys) waits until it is painted."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from weakref import WeakKeyDictionary

from textual._compositor import Compositor, ReflowResult
from textual.app import App
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget

#: turns of the event loop in which the widgets an edit changed report to the screen
TURNS = 3


#: per app making a frame (`one_frame`): the work put off until it is painted
_WAITING: WeakKeyDictionary[App, list[tuple[Widget, Callable[[], object]]]] = \
    WeakKeyDictionary()


@asynccontextmanager
async def one_frame(app: App) -> AsyncIterator[None]:
    """Make one change to the screen, painted whole in one frame: a row mounted or the
    focus moved while the rest is still being brought up to date never paints a
    half-updated screen first."""
    outer = app not in _WAITING
    waiting = _WAITING.setdefault(app, [])
    try:
        with app.batch_update():
            yield
            await report_changes()
    finally:
        if outer:
            del _WAITING[app]
            for widget, callback in waiting:
                widget.call_after_refresh(callback)


def after_frame(widget: Widget, callback: Callable[[], object]) -> None:
    """Run `callback` once the screen is painted. Textual's `call_after_refresh` runs it
    at the screen's next idle while a frame is being made (a batch): an undo's focus move
    had the footer read its keys (a millisecond) before the undo was painted."""
    waiting = _WAITING.get(widget.app)
    if waiting is None:
        widget.call_after_refresh(callback)
    else:
        waiting.append((widget, callback))


async def report_changes() -> None:
    """Let each widget just changed tell the screen (inside a batch, before it ends).

    A widget asks the screen for its repaint, or a layout for its new height, at its
    next idle, in its own task; the screen paints at its own next idle. A batch ended at
    once let the screen lay out a bump's new row first: the row was painted, then the
    card, the stepper and the header some 30 ms later, in a second layout of the whole
    screen. Each widget changed reports within a turn of the event loop, those its
    focus move reached (the header's title) within two: the screen then has it all."""
    for _ in range(TURNS):
        await asyncio.sleep(0)


class KeptMapCompositor(Compositor):
    """Textual's compositor, keeping the map of every widget that a layout has just built.

    A widget mounted since the last layout marks the map stale; the layout then arranges
    the whole screen, and the first look-up of a widget's place after it (any widget of a
    new size asks) arranged the whole screen a second time, from scratch, for the same
    map. A bump added on OpenTactics' bumps step did 5% of its frame's work again."""

    def reflow(self, parent: Widget, size: Size) -> ReflowResult:
        result = super().reflow(parent, size)
        self._full_map_invalidated = False  # the map just built holds every widget
        return result


class OneLayoutScreen(Screen):
    """A screen that arranges its widgets once per layout (`KeptMapCompositor`)."""

    def __init__(self, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name, id, classes)
        self._compositor = KeptMapCompositor()
