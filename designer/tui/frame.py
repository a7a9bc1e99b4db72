"""One frame for a whole change: the screen lays out and paints once what an edit
changed, not the part of it that reached the screen first, and arranges its widgets once
for it."""

from __future__ import annotations

import asyncio

from textual._compositor import Compositor, ReflowResult
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget

#: turns of the event loop in which the widgets an edit changed report to the screen
TURNS = 3


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
