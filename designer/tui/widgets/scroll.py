"""A scrolling container whose content changes height as the user edits: the designer's
step editors (a finding more or fewer at a keypress) and the tally's findings.

When the content's height changes, Textual repaints the whole container and lays the
screen out a second time, a frame later; when a scrollbar comes or goes, it repaints the
whole container too. None of that repaint is needed here: the layout that changed the
height already placed the children and marked where they moved for painting, the
scrollbar repaints itself, and the container draws only its background. (A scrollbar
that comes or goes is still laid out: it can narrow the content.) An Open Fire model
count whose finding crosses the editor's height painted in 22.1 ms median before, 18.3
after (interleaved runs on a pseudo-terminal). Its scroll bar is drawn as strips straight
away (`KeptBar`), not through Rich's console.
"""

from __future__ import annotations

from collections.abc import Hashable

from rich.color import Color
from rich.segment import Segment
from rich.style import Style as RichStyle
from textual.cache import LRUCache
from textual.containers import VerticalScroll
from textual.css.styles import RulesMap
from textual.geometry import Size
from textual.reactive import Reactive
from textual.scrollbar import ScrollBarRender
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual

#: a vertical scroll bar's strips by its size, thumb and colours
_BARS: LRUCache[Hashable, list[Strip]] = LRUCache(256)


def quiet_virtual_size() -> Reactive[Size]:
    """A widget's `virtual_size` that asks for neither a repaint nor a layout when it
    changes. Textual sets it in the layout that gives a widget a new height, and its own
    reactive then asks to lay the screen out again a frame later, with nothing left to
    place (a widget that does not scroll), or repaints the whole widget (a container
    whose children were placed and marked for painting by that layout). One per class:
    a reactive knows the class it belongs to."""
    return Reactive(Size(0, 0), layout=False, repaint=False)


class KeptBar(ScrollBarRender, Visual):
    """A vertical scroll bar drawn as Textual's renderer draws it (`render_bar`'s
    segments, a line each), as strips straight away, kept by the bar's size, thumb and
    colours. Textual draws a bar through Rich's console, line by line: a step editor's
    34-line bar took 1.5-2 ms of the frame when a finding more or fewer moved its thumb."""

    def render_strips(self, width: int, height: int | None, style: Style,
                      options: RenderOptions) -> list[Strip]:
        bar_style = self.style if isinstance(self.style, RichStyle) else \
            RichStyle.parse(str(self.style))
        size = height or 0
        key = (self.virtual_size, self.window_size, self.position, width, size, bar_style,
               style)
        strips = _BARS.get(key)
        if strips is None:
            bar = self.render_bar(
                size=size, virtual_size=self.virtual_size, window_size=self.window_size,
                position=self.position, thickness=width, vertical=True,
                back_color=bar_style.bgcolor or Color.parse("#555555"),
                bar_color=bar_style.color or Color.parse("bright_magenta"))
            base = style.rich_style  # under each segment, as Textual's drawing puts it
            strips = _BARS[key] = [Strip([Segment(segment.text, base + segment.style)], width)
                                   for segment in list(bar.segments)[:height]]
        return list(strips)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return self.thickness

    def get_height(self, rules: RulesMap, width: int) -> int:
        return 0


class LiveScroll(VerticalScroll):
    """A VerticalScroll that a change in its content's height does not repaint whole,
    its scroll bar drawn as kept strips (`KeptBar`)."""

    virtual_size: Reactive[Size] = quiet_virtual_size()
    BLANK = True  # its own lines are background only: drawn as blank lines at once
    show_vertical_scrollbar: Reactive[bool] = Reactive(False, layout=True, repaint=False)

    def on_mount(self) -> None:
        # a renderer of its own for one bar, as ScrollBar.renderer's own documentation does
        self.vertical_scrollbar.renderer = KeptBar  # type: ignore[misc]
