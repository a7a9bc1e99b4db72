"""Game systems. Each sub-package holds one system's models, catalog, costs and checks;
the rest of the app reaches them through `GameSystem` and `system()`."""

from __future__ import annotations

from functools import cache
from importlib import import_module
from pathlib import Path
from typing import Any, Protocol

from designer.errors import InputError
from designer.tally import Tally

SYSTEMS = ("opentactics",)
DEFAULT_SYSTEM = "opentactics"


class GameSystem(Protocol):
    NAME: str
    TITLE: str

    def load_catalog(self, root: Path) -> Any: ...
    def parse_unit(self, data: Any, catalog: Any, *, file: str | Path | None = None,
                   field_prefix: str = "") -> Any: ...
    def load_unit(self, path: str | Path, catalog: Any) -> Any: ...
    def price(self, unit: Any, catalog: Any) -> Tally: ...
    def force_rules(self, catalog: Any, units: int) -> tuple[int, int]: ...


def system(name: str = DEFAULT_SYSTEM, *, file: str | Path | None = None) -> GameSystem:
    if name not in SYSTEMS:
        raise InputError(f"unknown game system '{name}'; known: {', '.join(SYSTEMS)}",
                         file=file, field="system")
    return import_module(f"designer.systems.{name}")  # type: ignore[return-value]


def catalog_root() -> Path:
    """The bundled catalog: inside the installed package, else beside it in a checkout."""
    here = Path(__file__).resolve().parent.parent
    packaged = here / "catalog"
    return packaged if packaged.is_dir() else here.parent / "catalog"


@cache
def bundled_catalog(name: str = DEFAULT_SYSTEM) -> Any:
    """The bundled catalog of a system, loaded once per process."""
    return system(name).load_catalog(catalog_root() / name)


def examples_dir(name: str = DEFAULT_SYSTEM) -> Path:
    return catalog_root() / name / "examples"
