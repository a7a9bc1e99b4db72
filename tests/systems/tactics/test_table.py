"""The table settings: the notes' values as defaults, blanks for what they leave open,
and a group's house rules named with `table:` by a sheet or an encounter."""

from __future__ import annotations

from designer.card import Table
from designer.roster import load_roster, roster_data
from designer.systems.tactics.table import TableSettings
from designer.units import load_unit_file
from tests.systems.tactics.conftest import TX, UNITS, write

HOUSE = """dice: d20
actions: {standard: 3, minion: 3, heavy: 2}
max_wounds: 25
zones: {medium: 2, far: 4}
press_penalty: 2
cool_down_check: Agility 15+
"""


def test_the_bundled_settings_are_the_notes_values(table):
    t = table.table
    assert (t.dice, t.actions.standard, t.actions.minion, t.actions.heavy) == ("d20", 3, 2,
                                                                               [2, 3])
    assert (t.max_wounds, t.zones.medium, t.zones.far) == (20, 3, 5)
    assert t.press_penalty is None and t.cool_down_check is None
    assert t == TableSettings()
    assert table.ref is None and table.path.name == "table.yaml"


def test_a_sheet_names_house_rules(tmp_path):
    write(tmp_path, "house.yaml", HOUSE)
    path = write(tmp_path, "grunt.yaml", "system: tactics\nname: Grunt\nkind: minion\n"
                 "actions: 3\ntable: house.yaml\npresses: [Shove]\n")
    loaded = load_unit_file(path)
    assert loaded.catalog.ref == "house.yaml" and loaded.tally.issues == []
    assert loaded.assessment.final.max_wounds == 25
    card = TX.card(loaded.assessment)
    turn = next(b for b in card.blocks if isinstance(b, Table) and b.columns[0] == "Actions")
    assert [c.text for c in turn.rows[1].cells[2:]] == ["no penalty", "penalty -2",
                                                        "penalty -4"]
    track = next(b for b in card.blocks if isinstance(b, Table) and b.columns[0] == "1")
    assert [r.short for r in track.rows] == ["Wounds", "11-20", "21-30"]
    assert [c.text for c in track.rows[2].cells] == [""] * 5 + ["x"] * 5
    assert any(s.label == "At 25 wounds" for s in card.stats())
    rules = next(s for s in card.sections() if s.label == "Rules")
    assert rules.entries[1].text == ("I immediate, C close (same zone), M up to 2 zones, F "
                                     "up to 4, S sight.")
    # under the notes' defaults the same sheet is a minion with one action too many
    default = TX.assess(loaded.unit, TX.bundled_catalog()).tally.issues
    assert [i.code for i in default] == ["E-TX-ACTIONS"]


def test_an_encounter_shares_its_table_with_inline_sheets(tmp_path):
    folder = tmp_path / "house"
    write(folder, "table.yaml", HOUSE)
    path = write(tmp_path, "enc.yaml", f"""system: tactics
name: House
table: house
sides:
  enemies:
    - {{sheet: {{name: Grunt, kind: minion, actions: 3, presses: [Shove]}}, count: 2}}
  players:
    - {{sheet: {UNITS}/sergeant-vale.yaml}}
""")
    force = load_roster(path)
    assert force.catalog.ref == "house" and force.legal
    facts = {f.key: f.value for f in force.facts()}
    assert facts == {"enemies_creatures": 2, "enemies_actions": 6, "enemies_shields": 0,
                     "enemies_wounds": 50, "players_creatures": 1, "players_actions": 3,
                     "players_shields": 3, "players_wounds": 20}
    assert force.fields["table"] == "house"
    assert roster_data(force)["table"] == "house"


def test_catalog_sections_show_the_settings_in_use(tmp_path):
    write(tmp_path, "house.yaml", HOUSE)
    catalog = TX.catalog_for({"table": "house.yaml"}, tmp_path / "x.yaml")
    sections = {s.key: s for s in TX.catalog_sections(catalog)}
    assert list(sections) == ["table", "kinds", "actions", "distances", "areas", "open"]
    rows = {r.name: r.cells[1] for r in sections["table"].rows}
    assert rows["press_penalty"] == "2" and rows["actions.heavy"] == "2"
    assert rows["cool_down_check"] == "Agility 15+"
    assert sections["table"].title == "Table settings (table 'house.yaml')"
    assert [r.cells[2] for r in sections["distances"].rows][2:4] == [
        "Up to 2 zones away [40].", "Up to 4 zones away [41]."]
