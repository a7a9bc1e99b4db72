"""The catalogue of one export, and the plan it and the export's rosters share.

Every distinct unit of the files exported is a root selection entry: its own data in its
comment (for `designer import`; the apps do not show comments), its profiles, links to
the shared rules and to profiles two or more units have alike, its categories (a primary
one for the system's units, its keywords, the limit categories it counts in: hidden, as
community data hides the categories it only counts with) and its costs (points, and what
it adds to each amount limit). Rules and shared profiles are
shared entries linked by id, as community data writes them; the force entries are in
`forces`."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from designer.export.battlescribe.cards import Profile, Rule, UnitEntry, make_id
from designer.export.battlescribe.documents import (
    COST_NAME,
    VERSION,
    SystemIds,
    clean,
    marked,
    root_element,
    sub,
)
from designer.export.battlescribe.forces import (
    ForceSpec,
    amounts,
    category_names,
    cost_names,
    force_entry,
)


@dataclass
class Plan:
    """What the catalogue and the rosters of one export say, worked out once."""

    ids: SystemIds
    catalogue_id: str
    name: str
    primary: tuple[str, str]  # the system's unit category: (id, name)
    units: list[UnitEntry]
    specs: list[ForceSpec]
    categories: dict[str, str] = field(default_factory=dict)  # name -> id
    costs: list[str] = field(default_factory=list)  # amount limits' hidden cost types
    amounts: dict[str, dict[str, int]] = field(default_factory=dict)  # entry id -> amounts
    shared: dict[tuple, str] = field(default_factory=dict)  # profile key -> shared id

    @classmethod
    def of(cls, ids: SystemIds, catalogue_id: str, name: str, primary_name: str,
           units: list[UnitEntry], specs: list[ForceSpec]) -> Plan:
        plan = cls(ids, catalogue_id, name,
                   (make_id(catalogue_id, "category", "primary"), primary_name), units, specs)
        plan.amounts = {u.id: amounts(specs, u.assessment) for u in units}
        names = [k for u in units for k in u.keywords] + category_names(specs)
        plan.categories = {n: make_id(catalogue_id, "category", n)
                           for n in dict.fromkeys(names) if n != primary_name}
        plan.costs = cost_names(specs)
        seen = Counter(p.key for u in units for p in dict.fromkeys(u.profiles) if p.shareable)
        plan.shared = {key: make_id(catalogue_id, "profile", json.dumps(key))
                       for key, n in seen.items() if n > 1}
        return plan

    def rule_id(self, rule: Rule) -> str:
        return make_id(self.catalogue_id, "rule", rule.name, rule.description)

    def profile_ids(self, unit: UnitEntry) -> list[str]:
        """Each of the unit's profiles' id: the shared one, else the unit's own."""
        out, used = [], Counter[tuple]()
        for profile in unit.profiles:
            used[profile.key] += 1
            shared = self.shared.get(profile.key)
            out.append(shared or make_id(unit.id, "profile", json.dumps(profile.key),
                                         str(used[profile.key])))
        return out

    def unit_categories(self, unit: UnitEntry) -> list[tuple[str, str]]:
        """(id, name) of the unit's categories besides the primary one."""
        counted = self.amounts[unit.id]
        names = [*unit.keywords, *(n for n in self.categories if counted.get(n))]
        return [(self.categories[n], n) for n in dict.fromkeys(names) if n in self.categories]

    def unit_costs(self, unit: UnitEntry) -> list[tuple[str, str, int]]:
        """(name, type id, value): points, then each non-zero amount."""
        counted = self.amounts[unit.id]
        return [(COST_NAME, self.ids.cost, unit.points)] + [
            (n, self.ids.cost_type(n), counted[n]) for n in self.costs if counted.get(n)]


def catalogue(plan: Plan, revision: int, system_revision: int) -> ET.Element:
    ids = plan.ids
    root = root_element("cat", id=plan.catalogue_id, name=plan.name, revision=revision,
                        battleScribeVersion=VERSION, library="false", gameSystemId=ids.game,
                        gameSystemRevision=system_revision)
    sub(root, "comment").text = marked("catalogue", {"system": ids.system})
    categories = sub(root, "categoryEntries")
    keywords = {k for u in plan.units for k in u.keywords}
    sub(categories, "categoryEntry", id=plan.primary[0], name=plan.primary[1], hidden="false")
    for name, cid in plan.categories.items():  # a category only limits count in is hidden
        sub(categories, "categoryEntry", id=cid, name=name,
            hidden="false" if name in keywords else "true")
    forces = sub(root, "forceEntries")
    for spec in plan.specs:
        force_entry(forces, spec, ids, plan.primary, plan.categories)
    if plan.units:
        entries = sub(root, "selectionEntries")
        for unit in plan.units:
            _unit(entries, unit, plan)
    rules = list(dict.fromkeys(r for u in plan.units for r in u.rules))
    if rules:
        shared = sub(root, "sharedRules")
        for rule in rules:
            rule_element(shared, plan.rule_id(rule), rule)
    profiles = {plan.shared[p.key]: p for u in plan.units for p in u.profiles
                if p.key in plan.shared}
    if profiles:
        shared = sub(root, "sharedProfiles")
        for pid, profile in profiles.items():
            profile_element(shared, pid, profile, ids)
    return root


def profile_element(parent: ET.Element, pid: str, profile: Profile, ids: SystemIds) -> None:
    element = sub(parent, "profile", id=pid, name=profile.name, hidden="false",
                  typeId=ids.profile_type(profile.type_name), typeName=profile.type_name)
    chars = sub(element, "characteristics")
    for name, value in profile.values:
        sub(chars, "characteristic", name=name,
            typeId=ids.characteristic_type(profile.type_name, name)).text = clean(value)


def rule_element(parent: ET.Element, rid: str, rule: Rule) -> None:
    element = sub(parent, "rule", id=rid, name=rule.name, hidden="false")
    sub(element, "description").text = clean(rule.description)


def costs_element(parent: ET.Element, costs: Sequence[tuple[str, str, int]],
                  times: int = 1) -> None:
    element = sub(parent, "costs")
    for name, type_id, value in costs:
        sub(element, "cost", name=name, typeId=type_id, value=value * times)


# --- internals ---------------------------------------------------------------------------


def _unit(parent: ET.Element, unit: UnitEntry, plan: Plan) -> None:
    entry = sub(parent, "selectionEntry", id=unit.id, name=unit.name, hidden="false",
                collective="false", **{"import": "true"}, type="unit")
    sub(entry, "comment").text = marked("unit", unit.data)
    pids = plan.profile_ids(unit)
    own = [(pid, p) for pid, p in zip(pids, unit.profiles, strict=True)
           if p.key not in plan.shared]
    if own:
        profiles = sub(entry, "profiles")
        for pid, profile in own:
            profile_element(profiles, pid, profile, plan.ids)
    linked = [(pid, p.name, "profile") for pid, p in zip(pids, unit.profiles, strict=True)
              if p.key in plan.shared]
    linked += [(plan.rule_id(r), r.name, "rule") for r in unit.rules]
    if linked:
        links = sub(entry, "infoLinks")
        for n, (target, name, kind) in enumerate(dict.fromkeys(linked), start=1):
            sub(links, "infoLink", id=make_id(unit.id, "infoLink", str(n)), name=name,
                hidden="false", targetId=target, type=kind)
    links = sub(entry, "categoryLinks")
    sub(links, "categoryLink", id=make_id(unit.id, "categoryLink", "primary"),
        name=plan.primary[1], hidden="false", targetId=plan.primary[0], primary="true")
    for cid, name in plan.unit_categories(unit):
        sub(links, "categoryLink", id=make_id(unit.id, "categoryLink", cid), name=name,
            hidden="false", targetId=cid, primary="false")
    costs_element(entry, plan.unit_costs(unit))
