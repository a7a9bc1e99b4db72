"""What army-list tools (BattleScribe, New Recruit, BlueScribe) need of a system beyond its
cards: how the card's parts are named as profile types and rules (`Listing`, a system's
`LISTING`), and what its force checks enforce, as limits such tools can state (`Limit`,
in `ForceRules.limits`). Records are NamedTuples, as the contract's are (contract.py says
why: every command imports this module)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from designer.systems import Assessment


class ProfileType(NamedTuple):
    """A kind of profile as army-list data names it ("Model", "Weapon") and its
    characteristics, in order."""

    name: str
    characteristics: tuple[str, ...] = ()


class TableProfiles(NamedTuple):
    """A card table (by its `key`) as profiles of `type`: one per main row, named after
    the row, or with `by_column` one per column, named after the column, its main rows
    then naming the characteristics. A sub row's cells follow the cell above in brackets."""

    key: str
    type: str
    by_column: bool = False


class SectionProfiles(NamedTuple):
    """A card section (by its `key`) whose entries are profiles of `type`: the entry's note
    under the characteristic `note`, its text under `text`."""

    key: str
    type: str
    note: str = "Note"
    text: str = "Description"


class Listing(NamedTuple):
    """How army-list data reads this system's cards.

    `types` are the profile types the system declares, with their characteristics in
    order. The card's stat lines fill one profile of type `stats`: the profile of a
    one-row table of that type when there is one, else one of their own named after the
    unit. `tables` and `profiles` say which keyed tables and sections are profiles; the
    entries of the sections keyed in `rules` are rules, shared by every unit with the same
    name and text. A table or section named nowhere stays on the cards (record boxes,
    credits, what other entries repeat)."""

    types: tuple[ProfileType, ...] = (ProfileType("Unit"),)
    stats: str = "Unit"
    tables: tuple[TableProfiles, ...] = ()
    profiles: tuple[SectionProfiles, ...] = ()
    rules: tuple[str, ...] = ()


class Limit(NamedTuple):
    """One thing a force check enforces, as army-list tools can state it: a force holds
    `low` to `high` (None: no bound) of `name`, to which each unit fielded adds
    `amount(assessment)`. With `units`, the amount is 1 or 0 (the unit is of that kind or
    not, as a category says); otherwise it is a number (models, a pool's points). `per`
    = (n, other) raises `high` by one for every n of the limit named `other` (a Rank 1
    character for every two ranked ones). `code` is the finding the check raises when the
    limit is broken; "" for a limit that is only counted (`per`'s other)."""

    code: str
    name: str
    amount: Callable[[Assessment], int]
    low: int | None = None
    high: int | None = None
    units: bool = True
    per: tuple[Fraction, str] | None = None
