"""Finding game systems: each is a package exposing a `GameSystem` instance, declared as an
entry point of the group `designer.systems` (this project declares its four in
pyproject.toml; a fifth is a package of its own that declares one too).

The bundled systems are found without reading any package's metadata (a `designer price`
of one of them stays fast): their entry points are the `BUNDLED` table, which a test
holds equal to pyproject.toml's. Any other name, and the full list, come from the entry
points of every installed package, read once.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from pathlib import Path
from typing import Any

from designer.errors import InputError
from designer.systems.contract import GameSystem, catalog_root, forget_bundled

GROUP = "designer.systems"
#: the bundled systems' entry points, in the order menus list them
BUNDLED: dict[str, str] = {
    "opentactics": "designer.systems.opentactics:SYSTEM",
    "op-en": "designer.systems.op_en:SYSTEM",
    "tactics": "designer.systems.tactics:SYSTEM",
    "openfire": "designer.systems.openfire:SYSTEM",
}
DEFAULT_SYSTEM = "opentactics"


@cache
def _declared() -> dict[str, Any]:
    """Every installed package's `designer.systems` entry points, by name."""
    from importlib.metadata import entry_points

    return {ep.name: ep for ep in entry_points(group=GROUP)}


def system_names() -> tuple[str, ...]:
    """Every system's id: the bundled ones first, then any installed beside them."""
    return (*BUNDLED, *sorted(n for n in _declared() if n not in BUNDLED))


def system(name: str = DEFAULT_SYSTEM, *, file: str | Path | None = None
           ) -> GameSystem[Any, Any, Any]:
    """The system `name`; InputError (naming `file`) for a name no package declares."""
    if name not in BUNDLED and name not in _declared():
        raise InputError(f"unknown game system '{name}'; known: "
                         f"{', '.join(system_names())}", file=file, field="system")
    return _instance(name)


@cache
def _instance(name: str) -> GameSystem[Any, Any, Any]:
    if name in BUNDLED:
        module, attribute = BUNDLED[name].split(":")
        found = getattr(import_module(module), attribute)
    else:
        found = _declared()[name].load()
    if not isinstance(found, GameSystem) or name != found.NAME:
        raise InputError(f"the package declaring game system '{name}' gives "
                         f"{type(found).__name__}, not a game system of that name",
                         field="system")
    return found


def forget_systems() -> None:
    """Read the installed packages' entry points afresh (after installing one)."""
    _declared.cache_clear()
    _instance.cache_clear()
    forget_bundled()


def bundled_catalog(name: str = DEFAULT_SYSTEM) -> Any:
    """The bundled catalog of a system, loaded once per process."""
    return system(name).bundled_catalog()


def examples_dir(name: str = DEFAULT_SYSTEM) -> Path:
    return catalog_root() / name / "examples"
