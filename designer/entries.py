"""A force's entries: one unit and how many (`ForceEntry`), each read from its roster
entry (the unit file loaded once however often the roster names it, the entry's own keys
kept with it), and the broken entry a roster keeps when a unit cannot be read, so the
force still opens for repair and saves back as it was."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from designer.errors import InputError
from designer.io import link_loop
from designer.systems import Assessment, GameSystem
from designer.tally import Issue, Tally
from designer.units import LoadedUnit, load_unit_file, parse_unit_data

MAX_COUNT = 999
MAX_LABEL = 80  # characters of an entry's own name
MAX_NOTE = 1000  # characters of an entry's note


class RosterEntry(BaseModel):
    """One entry of a roster file as written: a unit (a file or inline) and a count."""

    model_config = ConfigDict(extra="forbid", defer_build=True, strict=True)

    unit: str | dict[str, Any] = Field(
        description="a unit file path, relative to the roster file, or an inline unit")
    count: int = Field(1, ge=1, le=MAX_COUNT)
    label: str | None = Field(None, min_length=1, max_length=MAX_LABEL,
                              description="the entry's own name in this force "
                                          "(Knight Squad A); the unit keeps its name")
    note: str | None = Field(None, max_length=MAX_NOTE,
                             description="a note kept with the entry and printed with it")


@dataclass(frozen=True, slots=True)
class ForceEntry:
    """A unit in a force: its assessment, how many, and where it lives: `file` is the
    unit file (None when the roster holds the unit inline) and `source` the path as the
    roster wrote it.

    A broken entry (`problem` set: its unit file is missing or invalid) is kept where the
    roster had it, so the TUI can show it for repair and a save writes it back as it was
    (`written`); it counts for nothing and its tally holds one E-UNIT-FILE error."""

    assessment: Assessment
    count: int
    file: Path | None = None
    source: str = ""
    problem: str = ""
    written: Any = None
    #: the entry's own fields (a `RosterFormat` system's, e.g. a TACTICS entry's side)
    fields: Mapping[str, Any] = field(default_factory=dict)
    #: why a broken entry could not be read, as the line a command prints
    error: InputError | None = field(default=None, compare=False)
    #: the entry's own name in this force ("Knight Squad A") and its note
    label: str = ""
    note: str = ""

    @property
    def shown_name(self) -> str:
        """What a list of the force calls the entry: its label with the unit's name, or
        the unit's name."""
        return labelled_name(self.label, self.tally.name)

    def own(self) -> dict[str, Any]:
        """The entry's label and note as a roster file writes them (only those set)."""
        return {k: v for k, v in (("label", self.label), ("note", self.note)) if v}

    @property
    def broken(self) -> bool:
        return bool(self.problem)

    @property
    def unit(self) -> object:
        return self.assessment.unit

    @property
    def tally(self) -> Tally:
        return self.assessment.tally

    @property
    def subtotal(self) -> int:
        return self.tally.total * self.count


def labelled_name(label: str, name: str) -> str:
    """'Knight Squad A (Iron Lancer)': an entry's label with its unit's name, or the
    name alone (no label, or one that repeats the name)."""
    return f"{label} ({name})" if label and label != name else name


def entry_fields(generic: dict[str, Any], keys: tuple[str, ...]
                  ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The roster without the entries' own keys, and those keys entry by entry."""
    units = generic.get("units")
    if not keys or not isinstance(units, list):
        return generic, [{} for _ in (units if isinstance(units, list) else ())]
    own: list[dict[str, Any]] = []
    kept: list[Any] = []
    for raw in units:
        if isinstance(raw, dict):
            own.append({k: raw[k] for k in keys if k in raw})
            raw = {k: v for k, v in raw.items() if k not in keys}
        else:
            own.append({})
        kept.append(raw)
    return {**generic, "units": kept}, own


def read_entry(entry: RosterEntry, i: int, game: GameSystem, base: Path, file: str | Path | None,
           shared: dict[str, Any], loaded_files: dict[Path, LoadedUnit],
           targets: dict[str, Path]) -> ForceEntry:
    """One roster entry, its unit loaded (once per file) and assessed."""
    where = f"units[{i}].unit"
    if isinstance(entry.unit, str):
        target = targets.get(entry.unit)
        if target is None:
            target = targets[entry.unit] = unit_path(base, entry.unit, file, where)
        if target not in loaded_files:
            try:
                loaded_files[target] = load_unit_file(target)
            except InputError as exc:
                if exc.problem == "no such file":
                    raise InputError(f"unit file '{entry.unit}' not found (looked in "
                                     f"{target.parent})", file=file, field=where) from None
                if exc.file == str(target) and not exc.field:  # the file itself
                    raise InputError(f"unit file '{entry.unit}' {exc.problem}",
                                     file=file, field=where) from None
                raise
        loaded, file_path, source = loaded_files[target], target, entry.unit
    else:
        loaded = parse_unit_data(entry.unit, file=file, field_prefix=where,
                                 default=game.NAME, shared=shared)
        file_path, source = None, ""
    if loaded.system.NAME != game.NAME:
        raise InputError(f"unit is for {loaded.system.NAME}, the roster for "
                         f"{game.NAME}", file=file, field=where)
    return ForceEntry(loaded.assessment, entry.count, file_path, source,
                      label=entry.label or "", note=entry.note or "")


def broken_entry(unit: str | dict[str, Any], count: int, error: InputError,
                 base: Path, roster: str | Path | None = None) -> ForceEntry:
    """An entry whose unit could not be read: what is wrong and the fix, kept as written."""
    if isinstance(unit, str):
        name, source = unit, unit
        fix = "pick its file again (enter) or remove the entry"
        if "not found" not in error.problem and "no such file" not in error.problem:
            fix = "fix the unit file, pick another (enter) or remove the entry"
        try:
            file: Path | None = (base / unit).resolve() if unit.strip() and "\0" not in unit \
                else None
        except (OSError, RuntimeError, ValueError):
            file = None
    else:
        raw = unit.get("name")
        name = raw if isinstance(raw, str) and raw.strip() else "(inline unit)"
        source, file = "", None
        fix = "fix it in the roster file or remove the entry"
    detail = error.problem
    if error.file is not None and roster is not None and error.file != str(roster):
        detail = ": ".join(p for p in (Path(error.file).name, error.field, detail) if p)
    problem = f"{detail}; {fix}" if f"'{name}'" in detail else f"{name}: {detail}; {fix}"
    tally = Tally(name=name, issues=[Issue("E-UNIT-FILE", "error", problem, "unit")])
    return ForceEntry(Assessment(None, None, tally), count, file, source, problem=problem,
                      written={"unit": unit, "count": count}, error=error)


def unit_path(base: Path, written: str, file: str | Path | None, where: str) -> Path:
    """Where a roster's unit reference points, or an input error naming the roster."""
    if not written.strip() or "\0" in written:
        raise InputError("expected the path of a unit file", file=file, field=where)
    if link_loop(base / written):
        raise InputError(f"cannot follow unit file '{written}': a loop of symbolic links",
                         file=file, field=where)
    try:
        target = (base / written).resolve()
        folder = target.is_dir()
    except (OSError, RuntimeError, ValueError) as exc:  # a loop, a name too long...
        raise InputError(f"cannot follow unit file '{written}': {exc}", file=file,
                         field=where) from None
    if folder:
        raise InputError(f"unit file '{written}' is a folder, not a file", file=file,
                         field=where)
    return target


def written_as(entry: ForceEntry, base: Path | None) -> dict[str, Any]:
    """A broken entry as the roster had it (its path re-based when the roster moves)."""
    written = {**(entry.written or {}), "count": entry.count, **entry.own(), **entry.fields}
    if entry.file is not None and base is not None:
        written["unit"] = os.path.relpath(entry.file, base.resolve()).replace(os.sep, "/")
    return written
