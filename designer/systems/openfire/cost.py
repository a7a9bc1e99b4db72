"""The points of an Open Fire unit, line by line (spec §3.3).

The core defines no points. A module in `listed` mode prices each model entry at its
profile's points, each weapon at its points (a second copy at the module's multiple),
each upgrade at its points plus any surcharge; whatever it gives no points for is priced
by its fallback formula and flagged (W-OF-FORMULA-PRICED). In `formula` mode, and for a
unit without a module, a costing file prices everything.

Under a formula each model entry gives three lines: its profile, its weapons (the carried
combination) and its special rules (flat costs). A line is the per-model value rounded
half up, times the entry's count; the total is the sum of the lines.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

from designer.systems.openfire.catalog import Catalog, Match, PerModel
from designer.systems.openfire.fold import Figure, Folded
from designer.systems.openfire.formula import FormulaError
from designer.systems.openfire.value import (
    arm_value,
    carried,
    num,
    profile_value,
    round_half_up,
    rules_value,
)
from designer.tally import Issue, Line


@dataclass
class Priced:
    lines: list[Line] = field(default_factory=list)
    entry_points: list[int] = field(default_factory=list)
    issues: list[Issue] = field(default_factory=list)
    upgrade_points: list[int] = field(default_factory=list)  # per model, with surcharges
    labelled: bool = False  # the formula's full label has been printed once

    def add(self, step: str, item: str, each: int, count: int) -> int:
        total = each * count
        self.lines.append(Line(step, item, total))
        return total


def matches(m: Match, fig: Figure) -> bool:
    """Whether a model entry is one a module rule's `match` names."""
    return ((m.category is None or (fig.category or "").casefold() == m.category.casefold())
            and (m.profile is None or (fig.profile is not None
                                       and fig.profile.name.casefold() == m.profile.casefold()))
            and (m.rule is None or any(r.name.casefold() == m.rule.casefold()
                                       for r in fig.rules)))


def limits_for(fig: Figure, catalog: Catalog) -> list[PerModel]:
    rules = catalog.module.per_model if catalog.module else ()
    return [r for r in rules if matches(r.match, fig)]


def _tag(priced: Priced, catalog: Catalog) -> str:
    costing = catalog.costing
    if priced.labelled:
        return costing.costing
    priced.labelled = True
    return f"{costing.costing}: {costing.label}"


def _formula_profile(fig: Figure, catalog: Catalog, priced: Priced) -> int:
    value, parts = profile_value(fig, catalog.costing)
    each = round_half_up(value)
    text = " + ".join(p.name + " " + num(p.value) for p in parts)
    why = "; ".join(p.why for p in parts if p.why)
    return priced.add("profile", f"{fig.label}: profile [{_tag(priced, catalog)}] {text} "
                      f"= {num(value)} -> {each} ({why})", each, fig.count)


def _formula_weapons(fig: Figure, arms: list, catalog: Catalog, priced: Priced,
                     what: str = "weapons") -> int:
    if not arms:
        return 0
    costing = catalog.costing
    values = [arm_value(a, fig, costing, catalog) for a in arms]
    value, parts = carried(values, fig, costing)
    each = round_half_up(value)
    return priced.add("weapons", f"{fig.label}: {what} [{_tag(priced, catalog)}] "
                      f"{' + '.join(parts)} = {num(value)} -> {each}", each, fig.count)


def _formula_rules(fig: Figure, catalog: Catalog, priced: Priced, listed: bool) -> int:
    rules = tuple(r for r in fig.rules if not (listed and r.source.startswith("upgrade")))
    value, parts, in_formula = rules_value(rules, catalog.costing, catalog)
    if not parts and not in_formula:
        return 0
    each = round_half_up(value)
    text = ", ".join(parts) if parts else "none at a flat cost"
    if in_formula:
        text += f"; in the profile and weapons: {', '.join(in_formula)}"
    return priced.add("rules", f"{fig.label}: special rules [{_tag(priced, catalog)}] "
                      f"{text} = {num(value)} -> {each}", each, fig.count)


def _fallback(priced: Priced, fig: Figure, what: str, why: str, field: str,
              catalog: Catalog) -> None:
    name = catalog.costing.costing
    priced.issues.append(Issue(
        "W-OF-FORMULA-PRICED", "warning",
        f"{fig.name}: {what} priced by {name} because {why}; give it module points or "
        "agree the price with your opponent", field))


def _listed_entry(fig: Figure, catalog: Catalog, priced: Priced) -> int:
    module = catalog.module
    assert module is not None
    source = f"module-listed, {module.module}"
    total = 0
    profile = fig.profile
    if profile is not None and profile.points is not None and not fig.changed:
        named = "" if profile.name == fig.name else f" {profile.name}"
        total += priced.add("profile", f"{fig.label}: profile{named} [{source}] "
                            f"{profile.points}", profile.points, fig.count)
    else:
        why = ("it is not a module profile" if profile is None else
               f"it changes {profile.name}: {'; '.join(fig.changed)}" if fig.changed else
               f"{profile.name} has no points")
        _fallback(priced, fig, "profile and rules", why, fig.field, catalog)
        total += _formula_profile(fig, catalog, priced)
        total += _formula_rules(fig, catalog, priced, listed=True)
    extra = {}
    for rule in limits_for(fig, catalog):
        extra.update(rule.extra_copy_cost)
    seen: Counter[str] = Counter()
    unpriced = []
    for arm in fig.weapons:
        if arm.source != "module" or arm.points is None:
            if arm.known:
                unpriced.append(arm)
            continue
        seen[arm.name] += 1
        if seen[arm.name] > 1 and arm.slot in extra:
            factor = Fraction(repr(extra[arm.slot]))
            each = round_half_up(arm.points * factor)
            total += priced.add("weapons", f"{fig.label}: {arm.name}, copy "
                                f"{seen[arm.name]} [{source}] {arm.points} x {num(factor)}"
                                f" = {each}", each, fig.count)
        else:
            total += priced.add("weapons", f"{fig.label}: {arm.name} [{source}] "
                                f"{arm.points}", arm.points, fig.count)
    for arm in unpriced:
        why = "the module lists no points for it" if arm.source == "module" else \
            "it is not a module weapon"
        _fallback(priced, fig, f"weapon {arm.name}", why, arm.field, catalog)
    total += _formula_weapons(fig, unpriced, catalog, priced, "other weapons")
    upgrade_total = 0
    for taken in fig.upgrades:
        upgrade = taken.upgrade
        if upgrade is None:
            continue
        upgrade_total += upgrade.points
        total += priced.add("upgrades", f"{fig.label}: upgrade {upgrade.name} [{source}] "
                            f"{upgrade.points} ({upgrade.effect.text()})", upgrade.points,
                            fig.count)
        for surcharge in module.surcharges:
            hit = [a for a in fig.weapons if taken.name in a.upgraded
                   and (a.points or 0) >= surcharge.when.weapon_points_min]
            if not upgrade.effect.weapon or not hit:
                continue
            upgrade_total += surcharge.add
            total += priced.add("upgrades", f"{fig.label}: surcharge {surcharge.add:+d} "
                                f"[{source}] ({upgrade.name} changes {hit[0].name}, "
                                f"{hit[0].points} points)", surcharge.add, fig.count)
    priced.upgrade_points.append(upgrade_total)
    return total


def _formula_entry(fig: Figure, catalog: Catalog, priced: Priced) -> int:
    total = _formula_profile(fig, catalog, priced)
    total += _formula_weapons(fig, [a for a in fig.weapons if a.known], catalog, priced)
    total += _formula_rules(fig, catalog, priced, listed=False)
    for taken in fig.upgrades:
        if taken.upgrade is not None:
            priced.add("upgrades", f"{fig.label}: upgrade {taken.name} "
                       f"({taken.upgrade.effect.text()}): priced through its effect "
                       f"[{catalog.costing.costing}]", 0, fig.count)
    priced.upgrade_points.append(sum(t.upgrade.points for t in fig.upgrades if t.upgrade))
    return total


def price(folded: Folded) -> Priced:
    """Every line of the unit, each model entry's points and the fallback findings."""
    catalog = folded.catalog
    priced = Priced()
    for fig in folded.figures:
        before = len(priced.lines)
        try:
            if catalog.mode == "listed":
                _listed_entry(fig, catalog, priced)
            else:
                _formula_entry(fig, catalog, priced)
        except FormulaError as exc:  # a house costing file that divides by zero, say
            del priced.lines[before:]
            priced.issues.append(Issue("E-OF-FORMULA", "error",
                                       f"{fig.name} cannot be priced: {exc}; fix the "
                                       "costing file", fig.field))
            if len(priced.upgrade_points) <= fig.index:
                priced.upgrade_points.append(0)
        priced.entry_points.append(sum(line.points for line in priced.lines[before:]))
    return priced


@dataclass(frozen=True)
class Final:
    """A unit folded and priced: what the card, the force checks and the data exports
    draw. `entry_points` and `upgrade_points` are per model entry (upgrades: per model)."""

    folded: Folded
    entry_points: tuple[int, ...]
    upgrade_points: tuple[int, ...]

    @property
    def catalog(self) -> Catalog:
        return self.folded.catalog

    @property
    def figures(self) -> tuple[Figure, ...]:
        return self.folded.figures

    @property
    def category(self) -> str | None:
        return self.folded.category

    @property
    def models(self) -> int:
        return sum(f.count for f in self.figures)

    @property
    def source(self) -> str:
        """'module-listed' or '<formula> default' (the card's costing source)."""
        if self.catalog.mode == "listed":
            return "module-listed"
        return f"{self.catalog.costing.costing} default"
