"""The rows of what a step has chosen (Skills, items, weapons, rules), each removed with
delete, above the picker that adds to them.

An editor builds the rows afresh for each view; `Rows.show` mounts them only when the
rows themselves changed (their kinds and ids), and otherwise has each row shown take
the new one's text in place, so an edit that moves a price repaints that line alone."""

from __future__ import annotations

from collections.abc import Sequence

from textual.containers import Vertical
from textual.content import Content
from textual.geometry import Size
from textual.layout import DockArrangeResult
from textual.reactive import Reactive
from textual.widget import Widget
from textual.widgets import Static

from designer.tui.editors.base import let_go_of_focus
from designer.tui.literal import literal
from designer.tui.widgets.fields import Cycle, Row, Spinner
from designer.tui.widgets.lines import same
from designer.tui.widgets.scroll import quiet_virtual_size
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


def _kind(widget: Widget) -> tuple[object, ...]:
    """What a row shown must share with a new one to be kept in its place."""
    return type(widget), widget.id, frozenset(widget.classes)


class Rows(Vertical):
    """A block of rows kept in step with the unit."""

    DEFAULT_CSS = "Rows { height: auto; }"
    BLANK = True  # its own lines are background only: drawn as blank lines at once

    virtual_size: Reactive[Size] = quiet_virtual_size()  # one layout for a new height

    def arrange(self, size: Size, optimal: bool = False) -> DockArrangeResult:
        """The rows placed as at no height at all, while none is as tall as a share of the
        block: they stand the same at any height. Textual measures a block's height by
        placing its rows at one height and then places them at the height found, each
        from scratch: a row added to a step's block of rows placed them all twice."""
        if size.height and not any(row.styles.is_relative_height
                                   for row in self.displayed_children):
            size = Size(size.width, 0)
        return super().arrange(size, optimal)

    async def show(self, rows: Sequence[Widget]) -> None:
        """Show `rows`: those of the same kind, id and classes as a row shown, at the start
        or the end, are kept (showing the new row's text); only those between are removed or
        mounted, so adding a row mounts that row alone."""
        shown = list(self.children)
        old = [_kind(w) for w in shown]
        new = [_kind(w) for w in rows]
        head = 0
        while head < min(len(old), len(new)) and old[head] == new[head]:
            head += 1
        tail = 0
        while (tail < min(len(old), len(new)) - head
               and old[len(old) - 1 - tail] == new[len(new) - 1 - tail]):
            tail += 1
        for kept, row in [*zip(shown[:head], rows[:head], strict=True),
                          *zip(shown[len(shown) - tail:], rows[len(rows) - tail:],
                               strict=True)]:
            renew(kept, row)
        gone = shown[head:len(shown) - tail]
        if gone:
            let_go_of_focus(gone)
            await self.remove_children(gone)
        added = list(rows[head:len(rows) - tail])
        if added:
            if head:
                await self.mount_all(added, after=shown[head - 1])
            elif tail:
                await self.mount_all(added, before=shown[len(shown) - tail])
            else:
                await self.mount_all(added)
        if gone or added:
            # laid out in the paint of the edit itself, not a frame later when the rows
            # mounted report in
            self.screen.refresh(repaint=False, layout=True)
