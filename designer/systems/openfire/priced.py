"""What pricing a unit gives (its lines, each entry's points, upgrade points a model by
group, what each priced thing is worth for the audit, and the fallback findings), the
formula's lines that both costing modes write, what an upgrade costs, and which model
entries a module rule concerns.

Its records are NamedTuples, as the system contract's are (contract.py says why); what
pricing gathers is `Priced`, a plain class whose lists the pricing fills."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

from designer.systems.openfire.catalog import Catalog
from designer.systems.openfire.fold import Arm, Figure
from designer.systems.openfire.formula import parse
from designer.systems.openfire.value import (
    arm_value,
    carried,
    num,
    profile_value,
    round_half_up,
    rules_value,
)
from designer.tally import Beside, Issue, Line

if TYPE_CHECKING:
    from designer.systems.openfire.module import Match, PerModel, Upgrade

#: the one variable an upgrade's points may use: the points of the weapon it modifies
WP = frozenset({"WP"})


class Worth(NamedTuple):
    """One priced thing of a model entry (its profile, a weapon, an added rule, an
    upgrade) with the module's points for one model (None when it lists none) and what
    the formula makes of it (None when the formula cannot say)."""

    kind: str  # profile, weapon, rule, upgrade
    name: str
    listed: int | None
    formula: Fraction | None
    entry: int  # the model entry's index


class Priced:
    """A unit's pricing as it is worked out: its lines, each model entry's points, the
    upgrade points per model (with surcharges; and by group), what each priced thing is
    worth, and the findings."""

    def __init__(self) -> None:
        self.lines: list[Line] = []
        self.entry_points: list[int] = []
        self.issues: list[Issue] = []
        self.upgrade_points: list[int] = []
        self.group_points: list[dict[str, int]] = []
        self.worths: list[Worth] = []
        self.labelled = False  # the formula's full label has been printed once

    def add(self, step: str, item: str, each: int, count: int,
            beside: Beside | None = None) -> int:
        total = each * count
        self.lines.append(Line(step, item, total, beside))
        return total


def matches(m: Match, fig: Figure) -> bool:
    """Whether a model entry is one a module rule's `match` names."""
    return ((m.category is None or (fig.category or "").casefold() == m.category.casefold())
            and (m.profile is None or (fig.profile is not None
                                       and fig.profile.name.casefold() == m.profile.casefold()))
            and (m.rule is None or any(r.name.casefold() == m.rule.casefold()
                                       for r in fig.rules))
            and (m.slot is None or any(a.slot.casefold() == m.slot.casefold()
                                       for a in fig.weapons)))


def limits_for(fig: Figure, catalog: Catalog) -> list[PerModel]:
    rules = catalog.module.per_model if catalog.module else ()
    return [r for r in rules if matches(r.match, fig)]


class Charge(NamedTuple):
    """What one upgrade costs a model: its points (worked out from WP, the modified
    weapon's points, when they are a formula) and the surcharges that apply."""

    points: int
    surcharge: int
    arm: Arm | None
    wp: int | None
    how: str  # '2', or 'WP / 2 with WP 5 = 2.5 -> 3'

    @property
    def total(self) -> int:
        return self.points + self.surcharge


def weapon_points(arm: Arm, base: Figure, catalog: Catalog) -> int:
    """WP: a weapon's listed points, else what the formula makes of it as the model
    carries it before any upgrade (`base`), rounded."""
    if arm.source == "module" and arm.points is not None:
        return arm.points
    before = next((a for a in base.weapons if a.name == arm.name), arm)
    return round_half_up(arm_value(before, base, catalog.costing, catalog).value)


def charge(upgrade: Upgrade, target: str | None, fig: Figure, base: Figure,
           catalog: Catalog) -> Charge:
    """The points of `upgrade` taken by one model of `fig` (`base`: the entry without
    its upgrades), modifying the weapon named `target` when it is a weapon
    modification."""
    arm = next((a for a in fig.weapons if a.name == target), None) \
        if upgrade.on_weapon else None
    wp = weapon_points(arm, base, catalog) if arm is not None else None
    if isinstance(upgrade.points, int):
        points, how = upgrade.points, str(upgrade.points)
    else:
        value = parse(upgrade.points, WP)({"WP": wp or 0})
        points = round_half_up(value)
        how = f"{upgrade.points} with WP {wp or 0} = {num(value)} -> {points}"
    module = catalog.module
    surcharge = sum(s.add for s in (module.surcharges if module else ())
                    if wp is not None and wp >= s.when.weapon_points_min)
    return Charge(points, surcharge, arm, wp, how)


def tag(priced: Priced, catalog: Catalog) -> str:
    costing = catalog.costing
    if priced.labelled:
        return costing.costing
    priced.labelled = True
    return f"{costing.costing}: {costing.label}"


def formula_profile(fig: Figure, catalog: Catalog, priced: Priced) -> int:
    value, parts = profile_value(fig, catalog.costing)
    each = round_half_up(value)
    text = " + ".join(p.name + " " + num(p.value) for p in parts)
    why = "; ".join(p.why for p in parts if p.why)
    return priced.add("profile", f"{fig.label}: profile [{tag(priced, catalog)}] {text} "
                      f"= {num(value)} -> {each} ({why})", each, fig.count)


def formula_weapons(fig: Figure, arms: list[Arm], catalog: Catalog, priced: Priced,
                    what: str = "weapons") -> int:
    if not arms:
        return 0
    costing = catalog.costing
    values = [arm_value(a, fig, costing, catalog) for a in arms]
    value, parts = carried(values, fig, costing)
    each = round_half_up(value)
    return priced.add("weapons", f"{fig.label}: {what} [{tag(priced, catalog)}] "
                      f"{' + '.join(parts)} = {num(value)} -> {each}", each, fig.count)


def formula_rules(fig: Figure, catalog: Catalog, priced: Priced, listed: bool) -> int:
    rules = tuple(r for r in fig.rules if not (listed and r.source.startswith("upgrade")))
    value, parts, in_formula = rules_value(rules, catalog.costing, catalog)
    if not parts and not in_formula:
        return 0
    each = round_half_up(value)
    text = ", ".join(parts) if parts else "none at a flat cost"
    if in_formula:
        text += f"; in the profile and weapons: {', '.join(in_formula)}"
    return priced.add("rules", f"{fig.label}: special rules [{tag(priced, catalog)}] "
                      f"{text} = {num(value)} -> {each}", each, fig.count)


def fallback(priced: Priced, fig: Figure, what: str, why: str, field: str,
             catalog: Catalog) -> None:
    name = catalog.costing.costing
    priced.issues.append(Issue(
        "W-OF-FORMULA-PRICED", "warning",
        f"{fig.name}: {what} priced by {name} because {why}; give it module points or "
        "agree the price with your opponent", field))
