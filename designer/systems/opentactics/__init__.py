"""OpenTactics 2nd edition: unit model, catalog, cost model and checks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from designer.errors import InputError
from designer.io import load_mapping, require_mapping, suggest, validate
from designer.systems.opentactics.catalog import Catalog, load_catalog
from designer.systems.opentactics.cost import breakdown
from designer.systems.opentactics.fold import fold
from designer.systems.opentactics.models import Unit
from designer.systems.opentactics.rules import check
from designer.tally import Tally

NAME = "opentactics"
TITLE = "OpenTactics 2nd edition"


def price(unit: Unit, catalog: Catalog) -> Tally:
    """The unit's itemised cost and every finding: a pure function of unit and catalog."""
    final = fold(unit, catalog)
    tally = Tally(unit.name, breakdown(final, catalog.costs), printed=unit.points)
    tally.issues = check(unit, final, catalog, tally.total)
    return tally


def force_rules(catalog: Catalog, units: int) -> tuple[int, int]:
    """Starting morale and activation counters of a force of `units` units."""
    costs = catalog.costs
    return min(costs.morale_base + units // 2, costs.morale_max), costs.activation_counters


def parse_unit(data: Any, catalog: Catalog, *, file: str | Path | None = None,
               field_prefix: str = "") -> Unit:
    """A unit from loaded YAML data; names the catalog cannot resolve are input errors."""
    data = require_mapping(data, "unit", file=file)
    unit = validate(Unit, data, file=file, field_prefix=field_prefix)
    _resolve_names(unit, catalog, file, field_prefix)
    return unit


def load_unit(path: str | Path, catalog: Catalog) -> Unit:
    return parse_unit(load_mapping(path, "unit"), catalog, file=path)


def _resolve_names(unit: Unit, catalog: Catalog, file: str | Path | None,
                   prefix: str) -> None:
    def where(field: str) -> str:
        return f"{prefix}.{field}" if prefix else field

    ability_names = [a.name for a in catalog.abilities]
    for i, choice in enumerate(unit.equipment):
        if catalog.item(choice.item) is None:
            hint = suggest(choice.item, [x.name for x in catalog.equipment])
            raise InputError(f"unknown item '{choice.item}'{hint}; see `designer catalog "
                             "equipment`", file=file, field=where(f"equipment[{i}].item"))
    groups = [("abilities", unit.abilities)] + [
        (f"equipment[{i}].abilities", e.abilities) for i, e in enumerate(unit.equipment)]
    for field, choices in groups:
        for j, choice in enumerate(choices):
            if not choice.custom and catalog.ability(choice.name) is None:
                hint = suggest(choice.name, ability_names)
                raise InputError(
                    f"unknown ability '{choice.name}'{hint}; a custom ability needs a cost: "
                    f"{{name: {choice.name}, cost: N, text: ...}}",
                    file=file, field=where(f"{field}[{j}]"))


__all__ = ["NAME", "TITLE", "Catalog", "Unit", "force_rules", "load_catalog", "load_unit",
           "parse_unit", "price"]
