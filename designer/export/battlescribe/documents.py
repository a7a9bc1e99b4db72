"""The three BattleScribe 2.03 documents as XML trees: the game system (cost type,
profile types, the category and the force entry), the catalogue (a root selection entry
per unit) and the roster (a force with one selection per unit fielded).

Built with ElementTree, so user text is always escaped; characters XML 1.0 cannot hold
(control characters, lone surrogates) become U+FFFD. Elements follow the schema's
sequence order; empty lists are left out."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass

from designer.export.battlescribe.cards import Profile, ProfileTypes, Rule, UnitEntry, make_id

VERSION = "2.03"
_SCHEMA = "http://www.battlescribe.net/schema/"
NS = {"gst": _SCHEMA + "gameSystemSchema", "cat": _SCHEMA + "catalogueSchema",
      "ros": _SCHEMA + "rosterSchema"}
ROOTS = {"gst": "gameSystem", "cat": "catalogue", "ros": "roster"}
COST_NAME = "pts"
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


@dataclass(frozen=True, slots=True)
class SystemIds:
    """The ids the game system declares, which the catalogue and roster refer to."""

    system: str
    game: str
    cost: str
    category: str
    force: str

    @classmethod
    def of(cls, system: str) -> SystemIds:
        return cls(system, make_id(system, "gameSystem"), make_id(system, "costType", "pts"),
                   make_id(system, "categoryEntry", "unit"), make_id(system, "forceEntry"))

    def profile_type(self, name: str) -> str:
        return make_id(self.system, "profileType", name)

    def characteristic_type(self, type_name: str, name: str) -> str:
        return make_id(self.system, "profileType", type_name, "characteristicType", name)


@dataclass(frozen=True, slots=True)
class Names:
    """What the documents call things: the system, its unit category and its force."""

    system: str
    category: str
    force: str


def clean(value: object) -> str:
    return _NOT_XML.sub("\ufffd", str(value))


def game_system(ids: SystemIds, names: Names, types: ProfileTypes, limit: int | None,
                revision: int) -> ET.Element:
    root = _root("gst", id=ids.game, name=names.system, revision=revision,
                 battleScribeVersion=VERSION)
    costs = _sub(root, "costTypes")
    _sub(costs, "costType", id=ids.cost, name=COST_NAME,
         defaultCostLimit=-1 if limit is None else limit, hidden="false")
    listed = _sub(root, "profileTypes")
    for type_name, characteristics in types.items():
        kind = _sub(listed, "profileType", id=ids.profile_type(type_name), name=type_name)
        chars = _sub(kind, "characteristicTypes")
        for char in characteristics:
            _sub(chars, "characteristicType", id=ids.characteristic_type(type_name, char),
                 name=char)
    categories = _sub(root, "categoryEntries")
    _sub(categories, "categoryEntry", id=ids.category, name=names.category, hidden="false")
    forces = _sub(root, "forceEntries")
    force = _sub(forces, "forceEntry", id=ids.force, name=names.force, hidden="false")
    links = _sub(force, "categoryLinks")
    _sub(links, "categoryLink", id=make_id(ids.system, "forceEntry", "categoryLink"),
         name=names.category, hidden="false", targetId=ids.category, primary="false")
    return root


def catalogue(ids: SystemIds, names: Names, catalogue_id: str, name: str,
              units: Sequence[UnitEntry], revision: int, system_revision: int
              ) -> ET.Element:
    root = _root("cat", id=catalogue_id, name=name, revision=revision,
                 battleScribeVersion=VERSION, library="false", gameSystemId=ids.game,
                 gameSystemRevision=system_revision)
    if units:
        entries = _sub(root, "selectionEntries")
        for unit in units:
            entry = _sub(entries, "selectionEntry", id=unit.id, name=unit.name,
                         hidden="false", collective="false", type="unit")
            _info(entry, unit.profiles, unit.rules, ids)
            links = _sub(entry, "categoryLinks")
            _sub(links, "categoryLink", id=make_id(unit.id, "categoryLink"),
                 name=names.category, hidden="false", targetId=ids.category, primary="true")
            _cost(_sub(entry, "costs"), ids, unit.points)
    return root


@dataclass(frozen=True, slots=True)
class Fielded:
    """A roster line: a unit entry and how many of it the force fields."""

    unit: UnitEntry
    count: int


def roster(ids: SystemIds, names: Names, roster_id: str, name: str, total: int,
           limit: int | None, catalogue_id: str, catalogue_name: str,
           revisions: tuple[int, int], lines: Sequence[Fielded]) -> ET.Element:
    """The force as a roster: each unit fielded `count` times is that many selections
    (BattleScribe lists units one by one), each costing the unit's points."""
    system_revision, catalogue_revision = revisions
    root = _root("ros", id=roster_id, name=name, battleScribeVersion=VERSION,
                 gameSystemId=ids.game, gameSystemName=names.system,
                 gameSystemRevision=system_revision)
    _cost(_sub(root, "costs"), ids, total)
    limits = _sub(root, "costLimits")
    _sub(limits, "costLimit", name=COST_NAME, typeId=ids.cost,
         value=-1 if limit is None else limit)
    forces = _sub(root, "forces")
    force = _sub(forces, "force", id=make_id(roster_id, "force"), name=names.force,
                 entryId=ids.force, catalogueId=catalogue_id,
                 catalogueRevision=catalogue_revision, catalogueName=catalogue_name)
    if any(line.count for line in lines):
        selections = _sub(force, "selections")
        for number, line in enumerate(lines, start=1):
            for copy in range(1, line.count + 1):
                sid = make_id(roster_id, "selection", str(number), str(copy))
                _selection(selections, sid, line.unit, ids, names)
    categories = _sub(force, "categories")
    _sub(categories, "category", id=make_id(roster_id, "force", "category"),
         name=names.category, entryId=ids.category, primary="false")
    return root


def serialize(root: ET.Element) -> bytes:
    """The document as UTF-8 XML with a declaration, indented two spaces."""
    ET.indent(root, space="  ")
    body = ET.tostring(root, encoding="unicode")
    return ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' + body
            + "\n").encode("utf-8")


def declared_types(root: ET.Element, kind: str) -> ProfileTypes:
    """The profile types a game system read back from a file declares."""
    ns = NS[kind]
    out: ProfileTypes = {}
    for kind_el in root.iterfind(f"{{{ns}}}profileTypes/{{{ns}}}profileType"):
        out[kind_el.get("name", "")] = [
            c.get("name", "") for c in
            kind_el.iterfind(f"{{{ns}}}characteristicTypes/{{{ns}}}characteristicType")]
    return out


# --- internals ---------------------------------------------------------------------------


def _root(kind: str, **attrs: object) -> ET.Element:
    """The root element, its namespace declared as the default one (ElementTree's own
    default_namespace refuses the schema's unqualified attributes)."""
    return ET.Element(ROOTS[kind], {"xmlns": NS[kind], **_attrs(attrs)})


def _sub(parent: ET.Element, tag: str, **attrs: object) -> ET.Element:
    return ET.SubElement(parent, tag, _attrs(attrs))


def _attrs(attrs: dict[str, object]) -> dict[str, str]:
    return {key: clean(value) for key, value in attrs.items()}


def _selection(parent: ET.Element, sid: str, unit: UnitEntry, ids: SystemIds,
               names: Names) -> None:
    selection = _sub(parent, "selection", id=sid, name=unit.name, entryId=unit.id,
                     number=1, type="unit")
    if unit.rules:
        _rules(_sub(selection, "rules"), unit.rules)
    if unit.profiles:
        _profiles(_sub(selection, "profiles"), unit.profiles, ids)
    _cost(_sub(selection, "costs"), ids, unit.points)
    categories = _sub(selection, "categories")
    _sub(categories, "category", id=make_id(sid, "category"), name=names.category,
         entryId=ids.category, primary="true")


def _cost(costs: ET.Element, ids: SystemIds, value: int) -> None:
    _sub(costs, "cost", name=COST_NAME, typeId=ids.cost, value=value)


def _info(entry: ET.Element, profiles: Sequence[Profile], rules: Sequence[Rule],
          ids: SystemIds) -> None:
    if profiles:
        _profiles(_sub(entry, "profiles"), profiles, ids)
    if rules:
        _rules(_sub(entry, "rules"), rules)


def _profiles(parent: ET.Element, profiles: Sequence[Profile], ids: SystemIds) -> None:
    for profile in profiles:
        element = _sub(parent, "profile", id=profile.id, name=profile.name, hidden="false",
                       typeId=ids.profile_type(profile.type_name), typeName=profile.type_name)
        chars = _sub(element, "characteristics")
        for name, value in profile.values:
            char = _sub(chars, "characteristic", name=name,
                        typeId=ids.characteristic_type(profile.type_name, name))
            char.text = clean(value)


def _rules(parent: ET.Element, rules: Sequence[Rule]) -> None:
    for rule in rules:
        element = _sub(parent, "rule", id=rule.id, name=rule.name, hidden="false")
        _sub(element, "description").text = clean(rule.description)
