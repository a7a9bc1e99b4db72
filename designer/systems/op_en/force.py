"""The Opposing Force (OF): its file beside the generic roster, its checks and its facts
(spec §1.2, §1.4, §4.2; core rules L887-915, L940-948).

A force file is `{system, setting, name, core_stat, treasury, notes, units}`; `characters:`
with `character:` entries is read as `units:` with `unit:`. The treasury is the generic
roster's budget (`points_cap`, "Treasury"); without one, the setting's starting treasury.
The generic roster checks spending against it (E-OPEN-TREASURY, "over the treasury", L909)
and shows what is spent and what remains, so the checks and facts here leave it alone.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from designer.errors import InputError
from designer.io import validate
from designer.systems import Assessment, Budget, Fact, ForceRules, Member
from designer.systems.listing import Limit
from designer.systems.op_en.catalog import Catalog, Item, Talent
from designer.systems.op_en.cost import Final
from designer.systems.op_en.limits import force_limits
from designer.systems.op_en.models import Character, ForceFields
from designer.tally import Issue

OWN_KEYS = ("setting", "core_stat", "treasury", "notes")


def split_roster(data: dict[str, Any], catalog: Catalog, file: str | Path | None = None
                 ) -> tuple[dict[str, Any], dict[str, Any]]:
    generic = dict(data)
    own = {k: generic.pop(k) for k in OWN_KEYS if k in generic}
    fields: dict[str, Any] = validate(ForceFields, own, file=file).model_dump(
        exclude_none=True)
    if "characters" in generic:
        if "units" in generic:
            raise InputError("give characters or units, not both", file=file,
                             field="characters")
        generic["units"] = _as_units(generic.pop("characters"), file)
    cap = generic.get("points_cap")
    treasury = fields.pop("treasury", None)
    if treasury is not None:
        if cap is not None and cap != treasury:
            raise InputError(f"points_cap {cap} and treasury {treasury} differ; give the "
                             "treasury only", file=file, field="points_cap")
        generic["points_cap"] = treasury
    elif cap is None:
        generic["points_cap"] = catalog.starting_treasury
    return generic, fields


def _as_units(characters: Any, file: str | Path | None) -> Any:
    if not isinstance(characters, list):
        return characters  # the generic roster's validation names the problem
    out = []
    for i, entry in enumerate(characters):
        if isinstance(entry, dict) and "character" in entry:
            if "unit" in entry:
                raise InputError("give character or unit, not both", file=file,
                                 field=f"characters[{i}]")
            entry = {("unit" if k == "character" else k): v for k, v in entry.items()}
        out.append(entry)
    return out


def join_roster(generic: dict[str, Any], fields: Mapping[str, Any]) -> dict[str, Any]:
    """The force file: the spec's keys in its order, the budget written as `treasury`."""
    out: dict[str, Any] = {"system": generic.get("system", "op-en")}
    if fields.get("setting"):
        out["setting"] = fields["setting"]
    out["name"] = generic.get("name", "")
    if fields.get("core_stat"):
        out["core_stat"] = fields["core_stat"]
    if generic.get("points_cap") is not None:
        out["treasury"] = generic["points_cap"]
    if fields.get("notes"):
        out["notes"] = fields["notes"]
    out.update({k: v for k, v in generic.items()
                if k not in ("system", "name", "points_cap")})
    return out


def force_rules(catalog: Catalog, fields: Mapping[str, Any] | None = None) -> ForceRules:
    core_stat = (fields or {}).get("core_stat")

    def checks(members: Sequence[Member]) -> list[Issue]:
        return force_checks(members, catalog, core_stat)

    def facts(members: Sequence[Member]) -> list[Fact]:
        return force_facts(members, catalog, core_stat)

    def limits(units: Sequence[Assessment]) -> tuple[Limit, ...]:
        return force_limits(units, catalog, core_stat)

    return ForceRules(Budget("Treasury", "treasury", catalog.starting_treasury,
                             "E-OPEN-TREASURY"), checks=checks, facts=facts, limits=limits)


def _unit(member: Member) -> Character:
    return member.assessment.unit


def _final(member: Member) -> Final:
    return member.assessment.final


def rank_counts(members: Sequence[Member]) -> Counter[int]:
    counts: Counter[int] = Counter()
    for m in members:
        rank = _unit(m).rank
        if rank is not None:
            counts[rank] += m.count
    return counts


def force_checks(members: Sequence[Member], catalog: Catalog, core_stat: str | None
                 ) -> list[Issue]:
    out: list[Issue] = []
    out += _rank_limits(members, catalog)
    out += _once_per_of(members)
    out += _core_stat(members, catalog, core_stat)
    names: Counter[str] = Counter()
    for i, m in enumerate(members):
        names[_unit(m).name] += 1
        if m.count > 1:
            out.append(Issue("W-OPEN-DUPLICATE", "warning",
                             f"{_unit(m).name} × {m.count}: each character should be "
                             "unique; give each its own name", f"units[{i}].count"))
        elif names[_unit(m).name] == 2:
            out.append(Issue("W-OPEN-DUPLICATE", "warning",
                             f"{_unit(m).name} is listed twice: each character should be "
                             "unique; rename one", f"units[{i}]"))
    if members and not any(_final(m).value("intellect") >= 8 for m in members):
        out.append(Issue("W-OPEN-NO-INTELLECT", "warning",
                         "no character has Intellect 8 or more; objectives need one: "
                         "raise someone's Intellect", "units"))
    return out


def _rank_limits(members: Sequence[Member], catalog: Catalog) -> list[Issue]:
    limits = catalog.core.of_limits
    counts = rank_counts(members)
    size = sum(c for rank, c in counts.items() if rank >= 1)  # Rank 0 is not counted
    out = []
    r4 = counts[4]
    if r4 != limits.rank4_exact:
        fix = "add one" if r4 < limits.rank4_exact else f"keep {limits.rank4_exact}"
        out.append(Issue("E-OPEN-RANK4", "error",
                         f"{r4} Rank 4 characters; an OF is led by exactly "
                         f"{limits.rank4_exact}: {fix}", "units"))
    if counts[3] > limits.rank3_max:
        out.append(Issue("E-OPEN-RANK3", "error",
                         f"{counts[3]} Rank 3 characters; at most {limits.rank3_max}: "
                         f"remove {counts[3] - limits.rank3_max}", "units"))
    most = math.floor(limits.rank1_max_share * size + 1e-9)
    if counts[1] > most:
        out.append(Issue("E-OPEN-RANK1", "error",
                         f"{counts[1]} Rank 1 characters in an OF of {size}; at most "
                         f"{most} ({limits.rank1_max_share:.0%})", "units"))
    return out


def _once_per_of(members: Sequence[Member]) -> list[Issue]:
    """Each Skill and Ability once per OF unless repeatable, universal and Form-granted
    ones aside (L988); items marked one per OF likewise (L163)."""
    holders: dict[str, list[str]] = defaultdict(list)
    last: dict[str, int] = {}  # the last entry taking it: the finding's, to take it off
    shown: dict[str, str] = {}
    code: dict[str, str] = {}
    for i, m in enumerate(members):
        final = _final(m)
        mine: dict[str, str] = {}
        for p in final.bought:
            if isinstance(p.entry, Talent) and p.entry.repeatable:
                continue
            mine[p.name.casefold()] = "E-OPEN-ONCE-PER-OF"
            shown[p.name.casefold()] = p.name
        for p in final.items:
            if isinstance(p.entry, Item) and p.entry.once_per_of:
                mine[p.name.casefold()] = "E-OPEN-EQUIP-ONCE"
                shown[p.name.casefold()] = p.name
        for key, which in mine.items():
            holders[key] += [_unit(m).name] * m.count
            last[key] = i
            code[key] = which
    return [Issue(code[key], "error",
                  f"{shown[key]} is taken {len(who)} times ({', '.join(who)}); it is "
                  "allowed once per OF: keep one", f"units[{last[key]}]")
            for key, who in holders.items() if len(who) > 1]


def _core_stat(members: Sequence[Member], catalog: Catalog, core_stat: str | None
               ) -> list[Issue]:
    choices = ", ".join(catalog.core.die_stats)
    if core_stat is None:
        return [Issue("E-OPEN-CORE-STAT", "error",
                      f"the OF names no Core Stat; choose one of {choices} "
                      "(core_stat: in the roster file)",
                      "core_stat")]
    if core_stat not in catalog.core.die_stats:
        return [Issue("E-OPEN-CORE-STAT", "error",
                      f"{core_stat.title()} cannot be the Core Stat; choose one of "
                      f"{choices}", "core_stat")]
    out = []
    for i, m in enumerate(members):
        own = _unit(m).core_stat
        if own is not None and own != core_stat:
            out.append(Issue("E-OPEN-CORE-MISMATCH", "error",
                             f"{_unit(m).name} is built on {own}, the OF on {core_stat}; "
                             f"rebuild it with the Core value in {core_stat}",
                             f"units[{i}]"))
    return out


def force_facts(members: Sequence[Member], catalog: Catalog, core_stat: str | None
                ) -> list[Fact]:
    """The Core Stat, the count at each rank, the Leader and the Engagement Tokens the OF
    generates each turn (the Leader's one and its Abilities', L379)."""
    counts = rank_counts(members)
    leaders = [_unit(m).name for m in members if _unit(m).rank == 4]
    tokens = (1 if leaders else 0) + sum(_final(m).tokens * m.count for m in members)
    facts = [Fact("core_stat", "Core Stat", core_stat.title() if core_stat else "none")]
    limits = catalog.core.of_limits
    size = sum(c for rank, c in counts.items() if rank >= 1)
    bounds = {4: (limits.rank4_exact, limits.rank4_exact), 3: (None, limits.rank3_max),
              1: (None, math.floor(limits.rank1_max_share * size + 1e-9))}
    for rank in sorted(catalog.ranks, key=lambda r: -r.rank):
        low, high = bounds.get(rank.rank, (None, None))
        facts.append(Fact(f"rank_{rank.rank}", f"Rank {rank.rank}", counts[rank.rank],
                          low=low, high=high))
    facts.append(Fact("leader", "Leader", ", ".join(leaders) or "none"))
    facts.append(Fact("engagement_tokens", "Tokens", tokens))
    return facts
