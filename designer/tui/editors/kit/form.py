"""A form: what a step adds that its catalog has not (a weapon, a rule, a model entry of
one's own), typed into a few fields and sent together."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from textual import on
from textual.containers import Vertical
from textual.widgets import Button, Input, Select

from designer.tui.widgets.fields import Cycle, Spinner


class Form(Vertical):
    """Its fields (texts, numbers, choices, composed inside it) and a button: the button,
    or enter on a text named in `sends`, calls `send` with each field's value by id (a
    text's stripped); enter on another text moves on. A text named in `required` that is
    empty is said instead (its message) and focused. When `send` says the thing was
    sent, the texts are emptied for the next one."""

    DEFAULT_CSS = "Form { height: auto; }"

    def __init__(self, send: Callable[[dict[str, Any]], bool], *, sends: Sequence[str] = (),
                 required: Mapping[str, str] | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.send, self.sends, self.required = send, tuple(sends), dict(required or {})

    def values(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for w in self.query("Input, Spinner, Cycle, Select"):
            if w.id and isinstance(w, Input):
                out[w.id] = w.value.strip()
            elif w.id and isinstance(w, (Spinner, Cycle, Select)):
                out[w.id] = w.value
        return out

    def send_now(self) -> None:
        for field_id, message in self.required.items():
            field = self.query_one(f"#{field_id}", Input)
            if not field.value.strip():
                self.notify(message, severity="warning")
                field.focus()
                return
        if self.send(self.values()):
            for field in self.query(Input):
                field.value = ""

    @on(Input.Submitted)
    def _entered(self, event: Input.Submitted) -> None:
        event.stop()
        if event.input.id in self.sends:
            self.send_now()
        else:
            self.screen.focus_next()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.send_now()
