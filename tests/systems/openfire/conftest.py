"""Fixtures of the Open Fire tests: the bundled core, the Ash Wastes module, and units
built from plain data."""

from __future__ import annotations

from typing import Any

import pytest

from designer.systems import system

OPENFIRE = system("openfire")

#: a plain core-only trooper: MOV 6, SKL/DEF/CMD 7, HP 5, a 24" rifle; legal, no findings
TROOPER: dict[str, Any] = {
    "name": "Trooper", "mov": 6, "skl": 7, "def": 7, "cmd": 7, "hp": 5,
    "weapons": [{"name": "Rifle", "rng": 24, "att": 2, "dmg": 1, "prc": 1}],
}


def unit_data(*models: dict[str, Any], **fields: Any) -> dict[str, Any]:
    """A unit of `models` (default: one TROOPER), with top-level `fields`."""
    return {"system": "openfire", "name": "Test Unit",
            "models": [dict(m) for m in models] or [dict(TROOPER)], **fields}


def trooper(**changes: Any) -> dict[str, Any]:
    """TROOPER with fields changed; a field set to None is removed."""
    out = {**TROOPER, **changes}
    return {k: v for k, v in out.items() if v is not None}


@pytest.fixture(scope="session")
def core() -> Any:
    return OPENFIRE.bundled_catalog()


@pytest.fixture(scope="session")
def wastes() -> Any:
    return OPENFIRE.catalog_for({"module": "ash-wastes"})


def assess_data(data: dict[str, Any]) -> Any:
    catalog = OPENFIRE.catalog_for(data)
    return OPENFIRE.assess(OPENFIRE.parse_unit(data, catalog), catalog)


def codes(data: dict[str, Any]) -> list[str]:
    return [i.code for i in assess_data(data).tally.issues]


def issue(data: dict[str, Any], code: str) -> Any:
    found = [i for i in assess_data(data).tally.issues if i.code == code]
    assert found, f"no {code} in {codes(data)}"
    return found[0]
