"""Bad input: one line naming file, field and problem; exit code 2; no traceback."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from designer.cli import main


def run_price(path: Path, capsys) -> tuple[int, str]:
    code = main(["price", str(path)])
    err = capsys.readouterr().err
    return code, err


def write(tmp_path: Path, text: str, name: str = "unit.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def assert_one_line(err: str, path: Path, *parts: str) -> None:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"designer: error: {path}")
    for part in parts:
        assert part in lines[0], lines[0]
    assert "Traceback" not in err


def test_missing_file(tmp_path, capsys):
    path = tmp_path / "nope.yaml"
    code, err = run_price(path, capsys)
    assert code == 2
    assert_one_line(err, path, "no such file")


def test_empty_file(tmp_path, capsys):
    path = write(tmp_path, "")
    code, err = run_price(path, capsys)
    assert code == 2
    assert_one_line(err, path, "file is empty")


def test_text_that_is_not_yaml(tmp_path, capsys):
    path = write(tmp_path, "name: [unclosed\nskills: {\n")
    code, err = run_price(path, capsys)
    assert code == 2
    assert_one_line(err, path, "not valid YAML", "line ")


def test_yaml_that_is_a_list(tmp_path, capsys):
    path = write(tmp_path, "- name: A\n- name: B\n")
    code, err = run_price(path, capsys)
    assert code == 2
    assert_one_line(err, path, "found a list")


def test_off_key_reads_as_boolean(tmp_path, capsys):
    path = write(tmp_path, "name: X\nskills:\n  melee: {off: 3}\n")
    code, err = run_price(path, capsys)
    assert code == 2
    assert_one_line(err, path, "skills.melee.off", "off_dice")


def test_def_key_suggests_def_dice(tmp_path, capsys):
    path = write(tmp_path, "name: X\nskills:\n  melee: {def: 3}\n")
    code, err = run_price(path, capsys)
    assert code == 2
    assert_one_line(err, path, "skills.melee.def", "unknown field 'def'")


def test_athletics_not_a_number(tmp_path, capsys):
    path = write(tmp_path, "name: X\nathletics: fast\n")
    code, err = run_price(path, capsys)
    assert code == 2
    assert_one_line(err, path, ": athletics:", "expected a whole number, got 'fast'")


def test_unknown_skill(tmp_path, capsys):
    path = write(tmp_path, "name: X\nskills:\n  magic: {off_dice: 1}\n")
    code, err = run_price(path, capsys)
    assert code == 2
    assert_one_line(err, path, "skills.magic", "unknown field 'magic'", "arcane")


def test_unknown_ability_without_a_cost(tmp_path, capsys):
    path = write(tmp_path, "name: X\nabilities:\n  - Hex\n  - Fireball\n")
    code, err = run_price(path, capsys)
    assert code == 2
    assert_one_line(err, path, "abilities[1]", "unknown ability 'Fireball'", "cost")


def test_misspelt_ability_gets_a_suggestion(tmp_path, capsys):
    path = write(tmp_path, "name: X\nabilities: [Stelth]\n")
    code, err = run_price(path, capsys)
    assert code == 2
    assert_one_line(err, path, "did you mean Stealth?")


def test_unknown_item(tmp_path, capsys):
    path = write(tmp_path, "name: X\nequipment:\n  - {item: Sheild}\n")
    code, err = run_price(path, capsys)
    assert code == 2
    assert_one_line(err, path, "equipment[0].item", "did you mean Shield?")


def test_wrong_type_for_a_list(tmp_path, capsys):
    path = write(tmp_path, "name: X\nskills:\n  melee: {off_bumps: 2}\n")
    code, err = run_price(path, capsys)
    assert code == 2
    assert_one_line(err, path, "skills.melee.off_bumps", "expected a list")


def test_missing_name(tmp_path, capsys):
    path = write(tmp_path, "athletics: 3\n")
    code, err = run_price(path, capsys)
    assert code == 2
    assert_one_line(err, path, ": name:", "is required")


def test_absurd_number_is_refused(tmp_path, capsys):
    path = write(tmp_path, "name: X\nathletics: 100000000000000000000\n")
    code, err = run_price(path, capsys)
    assert code == 2
    assert_one_line(err, path, "athletics")


def test_unknown_system(tmp_path, capsys):
    path = write(tmp_path, "system: chess\nname: X\n")
    code, err = run_price(path, capsys)
    assert code == 2
    assert_one_line(err, path, "system", "unknown game system 'chess'")


def test_file_over_ten_megabytes_is_refused_before_parsing(tmp_path, capsys):
    path = tmp_path / "huge.yaml"
    with path.open("w") as fh:
        fh.write("name: X\n# " + "x" * (10 * 1024 * 1024) + "\n")
    start = time.perf_counter()
    code, err = run_price(path, capsys)
    assert time.perf_counter() - start < 1.0
    assert code == 2
    assert_one_line(err, path, "10.0 MB; the limit is 10 MB")


def test_alias_bomb_is_refused_fast(tmp_path, capsys):
    lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]']
    for i, name in enumerate("bcdefghi"):
        prev = "a" if i == 0 else "bcdefghi"[i - 1]
        lines.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
    lines.append("name: *i")
    path = write(tmp_path, "\n".join(lines) + "\n")
    start = time.perf_counter()
    code, err = run_price(path, capsys)
    assert time.perf_counter() - start < 1.0
    assert code == 2
    assert_one_line(err, path, "aliases expand to over")


def test_not_utf8(tmp_path, capsys):
    path = tmp_path / "latin.yaml"
    path.write_bytes(b"name: Caf\xe9\n")
    code, err = run_price(path, capsys)
    assert code == 2
    assert_one_line(err, path, "not UTF-8")


def test_deep_nesting_is_refused(tmp_path, capsys):
    path = write(tmp_path, "name: X\nextra: " + "[" * 5000 + "]" * 5000 + "\n")
    code, err = run_price(path, capsys)
    assert code == 2
    assert "Traceback" not in err


def test_a_folder_is_not_a_unit(tmp_path, capsys):
    code, err = run_price(tmp_path, capsys)
    assert code == 2
    assert_one_line(err, tmp_path, "is a folder")


@pytest.mark.slow
def test_real_process_prints_no_traceback(tmp_path):
    path = write(tmp_path, "name: X\nskills:\n  melee: {off: 3}\n")
    result = subprocess.run([sys.executable, "-m", "designer", "price", str(path)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("text", ["name: X\ntypes: [Infantry, 3]\n",
                                  "name: X\nabilities: [{rank: 2}]\n",
                                  "name: X\nequipment: [{item: Bow or Crossbow, bumps: up}]\n",
                                  "name: X\nflight: maybe\n",
                                  "name: X\npoints: -5000\n"])
def test_other_ill_shaped_units(tmp_path, capsys, text):
    path = write(tmp_path, text)
    code, err = run_price(path, capsys)
    assert code == 2
    assert len(err.strip().splitlines()) == 1


def test_a_key_written_twice_is_refused_naming_it_and_both_lines(tmp_path, capsys):
    path = write(tmp_path, "name: Ash Warden\npoints: 55\nskills:\n  melee: {off_dice: 2}\n"
                           "points: 60\n")
    code, err = run_price(path, capsys)
    assert code == 2
    assert_one_line(err, path, "key 'points' is written twice in one mapping (lines 2 and 5)")


def test_a_key_written_twice_deeper_down_or_in_a_roster_is_refused(tmp_path, capsys):
    path = write(tmp_path, "name: X\nskills:\n  melee: {off_dice: 2, off_dice: 3}\n")
    code, err = run_price(path, capsys)
    assert code == 2
    assert_one_line(err, path, "key 'off_dice' is written twice in one mapping (line 3)")
    roster = write(tmp_path, "name: Raid\nunits:\n  - {file: a.yaml, count: 1}\n"
                             "name: Raid again\n", "roster.yaml")
    assert main(["check", str(roster)]) == 2
    assert_one_line(capsys.readouterr().err, roster,
                    "key 'name' is written twice in one mapping (lines 1 and 4)")


def test_a_key_a_merge_brings_may_be_written_again():
    from designer.yamlsafe import parse_yaml

    text = "base: &base {name: A, points: 10}\nunit:\n  <<: *base\n  points: 12\n"
    assert parse_yaml(text)["unit"] == {"name": "A", "points": 12}
