"""An undo history of immutable snapshots: what every document (`designer.documents`)
keeps. Undo and redo move along the history; a document is dirty while its present
snapshot differs from the one last written to disk.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

T = TypeVar("T")


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
    def dirty(self) -> bool:
        """Whether the present differs from what was saved: a count raised and lowered
        again is back to the saved force, whichever snapshot holds it."""
        return self.present is not self.saved and self.present != self.saved

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
        """Step back; False when there is nothing to undo."""
        if not self._past:
            return False
        self._future.append(self.present)
        self.present = self._past.pop()
        self._merge = None
        return True

    def redo(self) -> bool:
        """Step forward again; False when there is nothing to redo."""
        if not self._future:
            return False
        self._past.append(self.present)
        self.present = self._future.pop()
        self._merge = None
        return True

    def seal(self) -> None:
        """End the present undo step: the next edit starts one of its own, whatever its
        merge key (typing into a field again after leaving it)."""
        self._merge = None

    def mark_saved(self, snapshot: T) -> None:
        self.saved = snapshot
        self._merge = None
