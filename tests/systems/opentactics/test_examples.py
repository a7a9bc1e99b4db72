"""The bundled examples: legal, warning-free unless the file says why, and covering the
model between them."""

from __future__ import annotations

import pytest

from designer.systems import examples_dir, system
from designer.systems.opentactics.fold import fold
from designer.units import load_unit_file

OT = system("opentactics")

UNITS = sorted((examples_dir() / "units").glob("*.yaml"))
EXPECTED_TOTALS = {
    "Ash Warden": 38, "Cinder Drake": 73, "Gearwright Walker": 69, "Iron Lancer": 53,
    "Levy Spearman": 17, "Lich Seer": 62, "Mountain Titan": 56, "Sky Corsair": 48,
    "Steam Witch": 60, "Storm Caller": 27,
}


@pytest.fixture(scope="module")
def examples(catalog):
    return [load_unit_file(path).unit for path in UNITS]


def test_at_least_eight_of_our_own_plus_the_steam_witch(examples):
    names = {u.name for u in examples}
    assert "Steam Witch" in names
    assert len(names - {"Steam Witch"}) >= 8


@pytest.mark.parametrize("path", UNITS, ids=lambda p: p.stem)
def test_example_is_legal_without_unexplained_warnings(path, catalog):
    unit = load_unit_file(path).unit
    tally = OT.assess(unit, catalog).tally
    assert tally.errors == []
    if tally.warnings:
        text = path.read_text()
        for warning in tally.warnings:
            assert warning.code in text, f"{path.name}: {warning.line()} not explained"
    assert tally.total == EXPECTED_TOTALS[unit.name]


def test_examples_cover_the_model(examples, catalog):
    finals = [fold(u, catalog) for u in examples]
    skills_used = {s for f in finals for (s, side), p in f.pools.items()
                   if side == "off" and p.dice}
    assert skills_used == {"melee", "ballistic", "arcane", "technical"}
    categories = [t for f in finals for t in f.types]
    tactical = {t.name for t in categories if t.category == "tactical"}
    assert tactical == {"Infantry", "Cavalry", "Monster", "Vehicle", "Behemoth"}
    assert any(t.category == "elemental" for t in categories)
    assert any(sum(t.category == "occupation" for t in f.types) >= 2 for f in finals)
    assert any(f.flies for f in finals)
    assert any(u.equipment for u in examples)
    picked = [a for f in finals for a in f.abilities]
    assert any(a.entry and a.entry.ranked for a in picked)
    formulas = {str(a.entry.cost) for a in picked if a.entry}
    assert {"R*1", "R*2", "BO*4", "AO*2", "AR*2", "R*AR"} <= formulas


def test_example_rosters(catalog):
    from designer.roster import load_roster

    raid = load_roster(examples_dir() / "rosters" / "northern-raid.yaml")
    assert raid.unit_count >= 10
    assert raid.total == 337
    assert raid.legal
    folly = load_roster(examples_dir() / "rosters" / "titans-folly.yaml")
    assert folly.total == 327
    assert folly.over_cap
    assert [i.code for i in folly.issues] == ["E-OVER-CAP"]
