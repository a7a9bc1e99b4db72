"""A part of a step that is rebuilt on its own: a change to its structure composes it
again and leaves the rest of the step as it is, so adding a bump to one pool repaints
that pool, not the eight of them."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widget import Widget

if TYPE_CHECKING:
    from designer.tui.editors.base import View


class Part(Vertical):
    """Composed by `build(view)`; composed again by `sync` only when `structure(view)`
    differs from what it was built for."""

    DEFAULT_CSS = "Part { height: auto; }"

    def __init__(self, view: View, structure: Callable[[View], Hashable],
                 build: Callable[[View], ComposeResult], *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.view, self.structure, self.build = view, structure, build

    def compose(self) -> ComposeResult:
        yield from self.build(self.view)

    async def sync(self, view: View) -> bool:
        """Take `view`; True when that composed the part again."""
        rebuild = self.structure(view) != self.structure(self.view)
        self.view = view
        if rebuild:
            await compose_again(self)
        return rebuild


async def compose_again(widget: Widget) -> None:
    """`widget` composed again, the focus held inside it let go first: else Textual hands
    it on to another field (the unit's name) meanwhile, which repaints the footer twice
    and is where a key could land before the focus comes back."""
    focused = widget.screen.focused
    if focused is not None and widget in focused.ancestors:
        widget.screen.set_focus(None)
    await widget.recompose()
