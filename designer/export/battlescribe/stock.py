"""The units one catalogue holds, each with its entry id: the distinct units of the files
exported, and those the catalogue already in the folder held (`held`) that none of them
replaces.

A unit's entry id is made from the catalogue's id (one per system) and the unit's own
stable id (`id:`), never from a file's or a unit's name or the order of the files: a
renamed unit, or one exported alone, with other files or in another order, keeps its
entry. A unit exported again under its id replaces the one the catalogue held (its entry
keeps the id and takes the new data); a unit the catalogue already holds as it is keeps
its entry's id; a second unit keeping the id of one exported with it (a copied file
edited since) gets an id made from that id. The units come sorted by name, then id, so
the same units give the same catalogue however they came."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from designer.card import Card
from designer.export.battlescribe.cards import make_id
from designer.export.battlescribe.held import HeldUnit
from designer.systems import Assessment, GameSystem
from designer.systems.identity import derived_id


@dataclass(frozen=True, slots=True)
class Stocked:
    """A unit of the catalogue: its entry id, card, assessment and the catalog it was
    built on (which kinds of force it may join)."""

    id: str
    card: Card
    assessment: Assessment[Any, Any]
    catalog: Any


def unit_key(game: GameSystem, assessment: Assessment[Any, Any]) -> str:
    """What makes two units one: their file data."""
    return json.dumps(game.unit_data(assessment.unit), sort_keys=True, default=str)


def stock(game: GameSystem, catalogue_id: str,
          fresh: Sequence[tuple[Card, Assessment[Any, Any], Any]],
          held: Mapping[str, HeldUnit]) -> tuple[list[Stocked], dict[str, str]]:
    """The catalogue's units, sorted, and the entry id of each unit exported by its key
    (`unit_key`). `fresh` holds the (card, assessment, catalog) of the files' units in
    order; `held` the catalogue's earlier units by entry id."""
    held_keys = {unit_key(game, unit.loaded.assessment): eid for eid, unit in held.items()}
    distinct: dict[str, tuple[Card, Assessment[Any, Any], Any]] = {}
    for card, assessment, catalog in fresh:
        distinct.setdefault(unit_key(game, assessment), (card, assessment, catalog))
    key_of: dict[str, str] = {}
    used: set[str] = set()  # the unit ids this export gave an entry
    for key, (_, assessment, _) in distinct.items():  # units held as they are: their id
        if key in held_keys:
            key_of[key] = held_keys[key]
            used.add(_unit_id(game, assessment))
    claimed = set(key_of.values())
    for key, (_, assessment, _) in distinct.items():
        if key in key_of:
            continue
        unit_id = base = _unit_id(game, assessment)
        n = 1
        while unit_id in used or make_id(catalogue_id, "unit", unit_id) in claimed:
            n += 1
            unit_id = make_id(base, str(n))
        used.add(unit_id)
        key_of[key] = make_id(catalogue_id, "unit", unit_id)
        claimed.add(key_of[key])
    out = [Stocked(key_of[key], card, assessment, catalog)
           for key, (card, assessment, catalog) in distinct.items()]
    for eid, unit in held.items():
        if eid not in claimed:
            assessment = unit.loaded.assessment
            out.append(Stocked(eid, game.card(assessment), assessment, unit.loaded.catalog))
            claimed.add(eid)
    out.sort(key=lambda s: (s.card.title.casefold(), s.card.title, s.id))
    return out, key_of


def _unit_id(game: GameSystem, assessment: Assessment[Any, Any]) -> str:
    unit = assessment.unit
    return game.unit_id(unit) or derived_id(game.NAME, game.unit_name(unit))
