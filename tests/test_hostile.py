"""Hostile and broken files: each ends in one line naming file and field, exit 2, within
a second or two, with no traceback; user text never styles or controls the terminal; a
save keeps what the user wrote around the values it changed."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from designer.cli import main
from designer.io import load_yaml, parse_yaml, save_yaml, write_atomic
from designer.systems import examples_dir

UNITS = examples_dir() / "units"


def one_line(capsys, code_expected: int, argv: list[str]) -> str:
    assert main(argv) == code_expected
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


# --- 1. deep nesting ----------------------------------------------------------------------


@pytest.mark.slow
def test_thirty_thousand_brackets_are_refused_in_a_fresh_process(tmp_path):
    """The C composer would overflow the interpreter's stack (exit 139): the depth is
    checked while streaming, before anything is composed."""
    deep = tmp_path / "deep.yaml"
    deep.write_text("name: x\nskills: " + "[" * 30000 + "]" * 30000 + "\n")
    aliased = tmp_path / "aliased.yaml"
    aliased.write_text("a: &x [1]\nb: " + "[" * 30000 + "*x" + "]" * 30000 + "\n")
    for path in (deep, aliased):
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "designer", "price", str(path)],
                              capture_output=True, text=True, timeout=30)
        assert time.perf_counter() - start < 10
        assert done.returncode == 2
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and "Traceback" not in done.stderr
        assert lines[0].startswith(f"designer: error: {path}: ")
        assert "(line 2" in lines[0]  # where the nesting is, whoever refused it


def test_deep_block_nesting_and_hidden_brackets_are_refused():
    block = "".join(f"{'  ' * i}k{i}:\n" for i in range(60)) + "  " * 60 + "v: 1\n"
    hidden = "b: " + '[ "]", ' * 60 + "1" + "]" * 60
    for text in (block, hidden, "- " * 60 + "x"):
        with pytest.raises(Exception, match="nested over 50 levels"):
            parse_yaml(text, "f.yaml")
    assert parse_yaml("a:\n  b:\n    - [1, [2, {c: 3}]]\n") == {"a": {"b": [[1, [2, {"c": 3}]]]}}


# --- 2. values YAML cannot construct ------------------------------------------------------


@pytest.mark.parametrize("line, field, shown", [
    ("athletics: 0x_", "athletics", "'0x_'"),
    ("athletics: !!float x", "athletics", "'x'"),
    ("athletics: !!bool x", "athletics", "'x'"),
    ("athletics: !!timestamp x", "athletics", "'x'"),
    ("athletics: " + "9" * 5000, "athletics", "'9999999999999999999999999999999999999...'"),
])
def test_unconstructible_scalars_name_the_field(tmp_path, capsys, line, field, shown):
    path = tmp_path / "unit.yaml"
    path.write_text(f"name: Odd\n{line}\n")
    assert one_line(capsys, 2, ["price", str(path)]) == (
        f"designer: error: {path}: {field}: expected a whole number, got {shown}")


def test_a_date_like_type_is_text_and_a_huge_cap_is_refused(tmp_path, capsys):
    unit = tmp_path / "unit.yaml"
    unit.write_text("name: Dated\ntypes: 2020-13-45\n")
    assert one_line(capsys, 2, ["price", str(unit)]).startswith(
        f"designer: error: {unit}: types: expected a list")
    roster = tmp_path / "roster.yaml"
    roster.write_text("name: Big\npoints_cap: " + "1" * 5000 + "\nunits: []\n")
    line = one_line(capsys, 2, ["check", str(roster)])
    assert line.startswith(f"designer: error: {roster}: points_cap: expected a whole number")
    assert len(line) < 200


# --- 3 and 4. markup and control sequences ------------------------------------------------


def test_user_text_is_never_markup_nor_terminal_control(tmp_path, capsys):
    path = tmp_path / "unit.yaml"
    path.write_text('name: "a[/] [red]x\\e]0;title\\a [link=http://x]y[/link]"\n'
                    "athletics: 3\n", encoding="utf-8")
    assert main(["price", str(path)]) == 0
    out = capsys.readouterr().out
    assert "a[/] [red]x\\x1b]0;title\\x07 [link=http://x]y[/link]: 3 points, legal" in out
    assert "\x1b" not in out and "\x07" not in out
    roster = tmp_path / "roster.yaml"
    roster.write_text(f"name: '[bold]F[/'\nunits:\n  - {{unit: {path.name}}}\n")
    assert main(["check", str(roster)]) == 0
    assert "[bold]F[/: legal" in capsys.readouterr().out


def test_an_error_stays_one_line_and_is_cut(tmp_path, capsys):
    path = tmp_path / "unit.yaml"
    path.write_text('name: x\n"line\\nbreak\\e[2J' + "y" * 1000 + '": 1\n')
    line = one_line(capsys, 2, ["price", str(path)])
    assert ": line\\nbreak\\x1b[2Jyyy" in line and "\x1b" not in line
    assert len(line) == len("designer: error: ") + 400 and line.endswith("…")


# --- 5. special files ---------------------------------------------------------------------


def test_a_fifo_is_refused_at_once(tmp_path, capsys):
    fifo = tmp_path / "unit.yaml"
    os.mkfifo(fifo)
    start = time.perf_counter()
    line = one_line(capsys, 2, ["price", str(fifo)])
    assert time.perf_counter() - start < 2
    assert line == (f"designer: error: {fifo}: is not a regular file (a device, pipe or "
                    "socket); give a YAML file")


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_device_is_not_read(capsys, device):
    if not Path(device).exists():
        pytest.fail(f"{device} is missing on this machine")
    assert one_line(capsys, 2, ["price", device]).startswith(
        f"designer: error: {device}: is not a regular file")


@pytest.mark.parametrize("ref, problem", [
    ("loop.yaml", "cannot follow unit file 'loop.yaml'"),
    ("///", "unit file '///' is a folder, not a file"),
    ("fifo.yaml", "unit file 'fifo.yaml' is not a regular file"),
])
def test_a_bad_roster_reference_names_the_roster_and_entry(tmp_path, capsys, ref, problem):
    (tmp_path / "loop.yaml").symlink_to(tmp_path / "loop.yaml")
    os.mkfifo(tmp_path / "fifo.yaml")
    roster = tmp_path / "roster.yaml"
    roster.write_text(f"name: R\nunits:\n  - {{unit: ok.yaml}}\n  - {{unit: '{ref}'}}\n")
    (tmp_path / "ok.yaml").write_text("name: Ok\n")
    line = one_line(capsys, 2, ["check", str(roster)])
    assert line.startswith(f"designer: error: {roster}: units[1].unit: {problem}"), line


def test_a_nul_byte_in_a_reference_names_the_roster(tmp_path, capsys):
    roster = tmp_path / "roster.yaml"
    roster.write_text('name: R\nunits:\n  - {unit: "a\\0b.yaml"}\n')
    assert one_line(capsys, 2, ["check", str(roster)]) == (
        f"designer: error: {roster}: units[0].unit: expected the path of a unit file")


# --- 6. saves -----------------------------------------------------------------------------


def test_a_save_keeps_comments_order_and_flow_style(tmp_path):
    path = tmp_path / "unit.yaml"
    path.write_text("system: opentactics\n"
                    "name: Ash Warden   # the warden\n"
                    "# points: 40  (a note)\n"
                    "types: [Infantry, Elf]   # flow\n"
                    "athletics: 6\n"
                    "skills:\n"
                    "  melee: {off_dice: 2, def_dice: 2, range: 1}  # melee\n"
                    "abilities:\n"
                    "  - {name: Stealth, rank: 2}   # sneaky\n")
    data = load_yaml(path)
    data["athletics"] = 7
    data["abilities"].append("Hex")
    save_yaml(path, data)
    assert path.read_text() == ("system: opentactics\n"
                                "name: Ash Warden   # the warden\n"
                                "# points: 40  (a note)\n"
                                "types: [Infantry, Elf]   # flow\n"
                                "athletics: 7\n"
                                "skills:\n"
                                "  melee: {off_dice: 2, def_dice: 2, range: 1}  # melee\n"
                                "abilities:\n"
                                "  - {name: Stealth, rank: 2}   # sneaky\n"
                                "  - Hex\n")
    assert load_yaml(path) == data


def test_a_save_through_a_symlink_writes_the_target(tmp_path):
    target = tmp_path / "real.yaml"
    target.write_text("name: A\n")
    link = tmp_path / "link.yaml"
    link.symlink_to(target)
    save_yaml(link, {"name": "B"})
    assert link.is_symlink() and load_yaml(target) == {"name": "B"}


def test_a_new_file_honours_the_umask_and_old_temps_are_cleared(tmp_path):
    old = os.umask(0o077)
    try:
        made = write_atomic(tmp_path / "new.yaml", "name: A\n")
    finally:
        os.umask(old)
    assert made.stat().st_mode & 0o777 == 0o600
    stale = tmp_path / ".new.yaml.abc123.tmp"
    stale.write_text("half a save")
    hour_ago = time.time() - 3700
    os.utime(stale, (hour_ago, hour_ago))
    fresh = tmp_path / ".new.yaml.def456.tmp"
    fresh.write_text("a save under way")
    write_atomic(made, "name: B\n")
    assert not stale.exists() and fresh.exists()


# --- 7. loose values ----------------------------------------------------------------------


@pytest.mark.parametrize("count, shown", [("true", "True"), ("'3'", "'3'")])
def test_a_count_must_be_a_whole_number(tmp_path, capsys, count, shown):
    roster = tmp_path / "roster.yaml"
    (tmp_path / "a.yaml").write_text("name: A\n")
    roster.write_text(f"name: R\nunits:\n  - {{unit: a.yaml, count: {count}}}\n")
    assert one_line(capsys, 2, ["check", str(roster)]) == (
        f"designer: error: {roster}: units[0].count: expected a whole number, got {shown}")


def test_the_cap_option_has_the_files_bounds(capsys):
    roster = examples_dir() / "rosters" / "northern-raid.yaml"
    with pytest.raises(SystemExit) as exit_:
        main(["check", str(roster), "--cap", "1000001"])
    assert exit_.value.code == 2
    assert "a points cap is a whole number from 0 to 1,000,000" in capsys.readouterr().err


def test_schema_out_an_existing_file_or_a_too_long_name(tmp_path, capsys):
    taken = tmp_path / "taken"
    taken.write_text("x")
    assert one_line(capsys, 2, ["schema", "--out", str(taken)]).startswith(
        f"designer: error: {taken}: --out: cannot write the schemas there")
    long = tmp_path / ("x" * 300)
    assert one_line(capsys, 2, ["schema", "--out", str(long)]).startswith(
        "designer: error: ")


def test_a_huge_roster_is_refused_before_it_is_parsed(tmp_path, capsys):
    roster = tmp_path / "roster.yaml"
    roster.write_text("name: R\nunits:\n" + "  - {unit: a.yaml}\n" * 5001)
    start = time.perf_counter()
    assert one_line(capsys, 2, ["check", str(roster)]) == (
        f"designer: error: {roster}: units: more than 5000 unit entries; split the force")
    assert time.perf_counter() - start < 1


def test_a_reference_too_long_for_the_system_names_the_roster(tmp_path, capsys):
    roster = tmp_path / "roster.yaml"
    roster.write_text("name: R\nunits:\n  - {unit: '" + "9" * 5000 + "'}\n")
    line = one_line(capsys, 2, ["check", str(roster)])
    assert line.startswith(f"designer: error: {roster}: units[0].unit: cannot follow unit "
                           "file '999")
