"""What an ability (or an elemental type) does inside one assault, as catalog data.

Each OpenTactics ability in `abilities.yaml` declares either `assault:`, a list of the
effects below, or `outside_assault:`, why it changes nothing inside one assault between
two units (it moves, deploys, acts on a third unit ...). The odds apply every declared
effect whose conditions (`when:`) hold; a group's house rule is an edit of these lines.

Pools are named from the holder's side: `own_off`, `own_def`, `enemy_off`, `enemy_def`,
the pools of the skill the assault uses. "A" makes the assault, "B" is its target;
B's retaliation is B's OFF against A's DEF, and is not B making an assault.

A default that is a model is made with `model_construct()` (its fields' own defaults,
nothing to check), so importing the module builds no validator. Annotations here are
objects, not text (no `from __future__ import annotations`): pydantic takes each field's
type as it is instead of evaluating its text, a third of what making a model costs when
the module is imported.
"""

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Skill = Literal["melee", "ballistic", "arcane", "technical"]
PoolRef = Literal["own_off", "own_def", "enemy_off", "enemy_def"]
Phase = Literal["roll", "bump", "reroll", "after_reroll"]
Name = Annotated[str, Field(min_length=1, max_length=40)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class When(_Strict):
    """The conditions an effect needs; each one given must hold."""

    skills: tuple[Skill, ...] = Field((), description="the assault's skill is one of these")
    role: Literal["any", "assaulting", "targeted"] = Field(
        "any", description="the holder makes the assault (A) or is its target (B)")
    adjacent: bool = Field(False, description="the units are 1 increment apart")
    within_arcane_range: bool = Field(
        False, description="the unit concerned (the enemy; for an effect on a test, the "
                           "unit making it) is within the holder's Arcane range")
    enemy_types: tuple[Name, ...] = Field((), description="the enemy has one of these types")
    enemy_lacks: Name | None = Field(None, description="the enemy lacks this ability")
    enemy_alone: bool = Field(False, description="the enemy has no adjacent allies")
    in_cover: bool = Field(False, description="the holder benefits from cover")
    term: Name | None = Field(None, description="this matchup term is set (e.g. charge)")
    not_term: Name | None = Field(None, description="this matchup term is not set")


class PoolChange(_Strict):
    """A pool rolls more or fewer dice; `floor` is the least it is reduced to."""

    effect: Literal["dice"]
    pool: PoolRef
    change: int = Field(ge=-3, le=3)
    per_rank: bool = Field(False, description="the change is times the ability's rank")
    floor: int = Field(0, ge=0, le=3)
    when: When = When.model_construct()


class AddBump(_Strict):
    """A bump added to a pool (a - bump must be used)."""

    effect: Literal["bump"]
    pool: PoolRef
    value: int = Field(ge=-1, le=4)
    when: When = When.model_construct()


class Reroll(_Strict):
    """A re-roll: of `one` die of the listed pools, or of `all` the dice of one pool;
    at the end of the roll or bump phase, in the re-roll phase (in turn, like support),
    or after it. One use in the assault, or one in each test it reaches (`each_test`)."""

    effect: Literal["reroll"]
    dice: Literal["one", "all"]
    pools: tuple[PoolRef, ...]
    phase: Phase
    each_test: bool = False
    when: When = When.model_construct()

    @model_validator(mode="after")
    def _sound(self) -> "Reroll":
        if not self.pools:
            raise ValueError("name the pools it re-rolls from (pools: [own_off, ...])")
        if self.dice == "all" and len(self.pools) != 1:
            raise ValueError("a re-roll of all dice names one pool")
        if self.phase == "reroll" and not set(self.pools) <= {"own_off", "own_def"}:
            raise ValueError("a re-roll in the re-roll phase is of the holder's own dice "
                             "(own_off, own_def)")
        if self.phase == "reroll" and self.dice == "all":
            raise ValueError("a re-roll in the re-roll phase is of one die")
        return self


class Save(_Strict):
    """The holder saves on a d6 at or under `value` when defeated."""

    effect: Literal["save"]
    value: int = Field(ge=1, le=6)
    when: When = When.model_construct()


class LowerSaves(_Strict):
    """An enemy the holder defeats counts each of its saves `by` lower."""

    effect: Literal["lower_saves"]
    by: int = Field(ge=1, le=6)
    when: When = When.model_construct()


class Deny(_Strict):
    """The enemy gets no support re-rolls, or no cover (nor what cover grants)."""

    effect: Literal["no_support", "no_cover"]
    when: When = When.model_construct()


class AllowTarget(_Strict):
    """The holder may assault (and retaliate) in `skill` against these types too."""

    effect: Literal["target"]
    skill: Skill
    types: tuple[Name, ...]
    when: When = When.model_construct()


class RangeTimes(_Strict):
    """The holder's range in `skill` is `times` longer when it makes the assault."""

    effect: Literal["range"]
    skill: Skill
    times: int = Field(ge=2, le=4)
    when: When = When.model_construct()


class CountTwice(_Strict):
    """The holder's OFF results count twice against targets with these types."""

    effect: Literal["count_twice"]
    against: tuple[Name, ...]
    when: When = When.model_construct()


class Negate(_Strict):
    """The target may roll a d6 and negate the assault on a result at or under the
    ability's rank (Stealth); `degrade`: the target negates one ability of the unit
    assaulting it for the action."""

    effect: Literal["negate", "degrade"]
    when: When = When.model_construct()


Plain = Annotated[PoolChange | AddBump | Reroll | Save | LowerSaves | Deny | AllowTarget
                  | RangeTimes | CountTwice | Negate, Field(discriminator="effect")]


class Variant(_Strict):
    """An assault the holder may make in place of a regular one in `skill` (Aurora,
    Shock, Freeze): with these effects and, if given, this assault type. The matchup
    term `term` = 1 makes the holder choose it."""

    effect: Literal["variant"]
    skill: Skill
    term: Name
    assault_type: Name | None = None
    effects: tuple[Plain, ...] = ()
    when: When = When.model_construct()


Effect = Annotated[PoolChange | AddBump | Reroll | Save | LowerSaves | Deny | AllowTarget
                   | RangeTimes | CountTwice | Negate | Variant,
                   Field(discriminator="effect")]


class Element(_Strict):
    """An elemental type's part in an assault (core rules, ELEMENTAL TYPES)."""

    may_add: bool = Field(False, description="a unit with it may add it to its assaults")
    doubles_off_against: tuple[Name, ...] = Field(
        (), description="an assault of this type counts OFF twice against these types")
    doubles_def_against: tuple[Name, ...] = Field(
        (), description="a unit with it counts DEF twice against assaults of these types")


def effect_words(effect: Effect) -> str:
    """An effect as a line of a catalog browser: its kind, its fields, its conditions
    ('reroll: dice all, pools own_def, phase roll; when skills melee, ballistic')."""
    data = effect.model_dump(exclude_defaults=True)
    kind = data.pop("effect")
    when = data.pop("when", {})
    inner = data.pop("effects", ())

    def show(value: object) -> str:
        if isinstance(value, (list, tuple)):
            return ", ".join(str(v) for v in value)
        return str(value).lower() if isinstance(value, bool) else str(value)

    out = kind + (": " + "; ".join(f"{k} {show(v)}" for k, v in data.items()) if data
                  else "")
    if inner and isinstance(effect, Variant):  # only a variant holds effects
        out += " [" + "; ".join(effect_words(e) for e in effect.effects) + "]"
    if when:
        out += "; when " + ", ".join(f"{k} {show(v)}" for k, v in when.items())
    return out
