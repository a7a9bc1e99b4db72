"""The forces screen: add, count, the points bar past the cap, undo."""

from __future__ import annotations

import pytest

from designer.io import load_yaml
from designer.tui.app import build_app
from designer.tui.widgets.points_bar import PointsBar

pytestmark = pytest.mark.tui

SIZE = (120, 40)


def force_of(app):
    return app.forces_screen.doc


def total(app) -> int:
    return force_of(app).force.total


def entries(app):
    return [(e.unit.name, e.count) for e in force_of(app).force.entries]


async def test_home_opens_the_example_force(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    app = build_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "ForcesScreen"
        assert total(app) == 337
        assert len(entries(app)) == 6
        assert not app.screen.query_one(PointsBar).has_class("-over")


async def test_add_an_example_count_it_past_the_cap_and_undo(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    app = build_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.query_one("#units").focus()
        await pilot.press("a")
        await pilot.pause()
        assert type(app.screen).__name__ == "ConfirmDialog"
        await pilot.press("enter")  # "An example"
        await pilot.pause()
        assert type(app.screen).__name__ == "ExampleDialog"
        await pilot.press("down", "enter")  # the second example: Cinder Drake, 73
        await pilot.pause()
        assert entries(app)[-1] == ("Cinder Drake", 1)
        assert total(app) == 337 + 73
        bar = app.screen.query_one(PointsBar)
        assert not bar.has_class("-over")
        await pilot.press("plus", "plus")
        await pilot.pause()
        assert entries(app)[-1] == ("Cinder Drake", 3)
        assert total(app) == 337 + 3 * 73 == 556
        assert bar.has_class("-over")
        assert "56 over the points cap" in str(bar.render())
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert total(app) == 337 + 2 * 73
        assert not bar.has_class("-over")
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert bar.has_class("-over")


async def test_duplicate_and_remove(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    app = build_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.query_one("#units").focus()
        await pilot.press("d")
        await pilot.pause()
        assert entries(app)[:2] == [("Levy Spearman", 4), ("Levy Spearman (copy)", 4)]
        assert total(app) == 337 + 68
        await pilot.press("delete")
        await pilot.pause()
        assert entries(app)[1] == ("Ash Warden", 2)
        assert total(app) == 337


async def test_a_new_roster_file_is_saved_where_asked(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "raid.yaml"
    app = build_app(roster_path=path, start="roster")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert entries(app) == []
        app.screen.query_one("#units").focus()
        await pilot.press("a", "enter")
        await pilot.pause()
        await pilot.press("enter")  # the first example: Ash Warden
        await pilot.pause()
        await pilot.press("plus", "ctrl+s")
        await app.workers.wait_for_complete()  # the save runs in a worker
        await pilot.pause()
        assert not app.screen.doc.dirty
    saved = load_yaml(path)
    assert [u["count"] for u in saved["units"]] == [2]
    assert saved["units"][0]["unit"]["name"] == "Ash Warden"


async def test_the_same_example_again_counts_one_more_and_an_entry_takes_a_label(
        monkeypatch, tmp_path):
    from tests.tui.helpers import settled

    monkeypatch.chdir(tmp_path)
    app = build_app()
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        for _ in range(2):
            await pilot.press("e")  # add an example
            await settled(pilot)
            await pilot.press("down", "enter")  # Cinder Drake
            await settled(pilot)
        assert entries(app)[-1] == ("Cinder Drake", 2)
        assert len(entries(app)) == 7
        await pilot.press("l")
        await settled(pilot)
        assert type(app.screen).__name__ == "EntryDialog"
        await pilot.press(*"Wyrm Flight", "enter", *"screens the hill", "enter")
        await settled(pilot)
        entry = force_of(app).force.entries[-1]
        assert (entry.label, entry.note, entry.count) == ("Wyrm Flight", "screens the hill", 2)
        table = app.screen.query_one("#units")
        assert str(table.get_row_at(6)[0]) == "Wyrm Flight (Cinder Drake)"
        await pilot.press("e")  # once more: a labelled entry is a squad of its own
        await settled(pilot)
        await pilot.press("down", "enter")
        await settled(pilot)
        assert entries(app)[-2:] == [("Cinder Drake", 2), ("Cinder Drake", 1)]
