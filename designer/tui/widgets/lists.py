"""Lists that are searched as they are typed on, the way file managers' lists are."""

from __future__ import annotations

from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import OptionList

from designer.tui.keys import TYPING_PAUSE, key_time
from designer.tui.widgets.scroll import quiet_virtual_size
from designer.tui.widgets.text import ALT_DIGITS, SearchField


class MovingList(OptionList):
    """An option list whose top (up past the first entry) hands focus back, and that
    searches as it is typed on: a letter, digit or space moves the highlight to the
    first entry that starts with what was typed (else the first that holds it), a pause
    of a second starts a new search, backspace takes a letter off and esc forgets it. A
    list with a search box of its own hands what is typed to the box, which filters."""

    #: a list sets its virtual size (its entries' lines) as it is filled; Textual's
    #: reactive then asked to lay the whole screen out again, though a list of a fixed
    #: height keeps its size (one sized by its entries asks for its layout itself)
    virtual_size: Reactive[Size] = quiet_virtual_size()

    BINDING_GROUP_TITLE = "list"
    BINDINGS = [
        Binding("enter", "select", "Choose", show=False,
                tooltip="add or choose the highlighted entry (typing seeks one)"),
        Binding("up", "up_or_leave", "Up", show=False,
                tooltip="the entry above; from the first, the field above"),
        Binding("escape", "forget", "Clear search", show=False,
                tooltip="forget what was typed to seek"),
        Binding("backspace", "take_back", "Search less", show=False,
                tooltip="take the last letter typed off"),
    ]

    _typed = ""
    _typed_at = 0.0

    def action_up_or_leave(self) -> None:
        if not self.highlighted:
            self.app.action_focus_previous()
        else:
            self.action_cursor_up()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("forget", "take_back"):
            return bool(self._typed)  # else esc and backspace do what they do elsewhere
        return True

    def on_key(self, event: events.Key) -> None:
        character = event.character
        if (character is None or not character.isprintable() or character in ALT_DIGITS
                or (character == " " and not self._typed)):
            return  # space with nothing typed yet selects, as in any list
        event.stop()
        event.prevent_default()
        box = self.search_box()
        if box is not None:
            self.screen.set_focus(box)
            box.type_text(character)
            return
        now = key_time(self.app)
        self._typed = (self._typed if now - self._typed_at <= TYPING_PAUSE else "") + character
        self._typed_at = now
        self.seek()

    def search_box(self) -> SearchField | None:
        """The search box that filters this list, if it has one."""
        if self.id is None:
            return None
        for box in self.screen.query(SearchField):
            if box.target == self.id:
                return box
        return None

    def seek(self) -> None:
        """Highlight the first entry that starts with what was typed, else the first that
        holds it; ring the bell when none does."""
        wanted = self._typed.casefold()
        texts = [(i, self.get_option_at_index(i)) for i in range(self.option_count)]
        prompts = [(i, str(getattr(o.prompt, "plain", o.prompt)).casefold())
                   for i, o in texts if not o.disabled]
        found = next((i for i, text in prompts if text.startswith(wanted)), None)
        if found is None:
            found = next((i for i, text in prompts if wanted in text), None)
        if found is None:
            self.app.bell()
            self._typed = self._typed[:-1]
            return
        self.highlighted = found

    def action_forget(self) -> None:
        self._typed = ""

    def action_take_back(self) -> None:
        self._typed = self._typed[:-1]
        if self._typed:
            self.seek()
