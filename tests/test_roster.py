"""Forces of any system: totals, the budget, edits that return new forces, and the
roster file a force writes."""

from __future__ import annotations

import os
from dataclasses import FrozenInstanceError
from pathlib import Path

import pytest

from designer.io import load_yaml
from designer.roster import load_roster, new_force, roster_data
from designer.systems import examples_dir, system

ROSTERS = examples_dir() / "rosters"
OT = system("opentactics")


@pytest.fixture
def raid():
    return load_roster(ROSTERS / "northern-raid.yaml")


def test_a_force_totals_its_entries_and_knows_its_budget(raid):
    assert raid.system == "opentactics"
    assert raid.budget is not None and raid.budget.label == "Points cap"
    assert raid.total == 337 and raid.cap == 500 and raid.remaining == 163
    assert raid.unit_count == 12 and raid.legal
    assert [(f.label, f.value) for f in raid.facts()] == [("Starting morale", 16),
                                                          ("Activation counters", 5)]


def test_a_force_is_a_value_edited_into_new_forces(raid):
    with pytest.raises(FrozenInstanceError):
        raid.cap = 1  # type: ignore[misc]
    first = raid.entries[0]
    more = raid.with_count(0, first.count + 1)
    assert more.total == raid.total + first.tally.total and raid.total == 337
    assert raid.with_count(0, 0).entries[0].count == 1  # at least one
    assert raid.with_count(0, 5000).entries[0].count == 999
    fewer = raid.without(0)
    assert len(fewer.entries) == len(raid.entries) - 1
    assert fewer.total == raid.total - first.subtotal
    again = fewer.inserted(first, 0)
    assert again.entries == raid.entries
    swapped = raid.replaced(0, raid.entries[1])
    assert swapped.entries[0] is raid.entries[1]


def test_over_the_budget_is_an_error_naming_the_cap(raid):
    small = raid.__class__(raid.game, raid.catalog, raid.name, 300, raid.entries)
    issues = small.issues
    assert [i.code for i in issues] == ["E-OVER-CAP"]
    assert issues[0].message == ("337 points is 37 over the points cap of 300; remove units "
                                 "or lower counts")
    assert not small.legal and small.remaining == -37


def test_a_new_force_starts_empty_with_the_systems_default_budget():
    force = new_force(OT, "Vanguard")
    assert force.entries == () and force.cap == 500 and force.total == 0
    entry = force.entry(OT.new_unit("Scout", force.catalog), 2)
    grown = force.inserted(entry)
    assert grown.unit_count == 2 and grown.total == 0  # an empty unit costs nothing


def test_roster_data_refers_to_unit_files_relative_to_where_it_is_written(raid, tmp_path):
    data = roster_data(raid)
    source = load_yaml(ROSTERS / "northern-raid.yaml")
    def files(units):
        return [u for u in units if isinstance(u["unit"], str)]

    assert files(data["units"]) == files(source["units"])  # as the roster wrote them
    assert len(data["units"]) == len(source["units"])
    moved = roster_data(raid, base=tmp_path)
    first = moved["units"][0]["unit"]
    assert isinstance(first, str)
    assert (tmp_path / first).resolve() == raid.entries[0].file
    inline = [u["unit"] for u in data["units"] if isinstance(u["unit"], dict)]
    assert all(u["system"] == "opentactics" for u in inline)


def test_an_inline_unit_takes_the_rosters_system(tmp_path):
    roster = tmp_path / "r.yaml"
    roster.write_text("name: R\nunits:\n  - {unit: {name: Levy, athletics: 3}, count: 2}\n",
                      encoding="utf-8")
    force = load_roster(roster)
    assert force.total == 6 and force.entries[0].file is None
    assert Path(force.path) == roster


def test_check_reports_every_unreadable_entry_then_exits_2(tmp_path, capsys):
    from designer.cli import main

    unit = examples_dir() / "units" / "ash-warden.yaml"
    roster = tmp_path / "broken.yaml"
    roster.write_text("system: opentactics\nname: Broken\nunits:\n"
                      "  - {unit: lost-one.yaml, count: 1}\n"
                      f"  - {{unit: '{unit}', count: 2}}\n"
                      "  - {unit: lost-two.yaml, count: 1}\n"
                      "  - {unit: {name: Bad, athletics: x}, count: 1}\n")
    assert main(["check", str(roster)]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err.splitlines() == [
        f"designer: error: {roster}: units[0].unit: unit file 'lost-one.yaml' not found "
        f"(looked in {tmp_path})",
        f"designer: error: {roster}: units[2].unit: unit file 'lost-two.yaml' not found "
        f"(looked in {tmp_path})",
        f"designer: error: {roster}: units[3].unit.athletics: expected a whole number, "
        "got 'x'"]


def test_an_entry_keeps_its_label_and_note_through_a_save_and_shows_the_label(tmp_path,
                                                                               capsys):
    from designer.cli import main

    unit = examples_dir() / "units" / "iron-lancer.yaml"
    path = tmp_path / "squads.yaml"
    path.write_text("system: opentactics\nname: Squads\npoints_cap: 500\nunits:\n"
                    f"  - {{unit: '{unit}', count: 2, label: Knight Squad A,\n"
                    "     note: holds the left flank}\n"
                    f"  - {{unit: '{unit}', count: 1}}\n")
    force = load_roster(path)
    first, second = force.entries
    assert (first.label, first.note, first.shown_name) == (
        "Knight Squad A", "holds the left flank", "Knight Squad A (Iron Lancer)")
    assert (second.label, second.note, second.shown_name) == ("", "", "Iron Lancer")
    data = roster_data(force, tmp_path)
    assert data["units"][0] == {"unit": os.path.relpath(unit, tmp_path), "count": 2,
                                "label": "Knight Squad A", "note": "holds the left flank"}
    assert data["units"][1] == {"unit": os.path.relpath(unit, tmp_path), "count": 1}
    assert main(["check", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[2] == "Knight Squad A (Iron Lancer)      2    53       106  legal"
    assert lines[3] == "Iron Lancer                       1    53        53  legal"


def test_an_entrys_label_is_a_name_of_at_most_80_characters(tmp_path, capsys):
    from designer.cli import main

    path = tmp_path / "long.yaml"
    path.write_text("name: Long\nunits:\n  - {unit: {name: X}, count: 1, label: " + "L" * 81
                    + "}\n")
    assert main(["check", str(path)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"designer: error: {path}: units[0].label: expected at most 80 characters, got "
        f"'{'L' * 37}...'")


def test_a_fact_reads_with_its_bounds():
    from designer.render import fact_text
    from designer.systems import Fact

    assert Fact("rank_3", "Rank 3", 2, low=0, high=3).figure() == "2 of 3"
    assert Fact("command", "Command", 0, low=1, high=1).figure() == "0 of 1 (under)"
    assert Fact("elite", "Elite", 4, low=0, high=2).figure() == "4 of 2 (over)"
    assert Fact("models", "Models", 10, low=4, high=15).figure() == "10 of 4–15"
    assert fact_text(Fact("standard", "Standard", 1, low=1)) == "Standard 1 (at least 1)"
    assert Fact("toys", "Toys", 1, low=2).figure() == "1 (at least 2, under)"
    assert Fact("morale", "Starting morale", 16).figure() == "16"
