"""Encounters: the sides form and the generic roster form, facts per side, the force's
warnings, the file written back, and no budget: `--cap` is refused."""

from __future__ import annotations

import json

from designer.cli import main
from designer.roster import load_roster, roster_data
from tests.systems.tactics.conftest import ROSTERS, TX, UNITS, write

FACTS = {
    "players_creatures": 1, "players_actions": 3, "players_shields": 3, "players_wounds": 20,
    "enemies_creatures": 8, "enemies_actions": 6 * 2 + 2 + 3, "enemies_shields": 6,
    "enemies_wounds": 8 * 20,
}

SIDES = f"""system: tactics
name: Dock Ambush
sides:
  players: [{{sheet: {UNITS}/sergeant-vale.yaml, count: 1}}]
  enemies:
    - {{sheet: {UNITS}/dock-thug.yaml, count: 6}}
    - {{sheet: {UNITS}/harbour-brute.yaml}}
    - {UNITS}/warden-drone.yaml
"""


def test_the_example_encounter_has_facts_per_side_and_no_budget(capsys):
    force = load_roster(ROSTERS / "dock-ambush.yaml")
    assert force.rules.budget is None and force.cap is None and force.legal
    assert {f.key: f.value for f in force.facts()} == FACTS
    assert [f.label for f in force.facts()[:4]] == [
        "Players creatures", "Players actions a turn", "Players shield points",
        "Players wound capacity"]
    assert main(["check", str(ROSTERS / "dock-ambush.yaml"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    # no points anywhere: no budget, cap, totals or points, not even as null or 0
    assert not {"budget", "points_cap", "total", "remaining"} & set(data)
    for entry in data["entries"]:
        assert not {"points", "subtotal", "total", "printed", "breakdown"} & set(entry)
    assert [e["side"] for e in data["entries"]] == ["players", "enemies", "enemies",
                                                    "enemies"]
    assert data["facts"][0] == {"key": "players_creatures", "label": "Players creatures",
                                "value": 1, "group": "Players"}
    assert {k: data[k] for k in FACTS} == FACTS
    assert data["errors"] == data["warnings"] == []


def test_the_sides_form_reads_the_same(tmp_path):
    force = load_roster(write(tmp_path, "ambush.yaml", SIDES))
    example = load_roster(ROSTERS / "dock-ambush.yaml")
    assert force.facts() == example.facts()
    assert [(e.tally.name, e.count) for e in force.entries] == [
        (e.tally.name, e.count) for e in example.entries]
    assert [e.fields["side"] for e in force.entries] == [
        "players", "enemies", "enemies", "enemies"]
    assert force.fields["side_names"] == ("players", "enemies")


def test_each_entry_keeps_its_side_when_the_force_is_edited():
    force = load_roster(ROSTERS / "dock-ambush.yaml")
    without_vale = force.without(0)  # sides went by position: the thugs became players
    facts = {f.key: f.value for f in without_vale.facts()}
    assert facts["players_creatures"] == 0 and facts["enemies_creatures"] == 8
    moved = without_vale.inserted(without_vale.entries[0], 3).without(0)
    assert [e.fields["side"] for e in moved.entries] == ["enemies"] * 3
    assert roster_data(force.with_count(1, 2), base=ROSTERS)["sides"]["enemies"][0] == {
        "sheet": "../units/dock-thug.yaml", "count": 2}


def test_the_file_written_back_is_the_sides_form(tmp_path):
    force = load_roster(ROSTERS / "dock-ambush.yaml")
    data = roster_data(force, base=ROSTERS)
    assert data == {"system": "tactics", "name": "Dock Ambush", "sides": {
        "players": [{"sheet": "../units/sergeant-vale.yaml", "count": 1}],
        "enemies": [{"sheet": "../units/dock-thug.yaml", "count": 6},
                    {"sheet": "../units/harbour-brute.yaml", "count": 1},
                    {"sheet": "../units/warden-drone.yaml", "count": 1}]}}


def test_check_cap_is_refused_with_exit_2(capsys):
    path = ROSTERS / "dock-ambush.yaml"
    assert main(["check", str(path), "--cap", "100"]) == 2
    err = capsys.readouterr().err
    assert err == (f"designer: error: {path}: --cap: TACTICS defines no points; --cap does "
                   "not apply\n")


def test_price_prints_the_sheet_and_says_there_are_no_points(capsys):
    path = ROSTERS.parent / "units" / "sergeant-vale.yaml"
    assert main(["price", str(path)]) == 0
    out = capsys.readouterr().out
    assert "TACTICS defines no points; only its checks apply." in out
    assert "Precision: 13" in out and "Sidearm" in out
    assert "points," not in out and "Total" not in out


def test_check_prints_facts_and_no_totals(capsys):
    assert main(["check", str(ROSTERS / "dock-ambush.yaml")]) == 0
    printed = capsys.readouterr().out
    lines = printed.splitlines()
    assert lines[1].split() == ["Unit", "Side", "Count", "Findings"]
    assert lines[3].split() == ["Dock", "Thug", "enemies", "6", "legal"]
    assert "Players: creatures 1; actions a turn 3; shield points 3; wound capacity 20" \
        in lines
    assert "Enemies: creatures 8; actions a turn 17; shield points 6; wound capacity 160" \
        in lines
    out = " ".join(printed.split())
    assert out.count("points") == out.count("shield points")  # no totals or caps
    assert "Subtotal" not in out and "Each" not in out
    assert out.endswith("Dock Ambush: legal")


def test_an_entry_without_a_side_and_an_ignored_cap_warn(tmp_path, capsys):
    path = write(tmp_path, "loose.yaml", f"""system: tactics
name: Loose
points_cap: 100
units:
  - {{unit: {UNITS}/dock-thug.yaml, count: 2, side: enemies}}
  - {{unit: {UNITS}/sergeant-vale.yaml}}
""")
    assert main(["check", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "points_cap" not in data  # ignored, and said so
    assert data["warnings"] == [
        {"code": "W-TX-SIDE", "field": "units[1]",
         "message": "Sergeant Vale is on no side; list it under a side in sides:"},
        {"code": "W-TX-POINTS", "field": "points_cap",
         "message": "TACTICS defines no points, so points_cap is ignored; remove it"}]
    assert data["unassigned_creatures"] == 1 and data["enemies_creatures"] == 2
    written = roster_data(load_roster(path))
    assert written["points_cap"] == 100
    assert list(written["sides"]) == ["enemies", "unassigned"]


def test_an_illegal_sheet_makes_the_encounter_illegal(tmp_path, capsys):
    path = write(tmp_path, "bad.yaml", """system: tactics
name: Bad
sides:
  enemies:
    - sheet: {name: Odd, kind: elite, weapons: [{name: Fist, damage: 3, precision: 9,
                                                 distance: I}]}
""")
    assert main(["check", str(path), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert [e["code"] for e in data["errors"]] == ["E-UNIT-ILLEGAL"]
    assert data["entries"][0]["errors"][0]["code"] == "E-TX-KIND"


def test_entries_added_after_loading_count_as_unassigned():
    force = load_roster(ROSTERS / "dock-ambush.yaml")
    bigger = force.inserted(force.entry(TX.new_unit("Extra", force.catalog), 2))
    facts = {f.key: f.value for f in bigger.facts()}
    assert facts["unassigned_creatures"] == 2 and facts["unassigned_actions"] == 6
    assert [i.code for i in bigger.issues] == ["W-TX-SIDE"]
    assert roster_data(bigger)["sides"]["unassigned"] == [
        {"sheet": {"system": "tactics", "name": "Extra", "kind": "standard", "actions": 3,
                   "armor": 0, "shields": 0}, "count": 2}]


def test_an_empty_encounter(tmp_path):
    force = load_roster(write(tmp_path, "empty.yaml",
                              "system: tactics\nname: Empty\nsides:\n  players: []\n  enemies:\n"))
    assert force.entries == () and force.legal
    assert {f.key: f.value for f in force.facts()}["enemies_wounds"] == 0


def test_a_sheets_ignored_points_stay_out_of_its_exports(tmp_path):
    """TACTICS defines no points: a sheet's `points:` and an encounter's `points_cap:`
    are warned about and ignored, and no export carries them."""
    import yaml

    from designer.export import load_doc, render

    sheet = tmp_path / "thug.yaml"
    data = yaml.safe_load((UNITS / "dock-thug.yaml").read_text())
    sheet.write_text(yaml.safe_dump({**data, "points": 40}))
    doc = load_doc(sheet)
    assert [w.code for w in doc.cards[0].warnings] == ["W-TX-POINTS"]
    exported = json.loads(render(doc, "json"))
    assert "points" not in exported["unit"] and "total" not in exported
    assert "points" not in yaml.safe_load(render(doc, "yaml"))
    encounter = write(tmp_path, "crew.yaml", f"""system: tactics
name: Crew
points_cap: 100
units:
  - {{unit: {sheet}, count: 3, side: enemies}}
""")
    doc = load_doc(encounter)
    exported = json.loads(render(doc, "json"))
    assert "points_cap" not in exported and "points" not in exported["entries"][0]["unit"]
    written = yaml.safe_load(render(doc, "yaml"))
    assert "points_cap" not in written
    (entry,) = written["sides"]["enemies"]
    assert entry["count"] == 3 and "points" not in entry["sheet"]
    assert entry["sheet"]["name"] == "Dock Thug"
