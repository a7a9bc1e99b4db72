"""The TACTICS character sheet as its file holds it (spec §4), as pydantic models.

Numbers are kept as written: a value that is not a whole number ('13', 2.5) or a kind
the notes do not know is a finding of the checks (E-TX-ATTR, E-TX-KIND, ...) with a
fix, not a refusal, so a sheet loads, prints and says what to change. Only the shape
is refused: a list where a number goes, an unknown key, a missing name.

A default that is a model is made with `model_construct()` (its fields' own defaults,
nothing to check), so importing the module builds no validator. Annotations here are
objects, not text (no `from __future__ import annotations`): pydantic takes each field's
type as it is instead of evaluating its text, a third of what making a model costs when
the module is imported.
"""

from typing import Annotated, Any, Final, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    WithJsonSchema,
)

from designer.systems.identity import UnitId

SYSTEM_ID: Final = "tactics"
SCALAR = (int, float, str, bool)


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True, strict=True, frozen=True)


def _scalar(what: str):
    def check(value: Any) -> Any:
        if value is None or isinstance(value, SCALAR):
            return value
        kind = "a list" if isinstance(value, list) else (
            "a mapping" if isinstance(value, dict) else type(value).__name__)
        raise ValueError(f"expected {what}, got {kind}")

    return BeforeValidator(check)


_SCALAR_SCHEMA = {"type": ["integer", "number", "string", "boolean", "null"]}
#: a number as written: checked by the rules, kept as it is
Value = Annotated[Any, _scalar("a whole number"), WithJsonSchema(_SCALAR_SCHEMA)]
#: a word as written (a kind, a distance band)
Word = Annotated[Any, _scalar("a word"), WithJsonSchema(_SCALAR_SCHEMA)]


def _area(value: Any) -> Any:
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, dict):
        for key, inner in value.items():
            if not isinstance(key, SCALAR) or not (inner is None
                                                    or isinstance(inner, SCALAR)):
                raise ValueError("expected an area effect such as {explosion: small} or "
                                 "{chain: 3}, got a nested value")
        return dict(value)
    shown = "a list" if isinstance(value, list) else repr(value)[:40]
    raise ValueError(f"expected an area effect such as splash, {{explosion: small}} or "
                     f"{{chain: 3}}, got {shown}")


Area = Annotated[Any, BeforeValidator(_area), WithJsonSchema({
    "anyOf": [{"type": "string"}, {"type": "object"}, {"type": "null"}],
    "description": "splash or cloud, {explosion: small|medium|large} or {chain: N}"})]


def _strip(what: str) -> AfterValidator:
    def strip(value: str) -> str:
        value = value.strip()
        if not value:
            raise ValueError(f"{what} may not be blank")
        return value

    return AfterValidator(strip)


Name = Annotated[str, Field(min_length=1, max_length=60), _strip("a name")]
Text = Annotated[str, Field(max_length=600)]


class Attributes(_Model):
    """Precision and Endurance (offensive, static [19]), Agility and Acumen (defensive,
    rolled [21]); integer modifiers with no range given. Unset prints as a blank."""

    precision: Value = None
    endurance: Value = None
    agility: Value = None
    acumen: Value = None

    def to_data(self) -> dict[str, Any]:
        return {k: v for k, v in self.model_dump().items() if v is not None}


class Weapon(_Model):
    """'Damage 14, Precision 13' [29], a distance band [37-42], an area effect [44-57]."""

    name: Name
    damage: Value = None
    precision: Value = None
    distance: Word = None
    area: Area = None
    text: Text = ""

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name}
        for key in ("damage", "precision", "distance", "area"):
            value = getattr(self, key)
            if value is not None:
                data[key] = value
        if self.text:
            data["text"] = self.text
        return data


def _bare_name(value: Any) -> Any:
    if isinstance(value, str):
        return {"name": value}
    if not isinstance(value, (dict, BaseModel)):
        raise ValueError(f"expected an action name or {{name: ..., text: ...}}, got "
                         f"{'a list' if isinstance(value, list) else repr(value)[:40]}")
    return value


class Action(_Model):
    """A known Maneuver, Press or React: a name, with optional text."""

    name: Name
    text: Text = ""

    def to_data(self) -> str | dict[str, Any]:
        return {"name": self.name, "text": self.text} if self.text else self.name


ActionRef = Annotated[Action, BeforeValidator(_bare_name)]
ActionList = Annotated[list[ActionRef], Field(max_length=30)]

#: the sheet's keys in the order its file is written
ORDER = ("system", "table", "name", "kind", "actions", "attributes", "armor", "shields",
         "max_wounds", "points", "weapons", "maneuvers", "presses", "reacts", "notes")


class Sheet(_Model, UnitId):
    """A TACTICS character sheet."""

    system: Literal["tactics"] = SYSTEM_ID
    table: Annotated[str, Field(min_length=1, max_length=400)] | None = Field(
        None, description="a table-settings file (or a folder holding table.yaml), "
                          "relative to this file; default: the notes' values")
    name: Annotated[str, Field(min_length=1, max_length=80), _strip("a sheet name")]
    kind: Word = Field("standard", description="standard, minion or heavy [5]")
    actions: Value = Field(None, description="actions per turn; default: the kind's")
    attributes: Attributes = Attributes.model_construct()
    armor: Value = 0
    shields: Value = Field(0, description="maximum shield points; 0 for none [35]")
    max_wounds: Value = Field(None, description="refused: the wound maximum is the "
                                                "table's [33]")
    points: Value = Field(None, description="ignored: TACTICS defines no points")
    weapons: Annotated[list[Weapon], Field(max_length=30)] = []
    maneuvers: ActionList = []
    presses: ActionList = []
    reacts: ActionList = []
    notes: Annotated[str, Field(max_length=2000)] = ""

    def to_data(self) -> dict[str, Any]:
        """The sheet as its YAML file writes it, in the spec's key order."""
        data: dict[str, Any] = {}
        for key in ORDER:
            value = getattr(self, key)
            if key == "attributes":
                value = value.to_data()
            elif key == "weapons":
                value = [w.to_data() for w in value]
            elif key in ("maneuvers", "presses", "reacts"):
                value = [a.to_data() for a in value]
            if value is None or (key not in ("armor", "shields", "kind")
                                 and value in ("", [], {})):
                continue
            data[key] = value
        return self.identified(data)
