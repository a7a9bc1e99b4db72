"""Reading BattleScribe exports back in the tests: XSD validation per file kind, the units
of a catalogue, the cross-references of a bundle, and the constraints of a roster's force
worked out as an army-list tool would."""

from __future__ import annotations

import math
import zipfile
from functools import cache
from pathlib import Path

from lxml import etree

ROOT = Path(__file__).resolve().parents[1]
XSD = ROOT / "tests" / "vendor" / "battlescribe" / "Catalogue-2.03.xsd"
BS = "http://www.battlescribe.net/schema/"
NS = {"g": BS + "gameSystemSchema", "c": BS + "catalogueSchema", "r": BS + "rosterSchema",
      "i": BS + "dataIndexSchema"}
KINDS = {"gst": NS["g"], "cat": NS["c"], "ros": NS["r"]}


@cache
def _schemas() -> dict[str, etree.XMLSchema]:
    text = XSD.read_text(encoding="utf-8")
    # one schema, three namespaces: the schema's README says to swap the target
    return {kind: etree.XMLSchema(etree.fromstring(text.replace(NS["c"], ns).encode()))
            for kind, ns in KINDS.items()}


def read(path: Path) -> bytes:
    """A file's XML: a zipped one's single member, named as the file without its z."""
    if path.suffix.endswith("z"):
        with zipfile.ZipFile(path) as archive:
            assert archive.namelist() == [path.name[:-1]]
            return archive.read(path.name[:-1])
    return path.read_bytes()


def valid(path: Path) -> etree._Element:
    """The file's root element, after validating it against the XSD of its kind."""
    kind = path.suffix.lstrip(".").rstrip("z")
    root = etree.fromstring(read(path))
    checker = _schemas()[kind]
    assert checker.validate(root), f"{path.name}: {checker.error_log.last_error}"
    assert root.tag == f"{{{KINDS[kind]}}}" + {"gst": "gameSystem", "cat": "catalogue",
                                                "ros": "roster"}[kind]
    return root


def index_of(path: Path) -> list[dict[str, str]]:
    """The entries of a data index (`index.bsi`: a zip of index.xml)."""
    with zipfile.ZipFile(path) as archive:
        assert archive.namelist() == ["index.xml"]
        root = etree.fromstring(archive.read("index.xml"))
    assert root.tag == f"{{{NS['i']}}}dataIndex" and root.get("battleScribeVersion") == "2.03"
    return [dict(e.attrib) for e in root.iterfind("i:dataIndexEntries/i:dataIndexEntry", NS)]


def units_of(cat: etree._Element) -> dict[str, dict]:
    """Each root selection entry by name: id, cost, profiles {name: {characteristic:
    value}} (its own and those linked), their types, rules {name: description} (linked),
    categories by name and whether each is primary."""
    shared_rules = {r.get("id"): r for r in cat.iterfind("c:sharedRules/c:rule", NS)}
    shared_profiles = {p.get("id"): p for p in cat.iterfind("c:sharedProfiles/c:profile", NS)}
    out = {}
    for entry in cat.iterfind("c:selectionEntries/c:selectionEntry", NS):
        assert entry.get("type") == "unit"
        profiles = list(entry.iterfind("c:profiles/c:profile", NS))
        rules = []
        for link in entry.iterfind("c:infoLinks/c:infoLink", NS):
            target = link.get("targetId")
            if link.get("type") == "rule":
                rules.append(shared_rules[target])
            else:
                assert link.get("type") == "profile"
                profiles.append(shared_profiles[target])
        costs = {c.get("name"): int(c.get("value"))
                 for c in entry.iterfind("c:costs/c:cost", NS)}
        out[entry.get("name")] = {
            "id": entry.get("id"), "points": costs["pts"], "costs": costs,
            "profiles": {p.get("name"): {c.get("name"): c.text for c in
                                         p.iterfind("c:characteristics/c:characteristic", NS)}
                         for p in profiles},
            "types": {p.get("name"): p.get("typeName") for p in profiles},
            "rules": {r.get("name"): r.findtext("c:description", namespaces=NS)
                      for r in rules},
            "categories": {lk.get("name"): lk.get("primary") == "true"
                           for lk in entry.iterfind("c:categoryLinks/c:categoryLink", NS)},
            "comment": entry.findtext("c:comment", namespaces=NS)}
    return out


def check_bundle(written: Path) -> dict:
    """Validate every file an export wrote and check they refer to each other: the
    catalogue's game system, profile, characteristic, category and cost type ids are
    declared; a roster's selections are the catalogue's entries and its total adds up;
    the index lists the game system and catalogue. Returns the roots by kind (rosters
    as a list), the units, and the rosters' totals."""
    paths = written.paths
    roots: dict = {"ros": []}
    for path in paths:
        if path.name == "index.bsi":
            continue
        kind = path.suffix.lstrip(".").rstrip("z")
        root = valid(path)
        if kind == "ros":
            roots["ros"].append(root)
        else:
            roots[kind] = root
    gst, cat = roots["gst"], roots["cat"]
    assert cat.get("gameSystemId") == gst.get("id")
    assert cat.get("gameSystemRevision") == gst.get("revision")
    cost_types = {c.get("id") for c in gst.iterfind("g:costTypes/g:costType", NS)}
    (pts,) = [c for c in gst.iterfind("g:costTypes/g:costType", NS) if c.get("name") == "pts"]
    assert pts.get("defaultCostLimit") == "-1"
    char_types = {c.get("id") for c in gst.iterfind(".//g:characteristicType", NS)}
    profile_types = {p.get("id") for p in gst.iterfind(".//g:profileType", NS)}
    assert {p.get("typeId") for p in cat.iterfind(".//c:profile", NS)} <= profile_types
    assert {c.get("typeId") for c in cat.iterfind(".//c:characteristic", NS)} <= char_types
    assert {c.get("typeId") for c in cat.iterfind(".//c:cost", NS)} <= cost_types
    categories = {c.get("id") for c in cat.iterfind("c:categoryEntries/c:categoryEntry", NS)}
    assert {lk.get("targetId") for lk in cat.iterfind(".//c:categoryLink", NS)} <= categories
    entries = {e.get("id") for e in cat.iterfind("c:selectionEntries/c:selectionEntry", NS)}
    forces = {f.get("id") for f in cat.iterfind("c:forceEntries/c:forceEntry", NS)}
    units = units_of(cat)
    totals = []
    for ros in roots["ros"]:
        assert ros.get("gameSystemId") == gst.get("id")
        (force,) = ros.findall("r:forces/r:force", NS)
        assert force.get("catalogueId") == cat.get("id")
        assert force.get("catalogueRevision") == cat.get("revision")
        assert force.get("entryId") in forces
        selections = force.findall("r:selections/r:selection", NS)
        assert {s.get("entryId") for s in selections} <= entries
        total = int(ros.find("r:costs/r:cost[@name='pts']", NS).get("value"))
        assert total == sum(int(s.find("r:costs/r:cost[@name='pts']", NS).get("value"))
                            for s in selections)
        totals.append(total)
    index = [p for p in paths if p.name == "index.bsi"]
    assert len(index) == 1
    listed = {e["filePath"]: e for e in index_of(index[0])}
    for path, root, kind in ((p, roots[k], k) for p in paths for k in ("gst", "cat")
                             if p.suffix.lstrip(".").rstrip("z") == k):
        assert listed[path.name]["dataId"] == root.get("id")
        assert listed[path.name]["dataRevision"] == root.get("revision")
        assert listed[path.name]["dataType"] == {"gst": "gamesystem", "cat": "catalogue"}[kind]
    return {"roots": roots, "units": units, "totals": totals}


def broken(cat: etree._Element, ros: etree._Element) -> set[str]:
    """The comments (finding codes) of the constraints the roster's force breaks, worked
    out as BattleScribe does for these shapes: selections counted by category (with the
    modifiers that raise a maximum per n of another category or cost), costs summed by
    type; plus "cost limit" when the points go over the roster's limit."""
    (force,) = ros.findall("r:forces/r:force", NS)
    (entry,) = [f for f in cat.iterfind("c:forceEntries/c:forceEntry", NS)
                if f.get("id") == force.get("entryId")]
    selections = force.findall("r:selections/r:selection", NS)

    def count(field: str, child: str) -> int:
        if field == "selections":
            return sum(int(s.get("number")) for s in selections
                       if child in {c.get("entryId")
                                    for c in s.iterfind("r:categories/r:category", NS)})
        return sum(int(c.get("value")) for s in selections
                   for c in s.iterfind("r:costs/r:cost", NS) if c.get("typeId") == field)

    out = set()
    for owner in [entry, *entry.iterfind("c:categoryLinks/c:categoryLink", NS)]:
        raised: dict[str, int] = {}
        for modifier in owner.iterfind("c:modifiers/c:modifier", NS):
            assert modifier.get("type") == "increment"
            (repeat,) = modifier.iterfind("c:repeats/c:repeat", NS)
            times = math.floor(count(repeat.get("field"), repeat.get("childId"))
                               / float(repeat.get("value")))
            raised[modifier.get("field")] = times * int(modifier.get("value"))
        for constraint in owner.iterfind("c:constraints/c:constraint", NS):
            field = constraint.get("field")
            have = count(field, owner.get("targetId")) if field == "selections" else \
                count(field, "")
            value = float(constraint.get("value")) + raised.get(constraint.get("id"), 0)
            if (have < value) if constraint.get("type") == "min" else (have > value):
                out.add(constraint.findtext("c:comment", namespaces=NS))
    limit = float(ros.find("r:costLimits/r:costLimit[@name='pts']", NS).get("value"))
    points = float(ros.find("r:costs/r:cost[@name='pts']", NS).get("value"))
    if limit >= 0 and points > limit:
        out.add("cost limit")
    return out
