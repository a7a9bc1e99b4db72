"""The Open Fire catalog's file formats, shared by the core rules (`core.yaml`), the
costing files (`costing/*.yaml`) and the modules (`module.py`): special rule definitions,
the costing's numbers and assumptions, and the value types they are written in.

`CoreCatalog` is the core with its costing files as one document: a unit of the core
alone is priced from it without importing a module's models.

A default that is a model is made with `model_construct()`, as in `module.py` (which says
why). Annotations here are objects, not text (no `from __future__ import annotations`):
pydantic takes each field's type as it is instead of evaluating its text, a third of
what making a model costs when the module is imported."""

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from designer.systems.openfire.models import Scope

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

    @property
    def brief(self) -> str:
        """What the rule does where space is short (a list, a column): the summary, else
        the rule's own text."""
        return self.summary or self.text

    @property
    def full(self) -> str:
        """The rule where rules are printed in full (a printout's glossary, the catalog
        browser's detail): a module rule's own text, else the summary."""
        return self.text or self.summary


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
    reference: Reference = Reference.model_construct()
    assumptions: Assumptions = Assumptions.model_construct()
    constants: dict[str, Number] = {}
    advance: Advance = Advance.model_construct()
    flying: Number = 1.5  # FLY for a Flying model, else 1
    vehicle: Number = 0.75  # VEH for a Vehicle, else 1
    per_model: dict[str, str] = Field(min_length=1)
    weapon: str = Field(min_length=1, max_length=200)
    carried: Carried = Carried.model_construct()
    range_factor: dict[int, Number] = Field(min_length=1)
    range_above: Number = 2.5
    weapon_rules: dict[str, CostText] = {}
    ranged_only: tuple[str, ...] = ()
    unit_rules: dict[str, CostText] = {}
    rounding: Literal["half_up"] = "half_up"
    notes: tuple[str, ...] = ()


class CoreCatalog(_Strict):
    """The core and its costing files: a core-only catalog as the catalog cache keeps it
    (read back without building the validators of a module's dozen models)."""

    core: CoreFile
    costing: dict[str, Costing]
