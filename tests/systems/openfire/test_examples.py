"""The bundled examples: their totals, legal, warnings explained in their comments, and
covering what the design asks of them between them."""

from __future__ import annotations

import pytest

from designer.systems import examples_dir
from designer.units import load_unit_file
from tests.systems.openfire.conftest import OPENFIRE

UNITS = sorted((examples_dir("openfire") / "units").glob("*.yaml"))
EXPECTED = {"Ash Rangers": 74, "Magma Wyrm": 50, "Ash Crawler": 34, "Dust Kite": 39,
            "Warden Patrol": 71, "Captain Ilse Marr": 21, "Convoy Crawler": 41,
            "Scrap Pickers": 52}


@pytest.mark.parametrize("path", UNITS, ids=lambda p: p.stem)
def test_example_total_and_legality(path):
    tally = load_unit_file(path).tally
    assert tally.errors == []
    text = path.read_text()
    for warning in tally.warnings:
        assert warning.code in text, f"{path.name}: {warning.line()} not explained"
    assert tally.total == EXPECTED[tally.name]
    assert f"Total {tally.total}" in text or f"= {tally.total}" in text


def test_examples_cover_the_design():
    assessed = [load_unit_file(p).assessment for p in UNITS]
    assert len(assessed) >= 6
    finals = {a.unit.name: a.final for a in assessed}
    rangers = finals["Ash Rangers"]
    assert rangers.catalog.module is None  # core only
    assert rangers.figures[0].leader and rangers.figures[0].has("Skilled")
    wyrm = finals["Magma Wyrm"].figures[0]
    assert wyrm.count == 1 and wyrm.x("Heavy Armour") == 2 and any(
        s.x("Rending") for a in wyrm.weapons for s in a.shots)
    crawler = finals["Ash Crawler"].figures[0]
    assert crawler.vehicle and crawler.x("Transport") == 6
    kite = finals["Dust Kite"].figures[0]
    assert kite.has("Aircraft") and isinstance(kite.mov, tuple)
    patrol = finals["Warden Patrol"]
    assert all(f.profile for f in patrol.figures) and all(f.upgrades for f in patrol.figures)


def test_examples_round_trip():
    for path in UNITS:
        loaded = load_unit_file(path)
        data = OPENFIRE.unit_data(loaded.unit)
        again = OPENFIRE.parse_unit(data, loaded.catalog)
        assert OPENFIRE.unit_data(again) == data
