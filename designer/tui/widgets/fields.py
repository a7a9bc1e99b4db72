"""Small focusable fields the editors are built from: a number spinner and a choice,
both typed into as well as stepped, a removable row, a checkbox and a button that move
on with the arrows like the rest."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from textual import events
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.reactive import Reactive, reactive
from textual.widget import Widget
from textual.widgets import Button, Checkbox

from designer.tui.keys import key_time
from designer.tui.literal import literal
from designer.tui.widgets.number_entry import (
    NumberEntry,
    Typed,
    between_arrows,
    shown_number,
    value_width,
)
from designer.tui.widgets.scroll import quiet_virtual_size
from designer.tui.widgets.text import ALT_DIGITS

#: Every field's own keys are priority bindings. Textual runs a focused widget's other
#: bindings only once the key has bubbled up through each container to the app, a task
#: switch at each: on an editor's nested rows that held a key back 1-2 ms before the
#: field saw it. A field's keys are its own, so they go to it at once.
_MOVE: list[BindingType] = [
    Binding("up", "app.focus_previous", "Up", show=False, tooltip="the field above",
            priority=True),
    Binding("down", "app.focus_next", "Down", show=False, tooltip="the field below",
            priority=True),
]
#: a field's delete: every kind that can be removed says so alike
_REMOVE = Binding("delete,x", "remove", "Remove", tooltip="remove it (a chosen entry, a bump)",
                  priority=True)
#: the keys of a whole number, a field of its own or a row among others
NUMBER_KEYS: list[BindingType] = [
    Binding("left,minus", "change(-1)", "Less", show=False, tooltip="one less", priority=True),
    Binding("right,plus,equals_sign", "change(1)", "More", show=False, tooltip="one more",
            priority=True),
    Binding("backspace", "erase", "Erase digit", show=False,
            tooltip="take the last digit off", priority=True),
    _REMOVE,
    *[Binding(str(d), f"digit({d})", "Type", show=False, key_display="0 … 9",
              tooltip="type the number (1 then 0 makes 10)", priority=True) for d in range(10)],
]
#: a button's press
PRESS = Binding("enter", "press", "Press", show=False, tooltip="press it", priority=True)


class Spinner(Widget, can_focus=True):
    """A labelled whole number changed with ←/→ or -/+, or typed. A typed digit replaces
    the value, unless it follows another digit within a second (1 then 0 makes 10, as in
    a spreadsheet); a number past the field's bounds is not taken, the digit starts
    afresh; backspace takes the last digit off.

    A controlled field: a user edit posts `Spinner.Changed` and the owner sets `value`
    (setting it posts nothing). The new value is then painted in the same frame as
    everything else the edit changed, e.g. the designer's total."""

    virtual_size: Reactive[Size] = quiet_virtual_size()  # one layout for a new height

    BINDING_GROUP_TITLE = "number"
    BINDINGS = [*NUMBER_KEYS, *_MOVE]

    value: reactive[int] = reactive(0, layout=False)
    note: reactive[str | Content] = reactive("", layout=False)

    class Changed(Message):
        def __init__(self, spinner: Spinner, value: int) -> None:
            super().__init__()
            self.spinner = spinner
            self.value = value

        @property
        def control(self) -> Spinner:
            return self.spinner

    class Removed(Message):
        def __init__(self, spinner: Spinner) -> None:
            super().__init__()
            self.spinner = spinner

        @property
        def control(self) -> Spinner:
            return self.spinner

    def __init__(self, label: str, value: int = 0, *, minimum: int = 0, maximum: int = 99,
                 choices: Sequence[int] | None = None, signed: bool = False,
                 key: Hashable = None, label_width: int | None = None,
                 note: str | Content = "", removable: bool = False, step: int = 1,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.label = label
        self.entry = NumberEntry(minimum=minimum, maximum=maximum, choices=choices, step=step)
        self.signed = signed
        self.key = key
        self.label_width = label_width if label_width is not None else len(label)
        self.removable = removable
        self._pending: int | None = None  # asked for, not yet set by the owner
        self.set_reactive(Spinner.value, value)
        self.set_reactive(Spinner.note, note)
        self._value_width = value_width(self.entry, signed)

    def _show(self, value: int) -> str:
        return shown_number(value, self.signed)

    def relabel(self, label: str) -> None:
        """Show another label (as wide as it needs)."""
        if label != self.label:
            self.label = label
            self.label_width = len(label)
            self.refresh(layout=True)

    def render(self) -> Content:
        label = self.label.ljust(self.label_width)
        focused = self.has_focus
        parts: list[str | Content | tuple[str, str]] = []
        if label:
            parts += [(label, "$foreground-muted" if not focused else "bold"), " "]
        return Content.assemble(*parts, between_arrows(
            self._show(self.value).rjust(self._value_width), self.note, focused))

    def on_focus(self) -> None:
        self.entry.typed.clear()
        self.refresh()

    def on_blur(self) -> None:
        self.entry.typed.clear()
        self._pending = None
        self.refresh()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "remove":
            return self.removable
        return True

    def watch_value(self) -> None:
        self._pending = None

    @property
    def current(self) -> int:
        """The value including a change the owner has not applied yet."""
        return self.value if self._pending is None else self._pending

    def _set(self, value: int | None) -> None:
        if value is not None:
            self._pending = value
            self.post_message(self.Changed(self, value))

    def action_change(self, delta: int) -> None:
        self._set(self.entry.stepped(self.current, delta))

    def action_digit(self, digit: int) -> None:
        try:
            self._set(self.entry.digit(self.current, digit, key_time(self.app)))
        except ValueError:
            self.app.bell()

    def action_erase(self) -> None:
        self._set(self.entry.erased(self.current))

    def action_remove(self) -> None:
        if self.removable:
            self.post_message(self.Removed(self))


class Cycle(Widget, can_focus=True):
    """A labelled choice among a few options, cycled with ←/→ (or space), or typed: a
    choice of numbers takes digits as a number field does (the typed number, or the
    nearest choice to it), any other a letter (the next option whose label starts with
    what was typed, as a menu does)."""

    virtual_size: Reactive[Size] = quiet_virtual_size()  # one layout for a new height

    BINDING_GROUP_TITLE = "choice"
    BINDINGS = [
        Binding("left", "change(-1)", "Previous", show=False, tooltip="the previous choice",
                priority=True),
        Binding("right,space", "change(1)", "Next", show=False,
                tooltip="the next choice (or type the first letters of one)", priority=True),
        *_MOVE,
    ]

    value: reactive[Hashable] = reactive(None, layout=False)

    class Changed(Message):
        def __init__(self, cycle: Cycle, value: Hashable) -> None:
            super().__init__()
            self.cycle = cycle
            self.value = value

        @property
        def control(self) -> Cycle:
            return self.cycle

    def __init__(self, label: str, options: Sequence[tuple[Hashable, str]], value: Hashable,
                 *, key: Hashable = None, label_width: int | None = None,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.label = label
        self.options = list(options)
        self.key = key
        self.label_width = label_width if label_width is not None else len(label)
        self._typed = Typed()
        self.set_reactive(Cycle.value, value)

    def render(self) -> Content:
        text = dict(self.options).get(self.value, str(self.value))
        focused = self.has_focus
        return Content.assemble(
            (self.label.ljust(self.label_width), "bold" if focused else "$foreground-muted"), " ",
            between_arrows(text, "", focused))

    def on_focus(self) -> None:
        self._typed.clear()
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_change(self, delta: int) -> None:
        self._typed.clear()
        values = [v for v, _ in self.options]
        index = (values.index(self.value) + delta) % len(values) if self.value in values else 0
        self._choose(values[index])

    def _choose(self, value: Hashable) -> None:
        if value != self.value:
            self.value = value
            self.post_message(self.Changed(self, self.value))

    @property
    def numeric(self) -> bool:
        """Whether every option is a whole number (a stat's value, a die)."""
        return all(isinstance(v, int) and not isinstance(v, bool) for v, _ in self.options)

    def on_key(self, event: events.Key) -> None:
        character = event.character
        if (character is None or not character.isprintable() or character == " "
                or character in ALT_DIGITS or not self.options):
            return
        event.stop()  # typed into the choice: never a step key or another field's
        event.prevent_default()
        typed = self._typed.add(character, key_time(self.app))
        if self.numeric:
            self._type_number(typed)
        else:
            self._type_label(typed)

    def _type_number(self, typed: str) -> None:
        if not typed.isdigit():
            self._typed.clear()
            self.app.bell()
            return
        values = [v for v, _ in self.options if isinstance(v, int)]  # every one, `numeric`
        if int(typed) > max(values):
            typed = self._typed.text = typed[-1]  # past every choice: the digit afresh
        wanted = int(typed)
        self._choose(min(values, key=lambda v: (abs(v - wanted), v)))

    def _type_label(self, typed: str) -> None:
        wanted = typed.casefold()
        labels = [(v, label.strip().casefold()) for v, label in self.options]
        values = [v for v, _ in labels]
        start = values.index(self.value) if self.value in values else -1
        # one letter again and again steps through the options it starts; more letters
        # narrow to the first option from here that starts with them all
        repeated = len(set(wanted)) == 1
        order = labels[start + 1:] + labels[:start + 1] if repeated else \
            labels[max(start, 0):] + labels[:max(start, 0)]
        match = next((v for v, label in order
                      if label.startswith(wanted[0] if repeated else wanted)), None)
        if match is None:
            self._typed.text = typed[:-1]
            self.app.bell()
            return
        self._choose(match)


class Row(Widget, can_focus=True):
    """A focusable one-line row (an entry in a list) that can be removed with delete."""

    virtual_size: Reactive[Size] = quiet_virtual_size()  # one layout for a new height

    BINDING_GROUP_TITLE = "row"
    BINDINGS = [_REMOVE, *_MOVE]

    text: reactive[str | Content] = reactive("", layout=False)

    class Removed(Message):
        def __init__(self, row: Row) -> None:
            super().__init__()
            self.row = row

        @property
        def control(self) -> Row:
            return self.row

    def __init__(self, text: str | Content, *, key: Hashable = None, removable: bool = True,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.key = key
        self.removable = removable
        self.set_reactive(Row.text, text)

    def render(self) -> Content:
        """The text as it is: a plain string is never read as markup (it may be a name
        the user typed)."""
        return literal(self.text) if isinstance(self.text, str) else self.text

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "remove":
            return self.removable
        return True

    def action_remove(self) -> None:
        if self.removable:
            self.post_message(self.Removed(self))


class Tick(Checkbox):
    """A checkbox that also moves focus with up/down like the other fields."""

    BINDING_GROUP_TITLE = "tick box"
    BINDINGS = [Binding("enter,space", "toggle_button", "Tick", show=False,
                        tooltip="tick or untick it", priority=True), *_MOVE]


class FieldButton(Button):
    BINDING_GROUP_TITLE = "button"
    BINDINGS = [PRESS, *_MOVE]
