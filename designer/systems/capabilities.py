"""What a game system may do beyond the core contract, each asked for once by a typed
query: `game.capability(Points)` is the system as a `Points` when it prices units, else
None. A shell asks "can it?" once and then uses what it got; it never tests a flag.

- `Points`: the rules price a unit (totals, a force's budget, the audit against printed
  points), in the system's own words; TACTICS lacks it, and shells then show no totals,
  caps or audits.
- `Matchups`: exact odds of one unit against another (`engage`), in the modes a unit
  attacks with (skills, weapons) and with the system's own terms.
- `CatalogPicking`: an entry of the catalog browser added to a unit, as army builders add
  what is picked from their lists.
- `RosterFormat`: a force's own fields (Op-En's Core Stat and setting, Open Fire's module
  and size) and each entry's (TACTICS' side), each with its label, kind and choices, so
  generic widgets edit them; how the roster file carries them; and the units ready to
  add to such a force (a module's profiles).
- `EntryOptions`: a force entry's unit takes its options on the entry (Open Fire: a
  module profile's model count, weapon choices and upgrades), each a `FieldSpec`, so a
  generic form edits them without the full designer.
- `Modules`: armies come from game modules with listed points (Open Fire): the module
  workbench's audit.

`FieldSpec` is a NamedTuple, as the contract's records are (contract.py says why).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, NamedTuple, TypeVar

if TYPE_CHECKING:
    from designer.audit import Audit
    from designer.systems.contract import Assessment
    from designer.systems.engagement import Engagement, EngageOptions

U = TypeVar("U")  # the system's unit
C = TypeVar("C")  # its catalog
F = TypeVar("F")  # a unit's final values


class Points(ABC):  # noqa: B024 - a capability: a system prices units by deriving from it
    """A system whose rules price a unit, with the words it counts in."""

    #: what a total is counted in ("points"; "" when the rules name no unit), short for
    #: tables and lines ("pts"), and what a unit's price is called ("Points", "Cost")
    POINTS_WORD: ClassVar[str] = "points"
    POINTS_SHORT: ClassVar[str] = "pts"
    POINTS_COLUMN: ClassVar[str] = "Pts"
    PRICE_WORD: ClassVar[str] = "Points"

    def points_text(self, points: int) -> str:
        """'12 pts', '1 pt' (the system's short word; the bare number without one)."""
        short = self.POINTS_SHORT
        one = abs(points) == 1 and short.endswith("s")
        return f"{points} {short[:-1] if one else short}".rstrip()

    def total_words(self, points: int) -> tuple[str, str]:
        """What a summary line writes before and after a total: ('Total ', ' pts') for
        'Total 38 pts', ('Total Cost ', '') for rules that name no unit."""
        if not self.POINTS_SHORT:
            return f"{self.PRICE_WORD} ", ""
        return "Total ", self.points_text(points)[len(str(points)):]

    def amount(self, points: int) -> str:
        """A total in words: '60 points', 'Total Cost 111' for rules that name no unit."""
        return f"{points} {self.POINTS_WORD}" if self.POINTS_WORD else \
            f"{self.PRICE_WORD} {points}"


class Matchups(ABC, Generic[U, F]):
    """A system whose rules make a matchup's odds exact."""

    #: what a unit attacks with is called ("skill", "weapon")
    ENGAGE_WORD: ClassVar[str] = "skill"
    #: the system's own terms of a matchup: (key, what it means)
    ENGAGE_EXTRAS: ClassVar[tuple[tuple[str, str], ...]] = ()
    #: whether the unit attacked may answer within the engagement (retaliation)
    RETALIATES: ClassVar[bool] = False

    @abstractmethod
    def engage_modes(self, assessment: Assessment[U, F]) -> tuple[str, ...]:
        """What the unit can attack with (skills, weapons)."""

    @abstractmethod
    def engage(self, a: Assessment[U, F], b: Assessment[U, F],
               options: EngageOptions) -> Engagement:
        """The exact odds of A attacking B (InputError when the mode or range does not
        apply)."""


class CatalogPicking(ABC, Generic[U, C]):
    """A system whose catalog entries can be added to a unit from the catalog browser."""

    @abstractmethod
    def catalog_pick(self, unit: U, catalog: C, section: str, name: str) -> U | None:
        """`unit` with the entry `name` of the catalog section `section` added, or None
        when a unit does not take that section's entries (a reference table). Raises
        InputError when this unit cannot take this one (it has it already, ...)."""


FieldKind = Literal["choice", "number", "text"]


class FieldSpec(NamedTuple):
    """A field of a force or of its entries as a form shows it: its `key` in the roster
    file, `label` on screen, `kind`, the `choices` (value, label) of a choice, the bounds
    of a number, its `default` (what a new force or entry takes; None: unset) and `help`
    in a sentence."""

    key: str
    label: str
    kind: FieldKind = "choice"
    choices: tuple[tuple[Any, str], ...] = ()
    default: Any = None
    low: int | None = None
    high: int | None = None
    help: str = ""

    def shown(self, value: Any) -> str:
        """`value` as a table shows it: a choice's label, else as written ('' for
        none)."""
        if value is None:
            return ""
        return next((label for v, label in self.choices if v == value), str(value))

    def next_choice(self, value: Any) -> Any:
        """The choice after `value`, round again at the end (the first for an unknown)."""
        values = [v for v, _ in self.choices]
        if not values:
            return value
        return values[(values.index(value) + 1) % len(values)] if value in values \
            else values[0]


class RosterFormat(ABC, Generic[U, C]):
    """A system whose forces have fields of their own, or whose entries have: how the
    roster file carries them and what a form offers for each."""

    #: what a unit of `ready_units` is called in a list beside the bundled examples
    READY_WORD: ClassVar[str] = "ready"

    @abstractmethod
    def split_roster(self, data: dict[str, Any], file: str | Path | None = None
                     ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A roster file's data as (the generic roster: system, name, points_cap, units;
        the force's own fields, validated)."""

    @abstractmethod
    def join_roster(self, generic: dict[str, Any], fields: Mapping[str, Any]
                    ) -> dict[str, Any]:
        """The roster file's data from the generic part and the force's own fields."""

    def force_fields(self, catalog: C, fields: Mapping[str, Any]
                     ) -> tuple[FieldSpec, ...]:
        """The force's own fields, as they stand with `fields` (a module's sizes once the
        module is chosen)."""
        return ()

    def entry_fields(self, catalog: C, fields: Mapping[str, Any]
                     ) -> tuple[FieldSpec, ...]:
        """The fields each entry of a force with the force fields `fields` keeps."""
        return ()

    def force_choices(self, catalog: C) -> tuple[tuple[str, dict[str, Any]], ...]:
        """(label, force fields) of each kind of force army-list tools should offer (Op-En:
        one per Core Stat); by default one with no fields of its own."""
        return (("", {}),)

    def ready_units(self, catalog: C, fields: Mapping[str, Any]) -> tuple[U, ...]:
        """Units ready to add to a force with the force fields `fields`, as army builders
        list them (Open Fire: one of each profile of the force's module); by default none.
        Each is a unit of the system, named, legal on its own."""
        return ()


class EntryOptions(ABC, Generic[U, C]):
    """A system whose units take options as army builders offer them on an entry: the
    options are `FieldSpec`s (a number, a choice), each set through the system, which
    refuses what the unit cannot take."""

    @abstractmethod
    def entry_options(self, unit: U, catalog: C) -> tuple[FieldSpec, ...]:
        """The options `unit` takes as it stands (after a weapon swap, the upgrades its new
        weapon allows), each with the unit's value as its `default`; () when it takes
        none (a unit of its own design)."""

    @abstractmethod
    def with_entry_option(self, unit: U, catalog: C, key: str, value: Any) -> U:
        """`unit` with its option `key` set to `value` (a new unit; `unit` unchanged).
        Raises InputError for an option it does not have or a value it cannot take."""


class Modules(ABC):
    """A system whose armies come from game modules with listed points."""

    @abstractmethod
    def module_audit(self, path: Path) -> Audit:
        """The audit of a game module file: every priced entry's listed points beside the
        system's formula (InputError for a file that is not a readable module)."""


#: every capability, for what lists them (the contract test, the help)
CAPABILITIES: tuple[type, ...] = (Points, Matchups, CatalogPicking, RosterFormat,
                                  EntryOptions, Modules)
