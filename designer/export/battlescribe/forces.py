"""The kinds of force a catalogue offers, each stating what its system's force checks
enforce (`ForceRules.limits`) as BattleScribe constraints.

A force entry is made for each kind of force the system offers (`force_choices`: Op-En's
Core Stats, Open Fire's sizes) and for each roster's own force fields; its id comes from
the catalogue's and those fields, and its comment keeps the fields, for `designer import`
and for the next export into the folder, which keeps every force entry the catalogue
had. A limit on units becomes a category: the units it counts link to it and the force
entry's link to it carries min and max constraints. A limit on an amount (models, a
pool's points) becomes a hidden cost type the game system declares, each unit costing
its amount, constrained on the force entry. A limit that grows (`per`) gets a modifier
raising its maximum by one for every n of the other. Each constraint's comment is the
finding `designer check` gives when it is broken."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from designer.export.battlescribe.cards import make_id
from designer.export.battlescribe.documents import SystemIds, marked, sub
from designer.systems import Assessment, GameSystem, RosterFormat
from designer.systems.listing import Limit


@dataclass(frozen=True)
class ForceSpec:
    id: str
    name: str
    fields: dict[str, Any]
    limits: tuple[Limit, ...]


def force_specs(game: GameSystem, catalogue_id: str, catalogs: Sequence[Any],
                units: Sequence[Assessment],
                own: Sequence[tuple[str, Any, Mapping[str, Any]]]) -> list[ForceSpec]:
    """A force entry for each kind of force the system offers on each of `catalogs` (the
    first catalog offering one decides its limits), then one for each force of its own
    fields (name, catalog, fields: a roster's, or one the catalogue held) that is none of
    those, sorted by name (the first of a fields' names kept); every limit is worked out
    for all of `units`."""
    specs: dict[str, ForceSpec] = {}

    def spec(name: str, on: Any, fields: Mapping[str, Any]) -> ForceSpec:
        key = spec_key(fields)
        limits = game.force_rules(on, fields).limits(units)
        return ForceSpec(make_id(catalogue_id, "forceEntry", key), name, json.loads(key),
                         limits)

    roster_format = game.capability(RosterFormat)
    for catalog in catalogs:
        choices = roster_format.force_choices(catalog) if roster_format else (("", {}),)
        for label, offer in choices:
            if spec_key(offer) not in specs:
                specs[spec_key(offer)] = spec(
                    f"{game.SHORT} force" + (f" ({label})" if label else ""), catalog, offer)
    offered = len(specs)
    for name, on, fields in own:
        if spec_key(fields) not in specs:
            specs[spec_key(fields)] = spec(name, on, fields)
    listed = list(specs.values())
    return listed[:offered] + sorted(listed[offered:], key=lambda s: (s.name, s.id))


def roster_force_name(game: GameSystem, roster_name: str) -> str:
    """The name of the force entry a roster's own fields give."""
    return f"{game.SHORT} force ({roster_name})"


def spec_key(fields: Mapping[str, Any]) -> str:
    """The force fields as the key of their force entry."""
    return json.dumps(dict(fields), sort_keys=True, default=str)


def amounts(specs: Sequence[ForceSpec], unit: Assessment) -> dict[str, int]:
    """What the unit adds to each limit, by name (the first limit of a name decides)."""
    out: dict[str, int] = {}
    for spec in specs:
        for limit in spec.limits:
            if limit.name not in out:
                value = int(limit.amount(unit))
                out[limit.name] = int(value > 0) if limit.units else value
    return out


def category_names(specs: Sequence[ForceSpec]) -> list[str]:
    return list(dict.fromkeys(lim.name for s in specs for lim in s.limits if lim.units))


def cost_names(specs: Sequence[ForceSpec]) -> list[str]:
    return list(dict.fromkeys(lim.name for s in specs for lim in s.limits if not lim.units))


def force_entry(parent: ET.Element, spec: ForceSpec, ids: SystemIds, primary: tuple[str, str],
                categories: Mapping[str, str]) -> None:
    """The force entry: its comment, its amount limits, then its category links (the
    primary one, then one per limit on units)."""
    entry = sub(parent, "forceEntry", id=spec.id, name=spec.name, hidden="false")
    sub(entry, "comment").text = marked("force", {"fields": spec.fields})
    bounded = [lim for lim in spec.limits if lim.low is not None or lim.high is not None]
    on_costs = [lim for lim in bounded if not lim.units]
    _limits(entry, spec.id, on_costs, "force", lambda lim: ids.cost_type(lim.name), spec,
            ids, categories)
    links = sub(entry, "categoryLinks")
    sub(links, "categoryLink", id=make_id(spec.id, "categoryLink", "primary"),
        name=primary[1], hidden="false", targetId=primary[0], primary="false")
    for limit in (lim for lim in bounded if lim.units):
        link = sub(links, "categoryLink", id=make_id(spec.id, "categoryLink", limit.name),
                   name=limit.name, hidden="false", targetId=categories[limit.name],
                   primary="false")
        _limits(link, spec.id, [limit], "parent", lambda lim: "selections", spec, ids,
                categories)


# --- internals ---------------------------------------------------------------------------


def _limits(owner: ET.Element, spec_id: str, limits: Sequence[Limit], scope: str, field: Any,
            spec: ForceSpec, ids: SystemIds, categories: Mapping[str, str]) -> None:
    """The modifiers that raise growing maxima, then the min and max constraints."""
    if not limits:
        return
    growing = [lim for lim in limits if lim.per is not None and lim.high is not None]
    if growing:
        modifiers = sub(owner, "modifiers")
        for limit in growing:
            assert limit.per is not None
            per, other = limit.per
            units = next((lim.units for lim in spec.limits if lim.name == other), True)
            modifier = sub(modifiers, "modifier", type="increment",
                           field=_constraint_id(spec_id, limit, "max"), value=1)
            repeats = sub(modifier, "repeats")
            sub(repeats, "repeat", field="selections" if units else ids.cost_type(other),
                scope="force", value=_decimal(per), percentValue="false", shared="true",
                includeChildSelections="true", includeChildForces="false",
                childId=categories[other] if units else "any", repeats=1, roundUp="false")
    constraints = sub(owner, "constraints")
    for limit in limits:
        for kind, value in (("min", limit.low), ("max", limit.high)):
            if value is None:
                continue
            constraint = sub(constraints, "constraint", field=field(limit), scope=scope,
                             value=value, percentValue="false", shared="true",
                             includeChildSelections="true", includeChildForces="false",
                             id=_constraint_id(spec_id, limit, kind), type=kind)
            sub(constraint, "comment").text = limit.code


def _constraint_id(spec_id: str, limit: Limit, kind: str) -> str:
    return make_id(spec_id, "constraint", limit.name, kind)


def _decimal(value: Fraction | int) -> str:
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.6f}".rstrip("0")
