"""A heading with a button at its end, drawn as one line: a bump pool's "Melee OFF · 2
dice  + add bump".

Made of a row, a label and a Button, each heading was three widgets that Textual lays
out and paints apart at every frame; a step of six pools had eighteen, and adding a bump
(which moves every heading below it) cost their layout and paint in the keypress's own
frame. This is one widget, which presses as a Button does: enter, or a click on the
button."""

from __future__ import annotations

from textual import events
from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.reactive import Reactive
from textual.style import Style
from textual.widget import Widget

from designer.tui.widgets.fields import FieldButton
from designer.tui.widgets.scroll import quiet_virtual_size

#: the gap between the heading and its button (a button's margin beside a label)
GAP = "  "


class ButtonLine(Widget, can_focus=True):
    """`heading` (shown as it is made) and a button labelled `button` after it."""

    BINDING_GROUP_TITLE = FieldButton.BINDING_GROUP_TITLE
    BINDINGS = FieldButton.BINDINGS  # the same keys as every other button
    COMPONENT_CLASSES = {"button-line--button"}
    virtual_size: Reactive[Size] = quiet_virtual_size()  # one layout for a new height
    DEFAULT_CSS = """
    ButtonLine {
        height: 1;
        width: 1fr;
        & > .button-line--button {
            background: $surface;
            color: $button-foreground;
            text-style: bold;
        }
        &:hover {
            & > .button-line--button {
                background: $surface-darken-1;
            }
        }
        &:focus {
            & > .button-line--button {
                background-tint: $foreground 5%;
                text-style: $button-focus-text-style;
            }
        }
    }
    """

    class Pressed(Message):
        def __init__(self, line: ButtonLine) -> None:
            super().__init__()
            self.line = line

        @property
        def control(self) -> ButtonLine:
            return self.line

    def __init__(self, heading: Content, button: str, *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.heading, self.button = heading, f" {button} "
        self._button_at = heading.cell_length + len(GAP)

    def render(self) -> Content:
        # the rich style: a visual style leaves out reverse, a focused button's look
        style = Style.from_rich_style(self.get_component_rich_style("button-line--button"))
        heading = self.heading
        room = self.content_size.width - len(GAP) - len(self.button)
        if 0 < room < heading.cell_length:  # narrow: the heading gives way, not the button
            heading = heading.truncate(room, ellipsis=True)
        self._button_at = heading.cell_length + len(GAP)  # where a click presses it
        return Content.assemble(heading, GAP, Content(self.button).stylize(style))

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_press(self) -> None:
        self.post_message(self.Pressed(self))

    def on_click(self, event: events.Click) -> None:
        start = self._button_at
        if start <= event.x < start + len(self.button):
            event.stop()
            self.action_press()
