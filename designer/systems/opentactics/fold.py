"""Step five: equipment folds into the unit's innate values to give its final values.

Costs and most checks read the final values; folding also records what each item did,
so the tally can say why a pool holds the bumps it holds.

The records are NamedTuples built with `tuple.__new__`: the designer re-folds the unit at
every keypress, and this keeps a whole pricing well under the 50 µs budget.
"""

from __future__ import annotations

from typing import NamedTuple

from designer.systems.opentactics.catalog import SKILLS, Ability, Catalog, Category, Item
from designer.systems.opentactics.models import AbilityChoice, Unit
from designer.tally import Issue

_new = tuple.__new__
_ABILITY_FIELDS = tuple(f"abilities[{i}]" for i in range(32))
_EQUIPMENT_FIELDS = tuple(f"equipment[{i}]" for i in range(32))
_POOL_KEYS = tuple((s, (s, "off"), (s, "def")) for s in SKILLS)


class Pool(NamedTuple):
    """A final pool. `sources` is None while every bump is innate, else one entry per
    bump: "" for the unit's own, else the item(s) it came from."""

    dice: int
    bumps: list[int]
    sources: list[str] | None = None

    def bump_sources(self) -> list[str]:
        return self.sources if self.sources is not None else [""] * len(self.bumps)


class PickedAbility(NamedTuple):
    """An ability the unit has, resolved against the catalog where it can be."""

    choice: AbilityChoice
    field: str
    entry: Ability | None
    source: str = ""  # the item that granted it, "" for the unit's own


class PickedType(NamedTuple):
    name: str
    category: Category
    known: bool
    position: int  # in the unit's types

    @property
    def field(self) -> str:
        return f"types[{self.position}]"


class Final(NamedTuple):
    pools: dict[tuple[str, str], Pool]
    ranges: dict[str, int]
    athletics: int
    flies: bool
    abilities: list[PickedAbility]
    types: list[PickedType]
    items: list[Item | None]
    issues: list[Issue]


def fold(unit: Unit, catalog: Catalog) -> Final:
    """The unit's final values: innate plus equipment, with any problems folding found."""
    issues: list[Issue] = []
    skills = unit.skills
    pools: dict[tuple[str, str], Pool] = {}
    ranges: dict[str, int] = {}
    for skill, off_key, def_key in _POOL_KEYS:
        block = getattr(skills, skill)
        pools[off_key] = _new(Pool, (block.off_dice, block.off_bumps, None))
        pools[def_key] = _new(Pool, (block.def_dice, block.def_bumps, None))
        ranges[skill] = block.range
    athletics = unit.athletics
    lookup = catalog.ability
    abilities = [_new(PickedAbility, (a, _ABILITY_FIELDS[i], lookup(a.name), ""))
                 for i, a in enumerate(unit.abilities)]
    items: list[Item | None] = []
    if unit.equipment:
        athletics = _fold_equipment(unit, catalog, pools, ranges, abilities, items, issues)

    types: list[PickedType] = []
    add_type = types.append
    type_of = catalog.type
    for i, choice in enumerate(unit.types):
        if choice.category is not None:
            add_type(_new(PickedType, (choice.name, choice.category, True, i)))
        elif (entry := type_of(choice.name)) is not None:
            add_type(_new(PickedType, (entry.name, entry.category, True, i)))
        else:
            add_type(_new(PickedType, (choice.name, "species", False, i)))
    return _new(Final, (pools, ranges, athletics, unit.flies, abilities, types, items, issues))


def _fold_equipment(unit: Unit, catalog: Catalog, pools: dict, ranges: dict,
                    abilities: list[PickedAbility], items: list[Item | None],
                    issues: list[Issue]) -> int:
    """Apply each item in turn; returns the final athletics.

    A pool an item touches gets lists of its own (the unit's stay as they are) and a
    `sources` list saying where each bump came from.
    """
    max_bump = catalog.costs.max_bump
    athletics = unit.athletics
    for i, choice in enumerate(unit.equipment):
        where = _EQUIPMENT_FIELDS[i] if i < len(_EQUIPMENT_FIELDS) else f"equipment[{i}]"
        item = catalog.item(choice.item)
        items.append(item)
        if item is None:
            issues.append(Issue("E-ITEM-UNKNOWN", "error",
                                f"'{choice.item}' is not in the equipment table; "
                                "pick an item from `designer catalog equipment`", where))
            continue
        for bump in item.bumps:
            pool = pools[bump.key]
            if pool.sources is None:  # copy on first write
                pool = pools[bump.key] = _new(Pool, (pool.dice, list(pool.bumps),
                                                     [""] * len(pool.bumps)))
            pool_bumps, pool_sources = pool.bumps, pool.sources
            if choice.bumps == "raise" and pool_bumps:
                raised = pool_bumps[0] + bump.value
                if raised > max_bump:
                    issues.append(Issue(
                        "E-BUMP-RAISED", "error",
                        f"{item.name} raises the {bump.skill.title()} {bump.side.upper()} bump "
                        f"to {raised:+d}, past {max_bump:+d}; add it as a new bump instead "
                        "(bumps: new)", f"{where}.bumps"))
                pool_bumps[0] = raised
                pool_sources[0] = f"{pool_sources[0]}+{item.name}".lstrip("+")
            else:
                pool_bumps.append(bump.value)
                pool_sources.append(item.name)
        if item.range is not None:
            span = item.range
            if choice.range is None:
                value = span.min
                if span.max != span.min:
                    issues.append(Issue(
                        "W-ITEM-RANGE-UNSET", "warning",
                        f"{item.name} gives {span.label}; no value chosen so +{span.min} is "
                        f"used: set range: to a value from {span.min} to {span.max}",
                        f"{where}.range"))
            else:
                value = choice.range
                if not span.min <= value <= span.max:
                    issues.append(Issue(
                        "E-ITEM-RANGE", "error",
                        f"{item.name} gives {span.label}; {value} is outside it: choose "
                        f"{span.min}" + (f" to {span.max}" if span.max != span.min else ""),
                        f"{where}.range"))
            ranges[span.skill] += value
        elif choice.range is not None:
            issues.append(Issue("E-ITEM-RANGE", "error",
                                f"{item.name} gives no range; remove range: from this item",
                                f"{where}.range"))
        athletics += item.athletics
        for j, picked in enumerate(choice.abilities):
            field_ = f"{where}.abilities[{j}]"
            entry = catalog.ability(picked.name)
            option = catalog.item_option(item, entry) if entry is not None else None
            if option is None:
                offered = ", ".join(o.name for o in item.abilities) or "no abilities"
                issues.append(Issue("E-ITEM-ABILITY", "error",
                                    f"{item.name} offers {offered}, not {picked.name}; "
                                    "list other abilities under the unit's abilities",
                                    field_))
            elif option.ranks and picked.rank is not None and not option.ranks.contains(
                    picked.rank):
                issues.append(Issue("E-ITEM-ABILITY", "error",
                                    f"{item.name} gives {option.name} {option.ranks.label}; "
                                    f"rank {picked.rank} is outside it", f"{field_}.rank"))
            abilities.append(_new(PickedAbility, (picked, field_, entry, item.name)))
    return athletics
