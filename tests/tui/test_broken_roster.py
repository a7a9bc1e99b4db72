"""A roster whose unit files are missing or invalid opens with those entries flagged, to
be repaired (pick the file) or removed; until then a save writes them back as they were."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from designer.io import load_yaml
from designer.roster import load_roster
from designer.systems import examples_dir
from designer.tui.app import build_app
from tests.tui.helpers import save

pytestmark = pytest.mark.tui

SIZE = (120, 40)
ROSTER = """\
system: opentactics
name: Patchwork
points_cap: 300
units:
  - {unit: units/steam-witch.yaml, count: 2}
  - {unit: units/lost-witch.yaml, count: 3}
  - {unit: units/bad.yaml}
"""


def roster(tmp_path: Path) -> Path:
    units = tmp_path / "units"
    units.mkdir()
    shutil.copy(examples_dir() / "units" / "steam-witch.yaml", units)
    (units / "bad.yaml").write_text("name: Bad\nspeed: 3\n")
    path = tmp_path / "patchwork.yaml"
    path.write_text(ROSTER)
    return path


def test_the_core_keeps_broken_entries_only_when_asked(tmp_path):
    path = roster(tmp_path)
    with pytest.raises(Exception, match=r"units\[1\]\.unit: unit file 'units/lost-witch.yaml' "
                                        "not found"):
        load_roster(path)
    force = load_roster(path, keep_broken=True)
    assert force.broken == [1, 2]
    assert [e.count for e in force.entries] == [2, 3, 1]
    assert force.total == 2 * force.entries[0].tally.total
    assert force.unit_count == 2  # the unreadable 3 + 1 count for nothing, as in the total
    assert [i.code for i in force.issues] == ["E-UNIT-FILE", "E-UNIT-FILE"]
    assert force.entries[2].problem == (
        "units/bad.yaml: bad.yaml: speed: unknown field 'speed'; expected one of: id, "
        "system, name, points, types, athletics, flight, skills, equipment, abilities; fix "
        "the unit file, pick another (enter) or remove the entry")
    assert not force.legal


async def test_a_broken_roster_opens_flagged_and_saves_back_unchanged(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = roster(tmp_path)
    app = build_app(roster_path=path, start="roster")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert type(screen).__name__ == "ForcesScreen"
        table = screen.query_one("#units")
        assert [str(table.get_row_at(i)[0]) for i in range(3)] == [
            "Steam Witch", "units/lost-witch.yaml", "units/bad.yaml"]
        assert "✗ unreadable" in str(table.get_row_at(1)[-2])
        # the panel wraps a long finding at its width: read as the words shown
        issues = " ".join(str(screen.query_one("#force-issues").render()).split())
        assert "unit file 'units/lost-witch.yaml' not found" in issues
        assert any("could not be read" in n.message for n in app._notifications)
        # a count change, then save: the broken entries are written as they were
        table.move_cursor(row=1)
        await pilot.press("plus")
        await save(app, pilot)
    data = load_yaml(path)
    assert data["units"] == [{"unit": "units/steam-witch.yaml", "count": 2},
                             {"unit": "units/lost-witch.yaml", "count": 4},
                             {"unit": "units/bad.yaml", "count": 1}]


async def test_repair_by_picking_the_file_and_remove_the_other(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = roster(tmp_path)
    shutil.copy(examples_dir() / "units" / "steam-witch.yaml",
                tmp_path / "units" / "found-witch.yaml")
    app = build_app(roster_path=path, start="roster")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.screen.query_one("#units")
        table.focus()
        table.move_cursor(row=1)
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "ConfirmDialog"
        await pilot.press("enter")  # "Pick the unit file"
        await pilot.pause()
        assert type(app.screen).__name__ == "PathDialog"
        field = app.screen.query_one("#path")
        field.value = "units/found-witch.yaml"
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        force = app.forces_screen.doc.force
        assert force.broken == [2]
        assert force.entries[1].count == 3  # the count the roster gave it
        assert force.entries[1].tally.name == "Steam Witch"
        table.move_cursor(row=2)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("right", "enter")  # "Remove it"
        await pilot.pause()
        assert app.forces_screen.doc.force.broken == []
        assert app.forces_screen.doc.force.legal
        await save(app, pilot)
    assert load_yaml(path)["units"] == [{"unit": "units/steam-witch.yaml", "count": 2},
                                        {"unit": "units/found-witch.yaml", "count": 3}]


async def test_export_refuses_a_force_with_unreadable_entries(tmp_path):
    from designer.errors import InputError
    from designer.export import export_doc, roster_doc

    force = load_roster(roster(tmp_path), keep_broken=True)
    with pytest.raises(InputError, match=r"units\[1\]\.unit: 2 unit entries could not be "
                                         "read; repair or remove them before exporting"):
        export_doc(roster_doc(force), "md", out=tmp_path / "out")
