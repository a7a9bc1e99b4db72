"""The Open Fire catalog: the core rules (`catalog/openfire/core.yaml`), costing files
(`costing/*.yaml`) and, when a unit or force names one, a module (one YAML file:
profiles, weapons, upgrades, special rules, force rules, costing mode).

The core defines no points [170, 192-194]: every cost and limit is module data, or comes
from a costing file whose numbers and assumptions are data too.
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from designer.systems.openfire.models import Scope

if TYPE_CHECKING:
    from designer.systems.openfire.module import Module, ModuleWeapon, Profile, Upgrade

XKind = Literal["none", "int", "arc"]
Number = Annotated[float, Field(ge=-999, le=999, allow_inf_nan=False)]
Share = Annotated[float, Field(ge=0, le=1, allow_inf_nan=False)]
CostText = int | Number | Annotated[str, Field(min_length=1, max_length=60)]
Limit = Annotated[list[Annotated[int, Field(ge=0, le=9999)] | None],
                  Field(min_length=2, max_length=2)]


#: a catalog file's models: unknown keys refused, values frozen once read
FROZEN = ConfigDict(extra="forbid", frozen=True, defer_build=True, strict=False,
                    populate_by_name=True)


class _Strict(BaseModel):
    model_config = FROZEN


Text = Field("", max_length=600)


class RuleDef(_Strict):
    """A special rule: its scope, what X is, its line in the rules, our summary, the
    names it is also written as and the rules it implies. A module's own rule carries
    its own `text`, and may say it `acts_as` a core rule does in the dice maths (a
    module's "Melee" hitting as Assault does), carry listed `points` (what a model
    pays to add it to a module profile) and a `cost` in the costing formula."""

    name: str = Field(min_length=1, max_length=60)
    scope: Scope
    x: XKind = "none"
    line: int | None = Field(None, ge=1, le=9999)
    summary: str = Text
    text: str = Field("", max_length=2000)
    aliases: tuple[str, ...] = ()
    implies: tuple[str, ...] = ()
    acts_as: str | None = Field(None, min_length=1, max_length=60)
    points: int | None = Field(None, ge=-999, le=9999)
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
