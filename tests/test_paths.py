"""Paths as the designer shows and offers them: a document's path in a title, the files
a dialog lists (the folder's, the recent ones, the examples; never the catalog's data
files) and a typed path completed."""

from __future__ import annotations

from pathlib import Path

import pytest

from designer.paths import (
    choices,
    completion,
    display_path,
    example_files,
    folder_files,
    is_bundled,
    is_catalog_data,
    shown,
)
from designer.systems import catalog_root, examples_dir, system_names


@pytest.fixture
def here(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "rosters").mkdir()
    (tmp_path / "rosters" / "raid.yaml").write_text("name: Raid\nunits: []\n")
    (tmp_path / "rosters" / "rout.yaml").write_text("name: Rout\nunits: []\n")
    (tmp_path / "warden.yaml").write_text("name: Ash Warden\n")
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / "x.yaml").write_text("name: X\n")
    (tmp_path / "notes.txt").write_text("not yaml\n")
    return tmp_path


def test_catalog_data_files_are_told_from_examples():
    data = catalog_root() / "opentactics" / "abilities.yaml"
    example = examples_dir() / "units" / "steam-witch.yaml"
    assert is_catalog_data(data) and not is_catalog_data(example)
    assert is_bundled(data) and is_bundled(example)
    assert not is_catalog_data(Path("/tmp/abilities.yaml"))
    found = folder_files(catalog_root() / "opentactics")
    assert example in found
    assert found == [p for p in found if "examples" in p.parts]  # no data file


def test_choices_list_folder_recent_examples_once_each(here):
    elsewhere = here.parent / f"{here.name}-other.yaml"
    elsewhere.write_text("name: Other\n")
    examples = example_files(["opentactics"], kinds=("units",))
    listed = choices(folder=here, cwd=here,
                     recent=[elsewhere, here / "warden.yaml",
                             catalog_root() / "opentactics" / "costs.yaml"],
                     examples=examples)
    assert [(c.group, c.label) for c in listed[:5]] == [
        ("In this folder", "warden.yaml"),
        ("In this folder", "rosters/raid.yaml"),
        ("In this folder", "rosters/rout.yaml"),
        ("Recent", str(elsewhere)),
        ("Examples", "opentactics/units/ash-warden.yaml"),
    ]
    assert len(listed) == 4 + len(examples)  # warden.yaml is listed once; costs.yaml never


def test_completion_goes_as_far_as_the_names_agree(here):
    assert completion("ros", here) == "rosters/"
    assert completion("rosters/r", here) is None  # raid and rout agree on "r" only
    assert completion("rosters/ra", here) == "rosters/raid.yaml"
    assert completion("rosters/", here) == "rosters/r"
    assert completion("rosters/raid.yaml", here) is None
    assert completion("no", here) is None  # notes.txt is not YAML
    assert completion(".hid", here) == ".hidden/"
    assert completion("", here) is None
    assert completion(str(here / "war"), here) == str(here / "warden.yaml")


def test_a_recent_file_is_listed_once_however_it_is_spelled(here):
    listed = choices(folder=here / "rosters", cwd=here,
                     recent=[Path("warden.yaml"), here / "warden.yaml",
                             here / "rosters" / ".." / "warden.yaml"])
    assert [(c.group, c.label, c.path) for c in listed] == [
        ("In rosters", "rosters/raid.yaml", here / "rosters" / "raid.yaml"),
        ("In rosters", "rosters/rout.yaml", here / "rosters" / "rout.yaml"),
        ("Recent", "warden.yaml", Path("warden.yaml")),
    ]


def test_the_folder_list_stops_at_its_limit(here):
    assert folder_files(here, limit=2) == [here / "warden.yaml", here / "rosters" / "raid.yaml"]
    assert folder_files(here / "missing") == []


def test_example_files_of_a_system_and_of_all():
    tactics = examples_dir("tactics")
    assert example_files(["tactics"]) == [
        tactics / "units" / name for name in
        ("dock-thug.yaml", "harbour-brute.yaml", "sergeant-vale.yaml", "warden-drone.yaml")
    ] + [tactics / "rosters" / "dock-ambush.yaml"]
    assert [p.name for p in example_files(["opentactics"], kinds=("rosters",))] == \
        ["northern-raid.yaml", "titans-folly.yaml"]
    every = example_files()
    assert every == [p for name in system_names() for p in example_files([name])]
    assert all(is_bundled(p) and not is_catalog_data(p) for p in every)


def test_a_title_shows_a_path_from_the_working_folder_or_its_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    inside = tmp_path / "sub" / "a.yaml"
    assert display_path(inside) == str(Path("sub") / "a.yaml")
    assert display_path(Path("sub/a.yaml")) == str(Path("sub") / "a.yaml")
    assert display_path(Path("/elsewhere/b.yaml")) == "b.yaml"  # never an absolute path
    assert display_path(None) == "not saved yet"
    monkeypatch.chdir(tmp_path.parent)
    assert display_path(inside) == str(Path(tmp_path.name) / "sub" / "a.yaml")
    (tmp_path / "sub").mkdir()
    monkeypatch.chdir(tmp_path / "sub")
    assert display_path(inside) == "a.yaml"  # the working folder moved: so did the path


def test_a_dialog_shows_a_path_from_here_or_from_home(tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    cwd = tmp_path / "work"
    assert shown(cwd / "u" / "a.yaml", cwd) == str(Path("u") / "a.yaml")
    assert shown(home / "forces" / "b.yaml", cwd) == str(Path("~") / "forces" / "b.yaml")
    assert shown(tmp_path / "c.yaml", cwd) == str(tmp_path / "c.yaml")
