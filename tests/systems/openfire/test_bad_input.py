"""Bad unit files through the CLI: one line naming the file and the field, exit 2."""

from __future__ import annotations

import pytest

from designer.cli import main

BASE = ("system: openfire\nname: Bad\nmodels:\n"
        "  - {name: Trooper, mov: 6, skl: 7, def: 7, cmd: 7, hp: 5}\n")


@pytest.mark.parametrize(("text", "field", "problem"), [
    (BASE.replace("skl: 7", "skl: fast"), "models[0].skl",
     "expected a whole number, got 'fast'"),
    (BASE.replace("skl: 7", "skl: 7.5"), "models[0].skl", "expected a whole number, got 7.5"),
    (BASE.replace("hp: 5", "hp: 5000"), "models[0].hp",
     "expected 999 or less, got 5000"),
    (BASE.replace("mov: 6", "mov: [6, 12, 18]"), "models[0].mov",
     "expected a whole number from -999 to 999 or a [min, max] pair of them, got "
     "[6, 12, 18]"),
    (BASE.replace("hp: 5}", "hp: 5, specal: 3}"), "models[0].specal",
     "unknown field 'specal' (did you mean special?)"),
    (BASE.replace("{name: Trooper, ", "{"), "models[0]",
     "give the model a name, or a module profile"),
    (BASE.replace("hp: 5}", "hp: 5, special: [7]}"), "models[0].special[0]",
     "expected a rule such as \"Heavy Armour (1)\" or {name: Fear, x: 2}, got 7"),
    (BASE.replace("hp: 5}", "hp: 5, weapons: [[Gun]]}"), "models[0].weapons[0]",
     "expected a weapon name or a weapon profile, got ['Gun']"),
    (BASE.replace("hp: 5}", "hp: 5, weapons: [{name: Gun, rng: far}]}"),
     "models[0].weapons[0].rng",
     "expected a whole number from -999 to 999 or a [min, max] pair of them, got 'far'"),
    (BASE.replace("name: Bad\n", "name: Bad\nmodule: ash-waste\n"), "module",
     "unknown module 'ash-waste' (did you mean ash-wastes?); name a bundled module "
     "(ash-wastes) or a module file"),
    ("system: openfire\nname: Bad\nmodels: []\n", "models",
     "expected at least 1 entry, got 0"),
    (BASE + "points: lots\n", "points", "expected a whole number, got 'lots'"),
])
def test_bad_units_are_one_line_errors(tmp_path, capsys, text, field, problem):
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["price", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"designer: error: {path}: {field}: {problem}"


def test_a_module_file_beside_the_unit(tmp_path, capsys):
    from designer.systems import catalog_root

    module = catalog_root() / "openfire" / "modules" / "ash-wastes.yaml"
    (tmp_path / "mine.yaml").write_text(module.read_text(), encoding="utf-8")
    path = tmp_path / "unit.yaml"
    path.write_text("system: openfire\nmodule: mine.yaml\nname: Dust Kite\n"
                    "models: [{profile: Dust Kite}]\n", encoding="utf-8")
    assert main(["price", str(path)]) == 0
    assert "Dust Kite: 39 points, legal" in capsys.readouterr().out


SIGHTS = "{name: Glass Sights, points: 2, for_weapon: {slot: ranged},"


@pytest.mark.parametrize(("old", "new", "field", "problem"), [
    ("skl: 7, def: 7, cmd: 6, hp: 5,\n     weapons: [Long Rifle], points: 9}",
     "skl: 7, def: 7, cmd: 6, hp: 5,\n     weapons: [Long Rifel], points: 9}",
     "profiles[2].weapons[0]", "unknown weapon 'Long Rifel' (did you mean Long Rifle?)"),
    ('"on": upgrade', "on: upgrade", "surcharges[0].on",
     'a bare off/on/yes/no key reads as a YAML boolean; quote the key ("on": upgrade)'),
    ("fallback: cc1}", "fallback: cc9}", "costing.fallback",
     "no costing file 'cc9'; known: cc1"),
    ('cost: "x0.85"', 'cost: "x0.85 +"', "special_rules[0].cost",
     "cannot read '0.85 +' as arithmetic"),
    ("default_size: skirmish", "default_size: huge", "force.default_size",
     "'huge' is not one of the sizes"),
    ("{name: Jaws, slot: melee", "{name: Service Pistol, slot: melee", "weapons[5].name",
     "'Service Pistol' is listed twice"),
    # rules from profiles, weapons and upgrades are checked where they are written
    ("special: [Skilled], weapons: [Service Pistol, Cinder Blade]",
     "special: [Skilled, Accurate], weapons: [Service Pistol, Cinder Blade]",
     "profiles[0].special[1]",
     "Accurate is a weapon rule [498] but is on a model; list it in the weapon's special"),
    ("special: [Fast], weapons: [Jaws]", "special: [Fastt], weapons: [Jaws]",
     "profiles[3].special[0]", "'Fastt' is neither an Open Fire rule nor one of Ash Wastes"),
    ('special: ["Heavy Armour (1)", Bulky', 'special: ["Heavy Armour", Bulky',
     "profiles[4].special[0]", "Heavy Armour (X) needs a whole number 1 or more; got no X"),
    ("special: [Heavy, Rapid Fire], points: 5}", "special: [Heavy, Fearless], points: 5}",
     "weapons[4].special[1]",
     "Fearless is a unit rule [444] but is on a weapon; list it in the model's special"),
    ("special: [Torrent]}", "special: [Torrent (2)]}", "weapons[11].profiles[1].special[0]",
     "Torrent takes no value; write it without (2)"),
    ('effect: {add_rules: ["Stealth (1)"]}', "effect: {add_rules: [Accurate]}",
     "upgrades[0].effect.add_rules[0]", "Accurate is a weapon rule: an upgrade gives it to "
                                        "the weapon it modifies under effect.weapon_rules"),
    ('weapon_rules: [Accurate, "Rending (1)"]', 'weapon_rules: [Skilled, "Rending (1)"]',
     "upgrades[5].effect.weapon_rules[0]",
     "Skilled is a unit rule: an upgrade gives it to the model under effect.add_rules"),
    ('weapon_rules: [Accurate, "Rending (1)"]', "weapon_rules: [Accurate, Rending]",
     "upgrades[5].effect.weapon_rules[1]",
     "Rending (X) needs a whole number 1 or more; got no X"),
    # a module's own rules: what they act as, their listed points
    ("acts_as: Assault,", "acts_as: Asault,", "special_rules[3].acts_as",
     "'Asault' is not a core rule (did you mean Assault?); acts_as names the core rule "
     "this one plays as"),
    ("acts_as: Assault,", "acts_as: Skilled,", "special_rules[3].scope",
     "Close Quarters is a weapon rule but acts as Skilled, a unit rule: give it scope: unit"),
    ("acts_as: Assault,", "acts_as: Rending,", "special_rules[3].x",
     "Close Quarters takes X none but acts as Rending, which takes X int: give it x: int"),
    ("x: none, cost: 1,", "x: none, cost: 1, points: 1,", "special_rules[4].points",
     "Screening: listed points are for a rule a model adds; a weapon's points cover its "
     "rules: remove points"),
    ('x: int, cost: "X",', 'x: int, cost: "X", points: 2,', "special_rules[2].points",
     "Scavenge: a rule with listed points takes no X: give it x: none or drop points"),
    # weapon choices and what an upgrade is for
    ("weapon_choices: [Glass Rifle, Long Rifle,", "weapon_choices: [Glass Rifle, Long Rifel,",
     "profiles[5].weapon_choices[1]", "unknown weapon 'Long Rifel' (did you mean Long Rifle?)"),
    ("weapon_choices: [Glass Rifle, Long Rifle,", "weapon_choices: [Long Rifle,",
     "profiles[5].weapons[0]",
     "Glass Sniper carries Glass Rifle but may not choose it: add it to weapon_choices"),
    ("exclude: [Cinder Torch]},\n     effect: {weapon: {prc: 1}}",
     "exclude: [Cinder Torc]},\n     effect: {weapon: {prc: 1}}",
     "upgrades[3].for_weapon.exclude[0]",
     "unknown weapon 'Cinder Torc' (did you mean Cinder Torch?)"),
    # the weapons an upgrade may modify: names and the rule they have, checked on load
    (SIGHTS, SIGHTS.replace("{slot: ranged}", "{slot: ranged, names: [Long Rifel]}"),
     "upgrades[5].for_weapon.names[0]",
     "unknown weapon 'Long Rifel' (did you mean Long Rifle?)"),
    (SIGHTS, SIGHTS.replace("{slot: ranged}", "{slot: ranged, rule: Acurate}"),
     "upgrades[5].for_weapon.rule", "unknown rule 'Acurate' (did you mean Accurate?); "
     "for_weapon.rule names a weapon rule of Open Fire or of Ash Wastes (demonstration)"),
    (SIGHTS, SIGHTS.replace("{slot: ranged}", "{slot: ranged, rule: Skilled}"),
     "upgrades[5].for_weapon.rule", "Skilled is a unit rule; for_weapon.rule names a "
     "weapon rule (a model's rule goes under for: rule)"),
    (SIGHTS, SIGHTS.replace("{slot: ranged}", '{slot: ranged, rule: "Rending (1)"}'),
     "upgrades[5].for_weapon.rule",
     "'Rending (1)' gives an X; for_weapon.rule names the rule alone: write rule: Rending"),
    (SIGHTS, SIGHTS.replace("{slot: ranged}", "{slot: ranged, rule: rapid fire}"),
     "upgrades[5].for_weapon.rule",
     "'rapid fire' is written Rapid Fire in the rules: write rule: Rapid Fire"),
    ('points: "max(1, WP / 2)"', 'points: "max(1, WQ / 2)"', "upgrades[7].points",
     "'max(1, WQ / 2)' names WQ; the variables are WP"),
    ("{name: Veteran, for: {category: standard}, points: 2,",
     '{name: Veteran, for: {category: standard}, points: "WP",',
     "upgrades[1].points", "Veteran's points use WP, the points of the weapon it modifies, "
                           "but it modifies none: add for_weapon or target: weapon"),
    ("{name: Long Barrel, points: 1,", "{name: Long Barrel, target: model, points: 1,",
     "upgrades[4].target", "Long Barrel changes a weapon but says target: model: drop "
                           "target, or its weapon changes"),
    # the models an upgrade, a pool or a per-model limit is for: names the module and the
    # rules know, spelt as the rules spell them (models are matched by those names)
    ("for: {profile: Ranger Sergeant}", "for: {profile: Ranger Sargeant}",
     "upgrades[2].for.profile",
     "unknown profile 'Ranger Sargeant' (did you mean Ranger Sergeant?); it would match "
     "no model"),
    ("{name: vehicles, cap: 100, match: {rule: Vehicle}}",
     "{name: vehicles, cap: 100, match: {rule: Vehicel}}", "force.pools[0].match.rule",
     "unknown rule 'Vehicel' (did you mean Vehicle?); a match names a model's rule"),
    ("{name: Swivel Mount, for: {rule: Vehicle}", "{name: Swivel Mount, for: {rule: Accurate}",
     "upgrades[6].for.rule", "Accurate is a weapon rule; a match names a model's rule (an "
     "upgrade's weapons go under for_weapon)"),
    ("{name: Plating, for: {rule: Vehicle}", "{name: Plating, for: {rule: Fly}",
     "upgrades[8].for.rule", "'Fly' is written Flying in the rules: write rule: Flying"),
    ("  - match: {rule: Vehicle}\n", '  - match: {rule: "Heavy Armour (1)"}\n',
     "per_model[3].match.rule", "'Heavy Armour (1)' gives an X; a match names the rule "
     "alone: write rule: Heavy Armour"),
    # per-model limits that name real groups, one price for extra weapons
    ("crew: {count: [0, 1]}", "crow: {count: [0, 1]}", "per_model[3].groups.crow",
     "no upgrade is in group 'crow' (did you mean crew?); give upgrades group: crow"),
    ("    extra_weapon_is: later\n",
     "    extra_weapon_is: later\n    extra_copy_cost: {ranged: 2}\n",
     "per_model[3].extra_copy_cost.ranged", "ranged has both extra_copy_cost and "
     "extra_weapon_cost; extra_weapon_cost already prices copies: keep one"),
])
def test_bad_module_files_are_one_line_errors(tmp_path, capsys, old, new, field, problem):
    from designer.systems import catalog_root

    text = (catalog_root() / "openfire" / "modules" / "ash-wastes.yaml").read_text()
    assert text.count(old) == 1
    module = tmp_path / "house.yaml"
    module.write_text(text.replace(old, new), encoding="utf-8")
    path = tmp_path / "unit.yaml"
    path.write_text("system: openfire\nmodule: house.yaml\nname: Kite\n"
                    "models: [{profile: Dust Kite}]\n", encoding="utf-8")
    assert main(["price", str(path)]) == 2
    assert capsys.readouterr().err.strip().startswith(
        f"designer: error: {module}: {field}: {problem}")
