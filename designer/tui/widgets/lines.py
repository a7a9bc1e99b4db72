"""A widget drawn line by line from the lines it lays out, so that an update repaints
only the lines that changed.

A keypress in the designer moves a figure or two in the tally and the stepper; drawn as
one text, each widget was rendered whole again (the tally's 30-odd lines took 3-5 ms of
the frame). Here an update compares the new lines with those shown and marks only the
changed ones dirty: Textual keeps the rest, and sends the terminal only what changed.
"""

from __future__ import annotations

from typing import Any

from textual.content import Content
from textual.dom import NoScreen
from textual.errors import NoWidget
from textual.geometry import Region, Size
from textual.screen import Screen
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget


def same(one: Content, other: Content) -> bool:
    """Whether two lines look the same: Content's own == compares the text only."""
    return one.plain == other.plain and one.spans == other.spans


class LineWidget(Widget):
    """Subclasses lay out their lines for a width (`lay_out`) and call `update_lines()`
    when what they show changes. `render()` gives the whole text, as a Static's does."""

    DEFAULT_CSS = "LineWidget { height: auto; }"

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._shown: list[Content] = []
        self._width = 0  # the width `_shown` was laid out for (0: not yet)
        self._behind = False  # updated while out of view: `_shown` is out of date
        # the strip drawn for each line, with what it was drawn from: a repaint of the
        # whole widget (its border changed, or it gained the focus) draws again only
        # the lines that changed
        self._strips: dict[int, tuple[tuple[Any, ...], Strip]] = {}

    def lay_out(self, width: int) -> list[Content]:
        """The lines to show at `width`, each one line of text."""
        raise NotImplementedError

    def update_lines(self) -> bool:
        """Lay the lines out again and repaint those that changed (a change in their
        number changes the widget's height: that asks for a layout). Out of view (clipped
        by its container, or not displayed) it only notes that it is behind, and catches
        up when a layout brings it into view: whether it was drawn."""
        width = self._width
        if not width:  # not laid out yet: the first layout draws it whole
            self.refresh(layout=True)
            return True
        if not self.in_view():
            self._behind = True
            return False
        self._behind = False
        old, new = self._shown, self.lay_out(width)
        self._shown = new
        if len(new) != len(old):
            self.refresh(layout=True)
            return True
        changed = [Region(0, y, width, 1)
                   for y, (was, now) in enumerate(zip(old, new, strict=True))
                   if not same(was, now)]
        if changed:
            self.refresh(*changed)
        return True

    def in_view(self) -> bool:
        """Whether any of the widget is on the screen, as last laid out."""
        try:
            geometry = self.screen.find_widget(self)
        except (NoScreen, NoWidget):
            return False
        return geometry.clip.overlaps(geometry.region)

    def lines_at(self, width: int) -> list[Content]:
        """The lines at `width`, laid out again only when the width changed."""
        if width != self._width:
            self._shown, self._width = self.lay_out(width), width
        return self._shown

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines_at(width))

    def on_mount(self) -> None:
        self.screen.screen_layout_refresh_signal.subscribe(self, self._laid_out)

    def on_unmount(self) -> None:
        self.screen.screen_layout_refresh_signal.unsubscribe(self)

    def _laid_out(self, screen: Screen) -> None:
        """A layout brought the widget into view with its lines out of date."""
        if self._behind and self.in_view():
            self.update_lines()

    def render_line(self, y: int) -> Strip:
        width = self.content_size.width
        lines = self.lines_at(width)
        if y >= len(lines) or width <= 0:
            return Strip.blank(max(0, width), self.rich_style)
        line = lines[y]
        key = (line.plain, line.spans, width, self.visual_style, self.app.theme)
        drawn = self._strips.get(y)
        if drawn is None or drawn[0] != key:
            drawn = self._strips[y] = (key, Visual.to_strips(self, line, width, 1,
                                                             self.visual_style, pad=True)[0])
        return drawn[1]

    def render(self) -> Content:
        return Content("\n").join(self.lines_at(self.content_size.width or 80))
