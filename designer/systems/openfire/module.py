"""An Open Fire module file (spec §3.2): its own special rules, profiles, weapons and
upgrades with their points, and its construction rules: weapon slots and totals, the
price of extra weapons, upgrade groups and caps, surcharges, army-wide limits, force
sizes, pools and categories. Every rule a published module states is data here; the
checks (rules.py, force.py, modcheck.py) and the prices (listed.py) read it.

A default that is a model is made with `model_construct()`: its fields' own defaults,
nothing to check. Made by validation, it would build that model's validator when this
module is imported, for a unit of the core alone too (which reads no module).

Annotations here are objects, not text (no `from __future__ import annotations`):
pydantic takes each field's type as it is instead of evaluating its text, a third of
what making a model costs when the module is imported."""

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from designer.systems.openfire.formats import (
    FROZEN,
    CoreCatalog,
    Limit,
    Number,
    RuleDef,
    Text,
)
from designer.systems.openfire.models import Pair, Rules, Value, Weapon

Name = Annotated[str, Field(min_length=1, max_length=60)]
Most = Annotated[int, Field(ge=0, le=9999)]


class _Strict(BaseModel):
    model_config = FROZEN


class Match(_Strict):
    """Which models a module rule concerns: all given keys must match. `slot`: the
    model carries a weapon of that slot ("a model with a melee weapon")."""

    category: str | None = None
    profile: str | None = None
    rule: str | None = None
    slot: str | None = None

    def text(self) -> str:
        parts = [f"{k} {v}" for k, v in (("category", self.category),
                                          ("profile", self.profile),
                                          ("rule", self.rule)) if v]
        if self.slot:
            parts.append(f"with a {self.slot} weapon")
        return ", ".join(parts) or "every model"


class WeaponMatch(_Strict):
    """Which weapons an upgrade may modify: all given keys must match (`names`: only
    these; `exclude`: never these; `rule`: weapons with this rule)."""

    slot: str | None = None
    names: tuple[Name, ...] = ()
    exclude: tuple[Name, ...] = ()
    rule: str | None = None

    def text(self) -> str:
        parts = [f"{self.slot} weapons" if self.slot else "weapons"]
        if self.rule:
            parts.append(f"with {self.rule}")
        if self.names:
            parts.append("only " + ", ".join(self.names))
        if self.exclude:
            parts.append("not " + ", ".join(self.exclude))
        return " ".join(parts[:1]) + "".join(f", {p}" for p in parts[1:])


class Profile(_Strict):
    """A module's model profile with its points. `weapons` are what it carries when an
    entry lists none; `weapon_choices`, when given, are the only weapons it may take."""

    name: Name
    category: str | None = None
    mov: Pair
    skl: Value
    defence: Value = Field(alias="def")
    cmd: Value
    hp: Value
    special: Rules = []
    weapons: tuple[str, ...] = ()
    weapon_choices: tuple[Name, ...] = ()
    points: int | None = Field(None, ge=0, le=9999)
    summary: str = Text


class ModuleWeapon(Weapon):
    """A module's weapon with its points; `force_max`: how many models of a force may
    carry it."""

    model_config = ConfigDict(extra="forbid", strict=False, frozen=True, defer_build=True)
    points: int | None = Field(None, ge=0, le=9999)
    force_max: Most | None = None
    summary: str = Text


StatKey = Literal["mov", "skl", "def", "cmd", "hp"]
WeaponKey = Literal["rng", "att", "dmg", "prc"]


class Effect(_Strict):
    """What an upgrade does: `set` attributes, `improve` them by steps (a target one
    lower, MOV and HP one higher), `add` to them, change the weapon it modifies
    (`weapon`: added to RNG's maximum, ATT, DMG, PRC; `weapon_rules`: rules the weapon
    gains) and add rules to the model (`add_rules`)."""

    set: dict[StatKey, Value] = {}
    improve: dict[StatKey, Annotated[int, Field(ge=0, le=99)]] = {}
    add: dict[StatKey, Value] = {}
    weapon: dict[WeaponKey, Value] = {}
    weapon_rules: Rules = []
    add_rules: Rules = []

    def text(self) -> str:
        parts = [f"{k.upper()} {v}" for k, v in self.set.items()]
        parts += [f"{k.upper()} {v} better" for k, v in self.improve.items()]
        parts += [f"{k.upper()} {v:+d}" for k, v in self.add.items()]
        parts += [f"weapon {k.upper()} {v:+d}" for k, v in self.weapon.items()]
        parts += [f"weapon gains {r.label}" for r in self.weapon_rules]
        parts += [f"gains {r.label}" for r in self.add_rules]
        return ", ".join(parts) or "no effect"


class Upgrade(_Strict):
    """A module's upgrade. `target: weapon` makes it a weapon modification (the default
    when it changes a weapon or says which weapons it is for): it modifies one weapon,
    and a surcharge or a `points` formula of WP (that weapon's points) prices it.
    `group` counts it against a model's group limits; `force_max` limits the models of
    a force that take it."""

    name: Name
    for_: Match = Field(Match(), alias="for")
    for_weapon: WeaponMatch | None = None
    target: Literal["model", "weapon"] | None = None
    group: Annotated[str, Field(min_length=1, max_length=40)] | None = None
    force_max: Most | None = None
    points: int | Annotated[str, Field(min_length=1, max_length=60)] = 0
    effect: Effect = Effect.model_construct()
    summary: str = Text

    @property
    def on_weapon(self) -> bool:
        """Whether it modifies a weapon rather than the model."""
        if self.target is not None:
            return self.target == "weapon"
        return bool(self.effect.weapon or self.effect.weapon_rules or self.for_weapon)


class Size(_Strict):
    points: int = Field(ge=0, le=1_000_000)
    models: Limit = [None, None]


class Pool(_Strict):
    name: str = Field(min_length=1, max_length=40)
    cap: int = Field(ge=0, le=1_000_000)
    match: Match = Match.model_construct()


class ForceSpec(_Strict):
    sizes: dict[str, Size] = {}
    default_size: str | None = None
    pools: tuple[Pool, ...] = ()
    categories: dict[str, Limit] = {}
    transport_capacity: bool = False


class GroupLimit(_Strict):
    """What a model may take of one upgrade group: how many, and how many points."""

    count: Limit = [None, None]
    points_max: Most | None = None


class PerModel(_Strict):
    """Limits on each model an entry matches: weapons per slot and in all, the price of
    a second copy of a weapon (`extra_copy_cost`) or of any weapon of a slot after the
    first (`extra_weapon_cost`, x its points; `extra_weapon_is` says which one is the
    extra: the one taken later, the cheaper or the dearer), the most upgrade points it
    may carry, and limits per upgrade group."""

    match: Match = Match.model_construct()
    slots: dict[str, Limit] = {}
    weapons: Limit | None = None
    extra_copy_cost: dict[str, Number] = {}
    extra_weapon_cost: dict[str, Number] = {}
    extra_weapon_is: Literal["later", "cheaper", "dearer"] = "later"
    upgrade_points_max: Most | None = None
    groups: dict[str, GroupLimit] = {}


class When(_Strict):
    weapon_points_min: int = Field(0, ge=0, le=9999)


class Surcharge(_Strict):
    """Points added to every modification of a weapon that costs at least
    `when.weapon_points_min`."""

    on: Literal["upgrade"] = "upgrade"
    when: When = When.model_construct()
    add: int = Field(ge=-999, le=999)


class CostingChoice(_Strict):
    mode: Literal["listed", "formula"] = "listed"
    fallback: str = "cc1"


class Module(_Strict):
    """A game module: one YAML file."""

    module: str = Field(min_length=1, max_length=60)
    title: str = Field(min_length=1, max_length=120)
    core: str = Field(min_length=1, max_length=60)
    summary: str = Text
    army_term: str = Field("army", min_length=1, max_length=30)
    costing: CostingChoice = CostingChoice.model_construct()
    special_rules: tuple[RuleDef, ...] = ()
    profiles: tuple[Profile, ...] = ()
    weapons: tuple[ModuleWeapon, ...] = ()
    upgrades: tuple[Upgrade, ...] = ()
    force: ForceSpec = ForceSpec.model_construct()
    per_model: tuple[PerModel, ...] = ()
    surcharges: tuple[Surcharge, ...] = ()


class CatalogModel(CoreCatalog):
    """The catalog as one document (what `catalog.schema.json` describes); on disk it is
    core.yaml, costing/<id>.yaml and, for a module, one more file."""

    module: Module | None = None
