"""The table settings: the numbers the TACTICS design notes give (actions per kind [5],
20 wounds [33], zone counts "currently" 3 and 5 [40-41]) as editable data, and the two
they leave undefined (the Press penalty [9], the shield cool-down check [35]) as blanks a
group fills in. `catalog/tactics/table.yaml` holds the defaults; a sheet or encounter
names a house-rules file with `table:`.

A default that is a model is made with `model_construct()` (its fields' own defaults,
nothing to check), so importing the module builds no validator. Annotations here are
objects, not text (no `from __future__ import annotations`): pydantic takes each field's
type as it is instead of evaluating its text, a third of what making a model costs when
the module is imported."""

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, model_validator

from designer.catalog_cache import persistent
from designer.errors import InputError
from designer.io import load_mapping, refuse_boolean_keys, validate

TABLE_FILE = "table.yaml"
Count = Annotated[int, Field(ge=1, le=9)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True, strict=True)


def _as_list(value: Any) -> Any:
    return [value] if isinstance(value, int) and not isinstance(value, bool) else value


class Actions(_Strict):
    """Actions per turn by kind [5]: a heavy may have any of the listed counts."""

    standard: Count = 3
    minion: Count = 2
    heavy: Annotated[list[Count], BeforeValidator(_as_list),
                     Field(min_length=1, max_length=9)] = [2, 3]

    def allowed(self, kind: str) -> tuple[int, ...]:
        """The action counts a kind may have; () for an unknown kind."""
        if kind == "standard":
            return (self.standard,)
        if kind == "minion":
            return (self.minion,)
        if kind == "heavy":
            return tuple(sorted(set(self.heavy)))
        return ()


class Zones(_Strict):
    """How many zones Medium (X) and Far (Y) reach [40-41]."""

    medium: Annotated[int, Field(ge=1, le=99)] = 3
    far: Annotated[int, Field(ge=1, le=99)] = 5

    @model_validator(mode="after")
    def _ordered(self) -> "Zones":
        if self.far < self.medium:
            raise ValueError(f"far ({self.far}) must reach at least as far as medium "
                             f"({self.medium})")
        return self


Blank = int | Annotated[str, Field(min_length=1, max_length=60)] | None


class TableSettings(_Strict):
    """A table's settings: the notes' values by default; null is a blank to fill in."""

    dice: Annotated[str, Field(pattern=r"^d[0-9]{1,3}$")] = "d20"
    actions: Actions = Actions.model_construct()
    max_wounds: Annotated[int, Field(ge=1, le=99)] = 20
    zones: Zones = Zones.model_construct()
    press_penalty: Blank = Field(None, description="each Press's penalty to later Presses "
                                                  "that turn [9]; undefined in the notes")
    cool_down_check: Blank = Field(None, description="what restarts shield regeneration "
                                                    "[35]; undefined in the notes")


@dataclass(frozen=True)
class Catalog:
    """Table settings with where they came from: `ref` is what a file wrote (`table:`),
    None for the bundled defaults."""

    table: TableSettings
    path: Path
    ref: str | None = None

    @property
    def title(self) -> str:
        return "the design notes' defaults" if self.ref is None else f"table '{self.ref}'"


def load_catalog(root: Path) -> Catalog:
    """The settings in folder `root` (its table.yaml) or in the YAML file `root`."""
    root = Path(root)
    path = root / TABLE_FILE if root.is_dir() else root
    return _load(path.resolve(), None)


@cache
def _load(path: Path, ref: str | None) -> Catalog:
    return Catalog(_read_settings(path), path, ref)


@persistent(TableSettings)
def _read_settings(path: Path) -> TableSettings:
    data = load_mapping(path, "TACTICS table settings")
    refuse_boolean_keys(data, path)
    return validate(TableSettings, data, file=path)


def resolve_table(ref: Any, file: str | Path | None) -> Catalog | None:
    """The settings a sheet or encounter names with `table:` (a YAML file, or a folder
    holding table.yaml, relative to the file); None when it names none."""
    if ref is None:
        return None
    if not isinstance(ref, str) or not ref.strip() or "\0" in ref or len(ref) > 400:
        raise InputError(f"expected the path of a table-settings file, got {ref!r:.60}",
                         file=file, field="table")
    base = Path(file).parent if file else Path.cwd()
    try:
        target = Path(ref).expanduser()
        target = target if target.is_absolute() else base / target
        if target.is_dir():
            target = target / TABLE_FILE
        found = target.is_file()
        target = target.resolve()
    except (OSError, RuntimeError, ValueError):  # too long, a symlink loop
        found = False
    if not found:
        raise InputError(f"table settings '{ref}' not found; give a YAML file or a folder "
                         f"holding {TABLE_FILE}", file=file, field="table")
    return _load(target, ref)
