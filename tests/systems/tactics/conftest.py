"""Fixtures of the TACTICS tests: the bundled table settings, and sheets built from a
clean standard character (legal, no findings) with fields changed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from designer.systems import examples_dir, system

TX = system("tactics")
EXAMPLES = examples_dir("tactics")
UNITS = EXAMPLES / "units"
ROSTERS = EXAMPLES / "rosters"

#: a standard character, legal and warning-free
CLEAN: dict[str, Any] = {
    "system": "tactics", "name": "Test Scout", "kind": "standard", "actions": 3,
    "attributes": {"precision": 12, "endurance": 1, "agility": 2}, "armor": 1,
    "shields": 2,
    "weapons": [{"name": "Carbine", "damage": 13, "precision": 12, "distance": "M"}],
    "maneuvers": ["Aim"], "presses": ["Pin Down"], "reacts": ["Duck"],
}


@pytest.fixture(scope="session")
def table() -> Any:
    return TX.bundled_catalog()


def data(**fields: Any) -> dict[str, Any]:
    """CLEAN with `fields` changed; a field set to None is removed."""
    out = {k: (list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v)
           for k, v in CLEAN.items()}
    out.update(fields)
    return {k: v for k, v in out.items() if v is not None}


def weapon(**fields: Any) -> dict[str, Any]:
    """CLEAN's carbine with `fields` changed; a field set to None is removed."""
    out = {**CLEAN["weapons"][0], **fields}
    return {k: v for k, v in out.items() if v is not None}


@pytest.fixture
def make(table):
    def build(**fields: Any) -> Any:
        return TX.parse_unit(data(**fields), table)

    return build


@pytest.fixture
def assess(table):
    def run(unit: Any) -> Any:
        return TX.assess(unit, table)

    return run


@pytest.fixture
def issues(make, assess):
    """The findings of CLEAN with `fields` changed."""

    def run(**fields: Any) -> list[Any]:
        return assess(make(**fields)).tally.issues

    return run


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path
