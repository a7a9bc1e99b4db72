"""JSON Schemas of the file formats, generated from the pydantic models."""

from __future__ import annotations

import json
from pathlib import Path

from designer.io import write_atomic

SCHEMA_FILES = ("unit", "roster", "catalog")


def schemas() -> dict[str, dict]:
    from designer.roster import RosterFile
    from designer.systems.opentactics.catalog import CatalogModel
    from designer.systems.opentactics.models import Unit

    return {
        "unit": Unit.model_json_schema(),
        "roster": RosterFile.model_json_schema(),
        "catalog": CatalogModel.model_json_schema(),
    }


def schema_text(schema: dict) -> str:
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def default_schema_dir() -> Path:
    return Path.cwd() / "schemas"


def write_schemas(out: Path) -> list[Path]:
    written = []
    for name, schema in schemas().items():
        written.append(write_atomic(out / f"{name}.schema.json", schema_text(schema)))
    return written
