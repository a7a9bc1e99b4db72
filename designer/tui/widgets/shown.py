"""Statics whose text changes with each edit, shown without a layout pass when their
height cannot change: the designer updates several at every keypress, and a layout pass
costs a frame's worth of time."""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

from textual.content import Content
from textual.widgets import Static

from designer.tui.literal import literal
from designer.tui.widgets.drawn import drawn
from designer.tui.widgets.lines import LineWidget, same

#: what `set_content` last showed in each Static
_SHOWN: WeakKeyDictionary[Static, Content] = WeakKeyDictionary()


def muted(text: str) -> Content:
    """`text` in the theme's quiet colour (hints, notes, what is given rather than
    chosen), shown as written: it often holds a name."""
    return literal(text, style="$foreground-muted", keep_lines=True)


def set_content(widget: Static, content: Content) -> bool:
    """Show `content` in a Static, doing nothing when it is what is shown already, and
    skipping the layout pass when the height cannot change (the same number of lines,
    as wrapped to the widget's width)."""
    old = _SHOWN.get(widget)
    if old is not None and same(old, content):
        return False
    width = widget.content_size.width
    lines = content.plain.split("\n")
    same_height = False
    if old is not None and width > 0 and old.plain.count("\n") == len(lines) - 1:
        same_height = True
        if (max(map(len, lines)) > width
                or max(map(len, old.plain.split("\n"))) > width):
            same_height = len(content.wrap(width)) == len(old.wrap(width))
    _SHOWN[widget] = content
    widget.update(drawn(content), layout=not same_height)
    return True


class LineText(LineWidget):
    """A text that changes with each edit, wrapped to the width as a Static wraps it and
    drawn line by line: a change repaints the lines it changed, lines moved by a row
    added above are not drawn again, and a line more or fewer lays it out once."""

    def __init__(self, content: Content | str = "", *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.content = Content(content) if isinstance(content, str) else content

    def show(self, content: Content) -> None:
        if not same(content, self.content):
            self.content = content
            self.update_lines()

    def lay_out(self, width: int) -> list[Content]:
        return self.content.wrap(max(1, width))


class Findings(LineText):
    """Findings, one or more lines each: a step's, the tally's, a force's."""


class StepFindings(Findings):
    """A step's findings, at the foot of its editor. Their height only grows (until the
    width changes): a finding gone leaves its lines blank. A value stepped to and fro
    across a limit adds a finding and takes it away at each key, and the step was laid
    out again each time, its scroll bar shown and hidden (a third of the keypress's
    work on Open Fire's models step)."""

    _kept = (0, 0)  # (width, lines) of the tallest findings shown at that width

    def lay_out(self, width: int) -> list[Content]:
        lines = super().lay_out(width)
        kept_width, kept = self._kept
        tallest = max(len(lines), kept if kept_width == width else 0)
        self._kept = (width, tallest)
        return lines + [Content("")] * (tallest - len(lines))


class DetailText(Static):
    """The detail of the entry highlighted in a list above it. Its height only grows (it
    fits again when the width changes): moving through the list then never moves what
    is below it, nor costs a layout pass at each move or choice."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._given: tuple[Content, int] | None = None  # the last content and width
        self._height = (0, 0)  # (width, lines) of what is shown

    def show(self, content: Content) -> None:
        width = self.content_size.width
        given = self._given
        if given is not None and given[1] == width and same(given[0], content):
            return  # as shown (an edit elsewhere): not wrapped again
        self._given = (content, width)
        lines = len(content.wrap(width)) if width > 0 else 0
        shown_width, shown_lines = self._height
        if width > 0 and width == shown_width and lines < shown_lines:
            content = Content("\n").join([content, *[Content("")] * (shown_lines - lines)])
            lines = shown_lines
        self.update(drawn(content), layout=not width or (width, lines) != self._height)
        self._height = (width, lines)
