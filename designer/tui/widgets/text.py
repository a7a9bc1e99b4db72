"""Text entry: the app's text field and the search box of a list.

While a text field has the focus, what the user typed is the truth: the document it
edits is shown in it only when the change came from elsewhere (undo, redo, a catalog
pick), and then the cursor stays where it was."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import Input

from designer.tui.literal import ControlPictures
from designer.tui.widgets.scroll import quiet_virtual_size

#: what a terminal may send for alt+1 … alt+9 (Textual reads ESC and a digit as the
#: character macOS types for option+digit): the designer's step keys, never typed text
ALT_DIGITS = "¡™£¢∞§¶•ª"


class TextField(Input):
    """An Input in the app's style; the cursor blinks unless the app turns blinking off
    (snapshot tests do, to be deterministic). It lets the step keys through: an Input
    takes every printable character ahead of the screen's priority keys, so alt+1 in the
    name field would otherwise type nothing and go nowhere."""

    #: Input sets its virtual size (the text's width) at each key; Textual's reactive then
    #: asked to lay the whole screen out again, though a field's size never follows its
    #: text (one that is sized by it asks for its layout itself)
    virtual_size: Reactive[Size] = quiet_virtual_size()

    #: Input's own keys (editing the text, moving in it), as priority bindings: a key
    #: then reaches the field at once, as every field's own keys do, not after its event
    #: bubbled up through each container (backspace in a step's search box: 1.2 ms)
    BINDINGS: ClassVar[list[BindingType]] = [
        replace(binding, priority=True) for binding in Input.BINDINGS
        if isinstance(binding, Binding) and binding.action != "submit"]

    def on_mount(self) -> None:
        self.cursor_blink = getattr(self.app, "cursor_blink", True)
        if self.highlighter is None:  # a name read from a file may hold ESC: shown as ␛
            self.highlighter = ControlPictures()

    def check_consume_key(self, key: str, character: str | None) -> bool:
        if character is not None and character in ALT_DIGITS:
            return False
        return super().check_consume_key(key, character)

    def show(self, value: str, *, external: bool = False) -> None:
        """Show `value`, the document's, posting nothing. While the field has the focus
        the user's text stands (a re-price never writes into what is being typed) unless
        the change is `external` (undo, redo, a catalog pick); the cursor keeps its
        place either way."""
        if self.value == value or (self.has_focus and not external):
            return
        cursor = self.cursor_position
        with self.prevent(Input.Changed):
            self.value = value
        self.cursor_position = min(cursor, len(value))

    def type_text(self, text: str) -> None:
        """`text` typed at the cursor, as keys would type it (a list hands on what is
        typed on it to its search box)."""
        self.insert_text_at_cursor(text)


class SearchField(TextField):
    """A search box; down or enter moves into the list it filters."""

    BINDING_GROUP_TITLE = "search box"
    BINDINGS = [Binding("down", "into_list", "List", show=False,
                        tooltip="into the list it searches (enter too)")]

    def __init__(self, target: str, *, enter_submits: bool = False, **kwargs: Any) -> None:
        kwargs.setdefault("select_on_focus", False)  # what is typed on its list adds on
        super().__init__(**kwargs)
        self.target = target
        self.enter_submits = enter_submits

    def action_into_list(self) -> None:
        self.screen.set_focus(self.screen.query_one(f"#{self.target}"))

    async def action_submit(self) -> None:
        if self.enter_submits:
            await super().action_submit()
        else:
            self.action_into_list()
