"""Text whose drawing is kept: the strips Textual draws for a text at a width and style
are kept by what they were drawn from, and given again when the same text is drawn
the same way, by any widget.

A search typed into a picker fills its list with new options each key; Textual then
drew every entry again (0.1-0.3 ms a line), though each had been drawn before, exactly
so. The same goes for a figure stepped there and back, or a detail shown again."""

from __future__ import annotations

from collections.abc import Hashable

from textual.cache import LRUCache
from textual.content import Content, Span
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions

#: strips by what they were drawn from (text, styles resolved, width, height, base style
#: and the rules that lay text out)
_STRIPS: LRUCache[Hashable, list[Strip]] = LRUCache(4096)
#: heights by text, width and the rules that wrap it
_HEIGHTS: LRUCache[Hashable, int] = LRUCache(4096)


class Drawn(Content):
    """A Content drawn as Textual draws it, once for each way it is drawn (its text and
    styles, the width, height and base style, the text rules). Text being selected is
    drawn afresh, with the selection."""

    def render_strips(self, width: int, height: int | None, style: Style,
                      options: RenderOptions) -> list[Strip]:
        key = self._drawn_key(width, height, style, options)
        if key is None:
            return super().render_strips(width, height, style, options)
        strips = _STRIPS.get(key)
        if strips is None:
            strips = _STRIPS[key] = super().render_strips(width, height, style, options)
        return list(strips)

    def get_height(self, rules: RulesMap, width: int) -> int:
        get = rules.get
        key = (self.plain, width, get("line_pad", 0), get("text_overflow", "fold"),
               get("text_wrap", "wrap"))
        height = _HEIGHTS.get(key)
        if height is None:
            height = _HEIGHTS[key] = super().get_height(rules, width)
        return height

    def _drawn_key(self, width: int, height: int | None, style: Style,
                   options: RenderOptions) -> Hashable | None:
        """What the strips are drawn from, each span's style as the widget resolves it
        (a theme's colour, a component class): None when they are not to be kept (text
        being selected, a style applied after drawing, a style that cannot be resolved)."""
        if options.selection is not None or options.post_style is not None:
            return None
        spans: list[tuple[int, int, Style]] = []
        for start, end, span_style in self.spans:
            if isinstance(span_style, str):
                try:
                    span_style = options.get_style(span_style)
                except Exception:  # drawn as Textual would, without keeping it
                    return None
            spans.append((start, end, span_style))
        get = options.rules.get
        return (self.plain, tuple(spans), width, height, style, get("text_align", "left"),
                get("text_overflow", "fold"), get("text_wrap", "wrap"), get("line_pad", 0))


def drawn(content: Content) -> Drawn:
    """`content`, its drawing kept."""
    if isinstance(content, Drawn):
        return content
    return Drawn(content.plain, list[Span](content.spans), content.cell_length,
                 strip_control_codes=False)
