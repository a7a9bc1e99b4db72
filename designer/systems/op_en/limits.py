"""What the Opposing Force checks (force.py) enforce, as limits army-list tools can state:
exactly one Rank 4, at most three Rank 3, Rank 1 at most half the ranked characters, each
once-per-OF Skill, Ability or item held once, every character built on the OF's Core
Stat, and a Core Stat named at all."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from designer.systems import Assessment
from designer.systems.listing import Limit
from designer.systems.op_en.catalog import Catalog, Item, Talent

RANKED = "Ranked characters"


def force_limits(units: Sequence[Assessment], catalog: Catalog, core_stat: str | None
                 ) -> tuple[Limit, ...]:
    """The limits of an OF on `core_stat`, with one once-per-OF limit for each Skill,
    Ability or item one of `units` holds. Without a valid Core Stat no force is legal: the
    limit asking for one can never be met by units."""
    of = catalog.core.of_limits
    out = [Limit("E-OPEN-RANK4", "Rank 4", _rank(4), low=of.rank4_exact, high=of.rank4_exact),
           Limit("E-OPEN-RANK3", "Rank 3", _rank(3), high=of.rank3_max)]
    share = Fraction(of.rank1_max_share).limit_denominator(1000)
    if share:
        out += [Limit("", RANKED, lambda a: int((a.unit.rank or 0) >= 1)),
                Limit("E-OPEN-RANK1", "Rank 1", _rank(1), high=0, per=(1 / share, RANKED))]
    else:
        out.append(Limit("E-OPEN-RANK1", "Rank 1", _rank(1), high=0))
    held: dict[str, tuple[str, str]] = {}
    for unit in units:
        for key, (name, code) in _once(unit).items():
            held.setdefault(key, (name, code))
    for key, (name, code) in sorted(held.items()):
        out.append(Limit(code, f"Once per OF: {name}", _holds(key), high=1))
    if core_stat not in catalog.core.die_stats:  # none named, or one that cannot be
        out.append(Limit("E-OPEN-CORE-STAT", "Core Stat named", lambda a: 0, low=1))
    else:
        out.append(Limit("E-OPEN-CORE-MISMATCH",
                         f"Built on a Core Stat other than {core_stat.title()}",
                         lambda a: int(a.unit.core_stat not in (None, core_stat)), high=0))
    return tuple(out)


def _rank(rank: int):
    return lambda a: int(a.unit.rank == rank)


def _once(unit: Assessment) -> dict[str, tuple[str, str]]:
    """What the unit holds that an OF may hold once (as force.py's check counts it): each
    bought Skill or Ability not repeatable, each item marked once per OF."""
    final = unit.final
    out: dict[str, tuple[str, str]] = {}
    for p in final.bought:
        if not (isinstance(p.entry, Talent) and p.entry.repeatable):
            out[p.name.casefold()] = (p.name, "E-OPEN-ONCE-PER-OF")
    for p in final.items:
        if isinstance(p.entry, Item) and p.entry.once_per_of:
            out[p.name.casefold()] = (p.name, "E-OPEN-EQUIP-ONCE")
    return out


def _holds(key: str):
    return lambda a: int(key in _once(a))
