"""The stable id a unit file keeps (`id:`), so what links to a unit (an army-list tool's
roster, a BattleScribe selection) still finds it after a rename.

A system's unit model inherits `UnitId` and writes the id last in its file data
(`identified`). A unit read from a file without one gets `derived_id` (the same for the
same system and name, so an unsaved file gives the same id on every read) and keeps it
from its next save or export on; a unit designed from scratch gets a `fresh_id`.

Annotations here are objects, not text (no `from __future__ import annotations`):
pydantic takes each field's type as it is instead of evaluating its text, a third of
what making a model costs when the module is imported."""

import uuid
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

#: the namespace of derived ids: the same system and unit name give the same id
NAMESPACE = uuid.UUID("8d3c1f4e-2b6a-5f0d-9c7e-41a2b3c4d5e6")
ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$"

UnitIdText = Annotated[str, Field(pattern=ID_PATTERN, description=(
    "the unit's stable id (letters, digits, '.', '_', ':', '-'; at most 64), written on "
    "first save or export; keep it when renaming so army-list tools still find the unit"))]


class UnitId(BaseModel):
    """The `id:` field a unit model shares with every system's."""

    # built with the system's unit model that inherits it, never on its own
    model_config = ConfigDict(defer_build=True)

    id: UnitIdText | None = None

    def identified(self, data: dict[str, Any]) -> dict[str, Any]:
        """`data` (the unit's file data) with the id last, when the unit has one."""
        if self.id is not None:
            data["id"] = self.id
        return data


def derived_id(system: str, name: str) -> str:
    """The id of a unit whose file keeps none yet."""
    return str(uuid.uuid5(NAMESPACE, f"{system}\x1f{name}"))


def fresh_id() -> str:
    """The id of a unit designed from scratch."""
    return str(uuid.uuid4())
