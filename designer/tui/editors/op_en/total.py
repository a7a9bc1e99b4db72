"""Op-En step eight: the generic tally (Rank, stat total, Form, Trait, each talent and
item; the total; the findings) with Awareness and Combat Range and the printed Total
Cost the audit checks."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Static

from designer.systems.op_en import edits
from designer.tui.editors.base import View
from designer.tui.editors.op_en.common import muted
from designer.tui.editors.tally import TallyEditor
from designer.tui.widgets.shown import set_content
from designer.tui.widgets.text import TextField


class TotalEditor(TallyEditor):
    def compose_extra(self) -> ComposeResult:
        yield Static(id="ranges")
        with Horizontal(id="printed-row"):
            yield Static("Printed Total Cost (audit):", id="printed-label")
            yield TextField(placeholder="none", id="printed", restrict=r"[0-9]{0,5}",
                            compact=True)

    async def update_fields(self, view: View) -> None:
        await super().update_fields(view)
        final = view.final
        ar = ", ".join(final.ar_parts)
        cr = ", ".join(final.cr_parts) or "base 0"
        set_content(self.query_one("#ranges", Static), Content("\n").join([
            Content.assemble(("AR ", "bold"), f'{final.ar}"', muted(f"  {ar}")),
            Content.assemble(("CR ", "bold"), f'{final.cr}"', muted(f"  {cr}"))]))
        printed = self.query_one("#printed", TextField)
        shown = "" if view.unit.cost is None else str(view.unit.cost)
        printed.show(shown, external=view.external)

    @on(TextField.Changed, "#printed")
    def printed(self, event: TextField.Changed) -> None:
        event.stop()
        value = event.value.strip()
        self.edit(edits.set_printed_cost, int(value) if value else None, merge="printed")
