"""TACTICS step one: the kind and its actions a turn (fixed for a standard creature and
a minion, 2 or 3 for a heavy as the table has it), and the sheet's notes. The name is
the designer's own field above the steps."""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial

from textual.app import ComposeResult
from textual.widgets import Static

from designer.systems.tactics import edits
from designer.systems.tactics.models import Sheet
from designer.systems.tactics.reference import KINDS
from designer.systems.tactics.rules import whole
from designer.tui.editors.kit.fields import ChoiceField, NumberField, TextLine, line
from designer.tui.editors.tactics.common import TxEditor, TxView, table_of
from designer.tui.widgets.shown import muted, set_content

LABEL = 8  # "Actions " and "Kind    " line up


def kind_options(kind: object) -> list[tuple[object, str]]:
    options: list[tuple[object, str]] = [(k, k) for k in KINDS]
    if kind not in KINDS:
        options.append((kind, f"{str(kind)[:20]} (unknown)"))
    return options


class IdentityEditor(TxEditor):
    def structure(self, view: TxView) -> Hashable:
        unit = view.unit
        kind = unit.kind if isinstance(unit.kind, str) else repr(unit.kind)
        return kind, edits.action_choices(kind, table_of(view)), whole(unit.actions)

    def compose_fields(self) -> ComposeResult:
        view = self.view
        unit = view.unit
        yield ChoiceField(view, "Kind", kind_options(unit.kind), lambda v: v.unit.kind,
                          self._kind, focus="kind", label_width=LABEL, id="kind")
        yield Static(id="kind-about", classes="hint")
        choices = edits.action_choices(str(unit.kind), table_of(view))
        if len(choices) > 1:
            yield NumberField(view, "Actions", partial(self._actions, choices),
                              edits.set_actions, note=muted(
                                  f"a heavy has {' or '.join(map(str, choices))} "
                                  "(slow and brutish: the fewer)"), focus="actions",
                              choices=choices, label_width=LABEL, id="actions")
        else:
            yield Static(id="actions-fixed", classes="tx-line")
        yield from line("Notes", TextLine(view, lambda v: v.unit.notes,
                                          lambda unit, text: edits.set_notes(unit, text.strip()),
                                          placeholder="anything to remember", id="notes",
                                          max_length=2000),
                        classes="tx-line", label_classes="tx-label")

    def _kind(self, unit: Sheet, kind: str) -> Sheet:
        return edits.set_kind(unit, kind, table_of(self.view))

    @staticmethod
    def _actions(choices: tuple[int, ...], view: TxView) -> int:
        actions = whole(view.unit.actions)
        return actions if actions in choices else max(choices)

    async def update_fields(self, view: TxView) -> None:
        unit, table = view.unit, table_of(view)
        about = KINDS.get(unit.kind, "Not a kind of the notes: choose standard, minion "
                          "or heavy.") if isinstance(unit.kind, str) else ""
        set_content(self.query_one("#kind-about", Static), muted(about))
        choices = edits.action_choices(str(unit.kind), table)
        actions = whole(unit.actions)
        fixed = self.field_by_id("actions-fixed", Static)
        if fixed is not None:
            count = choices[0] if choices else actions
            text = f"Actions  {'●' * (count or 0)} {count if count is not None else '___'}"
            set_content(fixed, muted(text + f"  fixed for a {unit.kind}"
                                     if choices else text))
