"""An entry's options dialog: what the system offers on a force entry's unit (model count,
weapon choices, upgrades) as a form built from its field specs, the unit's price and
legality shown as each option changes. Apply hands back the new unit's assessment for one
edit of the force; the full designer stays one key away. Nothing here names a system."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.widgets import Button, Static

from designer.errors import InputError
from designer.systems import Assessment, EntryOptions, FieldSpec, GameSystem, Points
from designer.tui.literal import literal
from designer.tui.screens.dialogs import Dialog
from designer.tui.widgets.field_form import FieldForm

MESSAGE_LIMIT = 200  # characters of a finding shown under the price


def option_values(specs: tuple[FieldSpec, ...]) -> dict[str, Any]:
    """The options' present values: each spec carries its unit's as its default."""
    return {spec.key: spec.default for spec in specs}


def form_specs(specs: tuple[FieldSpec, ...]) -> tuple[FieldSpec, ...]:
    """The options as the form's fields, without the values they carry: the form is
    rebuilt only when the options themselves change, not at each value."""
    return tuple(spec._replace(default=None) for spec in specs)


class OptionsDialog(Dialog):
    """The options of the unit `assessment` holds, for a system with `EntryOptions`.
    Dismisses with ("apply", the new assessment) when something changed, ("designer",
    None) to open the full designer on the entry instead, or None."""

    BINDINGS = [
        Binding("enter", "apply", "Apply", show=False),
        Binding("ctrl+d", "designer", "Designer", show=False),
    ]

    def __init__(self, title: str, game: GameSystem[Any, Any, Any], catalog: Any,
                 assessment: Assessment[Any, Any]) -> None:
        super().__init__(title)
        options = game.capability(EntryOptions)
        if options is None:
            raise ValueError(f"{game.TITLE} offers no options on an entry")
        self.options: EntryOptions = options
        self.game, self.catalog = game, catalog
        self.before = assessment
        self.assessment = assessment
        self.specs = options.entry_options(assessment.unit, catalog)

    def compose(self) -> ComposeResult:
        with self.frame():
            yield Static(Content.styled("←/→ change a choice, digits set a number; enter "
                                        "applies, ctrl+d opens the full designer, esc "
                                        "cancels.", "$foreground-muted"), classes="message")
            with VerticalScroll(id="options-scroll"):
                yield FieldForm(form_specs(self.specs), option_values(self.specs),
                                id="options-form")
            yield Static(self.price_line(), id="options-price")
            with Horizontal(classes="buttons"):
                yield Button("Apply", id="apply", variant="primary", compact=True)
                yield Button("Designer…", id="designer", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        fields = self.query_one(FieldForm).query(".form-field")
        if fields:
            fields.first().focus()

    def price_line(self) -> Content:
        """'Ranger: 14 pts (was 11) · ✓ legal', or the first error the unit has."""
        tally = self.assessment.tally
        points = self.game.capability(Points)
        parts = [literal(f"{tally.name}: ", MESSAGE_LIMIT)]
        if points is not None:
            was = self.before.tally.total
            parts.append(Content.styled(points.points_text(tally.total), "bold"))
            if tally.total != was:
                parts.append(Content.styled(f" (was {points.points_text(was)})",
                                            "$foreground-muted"))
            parts.append(Content(" · "))
        errors = tally.errors
        if errors:
            more = f" (+{len(errors) - 1} more)" if len(errors) > 1 else ""
            parts.append(literal(f"✗ {errors[0].message}{more}", MESSAGE_LIMIT,
                                 style="$error"))
        else:
            parts.append(Content.styled("✓ legal", "$success"))
        return Content.assemble(*parts)

    @on(FieldForm.Changed)
    async def option_changed(self, event: FieldForm.Changed) -> None:
        """One option set: the unit re-assessed, the form rebuilt when the options
        themselves follow (a new weapon, the upgrades it takes)."""
        event.stop()
        try:
            unit = self.options.with_entry_option(self.assessment.unit, self.catalog,
                                                  event.key, event.value)
        except InputError as exc:
            self.notify(exc.shown(), title="Not changed", severity="error", markup=False)
        else:
            self.assessment = self.game.assess(unit, self.catalog)
            self.specs = self.options.entry_options(unit, self.catalog)
        await self.query_one(FieldForm).show(form_specs(self.specs),
                                             option_values(self.specs))
        self.query_one("#options-price", Static).update(self.price_line())

    def action_apply(self) -> None:
        changed = self.assessment.unit != self.before.unit
        self.dismiss(("apply", self.assessment) if changed else None)

    def action_designer(self) -> None:
        self.dismiss(("designer", None))

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "apply":
            self.action_apply()
        elif event.button.id == "designer":
            self.action_designer()
        else:
            self.dismiss(None)
