"""Settings that persist: theme, paper, points cap, recent files and keys, in one file in
the platform's config folder (each test has its own: tests/conftest.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from designer.cli import main
from designer.io import load_yaml
from designer.settings import MAX_RECENT, Settings, config_path, load_settings, save_settings
from designer.systems import examples_dir
from designer.tui.app import build_app

SIZE = (120, 40)


def test_the_path_is_the_platform_config_folder_unless_named(settings_file, monkeypatch):
    assert config_path() == settings_file
    monkeypatch.delenv("DESIGNER_CONFIG")
    from platformdirs import user_config_path

    assert config_path() == user_config_path("designer", appauthor=False) / "config.yaml"


@pytest.mark.slow
def test_config_path_is_printed(settings_file, capsys):
    assert main(["--config-path"]) == 0
    assert capsys.readouterr().out == f"{settings_file}\n"
    done = subprocess.run([sys.executable, "-m", "designer", "--config-path"],
                          capture_output=True, text=True, check=True)
    assert done.stdout == f"{settings_file}\n"


def test_defaults_then_a_round_trip_keeping_comments(settings_file):
    assert load_settings() == (Settings(), None)
    settings_file.write_text("# my settings\ntheme: nord  # the dark one\n")
    settings, problem = load_settings()
    assert (settings.theme, settings.paper, problem) == ("nord", "a4", None)
    save_settings(settings.model_copy(update={"paper": "letter", "points_cap": 400}))
    assert settings_file.read_text() == ("# my settings\ntheme: nord  # the dark one\n"
                                         "paper: letter\npoints_cap: 400\n")


def test_a_bad_file_is_one_line_and_the_defaults(settings_file):
    settings_file.write_text("paper: a5\nkeys: {quit: 3}\nzoom: 2\n")
    settings, problem = load_settings()
    assert settings == Settings()
    assert problem.startswith(f"{settings_file}: ")
    assert "paper" in problem and "keys.quit" in problem and "zoom: unknown field" in problem
    assert "\n" not in problem


def test_recent_files_keep_the_newest_ten_once(tmp_path):
    settings = Settings()
    for n in range(12):
        (tmp_path / f"{n}.yaml").write_text("name: x\n")
        settings = settings.with_recent(tmp_path / f"{n}.yaml")
    settings = settings.with_recent(tmp_path / "5.yaml")
    assert [Path(p).name for p in settings.recent] == [
        "5.yaml", "11.yaml", "10.yaml", "9.yaml", "8.yaml", "7.yaml", "6.yaml", "4.yaml",
        "3.yaml", "2.yaml"]
    assert len(settings.recent) == MAX_RECENT
    (tmp_path / "11.yaml").unlink()
    assert [p.name for p in settings.recent_files()][:2] == ["5.yaml", "10.yaml"]


def test_export_takes_the_settings_paper(settings_file, tmp_path):
    from pypdf import PdfReader

    unit = examples_dir() / "units" / "steam-witch.yaml"
    save_settings(Settings(paper="letter"))
    assert main(["export", str(unit), "--format", "pdf", "--out", str(tmp_path / "l")]) == 0
    assert main(["export", str(unit), "--format", "pdf", "--paper", "a4",
                 "--out", str(tmp_path / "a")]) == 0
    letter = PdfReader(tmp_path / "l" / "steam-witch.pdf").pages[0].mediabox
    a4 = PdfReader(tmp_path / "a" / "steam-witch.pdf").pages[0].mediabox
    assert (round(float(letter.width)), round(float(letter.height))) == (612, 792)
    assert (round(float(a4.width)), round(float(a4.height))) == (595, 842)


@pytest.mark.tui
async def test_the_app_applies_and_saves_theme_keys_cap_and_recent(settings_file, tmp_path,
                                                                   monkeypatch):
    monkeypatch.chdir(tmp_path)
    settings_file.write_text("theme: nord\npoints_cap: 450\nkeys: {quit: f10}\n")
    app = build_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.theme == "nord"
        app.theme = "gruvbox"
        app.start_new("opentactics", "force")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.forces_screen.doc.force.cap == 450
        await app.forces_screen.run_action("save_as")
        await pilot.pause()
        app.screen.query_one("#path").value = "mine.yaml"
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("f10")  # the user's own quit key
        await pilot.pause()
    assert app.return_code == 0 and not app.is_running
    saved = load_yaml(settings_file)
    assert saved["theme"] == "gruvbox"
    assert saved["points_cap"] == 450 and saved["keys"] == {"quit": "f10"}
    assert saved["recent"] == [str((tmp_path / "mine.yaml").resolve())]
    assert load_yaml(tmp_path / "mine.yaml")["points_cap"] == 450


@pytest.mark.tui
async def test_a_bad_settings_file_is_said_and_left_alone(settings_file, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    settings_file.write_text("theme: [nord\n")
    app = build_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert any(n.title == "Settings not read" for n in app._notifications)
        app.theme = "gruvbox"
        await app.workers.wait_for_complete()
    assert settings_file.read_text() == "theme: [nord\n"


def test_the_help_lists_every_binding_id_the_keys_setting_takes():
    from designer.systems import system
    from designer.tui.app import binding_ids
    from designer.tui.screens.help import keys_for

    ids = binding_ids()
    assert {"quit", "save", "export", "add-file", "open-unit", "step-1", "step-9",
            "matchups"} <= set(ids)
    assert len(ids) == len(set(ids))
    settings = dict(keys_for(system("opentactics"), ids=ids))["Settings"][0][1]
    assert settings.endswith("ids: " + ", ".join(ids))
