"""Fixtures of the Op-En tests: the bundled Hollowmere catalog, and characters built from
a clean Rank 3 Warden (legal, no findings) with fields changed."""

from __future__ import annotations

from typing import Any

import pytest

from designer.systems import system

OPEN = system("op-en")

#: Rank 3 Warden, Walker, Drilled, Whirl, Hatchet and Sling: legal and warning-free.
#: 82 = Rank 8 + stats 55 (5+10+8+8+6+6+4+8) + Walker 2 + Drilled 2 + Whirl 10 (Fight)
#:      + Hatchet 3 + Sling 2
CLEAN: dict[str, Any] = {
    "system": "op-en", "setting": "hollowmere", "name": "Test Warden", "core_stat": "fight",
    "rank": 3, "form": "Walker",
    "stats": {"fight": 10, "toughness": 8, "shoot": 8, "agility": 6, "intellect": 6,
              "grit": 4},
    "trait": "Drilled", "skills": ["Whirl"], "equipment": ["Hatchet", "Sling"],
}

RANK_STATS = {
    1: {"fight": 8, "toughness": 6, "shoot": 6, "agility": 4, "intellect": 4, "grit": 4},
    2: {"fight": 8, "toughness": 8, "shoot": 6, "agility": 6, "intellect": 4, "grit": 4},
    3: CLEAN["stats"],
    4: {"fight": 12, "toughness": 8, "shoot": 6, "agility": 8, "intellect": 10, "grit": 6},
}


@pytest.fixture(scope="session")
def hollowmere() -> Any:
    return OPEN.bundled_catalog()


def data(**fields: Any) -> dict[str, Any]:
    """CLEAN with `fields` changed; a field set to None is removed. A new rank brings that
    rank's values in the card's order unless `stats` is given; Rank 1 and 2 drop the
    Skill."""
    out = {k: (list(v) if isinstance(v, list) else v) for k, v in CLEAN.items()}
    rank = fields.get("rank")
    if rank in RANK_STATS and "stats" not in fields:
        out["stats"] = dict(RANK_STATS[rank])
    if rank in (1, 2) and "skills" not in fields:
        out["skills"] = []
    out.update(fields)
    return {k: v for k, v in out.items() if v is not None}


@pytest.fixture
def make(hollowmere):
    def build(**fields: Any) -> Any:
        return OPEN.parse_unit(data(**fields), hollowmere)

    return build


@pytest.fixture
def assess(hollowmere):
    def run(unit: Any) -> Any:
        return OPEN.assess(unit, hollowmere)

    return run


@pytest.fixture
def codes(make, assess):
    """The finding codes of CLEAN with `fields` changed."""

    def run(**fields: Any) -> list[str]:
        return [i.code for i in assess(make(**fields)).tally.issues]

    return run


@pytest.fixture
def issue(make, assess):
    """The one finding with `code` of CLEAN with `fields` changed."""

    def run(code: str, **fields: Any) -> Any:
        found = [i for i in assess(make(**fields)).tally.issues if i.code == code]
        assert found, f"no {code}"
        return found[0]

    return run
