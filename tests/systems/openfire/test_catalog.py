"""The catalog: the 32 core rules as data, cc1 loaded with its assumptions, the bundled
module, the browser's sections, and one-line errors for bad catalog files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from designer.cli import main
from designer.errors import InputError
from designer.systems import catalog_root
from tests.systems.openfire.conftest import OPENFIRE

SOURCE = catalog_root() / "openfire"

UNIT_RULES = {"Ambush": 428, "Bulky": 432, "Fast": 436, "Fear": 440, "Fearless": 444,
              "Flying": 448, "Heavy Armour": 452, "Inspiring Presence": 456,
              "Manoeuvrable": 460, "Resilient": 464, "Rugged": 468, "Skilled": 472,
              "Skirmishers": 476, "Slow": 480, "Stealth": 484, "Vulnerable": 488,
              "Support": 492, "Vehicle": 338, "Transport": 363, "Aircraft": 383}
WEAPON_RULES = {"Accurate": 498, "Assault": 502, "Blast": 506, "Grenade": 510,
                "Heavy": 514, "Impact": 518, "One Use": 522, "Rapid Fire": 526,
                "Rending": 530, "Torrent": 534, "Unstable": 538, "Unwieldy": 542}
WITH_X = {"Fear": "int", "Heavy Armour": "int", "Manoeuvrable": "int", "Stealth": "int",
          "Vulnerable": "arc", "Transport": "int", "Rending": "int"}


def test_the_32_core_rules(core):
    rules = {r.name: r for r in core.core.rules}
    assert len(rules) == 32
    assert {n: r.line for n, r in rules.items() if r.scope != "weapon"} == UNIT_RULES
    assert {n: r.line for n, r in rules.items() if r.scope == "weapon"} == WEAPON_RULES
    assert {n: r.x for n, r in rules.items() if r.x != "none"} == WITH_X
    assert rules["Manoeuvrable"].scope == "vehicle"
    assert rules["Aircraft"].implies == ("Vehicle", "Flying", "Support")
    assert rules["Vehicle"].implies == ("Vulnerable (Rear)",)
    assert all(r.summary for r in rules.values())
    assert core.rule("fly") is rules["Flying"] and core.rule("HEAVY ARMOR") is \
        rules["Heavy Armour"]
    assert core.core.core == "0.3 (193f45b)" and "CC BY 4.0" in core.core.attribution


def test_cc1_holds_its_numbers(core):
    cc1 = core.costing
    assert cc1.costing == "cc1"
    assert cc1.label == ("community costing v1, designer's own default, not from the Open "
                         "Fire book")
    assert (cc1.reference.defence, cc1.reference.prc, cc1.reference.skl) == (7, 1, 7)
    assert (cc1.assumptions.stationary, cc1.assumptions.half_range) == (0.5, 0.5)
    assert cc1.per_model == {"toughness": "EW / 4", "mobility": "0.5 * (MOV + ADV) * FLY * VEH",
                             "command": "3 * P_CMD"}
    assert cc1.weapon == "4 * E_DMG * RF * MULT"
    assert cc1.range_factor[24] == 2.0 and cc1.range_above == 2.5
    assert cc1.unit_rules["Heavy Armour"] == "X - 1"


def test_the_bundled_module(wastes):
    module = wastes.module
    assert module.module == "ash-wastes" and wastes.ref == "ash-wastes"
    assert len(module.profiles) >= 8 and module.upgrades and module.surcharges
    assert wastes.mode == "listed" and wastes.rule("Overheat").cost == "x0.85"
    force = module.force
    assert force.sizes and force.pools and force.categories and force.transport_capacity
    per_model = module.per_model[0]
    assert per_model.slots and per_model.extra_copy_cost and per_model.upgrade_points_max


def test_catalog_sections_browse(capsys):
    sections = OPENFIRE.catalog_sections(OPENFIRE.bundled_catalog())
    assert [s.key for s in sections] == ["rules", "costing", "profiles", "weapons",
                                         "upgrades", "force"]
    assert len(sections[0].rows) == 32 + 5  # the core's and the module's own
    assert main(["catalog", "rules", "--system", "openfire", "--search", "Rending"]) == 0
    out = capsys.readouterr().out
    assert "Rending (X)" in out and "530" in out
    # a module rule's own text in the detail, its summary in the column
    ashborn = next(r for r in sections[0].rows if r.name == "Ashborn")
    assert ashborn.cells[-1] == "Moves through ash and cinder terrain at full rate."
    assert ashborn.detail.endswith(
        "\n\nThis model ignores the movement penalty of ash, cinder and scree terrain, "
        "and does not count it as difficult when it advances.")
    overheat = next(r for r in sections[0].rows if r.name == "Overheat")  # no text
    assert overheat.detail.endswith("\n\nAfter attacking with it, roll a d12: on a 1 it "
                                    "cannot attack in the model's next activation.")


def copy_catalog(tmp_path: Path) -> Path:
    root = tmp_path / "openfire"
    shutil.copytree(SOURCE, root, ignore=shutil.ignore_patterns("examples"))
    return root


@pytest.mark.parametrize(("file", "old", "new", "field", "problem"), [
    ("core.yaml", "name: Bulky,", "name: Ambush,", "rules[1].name",
     "'Ambush' is named twice; a rule name is used once"),
    ("core.yaml", 'implies: [Vehicle, Flying, Support]', 'implies: [Vehicle, Flier]',
     "rules[19].implies[1]", "unknown rule 'Flier'"),
    ("core.yaml", "default_module: ash-wastes", "default_costing: cc2",
     "default_costing", "no costing file 'cc2' in {root}/costing"),
    ("costing/cc1.yaml", '"EW / 4"', '"EW / 4 + SPEED"', "per_model.toughness",
     "'EW / 4 + SPEED' names SPEED; the variables are"),
    ("costing/cc1.yaml", "  Blast:", "  Blastt:", "weapon_rules.Blastt",
     "'Blastt' is not a core weapon rule"),
    ("costing/cc1.yaml", "ranged_only: [Assault]", "ranged_only: [Accurate]",
     "ranged_only[0]", "'Accurate' has no cost under weapon_rules"),
    ("costing/cc1.yaml", "stationary: 0.5", "stationary: 2", "assumptions.stationary",
     "expected 1 or less, got 2"),
])
def test_bad_catalog_files(tmp_path, file, old, new, field, problem):
    root = copy_catalog(tmp_path)
    path = root / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(InputError) as caught:
        OPENFIRE.load_catalog(root)
    assert caught.value.field == field
    assert caught.value.problem.startswith(problem.format(root=root.resolve()))
    assert caught.value.file == str((root / file).resolve()) or \
        caught.value.file == str(root / file)


def test_a_house_costing_is_a_catalog_edit(tmp_path):
    root = copy_catalog(tmp_path)
    path = root / "costing" / "cc1.yaml"
    path.write_text(path.read_text().replace('weapon: "4 * E_DMG * RF * MULT"',
                                             'weapon: "2 * E_DMG * RF * MULT"'))
    catalog = OPENFIRE.load_catalog(root)
    unit = OPENFIRE.parse_unit({"name": "T", "models": [
        {"name": "T", "mov": 6, "skl": 7, "def": 7, "cmd": 7, "hp": 5,
         "weapons": [{"name": "Rifle", "rng": 24, "att": 2, "dmg": 1, "prc": 1}]}]}, catalog)
    # the rifle's 14/3 halves to 7/3 -> 2
    assert [x.points for x in OPENFIRE.assess(unit, catalog).tally.breakdown] == [8, 2]
