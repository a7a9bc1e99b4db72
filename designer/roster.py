"""Forces: units × counts against a points cap. System-agnostic: each unit is priced by
its own game system."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from designer.errors import InputError
from designer.io import load_mapping, require_mapping, validate
from designer.systems import DEFAULT_SYSTEM, bundled_catalog, system
from designer.tally import Issue, Tally
from designer.units import LoadedUnit, load_unit_file, parse_unit_data


class RosterEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    unit: str | dict[str, Any] = Field(
        description="a unit file path, relative to the roster file, or an inline unit")
    count: int = Field(1, ge=1, le=999)


class RosterFile(BaseModel):
    """A roster file (DESIGN §3)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    system: str = DEFAULT_SYSTEM
    name: str = Field(min_length=1, max_length=80)
    points_cap: int | None = Field(None, ge=0, le=1_000_000)
    units: list[RosterEntry] = Field(default_factory=list, max_length=5000)


@dataclass
class ForceEntry:
    loaded: LoadedUnit
    count: int
    tally: Tally
    source: str  # the path as written in the roster, or "" for an inline unit

    @property
    def subtotal(self) -> int:
        return self.tally.total * self.count


@dataclass
class Force:
    name: str
    system: str
    cap: int | None
    entries: list[ForceEntry] = field(default_factory=list)
    path: Path | None = None

    @property
    def total(self) -> int:
        return sum(e.subtotal for e in self.entries)

    @property
    def unit_count(self) -> int:
        return sum(e.count for e in self.entries)

    @property
    def remaining(self) -> int | None:
        return None if self.cap is None else self.cap - self.total

    @property
    def over_cap(self) -> bool:
        return self.cap is not None and self.total > self.cap

    def rules(self) -> tuple[int, int]:
        """Starting morale and activation counters."""
        game = system(self.system)
        return game.force_rules(bundled_catalog(self.system), self.unit_count)

    @property
    def issues(self) -> list[Issue]:
        found = []
        if self.over_cap:
            found.append(Issue("E-OVER-CAP", "error",
                               f"{self.total} points is {self.total - self.cap} over the cap "
                               f"of {self.cap}; remove units or lower counts", "points_cap"))
        for i, entry in enumerate(self.entries):
            if entry.tally.errors:
                found.append(Issue("E-UNIT-ILLEGAL", "error",
                                   f"{entry.tally.name} is not legal "
                                   f"({len(entry.tally.errors)} error(s))", f"units[{i}]"))
        return found

    @property
    def legal(self) -> bool:
        return not self.issues

    def as_dict(self) -> dict[str, Any]:
        morale, counters = self.rules()
        return {
            "name": self.name,
            "system": self.system,
            "points_cap": self.cap,
            "total": self.total,
            "remaining": self.remaining,
            "units": self.unit_count,
            "starting_morale": morale,
            "activation_counters": counters,
            "legal": self.legal,
            "errors": [{"code": i.code, "field": i.field, "message": i.message}
                       for i in self.issues],
            "entries": [
                {"source": e.source, "count": e.count, "points": e.tally.total,
                 "subtotal": e.subtotal, **{k: v for k, v in e.tally.as_dict().items()
                                            if k != "total"}}
                for e in self.entries
            ],
        }


def parse_roster(data: Any, *, file: str | Path | None = None,
                 base: Path | None = None) -> Force:
    mapping = require_mapping(data, "roster", file=file)
    roster = validate(RosterFile, mapping, file=file)
    system(roster.system, file=file)
    base = base if base is not None else (Path(file).parent if file else Path.cwd())
    loaded_files: dict[Path, LoadedUnit] = {}
    force = Force(roster.name, roster.system, roster.points_cap,
                  path=Path(file) if file else None)
    for i, entry in enumerate(roster.units):
        if isinstance(entry.unit, str):
            target = (base / entry.unit).resolve()
            if target not in loaded_files:
                try:
                    loaded_files[target] = load_unit_file(target)
                except InputError as exc:
                    if exc.problem == "no such file":
                        raise InputError(f"unit file '{entry.unit}' not found (looked in "
                                         f"{target.parent})", file=file,
                                         field=f"units[{i}].unit") from None
                    raise
            loaded = loaded_files[target]
            source = entry.unit
        else:
            loaded = parse_unit_data(entry.unit, file=file, field_prefix=f"units[{i}].unit")
            source = ""
        if roster.system != loaded.system.NAME:
            raise InputError(f"unit is for {loaded.system.NAME}, the roster for "
                             f"{roster.system}", file=file, field=f"units[{i}].unit")
        force.entries.append(ForceEntry(loaded, entry.count, loaded.price(), source))
    return force


def load_roster(path: str | Path) -> Force:
    return parse_roster(load_mapping(path, "roster"), file=path)


def roster_data(force: Force) -> dict[str, Any]:
    """The force as a roster file holds it (units inline unless they came from a file)."""
    data: dict[str, Any] = {"system": force.system, "name": force.name}
    if force.cap is not None:
        data["points_cap"] = force.cap
    data["units"] = [
        {"unit": e.source or e.loaded.unit.to_data(), "count": e.count} for e in force.entries
    ]
    return data
