"""An export of several files (BattleScribe's game system, catalogue, roster and data
index) is complete or leaves nothing: a disk that fills up, or a file that cannot be put
in place, part way through leaves the folder as it was, old files included."""

from __future__ import annotations

import errno
import os
import stat

import pytest

from designer.cli import main
from designer.errors import InputError
from designer.export import export_path
from designer.io import write_all
from designer.systems import examples_dir

ROSTER = examples_dir() / "rosters" / "northern-raid.yaml"


def _full_disk_on(monkeypatch, suffix: str) -> None:
    """Putting a file named `...suffix` in place fails as a full disk would."""
    real = os.replace

    def replace(src, dst, *args, **kwargs):
        if str(dst).endswith(suffix):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(dst))
        return real(src, dst, *args, **kwargs)

    monkeypatch.setattr(os, "replace", replace)


def _listing(folder):
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


def test_a_set_that_cannot_be_finished_leaves_nothing(tmp_path, monkeypatch, capsys):
    out = tmp_path / "bs"
    out.mkdir()
    (out / "notes.txt").write_text("mine\n")
    _full_disk_on(monkeypatch, ".ros")
    code = main(["export", str(ROSTER), "--format", "battlescribe", "--out", str(out)])
    assert code == 2
    assert _listing(out) == ["notes.txt"]  # no .gst, no .cat, no temporary folder
    err = capsys.readouterr().err
    assert err == (f"designer: error: {out / 'northern-raid.ros'}: cannot write: No space "
                   "left on device; none of the 4 files was written\n")


def test_a_failed_update_puts_the_old_files_back(tmp_path, monkeypatch):
    out = tmp_path / "bs"
    out.mkdir()
    before = {name: f"an older {name}\n".encode() for name in
              ("opentactics.gst", "opentactics-units.cat", "northern-raid.ros",
                           "index.bsi")}
    for name, data in before.items():
        (out / name).write_bytes(data)
    os.chmod(out / "opentactics-units.cat", 0o640)
    with monkeypatch.context() as patch:
        _full_disk_on(patch, ".ros")
        with pytest.raises(InputError, match="none of the 4 files was written"):
            export_path(ROSTER, "battlescribe", out=out, overwrite=True)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert stat.S_IMODE((out / "opentactics-units.cat").stat().st_mode) == 0o640
    written = export_path(ROSTER, "battlescribe", out=out, overwrite=True)
    assert sorted(p.name for p in written.paths) == sorted(before)
    assert (out / "northern-raid.ros").read_bytes() != before["northern-raid.ros"]
    assert stat.S_IMODE((out / "opentactics-units.cat").stat().st_mode) == 0o640


def test_a_disk_full_while_writing_leaves_nothing(tmp_path, monkeypatch):
    real, calls = os.fsync, []

    def fsync(fd):
        calls.append(fd)
        if len(calls) == 3:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    with pytest.raises(InputError, match="No space left on device; none of the 4 files"):
        export_path(ROSTER, "battlescribe", out=tmp_path / "bs")
    assert _listing(tmp_path / "bs") == []


def test_a_set_is_written_whole_with_the_modes_files_get(tmp_path):
    folder = tmp_path / "set"
    folder.mkdir()
    (folder / "b.txt").write_text("old")
    os.chmod(folder / "b.txt", 0o600)
    old = os.umask(0o022)
    try:
        written = write_all({folder / "a.txt": "A", folder / "b.txt": b"B"})
    finally:
        os.umask(old)
    assert written == [folder / "a.txt", folder / "b.txt"]
    assert (folder / "a.txt").read_text() == "A" and (folder / "b.txt").read_text() == "B"
    assert stat.S_IMODE((folder / "a.txt").stat().st_mode) == 0o644
    assert stat.S_IMODE((folder / "b.txt").stat().st_mode) == 0o600
    assert _listing(folder) == ["a.txt", "b.txt"]
    with pytest.raises(ValueError, match="one folder"):
        write_all({folder / "a.txt": "A", tmp_path / "c.txt": "C"})


def test_an_import_that_cannot_be_finished_leaves_nothing(tmp_path, monkeypatch, capsys):
    """`designer import` writes a roster and its units: all of them, or none (a roster
    without some of its units would not load)."""
    export_path(ROSTER, "battlescribe", out=tmp_path / "bs")
    back = tmp_path / "back"
    back.mkdir()
    (back / "ash-warden.yaml").write_text("name: my own\n")
    args = ["import", str(tmp_path / "bs" / "northern-raid.ros"), "-o", str(back), "--force"]
    with monkeypatch.context() as patch:
        _full_disk_on(patch, "northern-raid.yaml")
        assert main(args) == 2
    assert _listing(back) == ["ash-warden.yaml"]
    assert (back / "ash-warden.yaml").read_text() == "name: my own\n"
    assert capsys.readouterr().err == (
        f"designer: error: {back / 'northern-raid.yaml'}: cannot write: No space left on "
        "device; none of the 7 files was written\n")
    assert main(args) == 0
    assert len(_listing(back)) == 7
