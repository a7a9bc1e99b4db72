"""What an Open Fire force's checks (force.py) enforce, as limits army-list tools can
state, and what one unit adds to each: units of one module, the module's category counts,
its points pools, enough transport seats (and no Bulky model when every model rides), the
models of the force that may take an option (`force_max`) and the size preset's model
count."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from designer.systems import Assessment
from designer.systems.listing import Limit
from designer.systems.openfire.catalog import Catalog
from designer.systems.openfire.cost import Final
from designer.systems.openfire.limits import force_limits, options_taken
from designer.systems.openfire.priced import matches

if TYPE_CHECKING:
    from designer.systems.openfire.module import Pool, Size

SEATS = "Transport seats"


def module_id(catalog: Catalog) -> str | None:
    return catalog.module.module if catalog.module else None


def unit_models(final: Final) -> int:
    return final.models


def unit_pool(final: Final, pool: Pool) -> int:
    """The points of the unit's models the pool counts."""
    return sum(final.entry_points[f.index] for f in final.figures if matches(pool.match, f))


def _pool_points(pool: Pool) -> Callable[[Assessment], int]:
    """A unit's points that count against `pool`."""
    return lambda a: unit_pool(a.final, pool)


def unit_transport(final: Final) -> tuple[int, int, list[str]]:
    """(seats, models that must ride, Bulky models that cannot) of one unit."""
    seats = need = 0
    bulky: list[str] = []
    for f in final.figures:
        seats += f.x("Transport") * f.count
        if f.vehicle or f.has("Transport"):
            continue
        if f.has("Bulky"):
            bulky.append(f.name)
        else:
            need += f.count
    return seats, need, bulky


def stated_limits(units: Sequence[Assessment], catalog: Catalog,
                 size: tuple[str, Size] | None) -> tuple[Limit, ...]:
    wanted = module_id(catalog)
    title = catalog.module.title if catalog.module else "the core alone"
    out = [Limit("E-OF-MODULE", f"Built for another module than {title}",
                 lambda a: int(module_id(a.final.catalog) != wanted), high=0)]
    module = catalog.module
    if module is None:
        return tuple(out)
    force = module.force
    for name, (low, high) in force.categories.items():
        out.append(Limit("E-OF-CATEGORY", name, _in_category(name), low=low, high=high))
    for pool in force.pools:
        out.append(Limit("E-OF-POOL", f"{pool.name} pool points",
                         _pool_points(pool), high=pool.cap,
                         units=False))
    if force.transport_capacity:
        out += [Limit("", SEATS, lambda a: unit_transport(a.final)[0], units=False),
                Limit("E-OF-TRANSPORT", "Models that must ride",
                      lambda a: unit_transport(a.final)[1], high=0, units=False,
                      per=(Fraction(1), SEATS)),
                Limit("E-OF-TRANSPORT", "Bulky models",
                      lambda a: int(bool(unit_transport(a.final)[2])), high=0)]
    for key, most in force_limits(catalog).items():
        kind, name = key.split(":", 1)
        out.append(Limit("E-OF-FORCE-LIMIT",
                         f"Models {'taking' if kind == 'upgrade' else 'carrying'} {name}",
                         _taking(key), high=most, units=False))
    if size is not None:
        low, high = size[1].models
        out.append(Limit("E-OF-SIZE", "Models", lambda a: unit_models(a.final), low=low,
                         high=high, units=False))
    return tuple(out)


def _taking(key: str) -> Callable[[Assessment], int]:
    """How many of a unit's models take the option `key` ('upgrade:<name>' or
    'weapon:<name>', as `limits.options_taken` counts them)."""
    return lambda a: options_taken((f, 1) for f in a.final.figures)[key]


def _in_category(name: str):
    return lambda a: int((a.final.category or "none").casefold() == name.casefold())
