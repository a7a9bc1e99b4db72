"""The file dialogs list the document's folder, the recent files and the bundled examples
(never the catalog's data files) and complete typed paths."""

from __future__ import annotations

from pathlib import Path

import pytest

from designer.settings import Settings
from designer.systems import examples_dir
from designer.tui.app import build_app
from tests.tui.helpers import ASH_WARDEN, settled

pytestmark = pytest.mark.tui

SIZE = (120, 40)


@pytest.fixture
def here(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "rosters").mkdir()
    (tmp_path / "rosters" / "raid.yaml").write_text("name: Raid\nunits: []\n")
    (tmp_path / "rosters" / "rout.yaml").write_text("name: Rout\nunits: []\n")
    (tmp_path / "warden.yaml").write_text(ASH_WARDEN)
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / "x.yaml").write_text("name: X\n")
    (tmp_path / "notes.txt").write_text("not yaml\n")
    return tmp_path


async def test_open_lists_the_three_kinds_and_filters_as_you_type(here):
    app = build_app(settings=Settings(recent=[str(here / "rosters" / "rout.yaml")]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o")
        await app.workers.wait_for_complete()
        await pilot.pause()
        dialog = app.screen
        assert type(dialog).__name__ == "PathDialog"
        listing = dialog.query_one("#path-list")
        prompts = [str(listing.get_option_at_index(i).prompt).strip()
                   for i in range(listing.option_count)]
        assert prompts[:4] == ["In this folder", "warden.yaml", "rosters/raid.yaml",
                               "rosters/rout.yaml"]
        assert "Recent" not in prompts  # rout.yaml is listed under the folder already
        assert "Examples" in prompts
        assert "op-en/rosters/lantern-company.yaml" in prompts
        assert not [p for p in prompts if p.endswith(("abilities.yaml", "costs.yaml"))]
        await pilot.press("r", "a", "i")
        await pilot.pause()
        prompts = [str(listing.get_option_at_index(i).prompt).strip()
                   for i in range(listing.option_count)]
        assert prompts[:2] == ["In this folder", "rosters/raid.yaml"]
        assert "warden.yaml" not in prompts
        field = dialog.query_one("#path")
        field.value = "ros"
        await pilot.pause()
        await pilot.press("tab")
        assert field.value == "rosters/"
        await pilot.press("r", "tab")  # raid or rout: the field keeps the focus
        assert field.value == "rosters/r" and app.focused is field
        await pilot.press("a", "tab")
        assert field.value == "rosters/raid.yaml"
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert type(app.screen).__name__ == "ForcesScreen"
        assert app.screen.doc.force.name == "Raid"
        assert app.settings.recent[0] == str((here / "rosters" / "raid.yaml").resolve())


async def test_save_as_offers_no_bundled_file_and_refuses_one(here):
    app = build_app(unit_path=Path("warden.yaml"), start="edit",
                    settings=Settings(recent=[str(examples_dir() / "units" / "ash-warden.yaml")]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await app.screen.run_action("save_as")
        await app.workers.wait_for_complete()
        await pilot.pause()
        dialog = app.screen
        listing = dialog.query_one("#path-list")
        prompts = [str(listing.get_option_at_index(i).prompt).strip()
                   for i in range(listing.option_count)]
        assert prompts == ["In this folder", "warden.yaml", "rosters/raid.yaml",
                           "rosters/rout.yaml"]
        target = examples_dir() / "units" / "ash-warden.yaml"
        before = target.read_bytes()
        dialog.query_one("#path").value = str(target)
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "PathDialog"
        assert "inside the bundled catalog" in str(dialog.query_one("#path-note").render())
        assert target.read_bytes() == before


async def test_add_from_file_offers_only_units_of_the_forces_system(here):
    import shutil

    shutil.copy(examples_dir("op-en") / "units" / "moss.yaml", here / "moss.yaml")
    (here / "broken.yaml").write_text("name: [unclosed\n")
    app = build_app()  # the OpenTactics example force
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await pilot.press("f")
        await settled(pilot)
        listing = app.screen.query_one("#path-list")
        prompts = [str(listing.get_option_at_index(i).prompt).strip()
                   for i in range(listing.option_count)]
        ours = prompts[:prompts.index("Examples")]
        assert ours == ["In this folder", "warden.yaml"]  # not the Op-En unit, the rosters
        assert "opentactics/units/ash-warden.yaml" in prompts[prompts.index("Examples"):]
        assert not [p for p in prompts if "op-en" in p or "moss" in p or "broken" in p]
