"""The Op-En character file (spec §2.3) and the force's own fields, as pydantic models.

A character holds what the player chose: rank, form, the allocated stats (before Form
and Trait), trait, Skills, Abilities and Equipment. Everything derived (final stats,
costs, AR, CR) is worked out by `cost.fold`.

Annotations here are objects, not text (no `from __future__ import annotations`):
pydantic takes each field's type as it is instead of evaluating its text, a third of
what making a model costs when the module is imported.
"""

from typing import Annotated, Any, Final, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field

from designer.systems.identity import UnitId
from designer.systems.op_en.catalog import DIE_STATS, DieStat, ItemKind, StatName

SYSTEM_ID: Final = "op-en"
Small = Annotated[int, Field(ge=0, le=99)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True, strict=True)


def _strip(what: str) -> AfterValidator:
    def strip(value: str) -> str:
        value = value.strip()
        if not value:
            raise ValueError(f"{what} may not be blank")
        return value

    return AfterValidator(strip)


def _bare_name(what: str) -> BeforeValidator:
    """Accept a bare name for {name: ...}; refuse anything else that is not a mapping."""

    def convert(value: Any) -> Any:
        if isinstance(value, str):
            return {"name": value}
        if not isinstance(value, (dict, BaseModel)):
            raise ValueError(f"expected {what}, got {value!r}")
        return value

    return BeforeValidator(convert)


EntryName = Annotated[str, Field(min_length=1, max_length=60), _strip("a name")]


class Choice(_Model):
    """A catalog entry by name, or a custom one with a fixed `cost` or a `stat` it is
    priced at. `paid` fixes the price a campaign paid when it was chosen (L986)."""

    name: EntryName
    paid: Annotated[int, Field(ge=0, le=999)] | None = None
    cost: Annotated[int, Field(ge=0, le=999)] | None = None
    stat: DieStat | None = None
    text: str | None = Field(None, max_length=600)

    @property
    def custom(self) -> bool:
        return self.cost is not None or self.stat is not None

    def to_data(self) -> str | dict[str, Any]:
        data = self.model_dump(exclude_none=True)
        return self.name if data.keys() == {"name"} else data


class ItemChoice(Choice):
    kind: ItemKind | None = None  # a custom item's kind (default: item)


TalentRef = Annotated[Choice, _bare_name("a name or {name: ..., paid: ...}")]
ItemRef = Annotated[ItemChoice, _bare_name("an item name or {name: ..., paid: ...}")]


class Stats(_Model):
    """The values allocated from the rank's table (L964), before Form and Trait. Move
    and Body come from the Form."""

    fight: Small | None = None
    toughness: Small | None = None
    shoot: Small | None = None
    agility: Small | None = None
    intellect: Small | None = None
    grit: Small | None = None

    def get(self, stat: str) -> int | None:
        return getattr(self, stat, None)

    def to_data(self) -> dict[str, int]:
        return {s: getattr(self, s) for s in DIE_STATS if getattr(self, s) is not None}


OneOrMore = str | list[Annotated[str, Field(min_length=1, max_length=60)]]


class Character(_Model, UnitId):
    """An Op-En character as its file holds it."""

    system: Literal["op-en"] = SYSTEM_ID
    setting: str | None = Field(None, max_length=400)
    name: Annotated[str, Field(min_length=1, max_length=80), _strip("a character name")]
    cost: Annotated[int, Field(ge=0, le=99_999)] | None = None
    core_stat: StatName | None = None
    rank: Annotated[int, Field(ge=0, le=99)] | None = None
    form: OneOrMore | None = None
    stats: Stats = Field(default_factory=Stats)
    trait: OneOrMore | None = None
    skills: list[TalentRef] = Field([], max_length=20)
    abilities: list[TalentRef] = Field([], max_length=20)
    equipment: list[ItemRef] = Field([], max_length=30)
    notes: str = Field("", max_length=2000)
    experience: Annotated[int, Field(ge=0, le=99_999)] = 0

    @property
    def forms(self) -> list[str]:
        return _listed(self.form)

    @property
    def traits(self) -> list[str]:
        return _listed(self.trait)

    def to_data(self) -> dict[str, Any]:
        """The character as its YAML file writes it, in the spec's key order."""
        data: dict[str, Any] = {"system": self.system}
        if self.setting is not None:
            data["setting"] = self.setting
        data["name"] = self.name
        for key in ("cost", "core_stat", "rank", "form"):
            value = getattr(self, key)
            if value is not None:
                data[key] = value
        stats = self.stats.to_data()
        if stats:
            data["stats"] = stats
        if self.trait is not None:
            data["trait"] = self.trait
        for key in ("skills", "abilities", "equipment"):
            chosen = getattr(self, key)
            if chosen:
                data[key] = [c.to_data() for c in chosen]
        if self.notes:
            data["notes"] = self.notes
        if self.experience:
            data["experience"] = self.experience
        return self.identified(data)


def _listed(value: str | list[str] | None) -> list[str]:
    if value is None:
        return []
    return [value] if isinstance(value, str) else list(value)


class ForceFields(_Model):
    """A force's own fields beside the generic roster (spec §2.3): the setting, the OF's
    Core Stat (L901), its treasury (L909) and notes."""

    setting: str | None = Field(None, max_length=400)
    core_stat: StatName | None = None
    treasury: Annotated[int, Field(ge=0, le=1_000_000)] | None = None
    notes: str = Field("", max_length=4000)
