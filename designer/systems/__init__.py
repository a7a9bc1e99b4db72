"""The game-system contract, and the registry of systems.

Everything outside `designer/systems/<name>/` (and a system's own TUI editors) reaches
a game system only through `GameSystem`, found by its id with `system()`. A system is a
sub-package whose `SYSTEM` attribute is an instance of a `GameSystem` subclass; adding
one is a new package, its catalog folder and an entry in `SYSTEMS`.

What a shell may ask of a system, and why each member exists:

- `load_catalog(root)`: the game data, validated on load (a group's house rules are a
  catalog edit); `bundled_catalog()` caches the shipped one per process, and
  `catalog_for(data, file)` picks the one a file asks for (an Op-En setting, an Open
  Fire module); by default the bundled one.
- `parse_unit(data, catalog, file=, field_prefix=)`, `new_unit(name, catalog)` and
  `unit_data(unit)`: reading, starting and writing a unit file; `unit_id` and
  `with_unit_id` the stable id the file keeps (`identity`).
- `assess(unit, catalog) -> Assessment`: the unit, its final values and its `Tally`,
  computed once; shells never fold or price again.
- `steps()`: the build steps the TUI walks (stepper, step keys, palette, help), and
  `step_of(field)` to file each finding under its step.
- `card(assessment) -> designer.card.Card`: what every export and the preview draw;
  `LISTING` (a `listing.Listing`) names its parts as army-list data (BattleScribe) does.
- `force_rules(catalog, fields) -> ForceRules`: the budget's name (or none), force checks
  that see every entry, labelled facts (starting morale, treasury left, ...) and the
  `limits` those checks enforce, as army-list tools can state them;
  `split_roster` / `join_roster` carry a system's own force fields (Op-En's core stat)
  beside the generic roster (name, budget, units), and `SHARED_KEYS` names the roster
  keys an inline unit takes when it names none (a setting, a module).
- `catalog_sections(catalog)`: the browsable tables of `designer catalog` and the TUI.
- `module_audit(path)`: for a system whose armies come from game modules with listed
  points (Open Fire), the module's points beside the system's costing formula (the
  `designer module audit` workbench); None for a system without modules.
- `json_schemas()`: the JSON Schemas of the system's file formats.

Capability flags: `PRICED` is False for a system whose rules define no points; shells
then hide totals, caps and audits. `ENGAGES` is True for a system whose rules make a
matchup's odds exact: `engage_modes(assessment)` names what a unit can attack with (a
skill, a weapon) and `engage(a, b, options)` gives the `Engagement`; by default a system
has no matchup odds and `engage` returns None. `ENGAGE_RETALIATION` says whether the
attacked unit may answer within the engagement (the retaliation option applies).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from designer.errors import InputError
from designer.systems.listing import Limit, Listing
from designer.tally import Issue, Tally

if TYPE_CHECKING:
    from designer.audit import Audit
    from designer.card import Card

#: every registered system's id, in the order menus list them
SYSTEMS: list[str] = ["opentactics", "op-en", "tactics", "openfire"]
DEFAULT_SYSTEM = "opentactics"

#: progress(done, total): the one callback type for long work (exports, loading)
Progress = Callable[[int, int], None]


@dataclass(frozen=True, slots=True)
class Assessment:
    """A unit with its final values (after equipment and the like) and its tally: the one
    result of folding and pricing, which every view draws from."""

    unit: Any
    final: Any
    tally: Tally

    @property
    def name(self) -> str:
        return self.tally.name


@dataclass(frozen=True, slots=True)
class Step:
    """One build step: `key` matches tally lines' `step`; `guidance` is the rulebook's
    advice in our words; `short` fits a narrow stepper."""

    key: str
    title: str
    guidance: str
    short: str = ""

    @property
    def label(self) -> str:
        return self.short or self.title


@dataclass(frozen=True, slots=True)
class Fact:
    """A labelled figure about a force ("Starting morale", 11). `key` names it in JSON;
    `group` names the part of the force it counts ("Players": a TACTICS side), "" for
    the whole force; its label then starts with the group's name."""

    key: str
    label: str
    value: int | str
    group: str = ""

    @property
    def short(self) -> str:
        """The label under its group's name: 'creatures' for 'Players creatures'."""
        if self.group and self.label.startswith(f"{self.group} "):
            return self.label[len(self.group) + 1:]
        return self.label


@dataclass(frozen=True, slots=True)
class Member:
    """What a force check sees of one entry: the assessed unit, how many, and the entry's
    own fields (the system's `ENTRY_KEYS`, e.g. a TACTICS entry's side)."""

    assessment: Assessment
    count: int
    fields: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ForceRules:
    """How a system judges a force. `budget` names the limit ("Points cap", "Treasury")
    or is None when the system has none; `checks` and `facts` see every entry."""

    budget: str | None
    checks: Callable[[Sequence[Member]], list[Issue]] = lambda members: []
    facts: Callable[[Sequence[Member]], list[Fact]] = lambda members: []
    default_budget: int | None = None
    over_code: str = "E-OVER-CAP"  # the finding for a force over its budget
    #: what `checks` enforce, as limits army-list tools can state, for the given units
    limits: Callable[[Sequence[Assessment]], tuple[Limit, ...]] = lambda units: ()


@dataclass(frozen=True, slots=True)
class CatalogRow:
    """One browsable catalog entry: `cells` under the section's columns; `detail` is the
    full text a browser shows; `search` what a search matches besides the cells."""

    name: str
    cells: tuple[str, ...]
    detail: str = ""
    search: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CatalogSection:
    key: str
    title: str
    columns: tuple[str, ...]
    rows: tuple[CatalogRow, ...] = field(default=())
    #: extra reference text a browser shows beside the section (e.g. a save table)
    notes: tuple[str, ...] = ()


#: whether B answers A in the same engagement: when it serves B best, whenever it can, never
Retaliation = Literal["best", "always", "never"]
RETALIATIONS: tuple[Retaliation, ...] = ("best", "always", "never")


@dataclass(frozen=True, slots=True)
class EngageOptions:
    """How two units meet. `mode` is what A attacks with (a skill, a weapon; None: each
    it has), `range` the distance between them (None: the closest the mode allows),
    `retaliation` whether B answers when it can (a system with `ENGAGE_RETALIATION`);
    `extras` are a system's own terms as (key, whole number) pairs, the keys its
    `ENGAGE_EXTRAS` lists (cover, support)."""

    mode: str | None = None
    range: int | None = None
    retaliation: Retaliation = "best"
    extras: tuple[tuple[str, int], ...] = ()

    def extra(self, key: str, default: int = 0) -> int:
        return next((v for k, v in self.extras if k == key), default)


@dataclass(frozen=True, slots=True)
class Odds:
    """One labelled figure of a matchup, exact: a chance, or an amount (expected damage)
    when `chance` is False. `key` names it in JSON."""

    key: str
    label: str
    value: Fraction
    chance: bool = True


@dataclass(frozen=True, slots=True)
class AbilityUse:
    """What one of a unit's abilities did in an engagement: `applied` (what it did),
    `idle` (it acts in one engagement, not in this one: why) or `outside` (it never acts
    inside one engagement: why)."""

    unit: str
    name: str
    status: Literal["applied", "idle", "outside"]
    detail: str = ""


@dataclass(frozen=True)
class Engagement:
    """The exact odds of A attacking B in one mode. `outcomes` are exclusive and sum to
    1; `figures` are drawn from them; `win` is A's chance to defeat B and `loss` B's to
    defeat A (what points efficiency counts); `notes` say what the odds assumed;
    `abilities` what each unit's abilities did."""

    title: str
    mode: str
    outcomes: tuple[Odds, ...]
    win: Fraction
    loss: Fraction = Fraction(0)
    figures: tuple[Odds, ...] = ()
    notes: tuple[str, ...] = ()
    abilities: tuple[AbilityUse, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        """Every figure as an exact fraction ("15/36" reduced) and a float."""

        def row(o: Odds) -> dict[str, Any]:
            return {"key": o.key, "label": o.label, "exact": str(o.value),
                    "value": float(o.value)}

        return {"title": self.title, "mode": self.mode, "win": str(self.win),
                "loss": str(self.loss), "outcomes": [row(o) for o in self.outcomes],
                "figures": [row(o) for o in self.figures], "notes": list(self.notes),
                "abilities": [{"unit": u.unit, "name": u.name, "status": u.status,
                               "detail": u.detail} for u in self.abilities]}


class GameSystem(ABC):
    """A game system as the shells see it. Subclasses set the class attributes and
    implement the abstract members; the rest have defaults that suit most systems."""

    NAME: ClassVar[str]
    TITLE: ClassVar[str]
    SHORT: ClassVar[str]  # the name a card's footer prints, e.g. "OpenTactics 2e"
    PRICED: ClassVar[bool] = True
    UNIT_WORD: ClassVar[str] = "unit"  # what one design is called: unit, character, sheet
    #: a fix for a bare off/on/yes/no key, which YAML 1.1 reads as a boolean
    BOOLEAN_KEY_FIX: ClassVar[str] = "quote the key"
    #: roster keys an inline unit inherits when it does not give them
    SHARED_KEYS: ClassVar[tuple[str, ...]] = ()
    #: keys that make a file of this system a roster rather than a unit
    ROSTER_KEYS: ClassVar[tuple[str, ...]] = ("units",)
    #: keys a roster entry may hold besides unit and count, kept with that entry however
    #: the force is edited (TACTICS: the entry's side)
    ENTRY_KEYS: ClassVar[tuple[str, ...]] = ()
    #: whether `engage` gives exact matchup odds; what a mode is called; the extra terms
    #: of a matchup as (key, what it means)
    ENGAGES: ClassVar[bool] = False
    ENGAGE_WORD: ClassVar[str] = "skill"
    ENGAGE_EXTRAS: ClassVar[tuple[tuple[str, str], ...]] = ()
    #: how army-list data (BattleScribe) names what this system's cards hold
    LISTING: ClassVar[Listing] = Listing()
    #: whether B may answer A within the engagement (EngageOptions.retaliation applies)
    ENGAGE_RETALIATION: ClassVar[bool] = False

    # --- files -------------------------------------------------------------------------

    @abstractmethod
    def load_catalog(self, root: Path) -> Any:
        """The catalog in folder `root`, validated; InputError naming file and field."""

    def bundled_catalog(self) -> Any:
        return bundled_catalog(self.NAME)

    def catalog_for(self, data: dict[str, Any], file: str | Path | None = None) -> Any:
        """The catalog a unit or roster file's data asks for; by default the bundled one."""
        return self.bundled_catalog()

    @abstractmethod
    def parse_unit(self, data: Any, catalog: Any, *, file: str | Path | None = None,
                   field_prefix: str = "") -> Any:
        """A unit from loaded YAML data; InputError naming the field otherwise."""

    @abstractmethod
    def new_unit(self, name: str, catalog: Any) -> Any:
        """An empty unit called `name`: what the TUI starts a design from."""

    @abstractmethod
    def unit_data(self, unit: Any) -> dict[str, Any]:
        """The unit as its file holds it (what a save writes; loads back the same)."""

    def unit_name(self, unit: Any) -> str:
        return unit.name

    def unit_id(self, unit: Any) -> str | None:
        """The stable id the unit keeps (`identity.UnitId`), or None."""
        return getattr(unit, "id", None)

    def with_unit_id(self, unit: Any, unit_id: str) -> Any:
        """`unit` keeping `unit_id`; unchanged when its model holds no id."""
        if "id" not in getattr(type(unit), "model_fields", {}):
            return unit
        return unit.model_copy(update={"id": unit_id})

    def is_roster(self, data: dict[str, Any]) -> bool:
        """Whether a file's data is a roster (a force) rather than one unit."""
        return any(key in data for key in self.ROSTER_KEYS)

    # --- one unit ----------------------------------------------------------------------

    @abstractmethod
    def assess(self, unit: Any, catalog: Any) -> Assessment:
        """Fold, price and check the unit once."""

    @abstractmethod
    def steps(self) -> tuple[Step, ...]:
        """The build steps, in order."""

    def step_of(self, field: str) -> str:
        """The key of the step a finding on `field` belongs to: the step whose key starts
        the field path, else the last step (the tally)."""
        steps = self.steps()
        head = field.split(".", 1)[0].split("[", 1)[0]
        for step in steps:
            if step.key == head:
                return step.key
        return steps[-1].key

    @abstractmethod
    def card(self, assessment: Assessment) -> Card:
        """The neutral card every export and the preview draw."""

    # --- matchups ----------------------------------------------------------------------

    def engage_modes(self, assessment: Assessment) -> tuple[str, ...]:
        """What the unit can attack with (skills, weapons); none by default."""
        return ()

    def engage(self, a: Assessment, b: Assessment, options: EngageOptions
               ) -> Engagement | None:
        """The exact odds of A attacking B (InputError when the mode or range does not
        apply); None for a system without matchup odds."""
        return None

    # --- forces, catalog, schemas ------------------------------------------------------

    @abstractmethod
    def force_rules(self, catalog: Any, fields: Mapping[str, Any] | None = None) -> ForceRules:
        """The budget, force checks and facts of a force of this system; `fields` are the
        force's own fields from `split_roster`."""

    def split_roster(self, data: dict[str, Any], file: str | Path | None = None
                     ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A roster file's data as (the generic roster: system, name, points_cap, units;
        the system's own force fields, validated). By default all of it is generic."""
        return data, {}

    def join_roster(self, generic: dict[str, Any], fields: Mapping[str, Any]
                    ) -> dict[str, Any]:
        """The roster file's data from the generic part and the force's own fields."""
        return {**generic, **fields}

    @abstractmethod
    def catalog_sections(self, catalog: Any) -> tuple[CatalogSection, ...]:
        """The catalog as browsable sections."""

    def force_choices(self, catalog: Any) -> tuple[tuple[str, dict[str, Any]], ...]:
        """(label, force fields) of each kind of force army-list tools should offer (Op-En:
        one per Core Stat); by default one with no fields of its own."""
        return (("", {}),)

    def entry_choices(self, key: str, fields: Mapping[str, Any]) -> tuple[str, ...]:
        """The values the entry key `key` (one of ENTRY_KEYS) may take in a force whose own
        fields are `fields`, in the order the forces screen cycles through them."""
        return ()

    def catalog_pick(self, unit: Any, catalog: Any, section: str, name: str) -> Any | None:
        """`unit` with the entry `name` of the catalog section `section` added, as picking
        it in the catalog browser does (the way army builders add what is picked from
        their lists), or None when a unit does not take that section's entries (a
        reference table). Raises InputError when this unit cannot take this one (it has
        it already, ...)."""
        return None

    def module_audit(self, path: Path) -> Audit | None:
        """The audit of a game module file: every priced entry's listed points beside
        the system's formula (InputError for a file that is not a readable module);
        None for a system without modules."""
        return None

    @abstractmethod
    def json_schemas(self) -> dict[str, dict[str, Any]]:
        """JSON Schemas of the unit file ("unit") and the catalog ("catalog")."""


def system(name: str = DEFAULT_SYSTEM, *, file: str | Path | None = None) -> GameSystem:
    """The registered system `name`; InputError (naming `file`) for an unknown one."""
    if name not in SYSTEMS:
        raise InputError(f"unknown game system '{name}'; known: {', '.join(SYSTEMS)}",
                         file=file, field="system")
    return _instance(name)


_extra: dict[str, GameSystem] = {}


@cache
def _instance(name: str) -> GameSystem:
    if name in _extra:
        return _extra[name]
    return import_module(f"designer.systems.{name.replace('-', '_')}").SYSTEM


def register(instance: GameSystem) -> None:
    """Add a system that lives outside this package (a test's toy system, a plug-in)."""
    _extra[instance.NAME] = instance
    if instance.NAME not in SYSTEMS:
        SYSTEMS.append(instance.NAME)
    _instance.cache_clear()
    bundled_catalog.cache_clear()


def unregister(name: str) -> None:
    if _extra.pop(name, None) is not None:
        SYSTEMS.remove(name)
        _instance.cache_clear()
        bundled_catalog.cache_clear()


def catalog_root() -> Path:
    """The bundled catalog: inside the installed package, else beside it in a checkout."""
    here = Path(__file__).resolve().parent.parent
    packaged = here / "catalog"
    return packaged if packaged.is_dir() else here.parent / "catalog"


@cache
def bundled_catalog(name: str = DEFAULT_SYSTEM) -> Any:
    """The bundled catalog of a system, loaded once per process."""
    return system(name).load_catalog(catalog_root() / name)


def examples_dir(name: str = DEFAULT_SYSTEM) -> Path:
    return catalog_root() / name / "examples"
