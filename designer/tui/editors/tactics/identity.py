"""TACTICS step one: the kind and its actions a turn (fixed for a standard creature and
a minion, 2 or 3 for a heavy as the table has it), and the sheet's notes. The name is
the designer's own field above the steps."""

from __future__ import annotations

from collections.abc import Hashable

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from designer.systems.tactics import edits
from designer.systems.tactics.reference import KINDS
from designer.systems.tactics.rules import whole
from designer.tui.editors.base import View
from designer.tui.editors.tactics.common import (
    TxEditor,
    muted,
    show_static,
    table_of,
)
from designer.tui.widgets.fields import Cycle, Spinner
from designer.tui.widgets.text import TextField

LABEL = 8  # "Actions " and "Kind    " line up


def kind_options(kind: object) -> list[tuple[object, str]]:
    options: list[tuple[object, str]] = [(k, k) for k in KINDS]
    if kind not in KINDS:
        options.append((kind, f"{str(kind)[:20]} (unknown)"))
    return options


class IdentityEditor(TxEditor):
    def structure(self, view: View) -> Hashable:
        unit = view.unit
        kind = unit.kind if isinstance(unit.kind, str) else repr(unit.kind)
        return kind, edits.action_choices(kind, table_of(view)), whole(unit.actions)

    def compose_fields(self) -> ComposeResult:
        unit = self.view.unit
        yield Cycle("Kind", kind_options(unit.kind), unit.kind, label_width=LABEL,
                    id="kind")
        yield Static(id="kind-about", classes="hint")
        choices = edits.action_choices(str(unit.kind), table_of(self.view))
        actions = whole(unit.actions)
        if len(choices) > 1:
            value = actions if actions in choices else max(choices)
            yield Spinner("Actions", value, choices=choices, label_width=LABEL,
                          id="actions")
        else:
            yield Static(id="actions-fixed", classes="tx-line")
        with Horizontal(classes="tx-line"):
            yield Static("Notes", classes="tx-label")
            yield TextField(unit.notes, placeholder="anything to remember", id="notes",
                            compact=True, max_length=2000)

    async def update_fields(self, view: View) -> None:
        unit, table = view.unit, table_of(view)
        self.query_one("#kind", Cycle).value = unit.kind
        about = KINDS.get(unit.kind, "Not a kind of the notes: choose standard, minion "
                          "or heavy.") if isinstance(unit.kind, str) else ""
        show_static(self.query_one("#kind-about", Static), muted(about))
        choices = edits.action_choices(str(unit.kind), table)
        actions = whole(unit.actions)
        for spinner in self.query("#actions").results(Spinner):
            spinner.value = actions if actions in choices else max(choices)
            spinner.note = muted(f"a heavy has {' or '.join(map(str, choices))} "
                                 f"(slow and brutish: the fewer)")
        for fixed in self.query("#actions-fixed").results(Static):
            count = choices[0] if choices else actions
            text = f"Actions  {'●' * (count or 0)} {count if count is not None else '___'}"
            show_static(fixed, muted(text + f"  fixed for a {unit.kind}"
                                     if choices else text))
        self.query_one("#notes", TextField).show(unit.notes, external=view.external)

    @on(Cycle.Changed, "#kind")
    def kind(self, event: Cycle.Changed) -> None:
        event.stop()
        self.edit(edits.set_kind, event.value, table_of(self.view), focus="kind")

    @on(Spinner.Changed, "#actions")
    def actions(self, event: Spinner.Changed) -> None:
        event.stop()
        self.edit(edits.set_actions, event.value, focus="actions")

    @on(TextField.Changed, "#notes")
    def notes(self, event: TextField.Changed) -> None:
        event.stop()
        self.edit(edits.set_notes, event.value.strip(), merge="notes")

    @on(TextField.Submitted, "#notes")
    def notes_done(self, event: TextField.Submitted) -> None:
        event.stop()
        self.screen.focus_next()
