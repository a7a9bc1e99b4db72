"""A form built from a system's field specs (`FieldSpec`: a force's Core Stat, module,
size, notes): a choice is cycled, a number spun, text typed. Nothing in it knows which
system it edits."""

from __future__ import annotations

import re
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from designer.escaping import printable
from designer.systems import FieldSpec
from designer.tui.literal import literal
from designer.tui.widgets.fields import Cycle, Spinner
from designer.tui.widgets.text import TextField

UNSET = "not set"
MAX_TEXT = 1000  # characters of a text field


def field_id(key: str) -> str:
    """The widget id of the field `key` (any key: ids take letters, digits, - and _)."""
    return "field-" + re.sub(r"[^A-Za-z0-9_-]", "-", key)


def choice_options(spec: FieldSpec, value: Any) -> list[tuple[Hashable, str]]:
    """The choices of `spec`, led by the value when it is none of them (unset: 'not set',
    a value the file holds that the system no longer offers: as written)."""
    options = [(v, printable(label)) for v, label in spec.choices]
    if value not in [v for v, _ in options]:
        options.insert(0, (value, UNSET if value is None else printable(str(value))))
    return options


class FieldForm(Widget):
    """The fields `specs` with their `values` (a field without one shows its default).
    Controlled: an edit posts `FieldForm.Changed` and the owner, having applied it, calls
    `show` with what it made; the form is rebuilt only when the fields themselves change
    (a module chosen brings its sizes)."""

    class Changed(Message):
        def __init__(self, form: FieldForm, key: str, value: Any) -> None:
            super().__init__()
            self.form = form
            self.key = key
            self.value = value

        @property
        def control(self) -> FieldForm:
            return self.form

    def __init__(self, specs: Sequence[FieldSpec], values: Mapping[str, Any], *,
                 label_width: int = 0, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.specs = tuple(specs)
        self.values = dict(values)
        self.label_width = label_width  # at least: the labels line up with the owner's

    def value_of(self, spec: FieldSpec) -> Any:
        return self.values.get(spec.key, spec.default)

    def compose(self) -> ComposeResult:
        width = max((len(spec.label) for spec in self.specs), default=self.label_width)
        width = max(width, self.label_width)
        for spec in self.specs:
            value, wid = self.value_of(spec), field_id(spec.key)
            if spec.kind == "choice":
                yield Cycle(spec.label, choice_options(spec, value), value, key=spec.key,
                            label_width=width, id=wid, classes="form-field")
            elif spec.kind == "number":
                yield Spinner(spec.label, _number(spec, value), key=spec.key,
                              minimum=spec.low if spec.low is not None else 0,
                              maximum=spec.high if spec.high is not None else 99_999,
                              label_width=width, id=wid, classes="form-field")
            else:
                with Horizontal(classes="form-field form-text"):
                    yield Static(literal(spec.label.ljust(width)), classes="field-label")
                    yield TextField(value=str(value or ""), id=wid, compact=True,
                                    max_length=MAX_TEXT, placeholder=spec.help)

    async def show(self, specs: Sequence[FieldSpec], values: Mapping[str, Any], *,
                   external: bool = False) -> None:
        """Show `values`; rebuilt when `specs` differ from the fields shown."""
        self.values = dict(values)
        if tuple(specs) != self.specs:
            focused = self.screen.focused
            held = focused.id if focused is not None and focused in self.query("*") else None
            self.specs = tuple(specs)
            await self.recompose()
            kept = self.query(f"#{held}") if held else None
            if kept:
                kept.first().focus()  # the field edited keeps the focus
            return
        for spec in self.specs:
            value, wid = self.value_of(spec), f"#{field_id(spec.key)}"
            if spec.kind == "choice":
                cycle = self.query_one(wid, Cycle)
                cycle.options = choice_options(spec, value)
                cycle.set_reactive(Cycle.value, value)
                cycle.refresh()
            elif spec.kind == "number":
                self.query_one(wid, Spinner).value = _number(spec, value)
            else:
                self.query_one(wid, TextField).show(str(value or ""), external=external)

    def spec_of(self, widget: Widget | None) -> FieldSpec | None:
        """The field `widget` edits (a field of this form), or None."""
        wid = widget.id if widget is not None else None
        return next((spec for spec in self.specs if field_id(spec.key) == wid), None)

    def _spec(self, key: Any) -> FieldSpec | None:
        return next((spec for spec in self.specs if spec.key == key), None)

    @on(Cycle.Changed)
    @on(Spinner.Changed)
    def _changed(self, event: Cycle.Changed | Spinner.Changed) -> None:
        event.stop()
        spec = self._spec(event.control.key)
        if spec is not None:
            self.post_message(self.Changed(self, spec.key, event.value))

    @on(TextField.Changed)
    def _typed(self, event: TextField.Changed) -> None:
        event.stop()
        spec = next((s for s in self.specs if field_id(s.key) == event.input.id), None)
        if spec is not None:
            self.post_message(self.Changed(self, spec.key, event.value.strip()))


def _number(spec: FieldSpec, value: Any) -> int:
    """A number field's value as a whole number (unset: its lower bound, else 0)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return spec.low if spec.low is not None else 0
