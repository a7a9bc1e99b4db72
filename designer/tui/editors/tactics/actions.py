"""TACTICS step five: the Maneuvers, Presses and Reacts the character knows, each list
with its rows (delete removes one) and a field that adds one ('Brace' or 'Brace: text')."""

from __future__ import annotations

from collections.abc import Hashable

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static

from designer.escaping import printable
from designer.systems.tactics import edits
from designer.tui.editors.base import View
from designer.tui.editors.tactics.common import TxEditor, muted
from designer.tui.widgets.fields import Row
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
    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._shown: dict[str, Hashable] = {}

    def compose_fields(self) -> ComposeResult:
        for which, (heading, kind, about) in LISTS.items():
            yield Static(Content.assemble((heading, "bold"), "  ", muted(about)),
                         classes="group tx-head tx-line")
            yield Vertical(id=f"list-{which}", classes="tx-block")
            yield TextField(placeholder=f"add a {kind}: name, or name: text",
                            id=f"add-{which}", compact=True, max_length=400,
                            classes="add-action")

    async def update_fields(self, view: View) -> None:
        for which in LISTS:
            actions = getattr(view.unit, which)
            key = tuple((a.name, a.text) for a in actions)
            if self._shown.get(which) == key:
                continue
            self._shown[which] = key
            box = self.query_one(f"#list-{which}", Vertical)
            await box.remove_children()
            rows: list[Widget] = [
                Row(Content.assemble((printable(a.name), "bold"), muted(f"  {a.text}" if a.text
                                                             else "")),
                    key=(which, i), id=f"{which}-{i}", classes="action")
                for i, a in enumerate(actions)]
            if not rows:
                rows = [Static(muted("none yet"), classes="hint")]
            await box.mount_all(rows)

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

    @on(Row.Removed, ".action")
    def remove(self, event: Row.Removed) -> None:
        event.stop()
        which, index = event.row.key
        focus = f"{which}-{index - 1}" if index > 0 else f"add-{which}"
        self.edit(edits.remove_action, which, index, focus=focus)
