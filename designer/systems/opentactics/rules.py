"""The checks of a unit (README, "The cost model"): errors make a unit illegal, warnings
flag what is likely unmeant.

Every finding has a stable code (tests, JSON output and users rely on them) and a message
that says how to fix it.
"""

from __future__ import annotations

from designer.systems.opentactics.catalog import SKILLS, Catalog
from designer.systems.opentactics.fold import Final
from designer.systems.opentactics.models import Unit
from designer.tally import Issue

SKILL_NAMES = {s: s.title() for s in SKILLS}


def _pool_field(skill: str, side: str, what: str) -> str:
    return f"skills.{skill}.{side}_{what}"


def check(unit: Unit, final: Final, catalog: Catalog, total: int) -> list[Issue]:
    costs = catalog.costs
    out: list[Issue] = list(final.issues)
    err = out.append
    max_dice = costs.max_dice

    valid_bumps = costs.bump_set
    skills = unit.skills
    for skill in SKILLS:
        block = getattr(skills, skill)
        if not (0 <= block.off_dice <= max_dice and 0 <= block.def_dice <= max_dice
                and valid_bumps.issuperset(block.off_bumps)
                and valid_bumps.issuperset(block.def_bumps) and block.range >= 0):
            _check_skill(skill, block, costs, err)
    for (pool_skill, side), pool in final.pools.items():
        if pool.bumps and pool.dice <= 0:
            from_items = any(pool.bump_sources())
            err(Issue("E-BUMP-NO-DICE", "error",
                      f"{pool_skill.title()} {side.upper()} has bumps but no dice; add a die "
                      "or remove the bump" + (" (it comes from equipment)" if from_items else ""),
                      _pool_field(pool_skill, side, "bumps")))

    if unit.athletics < 0:
        err(Issue("E-ATHLETICS", "error",
                  f"athletics is {unit.athletics}; it cannot be below 0", "athletics"))
    elif final.athletics < 0:
        err(Issue("E-ATHLETICS", "error",
                  f"equipment takes athletics to {final.athletics}; it cannot be below 0",
                  "athletics"))

    _check_abilities(final, catalog, total, err)
    _warn(unit, final, catalog, out.append)
    return out


def _check_skill(skill: str, block, costs, err) -> None:
    """The findings of one skill's own dice, bumps and range (only run when one is off)."""
    max_dice = costs.max_dice
    for side, dice, bumps in (("off", block.off_dice, block.off_bumps),
                              ("def", block.def_dice, block.def_bumps)):
        if not 0 <= dice <= max_dice:
            err(Issue("E-DICE", "error",
                      f"{skill.title()} {side.upper()} has {dice} dice; a pool holds "
                      f"0 to {max_dice}", _pool_field(skill, side, "dice")))
        for k, bump in enumerate(bumps):
            if bump not in costs.bumps:
                err(Issue("E-BUMP", "error",
                          f"a {bump:+d} bump is not allowed; use one of "
                          + ", ".join(f"{b:+d}" for b in costs.bump_values),
                          f"{_pool_field(skill, side, 'bumps')}[{k}]"))
    if block.range < 0:
        err(Issue("E-RANGE", "error",
                  f"{skill.title()} range is {block.range}; it cannot be below 0",
                  f"skills.{skill}.range"))


def _check_abilities(final: Final, catalog: Catalog, total: int, err) -> None:
    costs = catalog.costs
    if len(final.abilities) > costs.max_abilities:
        err(Issue("E-ABILITY-COUNT", "error",
                  f"{len(final.abilities)} abilities; a unit may have at most "
                  f"{costs.max_abilities} (equipment picks count too): remove "
                  f"{len(final.abilities) - costs.max_abilities}", "abilities"))
    seen: set[str] = set()
    for picked in final.abilities:
        choice, entry = picked.choice, picked.entry
        key = (entry.name if entry and not choice.custom else choice.name).casefold()
        if key in seen:
            err(Issue("E-ABILITY-TWICE", "error",
                      f"{choice.name} is taken twice; keep one", picked.field))
        seen.add(key)
        if choice.custom:
            continue
        if entry is None:
            err(Issue("E-ABILITY-UNKNOWN", "error",
                      f"'{choice.name}' is not in the catalog; give it a cost and text to "
                      f"make it custom: {{name: {choice.name}, cost: N, text: ...}}",
                      picked.field))
            continue
        if entry.ranks is None:
            if choice.rank is not None:
                err(Issue("E-RANK-UNRANKED", "error",
                          f"{entry.name} is not ranked; remove rank: {choice.rank}",
                          f"{picked.field}.rank"))
        elif choice.rank is None:
            err(Issue("E-RANK-MISSING", "error",
                      f"{entry.name} is ranked {entry.ranks.label}; write "
                      f"{{name: {entry.name}, rank: {entry.ranks.min}}}", picked.field))
        elif not entry.ranks.contains(choice.rank):
            err(Issue("E-RANK", "error",
                      f"{entry.name} takes a rank of {entry.ranks.label}, not {choice.rank}",
                      f"{picked.field}.rank"))
        if entry.name == "One of Many" and total > costs.one_of_many_max_points:
            err(Issue("E-ONE-OF-MANY", "error",
                      f"One of Many is only for units of {costs.one_of_many_max_points} "
                      f"points or less; this one costs {total}", picked.field))


def _warn(unit: Unit, final: Final, catalog: Catalog, warn) -> None:
    costs = catalog.costs
    pools = final.pools
    for skill in SKILLS:
        off = pools[(skill, "off")].dice
        rng = final.ranges[skill]
        name = SKILL_NAMES[skill]
        if off > 0 and rng <= 0:
            warn(Issue("W-OFF-NO-RANGE", "warning",
                       f"{name} has OFF dice but range 0, so it can never assault with "
                       f"them; give {name} a range of 1 or more, or drop the OFF dice",
                       f"skills.{skill}.range"))
        elif rng > 0 and off <= 0:
            warn(Issue("W-RANGE-NO-OFF", "warning",
                       f"{name} range {rng} with no OFF dice buys nothing; set the range to "
                       f"0 or add {name} OFF dice", f"skills.{skill}.range"))
        own = unit.skills.of(skill).range
        if own > costs.max_range:
            warn(Issue("W-RANGE-HIGH", "warning",
                       f"{name} range {own} is far past the rulebook's examples (at most "
                       f"{costs.max_range} before equipment); lower it unless it is meant",
                       f"skills.{skill}.range"))
        if pools[(skill, "def")].dice <= 0:
            warn(Issue("W-DEF-ZERO", "warning",
                       f"{name} DEF has no dice, so the unit loses every {name} assault "
                       "against it; add a DEF die unless that is the point",
                       f"skills.{skill}.def_dice"))

    tactical = [t for t in final.types if t.category == "tactical"]
    if not tactical:
        warn(Issue("W-TACTICAL-NONE", "warning",
                   "no tactical type; add one of Infantry, Cavalry, Monster, Vehicle, "
                   "Behemoth", "types"))
    elif len(tactical) > 1:
        warn(Issue("W-TACTICAL-MANY", "warning",
                   f"{len(tactical)} tactical types ({', '.join(t.name for t in tactical)}); "
                   "a unit has one: keep one", "types"))

    melee_r, tech_r = unit.skills.melee.range, unit.skills.technical.range
    if unit.skills.technical.off_dice > 0 and abs(tech_r - melee_r) > \
            costs.technical_melee_range_gap:
        warn(Issue("W-TECH-RANGE", "warning",
                   f"Technical range {tech_r} is far from Melee range {melee_r}; the rulebook "
                   "keeps them alike (equipment may add Technical range)",
                   "skills.technical.range"))
    arcane = unit.skills.arcane
    ceiling = costs.arcane_range_per_off_die * arcane.off_dice
    if arcane.off_dice > 0 and arcane.range > ceiling:
        warn(Issue("W-ARCANE-RANGE", "warning",
                   f"Arcane range {arcane.range} is above {costs.arcane_range_per_off_die} × "
                   f"{arcane.off_dice} Arcane OFF dice = {ceiling}; lower it or add OFF dice",
                   "skills.arcane.range"))

    by_kind: dict[tuple[str, str], list[str]] = {}
    kinds = [item.kind for item in final.items if item is not None]
    stackable = len(kinds) > 1 and (kinds.count("weapon") > 1 or kinds.count("armour") > 1)
    for item in final.items if stackable else ():
        if item is not None and item.kind in ("weapon", "armour"):
            for modified_skill in item.modified_skills:
                by_kind.setdefault((item.kind, modified_skill), []).append(item.name)
    stacked: dict[tuple[str, ...], tuple[str, list[str]]] = {}
    for (kind, modified_skill), names in by_kind.items():
        if len(names) > 1:
            stacked.setdefault(tuple(names), (kind, []))[1].append(modified_skill.title())
    for items, (kind, modified) in stacked.items():
        warn(Issue("W-ITEM-STACK", "warning",
                   f"{' and '.join(items)} both modify {' and '.join(modified)}; the rulebook "
                   f"says not to stack {kind}s: keep the better one", "equipment"))

    if unit.athletics > costs.max_athletics:
        warn(Issue("W-ATHLETICS-HIGH", "warning",
                   f"athletics {unit.athletics} is far past the rulebook's examples (a "
                   f"horse has 8 to 10; at most {costs.max_athletics} before equipment); "
                   "lower it unless it is meant", "athletics"))

    for picked in final.types:
        if not picked.known:
            warn(Issue("W-TYPE-UNKNOWN", "warning",
                       f"'{picked.name}' is not in the type table, so it counts as a free "
                       f"species; declare it as {{name: {picked.name}, category: species}} "
                       "(or another category) to silence this", picked.field))
