"""OpenTactics step six: up to three abilities from the catalog (or custom ones), with
what each costs in its place, and the custom-ability form."""

from __future__ import annotations

from collections.abc import Hashable

from pydantic import ValidationError
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from designer.escaping import printable
from designer.search import matches
from designer.systems import Step
from designer.systems.opentactics import edits
from designer.systems.opentactics.cost import ability_label, ability_points
from designer.systems.opentactics.models import AbilityChoice
from designer.tui.editors.base import StepEditor, View, pts
from designer.tui.editors.opentactics.equipment import RANK_CEILING
from designer.tui.literal import literal
from designer.tui.screens.dialogs import Dialog
from designer.tui.widgets.fields import FieldButton, Row, Spinner
from designer.tui.widgets.lists import MovingList
from designer.tui.widgets.text import SearchField, TextField


class AbilitiesEditor(StepEditor):
    ENTRY_FIELD = "ability-search"
    BINDINGS = [Binding("c", "custom", "Custom")]

    def __init__(self, view: View, step: Step, *, id: str | None = None) -> None:
        super().__init__(view, step, id=id)
        self._chosen_key: Hashable = None
        self._list_key: Hashable = None

    def compose_fields(self) -> ComposeResult:
        yield Static(id="ability-count", classes="group")
        yield Vertical(id="chosen")
        yield SearchField("ability-list", placeholder="Search abilities (name or effect)",
                          id="ability-search", compact=True)
        yield MovingList(id="ability-list")
        yield Static(id="ability-detail", classes="hint")
        yield FieldButton("Custom ability… (c)", id="custom-ability", compact=True)

    def _chosen_structure(self, view: View) -> Hashable:
        return tuple((p.choice.name, p.choice.rank is not None, p.source, p.choice.custom)
                     for p in view.final.abilities)

    async def update_fields(self, view: View) -> None:
        costs = view.catalog.costs
        count = len(view.final.abilities)
        full = "  (full)" if count >= costs.max_abilities else ""
        self.query_one("#ability-count", Static).update(
            f"Chosen: {count} of {costs.max_abilities}{full}")
        key = self._chosen_structure(view)
        chosen = self.query_one("#chosen", Vertical)
        if key != self._chosen_key:
            self._chosen_key = key
            await chosen.remove_children()
            await chosen.mount_all(self._chosen_rows(view))
        else:
            self._update_chosen(view)
        self._fill_list(view)

    def _points(self, view: View) -> list[tuple[int, int]]:
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

    def _chosen_rows(self, view: View) -> list[Widget]:
        rows: list[Widget] = []
        if not view.final.abilities:
            rows.append(Static(Content.styled("None yet: pick from the list below.",
                                              "$foreground-muted"), classes="hint"))
        for n, (picked, (own, sur)) in enumerate(zip(view.final.abilities, self._points(view),
                                                     strict=True)):
            note = Content.styled(self._cost_text(own, sur), "$foreground-muted")
            if picked.source:
                rows.append(Row(Content.assemble(printable(ability_label(picked)), "  ", note),
                                removable=False, key=n, id=f"granted-{n}", classes="chosen"))
                continue
            index = int(picked.field.split("[")[1].rstrip("]"))
            entry = picked.entry if not picked.choice.custom else None
            if picked.choice.rank is not None or (entry is not None and entry.ranked):
                span = entry.ranks if entry is not None else None
                rows.append(Spinner(printable(picked.choice.name), picked.choice.rank or 0,
                                    minimum=span.min if span else 0,
                                    maximum=(span.max or RANK_CEILING) if span else 99,
                                    key=index, note=note, removable=True,
                                    id=f"ability-{index}", classes="chosen"))
            else:
                label = printable(ability_label(picked))
                rows.append(Row(Content.assemble(label, "  ", note), key=index,
                                id=f"ability-{index}", classes="chosen"))
        return rows

    def _update_chosen(self, view: View) -> None:
        by_id = {w.id: w for w in self.query(".chosen")}
        for n, (picked, (own, sur)) in enumerate(zip(view.final.abilities, self._points(view),
                                                     strict=True)):
            note = Content.styled(self._cost_text(own, sur), "$foreground-muted")
            if picked.source:
                widget = by_id.get(f"granted-{n}")
                if isinstance(widget, Row):
                    widget.text = Content.assemble(printable(ability_label(picked)), "  ", note)
                continue
            index = int(picked.field.split("[")[1].rstrip("]"))
            widget = by_id.get(f"ability-{index}")
            if isinstance(widget, Spinner):
                widget.value = picked.choice.rank or 0
                widget.note = note
            elif isinstance(widget, Row):
                widget.text = Content.assemble(printable(ability_label(picked)), "  ", note)

    def _fill_list(self, view: View) -> None:
        catalog = view.catalog
        search = self.query_one("#ability-search", SearchField).value.strip()
        final = view.final
        taken = {(p.entry.name if p.entry and not p.choice.custom else p.choice.name).casefold()
                 for p in final.abilities}
        values = tuple((k, p.dice) for k, p in final.pools.items()) + tuple(
            final.ranges.items())
        key = (search, len(final.abilities), frozenset(taken), values)
        if key == self._list_key:
            return
        self._list_key = key
        listing = self.query_one("#ability-list", MovingList)
        highlighted = listing.highlighted_option.id if listing.highlighted_option else None
        options = []
        for ability in catalog.abilities:
            if not matches(search, (ability.name, ability.summary, *ability.aliases)):
                continue
            label = printable(ability.label)  # a house-rules catalog is the user's text
            cost = printable(ability.formula.display)
            if ability.name.casefold() in taken:
                now = Content.styled("taken", "$foreground-muted")
            else:
                added = edits.cost_if_added(final, catalog, ability.name)
                now = (Content.styled("full", "$foreground-muted") if added is None else
                       Content.styled(f"+{added[0] + added[1]} now", "bold $accent"))
            prompt = Content.assemble((label.ljust(21), "bold"), cost.ljust(5), " ", now)
            options.append(Option(prompt, id=ability.name))
        listing.set_options(options)
        ids = [o.id for o in options]
        if options:
            listing.highlighted = ids.index(highlighted) if highlighted in ids else 0
        self._show_detail()

    def _show_detail(self) -> None:
        listing = self.query_one("#ability-list", MovingList)
        option = listing.highlighted_option
        detail = self.query_one("#ability-detail", Static)
        if option is None:
            detail.update(Content.styled("No ability matches the search.", "$foreground-muted")
                          if listing.option_count == 0 else "")
            return
        ability = self.view.catalog.ability(option.id or "")
        if ability is None:
            return
        ranks = f" · ranks {ability.ranks.label}" if ability.ranks else ""
        detail.update(Content.assemble((printable(ability.name), "bold"),
                                       printable(f" · cost {ability.formula.display}{ranks}")
                                       + "\n",
                                       (printable(ability.summary), "$foreground-muted")))

    @on(SearchField.Changed, "#ability-search")
    def search(self, event: SearchField.Changed) -> None:
        event.stop()
        self._fill_list(self.view)

    @on(OptionList.OptionHighlighted, "#ability-list")
    def highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._show_detail()

    @on(OptionList.OptionSelected, "#ability-list")
    def add(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        view = self.view
        name = event.option.id or ""
        entry = view.catalog.ability(name)
        if entry is None:
            return
        taken = {(p.entry.name if p.entry and not p.choice.custom else p.choice.name).casefold()
                 for p in view.final.abilities}
        if entry.name.casefold() in taken:
            self.notify(f"{entry.name} is already taken.", severity="warning")
            return
        if len(view.final.abilities) >= view.catalog.costs.max_abilities:
            self.notify(f"A unit has at most {view.catalog.costs.max_abilities} abilities; "
                        "remove one first (delete on a chosen one).", severity="warning")
            return
        self.edit(edits.add_ability, view.catalog, entry.name, focus="ability-list")

    @on(Spinner.Changed, ".chosen")
    def rank(self, event: Spinner.Changed) -> None:
        event.stop()
        self.edit(edits.set_ability_rank, event.spinner.key, event.value)

    @on(Spinner.Removed, ".chosen")
    @on(Row.Removed, ".chosen")
    def remove(self, event: Spinner.Removed | Row.Removed) -> None:
        event.stop()
        self.edit(edits.remove_ability, event.control.key, focus="ability-list")

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
