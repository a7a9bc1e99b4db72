"""JSON and YAML exports: totals and breakdowns, and YAML that loads back as the same
unit or roster wherever it is saved."""

from __future__ import annotations

import json

import pytest
import yaml

from designer.export import export_path, load_doc, render
from designer.roster import load_roster
from designer.systems import examples_dir
from designer.units import load_unit_file

UNITS = examples_dir() / "units"
ROSTERS = examples_dir() / "rosters"


def test_unit_json_has_total_breakdown_and_final_values():
    data = json.loads(render(load_doc(UNITS / "iron-lancer.yaml"), "json"))
    assert data["kind"] == "unit" and data["name"] == "Iron Lancer"
    assert data["total"] == 53 == sum(line["points"] for line in data["breakdown"])
    assert data["legal"] is True and data["errors"] == []
    assert {"step": "bumps", "item": "Melee DEF +3 (Heavy Armor)", "points": 12} in \
        data["breakdown"]
    assert data["final"]["skills"]["melee"] == {"off_dice": 3, "off_bumps": [],
                                                "def_dice": 2, "def_bumps": [3],
                                                "range": 2}
    assert data["unit"]["equipment"] == [{"item": "Polearm", "abilities": ["Impale"]},
                                         {"item": "Heavy Armor", "bumps": "raise"}]
    assert sum(data["step_totals"].values()) == 53


def test_roster_json_has_totals_and_each_unit():
    data = json.loads(render(load_doc(ROSTERS / "titans-folly.yaml"), "json"))
    assert data["kind"] == "roster"
    assert (data["total"], data["points_cap"], data["remaining"]) == (327, 300, -27)
    assert data["legal"] is False
    assert [e["code"] for e in data["errors"]] == ["E-OVER-CAP"]
    assert [(e["name"], e["count"], e["points"], e["subtotal"]) for e in data["entries"]] == [
        ("Mountain Titan", 2, 56, 112), ("Cinder Drake", 2, 73, 146),
        ("Gearwright Walker", 1, 69, 69)]
    for entry in data["entries"]:
        assert sum(line["points"] for line in entry["breakdown"]) == entry["points"]
        assert entry["unit"]["name"] == entry["name"]


@pytest.mark.parametrize("path", sorted(UNITS.glob("*.yaml")), ids=lambda p: p.stem)
def test_unit_yaml_round_trips_to_the_same_unit_and_total(tmp_path, path):
    original = load_unit_file(path)
    written = export_path(path, "yaml", out=tmp_path)
    again = load_unit_file(written)
    assert again.unit.to_data() == original.unit.to_data()
    assert again.tally.total == original.tally.total
    assert again.tally.breakdown == original.tally.breakdown


@pytest.mark.parametrize("roster", ["northern-raid.yaml", "titans-folly.yaml"])
def test_roster_yaml_loads_back_from_another_folder(tmp_path, roster):
    original = load_roster(ROSTERS / roster)
    written = export_path(ROSTERS / roster, "yaml", out=tmp_path / "elsewhere")
    again = load_roster(written)  # every unit inline: no path to break
    assert again.total == original.total
    assert again.legal == original.legal
    assert [(e.tally.name, e.count, e.tally.total) for e in again.entries] == \
        [(e.tally.name, e.count, e.tally.total) for e in original.entries]
    assert all(e.source == "" for e in again.entries)


def test_yaml_computed_values_are_comments():
    out = render(load_doc(UNITS / "steam-witch.yaml"), "yaml")
    head = out.split("system:")[0]
    assert "# Steam Witch: 60 points, legal\n" in head
    assert "# printed 49, tally 60\n" in head
    assert "#   athletics: Athletics 10, flies (×2) = 20\n" in head
    assert yaml.safe_load(out)["points"] == 49  # the printed value is kept, not replaced


@pytest.mark.parametrize("name", ["Line\nunits: []", "Sep\u2028units: []", "Nel\x85x: 1"])
def test_a_name_cannot_break_out_of_its_comment(tmp_path, name):
    source = tmp_path / "u.yaml"
    source.write_text(yaml.safe_dump({"name": name, "types": ["Infantry"]}),
                      encoding="utf-8")
    written = export_path(source, "yaml", out=tmp_path / "out")
    data = yaml.safe_load(written.read_text(encoding="utf-8"))
    assert set(data) == {"system", "name", "types", "athletics", "id"}
    assert load_unit_file(written).unit.name == name
