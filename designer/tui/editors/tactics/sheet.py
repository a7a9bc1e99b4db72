"""TACTICS step six: the generic tally editor's findings (enter goes to the step) with
save and export, and no points (its guidance says TACTICS has none); it offers to drop
an ignored points value or a sheet's own wound maximum. The printed sheet is in the side
panel."""

from __future__ import annotations

from collections.abc import Hashable

from textual.app import ComposeResult
from textual.containers import Horizontal

from designer.systems.tactics import edits
from designer.tui.editors.kit.fields import EditButton
from designer.tui.editors.tactics.common import TxView
from designer.tui.editors.tally import TallyEditor


class SheetEditor(TallyEditor):
    OWN_POINTS = False
    DEFAULT_CLASSES = "tx-editor"

    def structure(self, view: TxView) -> Hashable:
        return view.unit.points is not None, view.unit.max_wounds is not None

    def compose_extra(self) -> ComposeResult:
        fixes = [("clear-points", "Drop the ignored points", self.view.unit.points,
                  edits.clear_points),
                 ("clear-wounds", "Use the table's wounds", self.view.unit.max_wounds,
                  edits.clear_max_wounds)]
        if any(value is not None for _i, _l, value, _c in fixes):
            with Horizontal(id="sheet-fixes", classes="tx-line"):
                for field_id, label, value, change in fixes:
                    if value is not None:
                        yield EditButton(label, change, id=field_id, classes="tx-button")
