"""The documents the designer edits, without the app: a unit or a force opened, new or
read, edited as snapshots, dirty until saved, saved atomically where it belongs."""

from __future__ import annotations

import os

import pytest

from designer.documents import EntryLink, ForceDoc, UnitDoc, is_blank, kind_of
from designer.errors import InputError
from designer.io import file_stamp, load_yaml, save_yaml
from designer.systems import examples_dir, system, system_names
from designer.systems.opentactics import edits

GAME = system("opentactics")


def test_unit_doc_edits_are_snapshots(tmp_path):
    doc = UnitDoc.open(tmp_path / "ridge-hunter.yaml", GAME)
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
    doc = ForceDoc.new(GAME, path=tmp_path / "raid.yaml")
    assert doc.force.cap == 500  # the system's default budget
    levy = UnitDoc.load(units / "levy.yaml")
    doc.edit(doc.force.inserted(doc.entry(levy.unit, 2, (units / "levy.yaml").resolve())))
    doc.edit(doc.force.with_count(0, 3))
    doc.save()
    assert load_yaml(tmp_path / "raid.yaml")["units"] == [{"unit": "units/levy.yaml",
                                                            "count": 3}]
    doc.save(tmp_path / "elsewhere" / "raid.yaml")
    assert load_yaml(tmp_path / "elsewhere" / "raid.yaml")["units"][0]["unit"] == \
        "../units/levy.yaml"
    again = ForceDoc.load(tmp_path / "elsewhere" / "raid.yaml")
    assert again.force.total == 3 * 17
    inline = doc.data(inline=True)
    assert inline["units"][0]["unit"]["name"] == "Levy Spearman"


def test_the_home_force_never_points_into_the_catalog():
    doc = ForceDoc.home(GAME)
    assert doc.path is None and doc.example and doc.force.path is None
    assert doc.force.name == "Northern Raid"  # the first example roster
    assert all(e.file is None and not e.source for e in doc.force.entries)


def test_blank_files_open_as_new_documents(tmp_path):
    assert is_blank(tmp_path / "missing.yaml")
    (tmp_path / "empty.yaml").write_text("  \n")
    assert is_blank(tmp_path / "empty.yaml")
    (tmp_path / "full.yaml").write_text("name: x\n")
    assert not is_blank(tmp_path / "full.yaml")
    (tmp_path / "spaces.yaml").write_text(" " * 5000)  # too big to be nothing
    assert not is_blank(tmp_path / "spaces.yaml")
    assert not is_blank(tmp_path)  # a folder
    (tmp_path / "dangling.yaml").symlink_to(tmp_path / "nowhere.yaml")
    assert not is_blank(tmp_path / "dangling.yaml")  # an error to report, not a new file


def test_a_unit_doc_assesses_each_snapshot_once(monkeypatch):
    calls = []
    real = GAME.assess

    def assess(unit, catalog):
        calls.append(unit)
        return real(unit, catalog)

    monkeypatch.setattr(GAME, "assess", assess)
    doc = UnitDoc.new(GAME, name="Levy")
    assert (doc.tally.total, doc.final.athletics, doc.name) == (0, 0, "Levy")
    assert doc.loaded().tally is doc.tally
    assert len(calls) == 1
    doc.edit(edits.set_dice(doc.unit, "melee", "off", 1))
    assert doc.tally.total == doc.assessment.tally.total == 1
    assert len(calls) == 2
    data = doc.data()
    assert (data["system"], data["name"], data["skills"]) == \
        ("opentactics", "Levy", {"melee": {"off_dice": 1}})


def test_a_force_doc_is_a_history_of_forces():
    doc = ForceDoc.home(GAME)
    before = doc.force
    assert doc.edit(before.with_count(0, 5))
    assert doc.force.entries[0].count == 5 and before.entries[0].count == 4
    assert [f.label for f in doc.force.facts()] == ["Starting morale", "Activation counters"]
    assert doc.undo() and doc.force is before and not doc.dirty
    assert not doc.undo() and doc.redo() and doc.dirty


def test_kind_of_asks_the_files_system(tmp_path):
    force = tmp_path / "of.yaml"
    force.write_text("system: op-en\nname: OF\ncore_stat: fight\ncharacters: []\n")
    assert kind_of(force) == "roster"  # Op-En calls its list characters
    unit = tmp_path / "u.yaml"
    unit.write_text("name: Levy\n")
    assert kind_of(unit) == "unit"


@pytest.mark.parametrize("name", system_names())
def test_a_new_unit_and_force_of_every_system_save_and_read_back(tmp_path, name):
    game = system(name)
    unit = UnitDoc.open(tmp_path / "dock_thug.yaml", game)
    assert (unit.name, unit.exists, unit.dirty, unit.disk) == ("Dock Thug", False, False, None)
    assert unit.save() == tmp_path / "dock_thug.yaml" and unit.exists
    written = load_yaml(tmp_path / "dock_thug.yaml")
    assert (written["system"], written["name"]) == (name, "Dock Thug")
    assert written["id"] == str(game.unit_id(unit.unit))
    again = UnitDoc.open(tmp_path / "dock_thug.yaml")  # its system read from the file
    assert again.game is game and again.unit == unit.unit and not again.dirty

    force = ForceDoc.open(tmp_path / "harbour-raid.yaml", game, cap=300)
    assert (force.force.name, force.force.entries, force.exists) == ("Harbour Raid", (), False)
    budget = game.force_rules(game.bundled_catalog()).budget
    assert force.force.cap == (300 if budget else None)  # a system without one has no cap
    force.edit(force.force.inserted(force.entry(unit.unit, 2, tmp_path / "dock_thug.yaml")))
    assert force.dirty
    force.save()
    assert not force.dirty
    read = ForceDoc.open(tmp_path / "harbour-raid.yaml")
    assert read.game is game and read.force.name == "Harbour Raid"
    assert [(e.unit, e.count, e.source) for e in read.force.entries] == \
        [(unit.unit, 2, "dock_thug.yaml")]


def test_an_edit_and_its_undo_are_dirty_then_clean(tmp_path):
    path = tmp_path / "levy.yaml"
    path.write_bytes((examples_dir() / "units" / "levy-spearman.yaml").read_bytes())
    doc = UnitDoc.load(path)
    assert not doc.dirty and doc.label == f"Levy Spearman ({path.name})"
    start = doc.unit
    assert doc.edit(edits.set_dice(start, "melee", "off", 3))
    assert not doc.edit(edits.set_dice(doc.unit, "melee", "off", 3))  # no change, no step
    assert doc.dirty and doc.unit.skills.melee.off_dice == 3
    assert doc.undo() and doc.unit is start and not doc.dirty
    assert not doc.undo()
    assert doc.redo() and doc.dirty and not doc.redo()
    doc.save()
    assert not doc.dirty and load_yaml(path)["skills"]["melee"]["off_dice"] == 3
    assert doc.undo() and doc.dirty  # the file holds 3 now: 1 is the change


def test_a_save_replaces_the_file_whole_or_not_at_all(tmp_path, monkeypatch):
    path = tmp_path / "levy.yaml"
    before = (examples_dir() / "units" / "levy-spearman.yaml").read_bytes()
    path.write_bytes(before)
    doc = UnitDoc.load(path)
    stamp = doc.disk
    doc.edit(edits.set_dice(doc.unit, "melee", "off", 3))

    def fail(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError, match="No space left"):
        doc.save()
    assert path.read_bytes() == before  # the old file, not half of the new one
    assert sorted(p.name for p in tmp_path.iterdir()) == ["levy.yaml"]  # no temporary left
    assert doc.dirty and doc.disk == stamp
    monkeypatch.undo()
    doc.save()
    assert load_yaml(path)["skills"]["melee"]["off_dice"] == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["levy.yaml"]
    assert not doc.dirty and doc.disk == file_stamp(path)


def test_a_document_without_a_file_asks_for_one():
    for doc in (UnitDoc.new(GAME), ForceDoc.new(GAME)):
        with pytest.raises(InputError, match="no file to save to; use Save as"):
            doc.save()


def test_a_snapshot_saved_while_editing_on_is_the_saved_one(tmp_path):
    """A save in the background writes the snapshot it was given; edits made meanwhile
    stay unsaved."""
    doc = UnitDoc.new(GAME, path=tmp_path / "u.yaml", name="Levy")
    doc.edit(edits.set_dice(doc.unit, "melee", "off", 1))
    saving = doc.unit
    doc.edit(edits.set_dice(doc.unit, "melee", "off", 2))
    doc.save(snapshot=saving)
    assert load_yaml(tmp_path / "u.yaml")["skills"] == {"melee": {"off_dice": 1}}
    assert doc.dirty and doc.history.saved is saving
    assert doc.undo() and not doc.dirty


def test_an_entry_link_hands_the_edited_unit_back_to_its_force():
    force = ForceDoc.home(GAME)
    link = EntryLink(force, 1)
    entry = link.entry
    assert not link.apply(entry.unit)  # unchanged: no edit
    assert not force.dirty
    unit = edits.set_dice(entry.unit, "melee", "off", entry.unit.skills.melee.off_dice + 1)
    assert link.apply(unit)
    changed = force.force.entries[1]
    assert (changed.unit, changed.count) == (unit, entry.count)
    assert changed.assessment.tally.total > entry.assessment.tally.total
    assert force.dirty and force.undo() and force.force.entries[1] is entry
