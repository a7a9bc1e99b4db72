"""Fields bound to the unit: each shows what `read` finds in the editor's view and posts
the edit `change` makes of what the user set, so an editor says once what a field shows
and what it changes. `StepEditor.sync` shows every bound field the new view after each
edit; a field repaints only when what it shows changed.

`read(view)` gives the value, `note(view, value)` the text beside a number, and
`change(unit, value)` the unit with the value set (`at(edit, *place)` makes one of an
edit of one place: a skill's dice, an entry's count).

Every label and choice a field is given is shown as written (`designer.tui.literal`):
it is often a name from the unit or a catalog, so an editor hands the kit its text
as it is and the kit never reads it as markup nor sends its control characters on."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Static

from designer.escaping import printable
from designer.tui.editors.base import BOUND, EditUnit, View
from designer.tui.literal import literal
from designer.tui.widgets.fields import Cycle, FieldButton, Row, Spinner, Tick
from designer.tui.widgets.text import TextField

#: an edit of the unit, `change(unit, *value)`: the unit is the system's own, which the
#: kit only hands back to the screen
Change = Callable[..., Any]


def at(edit: Callable[..., Any], *place: Any) -> Change:
    """`edit(unit, *place, *value)`: the edit of one place, as a field's `change` (given
    the value) or a row's `remove` (given nothing)."""
    return lambda unit, *value: edit(unit, *place, *value)


def as_written(text: str | Content) -> str | Content:
    """A label's or a note's text shown as written (Content is shown as it is made)."""
    return printable(text) if isinstance(text, str) else text


def whole_or_none(text: str) -> int | None:
    """A typed whole number, or None for an empty field."""
    text = text.strip()
    return int(text) if text else None


def post_edit(widget: Widget, change: Change | None, *value: Any, merge: Hashable = None,
              focus: str | None = None, straight: bool = False) -> None:
    """Ask for `change(unit, *value)` of the unit as it is when the edit is applied.
    `straight`: to the screen at once, not bubbling up through each container around
    the widget (a task switch at each, 0.5-0.7 ms on a step's nested rows), for a press
    or a number, which show nothing of their own before the edit is applied. A field
    that shows its change itself (a choice, a text, a tick box) lets it bubble: its own
    change is painted meanwhile, before an edit that takes long (a TACTICS sheet's kind:
    20 ms) is applied."""
    if change is not None:
        message = EditUnit(lambda unit: change(unit, *value), merge, focus)
        (widget.screen if straight else widget).post_message(message)


class NumberField(Spinner):
    """A whole number of the unit's, with a note beside it (fixed, or worked out from the
    view); with `remove`, delete posts that edit and puts the focus on `remove_focus`
    (`removable=True` without it leaves delete to the editor)."""

    def __init__(self, view: View, label: str, read: Callable[[View], int],
                 change: Change | None = None, *,
                 note: Callable[[View, int], str | Content] | str | Content = "",
                 remove: Change | None = None,
                 remove_focus: str | None = None, focus: str | None = None,
                 **kwargs: Any) -> None:
        value = read(view)
        kwargs.setdefault("removable", remove is not None)
        super().__init__(printable(label), value,
                         note=as_written(note(view, value) if callable(note) else note),
                         **kwargs)
        # not mounted yet, so no styles to update: with update, Textual would apply the
        # whole stylesheet to it here (1 ms), and again when it is mounted; an editor makes
        # its rows afresh for each view, most of them never mounted
        self.add_class(BOUND, update=False)
        self.read, self.change = read, change
        self.noter = note if callable(note) else None
        self.remove_edit, self.remove_focus, self.focus_after = remove, remove_focus, focus

    def show_view(self, view: View) -> None:
        value = self.value = self.read(view)
        if self.noter is not None:
            self.note = as_written(self.noter(view, value))

    @on(Spinner.Changed)
    def _changed(self, event: Spinner.Changed) -> None:
        event.stop()
        post_edit(self, self.change, event.value, focus=self.focus_after, straight=True)

    @on(Spinner.Removed)
    def _removed(self, event: Spinner.Removed) -> None:
        if self.remove_edit is not None:
            event.stop()
            post_edit(self, self.remove_edit, focus=self.remove_focus, straight=True)


class FormNumber(Spinner):
    """A number of a form (a weapon's, a new entry's count): it keeps what is set, and
    nothing changes in the unit until the form is sent."""

    @on(Spinner.Changed)
    def _changed(self, event: Spinner.Changed) -> None:
        event.stop()
        self.value = event.value


class ChoiceField(Cycle):
    """A choice of the unit's among `options`."""

    def __init__(self, view: View, label: str, options: Sequence[tuple[Hashable, str]],
                 read: Callable[[View], Hashable], change: Change | None = None, *,
                 focus: str | None = None, **kwargs: Any) -> None:
        super().__init__(printable(label), [(v, printable(text)) for v, text in options],
                         read(view), **kwargs)
        self.add_class(BOUND, update=False)
        self.read, self.change, self.focus_after = read, change, focus

    def show_view(self, view: View) -> None:
        self.value = self.read(view)

    @on(Cycle.Changed)
    def _changed(self, event: Cycle.Changed) -> None:
        event.stop()
        post_edit(self, self.change, event.value, focus=self.focus_after)


class TextLine(TextField):
    """A text of the unit's: what is typed is one undo step until another field is
    edited; enter moves on to the next field. While it has the focus, what the user
    typed stands (`TextField.show`)."""

    def __init__(self, view: View, read: Callable[[View], str], change: Change,
                 **kwargs: Any) -> None:
        kwargs.setdefault("compact", True)
        super().__init__(read(view), **kwargs)
        self.add_class(BOUND, update=False)
        self.read, self.change = read, change

    def show_view(self, view: View) -> None:
        self.show(self.read(view), external=view.external)

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        event.stop()
        post_edit(self, self.change, event.value, merge=self.id)

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.screen.focus_next()


class Toggle(Tick):
    """A yes or no of the unit's."""

    def __init__(self, view: View, label: str, read: Callable[[View], bool], change: Change,
                 **kwargs: Any) -> None:
        kwargs.setdefault("compact", True)
        super().__init__(literal(label), read(view), **kwargs)
        self.add_class(BOUND, update=False)
        self.read, self.change = read, change

    def show_view(self, view: View) -> None:
        value = self.read(view)
        if self.value != value:
            with self.prevent(Checkbox.Changed):
                self.value = value

    @on(Checkbox.Changed)
    def _changed(self, event: Checkbox.Changed) -> None:
        event.stop()
        post_edit(self, self.change, event.value, focus=self.id)


class EditButton(FieldButton):
    """A button that makes one edit of the unit (`change(unit)`), then puts the focus on
    `focus`."""

    def __init__(self, label: str, change: Change, *, focus: str | None = None,
                 **kwargs: Any) -> None:
        kwargs.setdefault("compact", True)
        super().__init__(literal(label), **kwargs)
        self.change, self.focus_after = change, focus
        # no pressed flash: the edit is what shows, painted at once, and a flash painted
        # first would hold that paint back to the next frame
        self.active_effect_duration = 0

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        post_edit(self, self.change, focus=self.focus_after, straight=True)


class ChosenRow(Row):
    """A row of what was chosen: delete posts `remove` (an edit of the unit alone) and
    puts the focus on `focus`. Without `remove` it is shown, not removed (what an item
    or a profile gives)."""

    def __init__(self, text: str | Content, *, remove: Change | None = None,
                 focus: str | None = None, **kwargs: Any) -> None:
        super().__init__(text, removable=remove is not None, **kwargs)
        self.remove_edit, self.focus_after = remove, focus

    @on(Row.Removed)
    def _removed(self, event: Row.Removed) -> None:
        event.stop()
        post_edit(self, self.remove_edit, focus=self.focus_after, straight=True)


def line(label: str, field: Widget, *, classes: str = "field-line",
         label_classes: str = "field-label", id: str | None = None) -> ComposeResult:
    """A label and its field on one line."""
    with Horizontal(id=id, classes=classes):
        yield Static(literal(label), classes=label_classes)
        yield field


def printed_row(view: View, label: str, read: Callable[[View], int | None],
                change: Callable[[Any, int | None], Any], digits: int) -> ComposeResult:
    """The printed points of the audit: a whole number typed, or none."""
    def shown(view: View) -> str:
        value = read(view)
        return "" if value is None else str(value)

    yield from line(label, TextLine(view, shown, lambda unit, text: change(
        unit, whole_or_none(text)), placeholder="none", id="printed",
        restrict=rf"[0-9]{{0,{digits}}}"), id="printed-row", label_classes="printed-label")
