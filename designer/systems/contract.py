"""The core of the game-system contract: what every system does, and the values it hands
the shells. What only some systems do is a capability (`capabilities.py`), asked for with
`game.capability(Kind)`.

A system is generic over its unit, its catalog and its final values (the unit after
equipment and the like): `GameSystem[Unit, Catalog, Final]`. A shell holds a
`GameSystem[Any, Any, Any]`; what it gets from one system it only hands back to that
system.

The values handed over are records: NamedTuples, as `Line` and `Issue` in the tally are.
Every command imports this module, and a NamedTuple class is made ten times faster than
a frozen dataclass, whose generated methods Python compiles one by one when the module is
imported (0.7 ms a class: a tenth of a `designer price` for the dataclasses on its path).
A copy with changes is `record._replace(...)`. `Member` alone stays a frozen dataclass:
its field `count` would hide a tuple's own `count()`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, NamedTuple, TypeVar, cast

from pydantic import BaseModel

from designer.errors import InputError
from designer.systems.listing import Limit, Listing
from designer.tally import Issue, Tally

if TYPE_CHECKING:
    from typing_extensions import TypeForm

    from designer.card import Card

U = TypeVar("U")  # a system's unit
C = TypeVar("C")  # its catalog
F = TypeVar("F")  # a unit's final values
K = TypeVar("K")  # a capability

#: progress(done, total): the one callback type for long work (exports, loading)
Progress = Callable[[int, int], None]


class Assessment(NamedTuple, Generic[U, F]):
    """A unit with its final values (after equipment and the like) and its tally: the one
    result of folding and pricing, which every view draws from."""

    unit: U
    final: F
    tally: Tally

    @property
    def name(self) -> str:
        return self.tally.name


class Step(NamedTuple):
    """One build step: `key` matches tally lines' `step`; `guidance` is the rulebook's
    advice in our words; `short` fits a narrow stepper; `fields` are the unit file's
    fields the step edits, as patterns of field paths (`*` stands for anything, brackets
    are brackets: "skills.*.off_dice", "models[*].mov*"): a finding on a field is filed
    under the step whose pattern matching it is the most precise (the longest). A step
    that lists none edits the fields named by its key (`gear`, `gear.*`, `gear[*`)."""

    key: str
    title: str
    guidance: str
    short: str = ""
    fields: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        return self.short or self.title

    def edits(self, field_path: str) -> int:
        """How precisely the step claims `field_path`: the length of its longest pattern
        that matches it, 0 when none does."""
        patterns = self.fields or (self.key, f"{self.key}.*", f"{self.key}[*")
        return max((len(pattern) for pattern in patterns
                    if fnmatchcase(field_path, pattern.replace("[", "[[]"))), default=0)


class Fact(NamedTuple):
    """A labelled figure about a force ("Starting morale", 11), with the bounds the force
    must keep it within when there are some ("Command 1 of 1", "seats 6 of 6"). `key`
    names it in JSON; `group` names the part of the force it counts ("Players": a
    TACTICS side), "" for the whole force; its label then starts with the group's name."""

    key: str
    label: str
    value: int | str
    group: str = ""
    low: int | None = None
    high: int | None = None

    @property
    def short(self) -> str:
        """The label under its group's name: 'creatures' for 'Players creatures'."""
        if self.group and self.label.startswith(f"{self.group} "):
            return self.label[len(self.group) + 1:]
        return self.label

    @property
    def state(self) -> Literal["under", "over", "within", ""]:
        """Where the figure stands against its bounds ("" when it has none)."""
        if not isinstance(self.value, int) or (self.low is None and self.high is None):
            return ""
        if self.low is not None and self.value < self.low:
            return "under"
        if self.high is not None and self.value > self.high:
            return "over"
        return "within"

    def bounds_text(self) -> str:
        """'of 3', 'of 1–2', 'at least 1', '' for a fact without bounds."""
        low, high = self.low, self.high
        if high is None:
            return "" if low is None else f"at least {low}"
        if low is None or low == 0 or low == high:
            return f"of {high}"
        return f"of {low}–{high}"

    def figure(self) -> str:
        """'16', '2 of 3', '0 of 1 (under)', '1 (at least 2, under)': the value with its
        bounds, as every printout and screen shows a fact."""
        bounds = self.bounds_text()
        off = self.state if self.state in ("under", "over") else ""
        if self.high is None and bounds:  # only a floor: no "of" to read it against
            return f"{self.value} ({bounds}{', ' + off if off else ''})"
        return f"{self.value}{' ' + bounds if bounds else ''}{f' ({off})' if off else ''}"


@dataclass(frozen=True, slots=True)
class Member:
    """What a force check sees of one entry: the assessed unit, how many, and the entry's
    own fields (a TACTICS entry's side)."""

    assessment: Assessment[Any, Any]
    count: int
    fields: Mapping[str, Any] = field(default_factory=dict)


class Budget(NamedTuple):
    """A force's budget in the system's own words: `label` ("Points cap", "Treasury"),
    the roster file's `key` for it ("points_cap", "treasury"), the `default` a new force
    starts with (None: none) and the finding for a force over it."""

    label: str = "Points cap"
    key: str = "points_cap"
    default: int | None = None
    over_code: str = "E-OVER-CAP"


class ForceRules(NamedTuple):
    """How a system judges a force: its `budget` (None for a system whose forces have
    none), checks and facts that see every entry, and what the checks enforce as limits
    army-list tools can state (`limits`)."""

    budget: Budget | None
    checks: Callable[[Sequence[Member]], list[Issue]] = lambda members: []
    facts: Callable[[Sequence[Member]], list[Fact]] = lambda members: []
    limits: Callable[[Sequence[Assessment[Any, Any]]], tuple[Limit, ...]] = lambda units: ()


class CatalogRow(NamedTuple):
    """One browsable catalog entry: `cells` under the section's columns; `detail` is the
    full text a browser shows; `search` what a search matches besides the cells."""

    name: str
    cells: tuple[str, ...]
    detail: str = ""
    search: tuple[str, ...] = ()


class CatalogSection(NamedTuple):
    key: str
    title: str
    columns: tuple[str, ...]
    rows: tuple[CatalogRow, ...] = ()
    #: extra reference text a browser shows beside the section (e.g. a save table)
    notes: tuple[str, ...] = ()


class GameSystem(ABC, Generic[U, C, F]):
    """A game system as the shells see it. Subclasses set the class attributes and
    implement the abstract members; the rest have defaults that suit most systems. What
    only some systems do they add by also deriving from a capability."""

    NAME: ClassVar[str]
    TITLE: ClassVar[str]
    SHORT: ClassVar[str]  # the name a card's footer prints, e.g. "OpenTactics 2e"
    UNIT_WORD: ClassVar[str] = "unit"  # what one design is called: unit, character, sheet
    FORCE_WORD: ClassVar[str] = "force"  # what a roster of them is: force, encounter
    #: a fix for a bare off/on/yes/no key, which YAML 1.1 reads as a boolean
    BOOLEAN_KEY_FIX: ClassVar[str] = "quote the key"
    #: roster keys an inline unit inherits when it does not give them
    SHARED_KEYS: ClassVar[tuple[str, ...]] = ()
    #: keys that make a file of this system a roster rather than a unit
    ROSTER_KEYS: ClassVar[tuple[str, ...]] = ("units",)
    #: how army-list data (BattleScribe) names what this system's cards hold
    LISTING: ClassVar[Listing] = Listing()

    def capability(self, kind: TypeForm[K]) -> K | None:
        """This system as a `kind` (a capability such as `Points`), or None when it does
        not have it: the one question a shell asks before using one. `kind` is a type
        form, not a `type[K]`: a capability is abstract and is never instantiated here."""
        return self if isinstance(self, cast("type[K]", kind)) else None

    # --- files -------------------------------------------------------------------------

    @abstractmethod
    def load_catalog(self, root: Path) -> C:
        """The catalog in folder `root`, validated; InputError naming file and field."""

    def bundled_catalog(self) -> C:
        """The catalog shipped with the system, loaded once per process."""
        catalog: C = _bundled(self)
        return catalog

    def catalog_for(self, data: dict[str, Any], file: str | Path | None = None) -> C:
        """The catalog a unit or roster file's data asks for; by default the bundled one."""
        return self.bundled_catalog()

    @abstractmethod
    def parse_unit(self, data: Any, catalog: C, *, file: str | Path | None = None,
                   field_prefix: str = "") -> U:
        """A unit from loaded YAML data; InputError naming the field otherwise."""

    @abstractmethod
    def new_unit(self, name: str, catalog: C) -> U:
        """An empty unit called `name`: what the designer starts a design from."""

    @abstractmethod
    def unit_data(self, unit: U) -> dict[str, Any]:
        """The unit as its file holds it (what a save writes; loads back the same)."""

    def unit_name(self, unit: U) -> str:
        name: str = getattr(unit, "name")  # noqa: B009 - every system's units are named
        return name

    def rename(self, unit: U, name: str, catalog: C) -> U:
        """`unit` called `name` (the unit unchanged when the system refuses the name); by
        default through the unit's data."""
        try:
            return self.parse_unit({**self.unit_data(unit), "name": name}, catalog)
        except InputError:
            return unit

    def unit_id(self, unit: U) -> str | None:
        """The stable id the unit keeps (`identity.UnitId`), or None."""
        return getattr(unit, "id", None)

    def with_unit_id(self, unit: U, unit_id: str) -> U:
        """`unit` keeping `unit_id`; unchanged when its model holds no id."""
        if not isinstance(unit, BaseModel) or "id" not in type(unit).model_fields:
            return unit
        return unit.model_copy(update={"id": unit_id})

    def is_roster(self, data: dict[str, Any]) -> bool:
        """Whether a file's data is a roster (a force) rather than one unit."""
        return any(key in data for key in self.ROSTER_KEYS)

    # --- one unit ----------------------------------------------------------------------

    @abstractmethod
    def assess(self, unit: U, catalog: C) -> Assessment[U, F]:
        """Fold, price and check the unit once."""

    @abstractmethod
    def steps(self) -> tuple[Step, ...]:
        """The build steps, in order, each with the fields it edits."""

    def step_of(self, field_path: str) -> str:
        """The key of the step a finding on `field_path` belongs to: the step that edits
        it, else the last step (the tally)."""
        steps = self.steps()
        precision, key = max(((s.edits(field_path), s.key) for s in steps[:-1]),
                             key=lambda found: found[0], default=(0, ""))
        return key if precision else steps[-1].key

    @abstractmethod
    def card(self, assessment: Assessment[U, F]) -> Card:
        """The neutral card every export and the preview draw."""

    # --- forces, catalog, schemas ------------------------------------------------------

    @abstractmethod
    def force_rules(self, catalog: C, fields: Mapping[str, Any] | None = None) -> ForceRules:
        """The budget, force checks and facts of a force of this system; `fields` are the
        force's own fields (a capability of `RosterFormat` systems)."""

    @abstractmethod
    def catalog_sections(self, catalog: C) -> tuple[CatalogSection, ...]:
        """The catalog as browsable sections."""

    @abstractmethod
    def json_schemas(self) -> dict[str, dict[str, Any]]:
        """JSON Schemas of the unit file ("unit") and the catalog ("catalog")."""


def catalog_root() -> Path:
    """The bundled catalog: inside the installed package, else beside it in a checkout."""
    here = Path(__file__).resolve().parent.parent
    packaged = here / "catalog"
    return packaged if packaged.is_dir() else here.parent / "catalog"


@cache
def _bundled(game: GameSystem[Any, Any, Any]) -> Any:
    return game.load_catalog(catalog_root() / game.NAME)


def forget_bundled() -> None:
    """Load the bundled catalogs afresh on next use."""
    _bundled.cache_clear()
