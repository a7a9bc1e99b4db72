"""Unit files of any game system: read the `system:` key, load that system's catalog,
parse and price."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from designer.errors import InputError
from designer.io import load_mapping, require_mapping
from designer.systems import DEFAULT_SYSTEM, GameSystem, bundled_catalog, system
from designer.tally import Tally


@dataclass
class LoadedUnit:
    system: GameSystem
    catalog: Any
    unit: Any
    path: Path | None = None

    def price(self) -> Tally:
        return self.system.price(self.unit, self.catalog)


def system_of(data: dict, file: str | Path | None) -> GameSystem:
    name = data.get("system", DEFAULT_SYSTEM)
    if not isinstance(name, str):
        raise InputError(f"expected a system name, got {name!r}", file=file, field="system")
    return system(name, file=file)


def parse_unit_data(data: Any, *, file: str | Path | None = None,
                    field_prefix: str = "") -> LoadedUnit:
    mapping = require_mapping(data, "unit", file=file)
    game = system_of(mapping, file)
    catalog = bundled_catalog(game.NAME)
    unit = game.parse_unit(mapping, catalog, file=file, field_prefix=field_prefix)
    return LoadedUnit(game, catalog, unit, Path(file) if file else None)


def load_unit_file(path: str | Path) -> LoadedUnit:
    return parse_unit_data(load_mapping(path, "unit"), file=path)
