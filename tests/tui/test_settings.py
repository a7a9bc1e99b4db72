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
    assert load_settings() == (Settings(), [])
    settings_file.write_text("# my settings\ntheme: nord  # the dark one\n")
    settings, problems = load_settings()
    assert (settings.theme, settings.paper, problems) == ("nord", "a4", [])
    save_settings(settings.model_copy(update={"paper": "letter", "points_cap": 400}))
    assert settings_file.read_text() == ("# my settings\ntheme: nord  # the dark one\n"
                                         "paper: letter\npoints_cap: 400\n")


def test_each_bad_setting_is_one_line_and_its_default(settings_file):
    settings_file.write_text("paper: a5\nkeys: {quit: 3, help: f2}\nzoom: 2\ntheme: nord\n")
    settings, problems = load_settings()
    assert settings == Settings(theme="nord", keys={"help": "f2"})
    assert problems == [
        f"{settings_file}: paper: expected one of 'a4' or 'letter', got 'a5'; the default "
        "is used",
        f"{settings_file}: keys.quit: expected text, got 3; 'quit' keeps its default keys",
        f"{settings_file}: zoom: unknown field 'zoom'; expected one of: theme, paper, "
        "points_cap, recent, keys; it is ignored"]


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
async def test_an_edit_of_the_settings_file_while_the_app_runs_is_kept(settings_file,
                                                                       tmp_path, monkeypatch):
    """The app writes each change (a recent file, the theme) into the file as it then
    is: what an editor or another designer wrote there meanwhile stays; a file that
    now has a problem is left as it is."""
    monkeypatch.chdir(tmp_path)
    settings_file.write_text("paper: letter\n")
    unit = examples_dir("opentactics") / "units" / "ash-warden.yaml"
    app = build_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        edited = "# mine\npaper: letter\npoints_cap: 300  # for the league\n"
        settings_file.write_text(edited)  # an editor, while the app runs
        app.remember(unit)
        app.theme = "gruvbox"
        await pilot.pause()
        await app.workers.wait_for_complete()
        assert settings_file.read_text() == (
            f"{edited}recent:\n- {unit.resolve()}\ntheme: gruvbox\n")
        assert app.settings.paper == "letter" and app.settings.points_cap is None
        broken = "paper: a5\n"  # a typo made meanwhile: left for the user to fix
        settings_file.write_text(broken)
        app.theme = "nord"
        await pilot.pause()
        await app.workers.wait_for_complete()
        assert app.settings.theme == "nord"
        assert settings_file.read_text() == broken


@pytest.mark.tui
async def test_a_bad_settings_file_is_said_and_left_alone(settings_file, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    settings_file.write_text("theme: [nord\n")
    app = build_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert [n.message for n in app._notifications if n.title == "Settings"] == [
            f"{settings_file}: not valid YAML: did not find expected ',' or ']' (line 2, "
            "column 1); the defaults are used and the file is left as it is"]
        app.theme = "gruvbox"
        await app.workers.wait_for_complete()
    assert settings_file.read_text() == "theme: [nord\n"


def test_the_help_lists_every_binding_id_the_keys_setting_takes():
    from designer.systems import system
    from designer.tui.bindings import binding_ids
    from designer.tui.screens.help import keys_for

    ids = binding_ids()
    assert {"quit", "save", "export", "add-file", "open-unit", "step-1", "step-9",
            "matchups"} <= set(ids)
    assert len(ids) == len(set(ids))
    settings = dict(keys_for(system("opentactics"), ids=ids))["Settings"][0][1]
    assert settings.endswith("ids: " + ", ".join(ids))


def test_the_helps_forces_keys_are_the_tables_as_the_settings_remap_them():
    from designer.systems import system
    from designer.tui.screens.help import keys_for

    def forces(name: str, keymap: dict[str, str]) -> dict[str, str]:
        return {what: key for key, what in dict(keys_for(system(name), keymap=keymap))[
            "Forces"]}

    rows = forces("openfire", {"entry-options": "ctrl+o", "add-example": "x"})
    assert rows["add an example unit, a unit file, or a new unit"] == "x  f  n"
    assert rows["open the highlighted unit in the designer"] == "o"
    assert rows["duplicate / remove the highlighted unit"] == "d  delete  x"
    assert rows["the highlighted unit's options (what an army builder offers on an "
                "entry), priced as they change"] == "ctrl+o"
    rows = forces("tactics", {"entry-key": "ctrl+s"})  # no options; a side of its own
    assert not any("options" in what for what in rows)
    assert rows["the highlighted sheet's side: the next one"] == "ctrl+s"


@pytest.mark.tui
async def test_keys_the_app_cannot_use_are_said_and_ctrl_q_still_quits(settings_file,
                                                                       tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    text = ("keys: {help: ctrl+q, open: ctrl+q, save: ctrl+q, export: ctrl+q, quitt: f9, "
            "add: 'ctrl+qq'}\n")
    settings_file.write_text(text)
    app = build_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        said = [n.message for n in app._notifications if n.title == "Settings"]
        assert said == [
            f"{settings_file}: keys.quitt: unknown binding id 'quitt' (did you mean quit?); "
            "the ids are listed in the help (f1); it is ignored",
            f"{settings_file}: keys.add: 'ctrl+qq' is not a key name (write e.g. ctrl+q, "
            "f10, shift+tab); 'add' keeps its default keys",
            f"{settings_file}: keys: ctrl+q is given to quit, help, open, save and export on "
            "one screen; help, open, save and export keep their default keys"]
        app.theme = "gruvbox"  # a change the app would keep: the file is left as it is
        await app.workers.wait_for_complete()
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.return_code == 0 and not app.is_running
    assert settings_file.read_text() == text


@pytest.mark.tui
async def test_a_settings_path_in_a_loop_of_links_never_stops_the_app(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.yaml").symlink_to(tmp_path / "b.yaml")
    (tmp_path / "b.yaml").symlink_to(tmp_path / "a.yaml")
    monkeypatch.setenv("DESIGNER_CONFIG", str(tmp_path / "a.yaml"))
    unit = tmp_path / "witch.yaml"
    unit.write_text((examples_dir() / "units" / "steam-witch.yaml").read_text())
    app = build_app(unit_path=unit, start="edit")  # an opened file is a recent one to keep
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.theme = "gruvbox"
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.is_running
        assert [n.message for n in app._notifications if n.title == "Settings"] == [
            f"{tmp_path / 'a.yaml'}: cannot read: Too many levels of symbolic links; the "
            "defaults are used and the file is left as it is"]
    assert (tmp_path / "a.yaml").is_symlink() and (tmp_path / "b.yaml").is_symlink()
