"""The Open Fire unit file (spec §3.1) as pydantic models.

A unit lists its model entries; each entry is a module profile (`profile:`) or its own
attributes, a count, its special rules and its weapons. Weapons are named (resolved in the
unit's own `weapons:`, then in the module) or written out inline. Special rules are
written `"Heavy Armour (1)"`, `"Vulnerable (Rear)"` or `{name: Fear, x: 2}`; a custom rule
adds `summary` and `cost`.

Values are read as written: checks (rules.py) judge them, so a unit with SKL 0 loads and
is reported, while a value of the wrong kind (`skl: fast`) is a one-line input error.

Annotations here are objects, not text (no `from __future__ import annotations`):
pydantic takes each field's type as it is instead of evaluating its text, a third of
what making a model costs when the module is imported.
"""

import re
from typing import Annotated, Any, Final, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainValidator,
    PrivateAttr,
    WithJsonSchema,
    model_validator,
)

from designer.systems.identity import UnitId

SYSTEM_ID: Final = "openfire"
LIMIT = 999
Value = Annotated[int, Field(ge=-LIMIT, le=LIMIT)]


def _int_or_pair(value: Any) -> int | list[int]:
    """A whole number, or a [min, max] pair of them (RNG, an aircraft's MOV)."""
    def whole(v: Any) -> bool:
        return isinstance(v, int) and not isinstance(v, bool) and -LIMIT <= v <= LIMIT

    if whole(value):
        return value
    if isinstance(value, list) and len(value) == 2 and all(whole(v) for v in value):
        return list(value)
    shown = repr(value)
    shown = shown if len(shown) <= 40 else shown[:37] + "..."
    raise ValueError(f"expected a whole number from -{LIMIT} to {LIMIT} or a [min, max] "
                     f"pair of them, got {shown}")


Pair = Annotated[int | list[int], PlainValidator(_int_or_pair), WithJsonSchema({
    "anyOf": [{"type": "integer"},
              {"type": "array", "items": {"type": "integer"}, "minItems": 2,
               "maxItems": 2}]})]
Scope = Literal["unit", "weapon", "vehicle"]
_RULE = re.compile(r"^\s*(.*?)\s*\(\s*([^()]*?)\s*\)\s*$")


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True,
                              populate_by_name=True)


def _strip(what: str) -> AfterValidator:
    def strip(value: str) -> str:
        value = value.strip()
        if not value:
            raise ValueError(f"{what} may not be blank")
        return value

    return AfterValidator(strip)


Name = Annotated[str, Field(min_length=1, max_length=60), _strip("a name")]


def rule_text(name: str, x: int | str | None) -> str:
    """'Heavy Armour (1)', 'Vulnerable (Rear)', 'Skilled'."""
    return name if x is None else f"{name} ({x})"


def split_rule(text: str) -> dict[str, Any]:
    """'Heavy Armour (1)' -> {name: Heavy Armour, x: 1}; 'Skilled' -> {name: Skilled}."""
    match = _RULE.match(text)
    if not match or not match.group(1):
        return {"name": text}
    raw = match.group(2)
    x: int | str = int(raw) if re.fullmatch(r"[+-]?\d{1,3}", raw) else raw
    return {"name": match.group(1), "x": x}


def _as_rule(value: Any) -> Any:
    if isinstance(value, str):
        return split_rule(value)
    if not isinstance(value, (dict, BaseModel)):
        raise ValueError(f"expected a rule such as \"Heavy Armour (1)\" or {{name: Fear, "
                         f"x: 2}}, got {value!r}"[:160])
    return value


def _as_named(what: str) -> BeforeValidator:
    def convert(value: Any) -> Any:
        if isinstance(value, str):
            return {"name": value}
        if not isinstance(value, (dict, BaseModel)):
            raise ValueError(f"expected {what}, got {value!r}"[:160])
        return value

    return BeforeValidator(convert)


class RuleRef(_Model):
    """A special rule on a model or weapon; X is a number or an arc. A custom rule (not
    in the core or the module) gives its `summary` and `cost` (points, `X`, or `x1.1` for
    a weapon multiplier) and may give its `scope`."""

    name: Name
    x: Value | Annotated[str, Field(min_length=1, max_length=20)] | None = None
    summary: str | None = Field(None, max_length=400)
    cost: Value | Annotated[float, Field(ge=-999, le=999, allow_inf_nan=False)] | \
        Annotated[str, Field(min_length=1, max_length=60)] | None = None
    scope: Scope | None = None

    @property
    def label(self) -> str:
        return rule_text(self.name, self.x)

    @property
    def custom(self) -> bool:
        return self.cost is not None or self.summary is not None

    def to_data(self) -> str | dict[str, Any]:
        if not self.custom and self.scope is None:
            return self.label
        return self.model_dump(exclude_none=True)


Rules = list[Annotated[RuleRef, BeforeValidator(_as_rule)]]


class WeaponProfile(_Model):
    """One profile of a weapon with several [79]."""

    label: Name
    rng: Pair | None = None
    att: Value | None = None
    dmg: Value | None = None
    prc: Value | None = None
    special: Rules = Field([], max_length=12)


class Weapon(_Model):
    """A weapon: a name only (a reference to the unit's or the module's weapon) or its
    profile written out: RNG (a maximum or [min, max]), ATT, DMG, PRC and rules, or
    several `profiles`. `slot` (ranged, melee, ...) defaults from the range. An
    `effect_only` weapon (smoke, oil) has no DMG or PRC: it works through its rules."""

    name: Name
    slot: Annotated[str, Field(min_length=1, max_length=30)] | None = None
    effect_only: bool = False
    rng: Pair | None = None
    att: Value | None = None
    dmg: Value | None = None
    prc: Value | None = None
    special: Rules = Field([], max_length=12)
    profiles: list[WeaponProfile] = Field([], max_length=8)

    @property
    def reference(self) -> bool:
        """Only a name: the weapon is defined elsewhere."""
        return not (self.profiles or self.special or self.slot is not None
                    or self.effect_only
                    or any(v is not None for v in (self.rng, self.att, self.dmg, self.prc)))

    def to_data(self) -> str | dict[str, Any]:
        if self.reference:
            return self.name
        data = self.model_dump(exclude_none=True, by_alias=True)
        for key in ("special", "profiles", "effect_only"):
            if not data.get(key):
                data.pop(key, None)
        if self.special:
            data["special"] = [r.to_data() for r in self.special]
        if self.profiles:
            data["profiles"] = [_profile_data(p) for p in self.profiles]
        return data


def _profile_data(profile: WeaponProfile) -> dict[str, Any]:
    data = profile.model_dump(exclude_none=True)
    data.pop("special", None)
    if profile.special:
        data["special"] = [r.to_data() for r in profile.special]
    return data


WeaponRef = Annotated[Weapon, _as_named("a weapon name or a weapon profile")]


class UpgradeRef(_Model):
    """A module upgrade taken by a model entry; `weapon` names the weapon a weapon
    upgrade changes (default: every weapon of the entry)."""

    name: Name
    weapon: Name | None = None

    def to_data(self) -> str | dict[str, Any]:
        return self.name if self.weapon is None else self.model_dump(exclude_none=True)


class ModelEntry(_Model):
    """One line of the unit's profile: `count` models alike."""

    name: Name | None = None
    count: Annotated[int, Field(ge=1, le=999)] = 1
    leader: bool | None = None
    profile: Name | None = None
    mov: Pair | None = None
    skl: Value | None = None
    defence: Value | None = Field(None, alias="def")
    cmd: Value | None = None
    hp: Value | None = None
    special: Rules = Field([], max_length=20)
    weapons: list[WeaponRef] = Field([], max_length=12)
    upgrades: list[Annotated[UpgradeRef, _as_named("an upgrade name")]] = Field([], max_length=12)

    @model_validator(mode="after")
    def _named(self) -> "ModelEntry":
        if self.name is None and self.profile is None:
            raise ValueError("give the model a name, or a module profile")
        return self

    @property
    def title(self) -> str:
        return self.name or self.profile or "?"

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.name is not None:
            data["name"] = self.name
        if self.count != 1:
            data["count"] = self.count
        if self.leader is not None:
            data["leader"] = self.leader
        for key in ("profile", "mov", "skl", "defence", "cmd", "hp"):
            value = getattr(self, key)
            if value is not None:
                data["def" if key == "defence" else key] = value
        if self.special:
            data["special"] = [r.to_data() for r in self.special]
        if self.weapons:
            data["weapons"] = [w.to_data() for w in self.weapons]
        if self.upgrades:
            data["upgrades"] = [u.to_data() for u in self.upgrades]
        return data


class Ability(_Model):
    """An ability the unit's profile gives, in its own words [94]."""

    name: Name
    text: str = Field("", max_length=600)

    def to_data(self) -> str | dict[str, Any]:
        return self.name if not self.text else {"name": self.name, "text": self.text}


class Unit(_Model, UnitId):
    """An Open Fire unit as its file holds it."""

    system: Literal["openfire"] = SYSTEM_ID
    module: Annotated[str, Field(min_length=1, max_length=400)] | None = None
    name: Annotated[str, Field(min_length=1, max_length=80), _strip("a unit name")]
    category: Annotated[str, Field(min_length=1, max_length=30)] | None = None
    points: Annotated[int, Field(ge=0, le=99_999)] | None = None
    models: list[ModelEntry] = Field(min_length=1, max_length=40)
    weapons: list[Weapon] = Field([], max_length=40)
    abilities: list[Annotated[Ability, _as_named("an ability")]] = Field([], max_length=12)
    notes: str = Field("", max_length=2000)
    #: the catalog with the module the unit names, as resolved where its file was read
    _catalog: Any = PrivateAttr(default=None)

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"system": self.system}
        if self.module is not None:
            data["module"] = self.module
        data["name"] = self.name
        for key in ("category", "points"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        data["models"] = [m.to_data() for m in self.models]
        if self.weapons:
            data["weapons"] = [w.to_data() for w in self.weapons]
        if self.abilities:
            data["abilities"] = [a.to_data() for a in self.abilities]
        if self.notes:
            data["notes"] = self.notes
        return self.identified(data)


class ForceFields(_Model):
    """A force's own fields beside the generic roster: the module and a size preset."""

    module: Annotated[str, Field(min_length=1, max_length=400)] | None = None
    size: Annotated[str, Field(min_length=1, max_length=40)] | None = None
