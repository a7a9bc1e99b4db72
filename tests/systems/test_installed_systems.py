"""Systems installed as packages install them: the registry finds the four bundled ones
and any other declared under the entry-point group `designer.systems`, and refuses what
is not a game system; the toy system, installed so, through the command line (priced,
checked, exported, its entries' own fields read and checked)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from designer.cli import main
from designer.errors import InputError
from designer.export import export_path
from designer.roster import load_roster
from designer.systems import examples_dir, system, system_names
from tests.plugins import installed

ROOT = Path(__file__).resolve().parents[2]

def test_the_registry_knows_only_real_systems_until_one_is_installed(tmp_path):
    names = system_names()
    assert names[:4] == ("opentactics", "op-en", "tactics", "openfire")
    assert "toy" not in names
    assert [system(name).NAME for name in names] == list(names)
    with installed("toy", "tests.systems.toy:SYSTEM", tmp_path):
        assert system_names() == (*names, "toy")
        assert system("toy").TITLE == "Toy Skirmish"
    assert "toy" not in system_names()
    with pytest.raises(InputError) as caught:
        system("toy")
    assert caught.value.field == "system"


def test_the_bundled_systems_are_the_entry_points_pyproject_declares():
    """The registry finds the four without reading metadata (BUNDLED); the entry points a
    package manager installs must say the same."""
    import tomllib

    from designer.systems.registry import BUNDLED

    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert data["project"]["entry-points"]["designer.systems"] == BUNDLED


def test_a_declared_entry_point_that_is_no_game_system_is_refused(tmp_path):
    with installed("broken", "tests.systems.toy:TRICKS", tmp_path):
        assert "broken" in system_names()
        with pytest.raises(InputError) as caught:
            system("broken")
    assert caught.value.field == "system"
    assert "not a game system" in caught.value.problem


def test_toy_prices_in_the_cli(toy, capsys):
    units, _ = toy
    assert main(["price", str(units[0])]) == 0
    assert "Juggler: 5 points, legal" in capsys.readouterr().out
    assert main(["price", str(units[1]), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["total"] == 10
    assert [line["item"] for line in data["breakdown"]] == ["Size 4", "Trick: vanish",
                                                            "Trick: juggle"]


def test_toy_force_has_its_budget_facts_and_checks(toy, tmp_path, capsys):
    _, rosters = toy
    assert main(["check", str(rosters[0])]) == 0
    out = capsys.readouterr().out
    assert "Total 11 of 20 points: 9 remaining" in out
    assert "Toys 3" in out
    twice = tmp_path / "twice.yaml"
    twice.write_text("system: toy\nname: Twice\ntheme: circus\nunits:\n"
                     "  - {unit: units/juggler.yaml}\n  - {unit: units/juggler.yaml}\n",
                     encoding="utf-8")
    assert main(["check", str(twice), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert [e["code"] for e in data["errors"]] == ["E-TOY-TWICE"]
    assert data["toys"] == 2 and data["budget"] == "Toy box"


def test_toy_bad_input_names_file_and_field(toy, tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("system: toy\nname: Bad\ntricks: [fly]\n", encoding="utf-8")
    assert main(["price", str(bad)]) == 2
    assert capsys.readouterr().err.strip() == \
        f"designer: error: {bad}: tricks[0]: unknown trick 'fly'"


def test_toy_text_export_draws_its_card(toy, tmp_path):
    units, _ = toy
    text = export_path(units[1], "txt", out=tmp_path).read_text(encoding="utf-8")
    assert "Ghost" in text and "10 points" in text
    assert "vanish" in text and "Is not there any more." in text


def test_a_unit_of_another_system_in_a_roster_is_refused(toy, tmp_path, capsys):
    ot_unit = examples_dir() / "units" / "steam-witch.yaml"
    mixed = tmp_path / "mixed.yaml"
    mixed.write_text(f"system: toy\nname: Mixed\nunits:\n  - {{unit: {ot_unit}}}\n",
                     encoding="utf-8")
    assert main(["check", str(mixed)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"designer: error: {mixed}: units[0].unit: unit is for opentactics, the roster "
        "for toy")


def test_toy_entry_fields_are_checked_and_read_back(toy, tmp_path, capsys):
    """The toy's entries keep a role and encores: two leads are a finding of the second
    entry, and a role the system does not offer is refused where the file writes it."""
    _, rosters = toy
    force = load_roster(rosters[0])
    assert [e.fields for e in force.entries] == [{"role": "lead", "encores": 1}, {}]
    assert {f.key: f.value for f in force.facts()} == {"toys": 3, "leads": 1, "encores": 2}
    leads = tmp_path / "leads.yaml"
    leads.write_text("system: toy\nname: Leads\ntheme: circus\nunits:\n"
                     "  - {unit: units/juggler.yaml, role: lead}\n"
                     "  - {unit: units/ghost.yaml, role: lead, encores: 2}\n",
                     encoding="utf-8")
    assert main(["check", str(leads), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert [(e["code"], e["field"], e["message"]) for e in data["errors"]] == [
        ("E-TOY-LEAD", "units[1].role", "Ghost is a second lead act; make it a support act")]
    bad = tmp_path / "bad-role.yaml"
    bad.write_text("system: toy\nname: Bad\nunits:\n  - {unit: units/ghost.yaml, "
                   "role: clown}\n", encoding="utf-8")
    assert main(["check", str(bad)]) == 2
    assert capsys.readouterr().err.strip() == \
        f"designer: error: {bad}: units[0].role: unknown role 'clown'"
