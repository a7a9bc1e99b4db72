"""What a roster's force may hold, said in BattleScribe terms: for every force check of
every priced system a constraint appears, and an exported roster breaks exactly the
constraints whose findings `designer check` reports (its cap: the roster's points
limit); units designed apart are fieldable in one force of the one catalogue."""

from __future__ import annotations

import json
import shutil

import pytest
import yaml

from designer.cli import main
from designer.export import export_paths, load_doc, roster_doc
from designer.export.battlescribe import export_battlescribe
from designer.systems import examples_dir
from tests.bscribe import NS, broken, check_bundle, units_of
from tests.test_force_limits import CHECKS, PRICED, TWO_DRILL_MASTERS, crafted, roster_data

UNIT_FINDINGS = {"E-UNIT-ILLEGAL", "E-UNIT-FILE"}  # a unit's own, not the force's


@pytest.mark.parametrize("name", PRICED)
def test_a_roster_breaks_exactly_the_constraints_designer_check_reports(name, tmp_path):
    seen: set[str] = set()
    for n, (label, force) in enumerate(crafted(name)):
        written = export_battlescribe([roster_doc(force)], out=tmp_path / str(n))
        bundle = check_bundle(written)
        (ros,) = bundle["roots"]["ros"]
        found = broken(bundle["roots"]["cat"], ros)
        errors = {i.code for i in force.issues if i.severity == "error"} - UNIT_FINDINGS
        over = force.budget.over_code if force.budget is not None else None
        expected = (errors - {over}) | ({"cost limit"} if over in errors else set())
        assert found == expected, label
        seen |= found
    assert seen == CHECKS[name] | {"cost limit"}  # every check broken, and the cap


@pytest.mark.parametrize("name", PRICED)
def test_a_constraint_appears_for_each_force_check(name, tmp_path):
    comments: set[str] = set()
    for n, (_, force) in enumerate(crafted(name)):
        written = export_battlescribe([roster_doc(force)], out=tmp_path / str(n))
        cat = check_bundle(written)["roots"]["cat"]
        comments |= {c.findtext("c:comment", namespaces=NS)
                     for c in cat.iterfind(".//c:constraint", NS)}
    assert comments == CHECKS[name]


def test_an_option_a_force_may_take_once_is_a_constraint_two_entries_break(tmp_path,
                                                                           capsys):
    """Two entries whose sergeants each take Drill Master (force_max: 1): `designer check`
    reports it, and the exported roster breaks the constraint on its models."""
    roster = tmp_path / "two.yaml"
    roster.write_text(yaml.safe_dump(roster_data("openfire", *TWO_DRILL_MASTERS)),
                      encoding="utf-8")
    assert main(["check", str(roster), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["errors"] == [
        {"code": "E-OF-FORCE-LIMIT", "field": "units",
         "message": "2 models of the force take Drill Master; at most 1 in a convoy: "
                    "remove 1"}]
    written = export_paths([roster], "battlescribe", out=tmp_path / "out")
    bundle = check_bundle(written)
    cat, (ros,) = bundle["roots"]["cat"], bundle["roots"]["ros"]
    assert broken(cat, ros) == {"E-OF-FORCE-LIMIT"}
    (force,) = [f for f in cat.iterfind("c:forceEntries/c:forceEntry", NS)
                if f.get("id") == ros.find("r:forces/r:force", NS).get("entryId")]
    gst = bundle["roots"]["gst"]
    (cost_type,) = [c for c in gst.iterfind("g:costTypes/g:costType", NS)
                    if c.get("name") == "Models taking Drill Master"]
    assert cost_type.get("hidden") == "true"
    (constraint,) = [c for c in force.iterfind("c:constraints/c:constraint", NS)
                     if c.get("field") == cost_type.get("id")]
    assert (constraint.get("type"), constraint.get("value"), constraint.get("scope"),
            constraint.findtext("c:comment", namespaces=NS)) == \
        ("max", "1", "force", "E-OF-FORCE-LIMIT")
    assert bundle["units"]["Warden Patrol"]["costs"]["Models taking Drill Master"] == 1
    assert [int(s.find(f"r:costs/r:cost[@typeId='{cost_type.get('id')}']", NS).get("value"))
            for s in ros.iterfind(".//r:selection", NS)
            if s.find(f"r:costs/r:cost[@typeId='{cost_type.get('id')}']", NS) is not None] \
        == [1, 1]


def test_op_en_rank_1_may_grow_with_the_ranked_characters(tmp_path):
    folder = examples_dir("op-en") / "rosters"
    written = export_paths([folder / "lantern-company.yaml"], "battlescribe", out=tmp_path)
    cat = check_bundle(written)["roots"]["cat"]
    (force,) = [f for f in cat.iterfind("c:forceEntries/c:forceEntry", NS)
                if f.get("name") == "Op-En force (Core Stat Fight)"]
    (link,) = [lk for lk in force.iterfind("c:categoryLinks/c:categoryLink", NS)
               if lk.get("name") == "Rank 1"]
    (constraint,) = link.iterfind("c:constraints/c:constraint", NS)
    assert (constraint.get("type"), constraint.get("value")) == ("max", "0")
    (modifier,) = link.iterfind("c:modifiers/c:modifier", NS)
    (repeat,) = modifier.iterfind("c:repeats/c:repeat", NS)
    ranked = {c.get("name"): c.get("id") for c in cat.iterfind(".//c:categoryEntry", NS)}
    assert (modifier.get("field"), modifier.get("value")) == (constraint.get("id"), "1")
    assert (repeat.get("value"), repeat.get("childId")) == ("2", ranked["Ranked characters"])
    hidden = {c.get("name"): c.get("hidden") for c in cat.iterfind(".//c:categoryEntry", NS)}
    assert hidden["Ranked characters"] == "true" and hidden["Characters"] == "false"


@pytest.mark.parametrize(("name", "units", "fields"), [
    ("opentactics", ("ash-warden", "steam-witch"), ""),
    ("op-en", ("oriel-vane", "brannoc-tull"), "setting: hollowmere\ncore_stat: fight\n"),
    ("openfire", ("warden-captain", "warden-patrol", "convoy-crawler"),
     "module: ash-wastes\nsize: skirmish\n"),
])
def test_units_exported_apart_are_fieldable_in_one_force(name, units, fields, tmp_path):
    """Unit files exported one at a time, then a roster of other units, land in the
    system's one catalogue, each keeping the entry id its own export gave it; a force of
    them, exported last, breaks nothing."""
    folder = examples_dir(name)
    out = tmp_path / "out"
    ids = {}
    for unit in units:
        path = shutil.copy(folder / "units" / f"{unit}.yaml", tmp_path / f"{unit}.yaml")
        alone = export_paths([path], "battlescribe", out=out)
        ids[unit] = units_of(check_bundle(alone)["roots"]["cat"])[load_doc(path).name]["id"]
    roster = sorted((folder / "rosters").glob("*.yaml"))[0]
    export_paths([roster], "battlescribe", out=out)
    together = tmp_path / "together.yaml"
    together.write_text(f"system: {name}\nname: Together\n{fields}units:\n"
                        + "".join(f"  - unit: {u}.yaml\n" for u in units), encoding="utf-8")
    written = export_paths([together], "battlescribe", out=out)
    assert sorted(p.name for p in out.iterdir() if p.suffix == ".cat") == [alone.name]
    bundle = check_bundle(written)
    cat = bundle["roots"]["cat"]
    entries = cat.findall("c:selectionEntries/c:selectionEntry", NS)
    assert {e.get("id") for e in entries} >= set(ids.values())
    primary = {lk.get("targetId") for e in entries
               for lk in e.iterfind("c:categoryLinks/c:categoryLink", NS)
               if lk.get("primary") == "true"}
    for force in cat.iterfind("c:forceEntries/c:forceEntry", NS):  # every kind of force
        linked = {lk.get("targetId") for lk in force.iterfind("c:categoryLinks/c:categoryLink",
                                                               NS)}
        assert primary <= linked
    (ros,) = bundle["roots"]["ros"]
    (force,) = ros.findall("r:forces/r:force", NS)
    assert [s.get("entryId") for s in force.findall("r:selections/r:selection", NS)] == \
        [ids[u] for u in units]
    assert broken(cat, ros) == set()
    assert load_doc(together).summary.legal  # as designer check finds it

