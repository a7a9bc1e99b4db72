"""A force's own fields (Op-En's Core Stat and setting, Open Fire's module and size) set
one at a time, as a form edits them, an entry's own fields (a TACTICS sheet's side) with
its label and note, and the units ready to add to the force as it then stands. Generic:
the system's `RosterFormat` says what the fields are, reads them back from the roster
file and names the catalog they choose."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from designer.roster import Force, join_roster, split_roster
from designer.systems import Assessment, FieldSpec, Member, RosterFormat


def with_field(force: Force, key: str, value: Any) -> Force:
    """`force` with its own field `key` set to `value` (None or "": unset). Fields the
    system no longer offers are dropped and ones it now offers take their defaults (a
    module's sizes once a module is chosen); the fields are read back as the roster file
    would be (the system validates them and derives what follows, a size's points cap);
    the catalog is the one they name, and every readable entry is assessed against it.
    A budget left at the system's default follows the new default. Raises InputError
    when the system refuses the fields."""
    roster_format = force.game.capability(RosterFormat)
    if roster_format is None:
        return force
    game, before = force.game, {spec.key for spec in force.field_specs}
    fields = {k: v for k, v in force.fields.items() if k != key}
    if value is not None and value != "":
        fields[key] = value
    specs = roster_format.force_fields(_catalog(force, fields), fields)
    offered = {spec.key for spec in specs}
    fields = {k: v for k, v in fields.items() if k in offered or k not in before}
    fields |= {spec.key: spec.default for spec in specs
               if spec.key not in before and spec.key not in fields
               and spec.default is not None}
    data = join_roster(game, {"system": game.NAME, "name": force.name,
                              "points_cap": force.cap, "units": []}, fields)
    generic, fields = split_roster(game, data, force.path)
    catalog = game.catalog_for(data, force.path)
    cap = generic.get("points_cap")
    old = force.budget
    new = game.force_rules(catalog, fields).budget if old is not None else None
    if old is not None and new is not None and force.cap == old.default:
        cap = new.default if new.default is not None else cap
    entries = tuple(e if e.broken else replace(e, assessment=game.assess(e.unit, catalog))
                    for e in force.entries)
    return replace(force, catalog=catalog, fields=fields, cap=cap, entries=entries)


def _catalog(force: Force, fields: dict[str, Any]) -> Any:
    """The catalog a force with `fields` plays from."""
    game = force.game
    data = join_roster(game, {"system": game.NAME, "name": force.name, "units": []}, fields)
    return game.catalog_for(data, force.path)


def admits(force: Force, assessment: Assessment[Any, Any]) -> bool:
    """Whether the force's checks find nothing wrong with the unit itself, as its only
    entry (built for another module, on another Core Stat): what an add list offers."""
    own = {spec.key: spec.default for spec in force.entry_specs if spec.default is not None}
    alone = force.rules.checks([Member(assessment, 1, own)])
    return not any(issue.severity == "error" and issue.field.startswith("units[0]")
                   for issue in alone)


def ready_units(force: Force) -> list[Assessment[Any, Any]]:
    """The units the system has ready for this force (a module's profiles), assessed,
    those the force admits."""
    roster_format = force.game.capability(RosterFormat)
    if roster_format is None:
        return []
    assessed = [force.game.assess(unit, force.catalog)
                for unit in roster_format.ready_units(force.catalog, force.fields)]
    return [a for a in assessed if admits(force, a)]



def stepped_field(specs: Sequence[FieldSpec]) -> FieldSpec | None:
    """The entry field one key steps through (a TACTICS sheet's side): the first choice
    among `specs` that offers any, or None."""
    return next((spec for spec in specs if spec.kind == "choice" and spec.choices), None)


def with_entry_fields(force: Force, index: int, label: str, note: str,
                      fields: Mapping[str, Any]) -> Force:
    """`force` with the entry `index` named `label`, noted `note` and holding the own
    `fields` given: a field None or "" is unset, and a key the system's entries do not
    keep is left out."""
    keys = {spec.key for spec in force.entry_specs}
    own = {k: v for k, v in fields.items() if k in keys and v is not None and v != ""}
    entry = force.entries[index]
    return force.replaced(index, replace(entry, label=label, note=note, fields=own))
