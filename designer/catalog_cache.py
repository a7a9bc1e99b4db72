"""The bundled catalogs, kept validated on disk between runs: as data, never as code.

Reading a catalog parses its YAML and validates hundreds of entries: 5-30 ms of a
`designer price` that takes 150. `persistent(Model)` wraps a function that reads a
bundled catalog's files into one pydantic model; the model is kept in the user's cache
folder as JSON and read back through the model's own validation, so what is read is
data checked field by field, never code to run.

A kept file holds one line, the key it was made under, then the JSON. The key is a hash
of the catalog files' contents and of the code that reads them (the package's version,
the stamps of the core modules and of the system's own package, pydantic's and Python's
versions): an edit of either means reading afresh. Only catalogs inside the bundled
catalog folder are kept; a house-rules catalog elsewhere is validated on every load.

The folder may be shared or planted on (`DESIGNER_CACHE_DIR`, `XDG_CACHE_HOME`): a kept
file is read only when it is a regular file (not a link) owned by the user and writable
by no one else; else it is ignored and written again. Writes go to a new temporary file
(created exclusively, never through a link) renamed into place; a folder designer makes
is private (0700) whatever the umask. Anything amiss (no folder, a torn, stale or
foreign file) means reading the catalog afresh, never an error.
"""

from __future__ import annotations

import hashlib
import os
import stat
import sys
from collections.abc import Callable, Iterator
from contextlib import suppress
from functools import cache, wraps
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from pydantic import BaseModel

M = TypeVar("M", bound="BaseModel")

#: set to a folder to keep the cache there; set to "off" to validate every time
ENV = "DESIGNER_CACHE_DIR"
#: the layout of a kept file; a new one makes every old file stale
FORMAT = "designer-catalog-cache 2"
MAX_BYTES = 16 * 1024 * 1024
_SKIPPED = {"examples", "__pycache__"}
_PACKAGE = Path(__file__).resolve().parent


def cache_dir() -> Path | None:
    """$DESIGNER_CACHE_DIR, else the platform's cache folder for designer; None for off.

    The platforms' rules are written out here rather than asked of platformdirs (which
    `designer.settings` uses): importing it costs ~11 ms, on the start-up of every
    `designer price`."""
    named = os.environ.get(ENV)
    if named:
        return None if named == "off" else Path(named).expanduser()
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
        return base / "designer" / "Cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "designer"
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "designer"


def persistent(model: type[M]) -> Callable[[Callable[..., M]], Callable[..., M]]:
    """`read` (whose arguments are paths and names, and which returns a `model`) with
    its result for a bundled catalog kept on disk while the files it came from and the
    code that reads them are unchanged."""

    def wrap(read: Callable[..., M]) -> Callable[..., M]:
        source = Path(sys.modules[read.__module__].__file__ or ".").resolve().parent

        @wraps(read)
        def cached(*args: Any) -> M:
            where = _entry(read, args)
            if where is None:
                return read(*args)
            key = _key(args, source)
            kept = _read(where, key)
            if kept is not None:
                try:
                    return model.model_validate_json(kept)
                except ValueError:  # made by other models, or tampered with: read afresh
                    pass
            value = read(*args)
            _write(where, key, value.model_dump_json(by_alias=True, round_trip=True))
            return value

        return cached

    return wrap


def _entry(read: Callable[..., Any], args: tuple[Any, ...]) -> Path | None:
    """The cache file of this read, or None when it is not kept (caching is off, or a
    path lies outside the bundled catalogs)."""
    from designer.systems import catalog_root

    folder = cache_dir()
    bundled = catalog_root().resolve()
    if folder is None or not all(Path(a).resolve().is_relative_to(bundled)
                                 for a in args if isinstance(a, Path)):
        return None
    name = repr((read.__module__, read.__qualname__, args))
    return folder / f"catalog-{hashlib.sha256(name.encode()).hexdigest()[:32]}.json"


def _key(args: tuple[Any, ...], source: Path) -> str:
    """The hash of what the kept value depends on: the contents of the catalog files
    under the path arguments, and the code that reads them."""
    digest = hashlib.sha256(_code_stamp(source).encode())
    for path in sorted(str(a) for a in args if isinstance(a, Path)):
        for name in _catalog_files(Path(path)):
            digest.update(f"\0{name}\0".encode())
            try:
                with open(name, "rb") as fh:
                    digest.update(fh.read(MAX_BYTES))
            except OSError:  # gone or unreadable: a key that matches nothing kept
                digest.update(b"\0missing")
    return digest.hexdigest()


@cache
def _code_stamp(source: Path) -> str:
    """The code a catalog is read with, once a process: the versions, and the size and
    modification time of every core module (the contract's among them) and of the
    system's own package's."""
    import pydantic

    from designer import __version__

    files = [*_files(_PACKAGE, (".py",), deep=False),
             *_files(_PACKAGE / "systems", (".py",), deep=False), *_files(source, (".py",))]
    stamps = []
    for path in sorted(set(map(str, files))):  # as text: sorting paths costs more
        try:
            info = os.stat(path)
            stamps.append(f"{path}:{info.st_size}:{info.st_mtime_ns}")
        except OSError:
            stamps.append(f"{path}:missing")
    return "\n".join([FORMAT, __version__, pydantic.VERSION, sys.version, *stamps])


def _catalog_files(path: Path) -> list[Path]:
    return sorted(_files(path, (".yaml", ".yml"))) if path.is_dir() else [path]


def _files(folder: Path, suffixes: tuple[str, ...], deep: bool = True) -> Iterator[Path]:
    """The files under `folder` ending in `suffixes` (examples and compiled modules
    left out): nothing when it cannot be listed."""
    folders = [str(folder)]
    while folders:
        try:
            with os.scandir(folders.pop()) as entries:
                for entry in entries:
                    if entry.is_dir(follow_symlinks=False):
                        if deep and entry.name not in _SKIPPED:
                            folders.append(entry.path)
                    elif entry.name.endswith(suffixes):
                        yield Path(entry.path)
        except OSError:
            continue


def _read(where: Path, key: str) -> bytes | None:
    """The JSON kept at `where` under `key`; None when it is missing, stale, not a
    regular file (a link is not followed), or not the user's own."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) \
        | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(where, flags)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or not _trusted(info) or info.st_size > MAX_BYTES:
            return None
        with os.fdopen(os.dup(fd), "rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except OSError:
        return None
    finally:
        os.close(fd)
    head, _, body = data.partition(b"\n")
    return body if head == key.encode() else None


def _trusted(info: os.stat_result) -> bool:
    """Owned by the user and writable by no one else (where the platform says so)."""
    uid = getattr(os, "getuid", None)
    if uid is None:  # Windows: no owners or modes to check here
        return True
    return info.st_uid == uid() and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def _write(where: Path, key: str, body: str) -> None:
    """Write via a new temporary file (created exclusively with mode 0600, so a planted
    link is never followed) renamed into place, so a reader never sees half of it; a
    cache that cannot be written is no error."""
    import tempfile

    temp = None
    try:
        _private_folder(where.parent)
        fd, temp = tempfile.mkstemp(prefix=f".{where.stem}.", suffix=".tmp", dir=where.parent)
        with os.fdopen(fd, "wb") as fh:
            fh.write(f"{key}\n{body}".encode())
        os.replace(temp, where)
    except OSError:  # read-only home, full disk, a folder in the way: stay uncached
        if temp is not None:
            with suppress(OSError):
                os.unlink(temp)


def _private_folder(folder: Path) -> None:
    """Make `folder` and any missing parents, each 0700 whatever the umask; an existing
    folder is left as it is."""
    missing = []
    while not folder.exists():
        missing.append(folder)
        if folder.parent == folder:
            break
        folder = folder.parent
    for part in reversed(missing):
        with suppress(FileExistsError):
            os.mkdir(part, 0o700)
            os.chmod(part, 0o700)
