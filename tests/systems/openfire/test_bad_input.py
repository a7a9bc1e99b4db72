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


@pytest.mark.parametrize(("old", "new", "field", "problem"), [
    ("skl: 7, def: 7, cmd: 6, hp: 5,\n     weapons: [Long Rifle], points: 9}",
     "skl: 7, def: 7, cmd: 6, hp: 5,\n     weapons: [Long Rifel], points: 9}",
     "profiles[2].weapons[0]", "unknown weapon 'Long Rifel' (did you mean long rifle?)"),
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
])
def test_bad_module_files_are_one_line_errors(tmp_path, capsys, old, new, field, problem):
    from designer.systems import catalog_root

    text = (catalog_root() / "openfire" / "modules" / "ash-wastes.yaml").read_text()
    assert old in text
    module = tmp_path / "house.yaml"
    module.write_text(text.replace(old, new), encoding="utf-8")
    path = tmp_path / "unit.yaml"
    path.write_text("system: openfire\nmodule: house.yaml\nname: Kite\n"
                    "models: [{profile: Dust Kite}]\n", encoding="utf-8")
    assert main(["price", str(path)]) == 2
    assert capsys.readouterr().err.strip() == \
        f"designer: error: {module}: {field}: {problem}"
