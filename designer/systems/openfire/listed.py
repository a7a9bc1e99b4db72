"""A model entry priced by its module's listed points (spec §3.3, `listed` mode): the
profile, any rule with listed points the entry adds, each weapon (a second copy, or any
weapon of a slot after the first, at the module's multiple), each upgrade (its points,
or a formula of the modified weapon's, plus surcharges). What the module gives no points
for is priced by the fallback formula and flagged.

Beside each listed line stands what the formula (cc1) makes of the same thing, exact,
so a module's departures from it show: the profile and its rules, and each weapon's
share of the weapons as carried, are measured on the entry without upgrades or added
rules; an added rule or an upgrade is what the entry's value loses without it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import TypeVarTuple

from designer.systems.openfire.catalog import Catalog
from designer.systems.openfire.fold import Figure, Folded, refold
from designer.systems.openfire.formula import FormulaError
from designer.systems.openfire.priced import (
    Priced,
    Worth,
    charge,
    fallback,
    formula_profile,
    formula_rules,
    formula_weapons,
    limits_for,
)
from designer.systems.openfire.value import (
    arm_value,
    entry_worth,
    num,
    profile_value,
    round_half_up,
    rules_value,
    shares,
)
from designer.tally import Beside

Ts = TypeVarTuple("Ts")

WHICH = {"later": "taken after", "cheaper": "cheaper than", "dearer": "dearer than"}


def _exact(work: Callable[[*Ts], Fraction], *args: *Ts) -> Fraction | None:
    """`work(*args)`, a formula value, or None when the costing file cannot work it out
    (the listed points still stand)."""
    try:
        return work(*args)
    except FormulaError:
        return None


class _Entry:
    """One entry being priced: its lines' source tag and the figures beside them."""

    def __init__(self, fig: Figure, folded: Folded, priced: Priced) -> None:
        self.fig, self.folded, self.priced = fig, folded, priced
        self.catalog: Catalog = folded.catalog
        module = self.catalog.module
        assert module is not None
        self.source = f"module-listed, {module.module}"
        self.label = self.catalog.costing.costing
        self.bare = self._bare()

    def refold(self, **changes: object) -> Figure:
        return refold(self.fig, self.folded, **changes)

    def _bare(self) -> Figure:
        """The entry without its upgrades and the listed rules it adds."""
        fig = self.fig
        own = [r for r in fig.entry.special if not _listed_rule(self.catalog, r.name)]
        if not fig.upgrades and len(own) == len(fig.entry.special):
            return fig
        return self.refold(upgrades=[], special=own)

    def worth(self, fig: Figure) -> Fraction:
        return entry_worth(fig, self.catalog.costing, self.catalog)

    def add(self, kind: str, name: str, step: str, item: str, each: int,
            formula: Fraction | None, listed: int | None = None) -> int:
        """A line of `each` points a model, `item` following the model's label, with
        the formula's value beside it; what is recorded for the audit is `listed`
        (default: `each`)."""
        fig = self.fig
        beside = None if formula is None else Beside(self.label, formula * fig.count)
        self.priced.worths.append(Worth(kind, name, each if listed is None else listed,
                                        formula, fig.index))
        return self.priced.add(step, f"{fig.label}: {item}", each, fig.count, beside)


def _listed_rule(catalog: Catalog, name: str) -> bool:
    rule = catalog.rule(name)
    return rule is not None and rule.points is not None


def listed_entry(fig: Figure, folded: Folded, priced: Priced) -> int:
    entry = _Entry(fig, folded, priced)
    return _profile(entry) + _weapons(entry) + _upgrades(entry)


def _profile(e: _Entry) -> int:
    fig, catalog, priced = e.fig, e.catalog, e.priced
    profile = fig.profile
    costing = catalog.costing
    if profile is None or profile.points is None or fig.changed:
        why = ("it is not a module profile" if profile is None else
               f"it changes {profile.name}: {'; '.join(fig.changed)}" if fig.changed else
               f"{profile.name} has no points")
        fallback(priced, fig, "profile and rules", why, fig.field, catalog)
        if profile is not None:
            rules = tuple(r for r in fig.rules if not r.source.startswith("upgrade"))
            priced.worths.append(Worth("profile", profile.name, None, _exact(
                lambda: profile_value(fig, costing)[0] + rules_value(
                    rules, costing, catalog)[0]), fig.index))
        return (formula_profile(fig, catalog, priced)
                + formula_rules(fig, catalog, priced, listed=True))
    bare = e.bare
    named = "" if profile.name == fig.name else f" {profile.name}"
    worth = _exact(lambda: profile_value(bare, costing)[0]
                   + rules_value(bare.rules, costing, catalog)[0])
    total = e.add("profile", profile.name, "profile",
                  f"profile{named} [{e.source}] {profile.points}", profile.points, worth)
    for rule in fig.rules:
        definition = rule.definition
        if rule.source != "own" or definition is None or definition.points is None:
            continue
        kept = [r for r in fig.entry.special if catalog.rule(r.name) is not definition]
        total += e.add("rule", definition.name, "rules",
                       f"rule {rule.label} [{e.source}] {definition.points}",
                       definition.points,
                       _exact(lambda kept: e.worth(fig) - e.worth(e.refold(special=kept)), kept))
    return total


def _extras(e: _Entry) -> dict[int, tuple[Fraction, str]]:
    """The weapons that cost a multiple of their points, by index: (factor, why)."""
    fig = e.fig
    copies: dict[str, float] = {}
    extra: dict[str, float] = {}
    which = "later"
    for rule in limits_for(fig, e.catalog):
        copies.update(rule.extra_copy_cost)
        extra.update(rule.extra_weapon_cost)
        if rule.extra_weapon_cost:
            which = rule.extra_weapon_is
    listed = [i for i, a in enumerate(fig.weapons)
              if a.source == "module" and a.points is not None]
    out: dict[int, tuple[Fraction, str]] = {}
    seen: Counter[str] = Counter()
    for i in listed:
        arm = fig.weapons[i]
        seen[arm.name] += 1
        if seen[arm.name] > 1 and arm.slot in copies:
            out[i] = (Fraction(repr(copies[arm.slot])), f"copy {seen[arm.name]}")
    for slot, factor in extra.items():
        mine = [i for i in listed if fig.weapons[i].slot == slot]
        if len(mine) < 2:
            continue
        points = {i: fig.weapons[i].points or 0 for i in mine}
        first = {"later": mine[0], "cheaper": max(mine, key=points.__getitem__),
                 "dearer": min(mine, key=points.__getitem__)}[which]
        for i in mine:
            if i != first:
                out[i] = (Fraction(repr(factor)), f"extra {slot} weapon, "
                          f"{WHICH[which]} {fig.weapons[first].name}")
    return out


def _weapons(e: _Entry) -> int:
    fig, catalog, bare = e.fig, e.catalog, e.bare
    costing = catalog.costing

    def share_values() -> list[Fraction]:
        values = [arm_value(a, bare, costing, catalog) for a in bare.weapons if a.known]
        weights = shares(values, bare, costing)
        known = iter(w * v.value for w, v in zip(weights, values, strict=True))
        return [next(known) if a.known else Fraction(0) for a in bare.weapons]

    parts: list[Fraction | None]
    try:  # once: the shares weigh every weapon's value, the costliest work of a price
        parts = list(share_values())
    except FormulaError:  # the costing file cannot work them out: the listed points stand
        parts = [None] * len(fig.weapons)
    extras = _extras(e)
    total = 0
    unpriced = []
    for i, arm in enumerate(fig.weapons):
        if arm.source != "module" or arm.points is None:
            if arm.known:
                unpriced.append(arm)
            continue
        if i in extras:
            factor, why = extras[i]
            each = round_half_up(arm.points * factor)
            total += e.add("weapon", arm.name, "weapons", f"{arm.name}, {why} [{e.source}] "
                           f"{arm.points} x {num(factor)} = {each}", each, parts[i])
        else:
            total += e.add("weapon", arm.name, "weapons", f"{arm.name} [{e.source}] "
                           f"{arm.points}", arm.points, parts[i])
    for arm in unpriced:
        why = "the module lists no points for it" if arm.source == "module" else \
            "it is not a module weapon"
        fallback(e.priced, fig, f"weapon {arm.name}", why, arm.field, catalog)
        if arm.source == "module":
            e.priced.worths.append(Worth("weapon", arm.name, None, _exact(
                lambda arm: arm_value(arm, fig, costing, catalog).value, arm), fig.index))
    return total + formula_weapons(fig, unpriced, catalog, e.priced, "other weapons")


def _upgrades(e: _Entry) -> int:
    fig, catalog, priced = e.fig, e.catalog, e.priced
    total, spent = 0, 0
    groups: dict[str, int] = {}
    full = _exact(lambda: e.worth(fig)) if fig.upgrades else None
    for n, taken in enumerate(fig.upgrades):
        upgrade = taken.upgrade
        if upgrade is None:
            continue
        cost = charge(upgrade, taken.target, fig, e.bare, catalog)
        others = [u for k, u in enumerate(fig.entry.upgrades) if k != n]
        formula = None if full is None else _exact(
            lambda others: full - e.worth(e.refold(upgrades=others)), others)
        onto = f" on {cost.arm.name}" if cost.arm is not None else ""
        total += e.add("upgrade", upgrade.name, "upgrades",
                       f"upgrade {upgrade.name}{onto} [{e.source}] {cost.how} "
                       f"({upgrade.effect.text()})", cost.points, formula, cost.total)
        if cost.surcharge and cost.arm is not None:
            total += priced.add("upgrades", f"{fig.label}: surcharge {cost.surcharge:+d} "
                                f"[{e.source}] ({upgrade.name} modifies {cost.arm.name}, "
                                f"{cost.wp} points)", cost.surcharge, fig.count)
        spent += cost.total
        if upgrade.group:
            groups[upgrade.group] = groups.get(upgrade.group, 0) + cost.total
    priced.upgrade_points.append(spent)
    priced.group_points.append(groups)
    return total
