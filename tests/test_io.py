"""Saves are atomic: a failed write leaves the old file whole and no litter behind."""

from __future__ import annotations

import os

import pytest

from designer.io import load_yaml, save_yaml, write_atomic
from designer.systems import system

OT = system("opentactics")


def test_write_atomic_replaces_the_file(tmp_path):
    path = tmp_path / "unit.yaml"
    path.write_text("old")
    write_atomic(path, "new")
    assert path.read_text() == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["unit.yaml"]


def test_failed_write_keeps_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "unit.yaml"
    path.write_text("precious")

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        write_atomic(path, "half-written")
    assert path.read_text() == "precious"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["unit.yaml"]


def test_write_keeps_file_permissions(tmp_path):
    path = tmp_path / "unit.yaml"
    path.write_text("x")
    path.chmod(0o600)
    write_atomic(path, "y")
    assert path.stat().st_mode & 0o777 == 0o600


def test_unit_round_trips_through_its_file(tmp_path, catalog, make_unit):

    unit = make_unit(name="Round Trip", types=["Infantry", {"name": "Kobold",
                                                           "category": "species"}],
                     athletics=3, flight=True,
                     skills={"melee": {"off_dice": 2, "off_bumps": [1], "range": 1}},
                     equipment=[{"item": "Heavy Armor", "bumps": "raise"},
                                {"item": "Polearm", "abilities": ["Impale"]}],
                     abilities=[{"name": "Stealth", "rank": 2},
                                {"name": "Oath", "cost": 3, "text": "Words."}])
    path = save_yaml(tmp_path / "rt.yaml", unit.to_data())
    again = OT.parse_unit(load_yaml(path), catalog)
    assert again == unit
    assert OT.assess(again, catalog).tally.total == OT.assess(unit, catalog).tally.total
