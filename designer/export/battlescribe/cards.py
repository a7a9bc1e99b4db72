"""What a BattleScribe export takes from each neutral card: profile types, each unit's
profiles and rules, and the deterministic ids they carry.

The mapping (the same for every priced system, since it reads only the neutral `Card`):

- The "Unit" profile type's characteristics are the columns of each card's first table
  followed by the labels of its stat lines. Every priced system puts its core numbers in
  that first table (OpenTactics' four aspects, Op-En's nine stats, Open Fire's
  MOV..HP) and its remaining one-value facts in stat lines (Athletics, Awareness Range,
  Tests, Transport, ...), so the pair covers what the card prints as numbers.
- A unit gets one "Unit" profile per main row of that table (a sub row's cells, such as
  bumps or Form changes, follow the cell above in brackets): one profile for an Op-En
  character, one per model line in Open Fire, one per OFF / DEF / Range line in
  OpenTactics. Stat values repeat on each of them, since they hold for the whole unit.
- Every further table is a profile type of its own, named after its columns (Open
  Fire's weapons: "RNG / ATT / DMG / PRC"), with one profile per main row.
- Each section entry with a text is an ability. Cards note home-made entries with the
  word "custom" (an OpenTactics custom ability, an Op-En custom item, an Open Fire custom
  rule): those become rules, the rest "Ability" profiles (Kind = the section, Note,
  Description). Entries without a text are record boxes or repeat a table, and are left out.
- A characteristic a profile does not have reads "-".
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from designer.card import Card, Row, Table

UNIT_TYPE = "Unit"
ABILITY_TYPE = "Ability"
ABILITY_CHARACTERISTICS = ("Kind", "Note", "Description")
NONE = "-"
#: the namespace every id is a uuid5 in: the same system, unit and path give the same id
ID_NAMESPACE = uuid.UUID("6f1e0f2a-5b8e-5c4e-9a57-3d0c2b7e1a44")
_CUSTOM = re.compile(r"\bcustom\b", re.IGNORECASE)

ProfileTypes = dict[str, list[str]]  # type name -> characteristic names, in order


def make_id(*parts: str) -> str:
    """The id of the thing at `parts` (system, unit name, content path)."""
    return str(uuid.uuid5(ID_NAMESPACE, "\x1f".join(parts)))


@dataclass(frozen=True, slots=True)
class Profile:
    id: str
    name: str
    type_name: str
    values: tuple[tuple[str, str], ...]  # (characteristic, value) in the type's order


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    name: str
    description: str


@dataclass(frozen=True, slots=True)
class UnitEntry:
    """One distinct unit as a root selection entry: its profiles, rules and points."""

    id: str
    name: str
    points: int
    profiles: tuple[Profile, ...]
    rules: tuple[Rule, ...]


def table_type(table: Table, first: bool) -> str:
    """The profile type a table's rows belong to."""
    return UNIT_TYPE if first else " / ".join(table.columns)


def profile_types(cards: Iterable[Card]) -> ProfileTypes:
    """The profile types the cards need, each with its characteristics in first-seen
    order: "Unit" first, then further tables' types, then "Ability"."""
    types: ProfileTypes = {UNIT_TYPE: []}
    stats: list[str] = []
    for card in cards:
        for i, table in enumerate(card.tables()):
            _extend(types.setdefault(table_type(table, i == 0), []), table.columns)
        _extend(stats, [stat.label for stat in card.stats()])
    _extend(types[UNIT_TYPE], stats)
    types[ABILITY_TYPE] = list(ABILITY_CHARACTERISTICS)
    return types


def merge_types(new: ProfileTypes, old: ProfileTypes) -> ProfileTypes:
    """`new` with every type and characteristic `old` declared kept (old order first), so
    catalogues exported earlier against the game system still find their types."""
    merged: ProfileTypes = {name: list(chars) for name, chars in old.items()}
    for name, chars in new.items():
        _extend(merged.setdefault(name, []), chars)
    return merged


def unit_entries(system: str, cards: Sequence[Card], types: ProfileTypes) -> list[UnitEntry]:
    """Each card as a unit entry; a name two different units share gets '#2' in its id
    path so their ids differ."""
    seen: dict[str, int] = {}
    out = []
    for card in cards:
        seen[card.title] = seen.get(card.title, 0) + 1
        key = card.title if seen[card.title] == 1 else f"{card.title}#{seen[card.title]}"
        out.append(unit_entry(system, key, card, types))
    return out


def unit_entry(system: str, key: str, card: Card, types: ProfileTypes) -> UnitEntry:
    ids = _Ids(system, key)
    stats = {stat.label: _stat_value(stat.value, stat.note) for stat in card.stats()}
    profiles: list[Profile] = []
    tables = card.tables()
    first_rows = _main_rows(tables[0]) if tables else []
    if not first_rows:  # no table (or an empty one): the stat lines alone
        profiles.append(_profile(ids, card.title, UNIT_TYPE, stats, types))
    for i, table in enumerate(tables):
        type_name = table_type(table, i == 0)
        rows = first_rows if i == 0 else _main_rows(table)
        for n, (row, values) in enumerate(rows, start=1):
            if i == 0:
                name = card.title if len(rows) == 1 else f"{card.title}: {row.label}"
                values = {**stats, **values}
            else:
                name = row.label or f"{card.title} {n}"
            profiles.append(_profile(ids, name, type_name, values, types))
    rules: list[Rule] = []
    for section in card.sections():
        for entry in section.entries:
            text = entry.text.strip()
            if not text:
                continue
            path = ("section", section.label, entry.title)
            if _CUSTOM.search(entry.note) or text.lower() == "custom":
                note = entry.note.strip()
                more = note and note.lower() != "custom"
                rules.append(Rule(ids.next("rule", *path), entry.title,
                                  f"{text} ({note})" if more else text))
            else:
                values = dict(zip(ABILITY_CHARACTERISTICS,
                                  (section.label, entry.note or NONE, text), strict=True))
                profiles.append(_profile(ids, entry.title, ABILITY_TYPE, values, types,
                                         path=path))
    return UnitEntry(make_id(system, key, "entry"), card.title, card.points or 0,
                     tuple(profiles), tuple(rules))


# --- internals ---------------------------------------------------------------------------


class _Ids:
    """Ids of one unit's parts; a path met twice gets '#2', '#3' ... appended."""

    def __init__(self, system: str, key: str) -> None:
        self.system, self.key = system, key
        self.used: dict[tuple[str, ...], int] = {}

    def next(self, *path: str) -> str:
        n = self.used[path] = self.used.get(path, 0) + 1
        parts = path if n == 1 else (*path, f"#{n}")
        return make_id(self.system, self.key, *parts)


def _extend(names: list[str], more: Iterable[str]) -> None:
    names.extend(name for name in dict.fromkeys(more) if name not in names)


def _main_rows(table: Table) -> list[tuple[Row, dict[str, str]]]:
    """Each main row with its values by column; a following sub row's non-empty cells
    are added in brackets ('2 (+1)')."""
    out: list[tuple[Row, dict[str, str]]] = []
    for row in table.rows:
        cells = [cell.plain.strip() for cell in row.cells]
        if row.sub:
            if out:
                values = out[-1][1]
                for column, extra in zip(table.columns, cells, strict=False):
                    if extra:
                        values[column] = f"{values.get(column, NONE)} ({extra})"
            continue
        out.append((row, {column: cell or NONE
                          for column, cell in zip(table.columns, cells, strict=False)}))
    return out


def _stat_value(value: str, note: str) -> str:
    value = value.strip() or NONE
    return f"{value} ({note.strip()})" if note.strip() else value


def _profile(ids: _Ids, name: str, type_name: str, values: dict[str, str],
             types: ProfileTypes, path: tuple[str, ...] | None = None) -> Profile:
    characteristics = types.get(type_name, list(values))
    return Profile(ids.next("profile", type_name, *(path or (name,))), name, type_name,
                   tuple((c, values.get(c, NONE)) for c in characteristics))
