"""Step five: equipment folds into the unit's innate values to give its final values.

Costs and most checks read the final values; folding also records what each item did,
so the tally can say why a pool holds the bumps it holds.
"""

from __future__ import annotations

from dataclasses import dataclass

from designer.systems.opentactics.catalog import SKILLS, Ability, Catalog, Item
from designer.systems.opentactics.models import AbilityChoice, Unit
from designer.tally import Issue


@dataclass(slots=True)
class Pool:
    """A final pool. `bumps` is the unit's own list until equipment changes it (copy on
    write), and `sources` stays None while every bump is innate."""

    dice: int
    bumps: list[int]
    sources: list[str] | None = None  # one per bump: "" innate, else the item's name

    def bump_sources(self) -> list[str]:
        return self.sources if self.sources is not None else [""] * len(self.bumps)

    def _own(self) -> None:
        if self.sources is None:
            self.bumps = list(self.bumps)
            self.sources = [""] * len(self.bumps)


@dataclass(slots=True)
class PickedAbility:
    """An ability the unit has, resolved against the catalog where it can be."""

    choice: AbilityChoice
    field: str
    entry: Ability | None
    source: str = ""  # the item that granted it, "" for the unit's own


@dataclass(slots=True)
class PickedType:
    name: str
    category: str
    known: bool
    index: int  # position in the unit's types

    @property
    def field(self) -> str:
        return f"types[{self.index}]"


@dataclass(slots=True)
class Final:
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
    pools = {}
    ranges = {}
    for skill in SKILLS:
        block = getattr(skills, skill)
        pools[(skill, "off")] = Pool(block.off_dice, block.off_bumps)
        pools[(skill, "def")] = Pool(block.def_dice, block.def_bumps)
        ranges[skill] = block.range
    athletics = unit.athletics
    max_bump = catalog.costs.max_bump
    abilities = [
        PickedAbility(a, f"abilities[{i}]", catalog.ability(a.name))
        for i, a in enumerate(unit.abilities)
    ]
    items: list[Item | None] = []

    for i, choice in enumerate(unit.equipment):
        where = f"equipment[{i}]"
        item = catalog.item(choice.item)
        items.append(item)
        if item is None:
            issues.append(Issue("E-ITEM-UNKNOWN", "error",
                                f"'{choice.item}' is not in the equipment table; "
                                "pick an item from `designer catalog equipment`", where))
            continue
        for bump in item.bumps:
            pool = pools[(bump.skill, bump.side)]
            pool._own()
            if choice.bumps == "raise" and pool.bumps:
                raised = pool.bumps[0] + bump.value
                if raised > max_bump:
                    issues.append(Issue(
                        "E-BUMP-RAISED", "error",
                        f"{item.name} raises the {bump.skill.title()} {bump.side.upper()} bump "
                        f"to {raised:+d}, past {max_bump:+d}; add it as a new bump instead "
                        "(bumps: new)", f"{where}.bumps"))
                pool.bumps[0] = raised
                pool.sources[0] = f"{pool.sources[0]}+{item.name}".lstrip("+")
            else:
                pool.bumps.append(bump.value)
                pool.sources.append(item.name)
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
            option = next((o for o in item.abilities
                           if catalog.ability(o.name) is catalog.ability(picked.name)), None)
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
            abilities.append(PickedAbility(picked, field_, catalog.ability(picked.name),
                                           item.name))

    types = []
    for i, choice in enumerate(unit.types):
        if choice.category is not None:
            types.append(PickedType(choice.name, choice.category, True, i))
        elif (entry := catalog.type(choice.name)) is not None:
            types.append(PickedType(entry.name, entry.category, True, i))
        else:
            types.append(PickedType(choice.name, "species", False, i))
    return Final(pools, ranges, athletics, unit.flies, abilities, types, items, issues)
