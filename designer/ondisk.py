"""What a document's file held when it was read or last written, so that a save can
tell that someone changed the file since (another designer, an editor, a sync) and ask
instead of overwriting it, as editors do."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from designer.errors import InputError
from designer.io import FileStamp, changed_since, file_stamp, save_yaml
from designer.roster import Force, load_roster
from designer.units import load_unit_file

if TYPE_CHECKING:
    from designer.history import History
    from designer.systems import GameSystem

T = TypeVar("T")  # what the document holds: a unit, a force
C = TypeVar("C")  # a unit's catalog


class ChangedOnDisk(InputError):
    """The document's file changed since it was read: writing would lose that change."""


class OnDisk(Generic[T]):
    """Mixed into the documents, which have a `path` and a `history`, and say how to read
    their file again (`read_again`)."""

    path: Path | None
    history: History[T]
    #: the file as it was when last read or written here (None: there was no file)
    disk: FileStamp | None = None

    def remember_disk(self, stamp: FileStamp | None = None) -> None:
        """Take note of the file as it now is (or as `stamp` saw it just now)."""
        self.disk = stamp or (file_stamp(self.path) if self.path is not None else None)

    def outside_change(self, path: Path | None = None) -> bool:
        """Whether writing the document to `path` (default: its own file) would overwrite
        a change made to that file since it was read or written here."""
        target = path or self.path
        if target is None or self.path is None:
            return False
        try:
            own = Path(target).resolve() == self.path.resolve()
        except (OSError, RuntimeError):
            own = False
        return own and changed_since(target, self.disk)

    def refuse_outside_change(self, path: Path | None = None) -> None:
        if self.outside_change(path):
            raise ChangedOnDisk("was changed on disk since it was read here; not "
                                "overwritten (save it from its screen, ctrl+s, to choose)",
                                file=path or self.path)

    def write(self, path: Path, data: dict[str, Any], *, overwrite: bool = False
              ) -> FileStamp | None:
        """Write `data` to `path` atomically; the file as written. ChangedOnDisk when
        that would overwrite a change made to the file since it was read here, unless
        the user chose to (`overwrite`)."""
        if not overwrite:
            self.refuse_outside_change(path)
        save_yaml(path, data)
        return file_stamp(path)

    def save(self, path: Path | None = None, snapshot: T | None = None) -> Path:
        """Write `snapshot` (default: the present) to `path` (default: its own file); it
        becomes the saved one. ChangedOnDisk when the file was changed since it was read
        here."""
        target = path or self.path
        if target is None:
            raise InputError("no file to save to; use Save as")
        snapshot = snapshot if snapshot is not None else self.history.present
        self.mark_written(target, snapshot, self.write(target, self.data(snapshot, target)))
        return target

    def data(self, snapshot: T | None = None, path: Path | None = None) -> dict[str, Any]:
        """What a save of `snapshot` to `path` writes."""
        raise NotImplementedError

    def mark_written(self, path: Path, snapshot: T, stamp: FileStamp | None = None) -> None:
        """`snapshot` is what the file at `path` (as `stamp` saw it) now holds."""
        raise NotImplementedError

    def reload(self) -> None:
        """The file as it now is becomes the present, saved snapshot; the edits it
        replaces stay one undo (ctrl+z) away."""
        snapshot = self.read_again()
        self.history.push(snapshot)
        self.history.mark_saved(self.history.present)
        self.remember_disk()

    def read_again(self) -> T:
        raise NotImplementedError


class UnitOnDisk(OnDisk[T], Generic[T, C]):
    """A unit's document: read again, it is the unit file's unit (of the same system)."""

    game: GameSystem[T, C, Any]
    catalog: C

    def read_again(self) -> T:
        loaded = load_unit_file(self.path) if self.path else None
        if loaded is None or loaded.system.NAME != self.game.NAME:
            raise InputError("now holds no unit of this system; open it (ctrl+o)",
                             file=self.path)
        self.catalog = loaded.catalog
        return loaded.unit


class ForceOnDisk(OnDisk[Force]):
    """A force's document: read again, it is the roster file's force (of the same
    system)."""

    @property
    def game(self) -> GameSystem:
        raise NotImplementedError

    def read_again(self) -> Force:
        force = load_roster(self.path, keep_broken=True) if self.path else None
        if force is None or force.game.NAME != self.game.NAME:
            raise InputError("now holds no force of this system; open it (ctrl+o)",
                             file=self.path)
        return force
