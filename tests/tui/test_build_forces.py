"""A legal force built from an empty file by keys alone, in each system: the force's own
fields set on the form the system's field specs make, ready units added from the add
dialog, then saved; `designer check` passes the file. (The toy system's fields of every
kind go through the same form in the contract suite, tests/systems/test_contract.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from designer.cli import main
from designer.io import load_yaml
from designer.tui.widgets.field_form import FieldForm
from designer.tui.widgets.footer import KeyFooter
from tests.tui.forces import (
    add_ready,
    closed,
    entries,
    entry_dialog,
    force_of,
    ready_names,
    start,
    to_field,
    to_table,
)
from tests.tui.helpers import save, settled, wait_until

pytestmark = pytest.mark.tui

SIZES = [(120, 40), (80, 24)]


def check_exit(path: Path, capsys) -> int:
    capsys.readouterr()
    return main(["check", str(path)])


@pytest.mark.parametrize("size", SIZES)
async def test_an_op_en_force_from_empty(tmp_path, size, capsys):
    app, path = await start(tmp_path, "op-en", size)
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        assert {s.key for s in force_of(app).field_specs} == {"core_stat", "setting",
                                                                "notes"}
        assert not force_of(app).legal  # no Core Stat yet
        await to_field(app, pilot, "core_stat")
        await pilot.press("right")  # not set -> the first stat
        await settled(pilot)
        assert force_of(app).fields["core_stat"] == "fight"
        await to_table(app, pilot)
        # every example is built on fight: all seven are offered, none another stat's
        assert [k for _, k in ready_names(app)] == ["example"] * 7
        for name in ("Moss", "Oriel Vane", "Tamsin Reed"):
            await add_ready(app, pilot, name)
        force = force_of(app)
        assert entries(app) == [("Moss", 1), ("Oriel Vane", 1), ("Tamsin Reed", 1)]
        assert force.legal and force.total == 257 and force.cap == 750
        facts = {f.key: (f.value, f.state) for f in force.facts()}
        assert facts["rank_4"] == (1, "within") and facts["core_stat"] == ("Fight", "")
        assert app.screen.query_one("#units").columns[
            next(iter(app.screen.query_one("#units").columns))].label.plain == "Character"
        await save(app, pilot)
    data = load_yaml(path)
    assert data["core_stat"] == "fight" and data["treasury"] == 750
    assert [u["count"] for u in data["units"]] == [1, 1, 1]
    assert check_exit(path, capsys) == 0


@pytest.mark.parametrize("size", SIZES)
async def test_an_open_fire_force_of_the_bundled_module_from_empty(tmp_path, size, capsys):
    app, path = await start(tmp_path, "openfire", size)
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        assert force_of(app).cap is None and ready_names(app) == [
            ("Ash Crawler", "example"), ("Ash Rangers", "example"), ("Magma Wyrm", "example")]
        await to_field(app, pilot, "module")
        await pilot.press("right")  # the core alone -> ash-wastes: its sizes appear
        await settled(pilot)
        force = force_of(app)
        assert force.fields["module"] == "ash-wastes" and force.fields["size"] == "skirmish"
        assert force.cap == 200
        assert app.focused.key == "module"  # the form rebuilt, the focus kept
        await pilot.press("tab", "right")  # the size: battle, 400 points
        await settled(pilot)
        assert force_of(app).fields["size"] == "battle" and force_of(app).cap == 400
        await pilot.press("ctrl+z")  # one edit undone: skirmish and its cap again
        await settled(pilot)
        assert force_of(app).fields["size"] == "skirmish" and force_of(app).cap == 200
        await pilot.press("ctrl+y")
        await settled(pilot)
        assert force_of(app).cap == 400
        await pilot.press("left")
        await settled(pilot)
        assert force_of(app).cap == 200
        await to_table(app, pilot)
        assert "p Options" in app.screen.query_one(KeyFooter).keys_text()
        offered = ready_names(app)
        assert ("Warden Captain", "profile") in offered and ("Ranger", "profile") in offered
        # only the module's examples: the core-alone ones are not offered
        assert {n for n, k in offered if k == "example"} == {
            "Convoy Crawler", "Dust Kite", "Scrap Pickers", "Captain Ilse Marr",
            "Warden Patrol"}
        for name in ("Warden Captain", "Ranger", "Ranger", "Ash Crawler"):
            await add_ready(app, pilot, name)
        force = force_of(app)
        assert entries(app) == [("Warden Captain", 1), ("Ranger", 2), ("Ash Crawler", 1)]
        facts = {f.key: (f.value, f.low, f.high, f.state) for f in force.facts()}
        assert facts["category_command"] == (1, 1, 1, "within")
        assert facts["seats"] == (3, None, 6, "within")
        assert force.legal and force.total == 76
        await save(app, pilot)
    data = load_yaml(path)
    assert data["module"] == "ash-wastes" and data["size"] == "skirmish"
    assert "points_cap" not in data  # the size's
    assert check_exit(path, capsys) == 0


@pytest.mark.parametrize("size", SIZES)
async def test_a_tactics_encounter_with_two_sides_from_empty(tmp_path, size, capsys):
    app, path = await start(tmp_path, "tactics", size)
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        assert not app.screen.query_one(FieldForm).display  # no fields of its own
        assert app.screen.title == "Encounters"
        for name in ("Sergeant Vale", "Dock Thug"):
            await add_ready(app, pilot, name)
        assert [e.fields.get("side") for e in force_of(app).entries] == ["players",
                                                                          "players"]
        await pilot.press("s")  # the thug to the enemies
        await settled(pilot)
        assert [e.fields["side"] for e in force_of(app).entries] == ["players", "enemies"]
        # the entry's own dialog sets the side too: label, note, side; kept as one edit
        footer = app.screen.query_one(KeyFooter)
        shown = footer.keys_text()
        assert "s Side" in shown and "p Options" not in shown  # no options on a sheet
        await entry_dialog(app, pilot)
        assert footer.keys_text() == shown  # the keys under the dialog stay as they were
        assert str(app.screen.query_one(".message").render()) == (
            "The sheet keeps its own name; the label names this entry in the encounter, "
            "and the note prints with it.")
        await pilot.press(*"Lookout", "tab", "tab", "right")
        await settled(pilot)
        assert str(app.screen.query_one("#entry-help").render()) == \
            "which side of the encounter the sheet fights on"
        await closed(app, pilot, "enter")
        thug = force_of(app).entries[1]
        assert (thug.label, thug.fields) == ("Lookout", {"side": "players"})
        await pilot.press("ctrl+z")
        await settled(pilot)
        thug = force_of(app).entries[1]
        assert (thug.label, thug.fields) == ("", {"side": "enemies"})
        assert force_of(app).legal
        await save(app, pilot)
    sides = load_yaml(path)["sides"]  # a save writes the sides form
    assert {side: len(sheets) for side, sheets in sides.items()} == {"players": 1,
                                                                     "enemies": 1}
    assert check_exit(path, capsys) == 0


async def test_an_opentactics_force_from_empty(tmp_path, capsys):
    app, path = await start(tmp_path, "opentactics", (120, 40))
    async with app.run_test(size=(120, 40)) as pilot:
        await settled(pilot)
        assert not app.screen.query_one(FieldForm).display
        for name in ("Levy Spearman", "Levy Spearman", "Ash Warden"):
            await add_ready(app, pilot, name)
        assert entries(app) == [("Levy Spearman", 2), ("Ash Warden", 1)]
        assert force_of(app).legal
        await save(app, pilot)
    assert check_exit(path, capsys) == 0


async def entry_options(app, pilot, *keys: str) -> None:
    """p on the highlighted entry, then `keys` in its options dialog (the form's first
    option has the focus); the dialog stays open."""
    await pilot.press("p")
    await wait_until(pilot, lambda: type(app.screen).__name__ == "OptionsDialog", "options")
    await settled(pilot)
    for key in keys:
        await pilot.press(key)
        await settled(pilot)


def price_shown(app) -> str:
    return str(app.screen.query_one("#options-price").render())


@pytest.mark.parametrize("size", SIZES)
async def test_open_fire_entries_take_their_options_on_the_forces_screen(tmp_path, size,
                                                                         capsys):
    app, path = await start(tmp_path, "openfire", size)
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        await to_field(app, pilot, "module")
        await pilot.press("right")  # ash-wastes, skirmish: 200 points
        await settled(pilot)
        await to_table(app, pilot)
        await add_ready(app, pilot, "Warden Captain")
        await add_ready(app, pilot, "Ranger")
        # three Rangers with Scattergun: the count, then the ranged slot's next weapon
        await entry_options(app, pilot, "right", "right", "tab", "right")
        assert price_shown(app) == "Ranger: 33 pts (was 11 pts) · ✓ legal"
        await closed(app, pilot, "enter")
        assert entries(app) == [("Warden Captain", 1), ("Ranger", 1)]
        ranger = force_of(app).entries[1]
        assert ranger.tally.total == 33 and ranger.subtotal == 33
        await pilot.press("ctrl+z")  # the options were one edit
        await settled(pilot)
        assert force_of(app).entries[1].tally.total == 11
        await pilot.press("ctrl+y")
        await settled(pilot)
        assert force_of(app).entries[1].tally.total == 33
        # a second Ranger entry (the ready one differs now), a Veteran: the 6th option
        await add_ready(app, pilot, "Ranger")
        assert entries(app) == [("Warden Captain", 1), ("Ranger", 1), ("Ranger", 1)]
        await entry_options(app, pilot, *["tab"] * 5, "right")
        assert price_shown(app) == "Ranger: 13 pts (was 11 pts) · ✓ legal"
        await closed(app, pilot, "enter")
        # esc leaves an entry as it was
        await entry_options(app, pilot, "right")
        assert price_shown(app).startswith("Ranger: 26 pts")
        await closed(app, pilot, "escape")
        assert force_of(app).entries[2].count == 1 and force_of(app).entries[2].tally.total == 13
        await add_ready(app, pilot, "Ash Crawler")  # six seats for five riders
        force = force_of(app)
        facts = {f.key: (f.value, f.state) for f in force.facts()}
        assert facts["category_command"] == (1, "within")
        assert facts["category_standard"] == (2, "within")
        assert facts["seats"] == (5, "within")
        assert force.legal and force.total == 19 + 33 + 13 + 35
        await save(app, pilot)
    data = load_yaml(path)
    models = [u["unit"]["models"] for u in data["units"]]
    assert models == [[{"profile": "Warden Captain"}],
                      [{"count": 3, "profile": "Ranger", "weapons": ["Scattergun"]}],
                      [{"profile": "Ranger", "upgrades": ["Veteran"]}],
                      [{"profile": "Ash Crawler"}]]
    assert check_exit(path, capsys) == 0


async def test_the_full_designer_is_one_key_from_an_entrys_options(tmp_path):
    app, _ = await start(tmp_path, "openfire", (120, 40))
    async with app.run_test(size=(120, 40)) as pilot:
        await settled(pilot)
        await to_field(app, pilot, "module")
        await pilot.press("right")
        await settled(pilot)
        await to_table(app, pilot)
        await add_ready(app, pilot, "Ranger")
        await entry_options(app, pilot)
        await pilot.press("ctrl+d")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "DesignerScreen",
                         "the designer")
        assert app.screen.doc.unit.name == "Ranger"
