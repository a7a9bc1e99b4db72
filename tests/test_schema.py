"""The JSON Schemas in schemas/ match the models; a stale one fails here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from designer.cli import main
from designer.schema import SCHEMA_FILES, schema_text, schemas

SCHEMA_DIR = Path(__file__).resolve().parent.parent / "schemas"


@pytest.mark.parametrize("name", SCHEMA_FILES)
def test_committed_schema_is_current(name):
    committed = (SCHEMA_DIR / f"{name}.schema.json").read_text(encoding="utf-8")
    assert committed == schema_text(schemas()[name]), (
        f"schemas/{name}.schema.json is stale: run `designer schema`")


def test_schema_command_writes_all_three(tmp_path, capsys):
    assert main(["schema", "--out", str(tmp_path)]) == 0
    written = sorted(p.name for p in tmp_path.iterdir())
    assert written == ["catalog.schema.json", "roster.schema.json", "unit.schema.json"]
    unit = json.loads((tmp_path / "unit.schema.json").read_text())
    assert unit["title"] == "Unit"
    assert set(unit["properties"]) >= {"name", "skills", "abilities", "equipment", "types"}
    assert "wrote" in capsys.readouterr().out
