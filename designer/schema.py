"""JSON Schemas of the file formats, generated from the pydantic models: the roster
format (shared by every system) in `schemas/`, each system's unit and catalog formats in
`schemas/<system>/`."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from designer.io import file_schema, write_atomic
from designer.systems import system, system_names


def schemas(names: Sequence[str] | None = None) -> dict[str, dict]:
    """{relative file name: schema} for the roster and each system in `names` (all)."""
    from designer.roster import RosterFile

    out = {"roster.schema.json": file_schema(RosterFile)}
    for name in names if names is not None else system_names():
        for kind, schema in system(name).json_schemas().items():
            out[f"{name}/{kind}.schema.json"] = schema
    return out


def schema_text(schema: dict) -> str:
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def default_schema_dir() -> Path:
    return Path.cwd() / "schemas"


def write_schemas(out: Path, names: Sequence[str] | None = None) -> list[Path]:
    return [write_atomic(out / name, schema_text(schema))
            for name, schema in schemas(names).items()]
