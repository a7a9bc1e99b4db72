"""The Open Fire catalog a file's `module:` asks for: the core alone, a bundled module
by its id, or a module file by its path. A module file is read (`module_file`) only
when one is named, so a unit of the core alone never imports the module models."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from designer.errors import InputError
from designer.io import suggest
from designer.systems.openfire.catalog import Catalog
from designer.systems.openfire.loading import bundled_root, load_catalog


def with_module(base: Catalog, ref: Any, file: str | Path | None = None,
                field: str = "module") -> Catalog:
    """`base` with the module a file's `module:` names: a bundled id or a module file's
    path (relative to `file`); `base` itself for None."""
    if ref is None:
        return base if base.module is None else _core_only(base)
    if not isinstance(ref, str) or not ref.strip():
        raise InputError(f"expected a module's name or file, got {ref!r}"[:200], file=file,
                         field=field)
    if base.module is not None and base.ref == ref:
        return base
    from designer.systems.openfire.module_file import with_module_file

    root = base.root or bundled_root()
    if ref in base.bundled:
        return with_module_file(root, (root / "modules" / f"{ref}.yaml").resolve(), ref)
    folder = Path(file).parent if file else Path.cwd()
    try:
        path = Path(ref).expanduser()
        path = (path if path.is_absolute() else folder / path).resolve()
        found = path.is_file()
    except (OSError, RuntimeError, ValueError):  # too long, a NUL byte, a symlink loop
        found = False
    if not found:
        hint = suggest(ref, base.bundled)
        raise InputError(f"unknown module '{ref}'{hint}; name a bundled module "
                         f"({', '.join(base.bundled) or 'none'}) or a module file",
                         file=file, field=field)
    return with_module_file(root, path, ref)


def _core_only(base: Catalog) -> Catalog:
    return load_catalog(base.root if base.root else bundled_root())
