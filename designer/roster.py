"""Forces: units × counts against a budget. System-agnostic: the force's game system
assesses each unit and supplies the budget's name, its force checks and its facts.

A `Force` is an immutable value: the CLI checks one, the exports draw one, and the TUI
keeps an undo history of them, editing with the `with_*` methods that return a new one.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from designer.entries import (
    MAX_COUNT,
    ForceEntry,
    RosterEntry,
    broken_entry,
    entry_fields,
    read_entry,
    written_as,
)
from designer.errors import InputError
from designer.io import parse_yaml, read_text, refuse_boolean_keys, require_mapping, validate
from designer.systems import (
    DEFAULT_SYSTEM,
    Budget,
    Fact,
    FieldSpec,
    ForceRules,
    GameSystem,
    Member,
    Points,
    RosterFormat,
)
from designer.tally import Issue
from designer.units import LoadedUnit, system_of

MAX_CAP = 1_000_000
#: the findings a force makes of an entry's own unit (unreadable, not legal): the rest of
#: an entry's findings are the force's checks on it
ENTRY_CODES = ("E-UNIT-FILE", "E-UNIT-ILLEGAL")
MAX_ENTRIES = 5000


class RosterFile(BaseModel):
    """A roster file (README, "Unit and roster files"). Numbers are whole numbers as
    written: `count: '3'` or `count: true` is refused, not read as 3 or 1."""

    model_config = ConfigDict(extra="forbid", defer_build=True, strict=True)

    system: str = DEFAULT_SYSTEM
    name: str = Field(min_length=1, max_length=80)
    points_cap: int | None = Field(None, ge=0, le=MAX_CAP)
    units: list[RosterEntry] = Field(default_factory=list, max_length=MAX_ENTRIES)


@dataclass(frozen=True)
class Force:
    """A force of one game system: a name, a budget (a points cap, a treasury, or none)
    and its entries."""

    game: GameSystem
    catalog: object  # the system's own, handed back to it alone
    name: str
    cap: int | None
    entries: tuple[ForceEntry, ...] = ()
    path: Path | None = None
    fields: Mapping[str, Any] = field(default_factory=dict)  # the system's own, e.g. Op-En's

    @property
    def system(self) -> str:
        return self.game.NAME

    @property
    def rules(self) -> ForceRules:
        return self.game.force_rules(self.catalog, self.fields)

    @property
    def points(self) -> Points | None:
        """The system as one whose rules price units, or None (TACTICS)."""
        return self.game.capability(Points)

    @property
    def budget(self) -> Budget | None:
        """The force's budget in its system's words, or None for a system without one."""
        return self.rules.budget if self.points is not None else None

    @property
    def field_specs(self) -> tuple[FieldSpec, ...]:
        """The force's own fields as a form shows them (Op-En's Core Stat, ...)."""
        roster_format = self.game.capability(RosterFormat)
        return roster_format.force_fields(self.catalog, self.fields) if roster_format else ()

    @property
    def entry_specs(self) -> tuple[FieldSpec, ...]:
        """The fields each entry keeps (a TACTICS entry's side)."""
        roster_format = self.game.capability(RosterFormat)
        return roster_format.entry_fields(self.catalog, self.fields) if roster_format else ()

    @property
    def total(self) -> int:
        return sum(e.subtotal for e in self.entries)

    @property
    def unit_count(self) -> int:
        """Units fielded, as priced: an unreadable entry counts for nothing, as in the
        total."""
        return sum(e.count for e in self.entries if not e.broken)

    @property
    def counted_cap(self) -> int | None:
        """The cap when it counts (the system has a budget and one is set), else None."""
        return self.cap if self.budget is not None else None

    @property
    def budgeted(self) -> bool:
        """Whether the cap counts: the system has a budget and one is set."""
        return self.counted_cap is not None

    @property
    def remaining(self) -> int | None:
        cap = self.counted_cap
        return None if cap is None else cap - self.total

    @property
    def over_cap(self) -> bool:
        cap = self.counted_cap
        return cap is not None and self.total > cap

    def members(self) -> list[Member]:
        return [Member(e.assessment, e.count, e.fields) for e in self.entries if not e.broken]

    @property
    def broken(self) -> list[int]:
        """The indexes of the entries whose unit could not be read."""
        return [i for i, e in enumerate(self.entries) if e.broken]

    def facts(self) -> list[Fact]:
        """The system's labelled figures about the force (starting morale, ...)."""
        return self.rules.facts(self.members())

    @property
    def issues(self) -> list[Issue]:
        found = []
        rules = self.rules
        budget, points, cap = self.budget, self.points, self.counted_cap
        if (cap is not None and self.total > cap and budget is not None
                and points is not None):
            spent = f"{self.total} {points.POINTS_WORD}".rstrip()
            found.append(Issue(budget.over_code, "error",
                               f"{spent} is {self.total - cap} over the "
                               f"{budget.label.lower()} of {cap}; remove "
                               f"{self.game.UNIT_WORD}s or lower counts", budget.key))
        for i, entry in enumerate(self.entries):
            if entry.broken:
                found.append(Issue("E-UNIT-FILE", "error", entry.problem, f"units[{i}].unit"))
            elif entry.tally.errors:
                found.append(Issue("E-UNIT-ILLEGAL", "error",
                                   f"{entry.tally.name} is not legal "
                                   f"({len(entry.tally.errors)} error(s))", f"units[{i}]"))
        kept = [i for i, e in enumerate(self.entries) if not e.broken]
        found += [_renumbered(issue, kept) for issue in rules.checks(self.members())]
        return found

    def issues_by_entry(self) -> dict[int | None, list[Issue]]:
        """The force's findings filed under the entry each concerns (its index), those
        about the force as a whole under None, in the order `issues` gives them."""
        out: dict[int | None, list[Issue]] = {}
        for issue in self.issues:
            found = _ENTRY.match(issue.field)
            out.setdefault(int(found.group(1)) if found else None, []).append(issue)
        return out

    @property
    def legal(self) -> bool:
        return not [i for i in self.issues if i.severity == "error"]

    # --- edits: each returns a new force ----------------------------------------------

    def entry(self, unit: object, count: int = 1, file: Path | None = None) -> ForceEntry:
        """A new entry for `unit` of this force's system, assessed."""
        return ForceEntry(self.game.assess(unit, self.catalog), count, file)

    def with_entries(self, entries: tuple[ForceEntry, ...] | list[ForceEntry]) -> Force:
        return replace(self, entries=tuple(entries))

    def with_count(self, index: int, count: int) -> Force:
        entries = list(self.entries)
        entries[index] = replace(entries[index], count=max(1, min(MAX_COUNT, count)))
        return self.with_entries(entries)

    def without(self, index: int) -> Force:
        entries = list(self.entries)
        del entries[index]
        return self.with_entries(entries)

    def inserted(self, entry: ForceEntry, index: int | None = None) -> Force:
        entries = list(self.entries)
        entries.insert(len(entries) if index is None else index, entry)
        return self.with_entries(entries)

    def replaced(self, index: int, entry: ForceEntry) -> Force:
        entries = list(self.entries)
        entries[index] = entry
        return self.with_entries(entries)

    # --- output -------------------------------------------------------------------------

    def as_dict(self) -> dict[str, Any]:
        """The force as `check --json` prints it. A system without points has no budget,
        cap, totals or points anywhere in it, not even as 0 or null."""
        facts = self.facts()
        priced = self.points is not None
        budget = self.budget
        money: dict[str, Any] = {
            "budget": budget.label if budget else None, "points_cap": self.cap,
            "total": self.total, "remaining": self.remaining} if priced else {}
        return {
            "name": self.name,
            "system": self.system,
            **money,
            "units": self.unit_count,
            **{f.key: f.value for f in facts},
            "facts": [_fact_dict(f) for f in facts],
            "legal": self.legal,
            "errors": [{"code": i.code, "field": i.field, "message": i.message}
                       for i in self.issues if i.severity == "error"],
            "warnings": [{"code": i.code, "field": i.field, "message": i.message}
                         for i in self.issues if i.severity == "warning"],
            "entries": [_entry_dict(e, priced) for e in self.entries],
        }


_ENTRY = re.compile(r"units\[(\d+)\]")


def _renumbered(issue: Issue, kept: list[int]) -> Issue:
    """A force check's finding on the n-th readable entry, on that entry's place in the
    roster (unreadable entries are not shown to the checks)."""
    found = _ENTRY.match(issue.field)
    if found is None or int(found.group(1)) >= len(kept) or \
            kept[int(found.group(1))] == int(found.group(1)):
        return issue
    return issue._replace(field=f"units[{kept[int(found.group(1))]}]"
                                f"{issue.field[found.end():]}")


def _fact_dict(fact: Fact) -> dict[str, Any]:
    out: dict[str, Any] = {"key": fact.key, "label": fact.label, "value": fact.value}
    if fact.group:
        out["group"] = fact.group
    if fact.low is not None or fact.high is not None:
        out.update(low=fact.low, high=fact.high, state=fact.state)
    return out


def _entry_dict(entry: ForceEntry, priced: bool) -> dict[str, Any]:
    tally = entry.tally.as_dict()
    own = {k: v for k, v in tally.items() if priced or k not in ("total", "printed",
                                                                   "breakdown")}
    own.pop("total", None)
    figures = {"points": entry.tally.total, "subtotal": entry.subtotal} if priced else {}
    return {"source": entry.source, "count": entry.count, **dict(entry.fields), **entry.own(),
            **figures, **own}


def new_force(game: GameSystem, name: str, cap: int | None = None, *,
              path: Path | None = None) -> Force:
    """An empty force of `game` with its bundled catalog and its default budget."""
    catalog = game.bundled_catalog()
    budget = game.force_rules(catalog).budget if game.capability(Points) else None
    default = budget.default if budget is not None else None
    return Force(game, catalog, name, cap if cap is not None else default, path=path)


def parse_roster(data: Any, *, file: str | Path | None = None,
                 base: Path | None = None, keep_broken: bool = False) -> Force:
    """The force a roster's data describes. A unit entry that cannot be read raises an
    InputError naming it, or with `keep_broken` becomes a broken entry (`ForceEntry.problem`)
    so the force still opens for repair."""
    mapping = require_mapping(data, "roster", file=file)
    game = system_of(mapping, file)
    refuse_boolean_keys(mapping, file, game.BOOLEAN_KEY_FIX)
    if not game.is_roster(mapping) and set(mapping) - set(RosterFile.model_fields):
        raise InputError(f"is a {game.UNIT_WORD} file, not a roster (it lists no units:); "
                         f"use `designer price` for a {game.UNIT_WORD}", file=file)
    generic, fields = split_roster(game, mapping, file)
    roster_format = game.capability(RosterFormat)
    keys = tuple(f.key for f in roster_format.entry_fields(game.catalog_for(mapping, file),
                                                           fields)) if roster_format else ()
    generic, own = entry_fields(generic, keys)
    roster = validate(RosterFile, generic, file=file)
    base = base if base is not None else (Path(file).parent if file else Path.cwd())
    catalog = game.catalog_for(mapping, file)
    shared = {k: mapping[k] for k in game.SHARED_KEYS if k in mapping}
    loaded_files: dict[Path, LoadedUnit] = {}
    targets: dict[str, Path] = {}  # a path the roster repeats is resolved once
    entries = []
    for i, entry in enumerate(roster.units):
        try:
            made = read_entry(entry, i, game, base, file, shared, loaded_files, targets)
        except InputError as exc:
            if not keep_broken:
                raise
            made = replace(broken_entry(entry.unit, entry.count, exc, base, file),
                           label=entry.label or "", note=entry.note or "")
        entries.append(replace(made, fields=own[i]) if own[i] else made)
    return Force(game, catalog, roster.name, roster.points_cap, tuple(entries),
                 path=Path(file) if file else None, fields=fields)


def load_roster(path: str | Path, *, keep_broken: bool = False) -> Force:
    """The roster file at `path` (`parse_roster`)."""
    text = read_text(path)
    if text.count("unit:") > MAX_ENTRIES:  # refuse a huge roster before parsing it
        raise InputError(f"more than {MAX_ENTRIES} unit entries; split the force",
                         file=path, field="units")
    data = require_mapping(parse_yaml(text, file=path), "roster", file=path)
    return parse_roster(data, file=path, keep_broken=keep_broken)


def roster_data(force: Force, base: Path | None = None) -> dict[str, Any]:
    """The force as a roster file holds it. A unit from a file is referred to by its path
    relative to `base` (the folder the roster is written to), else as the roster wrote
    it; an inline unit is written out in full."""
    data: dict[str, Any] = {"system": force.system, "name": force.name}
    if force.cap is not None:
        data["points_cap"] = force.cap
    data["units"] = [written_as(e, base) if e.broken else
                     {"unit": _source(e, base) or force.game.unit_data(e.unit),
                      "count": e.count, **e.own(), **e.fields} for e in force.entries]
    return join_roster(force.game, data, force.fields)


def split_roster(game: GameSystem, data: dict[str, Any], file: str | Path | None = None
                 ) -> tuple[dict[str, Any], dict[str, Any]]:
    """A roster file's data as the generic roster and the force's own fields (none for a
    system whose forces have none)."""
    roster_format = game.capability(RosterFormat)
    return roster_format.split_roster(data, file) if roster_format else (data, {})


def join_roster(game: GameSystem, generic: dict[str, Any], fields: Mapping[str, Any]
                ) -> dict[str, Any]:
    """The roster file's data from the generic roster and the force's own fields."""
    roster_format = game.capability(RosterFormat)
    return roster_format.join_roster(generic, fields) if roster_format else generic


def _source(entry: ForceEntry, base: Path | None) -> str:
    if entry.file is None:
        return ""
    if base is None:
        return entry.source or str(entry.file)
    return os.path.relpath(entry.file.resolve(), base.resolve()).replace(os.sep, "/")
