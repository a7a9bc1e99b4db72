"""An Open Fire force: its own fields beside the generic roster (the module, a size
preset), its checks and its facts (spec §3.4).

The core sets no force rules [170]: the generic roster checks the total against the
points cap (E-OF-CAP) and each unit is one activation a round [260]. Everything else is
the module's: size presets (points and a model count), points pools, category counts and
enough transport capacity for the models that must ride.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from designer.errors import InputError
from designer.io import suggest, validate
from designer.systems import Assessment, Budget, Fact, ForceRules, Member
from designer.systems.listing import Limit
from designer.systems.openfire.catalog import Catalog
from designer.systems.openfire.cost import Final
from designer.systems.openfire.force_limits import (
    module_id,
    stated_limits,
    unit_models,
    unit_pool,
    unit_transport,
)
from designer.systems.openfire.limits import force_limits, options_taken, over_limit
from designer.systems.openfire.models import ForceFields
from designer.tally import Issue

if TYPE_CHECKING:
    from designer.systems.openfire.module import Size

OWN_KEYS = ("module", "size")
CAP_FROM_SIZE = "size_cap"  # kept beside the fields so a save does not write it back


def split_roster(data: dict[str, Any], catalog: Catalog, file: str | Path | None = None
                 ) -> tuple[dict[str, Any], dict[str, Any]]:
    generic = dict(data)
    own = {k: generic.pop(k) for k in OWN_KEYS if k in generic}
    fields: dict[str, Any] = validate(ForceFields, own, file=file).model_dump(
        exclude_none=True)
    size = fields.get("size")
    if size is not None:
        sizes = catalog.module.force.sizes if catalog.module else {}
        if size not in sizes:
            where = (f"{catalog.title} has {', '.join(sizes) or 'no sizes'}"
                     if catalog.module else "sizes come from a module: add module:")
            raise InputError(f"unknown size '{size}'{suggest(size, sizes)}; {where}",
                             file=file, field="size")
        if generic.get("points_cap") is None:
            generic["points_cap"] = sizes[size].points
            fields[CAP_FROM_SIZE] = sizes[size].points
    return generic, fields


def join_roster(generic: dict[str, Any], fields: Mapping[str, Any]) -> dict[str, Any]:
    """The force file: system, module, name, size, the cap unless the size set it."""
    out: dict[str, Any] = {"system": generic.get("system", "openfire")}
    if fields.get("module"):
        out["module"] = fields["module"]
    out["name"] = generic.get("name", "")
    if fields.get("size"):
        out["size"] = fields["size"]
    cap = generic.get("points_cap")
    if cap is not None and cap != fields.get(CAP_FROM_SIZE):
        out["points_cap"] = cap
    out.update({k: v for k, v in generic.items()
                if k not in ("system", "name", "points_cap")})
    return out


def _size(catalog: Catalog, fields: Mapping[str, Any]) -> tuple[str, Size] | None:
    module = catalog.module
    if module is None:
        return None
    name: str | None = fields.get("size") or module.force.default_size
    if not name:
        return None
    size = module.force.sizes.get(name)
    return (name, size) if size is not None else None


def force_rules(catalog: Catalog, fields: Mapping[str, Any] | None = None) -> ForceRules:
    fields = fields or {}
    size = _size(catalog, fields)

    def checks(members: Sequence[Member]) -> list[Issue]:
        return force_checks(members, catalog, size)

    def facts(members: Sequence[Member]) -> list[Fact]:
        return force_facts(members, catalog, size)

    def limits(units: Sequence[Assessment]) -> tuple[Limit, ...]:
        return stated_limits(units, catalog, size)

    return ForceRules(Budget(default=size[1].points if size else None, over_code="E-OF-CAP"),
                      checks=checks, facts=facts, limits=limits)


def _final(member: Member) -> Final:
    return member.assessment.final


def _models(members: Sequence[Member]) -> int:
    return sum(unit_models(_final(m)) * m.count for m in members)


def _categories(members: Sequence[Member]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for m in members:
        category = (_final(m).category or "none").casefold()
        counts[category] = counts.get(category, 0) + m.count
    return counts


def _pools(members: Sequence[Member], catalog: Catalog) -> list[tuple[str, int, int]]:
    return [(pool.name, sum(unit_pool(_final(m), pool) * m.count for m in members), pool.cap)
            for pool in (catalog.module.force.pools if catalog.module else ())]


def _transport(members: Sequence[Member]) -> tuple[int, int, list[tuple[int, str]]]:
    """(seats, models that must ride, (the member's index, name) of each Bulky model
    that cannot)."""
    seats = need = 0
    bulky: list[tuple[int, str]] = []
    for i, m in enumerate(members):
        unit_seats, unit_need, unit_bulky = unit_transport(_final(m))
        seats += unit_seats * m.count
        need += unit_need * m.count
        bulky += [(i, name) for name in unit_bulky]
    return seats, need, bulky


def _span(low: int | None, high: int | None) -> str:
    if high is None:
        return f"{low or 0} or more"
    return f"{low or 0} to {high}" if (low or 0) != high else str(high)


def _options(members: Sequence[Member], catalog: Catalog) -> list[Issue]:
    """E-OF-FORCE-LIMIT for an option more models of the force take than the module
    allows, unless one unit takes it too often alone (that unit reports it)."""
    limits = force_limits(catalog)
    alone = {key for m in members
             for key, n in options_taken((f, 1) for f in _final(m).figures).items()
             if n > limits.get(key, n)}
    counts = options_taken((f, m.count) for m in members for f in _final(m).figures)
    army = catalog.module.army_term if catalog.module else "force"
    return over_limit(counts, {k: v for k, v in limits.items() if k not in alone},
                      "of the force", army, "units")


def force_checks(members: Sequence[Member], catalog: Catalog,
                 size: tuple[str, Size] | None) -> list[Issue]:
    out: list[Issue] = []
    wanted = module_id(catalog)
    for i, m in enumerate(members):
        own = module_id(_final(m).catalog)
        if own != wanted:
            out.append(Issue("E-OF-MODULE", "error",
                             f"{m.assessment.name} is built for {own or 'the core alone'}, "
                             f"the force for {wanted or 'the core alone'}; use one module",
                             f"units[{i}]"))
    module = catalog.module
    if module is None:
        return out
    out += _options(members, catalog)
    force = module.force
    counts = _categories(members)
    for name, (low, high) in force.categories.items():
        n = counts.get(name.casefold(), 0)
        if (low is not None and n < low) or (high is not None and n > high):
            out.append(Issue("E-OF-CATEGORY", "error",
                             f"{n} {name} unit(s); {module.title} needs {_span(low, high)}"
                             f": {'add' if low is not None and n < low else 'remove'} some",
                             "units"))
    for name, spent, cap in _pools(members, catalog):
        if spent > cap:
            out.append(Issue("E-OF-POOL", "error",
                             f"{spent} points in the {name} pool; it holds {cap}: remove "
                             f"{spent - cap} points of {name}", "units"))
    if force.transport_capacity:
        seats, need, bulky = _transport(members)
        if need > seats:
            out.append(Issue("E-OF-TRANSPORT", "error",
                             f"{need} models must ride but the transports seat {seats}; "
                             "add a Transport or leave models behind [363]", "units"))
        for i, name in dict.fromkeys(bulky):  # under the entry it concerns
            out.append(Issue("E-OF-TRANSPORT", "error",
                             f"{name} is Bulky and cannot embark [377], but "
                             f"{module.title} carries every model: leave it out",
                             f"units[{i}]"))
    if size is not None:
        low, high = size[1].models
        n = _models(members)
        if (low is not None and n < low) or (high is not None and n > high):
            out.append(Issue("E-OF-SIZE", "error",
                             f"{n} models; a {size[0]} force has {_span(low, high)}",
                             "size"))
    return out


def force_facts(members: Sequence[Member], catalog: Catalog,
                size: tuple[str, Size] | None) -> list[Fact]:
    """Activations, models (within the size's count), and the module's pools (points
    of their cap), category counts (within their bounds) and transport seats (models
    that must ride, of the seats the transports give), each with its bounds."""
    models_low, models_high = size[1].models if size is not None else (None, None)
    facts = [Fact("activations", "Activations", sum(m.count for m in members)),
             Fact("models", "Models", _models(members), low=models_low, high=models_high)]
    module = catalog.module
    if module is None:
        return facts
    if size is not None:
        facts.append(Fact("size", "Size", size[0]))
    for name, spent, cap in _pools(members, catalog):
        facts.append(Fact(f"pool_{_slug(name)}", f"{name.title()} pool", spent, high=cap))
    counts = _categories(members)
    for name, (low, high) in module.force.categories.items():
        facts.append(Fact(f"category_{_slug(name)}", name.title(),
                          counts.get(name.casefold(), 0), low=low, high=high))
    if module.force.transport_capacity:
        seats, need, _ = _transport(members)
        facts.append(Fact("seats", "Seats", need, high=seats))
    return facts


def _slug(name: str) -> str:
    """A name as a JSON key's part: 'Vehicles' -> 'vehicles'."""
    return re.sub(r"[^a-z0-9]+", "_", name.casefold()).strip("_") or "x"
