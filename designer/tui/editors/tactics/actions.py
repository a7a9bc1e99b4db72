"""TACTICS step five: the Maneuvers, Presses and Reacts the character knows, each list
with its rows (delete removes one) and a field that adds one ('Brace' or 'Brace: text')."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static

from designer.systems.tactics import edits
from designer.tui.editors.kit.fields import ChosenRow, at
from designer.tui.editors.kit.rows import Rows
from designer.tui.editors.tactics.common import TxEditor, TxView
from designer.tui.literal import assembled
from designer.tui.widgets.shown import muted
from designer.tui.widgets.text import TextField

#: list -> (heading, the kind's name, what it is in a few words)
LISTS: dict[str, tuple[str, str, str]] = {
    "maneuvers": ("Maneuvers", "Maneuver", "usually a bonus; can always be a React"),
    "presses": ("Presses", "Press", "an attack; later ones that turn take a penalty"),
    "reacts": ("Reacts", "React", "against a Press, at most one a turn"),
}


def split_action(text: str) -> tuple[str, str]:
    """'Brace: Spend it first.' -> ('Brace', 'Spend it first.')."""
    name, _, rest = text.partition(":")
    return name.strip(), rest.strip()


class ActionListsEditor(TxEditor):
    ENTRY_FIELD = "add-maneuvers"

    def compose_fields(self) -> ComposeResult:
        for which, (heading, kind, about) in LISTS.items():
            yield Static(Content.assemble((heading, "bold"), "  ", muted(about)),
                         classes="group tx-head tx-line")
            yield Rows(id=f"list-{which}", classes="tx-block")
            yield TextField(placeholder=f"add a {kind}: name, or name: text",
                            id=f"add-{which}", compact=True, max_length=400,
                            classes="add-action")

    async def update_fields(self, view: TxView) -> None:
        for which in LISTS:
            actions = getattr(view.unit, which)
            rows: list[Widget] = [ChosenRow(
                assembled((a.name, "bold"), muted(f"  {a.text}" if a.text else "")),
                remove=at(edits.remove_action, which, i),
                focus=f"{which}-{i - 1}" if i > 0 else f"add-{which}",
                id=f"{which}-{i}", classes="action") for i, a in enumerate(actions)]
            await self.query_one(f"#list-{which}", Rows).show(
                rows or [Static(muted("none yet"), classes="hint")])

    @on(TextField.Submitted, ".add-action")
    def add(self, event: TextField.Submitted) -> None:
        event.stop()
        which = (event.input.id or "").removeprefix("add-")
        name, text = split_action(event.value)
        if not name:
            self.screen.focus_next()
            return
        event.input.value = ""
        self.edit(edits.add_action, which, name[:60], text, focus=event.input.id)
