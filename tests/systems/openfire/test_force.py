"""Forces: the module's force rules (size presets, pools, category counts, transport
capacity), the points cap, one module a force, the facts, and the force file's own
fields through the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from designer.cli import main
from designer.errors import InputError
from designer.roster import load_roster, new_force, roster_data
from designer.systems import examples_dir
from tests.systems.openfire.conftest import OPENFIRE

ROSTERS = examples_dir("openfire") / "rosters"
UNITS = examples_dir("openfire") / "units"


def write(tmp_path: Path, body: str, head: str = "module: ash-wastes\nsize: skirmish\n"
          ) -> Path:
    path = tmp_path / "force.yaml"
    path.write_text(f"system: openfire\n{head}name: Test Force\n{body}", encoding="utf-8")
    return path


def units(*names: str, counts: dict[str, int] | None = None) -> str:
    counts = counts or {}
    return "units:\n" + "".join(f"  - {{unit: {UNITS / n}.yaml, count: {counts.get(n, 1)}}}\n"
                                for n in names)


def found(path: Path) -> dict[str, list[str]]:
    force = load_roster(path)
    out: dict[str, list[str]] = {}
    for issue in force.issues:
        out.setdefault(issue.code, []).append(issue.message)
    return out


def test_the_legal_convoy(capsys):
    force = load_roster(ROSTERS / "cinder-convoy.yaml")
    assert force.legal and force.cap == 200 and force.total == 172
    assert {f.key: (f.value, f.low, f.high, f.state) for f in force.facts()} == {
        "activations": (4, None, None, ""), "models": (8, 4, 15, "within"),
        "size": ("skirmish", None, None, ""),
        "pool_vehicles": (80, None, 100, "within"), "pool_elite": (0, None, 60, "within"),
        "category_command": (1, 1, 1, "within"), "category_standard": (1, 1, None, "within"),
        "category_special": (0, 0, 2, "within"), "category_elite": (0, 0, 2, "within"),
        "category_vehicle": (2, 0, 3, "within"), "seats": (6, None, 6, "within")}
    assert main(["check", str(ROSTERS / "cinder-convoy.yaml")]) == 0
    assert "Total 172 of 200 points: 28 remaining" in capsys.readouterr().out


def test_the_broken_convoy_breaks_what_its_comment_says(capsys):
    codes = found(ROSTERS / "broken-convoy.yaml")
    assert sorted(codes) == ["E-OF-CAP", "E-OF-CATEGORY", "E-OF-POOL", "E-OF-TRANSPORT"]
    assert len(codes["E-OF-CATEGORY"]) == 2 and len(codes["E-OF-TRANSPORT"]) == 2
    force = load_roster(ROSTERS / "broken-convoy.yaml")
    bulky = [(i.field, i.message) for i in force.issues if "Bulky" in i.message]
    assert bulky == [("units[2]", "Slag Brute is Bulky and cannot embark [377], but Ash "
                                  "Wastes (demonstration) carries every model: leave it out")]
    assert [i.code for i in force.issues_by_entry()[2]] == ["E-OF-TRANSPORT"]
    assert codes["E-OF-POOL"] == ["136 points in the elite pool; it holds 60: remove 76 "
                                  "points of elite"]
    assert main(["check", str(ROSTERS / "broken-convoy.yaml"), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["total"] == 230 and data["points_cap"] == 200 and not data["legal"]


def test_transport_capacity(tmp_path):
    needs = found(write(tmp_path, units("warden-captain", "warden-patrol")))
    assert needs["E-OF-TRANSPORT"] == ["6 models must ride but the transports seat 0; add "
                                       "a Transport or leave models behind [363]"]
    assert "E-OF-TRANSPORT" not in found(write(tmp_path, units(
        "warden-captain", "warden-patrol", "convoy-crawler")))


def test_size_models_and_caps(tmp_path):
    few = found(write(tmp_path, units("warden-captain", "dust-kite")))
    assert few["E-OF-SIZE"] == ["2 models; a skirmish force has 4 to 15"]
    capped = load_roster(write(tmp_path, "points_cap: 50\n" + units("warden-patrol"),
                               head="module: ash-wastes\n"))
    assert capped.cap == 50 and "E-OF-CAP" in {i.code for i in capped.issues}
    default = load_roster(write(tmp_path, units("warden-patrol"), head="module: ash-wastes\n"))
    assert default.cap is None and "E-OF-SIZE" not in {i.code for i in default.issues}
    assert {f.key: f.value for f in default.facts()}["size"] == "skirmish"


def test_pools_and_one_module_a_force(tmp_path):
    heavy = found(write(tmp_path, units("convoy-crawler", "dust-kite",
                                        counts={"dust-kite": 2})))
    assert heavy["E-OF-POOL"] == ["119 points in the vehicles pool; it holds 100: remove 19 "
                                  "points of vehicles"]
    mixed = found(write(tmp_path, units("warden-captain", "ash-rangers")))
    assert mixed["E-OF-MODULE"] == ["Ash Rangers is built for the core alone, the force for "
                                    "ash-wastes; use one module"]


def test_a_core_force_has_only_the_cap_and_counts(tmp_path):
    path = write(tmp_path, "points_cap: 100\n" + units("ash-rangers", "magma-wyrm"), head="")
    force = load_roster(path)
    assert force.total == 124 and [i.code for i in force.issues] == ["E-OF-CAP"]
    assert [(f.key, f.value) for f in force.facts()] == [("activations", 2), ("models", 6)]
    assert found(write(tmp_path, units("dust-kite"), head=""))["E-OF-MODULE"]


def test_the_force_file_round_trips_its_own_fields(tmp_path):
    force = load_roster(ROSTERS / "cinder-convoy.yaml")
    data = roster_data(force, ROSTERS)
    assert list(data)[:4] == ["system", "module", "name", "size"]
    assert "points_cap" not in data  # the size sets it
    assert data["units"][0] == {"unit": "../units/warden-captain.yaml", "count": 1}
    capped = load_roster(write(tmp_path, "points_cap: 180\n" + units("warden-patrol")))
    assert roster_data(capped)["points_cap"] == 180


def test_a_new_force_takes_the_default_size():
    force = new_force(OPENFIRE, "Fresh")
    assert force.cap is None and force.rules.budget.label == "Points cap"
    moduled = OPENFIRE.catalog_for({"module": "ash-wastes"})
    assert OPENFIRE.force_rules(moduled).budget.default == 200
    assert OPENFIRE.force_rules(moduled, {"size": "battle"}).budget.default == 400


@pytest.mark.parametrize(("head", "field", "problem"), [
    ("module: ash-wastes\nsize: huge\n", "size",
     "unknown size 'huge'; Ash Wastes (demonstration) has skirmish, battle"),
    ("size: skirmish\n", "size",
     "unknown size 'skirmish'; sizes come from a module: add module:"),
    ("module: ash-waste\n", "module",
     "unknown module 'ash-waste' (did you mean ash-wastes?); name a bundled module "
     "(ash-wastes) or a module file"),
    ("module: [1]\n", "module", "expected a module's name or file, got [1]"),
])
def test_bad_force_fields_are_one_line_errors(tmp_path, head, field, problem):
    path = write(tmp_path, units("warden-patrol"), head=head)
    with pytest.raises(InputError) as caught:
        load_roster(path)
    assert (caught.value.field, caught.value.problem) == (field, problem)


def test_the_module_field_shows_each_module_by_its_title():
    catalog = OPENFIRE.bundled_catalog()
    module = OPENFIRE.force_fields(catalog, {})[0]
    assert (module.key, module.choices) == ("module", (
        (None, "the core alone"), ("ash-wastes", "Ash Wastes (demonstration)")))
    chosen = load_roster(ROSTERS / "cinder-convoy.yaml")
    assert chosen.field_specs[0].choices == module.choices
