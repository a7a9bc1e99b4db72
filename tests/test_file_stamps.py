"""What a file held when it was read, so a save can tell an outside change from none: a
change of bytes is one, a touch is not, a file that appeared is one, a file gone is not
(writing it again loses nothing). A document refuses to write over a change, and after
a reload or a save of its own the next save goes through."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from designer.documents import ForceDoc, UnitDoc
from designer.errors import InputError
from designer.io import changed_since, file_stamp, load_mapping, save_yaml
from designer.ondisk import ChangedOnDisk
from designer.systems import examples_dir

ASH_WARDEN = (examples_dir("opentactics") / "units" / "ash-warden.yaml").read_text()
OUTSIDE = ASH_WARDEN + "points: 55\n"  # what an editor saved meanwhile


def test_a_change_of_bytes_is_a_change_and_a_touch_is_not(tmp_path):
    path = tmp_path / "u.yaml"
    path.write_text("name: A\n")
    stamp = file_stamp(path)
    assert stamp is not None and stamp.size == 8
    assert not changed_since(path, stamp)
    info = path.stat()
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns + 10**9))
    assert not changed_since(path, stamp)
    path.write_text("name: B\n")  # the same size, other bytes
    assert changed_since(path, stamp)
    path.unlink()
    assert not changed_since(path, stamp) and file_stamp(path) is None
    path.write_text("name: C\n")
    assert changed_since(path, None)


def test_a_document_refuses_to_write_over_an_outside_change(tmp_path):
    path = tmp_path / "ash-warden.yaml"
    path.write_text(ASH_WARDEN)
    doc = UnitDoc.load(path)
    path.write_text(ASH_WARDEN + "points: 55\n")
    with pytest.raises(ChangedOnDisk, match="was changed on disk since it was read here"):
        doc.save()
    assert path.read_text().endswith("points: 55\n")
    doc.reload()
    assert doc.unit.points == 55 and not doc.dirty
    doc.save()  # what it read now is what is there
    assert doc.undo() and doc.unit.points is None and doc.dirty
    other = tmp_path / "copy.yaml"
    doc.save(other)  # another file: written, and the document's own from now on
    assert doc.path == other and "points" not in other.read_text()


def test_size_mtime_and_bytes_each_tell_a_change(tmp_path):
    path = tmp_path / "u.yaml"
    path.write_text("name: A\n")
    stamp = file_stamp(path)
    info = path.stat()
    path.write_text("name: AB\n")  # another size, even at the same time
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert changed_since(path, stamp)
    path.write_text("name: B\n")  # the same size, a later time: the bytes are compared
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns + 10**9))
    assert changed_since(path, stamp)
    path.write_text("name: A\n")  # written again as it was: no change
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns + 2 * 10**9))
    assert not changed_since(path, stamp)


def _renamed(doc: UnitDoc, name: str) -> None:
    doc.edit(doc.game.rename(doc.unit, name, doc.catalog))


def _opened(folder: Path) -> tuple[UnitDoc, Path]:
    """The Ash Warden read from its file in `folder`, renamed since (unsaved)."""
    path = folder / "ash-warden.yaml"
    path.write_text(ASH_WARDEN)
    doc = UnitDoc.load(path)
    _renamed(doc, "Ash Warden II")
    return doc, path


def test_a_file_only_touched_saves_without_asking(tmp_path):
    doc, path = _opened(tmp_path)
    info = path.stat()
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns + 5_000_000_000))
    assert not doc.outside_change()
    doc.save()
    assert load_mapping(path, "unit")["name"] == "Ash Warden II"
    assert doc.disk == file_stamp(path) and not doc.dirty


def test_after_a_reload_or_a_save_the_next_save_goes_through(tmp_path):
    doc, path = _opened(tmp_path)
    path.write_text(OUTSIDE)
    assert doc.outside_change() and not doc.outside_change(tmp_path / "other.yaml")
    doc.reload()
    assert (doc.unit.name, doc.unit.points, doc.dirty) == ("Ash Warden", 55, False)
    _renamed(doc, "Ash Warden III")
    doc.save()
    saved = load_mapping(path, "unit")
    assert (saved["name"], saved["points"]) == ("Ash Warden III", 55)
    _renamed(doc, "Ash Warden IV")
    doc.save()  # its own save is no outside change
    assert load_mapping(path, "unit")["name"] == "Ash Warden IV"
    _renamed(doc, "Ash Warden V")  # written as the app's save worker writes it
    save_yaml(path, doc.data())
    doc.mark_written(path, doc.unit, file_stamp(path))
    assert not doc.outside_change() and not doc.dirty


def test_a_file_that_appeared_since_is_a_change_and_one_gone_is_not(tmp_path):
    path = tmp_path / "new.yaml"
    doc = UnitDoc.open(path)
    path.write_text(OUTSIDE)
    with pytest.raises(ChangedOnDisk):
        doc.save()
    assert path.read_text() == OUTSIDE
    doc, path = _opened(tmp_path)
    path.unlink()
    doc.save()  # written again: nothing outside is lost
    assert load_mapping(path, "unit")["name"] == "Ash Warden II"


def test_a_reload_of_another_systems_file_is_refused_and_keeps_the_edits(tmp_path):
    doc, path = _opened(tmp_path)
    path.write_text("system: tactics\nname: Dock Thug\n")
    with pytest.raises(InputError, match="now holds no unit of this system"):
        doc.reload()
    assert doc.name == "Ash Warden II" and doc.dirty


def test_two_documents_on_one_roster_the_second_save_is_refused(tmp_path):
    (tmp_path / "ash-warden.yaml").write_text(ASH_WARDEN)
    roster = tmp_path / "raid.yaml"
    roster.write_text("system: opentactics\nname: Raid\nunits:\n"
                      "  - {unit: ash-warden.yaml, count: 1}\n")
    first, second = ForceDoc.load(roster), ForceDoc.load(roster)
    first.edit(first.force.with_count(0, 2))
    first.save()
    second.edit(second.force.with_count(0, 3))
    with pytest.raises(ChangedOnDisk, match="was changed on disk since it was read here"):
        second.save()
    assert load_mapping(roster, "roster")["units"][0]["count"] == 2
    second.reload()
    assert second.force.entries[0].count == 2 and not second.dirty
    assert second.undo() and second.force.entries[0].count == 3  # the edit one undo away
    second.redo()
    second.edit(second.force.with_count(0, 4))
    second.save()
    assert load_mapping(roster, "roster")["units"][0]["count"] == 4
    with pytest.raises(ChangedOnDisk):
        first.save()  # now the first one read it before that


def _within(seconds: float, call):
    """`call()`'s result, from a thread given `seconds` to finish (a pipe opened for
    reading would block it for ever)."""
    import threading

    result: list = []
    thread = threading.Thread(target=lambda: result.append(call()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "blocked"
    return result[0]


def test_a_file_replaced_by_a_pipe_is_a_change_and_never_read(tmp_path):
    path = tmp_path / "ash-warden.yaml"
    path.write_text(ASH_WARDEN)
    doc = UnitDoc.load(path)
    stamp = file_stamp(path)
    path.unlink()
    os.mkfifo(path)
    assert _within(10, lambda: file_stamp(path)) is None
    assert _within(10, lambda: changed_since(path, stamp)) is True

    def save() -> str:
        try:
            doc.save()
        except ChangedOnDisk as exc:
            return exc.shown()
        return "saved"

    assert _within(10, save) == f"{path}: was changed on disk since it was read here; " \
        "not overwritten (save it from its screen, ctrl+s, to choose)"
    assert not path.is_file()  # the pipe is still there, not replaced unasked


def test_a_device_is_a_change_and_never_read(tmp_path):
    stamp = file_stamp(os.devnull)
    assert stamp is None and changed_since(os.devnull, None)
