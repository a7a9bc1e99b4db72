"""What the TUI tests compare a saved unit by: without the id a unit designed from
scratch is given (a random one, checked), or a bundled example's stable id."""

from __future__ import annotations

import uuid
from typing import Any


def designed(data: dict[str, Any]) -> dict[str, Any]:
    """A saved unit designed from scratch, without the fresh random id it was given."""
    rest = dict(data)
    assert uuid.UUID(rest.pop("id")).version == 4
    return rest


def without_id(data: dict[str, Any]) -> dict[str, Any]:
    """A unit file's data but its stable id (a bundled example's, to compare a design to)."""
    return {key: value for key, value in data.items() if key != "id"}
