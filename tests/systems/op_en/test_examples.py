"""The bundled examples: their totals worked by hand, legal, warning-free unless the file
says why, and covering the model between them."""

from __future__ import annotations

import pytest

from designer.systems import examples_dir
from designer.systems.op_en.catalog import Item
from designer.units import load_unit_file
from tests.systems.op_en.conftest import OPEN

UNITS = sorted((examples_dir("op-en") / "units").glob("*.yaml"))

# Worked by hand (Rank Cost = rank Cost + the eight final stats; then Form, Trait, each
# Skill, Ability and item):
#   Oriel Vane   R4  12 + (5+12+8+6+8+10+8+8 = 65) + Walker 2 + Lantern-sworn 5 + Rally 8
#                    + Commanding Presence 6 + Duelist 12 + Longblade 12 + Scale Hauberk 6
#                    + Buckler 2 + Poultice 2                                       = 132
#   Brannoc Tull R3  8 + (5+12+10+4+6+4+8+12 = 61) + Marsh Hulk 8 + Ironhide 4
#                    + Shield Bash 12 + Long Arms 0 + Reed Pike 5 + Tower Shield 10
#                    + Padded Coat 3                                                = 111
#   Sefa Quill   R3  8 + (6+10+4+10+10+6+4+7 = 57) + Longstrider 4 + Quickhand 3
#                    + Steady Aim 10 + Arbalest 10 + Hatchet 3 + Smoke Pot 3        = 98
#   Wick Harrow  R2  4 + (5+8+6+4+4+10+6+10 = 53) + Stoutling 4 + Fen-wise 3 + Hatchet 3
#                    + Sling 2 + Signal Lantern 10 + Grapnel and Line 2             = 81
#   Tamsin Reed  R2  4 + (6+8+4+8+8+4+4+7 = 49) + Longstrider 4 + Drilled 2
#                    + Hunting Bow 8 + Hatchet 3 + Padded Coat 3                    = 73
#   Moss         R1  0 + (5+8+6+6+4+4+4+8 = 45) + Walker 2 + Throwing Knives 2
#                    + Padded Coat 3                                                = 52
#   Pell Dunmore R1  0 + (4+8+10+4+4+4+4+11 = 49) + Stoutling 4 + Ironhide 4 + Hatchet 3
#                    + Buckler 2                                                    = 62
EXPECTED = {"Oriel Vane": 132, "Brannoc Tull": 111, "Sefa Quill": 98, "Wick Harrow": 81,
            "Tamsin Reed": 73, "Moss": 52, "Pell Dunmore": 62}


@pytest.mark.parametrize("path", UNITS, ids=lambda p: p.stem)
def test_example_total_and_legality(path):
    loaded = load_unit_file(path)
    tally = loaded.tally
    assert tally.errors == []
    text = path.read_text()
    for warning in tally.warnings:
        assert warning.code in text, f"{path.name}: {warning.line()} not explained"
    assert tally.total == EXPECTED[tally.name]
    assert str(tally.total) in text  # the worked total is in the file's comment


def test_the_leader_matches_its_printed_cost():
    tally = load_unit_file(examples_dir("op-en") / "units" / "oriel-vane.yaml").tally
    assert tally.printed == tally.total == 132


def test_examples_cover_the_model():
    assessed = [load_unit_file(p).assessment for p in UNITS]
    assert len(assessed) >= 6
    units = [a.unit for a in assessed]
    finals = [a.final for a in assessed]
    assert {u.rank for u in units} == {1, 2, 3, 4}
    assert {f.name for final in finals for f in final.forms} == {
        "Walker", "Stoutling", "Longstrider", "Marsh Hulk"}
    assert {t.name for final in finals for t in final.traits} == {
        "Drilled", "Fen-wise", "Ironhide", "Quickhand", "Lantern-sworn"}
    talents = [p for final in finals for p in final.talents]
    assert any(p.how == "fixed" for p in talents)  # Commanding Presence
    assert any(p.how.startswith("Fight") for p in talents)  # stat-priced
    assert any(p.granted for p in talents)  # Long Arms from the Marsh Hulk
    items = [p for final in finals for p in final.items]
    assert any(p.how == "fixed" for p in items) and any(p.how[0].isupper() and p.how != "fixed"
                                                        for p in items)
    entries = [p.entry for p in items if isinstance(p.entry, Item)]
    assert any(e.requires.minimums() for e in entries)  # Arbalest, Scale Hauberk
    assert any(e.once_per_of for e in entries)  # Signal Lantern
    assert {e.kind for e in entries} == {"weapon", "armour", "shield", "item", "consumable"}
    assert any(e.reach for e in entries)


def test_examples_round_trip_and_keep_the_spec_keys():
    for path in UNITS:
        loaded = load_unit_file(path)
        data = OPEN.unit_data(loaded.unit)
        assert list(data)[:3] == ["system", "setting", "name"]
        assert set(data) <= {"system", "setting", "name", "cost", "core_stat", "rank", "form",
                             "stats", "trait", "skills", "abilities", "equipment", "notes",
                             "experience", "id"}
        assert list(data)[-1] == "id"  # the stable id is written last
