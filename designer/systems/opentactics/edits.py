"""Edits of an OpenTactics unit for the designer: each takes a unit and returns a new one.

Units are pydantic models used as immutable snapshots: nothing here mutates its input
(lists are replaced, never changed in place), so the undo history can share them.
"""

from __future__ import annotations

from typing import Any

from designer.systems.opentactics.catalog import Catalog
from designer.systems.opentactics.cost import ability_points
from designer.systems.opentactics.fold import Final, PickedAbility
from designer.systems.opentactics.models import (
    AbilityChoice,
    EquipmentChoice,
    SkillBlock,
    TypeChoice,
    Unit,
)


def _skill(unit: Unit, skill: str, **update: Any) -> Unit:
    block: SkillBlock = getattr(unit.skills, skill)
    skills = unit.skills.model_copy(update={skill: block.model_copy(update=update)})
    return unit.model_copy(update={"skills": skills})


# --- steps one to four ---------------------------------------------------------------------


def set_name(unit: Unit, name: str) -> Unit:
    return unit.model_copy(update={"name": name.strip()})


def set_points(unit: Unit, points: int | None) -> Unit:
    return unit.model_copy(update={"points": points})


def set_dice(unit: Unit, skill: str, side: str, dice: int) -> Unit:
    return _skill(unit, skill, **{f"{side}_dice": dice})


def bumps_of(unit: Unit, skill: str, side: str) -> list[int]:
    return list(getattr(unit.skills, skill).bumps(side))


def add_bump(unit: Unit, skill: str, side: str, value: int = 1) -> Unit:
    return _skill(unit, skill, **{f"{side}_bumps": [*bumps_of(unit, skill, side), value]})


def set_bump(unit: Unit, skill: str, side: str, index: int, value: int) -> Unit:
    bumps = bumps_of(unit, skill, side)
    bumps[index] = value
    return _skill(unit, skill, **{f"{side}_bumps": bumps})


def remove_bump(unit: Unit, skill: str, side: str, index: int) -> Unit:
    bumps = bumps_of(unit, skill, side)
    del bumps[index]
    return _skill(unit, skill, **{f"{side}_bumps": bumps})


def set_range(unit: Unit, skill: str, value: int) -> Unit:
    return _skill(unit, skill, range=value)


def set_athletics(unit: Unit, value: int) -> Unit:
    return unit.model_copy(update={"athletics": value})


def set_flight(unit: Unit, flies: bool) -> Unit:
    return unit.model_copy(update={"flight": flies})


# --- step five: equipment ------------------------------------------------------------------


def _equipment(unit: Unit, items: list[EquipmentChoice]) -> Unit:
    return unit.model_copy(update={"equipment": items})


def add_item(unit: Unit, catalog: Catalog, name: str) -> Unit:
    """Carry a catalog item; a range span starts at its lowest value (a choice made, so
    no 'range unset' warning), bumps go in as new bumps."""
    item = catalog.item(name)
    if item is None:
        raise KeyError(name)
    choice = EquipmentChoice(item=item.name,
                             range=item.range.min if item.range is not None and
                             item.range.max != item.range.min else None)
    return _equipment(unit, [*unit.equipment, choice])


def remove_item(unit: Unit, index: int) -> Unit:
    items = list(unit.equipment)
    del items[index]
    return _equipment(unit, items)


def update_item(unit: Unit, index: int, **update: Any) -> Unit:
    items = list(unit.equipment)
    items[index] = items[index].model_copy(update=update)
    return _equipment(unit, items)


def toggle_item_ability(unit: Unit, catalog: Catalog, index: int, name: str,
                        on: bool) -> Unit:
    """Pick (or drop) one of an item's ability options; a ranked one starts at the
    lowest rank the item allows."""
    choice = unit.equipment[index]
    key = name.casefold()
    kept = [a for a in choice.abilities if a.name.casefold() != key]
    if on:
        item = catalog.item(choice.item)
        option = next((o for o in item.abilities if o.name.casefold() == key), None) \
            if item else None
        entry = catalog.ability(name)
        rank = None
        if option is not None and option.ranks is not None:
            rank = option.ranks.min
        elif entry is not None and entry.ranks is not None:
            rank = entry.ranks.min
        kept.append(AbilityChoice(name=entry.name if entry else name, rank=rank))
    return update_item(unit, index, abilities=kept)


def set_item_ability_rank(unit: Unit, index: int, name: str, rank: int) -> Unit:
    choice = unit.equipment[index]
    abilities = [a.model_copy(update={"rank": rank}) if a.name.casefold() == name.casefold()
                 else a for a in choice.abilities]
    return update_item(unit, index, abilities=abilities)


# --- step six: abilities -------------------------------------------------------------------


def _abilities(unit: Unit, abilities: list[AbilityChoice]) -> Unit:
    return unit.model_copy(update={"abilities": abilities})


def add_ability(unit: Unit, catalog: Catalog, name: str, rank: int | None = None) -> Unit:
    entry = catalog.ability(name)
    if entry is None:
        raise KeyError(name)
    if entry.ranks is not None and rank is None:
        rank = entry.ranks.min
    return _abilities(unit, [*unit.abilities, AbilityChoice(name=entry.name, rank=rank)])


def add_custom_ability(unit: Unit, name: str, cost: int | str, text: str | None) -> Unit:
    """A custom ability; raises pydantic's ValidationError on a bad name or cost."""
    choice = AbilityChoice.model_validate({"name": name, "cost": cost, "text": text or None})
    return _abilities(unit, [*unit.abilities, choice])


def set_ability_rank(unit: Unit, index: int, rank: int) -> Unit:
    abilities = list(unit.abilities)
    abilities[index] = abilities[index].model_copy(update={"rank": rank})
    return _abilities(unit, abilities)


def remove_ability(unit: Unit, index: int) -> Unit:
    abilities = list(unit.abilities)
    del abilities[index]
    return _abilities(unit, abilities)


def cost_if_added(final: Final, catalog: Catalog, name: str) -> tuple[int, int] | None:
    """What adding the catalog ability `name` would cost now: (its own cost at its lowest
    rank, the surcharge its position brings); None when the unit has no room for it."""
    costs = catalog.costs
    position = len(final.abilities)
    if position >= costs.max_abilities:
        return None
    entry = catalog.ability(name)
    if entry is None:
        return None
    rank = entry.ranks.min if entry.ranks is not None else None
    picked = PickedAbility(AbilityChoice(name=entry.name, rank=rank), "", entry)
    own, _how = ability_points(picked, final, costs)
    surcharges = costs.ability_surcharge
    return own, surcharges[min(position, len(surcharges) - 1)]


# --- step seven: types ---------------------------------------------------------------------


def _types(unit: Unit, types: list[TypeChoice]) -> Unit:
    return unit.model_copy(update={"types": types})


def set_type(unit: Unit, name: str, on: bool, category: str | None = None) -> Unit:
    """Add the type (at the end) or remove every type of that name."""
    key = name.casefold()
    kept = [t for t in unit.types if t.name.casefold() != key]
    if on:
        kept.append(TypeChoice(name=name.strip(), category=category))
    return _types(unit, kept)


def remove_type(unit: Unit, index: int) -> Unit:
    types = list(unit.types)
    del types[index]
    return _types(unit, types)


def custom_types(unit: Unit, catalog: Catalog) -> list[tuple[int, TypeChoice]]:
    """The unit's types that the type table does not list as they are (unknown names, or
    a category of the unit's own), with their positions."""
    out = []
    for i, t in enumerate(unit.types):
        entry = catalog.type(t.name)
        if entry is None or (t.category is not None and t.category != entry.category):
            out.append((i, t))
    return out
