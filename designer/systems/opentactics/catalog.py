"""The OpenTactics catalog: abilities, equipment, types, the tally table and saves.

Everything here is game data read from `catalog/opentactics/*.yaml`; a group's house
rules are an edit there, not here.

Annotations here are objects, not text (no `from __future__ import annotations`):
pydantic takes each field's type as it is instead of evaluating its text, a third of
what making a model costs when the module is imported.
"""

from functools import cached_property
from pathlib import Path
from typing import Any, Literal, cast

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from designer.catalog_cache import persistent
from designer.errors import InputError
from designer.io import load_mapping, refuse_boolean_keys, validate
from designer.systems.opentactics.effects import Effect, Element
from designer.systems.opentactics.formula import Formula, parse_formula

Skill = Literal["melee", "ballistic", "arcane", "technical"]
Side = Literal["off", "def"]
Category = Literal["tactical", "occupation", "elemental", "species", "other"]
SKILLS: tuple[Skill, ...] = ("melee", "ballistic", "arcane", "technical")
SIDES: tuple[Side, ...] = ("off", "def")
CATEGORIES: tuple[Category, ...] = ("tactical", "occupation", "elemental", "species", "other")
CATALOG_FILES = ("abilities", "equipment", "types", "costs", "saves")
#: a pool's name in a file ("melee_off") -> its skill and side
_POOL_KEYS: dict[str, tuple[Skill, Side]] = {f"{s}_{d}": (s, d) for s in SKILLS for d in SIDES}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class RankSpan(_Strict):
    min: int = Field(1, ge=0, le=99)
    max: int | None = Field(None, ge=0, le=99)

    @model_validator(mode="after")
    def _ordered(self) -> "RankSpan":
        if self.max is not None and self.max < self.min:
            raise ValueError(f"rank span max {self.max} is below min {self.min}")
        return self

    def contains(self, rank: int) -> bool:
        return rank >= self.min and (self.max is None or rank <= self.max)

    @property
    def label(self) -> str:
        if self.max is None:
            return f"{self.min}+"
        return str(self.min) if self.max == self.min else f"{self.min}–{self.max}"


class Ability(_Strict):
    name: str = Field(min_length=1, max_length=60)
    cost: int | str
    ranks: RankSpan | None = None
    aliases: tuple[str, ...] = ()
    summary: str = Field(min_length=1, max_length=400)
    #: what it does inside one assault (effects.py), or why it does nothing there
    assault: tuple[Effect, ...] | None = None
    outside_assault: str | None = Field(None, min_length=1, max_length=200)

    @field_validator("cost")
    @classmethod
    def _cost_parses(cls, value: int | str) -> int | str:
        parse_formula(value)
        return value

    @model_validator(mode="after")
    def _assault_declared(self) -> "Ability":
        if (not self.assault) == (self.outside_assault is None):
            raise ValueError("declare what the ability does in one assault (assault: "
                             "[effects]) or why it does nothing there (outside_assault: "
                             "reason), one of the two")
        return self

    @cached_property
    def formula(self) -> Formula:
        return parse_formula(self.cost)

    @property
    def ranked(self) -> bool:
        return self.ranks is not None

    @property
    def label(self) -> str:
        return f"{self.name} ({self.ranks.label})" if self.ranks else self.name


PoolName = Literal["melee_off", "melee_def", "ballistic_off", "ballistic_def",
                   "arcane_off", "arcane_def", "technical_off", "technical_def"]


class BumpEffect(_Strict):
    # one name, not skill + side: a bare `side: off` would read as a YAML boolean
    pool: PoolName
    value: int = Field(ge=-1, le=4)

    @cached_property
    def key(self) -> tuple[Skill, Side]:
        return _POOL_KEYS[self.pool]

    @property
    def skill(self) -> Skill:
        return self.key[0]

    @property
    def side(self) -> Side:
        return self.key[1]


class RangeEffect(_Strict):
    skill: Skill
    min: int = Field(ge=0, le=99)
    max: int = Field(ge=0, le=99)

    @model_validator(mode="after")
    def _ordered(self) -> "RangeEffect":
        if self.max < self.min:
            raise ValueError(f"range span max {self.max} is below min {self.min}")
        return self

    @property
    def label(self) -> str:
        span = str(self.min) if self.min == self.max else f"{self.min}–{self.max}"
        return f"+{span} {self.skill.title()} range"


class AbilityOption(_Strict):
    name: str
    ranks: RankSpan | None = None


class Item(_Strict):
    name: str = Field(min_length=1, max_length=60)
    kind: Literal["weapon", "armour", "gear"]
    bumps: tuple[BumpEffect, ...] = ()
    range: RangeEffect | None = None
    athletics: int = Field(0, ge=-20, le=20)
    abilities: tuple[AbilityOption, ...] = ()

    @field_validator("abilities", mode="before")
    @classmethod
    def _bare_names(cls, value: object) -> object:
        if isinstance(value, list):
            return [{"name": v} if isinstance(v, str) else v for v in value]
        return value

    @property
    def effects(self) -> list[str]:
        """The item's effects as the rulebook's table words them."""
        out = [f"{b.value:+d} {b.skill.title()} {b.side.upper()} bump" for b in self.bumps]
        if self.range:
            out.append(self.range.label)
        if self.athletics:
            out.append(f"{self.athletics:+d} Athletics")
        for option in self.abilities:
            out.append(f"{option.name} {option.ranks.label}" if option.ranks else option.name)
        return out

    @cached_property
    def modified_skills(self) -> frozenset[str]:
        skills = {b.skill for b in self.bumps}
        if self.range:
            skills.add(self.range.skill)
        return frozenset(skills)


class TypeEntry(_Strict):
    name: str = Field(min_length=1, max_length=40)
    category: Category
    summary: str = ""
    element: Element | None = None


class CostTable(_Strict):
    """Step eight's tally table plus the readings a group may change (house rules)."""

    dice: tuple[int, ...] = Field(min_length=1)
    bumps: dict[int, int]
    range_per_point: int = 1
    athletics_per_point: int = 1
    flight_multiplier: int = 2
    ability_surcharge: tuple[int, ...] = (0, 5, 5)
    max_abilities: int = Field(3, ge=0)
    unranked_rank: int = 1
    tactical_free: tuple[str, ...] = ("Infantry",)
    tactical_cost: int = 2
    occupation_free: int = 1
    occupation_extra: int = 1
    elemental_cost: int = 2
    one_of_many_max_points: int = 20
    technical_melee_range_gap: int = 1
    arcane_range_per_off_die: int = 3
    max_range: int = Field(12, ge=0, le=99)
    max_athletics: int = Field(12, ge=0, le=99)
    morale_base: int = 10
    morale_max: int = 20
    activation_counters: int = 5

    @model_validator(mode="after")
    def _surcharge_covers_max(self) -> "CostTable":
        if len(self.ability_surcharge) < self.max_abilities:
            raise ValueError("ability_surcharge needs one entry per allowed ability")
        return self

    @cached_property
    def tactical_free_keys(self) -> frozenset[str]:
        return frozenset(t.casefold() for t in self.tactical_free)

    @cached_property
    def max_dice(self) -> int:
        return len(self.dice) - 1

    @cached_property
    def bump_set(self) -> frozenset[int]:
        return frozenset(self.bumps)

    @property
    def bump_values(self) -> list[int]:
        return sorted(self.bumps)

    @cached_property
    def max_bump(self) -> int:
        return max(self.bumps)


class AbilitiesFile(_Strict):
    abilities: tuple[Ability, ...]


class EquipmentFile(_Strict):
    equipment: tuple[Item, ...]


class TypesFile(_Strict):
    types: tuple[TypeEntry, ...]
    dice_words: tuple[str, ...] = ()
    bump_words: dict[int, str] = {}


class SavesFile(_Strict):
    saves: dict[str, dict[str, int]]


class CostsFile(_Strict):
    costs: CostTable


class CatalogModel(_Strict):
    """The whole catalog as one document: the shape `catalog.schema.json` describes."""

    abilities: tuple[Ability, ...]
    equipment: tuple[Item, ...]
    types: tuple[TypeEntry, ...]
    costs: CostTable
    saves: dict[str, dict[str, int]]


class Catalog:
    """The loaded, cross-checked catalog with case-insensitive lookups."""

    def __init__(self, abilities: AbilitiesFile, equipment: EquipmentFile, types: TypesFile,
                 costs: CostsFile, saves: SavesFile, root: Path | None = None) -> None:
        self.root = root
        self.abilities = abilities.abilities
        self.equipment = equipment.equipment
        self.types = types.types
        self.costs = costs.costs
        self.saves = saves.saves
        self.dice_words = types.dice_words
        self.bump_words = types.bump_words
        self._abilities = {}
        for ability in self.abilities:
            for key in (ability.name, *ability.aliases):
                self._abilities[key.casefold()] = ability
        self._items = {item.name.casefold(): item for item in self.equipment}
        self._options: dict[tuple[str, str], AbilityOption] = {}  # filled by _cross_check
        self._types = {t.name.casefold(): t for t in self.types}

    def ability(self, name: str) -> Ability | None:
        return self._abilities.get(name.casefold())

    def item(self, name: str) -> Item | None:
        return self._items.get(name.casefold())

    def item_option(self, item: Item, ability: Ability) -> AbilityOption | None:
        """The option through which `item` grants `ability`, if it does."""
        return self._options.get((item.name, ability.name))

    def type(self, name: str) -> TypeEntry | None:
        return self._types.get(name.casefold())

    def types_in(self, category: str) -> list[TypeEntry]:
        return [t for t in self.types if t.category == category]

    def dice_word(self, dice: int) -> str:
        return self.dice_words[dice] if 0 <= dice < len(self.dice_words) else ""


class CatalogFiles(_Strict):
    """Every catalog file, validated: what the catalog cache keeps."""

    abilities: AbilitiesFile
    equipment: EquipmentFile
    types: TypesFile
    costs: CostsFile
    saves: SavesFile


def load_catalog(root: Path) -> Catalog:
    """Load and validate every catalog file under `root`; the first problem is raised."""
    files = _read_files(root)
    catalog = Catalog(**{name: getattr(files, name) for name in CATALOG_FILES}, root=root)
    _cross_check(catalog, root)
    return catalog


@persistent(CatalogFiles)
def _read_files(root: Path) -> CatalogFiles:
    parts: dict[str, Any] = {}  # each file's own model, by field name
    for name in CATALOG_FILES:
        path = root / f"{name}.yaml"
        data = load_mapping(path, f"{name} catalog")
        refuse_boolean_keys(data, path, "write pool: melee_off (or quote the key)")
        # every field of CatalogFiles is the model of one file
        model = cast("type[BaseModel]", CatalogFiles.model_fields[name].annotation)
        parts[name] = validate(model, data, file=path)
    return CatalogFiles.model_construct(**parts)


def _cross_check(catalog: Catalog, root: Path) -> None:
    seen: dict[str, str] = {}
    for i, ability in enumerate(catalog.abilities):
        for key in (ability.name, *ability.aliases):
            if key.casefold() in seen:
                raise InputError(f"'{key}' is listed twice", file=root / "abilities.yaml",
                                 field=f"abilities[{i}].name")
            seen[key.casefold()] = ability.name
    for i, item in enumerate(catalog.equipment):
        for j, option in enumerate(item.abilities):
            granted = catalog.ability(option.name)
            if granted is None:
                raise InputError(f"unknown ability '{option.name}'",
                                 file=root / "equipment.yaml",
                                 field=f"equipment[{i}].abilities[{j}]")
            catalog._options[(item.name, granted.name)] = option
    for tactical in catalog.costs.tactical_free:
        entry = catalog.type(tactical)
        if entry is None or entry.category != "tactical":
            raise InputError(f"'{tactical}' is not a tactical type in types.yaml",
                             file=root / "costs.yaml", field="costs.tactical_free")
