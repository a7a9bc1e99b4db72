"""Op-En step eight: the generic tally (Rank, stat total, Form, Trait, each talent and
item; the total; the findings) with Awareness and Combat Range and the printed Total
Cost the audit checks."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Static

from designer.systems.op_en import edits
from designer.tui.editors.kit.fields import printed_row
from designer.tui.editors.op_en.common import OpEnView
from designer.tui.editors.tally import TallyEditor
from designer.tui.widgets.shown import muted, set_content


class TotalEditor(TallyEditor):
    def compose_extra(self) -> ComposeResult:
        yield Static(id="ranges")
        yield from printed_row(self.view, "Printed Total Cost (audit):",
                               lambda v: v.unit.cost, edits.set_printed_cost, digits=5)

    async def update_fields(self, view: OpEnView) -> None:
        await super().update_fields(view)
        final = view.final
        ar = ", ".join(final.ar_parts)
        cr = ", ".join(final.cr_parts) or "base 0"
        set_content(self.query_one("#ranges", Static), Content("\n").join([
            Content.assemble(("AR ", "bold"), f'{final.ar}"', muted(f"  {ar}")),
            Content.assemble(("CR ", "bold"), f'{final.cr}"', muted(f"  {cr}"))]))
