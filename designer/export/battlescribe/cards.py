"""What a BattleScribe export takes from each unit's neutral card, read through its system's
`LISTING` (never from the card's display text): profiles of the listed types, rules,
keywords, and the ids they carry.

- The stat lines fill one profile of the listing's `stats` type: the profile of a one-row
  table of that type, else one of their own named after the unit.
- A listed table gives a profile per main row, named after the row, or (`by_column`) per
  column, named after the column, with its main rows as characteristics; a sub row's
  cells (bumps, Form changes) follow the cell above in brackets: "2 (+1)".
- A listed section gives a profile per entry (its note and text as two characteristics);
  a rules section a rule per entry with a text, its note in brackets after the text.
- A characteristic a profile does not have reads "-".

Ids are uuid5s of their place: a unit's entry id comes from its catalogue and the unit's
own stable id, so a renamed unit keeps its links in rosters saved by those tools.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from designer.card import Card, Row, Table
from designer.systems import Assessment
from designer.systems.listing import Listing

NONE = "-"
#: the namespace every id is a uuid5 in: the same place gives the same id
ID_NAMESPACE = uuid.UUID("6f1e0f2a-5b8e-5c4e-9a57-3d0c2b7e1a44")

ProfileTypes = dict[str, list[str]]  # type name -> characteristic names, in order


def make_id(*parts: str) -> str:
    """The id of the thing at `parts` (an owner's id, then a path inside it)."""
    return str(uuid.uuid5(ID_NAMESPACE, "\x1f".join(parts)))


@dataclass(frozen=True, slots=True)
class Profile:
    """A profile; a `shareable` one (a weapon, an item: not the unit's own stat lines) is
    a shared entry when units have it alike."""

    name: str
    type_name: str
    values: tuple[tuple[str, str], ...]  # (characteristic, value) in the type's order
    shareable: bool = False

    @property
    def key(self) -> tuple[str, str, tuple[tuple[str, str], ...]]:
        """What makes two units' profiles the same one (shared by id)."""
        return (self.type_name, self.name, self.values)


@dataclass(frozen=True, slots=True)
class Rule:
    name: str
    description: str


@dataclass(frozen=True, slots=True)
class UnitEntry:
    """One distinct unit as a root selection entry: its id, points, file data (carried in
    the entry's comment), profiles, rules, keywords and the assessment limits read."""

    id: str
    name: str
    points: int
    data: dict[str, Any]
    profiles: tuple[Profile, ...]
    rules: tuple[Rule, ...]
    keywords: tuple[str, ...]
    assessment: Assessment


def profile_types(listing: Listing, cards: Iterable[Card]) -> ProfileTypes:
    """The listing's profile types, each with its characteristics, followed by any a card
    holds beyond them (a stat line the listing does not name)."""
    types: ProfileTypes = {t.name: list(t.characteristics) for t in listing.types}
    for card in cards:
        for profile in _profiles(listing, card):
            _extend(types.setdefault(profile.type_name, []), [c for c, _ in profile.values])
    return types


def unit_entry(listing: Listing, card: Card, types: ProfileTypes, entry_id: str,
               data: dict[str, Any], assessment: Assessment) -> UnitEntry:
    profiles = tuple(Profile(p.name, p.type_name,
                             tuple((c, dict(p.values).get(c, NONE))
                                   for c in types.get(p.type_name, [])), p.shareable)
                     for p in _profiles(listing, card))
    rules: list[Rule] = []
    for section in card.sections():
        if section.key not in listing.rules:
            continue
        for entry in section.entries:
            text = entry.text.strip()
            if text:
                note = entry.note.strip()
                rules.append(Rule(entry.title, f"{text} ({note})" if note else text))
    keywords = tuple(dict.fromkeys(tag.name for tag in card.tags if tag.keyword))
    return UnitEntry(entry_id, card.title, card.points or 0, data, profiles,
                     tuple(dict.fromkeys(rules)), keywords, assessment)


# --- internals ---------------------------------------------------------------------------


def _profiles(listing: Listing, card: Card) -> list[Profile]:
    """The card's profiles with their values by characteristic (not yet in type order)."""
    stats = {s.label: _stat_value(s.value, s.note) for s in card.stats()}
    out: list[Profile] = []
    joined = False
    tables = {t.key: t for t in card.tables() if t.key}
    for spec in listing.tables:
        table = tables.get(spec.key)
        if table is None:
            continue
        rows = _by_column(table) if spec.by_column else _by_row(table)
        single = not spec.by_column and len(rows) == 1 and spec.type == listing.stats
        shareable = not spec.by_column and spec.type != listing.stats
        for name, values in rows:
            if single:  # the unit's one stat line: the stat lines join it
                name, values, joined = card.title, {**values, **stats}, True
            out.append(Profile(name, spec.type, tuple(values.items()), shareable))
    if stats and not joined:
        out.insert(0, Profile(card.title, listing.stats, tuple(stats.items())))
    sections = {s.key: s for s in card.sections() if s.key}
    for profiles in listing.profiles:
        section = sections.get(profiles.key)
        for entry in section.entries if section is not None else ():
            values = {profiles.note: entry.note.strip() or NONE,
                      profiles.text: entry.text.strip() or NONE}
            out.append(Profile(entry.title, profiles.type, tuple(values.items()), True))
    return out


def _by_row(table: Table) -> list[tuple[str, dict[str, str]]]:
    return [(row.label, dict(zip(table.columns, cells, strict=False)))
            for row, cells in _main_rows(table)]


def _by_column(table: Table) -> list[tuple[str, dict[str, str]]]:
    rows = _main_rows(table)
    return [(column, {row.label: cells[i] if i < len(cells) else NONE for row, cells in rows})
            for i, column in enumerate(table.columns)]


def _main_rows(table: Table) -> list[tuple[Row, list[str]]]:
    """Each main row with its cells; a following sub row's non-empty cells are added in
    brackets ('2 (+1)')."""
    out: list[tuple[Row, list[str]]] = []
    for row in table.rows:
        cells = [cell.plain.strip() for cell in row.cells]
        if row.sub:
            if out:
                above = out[-1][1]
                for i, extra in enumerate(cells[:len(above)]):
                    if extra:
                        above[i] = f"{above[i]} ({extra})"
            continue
        out.append((row, [cell or NONE for cell in cells]))
    return out


def _stat_value(value: str, note: str) -> str:
    value = value.strip() or NONE
    return f"{value} ({note.strip()})" if note.strip() else value


def _extend(names: list[str], more: Sequence[str]) -> None:
    names.extend(name for name in dict.fromkeys(more) if name not in names)
