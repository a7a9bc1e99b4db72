"""Small focusable fields the editors are built from: a number spinner, a choice that
cycles, a removable row and a text input that respects the app's cursor-blink setting."""

from __future__ import annotations

import time
from collections.abc import Hashable, Sequence
from typing import Any

from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, OptionList, Static

from designer.tui.literal import ControlPictures, literal
from designer.tui.widgets.lines import same

LEFT, RIGHT = "◂", "▸"

_MOVE = [
    Binding("up", "app.focus_previous", "Up", show=False),
    Binding("down", "app.focus_next", "Down", show=False),
]


#: what a terminal may send for alt+1 … alt+9 (Textual reads ESC and a digit as the
#: character macOS types for option+digit): the designer's step keys, never typed text
ALT_DIGITS = "¡™£¢∞§¶•ª"


class TextField(Input):
    """An Input in the app's style; the cursor blinks unless the app turns blinking off
    (snapshot tests do, to be deterministic). It lets the step keys through: an Input
    takes every printable character ahead of the screen's priority keys, so alt+1 in the
    name field would otherwise type nothing and go nowhere."""

    def on_mount(self) -> None:
        self.cursor_blink = getattr(self.app, "cursor_blink", True)
        if self.highlighter is None:  # a name read from a file may hold ESC: shown as ␛
            self.highlighter = ControlPictures()

    def check_consume_key(self, key: str, character: str | None) -> bool:
        if character is not None and character in ALT_DIGITS:
            return False
        return super().check_consume_key(key, character)


TYPING_PAUSE = 1.0  # seconds: a digit typed later than this after another starts afresh
typing_clock = time.monotonic  # what the spinner times typing with (tests move it by hand)


class Spinner(Widget, can_focus=True):
    """A labelled whole number changed with ←/→ or -/+, or typed. A typed digit replaces
    the value, unless it follows another digit within a second (1 then 0 makes 10, as in
    a spreadsheet); a number past the field's bounds is not taken, the digit starts
    afresh; backspace takes the last digit off.

    A controlled field: a user edit posts `Spinner.Changed` and the owner sets `value`
    (setting it posts nothing). The new value is then painted in the same frame as
    everything else the edit changed, e.g. the designer's total."""

    BINDINGS = [
        Binding("left", "change(-1)", "Less", key_display="←/-", show=False),
        Binding("right", "change(1)", "More", key_display="→/+", show=False),
        Binding("minus", "change(-1)", "Less", show=False),
        Binding("plus,equals_sign", "change(1)", "More", show=False),
        Binding("backspace", "erase", "Erase digit", show=False),
        Binding("delete,x", "remove", "Remove"),
        *_MOVE,
        *[Binding(str(d), f"digit({d})", f"Type {d}", show=False) for d in range(10)],
    ]

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
        self.choices = tuple(sorted(choices)) if choices else None
        self.minimum = self.choices[0] if self.choices else minimum
        self.maximum = self.choices[-1] if self.choices else maximum
        self.signed = signed
        self.key = key
        self.label_width = label_width if label_width is not None else len(label)
        self.removable = removable
        self.step = step
        self._typed = ""
        self._typed_at = 0.0
        self._pending: int | None = None  # asked for, not yet set by the owner
        self.set_reactive(Spinner.value, value)
        self.set_reactive(Spinner.note, note)
        digits = max(len(self._show(self.minimum)), len(self._show(self.maximum)))
        self._value_width = digits

    def _show(self, value: int) -> str:
        return f"{value:+d}" if self.signed else str(value)

    def relabel(self, label: str) -> None:
        """Show another label (as wide as it needs)."""
        if label != self.label:
            self.label = label
            self.label_width = len(label)
            self.refresh(layout=True)

    def render(self) -> Content:
        label = self.label.ljust(self.label_width)
        shown = self._show(self.value).rjust(self._value_width)
        focused = self.has_focus
        value_style = "bold reverse" if focused else "bold"
        parts: list[Any] = []
        if label:
            parts += [(label, "$foreground-muted" if not focused else "bold"), " "]
        parts += [(LEFT, "$foreground-muted"), " ", (shown, value_style), " ",
                  (RIGHT, "$foreground-muted")]
        if self.note:
            parts += [" ", self.note]
        return Content.assemble(*parts)

    def on_focus(self) -> None:
        self._typed = ""
        self.refresh()

    def on_blur(self) -> None:
        self._typed = ""
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

    def _set(self, value: int) -> None:
        value = max(self.minimum, min(self.maximum, value))
        if self.choices and value not in self.choices:
            return
        if value != self.current:
            self._pending = value
            self.post_message(self.Changed(self, value))

    def action_change(self, delta: int) -> None:
        self._typed = ""
        current = self.current
        if self.choices:
            index = self.choices.index(current) if current in self.choices else 0
            index = max(0, min(len(self.choices) - 1, index + delta))
            self._set(self.choices[index])
        else:
            self._set(current + delta * self.step)

    def action_digit(self, digit: int) -> None:
        now = typing_clock()
        typed = self._typed + str(digit) if now - self._typed_at <= TYPING_PAUSE else ""
        if not typed or int(typed) > self.maximum:
            typed = str(digit)
        self._typed_at = now
        self._typed = typed.lstrip("0") or "0"
        value = int(self._typed)
        if value > self.maximum or value < self.minimum:
            self._typed = ""
            self.app.bell()
            return
        self._set(value)

    def action_erase(self) -> None:
        self._typed = self._typed[:-1] if self._typed else str(abs(self.current))[:-1]
        self._set(int(self._typed or "0") if not self.choices else self.current)

    def action_remove(self) -> None:
        if self.removable:
            self.post_message(self.Removed(self))


class Cycle(Widget, can_focus=True):
    """A labelled choice among a few options, cycled with ←/→ (or space)."""

    BINDINGS = [
        Binding("left", "change(-1)", "Previous", key_display="←", show=False),
        Binding("right,space", "change(1)", "Next", key_display="→", show=False),
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
        self.set_reactive(Cycle.value, value)

    def render(self) -> Content:
        text = dict(self.options).get(self.value, str(self.value))
        focused = self.has_focus
        return Content.assemble(
            (self.label.ljust(self.label_width), "bold" if focused else "$foreground-muted"), " ",
            (LEFT, "$foreground-muted"), " ", (text, "bold reverse" if focused else "bold"), " ",
            (RIGHT, "$foreground-muted"))

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_change(self, delta: int) -> None:
        values = [v for v, _ in self.options]
        index = (values.index(self.value) + delta) % len(values) if self.value in values else 0
        if values[index] != self.value:
            self.value = values[index]
            self.post_message(self.Changed(self, self.value))


class Row(Widget, can_focus=True):
    """A focusable one-line row (an entry in a list) that can be removed with delete."""

    BINDINGS = [Binding("delete,x", "remove", "Remove"), *_MOVE]

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

    BINDINGS = _MOVE


class FieldButton(Button):
    BINDINGS = _MOVE


class SearchField(TextField):
    """A search box; down or enter moves into the list it filters."""

    BINDINGS = [Binding("down", "into_list", "List", show=False)]

    def __init__(self, target: str, *, enter_submits: bool = False, **kwargs: Any) -> None:
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


class MovingList(OptionList):
    """An option list whose top (up past the first entry) hands focus back."""

    BINDINGS = [Binding("up", "up_or_leave", "Up", show=False)]

    def action_up_or_leave(self) -> None:
        if not self.highlighted:
            self.app.action_focus_previous()
        else:
            self.action_cursor_up()


def set_content(widget: Static, content: Content) -> bool:
    """Show `content` in a Static, doing nothing when it is what is shown already, and
    skipping the layout pass when the height cannot change (the same number of lines,
    as wrapped to the widget's width). The designer updates several of these at every
    keypress, and a layout pass costs a frame's worth of time."""
    old: Content | None = getattr(widget, "_designer_shown", None)
    if old is not None and same(old, content):
        return False
    width = widget.content_size.width
    lines = content.plain.split("\n")
    same_height = (old is not None and width > 0
                   and old.plain.count("\n") == len(lines) - 1)
    if same_height and (max(map(len, lines)) > width
                        or max(map(len, old.plain.split("\n"))) > width):
        same_height = len(content.wrap(width)) == len(old.wrap(width))
    widget._designer_shown = content  # type: ignore[attr-defined]
    widget.update(content, layout=not same_height)
    return True


class DetailText(Static):
    """The detail of the entry highlighted in a list above it. Its height only grows (it
    fits again when the width changes): moving through the list then never moves what
    is below it, nor costs a layout pass at each move or choice."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._given: tuple[Content, int] | None = None  # the last content and width
        self._height = (0, 0)  # (width, lines) of what is shown

    def show(self, content: Content) -> None:
        width = self.content_size.width
        given = self._given
        if given is not None and given[1] == width and same(given[0], content):
            return  # as shown (an edit elsewhere): not wrapped again
        self._given = (content, width)
        lines = len(content.wrap(width)) if width > 0 else 0
        shown_width, shown_lines = self._height
        if width > 0 and width == shown_width and lines < shown_lines:
            content = Content("\n").join([content, *[Content("")] * (shown_lines - lines)])
            lines = shown_lines
        self.update(content, layout=not width or (width, lines) != self._height)
        self._height = (width, lines)
