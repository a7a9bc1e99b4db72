"""The screens' header: the command palette's icon, the screen's title and sub-title, and
the clock's space, as Textual's Header shows them, drawn as one line.

Textual's header is four widgets (itself, its icon, its title and the clock's space),
each laid out and painted at every frame that reaches the top line; its title updates as
a Static does, asking for a layout of the whole screen. The title shows " · modified" as
edits come and go: in one line widget that is a repaint of one line. An OpenTactics bump
added or undone did 7-9% of its frame's work for the header's four widgets."""

from __future__ import annotations

from textual import events
from textual.content import Content
from textual.style import Style

from designer.tui.widgets.lines import LineWidget

ICON = "⭘"
#: the cells of the icon (its padding included) and of the clock's space, at each end
ICON_WIDTH, CLOCK_WIDTH = 8, 10
PALETTE_TIP = "Open the command palette"


class TitleHeader(LineWidget):
    """The header at the top of a screen."""

    DEFAULT_CSS = """
    TitleHeader {
        dock: top;
        width: 100%;
        height: 1;
        background: $panel;
        color: $foreground;
        & > .title-header--icon-hover {
            background: $foreground 10%;
        }
    }
    """
    COMPONENT_CLASSES = {"title-header--icon-hover"}

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._on_icon = False  # the mouse over the icon, while it opens the palette

    def on_mount(self) -> None:
        for holder in (self.app, self.screen):
            for name in ("title", "sub_title"):
                self.watch(holder, name, self._retitle, init=False)

    def _retitle(self) -> None:
        self.update_lines()

    def lay_out(self, width: int) -> list[Content]:
        screen, app = self.screen, self.app
        title = app.format_title(app.title if screen.title is None else screen.title,
                                 app.sub_title if screen.sub_title is None else
                                 screen.sub_title)
        room = max(0, width - ICON_WIDTH - CLOCK_WIDTH)
        if title.cell_length > room:
            title = title.truncate(room, ellipsis=True)
        left = (room - title.cell_length) // 2
        icon = Content(f" {ICON}".ljust(ICON_WIDTH))
        if self._on_icon:
            icon = icon.stylize(Style.from_rich_style(
                self.get_component_rich_style("title-header--icon-hover")))
        line = Content.assemble(icon, " " * left, title,
                                " " * (room - left - title.cell_length + CLOCK_WIDTH))
        return [line.truncate(width)]

    def _point_at(self, x: int | None) -> None:
        on_icon = x is not None and x < ICON_WIDTH and self.app.ENABLE_COMMAND_PALETTE
        if on_icon != self._on_icon:
            self._on_icon = on_icon
            self.tooltip = PALETTE_TIP if on_icon else None
            self.update_lines()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._point_at(event.x)

    def on_leave(self, event: events.Leave) -> None:
        self._point_at(None)

    async def on_click(self, event: events.Click) -> None:
        if event.x < ICON_WIDTH and self.app.ENABLE_COMMAND_PALETTE:
            event.stop()
            await self.run_action("app.command_palette")
