"""The OpenTactics unit file (README, "Unit and roster files") as pydantic models.

Annotations here are objects, not text (no `from __future__ import annotations`):
pydantic takes each field's type as it is instead of evaluating its text, a third of
what making a model costs when the module is imported."""

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, field_validator

from designer.systems.identity import UnitId
from designer.systems.opentactics.catalog import SIDES, SKILLS, Category, Side, Skill
from designer.systems.opentactics.formula import parse_formula

Small = Annotated[int, Field(ge=-99, le=99)]
Count = Annotated[int, Field(ge=-99, le=999)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)


class SkillBlock(_Model):
    """One skill's OFF and DEF pools (dice and bumps) and its range, as entered."""

    off_dice: Small = 0
    off_bumps: list[Small] = Field([], max_length=20)
    def_dice: Small = 0
    def_bumps: list[Small] = Field([], max_length=20)
    range: Count = 0

    def dice(self, side: Side) -> int:
        return self.off_dice if side == "off" else self.def_dice

    def bumps(self, side: Side) -> list[int]:
        return self.off_bumps if side == "off" else self.def_bumps


class Skills(_Model):
    melee: SkillBlock = Field(default_factory=SkillBlock)
    ballistic: SkillBlock = Field(default_factory=SkillBlock)
    arcane: SkillBlock = Field(default_factory=SkillBlock)
    technical: SkillBlock = Field(default_factory=SkillBlock)

    def of(self, skill: Skill) -> SkillBlock:
        return getattr(self, skill)


def _not_blank(what: str) -> AfterValidator:
    """Strip a name, refusing one that is only spaces."""

    def strip(value: str) -> str:
        value = value.strip()
        if not value:
            raise ValueError(f"{what} may not be blank")
        return value

    return AfterValidator(strip)


def _name_or_fields(what: str):
    """Accept a bare name for {name: ...}; refuse anything else that is not a mapping."""

    def convert(value: Any) -> Any:
        if isinstance(value, str):
            return {"name": value}
        if not isinstance(value, dict) and not isinstance(value, BaseModel):
            raise ValueError(f"expected {what}, got {value!r}")
        return value

    return BeforeValidator(convert)


class AbilityChoice(_Model):
    """A catalog ability by name (with a rank when ranked), or a custom one with a cost."""

    name: Annotated[str, Field(min_length=1, max_length=60), _not_blank("an ability name")]
    rank: Small | None = None
    cost: int | str | None = None
    text: str | None = Field(None, max_length=600)

    @field_validator("cost")
    @classmethod
    def _cost_parses(cls, value: int | str | None) -> int | str | None:
        if value is not None:
            parse_formula(value)
        return value

    @property
    def custom(self) -> bool:
        return self.cost is not None

    def to_data(self) -> str | dict[str, Any]:
        data = self.model_dump(exclude_none=True)
        return self.name if data.keys() == {"name"} else data


Ability = Annotated[AbilityChoice,
                    _name_or_fields("an ability name or {name: ..., rank: ...}")]


class TypeChoice(_Model):
    name: Annotated[str, Field(min_length=1, max_length=40), _not_blank("a type name")]
    category: Category | None = None

    def to_data(self) -> str | dict[str, Any]:
        return self.name if self.category is None else {"name": self.name,
                                                        "category": self.category}


TypeRef = Annotated[TypeChoice, _name_or_fields("a type name or {name: ..., category: ...}")]


class EquipmentChoice(_Model):
    """An item carried, with the choices step five asks for."""

    item: str = Field(min_length=1, max_length=60)
    range: Count | None = None
    bumps: Literal["new", "raise"] = "new"
    abilities: list[Ability] = Field([], max_length=10)

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"item": self.item}
        if self.range is not None:
            data["range"] = self.range
        if self.bumps != "new":
            data["bumps"] = self.bumps
        if self.abilities:
            data["abilities"] = [a.to_data() for a in self.abilities]
        return data


class Unit(_Model, UnitId):
    """An OpenTactics unit as its file holds it: innate values plus equipment and choices."""

    system: Literal["opentactics"] = "opentactics"
    name: Annotated[str, Field(min_length=1, max_length=80), _not_blank("a unit name")]
    points: Annotated[int, Field(ge=0, le=9999)] | None = None
    types: list[TypeRef] = Field([], max_length=30)
    athletics: Small = 0
    flight: bool = False
    skills: Skills = Field(default_factory=Skills)
    equipment: list[EquipmentChoice] = Field([], max_length=20)
    abilities: list[Ability] = Field([], max_length=20)

    @property
    def flies(self) -> bool:
        return self.flight or any(t.name.casefold() == "flier" for t in self.types)

    def to_data(self) -> dict[str, Any]:
        """The unit as its YAML file writes it: defaults left out, short forms used."""
        data: dict[str, Any] = {"system": self.system, "name": self.name}
        if self.points is not None:
            data["points"] = self.points
        if self.types:
            data["types"] = [t.to_data() for t in self.types]
        data["athletics"] = self.athletics
        if self.flight:
            data["flight"] = True
        skills = {}
        for skill in SKILLS:
            block = self.skills.of(skill).model_dump(exclude_defaults=True)
            if block:
                skills[skill] = block
        if skills:
            data["skills"] = skills
        if self.equipment:
            data["equipment"] = [e.to_data() for e in self.equipment]
        if self.abilities:
            data["abilities"] = [a.to_data() for a in self.abilities]
        return self.identified(data)


POOLS: tuple[tuple[Skill, Side], ...] = tuple((s, d) for d in SIDES for s in SKILLS)
#: per pool: (skill, side, its label, the SkillBlock attributes holding its dice and bumps)
POOL_FIELDS: tuple[tuple[Skill, Side, str, str, str], ...] = tuple(
    (s, d, f"{s.title()} {d.upper()}", f"{d}_dice", f"{d}_bumps") for s, d in POOLS)
