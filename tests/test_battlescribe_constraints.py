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
from designer.export import export_paths, roster_doc
from designer.export.battlescribe import export_battlescribe
from designer.systems import examples_dir
from tests.bscribe import NS, broken, check_bundle
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


@pytest.mark.parametrize(("name", "units"), [
    ("opentactics", ("ash-warden", "steam-witch")),
    ("op-en", ("oriel-vane", "brannoc-tull")),
])
def test_two_units_designed_apart_are_fieldable_in_one_force(name, units, tmp_path):
    """Two unit files exported with a roster of other units give one catalogue holding
    both; a force of the two, built from that catalogue, breaks nothing."""
    folder = examples_dir(name)
    for unit in units:
        shutil.copy(folder / "units" / f"{unit}.yaml", tmp_path / f"{unit}.yaml")
    roster = sorted((folder / "rosters").glob("*.yaml"))[0]
    fields = {"op-en": "setting: hollowmere\ncore_stat: fight\n"}.get(name, "")
    both = tmp_path / "both.yaml"
    both.write_text(f"system: {name}\nname: Both\n{fields}units:\n"
                    + "".join(f"  - unit: {u}.yaml\n" for u in units), encoding="utf-8")
    written = export_paths([tmp_path / f"{units[0]}.yaml", tmp_path / f"{units[1]}.yaml",
                            roster, both], "battlescribe", out=tmp_path / "out")
    bundle = check_bundle(written)
    cat = bundle["roots"]["cat"]
    assert [p.name for p in (tmp_path / "out").iterdir() if p.suffix == ".cat"] == \
        [f"{units[0]}.cat"]
    entries = cat.findall("c:selectionEntries/c:selectionEntry", NS)
    by_file = {e.findtext("c:comment", namespaces=NS).split('"name": "')[1].split('"')[0]
               for e in entries}
    assert {"Ash Warden", "Steam Witch"} <= by_file if name == "opentactics" else \
        {"Oriel Vane", "Brannoc Tull"} <= by_file
    primary = {lk.get("targetId") for e in entries
               for lk in e.iterfind("c:categoryLinks/c:categoryLink", NS)
               if lk.get("primary") == "true"}
    for force in cat.iterfind("c:forceEntries/c:forceEntry", NS):  # every kind of force
        linked = {lk.get("targetId") for lk in force.iterfind("c:categoryLinks/c:categoryLink",
                                                               NS)}
        assert primary <= linked
    (ros,) = [r for r in bundle["roots"]["ros"] if r.get("name") == "Both"]
    (force,) = ros.findall("r:forces/r:force", NS)
    assert len(force.findall("r:selections/r:selection", NS)) == 2
    assert broken(cat, ros) == set()
