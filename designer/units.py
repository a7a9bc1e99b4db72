"""Unit files of any game system: read the `system:` key, load that system's catalog,
parse, and assess once."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from designer.errors import InputError
from designer.io import load_mapping, refuse_boolean_keys, require_mapping
from designer.systems import DEFAULT_SYSTEM, Assessment, GameSystem, system
from designer.systems.identity import derived_id
from designer.tally import Tally

U = TypeVar("U")  # the system's unit
C = TypeVar("C")  # its catalog


@dataclass
class LoadedUnit(Generic[U, C]):
    """A unit with its system and catalog; `assessment` is worked out on first use and
    kept, so a unit is folded and priced once however many views draw it. Read from a
    file, its types are those of the system the file names: unknown until it is read."""

    system: GameSystem[U, C, Any]
    catalog: C
    unit: U
    path: Path | None = None
    _assessment: Assessment[U, Any] | None = field(default=None, repr=False, compare=False)

    @property
    def assessment(self) -> Assessment[U, Any]:
        if self._assessment is None:
            self._assessment = self.system.assess(self.unit, self.catalog)
        return self._assessment

    @property
    def tally(self) -> Tally:
        return self.assessment.tally


def system_of(data: dict, file: str | Path | None,
              default: str = DEFAULT_SYSTEM) -> GameSystem:
    """The system a unit or roster file names (`system:`), else `default`."""
    name = data.get("system", default)
    if not isinstance(name, str):
        raise InputError(f"expected a system name, got {name!r}", file=file, field="system")
    return system(name, file=file)


def parse_unit_data(data: Any, *, file: str | Path | None = None,
                    field_prefix: str = "", default: str = DEFAULT_SYSTEM,
                    shared: dict[str, Any] | None = None) -> LoadedUnit[Any, Any]:
    """A unit from loaded YAML, of the system its `system:` key names, else `default`.
    An inline unit in a roster takes the roster's system and `shared` keys (those of the
    system's SHARED_KEYS the roster gives) when it gives none of its own. A unit whose
    data keeps no `id:` gets the one derived from its system and name."""
    mapping = require_mapping(data, "unit", file=file)
    own = system_of(mapping, file, default)
    if not field_prefix and own.is_roster(mapping):
        raise InputError("is a roster (it lists units:), not a unit; use `designer check` "
                         "for a force", file=file)
    if shared:
        mapping = {**{k: v for k, v in shared.items() if k in own.SHARED_KEYS}, **mapping}
    refuse_boolean_keys(mapping, file, own.BOOLEAN_KEY_FIX, field_prefix)
    catalog = own.catalog_for(mapping, file)
    unit = own.parse_unit(mapping, catalog, file=file, field_prefix=field_prefix)
    if own.unit_id(unit) is None:
        unit = own.with_unit_id(unit, derived_id(own.NAME, own.unit_name(unit)))
    return LoadedUnit(own, catalog, unit, Path(file) if file else None)


def is_roster_data(data: dict[str, Any], file: str | Path | None = None) -> bool:
    """Whether a unit-or-roster file's data is a roster, as its system reads it."""
    return system_of(data, file).is_roster(data)


def load_unit_file(path: str | Path) -> LoadedUnit[Any, Any]:
    return parse_unit_data(load_mapping(path, "unit"), file=path)
