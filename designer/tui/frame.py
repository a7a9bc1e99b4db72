"""One frame for a whole change: the screen lays out and paints once what an edit
changed, not the part of it that reached the screen first."""

from __future__ import annotations

import asyncio

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
