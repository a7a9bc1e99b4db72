"""OpenTactics step eight: the generic tally with the printed points of the audit."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from designer.systems.opentactics import edits
from designer.tui.editors.base import View
from designer.tui.editors.tally import TallyEditor
from designer.tui.widgets.text import TextField


class PrintedTallyEditor(TallyEditor):
    def compose_extra(self) -> ComposeResult:
        with Horizontal(id="printed-row"):
            yield Static("Printed points (audit):", id="printed-label")
            yield TextField(placeholder="none", id="printed", restrict=r"[0-9]{0,4}",
                            compact=True)

    async def update_fields(self, view: View) -> None:
        await super().update_fields(view)
        shown = "" if view.unit.points is None else str(view.unit.points)
        self.query_one("#printed", TextField).show(shown, external=view.external)

    @on(TextField.Changed, "#printed")
    def printed(self, event: TextField.Changed) -> None:
        event.stop()
        value = event.value.strip()
        self.edit(edits.set_points, int(value) if value else None, merge="printed")
