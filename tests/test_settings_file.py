"""The settings file is checked on load: each problem is one warning line (in the CLI on
stderr) and its setting stays at its default (the key bindings: tests/test_keymap.py);
and a settings path that cannot be read or written never stops a command."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from designer.cli import main
from designer.errors import InputError
from designer.settings import Settings, load_settings, save_settings
from designer.systems import examples_dir

UNIT = examples_dir() / "units" / "steam-witch.yaml"


def test_the_cli_says_each_problem_of_the_settings_file(settings_file, capsys):
    settings_file.write_text("paper: letter\ntheme: 7\nkeys: {quitt: f9}\n")
    assert main(["--config-path"]) == 0
    out, err = capsys.readouterr()
    assert out == f"{settings_file}\n"
    assert err.splitlines() == [
        f"designer: warning: {settings_file}: theme: expected text, got 7; the default is "
        "used",
        f"designer: warning: {settings_file}: keys.quitt: unknown binding id 'quitt' (did "
        "you mean quit?); the ids are listed in the help (f1); it is ignored"]


def test_an_export_says_a_broken_settings_file_and_goes_on(settings_file, tmp_path, capsys):
    settings_file.write_text("paper: [letter\n")
    assert main(["export", str(UNIT), "--format", "txt", "--out", str(tmp_path)]) == 0
    err = capsys.readouterr().err
    assert err == (f"designer: warning: {settings_file}: not valid YAML: did not find "
                   "expected ',' or ']' (line 2, column 1); the defaults are used and the "
                   "file is left as it is\n")
    assert (tmp_path / "steam-witch.txt").is_file()
    assert settings_file.read_text() == "paper: [letter\n"


def test_a_settings_file_without_problems_says_nothing(settings_file, capsys):
    settings_file.write_text("paper: letter\nkeys: {quit: 'ctrl+q,f10', export: ctrl+x}\n")
    assert main(["--config-path"]) == 0
    assert capsys.readouterr().err == ""


@pytest.fixture
def loop(tmp_path: Path) -> Path:
    (tmp_path / "a.yaml").symlink_to(tmp_path / "b.yaml")
    (tmp_path / "b.yaml").symlink_to(tmp_path / "a.yaml")
    return tmp_path / "a.yaml"


@pytest.mark.parametrize(("where", "reason"), [
    ("loop", "cannot read: Too many levels of symbolic links"),
    ("folder", "is a folder, not a file"),
    ("under a file", "cannot read: Not a directory"),
])
def test_a_settings_path_that_cannot_be_read_gives_the_defaults(tmp_path, loop, where,
                                                                 reason, monkeypatch, capsys):
    (tmp_path / "plain").write_text("x")
    path = {"loop": loop, "folder": tmp_path, "under a file": tmp_path / "plain" / "c.yaml"
            }[where]
    assert load_settings(path) == (Settings(), [
        f"{path}: {reason}; the defaults are used and the file is left as it is"])
    with pytest.raises(InputError, match=r"cannot write|is a folder"):
        save_settings(Settings(theme="nord"), path)
    monkeypatch.setenv("DESIGNER_CONFIG", str(path))
    assert main(["export", str(UNIT), "--format", "txt", "--out", str(tmp_path / "o")]) == 0
    assert f"{path}: {reason}" in capsys.readouterr().err


def test_a_save_through_a_loop_of_links_is_an_input_error(loop):
    from designer.io import write_atomic

    with pytest.raises(InputError, match="loop of symbolic links"):
        write_atomic(loop, "name: x\n")


def test_an_unwritable_settings_folder_is_an_input_error(tmp_path):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the folder should be")
    with pytest.raises(InputError, match="cannot write"):
        save_settings(Settings(theme="nord"), blocked / "designer" / "config.yaml")
    assert not os.path.isdir(blocked)
