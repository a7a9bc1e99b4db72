"""The TUI's documents without the TUI: undo history, dirty state, saving a force."""

from __future__ import annotations

from pathlib import Path

from designer.io import load_yaml, save_yaml
from designer.systems import examples_dir
from designer.tui import edits
from designer.tui.documents import (
    ForceDoc,
    History,
    UnitDoc,
    display_path,
    insert_entry,
    is_blank,
    set_count,
)


def test_history_undo_redo_and_dirty():
    h = History("a")
    assert not h.dirty and not h.can_undo
    assert h.push("b") and h.push("c")
    assert h.dirty
    assert h.undo() and h.present == "b"
    assert h.redo() and h.present == "c"
    assert not h.redo()
    h.mark_saved("c")
    assert not h.dirty
    h.undo()
    assert h.dirty  # away from the saved snapshot
    h.redo()
    assert not h.dirty
    assert not h.push("c")  # no change, no step


def test_history_merges_typing_into_one_step():
    h = History("")
    for text in ("R", "Ri", "Rid", "Ridge"):
        h.push(text, merge="name")
    h.push("x")
    h.undo()
    assert h.present == "Ridge"
    h.undo()
    assert h.present == ""


def test_a_new_edit_drops_the_redo_future():
    h = History(1)
    h.push(2)
    h.undo()
    h.push(3)
    assert not h.can_redo and h.present == 3


def test_unit_doc_edits_are_snapshots(tmp_path):
    doc = UnitDoc.open(tmp_path / "ridge-hunter.yaml")
    assert doc.unit.name == "Ridge Hunter" and not doc.exists and not doc.dirty
    first = doc.unit
    doc.edit(edits.set_dice(doc.unit, "melee", "off", 2))
    assert first.skills.melee.off_dice == 0  # the old snapshot is untouched
    assert doc.tally.total == 3
    doc.save()
    assert not doc.dirty and load_yaml(tmp_path / "ridge-hunter.yaml")["name"] == "Ridge Hunter"


def test_force_doc_saves_unit_paths_relative_to_where_it_is_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    units = tmp_path / "units"
    save_yaml(units / "levy.yaml", load_yaml(examples_dir() / "units" / "levy-spearman.yaml"))
    doc = ForceDoc.new(tmp_path / "raid.yaml")
    levy = UnitDoc.load(units / "levy.yaml")
    doc.edit(insert_entry(doc.state, doc.entry(levy.unit, 2, (units / "levy.yaml").resolve())))
    doc.edit(set_count(doc.state, 0, 3))
    doc.save()
    assert load_yaml(tmp_path / "raid.yaml")["units"] == [{"unit": "units/levy.yaml",
                                                            "count": 3}]
    doc.save(tmp_path / "elsewhere" / "raid.yaml")
    assert load_yaml(tmp_path / "elsewhere" / "raid.yaml")["units"][0]["unit"] == \
        "../units/levy.yaml"
    again = ForceDoc.load(tmp_path / "elsewhere" / "raid.yaml")
    assert again.force().total == 3 * 17
    inline = doc.data(inline=True)
    assert inline["units"][0]["unit"]["name"] == "Levy Spearman"


def test_the_home_force_never_points_into_the_catalog():
    doc = ForceDoc.home()
    assert doc.path is None and doc.example
    assert all(e.file is None for e in doc.state.entries)


def test_blank_files_and_display_paths(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert is_blank(tmp_path / "missing.yaml")
    (tmp_path / "empty.yaml").write_text("  \n")
    assert is_blank(tmp_path / "empty.yaml")
    (tmp_path / "full.yaml").write_text("name: x\n")
    assert not is_blank(tmp_path / "full.yaml")
    assert display_path(tmp_path / "sub" / "a.yaml") == str(Path("sub") / "a.yaml")
    assert display_path(Path("/elsewhere/b.yaml")) == "b.yaml"
    assert display_path(None) == "not saved yet"
