"""Bad character files through the CLI: one line naming the file and the field, exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from designer.cli import main

BASE = ("system: op-en\nsetting: hollowmere\nname: Bad\ncore_stat: fight\nrank: 3\n"
        "form: Walker\nstats: {fight: 10, toughness: 8, shoot: 8, agility: 6, intellect: 6, "
        "grit: 4}\n")


def run(tmp_path: Path, text: str, capsys) -> tuple[int, str, Path]:
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    code = main(["price", str(path)])
    err = capsys.readouterr().err.strip()
    return code, err, path


@pytest.mark.parametrize(("change", "field", "problem"), [
    ("setting: hollowmere\n", "setting",
     "unknown setting 'Hollowmoor' (did you mean hollowmere?); name a bundled setting "
     "(hollowmere) or a folder "
     "holding setting.yaml"),
    ("form: Walker\n", "form",
     "unknown form 'Walkr' in Hollowmere (demonstration) (did you mean Walker?); see "
     "`designer catalog forms --system op-en`"),
    ("rank: 3\n", "trait",
     "unknown trait 'Moonborn' in Hollowmere (demonstration); see `designer catalog traits "
     "--system op-en`"),
    ("rank: 3\n", "skills[0]",
     "unknown skill 'Shield Smash' in Hollowmere (demonstration) (did you mean Shield "
     "Bash?); see `designer catalog skills --system op-en`; a custom one needs a cost: "
     "{name: Shield Smash, cost: N}"),
    ("rank: 3\n", "abilities[0]",
     "unknown ability 'Levitate' in Hollowmere (demonstration); see `designer catalog "
     "abilities --system op-en`; a custom one needs a cost: {name: Levitate, cost: N}"),
    ("rank: 3\n", "equipment[1]",
     "unknown item 'Blunderbuss' in Hollowmere (demonstration); see `designer catalog "
     "equipment --system op-en`; a custom one needs a cost: {name: Blunderbuss, cost: N}"),
    ("rank: 3\n", "abilities[0]", "Rally is a Skill; list it under skills"),
    ("rank: 3\n", "skills[0]", "Duelist is an Ability; list it under abilities"),
    ("rank: 3\n", "stats.move", "unknown field 'move'"),
    ("rank: 3\n", "rank", "expected a whole number, got 'three'"),
])
def test_unknown_names_are_one_line_errors(tmp_path, capsys, change, field, problem):
    replacement = {
        "setting": "setting: Hollowmoor\n",
        "form": "form: Walkr\n",
        "trait": "rank: 3\ntrait: Moonborn\n",
        "skills[0]": ("rank: 3\nskills: [Shield Smash]\n" if "Smash" in problem
                      else "rank: 3\nskills: [Duelist]\n"),
        "abilities[0]": ("rank: 3\nabilities: [Levitate]\n" if "Levitate" in problem
                         else "rank: 3\nabilities: [Rally]\n"),
        "equipment[1]": "rank: 3\nequipment: [Hatchet, Blunderbuss]\n",
        "stats.move": "rank: 3\n",
        "rank": "rank: three\n",
    }[field]
    text = BASE.replace(change, replacement)
    if field == "stats.move":
        text = text.replace("grit: 4}", "grit: 4, move: 5}")
    code, err, path = run(tmp_path, text, capsys)
    assert code == 2
    assert "\n" not in err
    assert err.startswith(f"designer: error: {path}: {field}: ")
    assert problem in err


def test_unknown_name_in_an_inline_character_names_the_roster_field(tmp_path, capsys):
    path = tmp_path / "force.yaml"
    path.write_text("system: op-en\nsetting: hollowmere\nname: F\ncore_stat: fight\nunits:\n"
                    "  - unit: {name: X, rank: 1, form: Stoutlng}\n", encoding="utf-8")
    assert main(["check", str(path)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"designer: error: {path}: units[0].unit.form: unknown form 'Stoutlng' in Hollowmere "
        "(demonstration) (did you mean Stoutling?); see `designer catalog forms --system "
        "op-en`")


def test_a_unit_of_the_wrong_system_in_a_force(tmp_path, capsys):
    from designer.systems import examples_dir

    ot = examples_dir("opentactics") / "units" / "steam-witch.yaml"
    path = tmp_path / "force.yaml"
    path.write_text(f"system: op-en\nname: F\nunits:\n  - {{unit: {ot}}}\n", encoding="utf-8")
    assert main(["check", str(path)]) == 2
    assert "units[0].unit: unit is for opentactics, the roster for op-en" in \
        capsys.readouterr().err


@pytest.mark.parametrize("ref", ["x" * 5000, "a\\0b"])
def test_a_setting_path_the_system_cannot_follow_is_an_unknown_setting(tmp_path, capsys,
                                                                          ref):
    code, err, path = run(tmp_path, BASE.replace("setting: hollowmere",
                                                 f'setting: "{ref}"'), capsys)
    assert code == 2 and len(err.splitlines()) == 1
    assert err.startswith(f"designer: error: {path}: setting: unknown setting '")
