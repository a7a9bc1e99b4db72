"""OpenTactics step six: up to three abilities from the catalog (or custom ones), with
what each costs in its place, and the custom-ability form."""

from __future__ import annotations

from functools import partial

from pydantic import ValidationError
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Button, Static
from textual.widgets.option_list import Option

from designer.search import matches
from designer.systems.opentactics import edits
from designer.systems.opentactics.cost import ability_label, ability_points
from designer.systems.opentactics.models import AbilityChoice
from designer.tui.editors.base import pts
from designer.tui.editors.kit.fields import ChosenRow, NumberField, at
from designer.tui.editors.kit.picker import Picker
from designer.tui.editors.kit.rows import Rows
from designer.tui.editors.opentactics.common import OTEditor, OTView
from designer.tui.editors.opentactics.equipment import RANK_CEILING
from designer.tui.literal import assembled, literal
from designer.tui.screens.dialogs import Dialog
from designer.tui.widgets.fields import FieldButton
from designer.tui.widgets.shown import muted, set_content
from designer.tui.widgets.text import TextField


def ability_rank(index: int, view: OTView) -> int:
    return view.unit.abilities[index].rank or 0


class AbilitiesEditor(OTEditor):
    ENTRY_FIELD = "ability-search"
    BINDINGS = [Binding("c", "custom", "Custom", tooltip="an ability of your own")]

    def compose_fields(self) -> ComposeResult:
        yield Static(id="ability-count", classes="group")
        yield Rows(id="chosen")
        yield Picker("ability-list", search="Search abilities (name or effect)",
                     search_id="ability-search", options=self._options, detail=self._detail,
                     pick=self._add, empty="No ability matches the search.")
        yield FieldButton("Custom ability… (c)", id="custom-ability", compact=True)

    async def update_fields(self, view: OTView) -> None:
        most = view.catalog.costs.max_abilities
        count = len(view.final.abilities)
        full = "  (full)" if count >= most else ""
        set_content(self.query_one("#ability-count", Static),
                    Content(f"Chosen: {count} of {most}{full}"))
        await self.query_one("#chosen", Rows).show(self._chosen_rows(view))

    def _points(self, view: OTView) -> list[tuple[int, int]]:
        costs = view.catalog.costs
        surcharges = costs.ability_surcharge
        out = []
        for n, picked in enumerate(view.final.abilities):
            own, _how = ability_points(picked, view.final, costs)
            out.append((own, surcharges[min(n, len(surcharges) - 1)]))
        return out

    @staticmethod
    def _cost_text(own: int, surcharge: int) -> str:
        return f"{own} +{surcharge} = {pts(own + surcharge)}" if surcharge else pts(own)

    def _chosen_rows(self, view: OTView) -> list[Widget]:
        rows: list[Widget] = []
        if not view.final.abilities:
            rows.append(Static(muted("None yet: pick from the list below."), classes="hint"))
        for n, (picked, (own, sur)) in enumerate(zip(view.final.abilities, self._points(view),
                                                     strict=True)):
            note = muted(self._cost_text(own, sur))
            if picked.source:
                rows.append(ChosenRow(assembled(ability_label(picked), "  ", note),
                                      key=n, id=f"granted-{n}", classes="chosen"))
                continue
            index = int(picked.field.split("[")[1].rstrip("]"))
            entry = picked.entry if not picked.choice.custom else None
            remove = at(edits.remove_ability, index)
            if picked.choice.rank is not None or (entry is not None and entry.ranked):
                span = entry.ranks if entry is not None else None
                rows.append(NumberField(
                    view, picked.choice.name, partial(ability_rank, index),
                    at(edits.set_ability_rank, index), note=note, remove=remove,
                    remove_focus="ability-list", minimum=span.min if span else 0,
                    maximum=(span.max or RANK_CEILING) if span else 99, key=index,
                    id=f"ability-{index}", classes="chosen"))
            else:
                rows.append(ChosenRow(assembled(ability_label(picked), "  ", note),
                                      remove=remove, focus="ability-list", key=index,
                                      id=f"ability-{index}", classes="chosen"))
        return rows

    @staticmethod
    def _taken(view: OTView) -> set[str]:
        return {(p.entry.name if p.entry and not p.choice.custom else p.choice.name).casefold()
                for p in view.final.abilities}

    def _options(self, search: str) -> list[Option]:
        view = self.view
        catalog, final = view.catalog, view.final
        taken = self._taken(view)
        options = []
        for ability in catalog.abilities:
            if not matches(search, (ability.name, ability.summary, *ability.aliases)):
                continue
            if ability.name.casefold() in taken:
                now = muted("taken")
            else:
                added = edits.cost_if_added(final, catalog, ability.name)
                now = (muted("full") if added is None else
                       Content.styled(f"+{added[0] + added[1]} now", "bold $accent"))
            # a house-rules catalog is the user's text
            prompt = assembled((ability.label.ljust(21), "bold"),
                               ability.formula.display.ljust(5), " ", now)
            options.append(Option(prompt, id=ability.name))
        return options

    def _detail(self, name: str) -> Content:
        ability = self.view.catalog.ability(name)
        if ability is None:
            return Content("")
        ranks = f" · ranks {ability.ranks.label}" if ability.ranks else ""
        return assembled((ability.name, "bold"), f" · cost {ability.formula.display}{ranks}",
                         Content("\n"), muted(ability.summary))

    def _add(self, name: str) -> None:
        view = self.view
        entry = view.catalog.ability(name)
        if entry is None:
            return
        if entry.name.casefold() in self._taken(view):
            self.notify(f"{entry.name} is already taken.", severity="warning")
            return
        if len(view.final.abilities) >= view.catalog.costs.max_abilities:
            self.notify(f"A unit has at most {view.catalog.costs.max_abilities} abilities; "
                        "remove one first (delete on a chosen one).", severity="warning")
            return
        self.edit(edits.add_ability, view.catalog, entry.name, focus="ability-list")

    @on(Button.Pressed, "#custom-ability")
    def custom_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_custom()

    def action_custom(self) -> None:
        def made(result: dict | None) -> None:
            if result is not None:
                self.edit(edits.add_custom_ability, result["name"], result["cost"],
                          result["text"], focus="ability-list")

        self.app.push_screen(CustomAbilityDialog("Custom ability"), made)


class CustomAbilityDialog(Dialog):
    """A custom ability: name, cost (a number or a formula such as R*2) and its text."""

    def compose(self) -> ComposeResult:
        with self.frame():
            yield Static(Content.styled(
                "Your own ability: it costs what you set, plus the surcharge of its place "
                "(+5 as the 2nd or 3rd). A formula may use R (rank), MO/BO/AO/TO (OFF "
                "dice), MD.. (DEF dice), MR/BR/AR/TR (range).", "$foreground-muted"),
                classes="message")
            yield TextField(placeholder="name, e.g. Ember Oath", id="custom-name",
                            max_length=60)
            yield TextField(placeholder="cost, e.g. 3 or AR*2", id="custom-cost",
                            max_length=20)
            yield TextField(placeholder="rules text in your own words", id="custom-text",
                            max_length=600)
            yield Static(id="custom-note", classes="note")
            with Horizontal(classes="buttons"):
                yield Button("Add", id="ok", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#custom-name").focus()

    @on(TextField.Submitted)
    def next_field(self, event: TextField.Submitted) -> None:
        event.stop()
        if event.input.id == "custom-text":
            self.submit()
        else:
            self.focus_next()

    @on(Button.Pressed, "#ok")
    def ok(self, event: Button.Pressed) -> None:
        event.stop()
        self.submit()

    @on(Button.Pressed, "#cancel")
    def cancel(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def submit(self) -> None:
        name = self.query_one("#custom-name", TextField).value.strip()
        cost_text = self.query_one("#custom-cost", TextField).value.strip()
        text = self.query_one("#custom-text", TextField).value.strip()
        note = self.query_one("#custom-note", Static)
        if not name or not cost_text:
            note.update(Content.styled("A custom ability needs a name and a cost.", "$error"))
            return
        cost: int | str = int(cost_text) if cost_text.lstrip("-").isdigit() else cost_text
        try:
            AbilityChoice.model_validate({"name": name, "cost": cost, "text": text or None})
        except ValidationError as exc:
            problem = exc.errors(include_url=False)[0]
            message = str(problem.get("ctx", {}).get("error", problem["msg"]))
            note.update(literal(message, 300, style="$error"))
            return
        self.dismiss({"name": name, "cost": cost, "text": text or None})
