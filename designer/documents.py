"""What the designer edits: a unit or a force, each an undo history of immutable
snapshots, with the file it is read from and saved to.

Through the game-system contract only: a unit is started, assessed and written by its
system; a force is the core's immutable `roster.Force`, edited with its methods. The
TUI's screens hold a document, send it new snapshots, and draw what it assessed.
"""

from __future__ import annotations

import os
import re
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Generic, TypeVar

from designer.entries import ForceEntry
from designer.errors import InputError
from designer.history import History
from designer.io import FileStamp, load_mapping
from designer.ondisk import ForceOnDisk, UnitOnDisk
from designer.paths import display_path
from designer.roster import Force, load_roster, new_force, roster_data
from designer.systems import Assessment, GameSystem, examples_dir, system
from designer.systems.identity import fresh_id
from designer.tally import Tally
from designer.units import LoadedUnit, is_roster_data, load_unit_file, system_of


def title_from_stem(path: Path, fallback: str = "New Unit") -> str:
    words = re.split(r"[-_\s]+", path.stem.strip())
    return " ".join(w[:1].upper() + w[1:] for w in words if w) or fallback


def new_name(game: GameSystem) -> str:
    """What a new design is called before it is named: 'New Unit', 'New Character'."""
    return f"New {game.UNIT_WORD.title()}"


# --- units ---------------------------------------------------------------------------------

U = TypeVar("U")  # the system's unit
C = TypeVar("C")  # its catalog
F = TypeVar("F")  # a unit's final values


class UnitDoc(UnitOnDisk[U, C], Generic[U, C, F]):
    """One unit being designed: its history, its file (and what it held: `OnDisk`), and
    the assessment of its present snapshot (worked out once per snapshot and kept)."""

    def __init__(self, unit: U, *, game: GameSystem[U, C, F], catalog: C | None = None,
                 path: Path | None = None, exists: bool = True,
                 assessment: Assessment[U, F] | None = None) -> None:
        """`assessment`: the unit's, when it is known already (a force's entry)."""
        self.game: GameSystem[U, C, F] = game
        self.catalog: C = catalog if catalog is not None else game.bundled_catalog()
        self.history: History[U] = History(unit)
        self.path = path
        self.exists = exists and path is not None
        self._assessed: tuple[U, Assessment[U, F]] | None = (
            (unit, assessment) if assessment is not None else None)
        self.remember_disk()

    # construction
    @classmethod
    def load(cls, path: Path) -> UnitDoc:
        """The unit file at `path`, of whatever system it names, on the catalog it asks
        for."""
        loaded = load_unit_file(path)
        return cls(loaded.unit, game=loaded.system, catalog=loaded.catalog, path=path)

    @classmethod
    def new(cls, game: GameSystem[U, C, F], catalog: C | None = None, path: Path | None = None,
            name: str | None = None) -> UnitDoc[U, C, F]:
        catalog = catalog if catalog is not None else game.bundled_catalog()
        name = name or (title_from_stem(path, new_name(game)) if path else new_name(game))
        unit = game.with_unit_id(game.new_unit(name, catalog), fresh_id())
        return cls(unit, game=game, catalog=catalog, path=path, exists=False)

    @classmethod
    def open(cls, path: Path, game: GameSystem[U, C, F] | None = None,
             catalog: C | None = None) -> UnitDoc[U, C, F]:
        """The unit file at `path` (of the system it names), or a new unit of `game`
        (default: the default system) to be saved there when the file is missing or
        empty (nothing in it to lose). `game` is only loaded for a new unit."""
        if not is_blank(path):
            return cls.load(path)
        return cls.new(game if game is not None else system(), catalog, path)

    # state
    @property
    def unit(self) -> U:
        return self.history.present

    @property
    def dirty(self) -> bool:
        return self.history.dirty

    @property
    def assessment(self) -> Assessment[U, F]:
        """The present unit folded, priced and checked: once per snapshot."""
        return self.assessment_of(self.unit)

    def assessment_of(self, unit: U) -> Assessment[U, F]:
        """`unit` assessed: the kept assessment when it is the one last assessed."""
        kept = self._assessed
        if kept is None or kept[0] is not unit:
            kept = (unit, self.game.assess(unit, self.catalog))
            self._assessed = kept
        return kept[1]

    @property
    def tally(self) -> Tally:
        return self.assessment.tally

    @property
    def final(self) -> F:
        """The unit's final values, as its system works them out (for the editors)."""
        return self.assessment.final

    @property
    def name(self) -> str:
        return self.game.unit_name(self.unit)

    @property
    def label(self) -> str:
        return f"{self.name} ({display_path(self.path)})"

    def edit(self, unit: U, merge: Hashable | None = None) -> bool:
        return self.history.push(unit, merge)

    def undo(self) -> bool:
        return self.history.undo()

    def redo(self) -> bool:
        return self.history.redo()

    # output
    def data(self, unit: U | None = None, path: Path | None = None) -> dict[str, Any]:
        """What a save writes: the unit as its system writes a unit file."""
        return self.game.unit_data(unit if unit is not None else self.unit)

    def loaded(self) -> LoadedUnit:
        """The present unit as the core's LoadedUnit (for exports), with its assessment."""
        return LoadedUnit(self.game, self.catalog, self.unit, self.path,
                          _assessment=self.assessment)

    def mark_written(self, path: Path, snapshot: U, stamp: FileStamp | None = None) -> None:
        self.path = path
        self.exists = True
        self.history.mark_saved(snapshot)
        self.remember_disk(stamp)


# --- forces --------------------------------------------------------------------------------


class ForceDoc(ForceOnDisk):
    """A force being built: a history of the core's immutable `Force` values and its
    roster file (and what it held: `OnDisk`). Edits are the Force's own methods
    (`with_count`, `without`, ...)."""

    def __init__(self, force: Force, *, path: Path | None = None, exists: bool = True,
                 example: bool = False) -> None:
        self.history: History[Force] = History(force)
        self.path = path
        self.exists = exists and path is not None
        self.example = example
        self.remember_disk()

    # construction
    @classmethod
    def load(cls, path: Path) -> ForceDoc:
        """The roster at `path`; entries whose unit cannot be read open as broken ones, to
        be repaired or removed on the forces screen."""
        return cls(load_roster(path, keep_broken=True), path=path)

    @classmethod
    def new(cls, game: GameSystem, catalog: object | None = None, path: Path | None = None,
            name: str | None = None, cap: int | None = None) -> ForceDoc:
        """An empty force; `cap` (the settings' points cap) stands in for the system's
        default budget when the system has one."""
        name = name or (title_from_stem(path, "New Force") if path else "New Force")
        budgeted = cap is not None and game.force_rules(game.bundled_catalog()).budget
        force = new_force(game, name, cap if budgeted else None, path=path)
        if catalog is not None:
            force = replace(force, catalog=catalog)
        return cls(force, path=path, exists=False)

    @classmethod
    def open(cls, path: Path, game: GameSystem | None = None, catalog: object | None = None,
             cap: int | None = None) -> ForceDoc:
        """The roster at `path`, or a new force of `game` (default: the default system)
        to be saved there (missing or empty)."""
        if not is_blank(path):
            return cls.load(path)
        return cls.new(game if game is not None else system(), catalog, path, cap=cap)

    @classmethod
    def home(cls, game: GameSystem, catalog: object | None = None) -> ForceDoc:
        """The example force the app opens on: the system's first example roster when
        there is one, else every example unit once. Its units are held inline and it has
        no file, so saving it never writes into the bundled catalog."""
        rosters = sorted((examples_dir(game.NAME) / "rosters").glob("*.yaml"))
        if rosters:
            try:
                force = load_roster(rosters[0])
            except InputError:
                pass
            else:
                inline = tuple(replace(e, file=None, source="") for e in force.entries)
                return cls(replace(force, entries=inline, path=None), example=True)
        force = new_force(game, "Example Force")
        if catalog is not None:
            force = replace(force, catalog=catalog)
        force = force.with_entries([ForceEntry(u.assessment, 1) for u in example_units(game)])
        return cls(force, example=True)

    # state
    @property
    def force(self) -> Force:
        return self.history.present

    @property
    def game(self) -> GameSystem:
        return self.force.game

    @property
    def catalog(self) -> object:
        return self.force.catalog

    @property
    def dirty(self) -> bool:
        return self.history.dirty

    @property
    def label(self) -> str:
        where = display_path(self.path) if self.path else (
            "example, not saved" if self.example else "not saved yet")
        return f"{self.force.name} ({where})"

    def edit(self, force: Force, merge: Hashable | None = None) -> bool:
        return self.history.push(force, merge)

    def undo(self) -> bool:
        return self.history.undo()

    def redo(self) -> bool:
        return self.history.redo()

    def entry(self, unit: object, count: int = 1, file: Path | None = None,
              assessment: Assessment | None = None,
              fields: Mapping[str, Any] | None = None) -> ForceEntry:
        """An entry for `unit` (assessed, unless its assessment is given); a unit from a
        file is named by its path from the roster's folder; `fields` are the entry's own
        keys (a copy or a repair keeps those of the entry it comes from; a new entry takes the
        system's defaults). A unit without
        an id (designed from scratch) gets a fresh one."""
        force = self.force
        if force.game.unit_id(unit) is None:
            unit = force.game.with_unit_id(unit, fresh_id())
            assessment = assessment._replace(unit=unit) if assessment is not None else None
        if assessment is None:
            assessment = force.game.assess(unit, force.catalog)
        source = ""
        if file is not None:
            source = (os.path.relpath(file.resolve(), self.path.parent.resolve())
                      .replace(os.sep, "/") if self.path else display_path(file))
        if fields is None:  # a new entry: the system's defaults (a TACTICS sheet's side)
            fields = {spec.key: spec.default for spec in force.entry_specs
                      if spec.default is not None}
        return ForceEntry(assessment, count, file, source, fields=dict(fields))

    # output
    def exported(self) -> Force:
        """The present force as the exports see it: with the roster's path."""
        return replace(self.force, path=self.path)

    def data(self, force: Force | None = None, path: Path | None = None,
             inline: bool = False) -> dict[str, Any]:
        """The roster file's data; unit paths relative to where it is written. `inline`
        writes every unit into the roster itself (a self-contained copy)."""
        force = force or self.force
        if inline:
            force = force.with_entries([replace(e, file=None, source="")
                                        for e in force.entries])
        target = path or self.path
        return roster_data(force, base=target.parent if target else None)

    def mark_written(self, path: Path, snapshot: Force, stamp: FileStamp | None = None
                     ) -> None:
        self.path = path
        self.exists = True
        self.example = False
        self.history.mark_saved(snapshot)
        self.remember_disk(stamp)


@dataclass
class EntryLink:
    """The force entry a designer was opened on: closing hands the unit back to it."""

    force: ForceDoc
    index: int

    @property
    def entry(self) -> ForceEntry:
        return self.force.force.entries[self.index]

    def apply(self, unit: object, assessment: Assessment | None = None) -> bool:
        entry = self.entry
        if unit == entry.unit:
            return False
        force = self.force.force
        assessment = assessment or force.game.assess(unit, force.catalog)
        return self.force.edit(force.replaced(self.index, replace(entry, assessment=assessment)))


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


def example_units(game: GameSystem) -> list[LoadedUnit]:
    """The system's bundled example units that load."""
    folder = examples_dir(game.NAME) / "units"
    out = []
    for path in sorted(folder.glob("*.yaml")):
        try:
            out.append(load_unit_file(path))
        except InputError:
            continue
    return out


def kind_of(path: Path) -> str:
    """'roster' or 'unit': what a YAML file holds, as its game system reads it."""
    data = load_mapping(path, "unit or roster")
    return "roster" if is_roster_data(data, path) else "unit"


def holds_unit_of(path: Path, game: GameSystem) -> bool:
    """Whether the YAML file at `path` holds a unit of `game` (what a force of it can
    add); False for anything else or anything unreadable."""
    try:
        data = load_mapping(path, "unit")
        return system_of(data, path).NAME == game.NAME and not game.is_roster(data)
    except InputError:
        return False
