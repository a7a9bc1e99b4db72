"""The bundled catalogs, kept validated on disk between runs.

Validating a catalog builds pydantic's validators for every catalog model and checks
hundreds of entries: 5-30 ms of a `designer price` that takes 150. `persistent` wraps a
system's catalog loader so that a bundled catalog, once validated, is read back from a
pickle in the user's cache folder. The pickle is used only while every file it came from
(the catalog's YAML files and the system's own modules) has the size and modification
time it had, and only for catalogs inside the bundled catalog folder: a house-rules
catalog elsewhere is validated on every load, as before. Anything amiss with the cache (a
missing or unreadable folder, a torn or stale file) means validating afresh. The folder
is the user's own, trusted as their other files are: a pickle runs code when read.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
from collections.abc import Callable, Iterator
from contextlib import suppress
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

#: set to a folder to keep the cache there; set to "off" to validate every time
ENV = "DESIGNER_CACHE_DIR"
_SKIPPED = {"examples", "__pycache__"}


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


def persistent(load: Callable[..., T]) -> Callable[..., T]:
    """`load` (whose arguments are paths and names) with its result for a bundled catalog
    kept on disk, valid while the files it came from are unchanged."""
    source = Path(sys.modules[load.__module__].__file__ or ".").resolve().parent

    @wraps(load)
    def cached(*args: Any) -> T:
        where = _entry(load, args)
        if where is None:
            return load(*args)
        stamp = _stamp((*(a for a in args if isinstance(a, Path)), source))
        kept = _read(where)
        if kept is not None and kept[0] == stamp:
            return kept[1]
        value = load(*args)
        _write(where, (stamp, value))
        return value

    return cached


def _entry(load: Callable[..., Any], args: tuple[Any, ...]) -> Path | None:
    """The cache file of this load, or None when it is not cached (caching is off, or
    a path lies outside the bundled catalogs)."""
    from designer.systems import catalog_root

    folder = cache_dir()
    bundled = catalog_root().resolve()
    if folder is None or not all(Path(a).resolve().is_relative_to(bundled)
                                 for a in args if isinstance(a, Path)):
        return None
    import pydantic

    from designer import __version__

    key = repr((load.__module__, load.__qualname__, args, __version__, pydantic.VERSION,
                sys.version))
    return folder / f"catalog-{hashlib.sha256(key.encode()).hexdigest()[:32]}.pickle"


def _stamp(paths: tuple[Path, ...]) -> tuple[tuple[str, int, int], ...]:
    """(path, size, modification time) of every file under `paths`, which changes when a
    file is edited, added or removed."""
    return tuple(sorted((str(p), st.st_size, st.st_mtime_ns) for p, st in _files(paths)))


def _files(paths: tuple[Path, ...]) -> Iterator[tuple[str, os.stat_result]]:
    for path in paths:
        try:
            if not path.is_dir():
                yield str(path), path.stat()
                continue
            folders = [str(path)]
            while folders:
                with os.scandir(folders.pop()) as entries:
                    for entry in entries:
                        if entry.is_dir():
                            if entry.name not in _SKIPPED:
                                folders.append(entry.path)
                        elif entry.name.endswith((".yaml", ".yml", ".py")):
                            yield entry.path, entry.stat()
        except OSError:  # gone or unreadable: a stamp that matches nothing kept
            yield str(path), os.stat_result((0,) * 10)


def _read(where: Path) -> tuple[Any, Any] | None:
    try:
        with open(where, "rb") as fh:
            kept = pickle.load(fh)
    except Exception:  # missing, torn, or written by another version: validate afresh
        return None
    return kept if isinstance(kept, tuple) and len(kept) == 2 else None


def _write(where: Path, kept: tuple[Any, Any]) -> None:
    """Write via a temporary file renamed into place, so a reader never sees half of it;
    a cache that cannot be written is no error."""
    temp = where.with_name(f".{where.name}.{os.getpid()}.tmp")
    try:
        data = pickle.dumps(kept, protocol=pickle.HIGHEST_PROTOCOL)
        where.parent.mkdir(parents=True, exist_ok=True)
        temp.write_bytes(data)
        os.replace(temp, where)
    except Exception:  # unpicklable, read-only home, full disk: stay uncached
        with suppress(OSError):
            temp.unlink(missing_ok=True)
