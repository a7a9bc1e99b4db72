"""Bad sheet, encounter and table-settings files through the CLI: one line naming the
file and the field, exit 2. Values that are merely wrong (a kind, a number in quotes)
are findings instead: see test_rules."""

from __future__ import annotations

import pytest

from designer.cli import main
from tests.systems.tactics.conftest import ROSTERS, UNITS, write

SHEET = "system: tactics\nname: Bad\nkind: standard\n"


def run(capsys, *args: str) -> tuple[int, str]:
    code = main(list(args))
    return code, capsys.readouterr().err


@pytest.mark.parametrize(("extra", "field", "problem"), [
    ("strength: 3\n", "strength", "unknown field 'strength'; expected one of: id, system, "
     "table, name, kind, actions, attributes, armor, shields, max_wounds, points, weapons, "
     "maneuvers, presses, reacts, notes"),
    ("wounds: 25\n", "wounds", "unknown field 'wounds' (did you mean max_wounds?)"),
    ("attributes: {strength: 3}\n", "attributes.strength", "unknown field 'strength'; "
     "expected one of: precision, endurance, agility, acumen"),
    ("attributes: {precision: [13]}\n", "attributes.precision",
     "expected a whole number, got a list"),
    ("attributes: [13]\n", "attributes", "expected a mapping of fields, got a list"),
    ("weapons: [{damage: 3}]\n", "weapons[0].name", "is required"),
    ("weapons: [{name: Gun, area: [splash]}]\n", "weapons[0].area",
     "expected an area effect such as splash, {explosion: small} or {chain: 3}, got a list"),
    ("weapons: [{name: Gun, area: {chain: [3]}}]\n", "weapons[0].area",
     "expected an area effect such as {explosion: small} or {chain: 3}, got a nested value"),
    ("maneuvers: [5]\n", "maneuvers[0]", "expected an action name or {name: ..., text: ...}, "
     "got 5"),
    ("reacts: [{text: x}]\n", "reacts[0].name", "is required"),
    ("table: missing.yaml\n", "table", "table settings 'missing.yaml' not found; give a YAML "
     "file or a folder holding table.yaml"),
    ("table: [a]\n", "table", "expected the path of a table-settings file, got ['a']"),
])
def test_bad_sheets(tmp_path, capsys, extra, field, problem):
    path = write(tmp_path, "bad.yaml", SHEET + extra)
    code, err = run(capsys, "price", str(path))
    assert code == 2 and err.count("\n") == 1
    assert err.startswith(f"designer: error: {path}: {field}: {problem}")


def test_a_name_is_required(tmp_path, capsys):
    path = write(tmp_path, "bad.yaml", "system: tactics\nkind: minion\n")
    assert run(capsys, "price", str(path)) == (
        2, f"designer: error: {path}: name: is required\n")


def test_bad_table_settings_name_their_own_file(tmp_path, capsys):
    table = write(tmp_path, "house.yaml", "zones: {medium: 4, far: 2}\n")
    path = write(tmp_path, "sheet.yaml", SHEET + "table: house.yaml\n")
    code, err = run(capsys, "price", str(path))
    assert code == 2
    assert err == (f"designer: error: {table}: zones: far (2) must reach at least as far as "
                   "medium (4)\n")
    write(tmp_path, "house.yaml", "press_penalty: [2]\n")
    table2 = write(tmp_path, "house2.yaml", "actions: {heavy: [4, 0]}\n")
    path2 = write(tmp_path, "sheet2.yaml", SHEET + f"table: {table2.name}\n")
    code, err = run(capsys, "price", str(path2))
    assert code == 2 and err.startswith(f"designer: error: {table2}: actions.heavy[1]: ")


ENCOUNTER = "system: tactics\nname: Bad\n"


@pytest.mark.parametrize(("body", "field", "problem"), [
    ("sides: [a, b]\n", "sides", "expected sides: a mapping of each side's name to its "
     "sheets, e.g. enemies: [{sheet: thug.yaml, count: 6}]"),
    ("sides: {enemies: {sheet: a.yaml}}\n", "sides.enemies",
     "expected a list of {sheet: FILE, count: N}"),
    ("sides: {enemies: [{sheet: UNITS/dock-thug.yaml, count: 0}]}\n",
     "sides.enemies[0].count", "expected 1 or more, got 0"),
    ("sides: {enemies: [{sheet: UNITS/dock-thug.yaml, cnt: 2}]}\n", "sides.enemies[0].cnt",
     "unknown field 'cnt'"),
    ("sides: {enemies: [{sheet: nope.yaml}]}\n", "sides.enemies[0].sheet",
     "sheet file 'nope.yaml' not found (looked in TMP)"),
    ("sides: {enemies: [{sheet: loop.yaml}]}\n", "sides.enemies[0].sheet",
     "cannot follow sheet file 'loop.yaml': a loop of symbolic links"),
    ("sides: {enemies: [{sheet: OT}]}\n", "sides.enemies[0].sheet",
     "sheet file 'OT' is for opentactics, the encounter for tactics"),
    ("sides: {players: [{sheet: {name: X, attributes: {strength: 1}}}]}\n",
     "sides.players[0].sheet.attributes.strength", "unknown field 'strength'"),
    ("sides: {players: [{sheet: {system: op-en, name: X}}]}\n", "sides.players[0].sheet",
     "sheet is for op-en, the encounter for tactics"),
    ("sides: {'!!': []}\n", "sides", "a side's name is a word of up to 30 letters, digits, "
     "spaces, _ or -, got '!!'"),
    ("sides: {Players: [], players: []}\n", "sides", "side 'players' and side 'Players' read "
     "as the same side; rename one"),
    ("sides: {}\nunits: []\n", "sides", "give sides or units, not both"),
    ("units: [{unit: UNITS/dock-thug.yaml, side: 5}]\n", "units[0].side",
     "a side's name is a word of up to 30 letters, digits, spaces, _ or -, got 5"),
    ("sides: {players: [{sheet: EMPTY}]}\n", "sides.players[0].sheet",
     "sheet file 'EMPTY' file is empty; expected a sheet (a YAML mapping)"),
])
def test_bad_encounters(tmp_path, capsys, body, field, problem):
    ot = UNITS.parents[2] / "opentactics" / "examples" / "units" / "steam-witch.yaml"
    empty = write(tmp_path, "empty.yaml", "")
    (tmp_path / "loop.yaml").symlink_to(tmp_path / "loop.yaml")
    body = (body.replace("UNITS", str(UNITS)).replace("OT", str(ot))
            .replace("EMPTY", str(empty)))
    problem = (problem.replace("TMP", str(tmp_path)).replace("OT", str(ot))
               .replace("EMPTY", str(empty)))
    path = write(tmp_path, "enc.yaml", ENCOUNTER + body)
    code, err = run(capsys, "check", str(path))
    assert code == 2 and err.count("\n") == 1
    assert err.startswith(f"designer: error: {path}: {field}: {problem}"), err


def test_a_sheet_is_not_an_encounter_and_back(capsys):
    sheet = UNITS / "dock-thug.yaml"
    assert run(capsys, "check", str(sheet)) == (
        2, f"designer: error: {sheet}: is a sheet file, not a roster (it lists no units:); "
           "use `designer price` for a sheet\n")
    code, err = run(capsys, "price", str(ROSTERS / "dock-ambush.yaml"))
    assert code == 2 and "is a roster" in err
