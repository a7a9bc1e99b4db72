"""What the TACTICS step editors share: muted text, the table settings a sheet is read
under, and `TxEditor`, their base (no step of TACTICS has points of its own)."""

from __future__ import annotations

from typing import Any

from textual.content import Content
from textual.widgets import Static

from designer.systems import Step
from designer.systems.tactics.table import TableSettings
from designer.tui.editors.base import StepEditor, View
from designer.tui.literal import literal


def muted(text: str) -> Content:
    """Text in the muted style, shown as written (it often holds a name)."""
    return literal(text, style="$foreground-muted", keep_lines=True)


def table_of(view: View) -> TableSettings:
    """The table settings the sheet is read under (its own file's, else the notes')."""
    return view.final.table


def blank_or(value: Any) -> str:
    return "___" if value is None else str(value)


def show_static(widget: Static, content: Content | str) -> None:
    from designer.tui.widgets.shown import set_content

    set_content(widget, content if isinstance(content, Content) else literal(content))


class TxEditor(StepEditor):
    """The base of the TACTICS step editors: nothing is priced."""

    OWN_POINTS = False

    def __init__(self, view: View, step: Step, *, id: str | None = None) -> None:
        super().__init__(view, step, id=id)
        self.add_class("tx-editor")
