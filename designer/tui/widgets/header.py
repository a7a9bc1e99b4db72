"""The screens' header: Textual's, with a title line that changes without a layout.

The title shows " · modified" as edits come and go. Textual's header updates its title
as a Static does, asking for a layout of the whole screen each time (a second frame
after the keypress's, and the next keypress then builds the screen's map again); the
title is one line of fixed width, so its repaint is all it needs."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.visual import VisualType
from textual.widgets import Header
from textual.widgets._header import HeaderTitle


class TitleLine(HeaderTitle):
    def update(self, content: VisualType = "", *, layout: bool = False) -> None:
        super().update(content, layout=False)


class TitleHeader(Header):
    def compose(self) -> ComposeResult:
        for widget in super().compose():
            yield TitleLine() if type(widget) is HeaderTitle else widget
