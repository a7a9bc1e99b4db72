"""OpenTactics step five: the items a unit carries, their choices (a range, how their
bumps go in, the abilities they offer) and what they did to the unit."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Button, Checkbox, OptionList, Static
from textual.widgets.option_list import Option

from designer.escaping import printable
from designer.systems.opentactics import edits
from designer.systems.opentactics.catalog import SKILLS
from designer.systems.opentactics.cost import ability_label
from designer.systems.opentactics.fold import Final
from designer.systems.opentactics.models import POOL_FIELDS
from designer.tally import Line, Tally
from designer.tui.editors.base import StepEditor, View
from designer.tui.literal import literal
from designer.tui.widgets.fields import Cycle, FieldButton, Spinner, Tick
from designer.tui.widgets.lists import MovingList

RANK_CEILING = 10  # the highest rank offered for an open-ended span such as "1+"


def item_lines(tally: Tally, items: tuple[str, ...]) -> list[Line]:
    """The tally lines that name one of `items` as their source."""
    marks = tuple(f"({name}" for name in items) + tuple(f"from {name}" for name in items)
    return [line for line in tally.breakdown if any(m in line.item for m in marks)]


def applied_effects(unit: Any, final: Final) -> list[str]:
    """What the carried items did to the unit, in words."""
    out = []
    for skill, side, label, _d, _b in POOL_FIELDS:
        pool = final.pools[(skill, side)]
        if pool.sources and any(pool.sources):
            shown = ", ".join(f"{b:+d}" + (f" ({s})" if s else "")
                              for b, s in zip(pool.bumps, pool.sources, strict=True))
            out.append(f"{label} bumps: {shown}")
    for skill in SKILLS:
        innate, value = getattr(unit.skills, skill).range, final.ranges[skill]
        if value != innate:
            out.append(f"{skill.title()} range: {innate} {value - innate:+d} = {value}")
    if final.athletics != unit.athletics:
        out.append(f"Athletics: {unit.athletics} {final.athletics - unit.athletics:+d} = "
                   f"{final.athletics}")
    for picked in final.abilities:
        if picked.source:
            out.append(f"Ability: {ability_label(picked)}")
    return out


class EquipmentEditor(StepEditor):
    ENTRY_FIELD = "item-table"
    #: items cost nothing themselves: their effects are priced under the other steps
    OWN_POINTS = False

    @classmethod
    def tally_lines(cls, key: str, view: View) -> list[Line]:
        """The tally lines an item put there, whichever step they are priced under."""
        return item_lines(view.tally, tuple(c.item for c in view.unit.equipment))

    def structure(self, view: View) -> Hashable:
        return tuple((c.item, tuple(a.name.casefold() for a in c.abilities))
                     for c in view.unit.equipment)

    def compose_fields(self) -> ComposeResult:
        unit, catalog = self.view.unit, self.view.catalog
        yield Static("Carried", classes="group")
        if not unit.equipment:
            yield Static(Content.styled("Nothing carried yet: pick from the table below.",
                                        "$foreground-muted"), classes="hint")
        for i, choice in enumerate(unit.equipment):
            item = catalog.item(choice.item)
            with Vertical(classes="item-card", id=f"item-{i}") as card:
                card.border_title = literal(choice.item, 60)
                if item is None:
                    yield Static(Content.styled("not in the equipment table", "$error"))
                else:
                    yield from self._item_fields(i, choice, item)
                yield FieldButton("Remove item", id=f"remove-item-{i}", compact=True,
                                  classes="remove-item")
        yield Static(id="applied", classes="applied")
        yield Static("Equipment table: enter adds an item", classes="group")
        yield MovingList(*[Option(self._table_entry(item), id=f"table-{n}")
                           for n, item in enumerate(catalog.equipment)], id="item-table")

    @staticmethod
    def _table_entry(item: Any) -> Content:
        return Content.assemble((printable(item.name), "bold"), " ",
                                (printable(", ".join(item.effects) or item.kind),
                                 "$foreground-muted"))

    def _item_fields(self, i: int, choice: Any, item: Any) -> ComposeResult:
        catalog = self.view.catalog
        yield Static(literal(f"{item.kind}: {', '.join(item.effects) or 'no effects'}",
                             style="$foreground-muted"))
        if item.range is not None and item.range.max != item.range.min:
            span = item.range
            value = choice.range if choice.range is not None else span.min
            yield Spinner(f"{span.skill.title()} range +", value, minimum=span.min,
                          maximum=span.max, key=("range", i), id=f"item-{i}-range",
                          note=Content.styled(f"{span.min}–{span.max}", "$foreground-muted"))
        if item.bumps:
            yield Cycle("Bumps", [("new", "added as new bumps"),
                                  ("raise", "raise the existing bump")], choice.bumps,
                        key=("bumps", i), id=f"item-{i}-bumps")
        chosen = {a.name.casefold(): a for a in choice.abilities}
        for option in item.abilities:
            entry = catalog.ability(option.name)
            ranks = option.ranks or (entry.ranks if entry else None)
            label = f"{option.name} {ranks.label}" if ranks else option.name
            cost = entry.formula.display if entry else "?"
            slot = slug_id(option.name)
            yield Tick(literal(f"{label} (cost {cost})"), option.name.casefold() in chosen,
                       id=f"item-{i}-ab-{slot}", compact=True, classes="item-ability")
            picked = chosen.get(option.name.casefold())
            if picked is not None and ranks is not None:
                yield Spinner("  rank", picked.rank if picked.rank is not None else ranks.min,
                              minimum=ranks.min, maximum=ranks.max or RANK_CEILING,
                              key=("rank", i, option.name), id=f"item-{i}-rank-{slot}")

    async def update_fields(self, view: View) -> None:
        for spinner in self.query(Spinner):
            kind, i, *rest = spinner.key
            choice = view.unit.equipment[i]
            if kind == "range" and choice.range is not None:
                spinner.value = choice.range
            elif kind == "rank":
                picked = next((a for a in choice.abilities
                               if a.name.casefold() == rest[0].casefold()), None)
                if picked is not None and picked.rank is not None:
                    spinner.value = picked.rank
        for cycle in self.query(Cycle):
            cycle.value = view.unit.equipment[cycle.key[1]].bumps
        lines = applied_effects(view.unit, view.final)
        shown = [Content.styled("Effects applied", "bold")]
        shown += [literal(f"• {line}", style="$foreground-muted") for line in lines] or \
            [Content.styled("none yet", "$foreground-muted")]
        self.query_one("#applied", Static).update(Content("\n").join(shown))

    @on(OptionList.OptionSelected, "#item-table")
    def add(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        item = self.view.catalog.equipment[event.option_index]
        index = len(self.view.unit.equipment)
        self.edit(edits.add_item, self.view.catalog, item.name,
                  focus=f"item-{index}-range" if item.range and item.range.max != item.range.min
                  else "item-table")

    @on(Spinner.Changed)
    def changed(self, event: Spinner.Changed) -> None:
        event.stop()
        kind, i, *rest = event.spinner.key
        if kind == "range":
            self.edit(edits.update_item, i, range=event.value)
        else:
            self.edit(edits.set_item_ability_rank, i, rest[0], event.value)

    @on(Cycle.Changed)
    def bumps(self, event: Cycle.Changed) -> None:
        event.stop()
        self.edit(edits.update_item, event.cycle.key[1], bumps=event.value)

    @on(Checkbox.Changed, ".item-ability")
    def ability(self, event: Checkbox.Changed) -> None:
        event.stop()
        _, i, _, slot = (event.checkbox.id or "").split("-", 3)
        index = int(i)
        item = self.view.catalog.item(self.view.unit.equipment[index].item)
        name = next(o.name for o in item.abilities if slug_id(o.name) == slot)
        self.edit(edits.toggle_item_ability, self.view.catalog, index, name, event.value,
                  focus=event.checkbox.id)

    @on(Button.Pressed, ".remove-item")
    def remove(self, event: Button.Pressed) -> None:
        event.stop()
        index = int((event.button.id or "").rsplit("-", 1)[1])
        self.edit(edits.remove_item, index, focus="item-table")


def slug_id(name: str) -> str:
    return "".join(c if c.isalnum() else "_" for c in name.casefold())
