"""Final values and costs of an Op-En character (spec §1.3, core rules L950-1017).

`fold` applies the Form and Trait to the allocated stats and prices every Skill, Ability
and item at the final value of its stat (or its fixed cost, or what a campaign `paid:`);
`breakdown` itemises the Total Cost:

    Total = Rank Cost + Form + Trait + Skills + Abilities + Equipment       (L1008)
    Rank Cost = the rank's Cost + the sum of the eight final stats          (L950, L974)

The stat total is a cost unless the setting says `stat_total_is_cost: false`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from designer.systems.op_en.catalog import (
    STATS,
    Catalog,
    Cost,
    Form,
    Item,
    Rank,
    StatCost,
    Talent,
    Trait,
    UniversalSkill,
)
from designer.systems.op_en.models import Character, Choice, ItemChoice
from designer.tally import Line


@dataclass(frozen=True, slots=True)
class Picked:
    """A Skill, Ability or item on the character, with its price and how it was set."""

    kind: str  # skill, ability, item
    name: str
    field: str  # where the file names it ("skills[0]"; "form" for a Form's grant)
    choice: Choice | None  # None when a Form grants it
    entry: Talent | Item | UniversalSkill | None  # None for a custom or unknown one
    price: int
    how: str  # "Fight 12", "fixed", "paid 8", "with Marsh Hulk", "universal"
    source: str = ""  # the Form that grants it

    @property
    def custom(self) -> bool:
        return self.choice is not None and self.choice.custom

    @property
    def granted(self) -> bool:
        return self.choice is None

    @property
    def universal(self) -> bool:
        return isinstance(self.entry, UniversalSkill)

    @property
    def bought(self) -> bool:
        """Counts against the rank's allowance and once per OF (L978, L988)."""
        return not self.granted and not self.universal

    @property
    def item_kind(self) -> str:
        if isinstance(self.entry, Item):
            return self.entry.kind
        if isinstance(self.choice, ItemChoice) and self.choice.kind:
            return self.choice.kind
        return "item"


@dataclass(frozen=True)
class Final:
    """The character after Form and Trait: the eight final stats (None where nothing
    was allocated or no Form gives Move and Body), its talents and items priced."""

    rank: Rank | None
    forms: tuple[Form, ...]
    traits: tuple[Trait, ...]
    stats: dict[str, int | None]
    skills: tuple[Picked, ...]
    abilities: tuple[Picked, ...]
    items: tuple[Picked, ...]
    ar: int
    ar_parts: tuple[str, ...]
    cr: int
    cr_parts: tuple[str, ...]
    catalog: Catalog = field(repr=False, compare=False)

    def value(self, stat: str) -> int:
        return self.stats.get(stat) or 0

    @property
    def form(self) -> Form | None:
        return self.forms[0] if self.forms else None

    @property
    def talents(self) -> tuple[Picked, ...]:
        return self.skills + self.abilities

    @property
    def bought(self) -> tuple[Picked, ...]:
        return tuple(p for p in self.talents if p.bought)

    @property
    def weapons(self) -> tuple[Picked, ...]:
        return tuple(p for p in self.items if p.item_kind == "weapon")

    @property
    def ranged(self) -> bool:
        return any(isinstance(p.entry, Item) and p.entry.attack == "ranged"
                   for p in self.weapons)

    @property
    def tokens(self) -> int:
        return sum(p.entry.tokens for p in self.talents if isinstance(p.entry, Talent))

    def weapon_cr(self, item: Item) -> int:
        """A Reach weapon's own Combat Range (L187-189); others use the character's."""
        return max(self.cr, item.reach) if item.reach else self.cr


def final_stats(unit: Character, forms: tuple[Form, ...], traits: tuple[Trait, ...]
                ) -> dict[str, int | None]:
    """Allocated stats, Move and Body from the Form, then every Form and Trait modifier."""
    stats: dict[str, int | None] = {s: unit.stats.get(s) for s in STATS}
    first = forms[0] if forms else None
    stats["move"] = first.move if first else None
    stats["body"] = first.body if first else None
    sources: tuple[Form | Trait, ...] = (*forms, *traits)
    for source in sources:
        for stat, change in source.modifiers.items():
            now = stats[stat]
            if now is not None:
                stats[stat] = now + change
    return stats


def price(cost: Cost, stats: dict[str, int | None]) -> tuple[int, str]:
    """A cost in points and how it was set: 'Fight 12' or 'fixed'."""
    if isinstance(cost, StatCost):
        value = stats.get(cost.stat) or 0
        return value, f"{cost.stat.title()} {value}"
    return cost, "fixed"


def _priced(choice: Choice, cost: Cost | None, stats: dict[str, int | None]
            ) -> tuple[int, str]:
    if choice.custom:
        cost = choice.cost if choice.cost is not None else StatCost(stat=choice.stat)
    if choice.paid is not None:
        return choice.paid, f"paid {choice.paid}"
    if cost is None:
        return 0, "unknown"
    return price(cost, stats)


def fold(unit: Character, catalog: Catalog) -> Final:
    rank = catalog.rank(unit.rank)
    forms = tuple(f for f in (catalog.form(n) for n in unit.forms) if f is not None)
    traits = tuple(t for t in (catalog.trait(n) for n in unit.traits) if t is not None)
    stats = final_stats(unit, forms, traits)

    skills = []
    for i, choice in enumerate(unit.skills):
        entry = None if choice.custom else (catalog.skill(choice.name)
                                            or catalog.universal(choice.name))
        if isinstance(entry, UniversalSkill):
            skills.append(Picked("skill", entry.name, f"skills[{i}]", choice, entry, 0,
                                 "universal"))
            continue
        points, how = _priced(choice, entry.price if entry else None, stats)
        skills.append(Picked("skill", entry.name if entry else choice.name, f"skills[{i}]",
                             choice, entry, points, how))
    abilities = []
    for i, choice in enumerate(unit.abilities):
        ability = None if choice.custom else catalog.ability(choice.name)
        points, how = _priced(choice, ability.price if ability else None, stats)
        abilities.append(Picked("ability", ability.name if ability else choice.name,
                                f"abilities[{i}]", choice, ability, points, how))
    for form in forms:
        for name in form.grants:
            granted = catalog.ability(name)
            abilities.append(Picked("ability", granted.name if granted else name, "form",
                                    None, granted, 0, f"with {form.name}", form.name))
    items = []
    for i, choice in enumerate(unit.equipment):
        item = None if choice.custom else catalog.item(choice.name)
        points, how = _priced(choice, item.cost if item else None, stats)
        items.append(Picked("item", item.name if item else choice.name, f"equipment[{i}]",
                            choice, item, points, how))

    core = catalog.core
    ar_base = stats.get(core.ar_stat) or 0
    ar_parts = [f"{core.ar_stat.title()} {ar_base}"]
    cr_parts = [f"base {core.cr_base}"] if core.cr_base else []
    ar, cr = ar_base, core.cr_base
    sources = [*traits, *(p.entry for p in (*skills, *abilities, *items)
                          if isinstance(p.entry, (Talent, Item)))]
    for source in sources:
        if source.ar:
            ar += source.ar
            ar_parts.append(f"{source.name} {source.ar:+d}")
        if source.cr:
            cr += source.cr
            cr_parts.append(f"{source.name} {source.cr:+d}")
    return Final(rank, forms, traits, stats, tuple(skills), tuple(abilities), tuple(items),
                 ar, tuple(ar_parts), cr, tuple(cr_parts), catalog)


def breakdown(final: Final, catalog: Catalog) -> list[Line]:
    """The Total Cost line by line, each under its build step."""
    lines: list[Line] = []
    if final.rank is not None:
        lines.append(Line("rank", final.rank.label, final.rank.cost))
    lines += [Line("form", f"Form: {f.name}", f.cost) for f in final.forms]
    if catalog.core.stat_total_is_cost:
        values = [v for s in STATS if (v := final.stats[s]) is not None]
        lines.append(Line("stats", "Stat total " + "+".join(map(str, values)), sum(values)))
    lines += [Line("trait", f"Trait: {t.name}", t.cost) for t in final.traits]
    for picked in final.talents:
        lines.append(Line("talents", f"{picked.kind.title()}: {picked.name} ({picked.how})",
                          picked.price))
    lines += [Line("equipment", f"{p.name} ({p.how})", p.price) for p in final.items]
    return lines
