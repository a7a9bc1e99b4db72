"""User text as the designer's screens show it: Textual `Content` (never parsed as
markup, so `[/]` in a name is only text) with every control character and override as
an escape (`designer.escaping.printable`), cut at `limit` characters (`literal`), or
assembled from styled parts (`assembled`); in a text field, each such character as one
picture (`designer.escaping.editable`)."""

from __future__ import annotations

from typing import TypeAlias

from rich.highlighter import Highlighter
from rich.text import Text
from textual.content import Content

from designer.escaping import editable, printable


def literal(text: str, limit: int | None = None, *, style: str = "",
            keep_lines: bool = False) -> Content:
    """`text` shown as it is written, in `style`; `keep_lines` keeps its line breaks."""
    safe = printable(text, limit, keep_lines=keep_lines)
    return Content.styled(safe, style) if style else Content(safe)


#: a part of a line: text, text with its style, or Content made already
Part: TypeAlias = "str | tuple[str, str] | Content"


def assembled(*parts: Part) -> Content:
    """One line of `parts`, each text (alone or with its style) shown as written; a
    `Content` part is taken as it is (whoever made it showed its text as written)."""
    return Content.assemble(*(printable(p) if isinstance(p, str) else
                              (printable(p[0]), p[1]) if isinstance(p, tuple) else p
                              for p in parts))


class ControlPictures(Highlighter):
    """For a text field: its text with each control character and override shown as one
    picture character (␛ for ESC, ␀ for NUL, � for an override), so what the field shows
    stays in step with its cursor and the text itself is kept as it is."""

    def highlight(self, text: Text) -> None:
        shown = editable(text.plain)
        if shown != text.plain:
            text.plain = shown
