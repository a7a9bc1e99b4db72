"""OpenTactics step seven: the unit's types, one list per category, and custom types
of the unit's own."""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Select, SelectionList, Static

from designer.systems.opentactics import edits
from designer.systems.opentactics.catalog import CATEGORIES, Catalog, TypeEntry
from designer.systems.opentactics.models import Unit
from designer.tui.editors.base import pts
from designer.tui.editors.kit.fields import ChosenRow, at
from designer.tui.editors.kit.form import Form
from designer.tui.editors.opentactics.common import OTEditor, OTView
from designer.tui.literal import literal
from designer.tui.widgets.fields import FieldButton
from designer.tui.widgets.shown import set_content
from designer.tui.widgets.text import TextField

CATEGORY_TITLES = {
    "tactical": "Tactical: one",
    "occupation": "Occupation: 1st free",
    "elemental": "Elemental: +2 each",
    "species": "Species: free",
    "other": "Other: free",
}


class TypesEditor(OTEditor):
    def structure(self, view: OTView) -> Hashable:
        return tuple((i, t.name, t.category) for i, t in
                     edits.custom_types(view.unit, view.catalog))

    def compose_fields(self) -> ComposeResult:
        unit, catalog = self.view.unit, self.view.catalog
        yield Static(id="types-chosen", classes="group")
        lists = list(self._lists(unit, catalog))
        for pair in (lists[0:2], lists[2:4], lists[4:]):
            with Horizontal(classes="type-pair"):
                yield from pair
        yield Static("Custom type: a name and its category", classes="group")
        with Form(self._add_custom, sends=("custom-type-name",), id="custom-type-row",
                  required={"custom-type-name": "Type a name for the custom type first."}):
            yield TextField(placeholder="name", id="custom-type-name", compact=True)
            yield Select([(c, c) for c in CATEGORIES], value="species", allow_blank=False,
                         id="custom-type-category", compact=True)
            yield FieldButton("Add", id="add-custom-type", compact=True)
        for i, t in edits.custom_types(unit, catalog):
            category = t.category or "species (unknown)"
            yield ChosenRow(f"{t.name} ({category})", remove=at(edits.remove_type, i),
                            focus="custom-type-name", key=i, id=f"custom-type-{i}",
                            classes="custom-type")

    def _lists(self, unit: Unit, catalog: Catalog) -> Iterator[SelectionList]:
        costs = catalog.costs
        for category in CATEGORIES:
            options = []
            for entry in catalog.types_in(category):
                label = entry.name
                if category == "tactical":
                    label += " (free)" if entry.name in costs.tactical_free else \
                        f" (+{costs.tactical_cost})"
                elif category == "elemental":
                    label += f" (+{costs.elemental_cost})"
                options.append((literal(label), entry.name, self._has(unit, entry)))
            selection = SelectionList[str](*options, id=f"types-{category}",
                                           classes="type-list")
            selection.border_title = CATEGORY_TITLES[category]
            yield selection

    @staticmethod
    def _has(unit: Unit, entry: TypeEntry) -> bool:
        key = entry.name.casefold()
        return any(t.name.casefold() == key and t.category in (None, entry.category)
                   for t in unit.types)

    async def update_fields(self, view: OTView) -> None:
        unit, catalog = view.unit, view.catalog
        points = sum(line.points for line in view.tally.breakdown if line.step == "types")
        names = ", ".join(t.name for t in unit.types) or "none yet"
        set_content(self.query_one("#types-chosen", Static),
                    literal(f"Types: {names} · {pts(points)}"))
        for selection in self.walk_children(SelectionList):
            wanted = {e.name for e in catalog.types_in((selection.id or "").split("-", 1)[1])
                      if self._has(unit, e)}
            if set(selection.selected) != wanted:
                with selection.prevent(SelectionList.SelectedChanged):
                    for value in list(selection.selected):
                        if value not in wanted:
                            selection.deselect(value)
                    for value in wanted:
                        selection.select(value)

    @on(SelectionList.SelectionToggled)
    def toggled(self, event: SelectionList.SelectionToggled) -> None:
        event.stop()
        name = event.selection.value
        on_now = name in event.selection_list.selected
        self.edit(edits.set_type, name, on_now,
                  focus=event.selection_list.id)

    @on(SelectionList.SelectedChanged)
    def _ignore(self, event: SelectionList.SelectedChanged) -> None:
        event.stop()

    def _add_custom(self, form: dict[str, Any]) -> bool:
        name = form["custom-type-name"]
        if len(name) > 40:
            self.notify("A type name has at most 40 characters.", severity="warning")
            return False
        self.edit(edits.set_type, name, True, str(form["custom-type-category"]),
                  focus="custom-type-name")
        return True
