"""The Op-En catalog: the core numbers (`catalog/op-en/core.yaml`) and one setting (a
folder of YAML: setting, ranks, forms, traits, skills, abilities, equipment).

Priority is Scenario > Setting > Core (core rules L53-55): a setting's `overrides:`
replace core numbers, so every reading the rulebook leaves open is a catalog edit.

A default that is a model is made with `model_construct()` (its fields' own defaults,
nothing to check), so importing the module builds no validator. Annotations here are
objects, not text (no `from __future__ import annotations`): pydantic takes each field's
type as it is instead of evaluating its text, a third of what making a model costs when
the module is imported.
"""

from functools import cached_property
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

StatName = Literal["move", "fight", "toughness", "shoot", "agility", "intellect", "grit",
                   "body"]
DieStat = Literal["fight", "toughness", "shoot", "agility", "intellect", "grit"]
TestKind = Literal["FT", "BT", "OT"]
ItemKind = Literal["weapon", "armour", "shield", "item", "consumable"]

#: the card's order of the Stats row (core rules L921)
STATS: tuple[StatName, ...] = ("move", "fight", "toughness", "shoot", "agility", "intellect",
                               "grit", "body")
DIE_STATS: tuple[DieStat, ...] = ("fight", "toughness", "shoot", "agility", "intellect",
                                  "grit")
KINDS: tuple[ItemKind, ...] = ("weapon", "armour", "shield", "item", "consumable")
TEST_WORDS = {"FT": "Fixed Test", "BT": "Basic Test", "OT": "Opposed Test"}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


Name = Field(min_length=1, max_length=60)
Summary = Field("", max_length=400)
Ranks = Field((), description="the ranks that may take it; empty: every rank")


class StatCost(_Strict):
    """A cost equal to the final value of a stat: `{stat: fight}`."""

    stat: StatName


Cost = int | StatCost


def cost_label(cost: Cost) -> str:
    return f"{cost.stat.title()}" if isinstance(cost, StatCost) else str(cost)


# --- core ------------------------------------------------------------------------------


class UniversalSkill(_Strict):
    name: str = Name
    test: TestKind
    stat: DieStat
    target: int | str | None = None
    op_stat: DieStat | None = None
    counts_as: StatName | None = None
    summary: str = Summary


class OfLimits(_Strict):
    rank4_exact: int = Field(1, ge=0)
    rank3_max: int = Field(3, ge=0)
    rank1_max_share: float = Field(0.5, ge=0, le=1)


class Slots(_Strict):
    weapon: int = Field(3, ge=0)
    armour: int = Field(1, ge=0)
    shield: int = Field(1, ge=0)
    item: int = Field(3, ge=0)
    consumable: int = Field(3, ge=0)


class Core(_Strict):
    """The core book's numbers; a setting's `overrides:` may change any of them."""

    default_setting: str = Field("hollowmere", min_length=1)
    die_stats: tuple[DieStat, ...] = DIE_STATS
    die_values: tuple[int, ...] = (4, 6, 8, 10, 12)
    stat_range: tuple[int, int] = (4, 12)
    move_body_range: tuple[int, int] = (4, 12)
    stat_total_is_cost: bool = True
    of_limits: OfLimits = OfLimits.model_construct()
    max_talents: dict[int, int] = {1: 0, 2: 0, 3: 1, 4: 3}
    slots: Slots = Slots.model_construct()
    ar_stat: DieStat = "intellect"
    cr_base: int = 0
    universal_skills: tuple[UniversalSkill, ...] = ()


# --- setting ---------------------------------------------------------------------------


class StatArray(_Strict):
    """A rank's stat values: `core` goes in the OF's Core Stat (L964), `others` are
    allocated to the remaining five."""

    core: int = Field(ge=0, le=99)
    others: tuple[int, ...] = Field(min_length=1, max_length=7)


class Rank(_Strict):
    rank: int = Field(ge=0, le=9)
    title: str = Field(min_length=1, max_length=40)
    cost: int = Field(ge=0, le=999)
    stats: StatArray
    max_talents: int | None = Field(None, ge=0, le=9)
    summary: str = Summary

    @property
    def label(self) -> str:
        return f"Rank {self.rank} {self.title}"


Modifiers = dict[StatName, int]


class Form(_Strict):
    name: str = Name
    cost: int = Field(ge=0, le=999)
    move: int = Field(ge=0, le=99)
    body: int = Field(ge=0, le=99)
    modifiers: Modifiers = {}
    grants: tuple[str, ...] = ()
    ranks: tuple[int, ...] = Ranks
    summary: str = Summary


class Trait(_Strict):
    name: str = Name
    cost: int = Field(ge=0, le=999)
    modifiers: Modifiers = {}
    ar: int = 0
    cr: int = 0
    ranks: tuple[int, ...] = Ranks
    summary: str = Summary


class Talent(_Strict):
    """A Skill or an Ability. Its cost is the final value of its stat (L980) unless a
    fixed `cost:` is given (some Abilities)."""

    name: str = Name
    stat: DieStat | None = None
    cost: Cost | None = None
    test: TestKind | None = None
    target: int | str | None = None
    op_stat: DieStat | None = None
    counts_as: StatName | None = None
    repeatable: bool = False
    ranks: tuple[int, ...] = Ranks
    ar: int = 0
    cr: int = 0
    tokens: int = Field(0, ge=0)
    summary: str = Summary

    @model_validator(mode="after")
    def _priced(self) -> "Talent":
        if self.cost is None and self.stat is None:
            raise ValueError(f"{self.name} needs a stat or a cost")
        return self

    @property
    def price(self) -> Cost:
        return self.cost if self.cost is not None else StatCost(stat=self.stat)


class Skill(Talent):
    stat: DieStat  # every Skill has a stat (L980)


class Requires(_Strict):
    """Prerequisites on final stats (minimums), Skills and Abilities (L992)."""

    move: int | None = None
    fight: int | None = None
    toughness: int | None = None
    shoot: int | None = None
    agility: int | None = None
    intellect: int | None = None
    grit: int | None = None
    body: int | None = None
    skills: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()

    def minimums(self) -> dict[str, int]:
        return {s: getattr(self, s) for s in STATS if getattr(self, s) is not None}


class Item(_Strict):
    name: str = Name
    kind: ItemKind
    attack: Literal["melee", "ranged"] | None = None
    base_damage: int | None = Field(None, ge=0, le=99)
    reach: int = Field(0, ge=0, le=99)
    range: int | None = Field(None, ge=0, le=999)
    use: bool = False
    once_per_of: bool = False
    cost: Cost
    ranks: tuple[int, ...] = Ranks
    requires: Requires = Requires.model_construct()
    ar: int = 0
    cr: int = 0
    summary: str = Summary

    @model_validator(mode="after")
    def _weapons_attack(self) -> "Item":
        if self.kind == "weapon" and self.attack is None:
            raise ValueError(f"{self.name} is a weapon: give attack: melee or ranged")
        return self

    @property
    def profile(self) -> str:
        """'melee weapon, damage 3, Reach 1"' for the card and the browser."""
        parts = [f"{self.attack} {self.kind}" if self.attack else self.kind]
        if self.base_damage is not None:
            parts.append(f"damage {self.base_damage}")
        if self.reach:
            parts.append(f'Reach {self.reach}"')
        if self.range is not None:
            parts.append(f'range {self.range}"')
        if self.use:
            parts.append("(Use)")
        if self.once_per_of:
            parts.append("one per OF")
        return ", ".join(parts)


class Unarmed(_Strict):
    name: str = "Unarmed"
    attack: Literal["melee", "ranged"] = "melee"
    base_damage: int = Field(1, ge=0, le=99)
    summary: str = Summary


class SettingInfo(_Strict):
    id: str = Field(min_length=1, max_length=60)
    title: str = Field(min_length=1, max_length=120)
    source: str = ""
    summary: str = Field("", max_length=800)
    starting_treasury: int = Field(ge=0, le=1_000_000)
    overrides: dict[str, Any] = {}


# --- the files -------------------------------------------------------------------------


class SettingFile(_Strict):
    setting: SettingInfo


class RanksFile(_Strict):
    ranks: tuple[Rank, ...] = Field(min_length=1)


class FormsFile(_Strict):
    forms: tuple[Form, ...] = Field(min_length=1)


class TraitsFile(_Strict):
    traits: tuple[Trait, ...] = ()


class SkillsFile(_Strict):
    skills: tuple[Skill, ...] = ()


class AbilitiesFile(_Strict):
    abilities: tuple[Talent, ...] = ()


class EquipmentFile(_Strict):
    equipment: tuple[Item, ...] = ()
    unarmed: Unarmed = Unarmed.model_construct()


SETTING_FILES: dict[str, type[BaseModel]] = {
    "ranks": RanksFile, "forms": FormsFile, "traits": TraitsFile, "skills": SkillsFile,
    "abilities": AbilitiesFile, "equipment": EquipmentFile,
}


class CatalogModel(_Strict):
    """A whole catalog as one document, core and setting: what `catalog.schema.json`
    describes (on disk it is core.yaml plus a setting folder of one file per key)."""

    core: Core
    setting: SettingInfo
    ranks: tuple[Rank, ...]
    forms: tuple[Form, ...]
    traits: tuple[Trait, ...] = ()
    skills: tuple[Skill, ...] = ()
    abilities: tuple[Talent, ...] = ()
    equipment: tuple[Item, ...] = ()
    unarmed: Unarmed = Unarmed.model_construct()


class Catalog:
    """The core numbers with one setting applied, and case-insensitive lookups. `ref` is
    what a file's `setting:` writes to reach it (a bundled id or a folder path)."""

    def __init__(self, model: CatalogModel, ref: str, root: Path | None = None) -> None:
        self.model = model
        self.ref = ref
        self.root = root
        self.core = model.core
        self.setting = model.setting
        self.ranks = model.ranks
        self.forms = model.forms
        self.traits = model.traits
        self.skills = model.skills
        self.abilities = model.abilities
        self.equipment = model.equipment
        self.unarmed = model.unarmed
        self.universal_skills = model.core.universal_skills

    @cached_property
    def _index(self) -> dict[str, dict[str, Any]]:
        def keyed(entries: Any) -> dict[str, Any]:
            return {e.name.casefold(): e for e in entries}

        return {"form": keyed(self.forms), "trait": keyed(self.traits),
                "skill": keyed(self.skills), "ability": keyed(self.abilities),
                "item": keyed(self.equipment), "universal": keyed(self.universal_skills)}

    def rank(self, number: int | None) -> Rank | None:
        return next((r for r in self.ranks if r.rank == number), None)

    def form(self, name: str) -> Form | None:
        return self._index["form"].get(name.casefold())

    def trait(self, name: str) -> Trait | None:
        return self._index["trait"].get(name.casefold())

    def skill(self, name: str) -> Skill | None:
        return self._index["skill"].get(name.casefold())

    def ability(self, name: str) -> Talent | None:
        return self._index["ability"].get(name.casefold())

    def item(self, name: str) -> Item | None:
        return self._index["item"].get(name.casefold())

    def universal(self, name: str) -> UniversalSkill | None:
        return self._index["universal"].get(name.casefold())

    def max_talents(self, rank: int) -> int:
        """The rank's allowance: the setting's rank table, else the core's (L952, L978)."""
        entry = self.rank(rank)
        if entry is not None and entry.max_talents is not None:
            return entry.max_talents
        return self.core.max_talents.get(rank, 0)

    @property
    def starting_treasury(self) -> int:
        return self.setting.starting_treasury

    @property
    def title(self) -> str:
        return self.setting.title
