"""What the TUI edits: a unit or a force, each an undo history of immutable snapshots.

Plain Python over the core (no Textual here): the screens hold a document, send it new
snapshots, and render what it prices. Undo and redo move along the history; a document
is dirty while its present snapshot is not the one last written to disk.
"""

from __future__ import annotations

import os
import re
from collections.abc import Hashable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Generic, TypeVar

from designer.errors import InputError
from designer.io import load_mapping, save_yaml
from designer.roster import Force, ForceEntry, load_roster, roster_data
from designer.systems import DEFAULT_SYSTEM, bundled_catalog, examples_dir, system
from designer.tally import Tally
from designer.units import LoadedUnit, load_unit_file

T = TypeVar("T")

DEFAULT_CAP = 500
HOME_ROSTER = "northern-raid.yaml"


class History(Generic[T]):
    """A present snapshot with the past before it and the undone future after it."""

    def __init__(self, initial: T, limit: int = 1000) -> None:
        self.present: T = initial
        self._past: list[T] = []
        self._future: list[T] = []
        self._limit = limit
        self._merge: Hashable | None = None
        self.saved: T | None = initial

    @property
    def can_undo(self) -> bool:
        return bool(self._past)

    @property
    def can_redo(self) -> bool:
        return bool(self._future)

    @property
    def dirty(self) -> bool:
        return self.present is not self.saved

    def push(self, value: T, merge: Hashable | None = None) -> bool:
        """Make `value` the present. Consecutive pushes with the same `merge` key (typing
        into one field) make one undo step. False when nothing changed."""
        if value is self.present or value == self.present:
            return False
        if merge is None or merge != self._merge or not self._past:
            self._past.append(self.present)
            if len(self._past) > self._limit:
                del self._past[0]
        elif self.present is self.saved:
            # merging into the saved snapshot would lose the way back to it
            self._past.append(self.present)
        self.present = value
        self._future.clear()
        self._merge = merge
        return True

    def undo(self) -> bool:
        if not self._past:
            return False
        self._future.append(self.present)
        self.present = self._past.pop()
        self._merge = None
        return True

    def redo(self) -> bool:
        if not self._future:
            return False
        self._past.append(self.present)
        self.present = self._future.pop()
        self._merge = None
        return True

    def mark_saved(self, snapshot: T) -> None:
        self.saved = snapshot
        self._merge = None


def display_path(path: Path | None) -> str:
    """A path as the UI shows it: relative to the working folder when inside it, else the
    file name (never an absolute path)."""
    if path is None:
        return "not saved yet"
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return path.name


def title_from_stem(path: Path) -> str:
    words = re.split(r"[-_\s]+", path.stem.strip())
    return " ".join(w[:1].upper() + w[1:] for w in words if w) or "New Unit"


def slug(name: str) -> str:
    text = re.sub(r"[^A-Za-z0-9]+", "-", name.strip().lower()).strip("-")
    return text or "unit"


# --- units ---------------------------------------------------------------------------------


class UnitDoc:
    """One unit being designed: its history, its file and its (cached) prices."""

    def __init__(self, unit: Any, *, path: Path | None = None, system_name: str | None = None,
                 exists: bool = True) -> None:
        self.game = system(system_name or getattr(unit, "system", DEFAULT_SYSTEM))
        self.catalog = bundled_catalog(self.game.NAME)
        self.history: History[Any] = History(unit)
        self.path = path
        self.exists = exists and path is not None
        self._priced: tuple[Any, Tally] | None = None
        self._folded: tuple[Any, Any] | None = None

    # construction
    @classmethod
    def load(cls, path: Path) -> UnitDoc:
        loaded = load_unit_file(path)
        return cls(loaded.unit, path=path, system_name=loaded.system.NAME)

    @classmethod
    def new(cls, path: Path | None = None, name: str | None = None) -> UnitDoc:
        game = system(DEFAULT_SYSTEM)
        name = name or (title_from_stem(path) if path else "New Unit")
        unit = game.parse_unit({"name": name}, bundled_catalog(game.NAME))
        return cls(unit, path=path, exists=False)

    @classmethod
    def open(cls, path: Path) -> UnitDoc:
        """The unit file at `path`, or a new unit to be saved there when the file is
        missing or empty (nothing in it to lose)."""
        return cls.new(path) if is_blank(path) else cls.load(path)

    # state
    @property
    def unit(self) -> Any:
        return self.history.present

    @property
    def dirty(self) -> bool:
        return self.history.dirty

    @property
    def tally(self) -> Tally:
        unit = self.unit
        if self._priced is None or self._priced[0] is not unit:
            self._priced = (unit, self.game.price(unit, self.catalog))
        return self._priced[1]

    @property
    def final(self) -> Any:
        """The unit's final values (innate plus equipment), for the editors to show."""
        unit = self.unit
        if self._folded is None or self._folded[0] is not unit:
            from designer.systems.opentactics.fold import fold

            self._folded = (unit, fold(unit, self.catalog))
        return self._folded[1]

    @property
    def label(self) -> str:
        return f"{self.unit.name} ({display_path(self.path)})"

    def edit(self, unit: Any, merge: Hashable | None = None) -> bool:
        return self.history.push(unit, merge)

    def undo(self) -> bool:
        return self.history.undo()

    def redo(self) -> bool:
        return self.history.redo()

    def data(self, unit: Any | None = None, path: Path | None = None) -> dict[str, Any]:
        return (unit if unit is not None else self.unit).to_data()

    def mark_written(self, path: Path, snapshot: Any) -> None:
        self.path = path
        self.exists = True
        self.history.mark_saved(snapshot)

    def save(self, path: Path | None = None, snapshot: Any | None = None) -> Path:
        """Write `snapshot` (default: the present) atomically; it becomes the saved one."""
        target = path or self.path
        if target is None:
            raise InputError("no file to save to; use Save as")
        snapshot = snapshot if snapshot is not None else self.unit
        save_yaml(target, self.data(snapshot))
        self.mark_written(target, snapshot)
        return target


# --- forces --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Entry:
    """A unit in a force: the unit itself, how many, and the file it lives in (None when
    the roster holds it inline)."""

    unit: Any
    count: int
    file: Path | None = None
    tally: Tally = field(compare=False, hash=False, default=None)  # type: ignore[assignment]

    @property
    def subtotal(self) -> int:
        return self.tally.total * self.count


@dataclass(frozen=True, slots=True)
class ForceState:
    name: str
    cap: int | None
    entries: tuple[Entry, ...] = ()


class ForceDoc:
    """A force being built: its history of `ForceState` snapshots and its roster file."""

    def __init__(self, state: ForceState, *, path: Path | None = None,
                 system_name: str = DEFAULT_SYSTEM, exists: bool = True,
                 example: bool = False) -> None:
        self.game = system(system_name)
        self.catalog = bundled_catalog(self.game.NAME)
        self.history: History[ForceState] = History(state)
        self.path = path
        self.exists = exists and path is not None
        self.example = example

    # construction
    def entry(self, unit: Any, count: int = 1, file: Path | None = None) -> Entry:
        return Entry(unit, count, file, self.game.price(unit, self.catalog))

    @classmethod
    def from_force(cls, force: Force, *, path: Path | None, example: bool = False) -> ForceDoc:
        doc = cls(ForceState(force.name, force.cap), path=path, system_name=force.system,
                  example=example)
        entries = tuple(
            Entry(e.loaded.unit, e.count,
                  None if (example or not e.source) else e.loaded.path, e.tally)
            for e in force.entries)
        doc.history = History(ForceState(force.name, force.cap, entries))
        return doc

    @classmethod
    def load(cls, path: Path) -> ForceDoc:
        return cls.from_force(load_roster(path), path=path)

    @classmethod
    def new(cls, path: Path | None = None, name: str | None = None) -> ForceDoc:
        name = name or (title_from_stem(path) if path else "New Force")
        return cls(ForceState(name, DEFAULT_CAP), path=path, exists=False)

    @classmethod
    def open(cls, path: Path) -> ForceDoc:
        """The roster at `path`, or a new force to be saved there (missing or empty)."""
        return cls.new(path) if is_blank(path) else cls.load(path)

    @classmethod
    def home(cls) -> ForceDoc:
        """The example force the app opens on: the bundled example roster when there is
        one, else every example unit once. Its units are held inline and it has no file,
        so saving it never writes into the bundled catalog."""
        roster = examples_dir() / "rosters" / HOME_ROSTER
        if roster.is_file():
            try:
                return cls.from_force(load_roster(roster), path=None, example=True)
            except InputError:
                pass
        doc = cls(ForceState("Example Force", DEFAULT_CAP), example=True)
        entries = tuple(doc.entry(u.unit) for u in example_units())
        doc.history = History(ForceState("Example Force", DEFAULT_CAP, entries))
        return doc

    # state
    @property
    def state(self) -> ForceState:
        return self.history.present

    @property
    def dirty(self) -> bool:
        return self.history.dirty

    @property
    def label(self) -> str:
        where = display_path(self.path) if self.path else (
            "example, not saved" if self.example else "not saved yet")
        return f"{self.state.name} ({where})"

    def edit(self, state: ForceState, merge: Hashable | None = None) -> bool:
        return self.history.push(state, merge)

    def undo(self) -> bool:
        return self.history.undo()

    def redo(self) -> bool:
        return self.history.redo()

    # derived
    def force(self, state: ForceState | None = None, base: Path | None = None) -> Force:
        """The state as the core's Force (for totals, checks and `roster_data`)."""
        state = state or self.state
        base = base if base is not None else (self.path.parent if self.path else None)
        force = Force(state.name, self.game.NAME, state.cap, path=self.path)
        for e in state.entries:
            source = ""
            if e.file is not None:
                source = (os.path.relpath(e.file.resolve(), base.resolve()) if base
                          else str(e.file.resolve()))
                source = source.replace(os.sep, "/")
            loaded = LoadedUnit(self.game, self.catalog, e.unit, e.file)
            force.entries.append(ForceEntry(loaded, e.count, e.tally, source))
        return force

    def morale(self, state: ForceState | None = None) -> tuple[int, int]:
        state = state or self.state
        return self.game.force_rules(self.catalog, sum(e.count for e in state.entries))

    def data(self, state: ForceState | None = None, path: Path | None = None,
             inline: bool = False) -> dict[str, Any]:
        """The roster file's data; unit paths relative to where it is written. `inline`
        writes every unit into the roster itself (a self-contained copy)."""
        state = state or self.state
        if inline:
            state = replace(state, entries=tuple(replace(e, file=None) for e in state.entries))
        target = path or self.path
        return roster_data(self.force(state, base=target.parent if target else None))

    def mark_written(self, path: Path, snapshot: ForceState) -> None:
        self.path = path
        self.exists = True
        self.example = False
        self.history.mark_saved(snapshot)

    def save(self, path: Path | None = None, snapshot: ForceState | None = None) -> Path:
        target = path or self.path
        if target is None:
            raise InputError("no file to save to; use Save as")
        snapshot = snapshot or self.state
        save_yaml(target, self.data(snapshot, target))
        self.mark_written(target, snapshot)
        return target


# --- forces: edits (each returns a new state) ---------------------------------------------


def with_entries(state: ForceState, entries: list[Entry] | tuple[Entry, ...]) -> ForceState:
    return replace(state, entries=tuple(entries))


def set_count(state: ForceState, index: int, count: int) -> ForceState:
    entries = list(state.entries)
    entries[index] = replace(entries[index], count=max(1, min(999, count)))
    return with_entries(state, entries)


def remove_entry(state: ForceState, index: int) -> ForceState:
    entries = list(state.entries)
    del entries[index]
    return with_entries(state, entries)


def insert_entry(state: ForceState, entry: Entry, index: int | None = None) -> ForceState:
    entries = list(state.entries)
    entries.insert(len(entries) if index is None else index, entry)
    return with_entries(state, entries)


def replace_unit(state: ForceState, index: int, entry: Entry) -> ForceState:
    entries = list(state.entries)
    entries[index] = entry
    return with_entries(state, entries)


# --- files ---------------------------------------------------------------------------------


def is_blank(path: Path) -> bool:
    """True when there is no file at `path`, or one holding only white space."""
    if not path.exists():
        return not path.is_symlink()  # a dangling link is an error to report
    if not path.is_file() or path.stat().st_size > 4096:
        return False
    try:
        return not path.read_bytes().strip()
    except OSError:
        return False


def example_units() -> list[LoadedUnit]:
    folder = examples_dir() / "units"
    out = []
    for path in sorted(folder.glob("*.yaml")):
        try:
            out.append(load_unit_file(path))
        except InputError:
            continue
    return out


def kind_of(path: Path) -> str:
    """'roster' or 'unit': what a YAML file holds (a roster has a `units:` list)."""
    data = load_mapping(path, "unit or roster")
    return "roster" if "units" in data else "unit"
