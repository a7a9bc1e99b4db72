"""The rows of what a step has chosen (Skills, items, weapons, rules), each removed with
delete, above the picker that adds to them.

An editor builds the rows afresh for each view; `Rows.show` mounts them only when the
rows themselves changed (their kinds and ids), and otherwise has each row shown take
the new one's text in place, so an edit that moves a price repaints that line alone."""

from __future__ import annotations

from collections.abc import Sequence

from textual.containers import Vertical
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static

from designer.tui.literal import literal
from designer.tui.widgets.fields import Cycle, Row, Spinner
from designer.tui.widgets.lines import same
from designer.tui.widgets.shown import set_content


def as_content(text: object) -> Content:
    """What a row shows: its Content, or its text as written."""
    return text if isinstance(text, Content) else literal(str(text))


#: what a kit field is given besides what it shows: a row kept takes the new row's
KEPT = ("key", "removable", "read", "change", "noter", "remove_edit", "remove_focus",
        "focus_after")


def renew(shown: Widget, new: Widget) -> None:
    """`shown` showing what `new` would (a row of the same kind and id)."""
    for name in KEPT:
        if hasattr(new, name):
            setattr(shown, name, getattr(new, name))
    if isinstance(shown, Row) and isinstance(new, Row):
        if not same(as_content(shown.text), as_content(new.text)):
            shown.set_reactive(Row.text, new.text)
            shown.refresh()
    elif isinstance(shown, Spinner) and isinstance(new, Spinner):
        shown.relabel(new.label)
        shown.value, shown.note = new.value, new.note
    elif isinstance(shown, Cycle) and isinstance(new, Cycle):
        if (shown.label, shown.options) != (new.label, new.options):
            shown.label, shown.options = new.label, new.options
            shown.refresh(layout=True)
        shown.value = new.value
    elif isinstance(shown, Static) and isinstance(new, Static):
        content = as_content(new.content)
        if not same(as_content(shown.content), content):
            set_content(shown, content)


class Rows(Vertical):
    """A block of rows kept in step with the unit."""

    DEFAULT_CSS = "Rows { height: auto; }"

    async def show(self, rows: Sequence[Widget]) -> None:
        shown = list(self.children)
        if [(type(w), w.id) for w in shown] == [(type(w), w.id) for w in rows]:
            for old, new in zip(shown, rows, strict=True):
                renew(old, new)
            return
        await self.remove_children()
        await self.mount_all(rows)
