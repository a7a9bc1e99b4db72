"""The JSON Schemas in schemas/ match the models; a stale one fails here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from designer.cli import main
from designer.schema import schema_text, schemas
from designer.systems import system_names

SCHEMA_DIR = Path(__file__).resolve().parent.parent / "schemas"


@pytest.mark.parametrize("name", sorted(schemas()))
def test_committed_schema_is_current(name):
    committed = (SCHEMA_DIR / name).read_text(encoding="utf-8")
    assert committed == schema_text(schemas()[name]), (
        f"schemas/{name} is stale: run `designer schema`")


def test_every_system_has_unit_and_catalog_schemas():
    names = set(schemas())
    for system in system_names():
        assert {f"{system}/unit.schema.json", f"{system}/catalog.schema.json"} <= names


def test_schema_command_writes_the_roster_and_each_systems_formats(tmp_path, capsys):
    assert main(["schema", "--out", str(tmp_path)]) == 0
    written = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*.json"))
    assert written == sorted(["roster.schema.json", *(f"{name}/{kind}.schema.json"
                                                      for name in system_names()
                                                      for kind in ("unit", "catalog"))])
    unit = json.loads((tmp_path / "opentactics" / "unit.schema.json").read_text())
    assert unit["title"] == "Unit"
    assert set(unit["properties"]) >= {"name", "skills", "abilities", "equipment", "types"}
    assert "wrote" in capsys.readouterr().out


def test_schema_for_one_system(tmp_path):
    assert main(["schema", "--system", "opentactics", "--out", str(tmp_path)]) == 0
    assert (tmp_path / "opentactics" / "unit.schema.json").is_file()


def test_schema_for_an_unknown_system_is_an_input_error(tmp_path, capsys):
    assert main(["schema", "--system", "chess", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == ("designer: error: --system: unknown game system 'chess'; "
                   f"choose one of: {', '.join(system_names())}")
    assert not any(tmp_path.iterdir())
