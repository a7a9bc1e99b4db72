"""OpenTactics step five: the items a unit carries, their choices (a range, how their
bumps go in, the abilities they offer) and what they did to the unit."""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static
from textual.widgets.option_list import Option

from designer.systems.opentactics import edits
from designer.systems.opentactics.catalog import SKILLS, Item
from designer.systems.opentactics.cost import ability_label
from designer.systems.opentactics.fold import Final
from designer.systems.opentactics.models import POOL_FIELDS, Unit
from designer.tally import Line, Tally
from designer.tui.editors.kit.fields import ChoiceField, EditButton, NumberField, Toggle, at
from designer.tui.editors.kit.picker import Picker
from designer.tui.editors.opentactics.common import OTEditor, OTView
from designer.tui.literal import assembled, literal
from designer.tui.widgets.shown import muted, set_content

RANK_CEILING = 10  # the highest rank offered for an open-ended span such as "1+"


def item_lines(tally: Tally, items: tuple[str, ...]) -> list[Line]:
    """The tally lines that name one of `items` as their source."""
    marks = tuple(f"({name}" for name in items) + tuple(f"from {name}" for name in items)
    return [line for line in tally.breakdown if any(m in line.item for m in marks)]


def applied_effects(unit: Unit, final: Final) -> list[str]:
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


def set_item_range(unit: Unit, index: int, value: int) -> Unit:
    return edits.update_item(unit, index, range=value)


def set_item_bumps(unit: Unit, index: int, value: str) -> Unit:
    return edits.update_item(unit, index, bumps=value)


def item_range(index: int, least: int, view: OTView) -> int:
    value = view.unit.equipment[index].range
    return least if value is None else value


def item_bumps(index: int, view: OTView) -> str:
    return view.unit.equipment[index].bumps


def item_ability_rank(index: int, name: str, least: int, view: OTView) -> int:
    choice = view.unit.equipment[index]
    picked = next((a for a in choice.abilities if a.name.casefold() == name.casefold()), None)
    return picked.rank if picked is not None and picked.rank is not None else least


def has_item_ability(index: int, name: str, view: OTView) -> bool:
    return any(a.name.casefold() == name.casefold()
               for a in view.unit.equipment[index].abilities)


class EquipmentEditor(OTEditor):
    ENTRY_FIELD = "item-table"
    #: items cost nothing themselves: their effects are priced under the other steps
    OWN_POINTS = False

    @classmethod
    def tally_lines(cls, key: str, view: OTView) -> list[Line]:
        """The tally lines an item put there, whichever step they are priced under."""
        return item_lines(view.tally, tuple(c.item for c in view.unit.equipment))

    def structure(self, view: OTView) -> Hashable:
        return tuple((c.item, tuple(a.name.casefold() for a in c.abilities))
                     for c in view.unit.equipment)

    def compose_fields(self) -> ComposeResult:
        unit, catalog = self.view.unit, self.view.catalog
        yield Static("Carried", classes="group")
        if not unit.equipment:
            yield Static(muted("Nothing carried yet: pick from the table below."),
                         classes="hint")
        for i, choice in enumerate(unit.equipment):
            item = catalog.item(choice.item)
            with Vertical(classes="item-card", id=f"item-{i}") as card:
                card.border_title = literal(choice.item, 60)
                if item is None:
                    yield Static(Content.styled("not in the equipment table", "$error"))
                else:
                    yield from self._item_fields(i, item)
                yield EditButton("Remove item", at(edits.remove_item, i), focus="item-table",
                                 id=f"remove-item-{i}", classes="remove-item")
        yield Static(id="applied", classes="applied")
        yield Static("Equipment table: enter adds an item", classes="group")
        yield Picker("item-table", options=self._table, pick=self.add)

    def _table(self, search: str) -> list[Option]:
        return [Option(assembled((item.name, "bold"), " ",
                                 muted(", ".join(item.effects) or item.kind)),
                       id=f"table-{n}") for n, item in enumerate(self.view.catalog.equipment)]

    def _item_fields(self, i: int, item: Item) -> ComposeResult:
        view = self.view
        catalog = view.catalog
        yield Static(muted(f"{item.kind}: {', '.join(item.effects) or 'no effects'}"))
        if item.range is not None and item.range.max != item.range.min:
            span = item.range
            yield NumberField(view, f"{span.skill.title()} range +",
                              partial(item_range, i, span.min), at(set_item_range, i),
                              minimum=span.min, maximum=span.max,
                              note=muted(f"{span.min}–{span.max}"), id=f"item-{i}-range")
        if item.bumps:
            yield ChoiceField(view, "Bumps", [("new", "added as new bumps"),
                                              ("raise", "raise the existing bump")],
                              partial(item_bumps, i), at(set_item_bumps, i),
                              id=f"item-{i}-bumps")
        chosen = {a.name.casefold() for a in view.unit.equipment[i].abilities}
        for option in item.abilities:
            entry = catalog.ability(option.name)
            ranks = option.ranks or (entry.ranks if entry else None)
            label = f"{option.name} {ranks.label}" if ranks else option.name
            cost = entry.formula.display if entry else "?"
            slot = slug_id(option.name)
            yield Toggle(view, f"{label} (cost {cost})",
                         partial(has_item_ability, i, option.name),
                         at(edits.toggle_item_ability, catalog, i, option.name),
                         id=f"item-{i}-ab-{slot}", classes="item-ability")
            if option.name.casefold() in chosen and ranks is not None:
                yield NumberField(view, "  rank",
                                  partial(item_ability_rank, i, option.name, ranks.min),
                                  at(edits.set_item_ability_rank, i, option.name),
                                  minimum=ranks.min, maximum=ranks.max or RANK_CEILING,
                                  id=f"item-{i}-rank-{slot}")

    async def update_fields(self, view: OTView) -> None:
        lines = applied_effects(view.unit, view.final)
        shown = [Content.styled("Effects applied", "bold")]
        shown += [muted(f"• {line}") for line in lines] or [muted("none yet")]
        set_content(self.query_one("#applied", Static), Content("\n").join(shown))

    def add(self, option_id: str) -> None:
        item = self.view.catalog.equipment[int(option_id.split("-")[1])]
        index = len(self.view.unit.equipment)
        self.edit(edits.add_item, self.view.catalog, item.name,
                  focus=f"item-{index}-range" if item.range and item.range.max != item.range.min
                  else "item-table")


def slug_id(name: str) -> str:
    return "".join(c if c.isalnum() else "_" for c in name.casefold())
