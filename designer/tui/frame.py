"""One frame for a whole change: the screen lays out and paints once what an edit
changed, not the part of it that reached the screen first; it arranges its widgets once
for it and draws only the widgets the change reaches (`LeanCompositor`); and work that
can wait for it (the footer's keys) waits until it is painted."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from weakref import WeakKeyDictionary

from textual._compositor import ChopsUpdate, Compositor, CompositorMap, ReflowResult
from textual.app import App
from textual.geometry import Region, Size
from textual.screen import Screen
from textual.strip import Strip
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


def moved_areas(old: CompositorMap, new: CompositorMap) -> set[Region]:
    """What a layout changed on the screen: where each widget was and where it is now, for
    those placed, clipped or stacked anew, come or gone. Textual also marks the whole of
    a widget whose content grew or shrank in place (its virtual size), though it looks
    the same: a step's findings a line longer marked the whole step editor, and every
    field in it was drawn again (a model count stepped on Open Fire's models step did a
    sixth of its frame's work for them). What moved inside it is marked on its own."""
    areas = set()
    for widget, geometry in new.items() ^ old.items():
        was, now = old.get(widget), new.get(widget)
        if was is not None and now is not None and (was.region, was.clip, was.order) == \
                (now.region, now.clip, now.order):
            continue  # in place: only its content's size changed
        area = geometry.clip.intersection(geometry.region)
        if area:
            areas.add(area)
    return areas


class LeanCompositor(Compositor):
    """Textual's compositor, doing a frame's work once and only where the frame changes.

    - It keeps the map of every widget that a layout has just built. A widget mounted
      since the last layout marks the map stale; the layout then arranges the whole
      screen, and the first look-up of a widget's place after it (any widget of a new size
      asks) arranged the whole screen a second time, from scratch, for the same map: a
      bump added on OpenTactics' bumps step did 5% of its frame's work again.
    - A layout marks for painting what moved, not the whole of a widget whose content
      grew or shrank in place (`moved_areas`).
    - A paint draws the widgets it updates, not all those within the box around them.
      Textual draws every widget inside the smallest box holding every change (a figure
      in the stepper and one in the tally: nearly the whole screen) and keeps the lines
      changed; the lines of a widget outside every change are never shown. A value
      stepped on OpenTactics' dice step did a fifth of its frame's work for them."""

    #: the regions the paint being made updates (empty outside a paint)
    _updating: tuple[Region, ...] = ()

    def reflow(self, parent: Widget, size: Size) -> ReflowResult:
        old, dirty = self._full_map, set(self._dirty_regions)
        result = super().reflow(parent, size)
        self._full_map_invalidated = False  # the map just built holds every widget
        if size.region not in dirty:  # (else the whole screen is painted anyway)
            self._dirty_regions = dirty | moved_areas(old, self._full_map)
        return result

    def render_partial_update(self) -> ChopsUpdate | None:
        self._updating = tuple(self._dirty_regions)
        try:
            return super().render_partial_update()
        finally:
            self._updating = ()

    def _get_renders(self, crop: Region | None = None
                     ) -> Iterable[tuple[Region, Region, list[Strip]]]:
        updating = self._updating
        if not updating:
            yield from super()._get_renders(crop)
            return
        shown = self.visible_widgets
        # only the widgets a change reaches, in the same order (front to back), each
        # drawn for the lines it changes on (the rows it spans, not the columns: a column
        # left out would be filled from the widget behind it)
        reached: dict[Widget, tuple[Region, Region]] = {}
        for widget, (region, clip) in shown.items():
            seen = clip.intersection(region)
            lines = [change.intersection(seen) for change in updating
                     if seen.overlaps(change)]
            if lines:
                top = min(line.y for line in lines)
                bottom = max(line.bottom for line in lines)
                reached[widget] = (region, clip.intersection(
                    Region(seen.x, top, seen.width, bottom - top)))
        self._visible_widgets = reached
        try:
            yield from super()._get_renders(crop)
        finally:
            self._visible_widgets = shown


class LeanScreen(Screen):
    """A screen whose compositor does a frame's work once (`LeanCompositor`)."""

    def __init__(self, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name, id, classes)
        self._compositor = LeanCompositor()
