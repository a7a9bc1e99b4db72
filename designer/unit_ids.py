"""Writing a unit's stable id (`id:`) into the files that keep none yet, so the unit keeps
it when renamed: the unit file itself, or a roster's inline units (`units:` entries whose
`unit:` is a mapping). The rest of each file is kept as written, comments included."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from designer.errors import InputError
from designer.io import load_mapping, save_yaml
from designer.systems import DEFAULT_SYSTEM
from designer.units import is_roster_data, parse_unit_data


def keep_ids(path: str | Path) -> bool:
    """Add the id each unit of the unit or roster file at `path` was given to the file when
    it keeps none. True when the file changed; a file that cannot be read back or written
    (read-only, installed with the program) is left as it is, and its units keep the ids
    derived from their names."""
    try:
        data = load_mapping(path, "unit or roster")
        changed = _with_ids(data, path)
        if changed is None:
            return False
        save_yaml(path, changed)
    except (InputError, OSError):
        return False
    return True


def _with_ids(data: dict[str, Any], path: str | Path) -> dict[str, Any] | None:
    """`data` with the missing ids added, or None when none is missing."""
    if not is_roster_data(data, path):
        return None if "id" in data else {**data, "id": _id_of(data, path)}
    units = data.get("units")
    if not isinstance(units, list):
        return None
    entries, changed = [], False
    for entry in units:
        inline = entry.get("unit") if isinstance(entry, dict) else None
        if isinstance(inline, dict) and "id" not in inline:
            shared = {k: v for k, v in data.items() if k != "units"}
            loaded = parse_unit_data(inline, file=path, field_prefix="units",
                                     default=str(data.get("system", DEFAULT_SYSTEM)),
                                     shared=shared)
            unit_id = loaded.system.unit_id(loaded.unit)
            if unit_id is not None:
                entry = {**entry, "unit": {**inline, "id": unit_id}}
                changed = True
        entries.append(entry)
    return {**data, "units": entries} if changed else None


def _id_of(data: dict[str, Any], path: str | Path) -> Any:
    loaded = parse_unit_data(data, file=path)
    unit_id = loaded.system.unit_id(loaded.unit)
    if unit_id is None:  # a system whose units keep no id
        raise InputError("keeps no id", file=path)
    return unit_id
