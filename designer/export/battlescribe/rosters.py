"""A force as a BattleScribe roster: one force of the export's catalogue, of the force
entry its own fields chose, with one selection per unit fielded (BattleScribe lists units
one by one), each carrying its profiles, rules, costs and categories as the apps resolve
them, and the force's cap as the roster's points limit. An entry's label is each of its
selections' custom name and its note their custom notes, as the apps keep a name and
notes given to a selection."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass

from designer.export.battlescribe.cards import UnitEntry, make_id
from designer.export.battlescribe.catalogue import (
    Plan,
    costs_element,
    profile_element,
    rule_element,
)
from designer.export.battlescribe.documents import (
    COST_NAME,
    VERSION,
    clean,
    root_element,
    sub,
)
from designer.export.battlescribe.forces import ForceSpec


@dataclass(frozen=True, slots=True)
class Fielded:
    """A roster line: a unit entry, how many of it the force fields, and the entry's own
    label and note ("" for none)."""

    unit: UnitEntry
    count: int
    label: str = ""
    note: str = ""


@dataclass(frozen=True, slots=True)
class RosterHead:
    """The roster's own: its id, name, points limit (None: none) and total."""

    id: str
    name: str
    limit: int | None
    total: int


def roster(plan: Plan, head: RosterHead, system_title: str, spec: ForceSpec,
           revisions: tuple[int, int], lines: Sequence[Fielded]) -> ET.Element:
    ids = plan.ids
    system_revision, catalogue_revision = revisions
    root = root_element("ros", id=head.id, name=head.name, battleScribeVersion=VERSION,
                        gameSystemId=ids.game, gameSystemName=system_title,
                        gameSystemRevision=system_revision)
    totals = {name: 0 for name in plan.costs}
    for line in lines:
        for name, _, value in plan.unit_costs(line.unit)[1:]:
            totals[name] += value * line.count
    costs_element(root, [(COST_NAME, ids.cost, head.total)] + [
        (name, ids.cost_type(name), value) for name, value in totals.items() if value])
    limits = sub(root, "costLimits")
    sub(limits, "costLimit", name=COST_NAME, typeId=ids.cost,
        value=-1 if head.limit is None else head.limit)
    forces = sub(root, "forces")
    force = sub(forces, "force", id=make_id(head.id, "force"), name=spec.name,
                entryId=spec.id, catalogueId=plan.catalogue_id,
                catalogueRevision=catalogue_revision, catalogueName=plan.name)
    if any(line.count for line in lines):
        selections = sub(force, "selections")
        for number, line in enumerate(lines, start=1):
            for copy in range(1, line.count + 1):
                sid = selection_id(head.id, number, copy)
                _selection(selections, sid, line, plan)
    categories = sub(force, "categories")
    linked = [plan.primary] + [(plan.categories[lim.name], lim.name) for lim in spec.limits
                               if lim.units and (lim.low is not None or lim.high is not None)]
    for cid, name in dict.fromkeys(linked):
        sub(categories, "category", id=make_id(head.id, "force", "category", cid), name=name,
            entryId=cid, primary="false")
    return root


def selection_id(roster_id: str, number: int, copy: int) -> str:
    """The id of copy `copy` of the roster's entry `number` (both from 1)."""
    return make_id(roster_id, "selection", str(number), str(copy))


def _selection(parent: ET.Element, sid: str, line: Fielded, plan: Plan) -> None:
    unit = line.unit
    own = {"customName": line.label} if line.label else {}
    selection = sub(parent, "selection", id=sid, name=unit.name, entryId=unit.id, number=1,
                    type="unit", **own)
    if line.note:
        sub(selection, "customNotes").text = clean(line.note)
    if unit.rules:
        rules = sub(selection, "rules")
        for rule in unit.rules:
            rule_element(rules, plan.rule_id(rule), rule)
    if unit.profiles:
        profiles = sub(selection, "profiles")
        for pid, profile in dict.fromkeys(zip(plan.profile_ids(unit), unit.profiles,
                                              strict=True)):
            profile_element(profiles, pid, profile, plan.ids)
    costs_element(selection, plan.unit_costs(unit))
    categories = sub(selection, "categories")
    for cid, name, primary in [(*plan.primary, "true"),
                               *((c, n, "false") for c, n in plan.unit_categories(unit))]:
        sub(categories, "category", id=make_id(sid, "category", cid), name=name,
            entryId=cid, primary=primary)
