"""The TUI's documents without the TUI: undo history, dirty state, saving a force."""

from __future__ import annotations

from pathlib import Path

from designer.documents import ForceDoc, UnitDoc, is_blank
from designer.history import History
from designer.io import load_yaml, save_yaml
from designer.paths import display_path
from designer.systems import examples_dir, system
from designer.systems.opentactics import edits

GAME = system("opentactics")


def test_history_undo_redo_and_dirty():
    h = History("a")
    assert not h.dirty and not h.undo()
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


def test_a_sealed_step_keeps_later_typing_apart():
    h = History("")
    for text in ("Test", "Test Knight"):
        h.push(text, merge="name")
    h.seal()  # the field was left
    h.push("Test Knight II", merge="name")
    h.undo()
    assert h.present == "Test Knight"
    h.undo()
    assert h.present == ""


def test_a_new_edit_drops_the_redo_future():
    h = History(1)
    h.push(2)
    h.undo()
    h.push(3)
    assert h.present == 3
    assert not h.redo() and h.present == 3


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


def test_back_to_the_saved_value_is_not_dirty():
    h = History((1, 2))
    h.push((1, 3))
    assert h.dirty
    h.push((1, 2))  # an equal snapshot, built anew
    assert not h.dirty


def test_kind_of_asks_the_files_system(tmp_path):
    from designer.documents import kind_of

    force = tmp_path / "of.yaml"
    force.write_text("system: op-en\nname: OF\ncore_stat: fight\ncharacters: []\n")
    assert kind_of(force) == "roster"  # Op-En calls its list characters
    unit = tmp_path / "u.yaml"
    unit.write_text("name: Levy\n")
    assert kind_of(unit) == "unit"
