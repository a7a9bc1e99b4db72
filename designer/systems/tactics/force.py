"""Encounters: sheets x count on each side (spec §3-4), read as the generic roster plus
the side of each entry, and their facts per side. There is no budget.

The file is `{system, name, table?, sides: {players: [{sheet, count}], enemies: [...]}}`.
The generic roster form (`units:` with `unit:` entries, each with a `side:`) is read too.
Either way each entry keeps its side (`side`, an entry key of the system: it stays with
the entry however the force is edited) and the force's own fields hold `side_names` (the
sides in the file's order); an entry without a side counts under "unassigned"
(W-TX-SIDE). `join_roster` writes the `sides:` form.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from designer.errors import InputError
from designer.io import validate
from designer.systems import Fact, ForceRules, Member
from designer.tally import Issue

UNASSIGNED = "unassigned"
MAX_ENTRIES = 5000
SIDE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _-]{0,29}$")
OWN_KEYS = ("table", "points_cap")


class SideEntry(BaseModel):
    """One entry of a side: a sheet file (relative to the encounter) or an inline sheet,
    and how many."""

    model_config = ConfigDict(extra="forbid", defer_build=True, strict=True)

    sheet: str | dict[str, Any]
    count: Annotated[int, Field(ge=1, le=999)] = 1


def side_key(name: str) -> str:
    """A side's name as a fact key: 'Dock Crew' -> 'dock_crew'."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_") or "side"


def _side_name(name: Any, file: str | Path | None, field: str, seen: dict[str, str]) -> str:
    if not isinstance(name, str) or not SIDE_NAME.match(name):
        shown = repr(name)[:40]
        raise InputError(f"a side's name is a word of up to 30 letters, digits, spaces, _ "
                         f"or -, got {shown}", file=file, field=field)
    key = side_key(name)
    if key in seen and seen[key] != name:
        raise InputError(f"side '{name}' and side '{seen[key]}' read as the same side; "
                         "rename one", file=file, field=field)
    seen[key] = name
    return name


def split_roster(data: dict[str, Any], file: str | Path | None, check_sheet: Any
                 ) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the generic roster, the encounter's own fields). `check_sheet(sheet, field)`
    loads an entry's sheet, so a bad one is reported at its place under `sides:`."""
    generic = dict(data)
    fields: dict[str, Any] = {k: generic.pop(k) for k in OWN_KEYS if k in generic}
    seen: dict[str, str] = {}
    names: list[str] = []
    if "sides" in generic:
        if "units" in generic:
            raise InputError("give sides or units, not both", file=file, field="sides")
        given = generic.pop("sides")
        if given is None:
            given = {}
        if not isinstance(given, dict):
            raise InputError("expected sides: a mapping of each side's name to its sheets, "
                             "e.g. enemies: [{sheet: thug.yaml, count: 6}]", file=file,
                             field="sides")
        total = sum(len(v) for v in given.values() if isinstance(v, list))
        if total > MAX_ENTRIES:
            raise InputError(f"more than {MAX_ENTRIES} entries; split the encounter",
                             file=file, field="sides")
        units = []
        for name, entries in given.items():
            side = _side_name(name, file, "sides", seen)
            names.append(side)
            at = f"sides.{side}"
            if entries is None:
                continue
            if not isinstance(entries, list):
                raise InputError("expected a list of {sheet: FILE, count: N}", file=file,
                                 field=at)
            for j, raw in enumerate(entries):
                raw = {"sheet": raw} if isinstance(raw, str) else raw
                entry = validate(SideEntry, raw, file=file, field_prefix=f"{at}[{j}]")
                check_sheet(entry.sheet, f"{at}[{j}].sheet")
                units.append({"unit": entry.sheet, "count": entry.count, "side": side})
        generic["units"] = units
    elif isinstance(generic.get("units"), list):
        units = []
        for i, raw in enumerate(generic["units"]):
            if isinstance(raw, dict) and "side" in raw:
                side = _side_name(raw["side"], file, f"units[{i}].side", seen)
                raw = {**raw, "side": side}
                if side not in names:
                    names.append(side)
            units.append(raw)
        generic["units"] = units
    fields["side_names"] = tuple(names)
    return generic, fields


def join_roster(generic: dict[str, Any], fields: Mapping[str, Any]) -> dict[str, Any]:
    """The encounter file: each entry under its side, as `{sheet, count}`."""
    out: dict[str, Any] = {"system": generic.get("system", "tactics"),
                           "name": generic.get("name", "")}
    if fields.get("table") is not None:
        out["table"] = fields["table"]
    if fields.get("points_cap") is not None:
        out["points_cap"] = fields["points_cap"]
    groups: dict[str, list[dict[str, Any]]] = {name: [] for name in
                                               fields.get("side_names", ())}
    for entry in generic.get("units", []):
        groups.setdefault(entry.get("side") or UNASSIGNED, []).append(
            {("sheet" if k == "unit" else k): v for k, v in entry.items() if k != "side"})
    out["sides"] = groups
    out.update({k: v for k, v in generic.items()
                if k not in ("system", "name", "units", "points_cap")})
    return out


#: the sides a new encounter offers (the notes' own examples)
DEFAULT_SIDES = ("players", "enemies")


def side_choices(fields: Mapping[str, Any]) -> tuple[str, ...]:
    """The sides an entry can be put on: the encounter's, with players and enemies while
    it has fewer than two."""
    named = tuple(fields.get("side_names", ()))
    if len(named) >= 2:
        return named
    return named + tuple(s for s in DEFAULT_SIDES if s not in named)


def side_of(member: Member) -> str:
    """The side of an entry; one without (added since the file was read) is unassigned."""
    return member.fields.get("side") or UNASSIGNED


def force_rules(fields: Mapping[str, Any] | None = None) -> ForceRules:
    fields = fields or {}

    def checks(members: Sequence[Member]) -> list[Issue]:
        out = []
        for i, member in enumerate(members):
            if side_of(member) == UNASSIGNED and UNASSIGNED not in fields.get("side_names",
                                                                              ()):
                out.append(Issue("W-TX-SIDE", "warning",
                                 f"{member.assessment.tally.name} is on no side; list it "
                                 "under a side in sides:", f"units[{i}]"))
        if fields.get("points_cap") is not None:
            out.append(Issue("W-TX-POINTS", "warning", "TACTICS defines no points, so "
                             "points_cap is ignored; remove it", "points_cap"))
        return out

    def facts(members: Sequence[Member]) -> list[Fact]:
        return side_facts(members, fields)

    return ForceRules(None, checks=checks, facts=facts)


def side_facts(members: Sequence[Member], fields: Mapping[str, Any]) -> list[Fact]:
    """Per side, in the file's order: creatures, actions a turn, shield points and wound
    capacity (each sheet's count times its value; an unset or invalid value counts 0)."""
    order = list(fields.get("side_names", ()))
    totals: dict[str, list[int]] = {}
    for member in members:
        side = side_of(member)
        if side not in order:
            order.append(side)
        final, n = member.assessment.final, member.count
        row = totals.setdefault(side, [0, 0, 0, 0])
        row[0] += n
        row[1] += (final.actions or 0) * n
        row[2] += (final.shields or 0) * n
        row[3] += final.max_wounds * n
    out = []
    for side in order:
        creatures, actions, shields, wounds = totals.get(side, [0, 0, 0, 0])
        key, label = side_key(side), side[:1].upper() + side[1:]
        out += [Fact(f"{key}_creatures", f"{label} creatures", creatures, label),
                Fact(f"{key}_actions", f"{label} actions a turn", actions, label),
                Fact(f"{key}_shields", f"{label} shield points", shields, label),
                Fact(f"{key}_wounds", f"{label} wound capacity", wounds, label)]
    return out
