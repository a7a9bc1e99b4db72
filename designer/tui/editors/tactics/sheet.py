"""TACTICS step six: the generic tally editor's findings (enter goes to the step) with
save and export, and no points (its guidance says TACTICS has none); it offers to drop
an ignored points value or a sheet's own wound maximum. The printed sheet is in the side
panel."""

from __future__ import annotations

from collections.abc import Hashable

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Button

from designer.systems import Step
from designer.systems.tactics import edits
from designer.tui.editors.base import View
from designer.tui.editors.tally import TallyEditor
from designer.tui.widgets.fields import FieldButton


class SheetEditor(TallyEditor):
    OWN_POINTS = False

    def __init__(self, view: View, step: Step, *, id: str | None = None) -> None:
        super().__init__(view, step, id=id)
        self.add_class("tx-editor")

    def structure(self, view: View) -> Hashable:
        return view.unit.points is not None, view.unit.max_wounds is not None

    def compose_extra(self) -> ComposeResult:
        fixes = [("clear-points", "Drop the ignored points", self.view.unit.points),
                 ("clear-wounds", "Use the table's wounds", self.view.unit.max_wounds)]
        if any(value is not None for _i, _l, value in fixes):
            with Horizontal(id="sheet-fixes", classes="tx-line"):
                for field_id, label, value in fixes:
                    if value is not None:
                        yield FieldButton(label, id=field_id, compact=True,
                                          classes="tx-button")

    @on(Button.Pressed, "#clear-points")
    def clear_points(self, event: Button.Pressed) -> None:
        event.stop()
        self.edit(edits.clear_points)

    @on(Button.Pressed, "#clear-wounds")
    def clear_wounds(self, event: Button.Pressed) -> None:
        event.stop()
        self.edit(edits.clear_max_wounds)
