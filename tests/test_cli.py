"""The `designer` command: output, JSON shape and exit codes."""

from __future__ import annotations

import json

import pytest

from designer.cli import main
from designer.systems import examples_dir

UNITS = examples_dir() / "units"
ROSTERS = examples_dir() / "rosters"


def test_price_json_shape_and_totals(capsys):
    assert main(["price", str(UNITS / "steam-witch.yaml"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"name", "total", "printed", "breakdown", "errors", "warnings"}
    assert data["name"] == "Steam Witch"
    assert data["total"] == 60
    assert data["printed"] == 49
    assert sum(line["points"] for line in data["breakdown"]) == 60
    assert {"step": "athletics", "item": "Athletics 10, flies (×2)", "points": 20} in \
        data["breakdown"]
    assert data["errors"] == [] and data["warnings"] == []


def test_price_table_shows_audit_and_total(capsys):
    assert main(["price", str(UNITS / "steam-witch.yaml")]) == 0
    out = capsys.readouterr().out
    assert "Audit: printed 49, tally 60" in out
    assert "Steam Witch: 60 points, legal" in out
    assert "6 Abilities" in out


def test_price_exits_one_on_rule_errors(tmp_path, capsys):
    path = tmp_path / "bad.yaml"
    path.write_text("name: Overdone\nskills:\n  melee: {off_dice: 4}\n")
    assert main(["price", str(path), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["errors"][0]["code"] == "E-DICE"
    assert data["errors"][0]["field"] == "skills.melee.off_dice"


def test_check_under_cap(capsys):
    assert main(["check", str(ROSTERS / "northern-raid.yaml")]) == 0
    out = capsys.readouterr().out
    assert "Total 337 of 500 points: 163 remaining" in out
    assert "Starting morale 16; Activation counters 5" in out


def test_check_over_cap(capsys):
    assert main(["check", str(ROSTERS / "titans-folly.yaml"), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["total"] == 327 and data["points_cap"] == 300 and data["remaining"] == -27
    assert data["legal"] is False
    assert data["starting_morale"] == 12
    assert [e["code"] for e in data["errors"]] == ["E-OVER-CAP"]


def test_check_cap_option_overrides_the_file(capsys):
    assert main(["check", str(ROSTERS / "titans-folly.yaml"), "--cap", "400"]) == 0
    assert "73 remaining" in capsys.readouterr().out


def test_catalog_search(capsys):
    assert main(["catalog", "abilities", "--search", "stealth"]) == 0
    out = capsys.readouterr().out
    assert "Stealth" in out and "Hex" not in out


def test_catalog_search_ignores_punctuation(capsys):
    assert main(["catalog", "--search", "reroll"]) == 0
    out = capsys.readouterr().out
    assert "Stout" in out and "Frenzy" in out
    assert "Equipment" not in out  # sections with no match are left out


def test_catalog_search_with_no_match(capsys):
    assert main(["catalog", "equipment", "--search", "zzz"]) == 0
    assert "No catalog entries match 'zzz'" in capsys.readouterr().out


def test_catalog_types_show_costs(capsys):
    assert main(["catalog", "types", "--search", "cavalry"]) == 0
    assert "+2" in capsys.readouterr().out


@pytest.mark.slow
def test_price_never_imports_textual(tmp_path):
    import subprocess
    import sys

    code = ("import sys; from designer.cli import main; "
            f"rc = main(['price', {str(UNITS / 'ash-warden.yaml')!r}, '--json']); "
            "assert 'textual' not in sys.modules, 'textual imported'; sys.exit(rc)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr


def test_export_writes_the_file_and_refuses_to_overwrite(tmp_path, capsys):
    roster = str(ROSTERS / "titans-folly.yaml")
    assert main(["export", roster, "--format", "md", "--out", str(tmp_path)]) == 0
    written = tmp_path / "titans-folly.md"
    assert f"wrote {written}" in capsys.readouterr().out.replace("\n", "")
    first = written.read_text()
    assert "Titans' Folly" in first
    assert main(["export", roster, "--format", "md", "--out", str(tmp_path)]) == 2
    assert "exists; pass --force to overwrite" in capsys.readouterr().err
    assert main(["export", roster, "--format", "md", "--out", str(tmp_path), "--force"]) == 0
    assert written.read_text() == first


def test_export_unknown_format_is_an_input_error(tmp_path, capsys):
    unit = str(UNITS / "steam-witch.yaml")
    assert main(["export", unit, "--format", "docx", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "docx" in err


def test_no_command_without_a_terminal_prints_the_guide(capsys):
    assert main([]) == 0
    out = capsys.readouterr().out
    assert "designer edit UNIT.yaml" in out and "designer price UNIT.yaml" in out


def test_edit_of_an_unreadable_file_exits_two_and_keeps_it(tmp_path, capsys):
    path = tmp_path / "broken.yaml"
    path.write_text("name: [unclosed\n")
    assert main(["edit", str(path)]) == 2
    assert "not valid YAML" in capsys.readouterr().err
    assert path.read_text() == "name: [unclosed\n"


def test_check_json_carries_the_systems_facts(capsys):
    assert main(["check", str(ROSTERS / "northern-raid.yaml"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["budget"] == "Points cap"
    assert data["facts"] == [
        {"key": "starting_morale", "label": "Starting morale", "value": 16},
        {"key": "activation_counters", "label": "Activation counters", "value": 5}]


def test_catalog_of_a_named_system_and_its_save_table(capsys):
    assert main(["catalog", "saves", "--system", "opentactics"]) == 0
    out = capsys.readouterr().out
    assert "Behemoth" in out and "Infantry 5, Cavalry 5, Monster 4, Vehicle 3" in out


def test_catalog_of_an_unknown_system_or_section_is_an_input_error(capsys):
    from designer.systems import system_names

    assert main(["catalog", "--system", "chess"]) == 2
    assert capsys.readouterr().err.strip() == (
        "designer: error: --system: unknown game system 'chess'; choose one of: "
        + ", ".join(system_names()))
    assert main(["catalog", "spells"]) == 2
    assert capsys.readouterr().err.strip() == (
        "designer: error: section: OpenTactics 2nd edition has no catalog section 'spells'; "
        "choose one of: abilities, equipment, types, saves")


def test_the_wrong_kind_of_file_says_which_command_to_use(capsys):
    roster, unit = ROSTERS / "northern-raid.yaml", UNITS / "steam-witch.yaml"
    assert main(["price", str(roster)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"designer: error: {roster}: is a roster (it lists units:), not a unit; use "
        "`designer check` for a force")
    assert main(["check", str(unit)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"designer: error: {unit}: is a unit file, not a roster (it lists no units:); use "
        "`designer price` for a unit")


def test_every_problem_of_a_file_is_reported_at_once(tmp_path, capsys):
    path = tmp_path / "unit.yaml"
    path.write_text("name: X\nathletics: fast\nflight: maybe\n"
                    "skills: {melee: {off_dice: x}}\n")
    assert main(["price", str(path)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"designer: error: {path}: athletics: expected a whole number, got 'fast'; "
        "flight: expected true or false, got 'maybe'; skills.melee.off_dice: expected a "
        "whole number, got 'x'")


@pytest.mark.slow
def test_a_closed_pipe_is_success():
    import subprocess
    import sys

    reader = subprocess.Popen([sys.executable, "-m", "designer", "catalog"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert reader.stdout is not None
    reader.stdout.readline()
    reader.stdout.close()
    assert reader.wait(timeout=30) == 0
    assert reader.stderr is not None and reader.stderr.read() == b""


def test_help_says_what_plain_designer_does_and_what_files_to_give(capsys):
    import pytest

    with pytest.raises(SystemExit):
        main(["--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "With no command, designer opens the designer in the terminal" in out
    with pytest.raises(SystemExit):
        main(["price", "--help"])
    assert "a unit file (its system: key names the game system)" in " ".join(
        capsys.readouterr().out.split())
