"""Reading and writing the user's YAML files: bounded, safe, atomic, with one-line errors.

The parts live beside this module (`yamlsafe` reads YAML text safely, `validation` turns
data into models with one-line errors, `roundtrip` keeps comments on save); this is where
the rest of the app reads and writes files, so it offers them all.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple

import yaml

from designer.errors import InputError
from designer.validation import (
    file_schema,
    refuse_boolean_keys,
    require_mapping,
    suggest,
    validate,
    validation_error,
)
from designer.yamlsafe import MAX_DEPTH, MAX_FILE_BYTES, parse_yaml

try:  # the C dumper is several times faster; the pure one writes the same
    from yaml import CSafeDumper as _BaseDumper
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    # the pure dumper is another class than the C one, with the same methods
    from yaml import SafeDumper as _BaseDumper  # type: ignore[assignment]

__all__ = ["MAX_DEPTH", "MAX_FILE_BYTES", "FileStamp", "changed_since", "dump_yaml",
           "file_schema", "file_stamp", "load_mapping", "load_yaml", "parse_yaml", "read_text",
           "refuse_boolean_keys", "require_mapping", "save_yaml", "suggest", "validate",
           "validation_error", "write_all", "write_atomic"]


class _Dumper(_BaseDumper):
    """Writes shared objects out in full: files people read and edit hold no &anchors."""

    def ignore_aliases(self, data: Any) -> bool:
        return True

def read_text(path: str | Path) -> str:
    """A regular file's text, read with a bound: refuses what is missing, a folder, a
    device or pipe (which could block or never end), too large, or not UTF-8."""
    p = Path(path)
    try:
        fd = os.open(p, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise InputError("no such file", file=p) from None
    except IsADirectoryError:
        raise InputError("is a folder, not a file", file=p) from None
    except (OSError, ValueError) as exc:
        raise InputError(f"cannot read: {_reason(exc)}", file=p) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise InputError("is a folder, not a file", file=p)
        if not stat.S_ISREG(info.st_mode):
            raise InputError("is not a regular file (a device, pipe or socket); give a "
                             "YAML file", file=p)
        if info.st_size > MAX_FILE_BYTES:
            raise InputError(f"file is {info.st_size / 1_048_576:.1f} MB; the limit is "
                             f"{MAX_FILE_BYTES // 1_048_576} MB", file=p)
        chunks, size = [], 0
        while size <= MAX_FILE_BYTES:
            chunk = os.read(fd, min(1 << 20, MAX_FILE_BYTES + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise InputError(f"cannot read: {_reason(exc)}", file=p) from None
    finally:
        os.close(fd)
    if size > MAX_FILE_BYTES:
        raise InputError(f"file is over {MAX_FILE_BYTES // 1_048_576} MB; the limit is "
                         f"{MAX_FILE_BYTES // 1_048_576} MB", file=p)
    try:
        return b"".join(chunks).decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text (byte {exc.start})", file=p) from None


def _reason(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc)


def load_yaml(path: str | Path) -> Any:
    return parse_yaml(read_text(path), file=path)


def load_mapping(path: str | Path, what: str) -> dict[str, Any]:
    """A YAML file that must hold a mapping (a unit, a roster, a catalog file)."""
    data = load_yaml(path)
    return require_mapping(data, what, file=path)


def dump_yaml(data: Any) -> str:
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)


STALE_TEMP_SECONDS = 3600  # a temporary file this old is left from a killed save


def link_loop(path: Path) -> bool:
    """Whether `path` is a loop of symbolic links. Asked of the system, since Python's
    own resolve() says so differently from one version to the next (RuntimeError up to
    3.12; from 3.13 it returns the path unresolved)."""
    try:
        os.stat(path)
    except OSError as exc:
        return exc.errno == errno.ELOOP
    return False


def write_atomic(path: str | Path, data: str | bytes) -> Path:
    """Write via a temporary file in the same folder, fsync it, rename it into place and
    fsync the folder, so a crash leaves the old file or the new one, never half of one.

    Saving through a symbolic link writes the file it points to (the link stays). A new
    file gets the permissions the umask allows; an existing one keeps its own. Temporary
    files an interrupted save left behind are cleared once they are an hour old.
    """
    import tempfile

    p = Path(path)
    if p.is_symlink():
        if link_loop(p):
            raise InputError("cannot write: the path is a loop of symbolic links",
                             file=path)
        p = p.resolve()
    p.parent.mkdir(parents=True, exist_ok=True)
    _clear_stale_temps(p)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
            fh.flush()
            os.fsync(fh.fileno())
        if p.exists():
            os.chmod(tmp, p.stat().st_mode & 0o7777)
        else:
            os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, p)
    except BaseException:
        with _suppress_oserror():
            os.unlink(tmp)
        raise
    _sync_folder(p.parent)
    return p


def write_all(files: Mapping[Path, str | bytes]) -> list[Path]:
    """Write every file, or none: each is written (and synced) into a new temporary
    folder beside them, then all are moved into place; should any step fail (a full
    disk, a file in the way), the files moved so far are put back as they were, and an
    InputError names the file. The files share one folder; a file there already keeps
    its permissions, a new one gets those the umask allows, and a link in the way is
    replaced (exports, which write sets of files, never write through one)."""
    import shutil
    import tempfile

    targets = [Path(t) for t in files]
    folder = targets[0].parent if targets else Path(".")
    if any(t.parent != folder for t in targets) or len(set(targets)) != len(targets):
        raise ValueError("write_all writes distinct files of one folder")
    staging: Path | None = None
    moved: list[tuple[Path, Path | None]] = []  # (target, its old file kept in staging)
    target = folder
    try:
        folder.mkdir(parents=True, exist_ok=True)
        _clear_stale_temps(folder / "designer-set")
        staging = Path(tempfile.mkdtemp(prefix=".designer-set.", suffix=".tmp", dir=folder))
        for n, (target, data) in enumerate(zip(targets, files.values(), strict=True)):
            new = staging / f"new-{n}"
            with open(new, "xb") as fh:
                fh.write(data.encode("utf-8") if isinstance(data, str) else data)
                fh.flush()
                os.fsync(fh.fileno())
            mode = target.lstat().st_mode if target.is_file() and not target.is_symlink() \
                else 0o666 & ~_umask()
            os.chmod(new, mode & 0o7777)
        for n, target in enumerate(targets):
            old = None
            if target.is_file() and not target.is_symlink():
                old = staging / f"old-{n}"
                _keep_copy(target, old)
            os.replace(staging / f"new-{n}", target)
            moved.append((target, old))
    except BaseException as exc:  # a full disk, a file in the way, ctrl+c: undo
        for done, old in reversed(moved):
            with _suppress_oserror():
                if old is None:
                    os.unlink(done)
                else:
                    os.replace(old, done)
        if isinstance(exc, OSError):
            raise InputError(f"cannot write: {_reason(exc)}; none of the {len(targets)} "
                             "files was written", file=target) from None
        raise
    finally:
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)
    _sync_folder(folder)
    return targets


def _keep_copy(path: Path, copy: Path) -> None:
    """`path`'s file kept at `copy` (a second link to it where the file system allows)."""
    try:
        os.link(path, copy)
    except OSError:
        import shutil

        shutil.copy2(path, copy)


def _sync_folder(folder: Path) -> None:
    with _suppress_oserror():
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _clear_stale_temps(target: Path) -> None:
    """Temporary files (and a set's folders) an interrupted save left beside `target`,
    once they are an hour old."""
    import shutil

    cutoff = time.time() - STALE_TEMP_SECONDS
    for leftover in target.parent.glob(f".{glob_escape(target.name)}.*.tmp"):
        with _suppress_oserror():
            if leftover.lstat().st_mtime >= cutoff or leftover.is_symlink():
                continue
            if leftover.is_file():
                leftover.unlink()
            elif leftover.is_dir():
                shutil.rmtree(leftover)


def glob_escape(name: str) -> str:
    return re.sub(r"([*?\[])", r"[\1]", name)


class FileStamp(NamedTuple):
    """What a file held when it was read or written: its size, its modification time
    and a hash of its bytes (so a save can tell whether someone changed it since). A
    NamedTuple, as the system contract's records are (contract.py says why)."""

    size: int
    mtime_ns: int
    digest: str


def file_stamp(path: str | Path) -> FileStamp | None:
    """The stamp of the regular file at `path` now; None when there is none, it cannot
    be read (which a save will then say), or it is a pipe or a device (never read: a
    pipe would block)."""
    import hashlib

    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except (OSError, ValueError):
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return None
        with os.fdopen(os.dup(fd), "rb") as fh:
            digest = hashlib.sha256(fh.read(MAX_FILE_BYTES + 1)).hexdigest()
    except OSError:
        return None
    finally:
        os.close(fd)
    return FileStamp(info.st_size, info.st_mtime_ns, digest)


def changed_since(path: str | Path, stamp: FileStamp | None) -> bool:
    """Whether the file at `path` is not what `stamp` saw: other bytes, a file where
    there was none, or something else than a regular file now (a pipe, a device: never
    read). A file touched but not changed is the same; a file gone is not counted
    (writing it again loses nothing)."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return False
    if stamp is None or not stat.S_ISREG(info.st_mode):
        return True
    if (info.st_size, info.st_mtime_ns) == (stamp.size, stamp.mtime_ns):
        return False
    now = file_stamp(path)
    return now is not None and now.digest != stamp.digest


def save_yaml(path: str | Path, data: Any) -> Path:
    """Write `data` as the YAML file at `path`, atomically. When the file exists, what
    did not change keeps its comments, key order and flow style (a round-trip edit of
    the old text); the result is checked to load back as `data`, else written afresh."""
    from designer.roundtrip import edited_text

    plain = dump_yaml(data)
    try:
        old_text = read_text(path)
    except InputError:  # no file yet, or one that cannot be read: write afresh
        return write_atomic(path, plain)
    return write_atomic(path, edited_text(old_text, data, plain) or plain)


class _suppress_oserror:
    def __enter__(self) -> None:
        return None

    def __exit__(self, exc_type, exc, tb) -> bool:
        return exc_type is not None and issubclass(exc_type, OSError)


