"""Rows of numbers under headings, drawn as one widget with a cursor: OpenTactics' bump
pools ("Melee OFF · 2 dice  + add bump", the pool's bumps, what its equipment adds).

As a widget per row, adding a bump mounted a field, moved the focus from the heading's
button to it (restyling both), and laid out and drew every row below it again: half the
work of the keypress. Here the rows are lines of one widget: the cursor moves over the
headings with a button and the numbers, which take the keys a number field takes
(`NumberEntry`), and an edit redraws the lines that changed.

↑/↓ (and tab) move the cursor, and past the first or last row the focus, as they do
between fields. Entering the rows from below puts the cursor on the last one."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeGuard

from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.geometry import Region
from textual.style import Style
from textual.widget import Widget

from designer.tui.editors.kit.fields import Change, post_edit
from designer.tui.keys import key_time
from designer.tui.widgets.fields import NUMBER_KEYS, PRESS
from designer.tui.widgets.lines import LineWidget
from designer.tui.widgets.number_entry import NumberEntry, between_arrows, shown_number, value_width

#: the gap between a heading and its button (a button's margin beside a label)
GAP = "  "


@dataclass(eq=False)
class Heading:
    """A heading, with a button at its end that makes `press` (the cursor then goes to
    the row `then`); without a button the cursor passes it by."""

    id: str
    text: Content
    button: str = ""
    press: Change | None = None
    then: str | None = None


@dataclass(eq=False)
class NumberRow:
    """A whole number with its note; delete makes `remove` (the cursor then goes to the
    row `then_removed`)."""

    id: str
    value: int
    change: Change
    note: str | Content = ""
    remove: Change | None = None
    then_removed: str | None = None
    choices: Sequence[int] | None = None
    minimum: int = 0
    maximum: int = 99
    signed: bool = False
    indent: int = 2


@dataclass(eq=False)
class NoteRow:
    """Text between the rows, wrapped to the width (an empty one is a blank line)."""

    text: Content
    indent: int = 2


#: a row of `NumberRows`: a heading, a number or a note
RowOfNumbers = Heading | NumberRow | NoteRow


def is_stop(row: RowOfNumbers) -> TypeGuard[Heading | NumberRow]:
    """Whether the cursor stops at `row`."""
    return isinstance(row, NumberRow) or (isinstance(row, Heading) and bool(row.button))


def stop_ids(rows: Sequence[RowOfNumbers]) -> list[str]:
    """The ids of the rows the cursor stops at, in order."""
    return [row.id for row in rows if is_stop(row)]


def button_start(row: Heading, width: int) -> int:
    """Where the heading's button starts: a narrow line shortens the heading, never the
    button."""
    room = width - len(GAP) - len(row.button) - 2
    shown = room if 0 < room < row.text.cell_length else row.text.cell_length
    return shown + len(GAP)


class NumberRows(LineWidget, can_focus=True):
    """The rows the editor hands it (`show`), one of them under the cursor."""

    BINDING_GROUP_TITLE = "rows of numbers"
    BINDINGS = [
        Binding("up,shift+tab", "move(-1)", "Up", show=False, tooltip="the row above",
                priority=True),
        Binding("down,tab", "move(1)", "Down", show=False, tooltip="the row below",
                priority=True),
        PRESS,
        *NUMBER_KEYS,
    ]
    COMPONENT_CLASSES = {"number-rows--button", "number-rows--button-hover",
                         "number-rows--button-cursor"}
    DEFAULT_CSS = """
    NumberRows {
        width: 1fr;
        & > .number-rows--button {
            background: $surface;
            color: $button-foreground;
            text-style: bold;
        }
        & > .number-rows--button-hover {
            background: $surface-darken-1;
            color: $button-foreground;
            text-style: bold;
        }
        & > .number-rows--button-cursor {
            background: $surface;
            background-tint: $foreground 5%;
            color: $button-foreground;
            text-style: $button-focus-text-style;
        }
    }
    """

    def __init__(self, rows: Sequence[RowOfNumbers] = (), *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.rows: list[RowOfNumbers] = list(rows)
        self.cursor: str | None = next((r.id for r in self.rows if is_stop(r)), None)
        self._then: str | None = None  # where the cursor goes once the edit asked for is in
        self._entries: dict[str, NumberEntry] = {}  # each number's keys, by row id
        self._pending: dict[str, int] = {}  # values asked for, not yet shown
        self._line_rows: list[int] = []  # the row of each line, as laid out
        self._hover: str | None = None  # the heading whose button the mouse is over

    # --- what is shown --------------------------------------------------------------------

    def show(self, rows: Sequence[RowOfNumbers]) -> None:
        """Show `rows`; the cursor stays on its row, or goes where the edit just made
        asked, or (its row gone) to the nearest row above it still there."""
        old, self.rows = self.rows, list(rows)
        self._pending.clear()
        ids = set(stop_ids(self.rows))
        wanted, self._then = self._then, None
        if wanted in ids:
            self._place(wanted)
        elif self.cursor not in ids:
            before = stop_ids(old)
            at = before.index(self.cursor) if self.cursor in before else 0
            self._place(next((i for i in reversed(before[:at]) if i in ids),
                             self._first()))
        self._entries = {key: entry for key, entry in self._entries.items() if key in ids}
        self.update_lines()

    @property
    def row(self) -> RowOfNumbers | None:
        """The row under the cursor."""
        return next((r for r in self.rows if is_stop(r) and r.id == self.cursor), None)

    def lay_out(self, width: int) -> list[Content]:
        lines: list[Content] = []
        self._line_rows = []
        focused = self.has_focus
        for index, row in enumerate(self.rows):
            if isinstance(row, NoteRow):
                shown = [Content(" " * row.indent) + line
                         for line in row.text.wrap(max(1, width - row.indent))] \
                    if row.text.plain else [Content("")]
            else:
                shown = [self._line(row, width, focused and row.id == self.cursor)]
            lines += shown
            self._line_rows += [index] * len(shown)
        return lines

    def _line(self, row: Heading | NumberRow, width: int, cursor: bool) -> Content:
        if isinstance(row, NumberRow):
            entry = self._entry(row)
            shown = shown_number(self._value(row), row.signed).rjust(
                value_width(entry, row.signed))
            return Content(" " * row.indent) + between_arrows(shown, row.note, cursor)
        if not row.button:
            return row.text
        button = f" {row.button} "
        heading = row.text
        room = button_start(row, width) - len(GAP)
        if room < heading.cell_length:  # narrow: the heading gives way, not the button
            heading = heading.truncate(room, ellipsis=True)
        # the rich style: a visual style leaves out reverse, a focused button's look
        style = Style.from_rich_style(self.get_component_rich_style(
            "number-rows--button-cursor" if cursor else "number-rows--button-hover"
            if row.id == self._hover else "number-rows--button"))
        return Content.assemble(heading, GAP, Content(button).stylize(style))

    def watch_has_focus(self, has_focus: bool) -> None:
        """The cursor's look follows the focus (after Textual's own update of it)."""
        super().watch_has_focus(has_focus)
        for entry in self._entries.values():
            entry.typed.clear()
        self._pending.clear()
        self.update_lines()

    # --- the cursor -----------------------------------------------------------------------

    def _stops(self) -> list[str]:
        return stop_ids(self.rows)

    def _first(self) -> str | None:
        stops = self._stops()
        return stops[0] if stops else None

    def _place(self, row_id: str | None) -> None:
        """The cursor on `row_id`: the footer's keys follow the kind of row."""
        if row_id == self.cursor:
            return
        kind = type(self.row)
        self.cursor = row_id
        for entry in self._entries.values():
            entry.typed.clear()
        if type(self.row) is not kind:
            self.refresh_bindings()
        self.call_after_refresh(self._cursor_in_sight)

    def cursor_to(self, last: bool = False) -> None:
        """The cursor on the first row (entering the step, or from above) or the last
        (entering from below)."""
        stops = self._stops()
        if stops:
            self._place(stops[-1] if last else stops[0])
            self.update_lines()

    def _cursor_in_sight(self) -> None:
        line = next((y for y, index in enumerate(self._line_rows)
                     if is_stop(row := self.rows[index]) and row.id == self.cursor), None)
        if line is None or self.parent is None or not self.is_mounted:
            return
        region = self.virtual_region
        self.parent.scroll_to_region(Region(region.x, region.y + line, region.width, 1),  # type: ignore[attr-defined]
                                     animate=False, immediate=True)

    def action_move(self, delta: int) -> None:
        stops = self._stops()
        at = stops.index(self.cursor) + delta if self.cursor in stops else -1
        if 0 <= at < len(stops):
            self._place(stops[at])
            self.update_lines()
        elif delta < 0:
            self.app.action_focus_previous()
        else:
            self.app.action_focus_next()

    # --- the keys of a row ----------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        row = self.row
        if action == "press":
            return isinstance(row, Heading)
        if action == "remove":
            return isinstance(row, NumberRow) and row.remove is not None
        if action in ("change", "erase", "digit"):
            return isinstance(row, NumberRow)
        return True

    def _entry(self, row: NumberRow) -> NumberEntry:
        entry = self._entries.get(row.id)
        if entry is None:
            entry = self._entries[row.id] = NumberEntry(
                minimum=row.minimum, maximum=row.maximum, choices=row.choices)
        return entry

    def _value(self, row: NumberRow) -> int:
        """The row's value, with a change asked for and not shown yet."""
        return self._pending.get(row.id, row.value)

    def _set(self, row: NumberRow, value: int | None) -> None:
        if value is not None:
            self._pending[row.id] = value
            post_edit(self, row.change, value, straight=True)

    def action_change(self, delta: int) -> None:
        row = self.row
        if isinstance(row, NumberRow):
            self._set(row, self._entry(row).stepped(self._value(row), delta))

    def action_digit(self, digit: int) -> None:
        row = self.row
        if isinstance(row, NumberRow):
            try:
                value = self._entry(row).digit(self._value(row), digit, key_time(self.app))
            except ValueError:
                self.app.bell()
                return
            self._set(row, value)

    def action_erase(self) -> None:
        row = self.row
        if isinstance(row, NumberRow):
            self._set(row, self._entry(row).erased(self._value(row)))

    def action_remove(self) -> None:
        row = self.row
        if isinstance(row, NumberRow) and row.remove is not None:
            self._then = row.then_removed
            post_edit(self, row.remove, straight=True)

    def action_press(self) -> None:
        row = self.row
        if isinstance(row, Heading) and row.press is not None:
            self._then = row.then
            post_edit(self, row.press, straight=True)

    def _button_at(self, x: int, y: int) -> Heading | None:
        """The heading whose button is at (x, y), if any."""
        if not 0 <= y < len(self._line_rows):
            return None
        row = self.rows[self._line_rows[y]]
        if not (isinstance(row, Heading) and row.button):
            return None
        start = button_start(row, self.content_size.width)
        return row if start <= x < start + len(row.button) + 2 else None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        """A button under the mouse looks pressable, as Textual's buttons do."""
        over = self._button_at(event.x, event.y)
        self._show_hover(over.id if over is not None else None)

    def on_leave(self, event: events.Leave) -> None:
        self._show_hover(None)

    def _show_hover(self, row_id: str | None) -> None:
        if row_id != self._hover:
            self._hover = row_id
            self.update_lines()

    def on_click(self, event: events.Click) -> None:
        """A click puts the cursor on the row; on a button it presses it, on an arrow
        it steps the number."""
        if not 0 <= event.y < len(self._line_rows):
            return
        row = self.rows[self._line_rows[event.y]]
        if not is_stop(row):
            return
        self._place(row.id)
        self.update_lines()
        if isinstance(row, Heading):
            if self._button_at(event.x, event.y) is row:
                event.stop()
                self.action_press()
        else:
            left = row.indent
            right = left + 3 + value_width(self._entry(row), row.signed)
            if event.x in (left, right):
                event.stop()
                self.action_change(-1 if event.x == left else 1)


def entered(widget: Widget | None, last: bool = False) -> Widget | None:
    """`widget`, which the focus just entered: rows start at their first row, or at
    their last when entered from below."""
    if isinstance(widget, NumberRows):
        widget.cursor_to(last)
    return widget
