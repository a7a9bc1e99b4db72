"""What a module allows a unit (spec §3.5, the module's limits): its upgrades and the
weapons they may modify, the weapons a profile may choose, weapons per slot and in all,
upgrade points a model, upgrade groups (how many, how many points) and the options a
whole force may take only so often. Codes are stable; each message says how to fix it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from designer.systems.openfire.catalog import Catalog
from designer.systems.openfire.fold import Figure, Taken
from designer.systems.openfire.priced import Priced, limits_for, matches
from designer.tally import Issue

Add = Callable[[Issue], None]


def _span(low: int | None, high: int | None) -> str:
    return f"{low or 0}-{high}" if high is not None else f"{low or 0}+"


def _outside(n: int, low: int | None, high: int | None) -> bool:
    return (low is not None and n < low) or (high is not None and n > high)


def check_limits(fig: Figure, catalog: Catalog, priced: Priced, add: Add) -> None:
    for taken in fig.upgrades:
        _upgrade(fig, taken, catalog, add)
    _choices(fig, add)
    _slots(fig, catalog, priced, add)


def _upgrade(fig: Figure, taken: Taken, catalog: Catalog, add: Add) -> None:
    upgrade = taken.upgrade
    if upgrade is None:
        where = catalog.title if catalog.module else "any module (the unit names none)"
        add(Issue("E-OF-UPGRADE-UNKNOWN", "error", f"upgrade '{taken.name}' is not in "
                  f"{where}; see `designer catalog upgrades --system openfire`", taken.field))
        return
    if not matches(upgrade.for_, fig):
        add(Issue("E-OF-UPGRADE-FOR", "error", f"{upgrade.name} is for "
                  f"{upgrade.for_.text()}; {fig.name} is not: remove it", taken.field))
    if taken.weapon and not any(a.name.casefold() == taken.weapon.casefold()
                                for a in fig.weapons):
        add(Issue("E-OF-UPGRADE-FOR", "error", f"{upgrade.name} names {taken.weapon}, "
                  f"which {fig.name} does not carry", taken.field))
        return
    if not upgrade.on_weapon:
        if taken.weapon:
            add(Issue("E-OF-UPGRADE-WEAPON", "error", f"{upgrade.name} changes the model, "
                      f"not a weapon: write it without weapon: {taken.weapon}", taken.field))
        return
    wanted = upgrade.for_weapon.text() if upgrade.for_weapon else "any weapon"
    if not taken.eligible:
        add(Issue("E-OF-UPGRADE-WEAPON", "error", f"{upgrade.name} modifies {wanted}; "
                  f"{fig.name} carries none it may modify: remove it or add one",
                  taken.field))
    elif taken.target is not None and taken.target not in taken.eligible:
        add(Issue("E-OF-UPGRADE-WEAPON", "error", f"{upgrade.name} modifies {wanted}; "
                  f"{taken.target} is not one: name one of {', '.join(taken.eligible)}",
                  taken.field))
    elif taken.weapon is None and len(taken.eligible) > 1:
        add(Issue("E-OF-UPGRADE-WEAPON", "error", f"{upgrade.name} modifies one weapon and "
                  f"{fig.name} carries {len(taken.eligible)} it may modify: name it, e.g. "
                  f"{{name: {upgrade.name}, weapon: {taken.eligible[0]}}}", taken.field))


def _choices(fig: Figure, add: Add) -> None:
    profile = fig.profile
    if profile is None or not profile.weapon_choices:
        return
    allowed = {n.casefold() for n in profile.weapon_choices}
    for arm in fig.weapons:
        if arm.name.casefold() not in allowed:
            add(Issue("E-OF-WEAPON-CHOICE", "error", f"{profile.name} may take only "
                      f"{', '.join(profile.weapon_choices)}; {arm.name} is not among them: "
                      "choose one of those", arm.field))


def _slots(fig: Figure, catalog: Catalog, priced: Priced, add: Add) -> None:
    used = Counter(a.slot for a in fig.weapons)
    spent = priced.upgrade_points[fig.index] if fig.index < len(priced.upgrade_points) else 0
    by_group = priced.group_points[fig.index] if fig.index < len(priced.group_points) else {}
    taken = Counter(t.upgrade.group for t in fig.upgrades if t.upgrade and t.upgrade.group)
    field = f"{fig.field}.weapons"
    for rule in limits_for(fig, catalog):
        who = rule.match.text()
        for slot, (low, high) in rule.slots.items():
            n = used.get(slot, 0)
            if _outside(n, low, high):
                add(Issue("E-OF-SLOT", "error", f"{fig.name} carries {n} {slot} weapon(s); "
                          f"{catalog.title} allows {_span(low, high)} for {who}", field))
        if rule.weapons is not None and _outside(len(fig.weapons), *rule.weapons):
            add(Issue("E-OF-WEAPON-TOTAL", "error", f"{fig.name} carries "
                      f"{len(fig.weapons)} weapon(s) in all; {catalog.title} allows "
                      f"{_span(*rule.weapons)} for {who}: add or drop one", field))
        cap = rule.upgrade_points_max
        if cap is not None and spent > cap:
            add(Issue("E-OF-UPGRADE-CAP", "error", f"{fig.name} carries {spent} points of "
                      f"upgrades; at most {cap} a model: remove one", f"{fig.field}.upgrades"))
        for group, limit in rule.groups.items():
            n = taken.get(group, 0)
            if _outside(n, *limit.count):
                add(Issue("E-OF-UPGRADE-GROUP", "error", f"{fig.name} takes {n} {group} "
                          f"upgrade(s); {catalog.title} allows {_span(*limit.count)} for "
                          f"{who}: remove one", f"{fig.field}.upgrades"))
            points = by_group.get(group, 0)
            if limit.points_max is not None and points > limit.points_max:
                add(Issue("E-OF-GROUP-CAP", "error", f"{fig.name} carries {points} points "
                          f"of {group} upgrades; at most {limit.points_max} a model: remove "
                          "one", f"{fig.field}.upgrades"))


def options_taken(figures: Iterable[tuple[Figure, int]]) -> Counter[str]:
    """How many models take each upgrade and carry each weapon (each once a model),
    from (model entry, times it is fielded) pairs; keys are 'upgrade:<name>' and
    'weapon:<name>'."""
    counts: Counter[str] = Counter()
    for fig, times in figures:
        names = {f"upgrade:{t.upgrade.name}" for t in fig.upgrades if t.upgrade}
        names |= {f"weapon:{a.name}" for a in fig.weapons if a.source == "module"}
        for name in names:
            counts[name] += fig.count * times
    return counts


def force_limits(catalog: Catalog) -> dict[str, int]:
    """The options a force may take only so often: 'upgrade:<name>' and 'weapon:<name>'
    to the most models that may."""
    module = catalog.module
    if module is None:
        return {}
    out = {f"upgrade:{u.name}": u.force_max for u in module.upgrades
           if u.force_max is not None}
    out |= {f"weapon:{w.name}": w.force_max for w in module.weapons if w.force_max is not None}
    return out


def over_limit(counts: Counter[str], limits: dict[str, int], where: str, army: str,
               field: str) -> list[Issue]:
    """E-OF-FORCE-LIMIT for each option taken by more models than the force may field."""
    out = []
    for key, most in limits.items():
        n = counts.get(key, 0)
        if n > most:
            kind, name = key.split(":", 1)
            verb = "take" if kind == "upgrade" else "carry"
            out.append(Issue("E-OF-FORCE-LIMIT", "error", f"{n} models {where} {verb} "
                             f"{name}; at most {most} in a {army}: remove {n - most}", field))
    return out
