"""What a file held when it was read, so a save can tell an outside change from none: a
change of bytes is one, a touch is not, a file that appeared is one, a file gone is not
(writing it again loses nothing)."""

from __future__ import annotations

import os

import pytest

from designer.documents import UnitDoc
from designer.io import changed_since, file_stamp
from designer.ondisk import ChangedOnDisk
from tests.tui.helpers import ASH_WARDEN


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
