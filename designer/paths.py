"""Paths as the designer shows and offers them: a document's path in a title, and what
the file dialogs list (the YAML files of the document's folder, the recent files and the
bundled examples, never the catalog's own data files) and complete.

Functions over the file system, so the dialogs stay thin and the lists are tested
directly.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from designer.systems import catalog_root, examples_dir, system_names

MAX_LISTED = 200  # files of one folder a dialog lists
MAX_SCANNED = 2000  # names of one folder completion looks at
YAML = (".yaml", ".yml")


@dataclass(frozen=True, slots=True)
class Choice:
    """A file a dialog offers: under which heading, as shown, and its path."""

    group: str
    label: str
    path: Path


def within(path: Path, folder: Path) -> tuple[str, ...] | None:
    """The parts of `path` below `folder` (both resolved), or None when it lies outside
    (or cannot be followed)."""
    try:
        return path.resolve().relative_to(folder.resolve()).parts
    except (ValueError, OSError, RuntimeError):
        return None


def display_path(path: Path | None) -> str:
    """A path as the UI shows it: relative to the working folder when inside it, else the
    file name (never an absolute path)."""
    if path is None:
        return "not saved yet"
    return _shown_path(path, os.getcwd())


@lru_cache(maxsize=64)
def _shown_path(path: Path, cwd: str) -> str:
    """The title shows it at every keypress: resolving costs a system call a folder."""
    try:
        return str(path.resolve().relative_to(Path(cwd).resolve()))
    except ValueError:
        return path.name


def is_catalog_data(path: Path) -> bool:
    """Whether `path` is one of a bundled catalog's data files (abilities, costs, ...),
    which are neither units nor rosters; the bundled examples are not."""
    parts = within(path, catalog_root())
    return parts is not None and "examples" not in parts


def is_bundled(path: Path) -> bool:
    """Whether `path` is inside the bundled catalog (its data files or its examples):
    somewhere to read from, never to save to."""
    return within(path, catalog_root()) is not None


def shown(path: Path, cwd: Path) -> str:
    """A path as the dialog shows it: relative to the working folder when inside it, with
    ~ for the home folder otherwise."""
    inside = within(path, cwd)
    if inside is not None:
        return str(Path(*inside))
    text = str(path)
    home = str(Path.home())
    if home not in ("", "/") and text.startswith(home + os.sep):
        return "~" + text[len(home):]
    return text


def folder_files(folder: Path, limit: int = MAX_LISTED) -> list[Path]:
    """YAML files in `folder` and its subfolders (two deep), hidden ones and catalog data
    files left out."""
    found: list[Path] = []
    for pattern in ("*.yaml", "*.yml", "*/*.yaml", "*/*.yml", "*/*/*.yaml"):
        try:
            paths = sorted(folder.glob(pattern))
        except OSError:
            continue
        for path in paths:
            if any(part.startswith(".") for part in path.relative_to(folder).parts):
                continue
            if is_catalog_data(path):
                continue
            found.append(path)
            if len(found) >= limit:
                return found
    return found


def example_files(systems: Iterable[str] | None = None, *,
                  kinds: Sequence[str] = ("units", "rosters")) -> list[Path]:
    """The bundled example units and rosters of the given systems (default: every one)."""
    found: list[Path] = []
    for name in systems if systems is not None else system_names():
        for kind in kinds:
            found += sorted((examples_dir(name) / kind).glob("*.yaml"))
    return found


def choices(*, folder: Path, cwd: Path, recent: Sequence[Path] = (),
            examples: Sequence[Path] = ()) -> list[Choice]:
    """The files a dialog lists, each once, in the order: the folder's, the recent ones,
    the examples."""
    out: list[Choice] = []
    seen: set[Path] = set()

    def add(group: str, paths: Iterable[Path], label) -> None:
        for path in paths:
            key = path.resolve()
            if key not in seen:
                seen.add(key)
                out.append(Choice(group, label(path), path))

    add(f"In {shown(folder, cwd) if folder.resolve() != cwd.resolve() else 'this folder'}",
        folder_files(folder), lambda p: shown(p, cwd))
    add("Recent", [p for p in recent if not is_catalog_data(p)], lambda p: shown(p, cwd))
    root = catalog_root()
    add("Examples", examples, lambda p: _example_label(p, root))
    return out


def _example_label(path: Path, root: Path) -> str:
    parts = within(path, root)
    return path.name if parts is None else "/".join(p for p in parts if p != "examples")


def completion(text: str, cwd: Path) -> str | None:
    """`text` completed as far as the file system allows: the longest name that every
    match in its folder starts with (a folder gets a trailing /; only folders and YAML
    files are matched), or None when there is nothing to add."""
    if not text or "\0" in text:
        return None
    typed = Path(text).expanduser()
    base = typed if text.endswith(("/", os.sep)) else typed.parent
    stem = "" if text.endswith(("/", os.sep)) else typed.name
    folder = base if base.is_absolute() else cwd / base
    matches: list[str] = []
    try:
        with os.scandir(folder) as entries:
            for n, entry in enumerate(entries):
                if n >= MAX_SCANNED:
                    break
                name = entry.name
                if not name.startswith(stem) or (name.startswith(".") and
                                                 not stem.startswith(".")):
                    continue
                try:
                    is_dir = entry.is_dir()
                except OSError:
                    continue
                if is_dir:
                    matches.append(name + "/")
                elif name.lower().endswith(YAML):
                    matches.append(name)
    except OSError:
        return None
    if not matches:
        return None
    common = os.path.commonprefix(matches)  # noqa: RUF071 - names complete by character
    if len(common) <= len(stem):
        return None
    head = text[: len(text) - len(stem)] if stem else text
    return head + common
