"""The points of an Open Fire unit, line by line (spec §3.3).

The core defines no points. A module in `listed` mode prices each model entry by its
listed points (listed.py), with the formula's value beside each line; whatever it gives
no points for is priced by its fallback formula and flagged (W-OF-FORMULA-PRICED). In
`formula` mode, and for a unit without a module, a costing file prices everything.

Under a formula each model entry gives three lines: its profile, its weapons (the carried
combination) and its special rules (flat costs). A line is the per-model value rounded
half up, times the entry's count; the total is the sum of the lines.

`Final` is a NamedTuple, as the system contract's records are (contract.py says why).
"""

from __future__ import annotations

from typing import NamedTuple

from designer.systems.openfire.catalog import Catalog
from designer.systems.openfire.fold import Figure, Folded, refold
from designer.systems.openfire.formula import FormulaError
from designer.systems.openfire.listed import listed_entry
from designer.systems.openfire.priced import (
    Priced,
    charge,
    formula_profile,
    formula_rules,
    formula_weapons,
)
from designer.tally import Issue


def _formula_entry(fig: Figure, folded: Folded, priced: Priced) -> int:
    catalog = folded.catalog
    total = formula_profile(fig, catalog, priced)
    total += formula_weapons(fig, [a for a in fig.weapons if a.known], catalog, priced)
    total += formula_rules(fig, catalog, priced, listed=False)
    spent = 0
    groups: dict[str, int] = {}
    base = refold(fig, folded, upgrades=[]) if fig.upgrades else fig
    for taken in fig.upgrades:
        upgrade = taken.upgrade
        if upgrade is None:
            continue
        priced.add("upgrades", f"{fig.label}: upgrade {taken.name} "
                   f"({upgrade.effect.text()}): priced through its effect "
                   f"[{catalog.costing.costing}]", 0, fig.count)
        points = charge(upgrade, taken.target, fig, base, catalog).total
        spent += points
        if upgrade.group:
            groups[upgrade.group] = groups.get(upgrade.group, 0) + points
    priced.upgrade_points.append(spent)
    priced.group_points.append(groups)
    return total


def price(folded: Folded) -> Priced:
    """Every line of the unit, each model entry's points and the fallback findings."""
    catalog = folded.catalog
    priced = Priced()
    for fig in folded.figures:
        before, worths = len(priced.lines), len(priced.worths)
        try:
            if catalog.mode == "listed":
                listed_entry(fig, folded, priced)
            else:
                _formula_entry(fig, folded, priced)
        except FormulaError as exc:  # a house costing file that divides by zero, say
            del priced.lines[before:], priced.worths[worths:]
            priced.issues.append(Issue("E-OF-FORMULA", "error",
                                       f"{fig.name} cannot be priced: {exc}; fix the "
                                       "costing file or the module", fig.field))
        if len(priced.upgrade_points) <= fig.index:
            priced.upgrade_points.append(0)
        if len(priced.group_points) <= fig.index:
            priced.group_points.append({})
        priced.entry_points.append(sum(line.points for line in priced.lines[before:]))
    return priced


class Final(NamedTuple):
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
