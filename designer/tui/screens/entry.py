"""An entry's own dialog (`l` on the forces screen): its name in the force ("Knight Squad
A"), its note, and the fields the system's entries keep (a TACTICS sheet's side; any
number, each a choice, a number or text) as a form built from the system's field specs,
each field's help shown while it has the focus. Keep hands back all of it for one edit
of the force. Nothing here names a system."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Button, Static

from designer.entries import MAX_LABEL, MAX_NOTE
from designer.systems import FieldSpec
from designer.tui.literal import literal
from designer.tui.screens.dialogs import MESSAGE_LIMIT, Dialog
from designer.tui.widgets.field_form import FieldForm
from designer.tui.widgets.text import TextField

LABEL_WIDTH = 9  # of the labels, Label and Note as the entry's own fields': one column


@dataclass(frozen=True, slots=True)
class EntryAnswer:
    """What the entry's dialog was kept with: the label and note, stripped (empty:
    none), and the entry's own fields (a field unset: left out)."""

    label: str
    note: str
    fields: dict[str, Any]


class EntryDialog(Dialog):
    """The label, note and own `fields` (as `specs` describe them) of an entry of a force
    whose units are called `unit_word`; dismisses with an `EntryAnswer`, or None."""

    BINDINGS = [Binding("enter", "keep", "Keep", show=False)]

    def __init__(self, title: str, *, unit_word: str, force_word: str, label: str,
                 note: str, specs: Sequence[FieldSpec] = (),
                 fields: Mapping[str, Any] | None = None) -> None:
        super().__init__(title)
        self.unit_word, self.force_word = unit_word, force_word
        self.label, self.note = label, note
        self.specs = tuple(specs)
        self.fields = dict(fields or {})

    def compose(self) -> ComposeResult:
        with self.frame():
            yield Static(Content.styled(
                f"The {self.unit_word} keeps its own name; the label names this entry in "
                f"the {self.force_word}, and the note prints with it.", "$foreground-muted"),
                classes="message")
            with Horizontal(classes="field-row"):
                yield Static("Label", classes="field-label")
                yield TextField(self.label, id="entry-label", max_length=MAX_LABEL,
                                placeholder="e.g. Knight Squad A", compact=True)
            with Horizontal(classes="field-row"):
                yield Static("Note", classes="field-label")
                yield TextField(self.note, id="entry-note", max_length=MAX_NOTE,
                                placeholder="anything to remember at the table", compact=True)
            if self.specs:
                yield FieldForm(self.specs, self.fields, label_width=LABEL_WIDTH,
                                id="entry-fields")
                yield Static(id="entry-help", classes="note")
            with Horizontal(classes="buttons"):
                yield Button("Keep", id="keep", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#entry-label").focus()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The help of the entry's field that has the focus, under the form."""
        if not self.specs:
            return
        spec = self.query_one(FieldForm).spec_of(event.widget)
        help_text = spec.help if spec is not None else ""
        self.query_one("#entry-help", Static).update(
            literal(help_text, MESSAGE_LIMIT, style="$foreground-muted"))

    @on(FieldForm.Changed)
    async def field_changed(self, event: FieldForm.Changed) -> None:
        """One of the entry's own fields set: kept here until the dialog is."""
        event.stop()
        if event.value is None or event.value == "":
            self.fields.pop(event.key, None)
        else:
            self.fields[event.key] = event.value
        await self.query_one(FieldForm).show(self.specs, self.fields)

    @on(TextField.Submitted, "#entry-label")
    def label_done(self, event: TextField.Submitted) -> None:
        event.stop()
        self.query_one("#entry-note").focus()

    @on(TextField.Submitted, "#entry-note")
    @on(Button.Pressed, "#keep")
    def keep(self, event: TextField.Submitted | Button.Pressed) -> None:
        event.stop()
        self.action_keep()

    def action_keep(self) -> None:
        self.dismiss(EntryAnswer(self.query_one("#entry-label", TextField).value.strip(),
                                 self.query_one("#entry-note", TextField).value.strip(),
                                 dict(self.fields)))

    @on(Button.Pressed, "#cancel")
    def cancel(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)
