"""The checks of one Op-En character (spec §1.4, §4.1): errors make it illegal, warnings
flag what is likely unmeant. Codes are stable; each message says how to fix it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from designer.systems.op_en.catalog import DIE_STATS, STATS, Catalog, Item, Talent
from designer.systems.op_en.cost import Final, Picked, price
from designer.systems.op_en.models import Character
from designer.tally import Issue

Add = Callable[[Issue], None]


def _error(code: str, message: str, field: str) -> Issue:
    return Issue(code, "error", message, field)


def _warning(code: str, message: str, field: str) -> Issue:
    return Issue(code, "warning", message, field)


def _ranks(ranks: tuple[int, ...]) -> str:
    return ", ".join(map(str, ranks))


def check(unit: Character, final: Final, catalog: Catalog) -> list[Issue]:
    out: list[Issue] = []
    _rank_and_form(unit, final, catalog, out.append)
    _stats(unit, final, catalog, out.append)
    _talents(unit, final, catalog, out.append)
    _equipment(final, catalog, out.append)
    _warnings(unit, final, catalog, out.append)
    return out


def _rank_and_form(unit: Character, final: Final, catalog: Catalog, add: Add) -> None:
    known = [r.rank for r in catalog.ranks]
    if unit.rank is None:
        add(_error("E-OPEN-RANK", f"no rank; choose one of {_ranks(tuple(known))}", "rank"))
    elif final.rank is None:
        add(_error("E-OPEN-RANK", f"Rank {unit.rank} is not in the {catalog.title} rank "
                   f"table; choose one of {_ranks(tuple(known))}", "rank"))
    if not unit.forms:
        add(_error("E-OPEN-FORM", "no Form; every character takes exactly one "
                   f"(e.g. form: {catalog.forms[0].name})", "form"))
    elif len(unit.forms) > 1:
        add(_error("E-OPEN-FORM", f"{len(unit.forms)} Forms; a character has exactly one: "
                   "keep one", "form"))
    for name in unit.forms:
        form = catalog.form(name)
        if form is None:
            add(_error("E-OPEN-FORM", f"'{name}' is not a Form of {catalog.title}; see "
                       "`designer catalog forms --system op-en`", "form"))
        elif form.ranks and unit.rank not in form.ranks:
            add(_error("E-OPEN-FORM-RANK", f"{form.name} is open to Rank "
                       f"{_ranks(form.ranks)} only; choose another Form", "form"))
    if len(unit.traits) > 1:
        add(_error("E-OPEN-TRAIT-MANY", f"{len(unit.traits)} Traits; a character may have "
                   "one at most: keep one", "trait"))
    for name in unit.traits:
        trait = catalog.trait(name)
        if trait is None:
            add(_error("E-OPEN-TALENT-UNKNOWN", f"'{name}' is not a Trait of "
                       f"{catalog.title}; choose one from `designer catalog traits`", "trait"))
        elif trait.ranks and unit.rank not in trait.ranks:
            add(_error("E-OPEN-TRAIT-RANK", f"{trait.name} is open to Rank "
                       f"{_ranks(trait.ranks)} only; choose another Trait or none", "trait"))


def _stats(unit: Character, final: Final, catalog: Catalog, add: Add) -> None:
    core = catalog.core
    if unit.core_stat is None:
        add(_error("E-OPEN-CORE-STAT", "no Core Stat; name the OF's: one of "
                   f"{', '.join(core.die_stats)}", "core_stat"))
    elif unit.core_stat not in core.die_stats:
        add(_error("E-OPEN-CORE-STAT", f"{unit.core_stat.title()} cannot be the Core Stat; "
                   f"choose one of {', '.join(core.die_stats)}", "core_stat"))
    rank = final.rank
    core_stat = unit.core_stat
    if rank is not None and core_stat is not None and core_stat in core.die_stats:
        _allocation(unit, core_stat, rank.stats.core, list(rank.stats.others),
                    core.die_stats, add)
    low, high = core.stat_range
    body_low, body_high = core.move_body_range
    for stat in STATS:
        value = final.stats[stat]
        if value is None:
            continue
        die = stat in DIE_STATS
        lo, hi = (low, high) if die else (body_low, body_high)
        field = f"stats.{stat}" if die else "form"
        if not lo <= value <= hi:
            add(_error("E-OPEN-STAT-RANGE", f"final {stat.title()} is {value}; every stat "
                       f"is {lo} to {hi}: change the allocation, Form or Trait", field))
        elif die and value not in core.die_values:
            add(_error("E-OPEN-STAT-STEP", f"final {stat.title()} is {value}; a die stat is "
                       f"one of {', '.join(map(str, core.die_values))}", field))


def _allocation(unit: Character, core_stat: str, core_value: int, others: list[int],
                die_stats: tuple[str, ...], add: Add) -> None:
    """The rank's Core value in the Core Stat, its other values across the rest (L964)."""
    given = {s: unit.stats.get(s) for s in die_stats}
    missing = [s for s, v in given.items() if v is None]
    if missing:
        add(_error("E-OPEN-STAT-ARRAY", f"{', '.join(missing)} not allocated; give every "
                   f"stat a value: {core_value} in {core_stat}, then "
                   f"{', '.join(map(str, others))}", f"stats.{missing[0]}"))
        return
    values = sorted((v for v in given.values() if v is not None), reverse=True)
    expected = sorted([core_value, *others], reverse=True)
    if values == expected:
        if given[core_stat] != core_value:
            add(_error("E-OPEN-CORE-VALUE", f"the Core Stat {core_stat} holds "
                       f"{given[core_stat]}; it takes the rank's Core value "
                       f"{core_value}: swap them", f"stats.{core_stat}"))
        return
    add(_error("E-OPEN-STAT-ARRAY", f"allocated {', '.join(map(str, values))}; this rank "
               f"gives {core_value} to {core_stat} and "
               f"{', '.join(map(str, others))} to the rest", "stats"))


def _talents(unit: Character, final: Final, catalog: Catalog, add: Add) -> None:
    bought = final.bought
    rank = unit.rank
    if rank is not None and final.rank is not None and bought:
        allowed = catalog.max_talents(rank)
        if rank == 1 and allowed == 0:
            add(_error("E-OPEN-TALENT-RANK1", f"a Rank 1 character has no Skills or "
                       f"Abilities beyond the universal ones; remove {len(bought)}",
                       bought[0].field))
        elif len(bought) > allowed:
            add(_error("E-OPEN-TALENT-COUNT", f"{len(bought)} Skills and Abilities; Rank "
                       f"{rank} takes {allowed} at creation: remove "
                       f"{len(bought) - allowed}", bought[allowed].field))
    seen: Counter[str] = Counter()
    for picked in final.talents:
        key = picked.name.casefold()
        seen[key] += 1
        if seen[key] == 2:
            how = " (the Form already grants it)" if any(
                p.granted and p.name.casefold() == key for p in final.talents) else ""
            add(_error("E-OPEN-TALENT-TWICE", f"{picked.name} is taken twice{how}; keep "
                       "one", picked.field if not picked.granted else "abilities"))
        if picked.universal:
            add(_error("E-OPEN-UNIVERSAL", f"{picked.name} is a universal skill every "
                       "character has for free; remove it", picked.field))
            continue
        if picked.custom:
            continue
        entry = picked.entry
        if entry is None:
            add(_error("E-OPEN-TALENT-UNKNOWN", f"'{picked.name}' is not a {picked.kind} of "
                       f"{catalog.title}; give it a cost to make it custom: "
                       f"{{name: {picked.name}, cost: N}}", picked.field))
        elif isinstance(entry, Talent) and entry.ranks and rank not in entry.ranks \
                and not picked.granted:
            add(_error("E-OPEN-TALENT-RANK", f"{entry.name} is open to Rank "
                       f"{_ranks(entry.ranks)} only; choose another", picked.field))


def _equipment(final: Final, catalog: Catalog, add: Add) -> None:
    slots = catalog.core.slots
    kinds = Counter(p.item_kind for p in final.items)
    for kind, count in kinds.items():
        limit = getattr(slots, kind)
        if count > limit:
            add(_error("E-OPEN-EQUIP-SLOTS", f"{count} {kind} entries; a character carries "
                       f"up to {limit}: remove {count - limit}", "equipment"))
    names = {p.name.casefold() for p in final.talents}
    copies: Counter[str] = Counter()
    for picked in final.items:
        item = picked.entry
        if picked.custom:
            continue
        if not isinstance(item, Item):
            add(_error("E-OPEN-EQUIP-UNKNOWN", f"'{picked.name}' is not in the "
                       f"{catalog.title} equipment; give it a cost to make it custom: "
                       f"{{name: {picked.name}, cost: N}}", picked.field))
            continue
        _prerequisites(item, picked, final, names, add)
        copies[item.name] += 1
        if item.once_per_of and copies[item.name] == 2:
            add(_error("E-OPEN-EQUIP-ONCE", f"{item.name} is limited to one per OF; keep "
                       "one", picked.field))


def _prerequisites(item: Item, picked: Picked, final: Final, talents: set[str],
                   add: Add) -> None:
    unmet = []
    if item.ranks and (final.rank is None or final.rank.rank not in item.ranks):
        unmet.append(f"Rank {_ranks(item.ranks)}")
    for stat, least in item.requires.minimums().items():
        if final.value(stat) < least:
            unmet.append(f"{stat.title()} {least}+ (final {final.value(stat)})")
    for name in (*item.requires.skills, *item.requires.abilities):
        if name.casefold() not in talents:
            unmet.append(name)
    if unmet:
        add(_error("E-OPEN-EQUIP-PREREQ", f"{item.name} needs {', '.join(unmet)}; meet it "
                   "or choose other equipment", picked.field))


def _warnings(unit: Character, final: Final, catalog: Catalog, add: Add) -> None:
    if not unit.traits:
        add(_warning("W-OPEN-NO-TRAIT", "no Trait: legal, but most characters take one",
                     "trait"))
    if not final.weapons:
        unarmed = catalog.unarmed
        add(_warning("W-OPEN-UNARMED", f"no weapon: fights {unarmed.name} (damage "
                     f"{unarmed.base_damage}); add a weapon unless that is the point",
                     "equipment"))
    rank = unit.rank
    if rank in (3, 4) and final.rank is not None:
        allowed = catalog.max_talents(rank)
        if len(final.bought) < allowed:
            add(_warning("W-OPEN-TALENT-UNUSED", f"{len(final.bought)} of {allowed} Skills "
                         f"or Abilities chosen; Rank {rank} may take "
                         f"{allowed - len(final.bought)} more", "skills"))
    for picked in final.talents:
        entry = picked.entry
        if isinstance(entry, Talent) and entry.counts_as == "shoot" and not final.ranged:
            add(_warning("W-OPEN-COUNTS-AS", f"{picked.name} (Shoot) counts as a Shoot "
                         "action but nothing here shoots; add a ranged weapon",
                         picked.field))
    for picked in (*final.talents, *final.items):
        choice = picked.choice
        if choice is None:
            continue
        if choice.paid is not None:
            now = _current(picked, final)
            if now is not None and now != choice.paid:
                add(_warning("W-OPEN-PAID", f"{picked.name} was paid {choice.paid}; at "
                             f"today's stats it would cost {now}: priced at {choice.paid}",
                             picked.field))
        if choice.custom:
            add(_warning("W-OPEN-CUSTOM", f"{picked.name} is custom, not from "
                         f"{catalog.title}: check its cost with your opponent",
                         picked.field))


def _current(picked: Picked, final: Final) -> int | None:
    """What the entry would cost at today's final stats."""
    choice = picked.choice
    assert choice is not None
    if choice.custom:
        return choice.cost if choice.cost is not None else final.value(choice.stat or "")
    entry = picked.entry
    if isinstance(entry, Talent):
        return price(entry.price, final.stats)[0]
    if isinstance(entry, Item):
        return price(entry.cost, final.stats)[0]
    return None
