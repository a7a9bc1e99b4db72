"""Edits of an Op-En character for the designer: each takes a character and returns a
new one, never changing its input (lists are replaced, not changed in place), so an
undo history can share them. Queries at the end answer what the build steps show:
the value pool, the allowance, the slots, what an entry would cost now."""

from __future__ import annotations

from typing import Any

from designer.systems.op_en.catalog import DIE_STATS, KINDS, Catalog, Form, Trait
from designer.systems.op_en.cost import Final, price
from designer.systems.op_en.models import Character, Choice, ItemChoice, Stats


def _update(unit: Character, **changes: Any) -> Character:
    return unit.model_copy(update=changes)


# --- steps one to five ---------------------------------------------------------------------


def set_name(unit: Character, name: str) -> Character:
    return _update(unit, name=name.strip())


def set_printed_cost(unit: Character, cost: int | None) -> Character:
    return _update(unit, cost=cost)


def set_rank(unit: Character, rank: int) -> Character:
    return _update(unit, rank=rank)


def set_form(unit: Character, name: str | None) -> Character:
    return _update(unit, form=name)


def set_trait(unit: Character, name: str | None) -> Character:
    """The Trait, or none."""
    return _update(unit, trait=name)


def set_core_stat(unit: Character, stat: str) -> Character:
    return _update(unit, core_stat=stat)


def set_stat(unit: Character, stat: str, value: int | None) -> Character:
    return _update(unit, stats=unit.stats.model_copy(update={stat: value}))


def swap_stats(unit: Character, a: str, b: str) -> Character:
    """Exchange two allocated values (the value pool's one move)."""
    stats = unit.stats
    return _update(unit, stats=stats.model_copy(update={a: stats.get(b), b: stats.get(a)}))


def allocate(unit: Character, catalog: Catalog) -> Character:
    """The rank's values laid out afresh: the Core value in the Core Stat, the others in
    the card's order (L964). Unchanged without a known rank or Core Stat."""
    rank = catalog.rank(unit.rank)
    if rank is None or unit.core_stat not in catalog.core.die_stats:
        return unit
    rest = [s for s in catalog.core.die_stats if s != unit.core_stat]
    values = {unit.core_stat: rank.stats.core, **dict(zip(rest, rank.stats.others,
                                                         strict=False))}
    return _update(unit, stats=Stats(**values))


def set_notes(unit: Character, notes: str) -> Character:
    return _update(unit, notes=notes)


def set_experience(unit: Character, experience: int) -> Character:
    return _update(unit, experience=max(0, experience))


# --- step six: Skills and Abilities ------------------------------------------------------


def _talent_list(kind: str) -> str:
    if kind not in ("skills", "abilities"):
        raise ValueError(f"expected skills or abilities, not {kind!r}")
    return kind


def add_talent(unit: Character, catalog: Catalog, kind: str, name: str) -> Character:
    """Take the catalog Skill or Ability `name` (kind: skills or abilities)."""
    lookup = catalog.skill if _talent_list(kind) == "skills" else catalog.ability
    entry = lookup(name)
    if entry is None:
        raise KeyError(name)
    return _update(unit, **{kind: [*getattr(unit, kind), Choice(name=entry.name)]})


def add_custom_talent(unit: Character, kind: str, name: str, *, cost: int | None = None,
                      stat: str | None = None, text: str | None = None) -> Character:
    """A custom Skill or Ability at a fixed cost or priced at a stat; pydantic's
    ValidationError on a bad name, cost or stat."""
    choice = Choice.model_validate({"name": name, "cost": cost, "stat": stat,
                                    "text": text or None})
    return _update(unit, **{kind: [*getattr(unit, _talent_list(kind)), choice]})


def remove_talent(unit: Character, kind: str, index: int) -> Character:
    chosen = list(getattr(unit, _talent_list(kind)))
    del chosen[index]
    return _update(unit, **{kind: chosen})


def set_paid(unit: Character, kind: str, index: int, paid: int | None) -> Character:
    """Fix what a campaign paid for a Skill, Ability or item (kind: skills, abilities or
    equipment), or clear it."""
    chosen = list(getattr(unit, kind))
    chosen[index] = chosen[index].model_copy(update={"paid": paid})
    return _update(unit, **{kind: chosen})


# --- step seven: Equipment ---------------------------------------------------------------


def add_item(unit: Character, catalog: Catalog, name: str) -> Character:
    item = catalog.item(name)
    if item is None:
        raise KeyError(name)
    return _update(unit, equipment=[*unit.equipment, ItemChoice(name=item.name)])


def add_custom_item(unit: Character, name: str, kind: str = "item", *,
                    cost: int | None = None, stat: str | None = None,
                    text: str | None = None) -> Character:
    choice = ItemChoice.model_validate({"name": name, "kind": kind, "cost": cost,
                                        "stat": stat, "text": text or None})
    return _update(unit, equipment=[*unit.equipment, choice])


def remove_item(unit: Character, index: int) -> Character:
    items = list(unit.equipment)
    del items[index]
    return _update(unit, equipment=items)


# --- queries -----------------------------------------------------------------------------


def forms_for(catalog: Catalog, rank: int | None) -> list[Form]:
    """The Forms open to `rank` (step three's list)."""
    return [f for f in catalog.forms if not f.ranks or rank in f.ranks]


def traits_for(catalog: Catalog, rank: int | None) -> list[Trait]:
    return [t for t in catalog.traits if not t.ranks or rank in t.ranks]


def value_pool(unit: Character, catalog: Catalog) -> list[int]:
    """The rank's values not yet placed (step four's pool); empty when all are."""
    rank = catalog.rank(unit.rank)
    if rank is None:
        return []
    pool = [rank.stats.core, *rank.stats.others]
    for stat in DIE_STATS:
        value = unit.stats.get(stat)
        if value in pool:
            pool.remove(value)
    return sorted(pool, reverse=True)


def allowance(final: Final, catalog: Catalog) -> tuple[int, int]:
    """(Skills and Abilities chosen, the rank's allowance); Form grants do not count."""
    rank = final.rank.rank if final.rank is not None else 0
    return len(final.bought), catalog.max_talents(rank)


def slots(final: Final, catalog: Catalog) -> dict[str, tuple[int, int]]:
    """Per equipment kind: (carried, allowed)."""
    limits = catalog.core.slots
    return {kind: (sum(1 for p in final.items if p.item_kind == kind), getattr(limits, kind))
            for kind in KINDS}


def cost_now(final: Final, catalog: Catalog, name: str) -> int | None:
    """What the catalog Skill, Ability or item `name` would cost at today's final stats;
    None when the catalog has no such entry (a universal skill costs 0)."""
    if catalog.universal(name) is not None:
        return 0
    entry = catalog.skill(name) or catalog.ability(name)
    if entry is not None:
        return price(entry.price, final.stats)[0]
    item = catalog.item(name)
    return price(item.cost, final.stats)[0] if item is not None else None
