"""The Open Fire catalog: the core rules (`catalog/openfire/core.yaml`), costing files
(`costing/*.yaml`) and, when a unit or force names one, a module (one YAML file:
profiles, weapons, upgrades, special rules, force rules, costing mode).

The core defines no points [170, 192-194]: every cost and limit is module data, or comes
from a costing file whose numbers and assumptions are data too.
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from designer.systems.openfire.models import Pair, Rules, Scope, Value, Weapon

XKind = Literal["none", "int", "arc"]
Number = Annotated[float, Field(ge=-999, le=999, allow_inf_nan=False)]
Share = Annotated[float, Field(ge=0, le=1, allow_inf_nan=False)]
CostText = int | Number | Annotated[str, Field(min_length=1, max_length=60)]
Limit = Annotated[list[Annotated[int, Field(ge=0, le=9999)] | None],
                  Field(min_length=2, max_length=2)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True, strict=False,
                              populate_by_name=True)


Text = Field("", max_length=600)


class RuleDef(_Strict):
    """A special rule: its scope, what X is, its line in the rules, our summary, the
    names it is also written as and the rules it implies."""

    name: str = Field(min_length=1, max_length=60)
    scope: Scope
    x: XKind = "none"
    line: int | None = Field(None, ge=1, le=9999)
    summary: str = Text
    aliases: tuple[str, ...] = ()
    implies: tuple[str, ...] = ()
    cost: CostText | None = None  # a module rule's cost for the costing formula


class CoreFile(_Strict):
    core: str = Field(min_length=1, max_length=60)
    title: str = Field(min_length=1, max_length=120)
    attribution: str = Field(min_length=1, max_length=200)
    default_module: str | None = None
    default_costing: str = "cc1"
    arcs: tuple[str, ...] = ("Front", "Rear", "Left", "Right")
    readings: tuple[str, ...] = ()
    rules: tuple[RuleDef, ...] = Field(min_length=1)


class Reference(_Strict):
    """The reference target and attacker the costing measures against."""

    defence: int = Field(7, alias="def", ge=1, le=13)
    prc: int = Field(1, ge=0, le=12)
    skl: int = Field(7, ge=1, le=13)


class Assumptions(_Strict):
    stationary: Share = 0.5  # share of attacks made without moving
    half_range: Share = 0.5  # share of attacks within half range


class Carried(_Strict):
    """How a model's weapons add up: the best whole, each other at `others`; vehicles
    fire every weapon [346] (`vehicle: all`)."""

    best: Number = 1
    others: Number = 0.25
    vehicle: Literal["all", "best"] = "all"


class Advance(_Strict):
    """ADV, the advance move as the mobility formula counts it [296, 438, 482]."""

    normal: Number = 3
    fast: Number = 4.5
    slow: Number = 0


class Costing(_Strict):
    """A costing formula file (cc1 is the default)."""

    costing: str = Field(min_length=1, max_length=40)
    title: str = Field(min_length=1, max_length=80)
    label: str = Field(min_length=1, max_length=200)
    reference: Reference = Reference()
    assumptions: Assumptions = Assumptions()
    constants: dict[str, Number] = {}
    advance: Advance = Advance()
    flying: Number = 1.5  # FLY for a Flying model, else 1
    vehicle: Number = 0.75  # VEH for a Vehicle, else 1
    per_model: dict[str, str] = Field(min_length=1)
    weapon: str = Field(min_length=1, max_length=200)
    carried: Carried = Carried()
    range_factor: dict[int, Number] = Field(min_length=1)
    range_above: Number = 2.5
    weapon_rules: dict[str, CostText] = {}
    ranged_only: tuple[str, ...] = ()
    unit_rules: dict[str, CostText] = {}
    rounding: Literal["half_up"] = "half_up"
    notes: tuple[str, ...] = ()


class Match(_Strict):
    """Which models a module rule concerns: all given keys must match."""

    category: str | None = None
    profile: str | None = None
    rule: str | None = None

    def text(self) -> str:
        parts = [f"{k} {v}" for k, v in (("category", self.category),
                                          ("profile", self.profile),
                                          ("rule", self.rule)) if v]
        return ", ".join(parts) or "every model"


class Profile(_Strict):
    """A module's model profile with its points."""

    name: str = Field(min_length=1, max_length=60)
    category: str | None = None
    mov: Pair
    skl: Value
    defence: Value = Field(alias="def")
    cmd: Value
    hp: Value
    special: Rules = []
    weapons: tuple[str, ...] = ()  # what the profile carries when an entry lists none
    points: int | None = Field(None, ge=0, le=9999)
    summary: str = Text


class ModuleWeapon(Weapon):
    """A module's weapon with its points."""

    model_config = ConfigDict(extra="forbid", strict=False, frozen=True, defer_build=True)
    points: int | None = Field(None, ge=0, le=9999)
    summary: str = Text


StatKey = Literal["mov", "skl", "def", "cmd", "hp"]
WeaponKey = Literal["rng", "att", "dmg", "prc"]


class Effect(_Strict):
    """What an upgrade does: `set` attributes, `improve` them by steps (a target one
    lower, MOV and HP one higher), `add` to them, change the weapons (`weapon`, added
    to RNG's maximum, ATT, DMG, PRC) and add rules."""

    set: dict[StatKey, Value] = {}
    improve: dict[StatKey, Annotated[int, Field(ge=0, le=99)]] = {}
    add: dict[StatKey, Value] = {}
    weapon: dict[WeaponKey, Value] = {}
    add_rules: Rules = []

    def text(self) -> str:
        parts = [f"{k.upper()} {v}" for k, v in self.set.items()]
        parts += [f"{k.upper()} {v} better" for k, v in self.improve.items()]
        parts += [f"{k.upper()} {v:+d}" for k, v in self.add.items()]
        parts += [f"weapon {k.upper()} {v:+d}" for k, v in self.weapon.items()]
        parts += [f"gains {r.label}" for r in self.add_rules]
        return ", ".join(parts) or "no effect"


class Upgrade(_Strict):
    name: str = Field(min_length=1, max_length=60)
    for_: Match = Field(Match(), alias="for")
    points: int = Field(0, ge=-999, le=9999)
    effect: Effect = Effect()
    summary: str = Text


class Size(_Strict):
    points: int = Field(ge=0, le=1_000_000)
    models: Limit = [None, None]


class Pool(_Strict):
    name: str = Field(min_length=1, max_length=40)
    cap: int = Field(ge=0, le=1_000_000)
    match: Match = Match()


class ForceSpec(_Strict):
    sizes: dict[str, Size] = {}
    default_size: str | None = None
    pools: tuple[Pool, ...] = ()
    categories: dict[str, Limit] = {}
    transport_capacity: bool = False


class PerModel(_Strict):
    """Limits on each model an entry matches: weapons per slot, the price of a second
    copy of a weapon (x its points), and the most upgrade points it may carry."""

    match: Match = Match()
    slots: dict[str, Limit] = {}
    extra_copy_cost: dict[str, Number] = {}
    upgrade_points_max: int | None = Field(None, ge=0, le=9999)


class When(_Strict):
    weapon_points_min: int = Field(0, ge=0, le=9999)


class Surcharge(_Strict):
    on: Literal["upgrade"] = "upgrade"
    when: When = When()
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
    costing: CostingChoice = CostingChoice()
    special_rules: tuple[RuleDef, ...] = ()
    profiles: tuple[Profile, ...] = ()
    weapons: tuple[ModuleWeapon, ...] = ()
    upgrades: tuple[Upgrade, ...] = ()
    force: ForceSpec = ForceSpec()
    per_model: tuple[PerModel, ...] = ()
    surcharges: tuple[Surcharge, ...] = ()


class CatalogModel(_Strict):
    """The catalog as one document (what `catalog.schema.json` describes); on disk it is
    core.yaml, costing/<id>.yaml and, for a module, one more file."""

    core: CoreFile
    costing: dict[str, Costing]
    module: Module | None = None


def _keyed(entries: Any) -> dict[str, Any]:
    return {e.name.casefold(): e for e in entries}


class Catalog:
    """The core rules, the costing files and at most one module, with case-insensitive
    lookups. `ref` is what a file's `module:` writes to reach the module (None: core
    only); `bundled` lists the modules shipped beside the core."""

    def __init__(self, core: CoreFile, costings: dict[str, Costing],
                 module: Module | None = None, ref: str | None = None,
                 bundled: tuple[str, ...] = (), root: Path | None = None) -> None:
        self.core = core
        self.costings = costings
        self.module = module
        self.ref = ref
        self.bundled = bundled
        self.root = root

    @cached_property
    def _rules(self) -> dict[str, RuleDef]:
        index: dict[str, RuleDef] = {}
        for rule in (*self.core.rules, *(self.module.special_rules if self.module else ())):
            for name in (rule.name, *rule.aliases):
                index.setdefault(name.casefold(), rule)
        return index

    @cached_property
    def _module_index(self) -> dict[str, dict[str, Any]]:
        m = self.module
        if m is None:
            return {"profile": {}, "weapon": {}, "upgrade": {}}
        return {"profile": _keyed(m.profiles), "weapon": _keyed(m.weapons),
                "upgrade": _keyed(m.upgrades)}

    def rule(self, name: str) -> RuleDef | None:
        return self._rules.get(name.strip().casefold())

    @cached_property
    def _core_rules(self) -> dict[str, RuleDef]:
        return {r.name.casefold(): r for r in self.core.rules}

    def core_rule(self, name: str) -> bool:
        """Whether `name` is a rule of the core rules (not only a module's): the rule
        found is one of the core's (looked up by name, not by comparing every rule)."""
        rule = self.rule(name)
        if rule is None:
            return False
        core = self._core_rules.get(rule.name.casefold())
        return core is not None and (core is rule or core == rule)

    def profile(self, name: str) -> Profile | None:
        return self._module_index["profile"].get(name.casefold())

    def weapon(self, name: str) -> ModuleWeapon | None:
        return self._module_index["weapon"].get(name.casefold())

    def upgrade(self, name: str) -> Upgrade | None:
        return self._module_index["upgrade"].get(name.casefold())

    @property
    def mode(self) -> str:
        """'listed' (the module's points) or 'formula' (a costing file prices all)."""
        return self.module.costing.mode if self.module else "formula"

    @property
    def costing(self) -> Costing:
        wanted = self.module.costing.fallback if self.module else self.core.default_costing
        return self.costings.get(wanted) or self.costings[self.core.default_costing]

    @property
    def title(self) -> str:
        return self.module.title if self.module else self.core.title

    def arc(self, text: str) -> str | None:
        """The arc `text` names ('rear', 'Rear Arc'), or None."""
        word = text.strip().casefold().removesuffix(" arc").strip()
        return next((a for a in self.core.arcs if a.casefold() == word), None)
