"""A widget drawn line by line from the lines it lays out, so that an update repaints
only the lines that changed.

A keypress in the designer moves a figure or two in the tally and the stepper; drawn as
one text, each widget was rendered whole again (the tally's 30-odd lines took 3-5 ms of
the frame). Here an update compares the new lines with those shown and marks only the
changed ones dirty: Textual keeps the rest, and sends the terminal only what changed.
"""

from __future__ import annotations

from contextlib import suppress
from typing import Any

from rich.segment import Segment
from textual.content import Content, Span
from textual.dom import NoScreen
from textual.errors import NoWidget
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.screen import Screen
from textual.signal import SignalError
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import Visual
from textual.widget import Widget

from designer.tui.widgets.scroll import quiet_virtual_size


def line_key(line: Content) -> tuple[str, tuple[Span, ...]]:
    """What a line is drawn from (its text and styles), as a key."""
    return line.plain, tuple(line.spans)


def same(one: Content, other: Content) -> bool:
    """Whether two lines look the same: Content's own == compares the text only."""
    return one.plain == other.plain and one.spans == other.spans


class LineWidget(Widget):
    """Subclasses lay out their lines for a width (`lay_out`) and call `update_lines()`
    when what they show changes. `render()` gives the whole text, as a Static's does."""

    DEFAULT_CSS = "LineWidget { height: auto; }"

    virtual_size: Reactive[Size] = quiet_virtual_size()  # one layout for a new height

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._shown: list[Content] = []
        self._width = 0  # the width `_shown` was laid out for (0: not yet)
        self._out_of_date = False  # updated while out of view: `_shown` is out of date
        # the strips drawn, by the line each shows (its text and styles), for the lines
        # shown now and before the last update: a repaint of the whole widget (it gained
        # the focus), lines moved down by one more above them and a value stepped there
        # and back draw only lines not drawn before
        self._drawn: dict[tuple[str, tuple[Span, ...]], Strip] = {}
        self._blank: Strip | None = None  # a line below the last
        self._looks: tuple[Any, ...] = ()  # what those were drawn at (width, style, ...)
        # the same for whole lines as the screen takes them (background, padding, filters
        # applied), while the widget has nothing above or below its lines: Textual draws
        # those by where they are, so a line moved down by one more above it (a bump added
        # to the tally) was drawn again, each of the lines below
        self._framed: dict[tuple[str, tuple[Span, ...]] | None, Strip] = {}
        self._framed_looks: tuple[Any, ...] = ()

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
            self._fall_behind()
            return False
        self._catch_up()
        old, new = self._shown, self.lay_out(width)
        self._shown = new
        most = len(old) + len(new)  # the lines shown now and before (and a blank, framed)
        if len(self._drawn) > most or len(self._framed) > most + 1:
            kept = {line_key(line) for line in (*old, *new)}
            self._drawn = {key: strip for key, strip in self._drawn.items() if key in kept}
            self._framed = {key: strip for key, strip in self._framed.items()
                            if key is None or key in kept}
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

    def _fall_behind(self) -> None:
        """Out of view with its lines out of date: each layout from now on looks whether
        it brought the widget into view. Only a widget behind listens (at once, not as a
        message): a screen's twenty-odd line widgets each handled one message per layout,
        their task woken for nothing."""
        if not self._out_of_date:
            try:
                self.screen.screen_layout_refresh_signal.subscribe(self, self._laid_out,
                                                                   immediate=True)
            except (NoScreen, SignalError):  # not on a screen (yet, or any more)
                return
            self._out_of_date = True

    def _catch_up(self) -> None:
        if self._out_of_date:
            self._out_of_date = False
            with suppress(NoScreen):  # its screen gone (unmounted): nothing to leave
                self.screen.screen_layout_refresh_signal.unsubscribe(self)

    def on_unmount(self) -> None:
        self._catch_up()

    def _laid_out(self, screen: Screen) -> None:
        """A layout brought the widget into view with its lines out of date."""
        if self._out_of_date and self.in_view():
            self.update_lines()

    def render_line(self, y: int) -> Strip:
        width = max(0, self.content_size.width)
        lines = self.lines_at(width)
        style = self.visual_style
        looks = (width, style, self.app.theme, self.text_selection)
        if looks != self._looks:
            self._looks, self._drawn, self._blank = looks, {}, None
        if y >= len(lines) or not width:
            if self._blank is None:
                # a widget's rich_style is worked out afresh from its ancestors at
                # each call (~0.1 ms): a stepper taller than its steps paid it per line
                self._blank = Strip.blank(width, self.rich_style)
            return self._blank
        line = lines[y]
        key = line_key(line)
        strip = self._drawn.get(key)
        if strip is None:
            strip = self._drawn[key] = self.line_strip(line, width, style)
        return strip

    def render_lines(self, crop: Region) -> list[Strip]:
        styles = self.styles
        if (styles.gutter.top or styles.gutter.bottom or self.border_title
                or self.border_subtitle or any(kind not in ("", "none", "hidden")
                                               for kind, _ in styles.outline)):
            return super().render_lines(crop)  # a line's look depends on where it is
        try:
            selection = self.text_selection
        except NoScreen:  # its screen closing as the last frame is drawn
            return super().render_lines(crop)
        lines = self.lines_at(max(0, self.content_size.width))
        looks = (self.size.width, crop.x, crop.width, self.background_colors,
                 self.visual_style, styles.padding, self.opacity, selection,
                 self.app.theme, *self.get_line_filters())
        if looks != self._framed_looks:
            self._framed_looks, self._framed = looks, {}
        keys = [line_key(lines[y]) if y < len(lines) else None for y in crop.line_range]
        missing = [y for y, key in zip(crop.line_range, keys, strict=True)
                   if key not in self._framed]
        if missing:  # drawn by Textual, in one go
            top = missing[0]
            drawn = super().render_lines(Region(crop.x, top, crop.width, missing[-1] - top + 1))
            for y in missing:
                self._framed[keys[y - crop.y]] = drawn[y - top]
        return [self._framed[key] for key in keys]

    def line_strip(self, line: Content, width: int, style: VisualStyle) -> Strip:
        """One laid-out line drawn as Textual draws a one-line text (`Visual.to_strips`,
        which this matches segment for segment): the line is already fitted to the width,
        so Textual's wrapping, alignment and link passes are skipped (a third of the
        cost). While text is being selected, Textual draws it, with the selection."""
        if self.text_selection is not None:
            return Visual.to_strips(self, line, width, 1, style, pad=True)[0]
        segments = []
        x = 0
        for text, text_style in line.render(style, "", self._get_style):
            segments.append(Segment(text, text_style.rich_style_with_offset(x, 0)))
            x += len(text)
        pad = (style + VisualStyle(reverse=False)).rich_style
        return Strip(segments, line.cell_length).crop_extend(0, width, pad)

    def render(self) -> Content:
        return Content("\n").join(self.lines_at(self.content_size.width or 80))
