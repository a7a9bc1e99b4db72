"""OpenTactics step eight: the generic tally with the printed points of the audit."""

from __future__ import annotations

from textual.app import ComposeResult

from designer.systems.opentactics import edits
from designer.tui.editors.kit.fields import printed_row
from designer.tui.editors.tally import TallyEditor


class PrintedTallyEditor(TallyEditor):
    def compose_extra(self) -> ComposeResult:
        yield from printed_row(self.view, "Printed points (audit):", lambda v: v.unit.points,
                               edits.set_points, digits=4)
