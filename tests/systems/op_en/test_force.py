"""The Opposing Force: its file beside the generic roster (treasury as the budget, the
Core Stat, `characters:`), every force check, and its facts, through the CLI as a user
runs it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from designer.cli import main
from designer.errors import InputError
from designer.io import dump_yaml, load_mapping
from designer.roster import load_roster, roster_data
from designer.systems import examples_dir
from tests.systems.op_en.conftest import OPEN, data

ROSTERS = examples_dir("op-en") / "rosters"
UNITS = examples_dir("op-en") / "units"


def character(rank: int, name: str, **fields: Any) -> dict[str, Any]:
    """An inline character of `rank` (the force gives setting and Core Stat)."""
    unit = data(rank=rank, name=name, **fields)
    for key in ("system", "setting", "core_stat"):
        if key not in fields:
            unit.pop(key)
    if rank == 4:
        unit["skills"] = ["Whirl", "Taunt", "Spot Weakness"]
    return unit


def write_force(tmp_path: Path, ranks: list[int], **fields: Any) -> Path:
    """A force of one inline character per rank in `ranks`, each named for its place."""
    units = fields.pop("units", None) or [
        {"unit": character(rank, f"C{i} R{rank}",
                           **({"skills": []} if rank == 3 else {}))}
        for i, rank in enumerate(ranks)]
    roster = {"system": "op-en", "setting": "hollowmere", "name": "Test OF",
              "core_stat": "fight", **fields, "units": units}
    path = tmp_path / "force.yaml"
    path.write_text(dump_yaml({k: v for k, v in roster.items() if v is not None}))
    return path


def check(path: Path, capsys) -> tuple[int, dict[str, Any]]:
    code = main(["check", str(path), "--json"])
    return code, json.loads(capsys.readouterr().out)


def codes(result: dict[str, Any]) -> list[str]:
    return [i["code"] for i in result["errors"] + result["warnings"]]


def test_the_legal_example(capsys):
    code, result = check(ROSTERS / "lantern-company.yaml", capsys)
    assert code == 0 and result["legal"]
    # 132 + 111 + 98 + 81 + 73 + 52 + 62 = 609 of the default treasury 750
    assert (result["budget"], result["points_cap"], result["total"], result["remaining"]) \
        == ("Treasury", 750, 609, 141)
    assert {f["key"]: f["value"] for f in result["facts"]} == {
        "core_stat": "Fight", "rank_4": 1, "rank_3": 2, "rank_2": 2, "rank_1": 2,
        "leader": "Oriel Vane", "engagement_tokens": 2}
    assert result["errors"] == [] and result["warnings"] == []


def test_the_example_breaking_the_rank_1_limit(capsys):
    code, result = check(ROSTERS / "reedmarsh-rabble.yaml", capsys)
    assert code == 1
    assert result["errors"] == [{"code": "E-OPEN-RANK1", "field": "units",
                                 "message": "4 Rank 1 characters in an OF of 6; at most 3 "
                                            "(50%)"}]
    assert codes(result) == ["E-OPEN-RANK1", "W-OPEN-DUPLICATE"]
    assert (result["points_cap"], result["total"]) == (800, 430)


def test_the_books_rank_1_example_nine_allows_four(tmp_path, capsys):
    ranks = [4, 2, 2, 2, 2, 1, 1, 1, 1]
    assert check(write_force(tmp_path, ranks), capsys)[0] == 0
    code, result = check(write_force(tmp_path, [4, 2, 2, 2, 1, 1, 1, 1, 1]), capsys)
    assert code == 1
    assert result["errors"][0]["message"] == \
        "5 Rank 1 characters in an OF of 9; at most 4 (50%)"


def test_exactly_one_rank_4(tmp_path, capsys):
    _, none = check(write_force(tmp_path, [2, 2]), capsys)
    assert codes(none) == ["E-OPEN-RANK4", "W-OPEN-NO-INTELLECT"]
    assert none["errors"][0]["message"] == \
        "0 Rank 4 characters; an OF is led by exactly 1: add one"
    _, two = check(write_force(tmp_path, [4, 4, 2, 2]), capsys)
    assert "E-OPEN-RANK4" in codes(two)
    assert "keep 1" in two["errors"][0]["message"]


def test_at_most_three_rank_3(tmp_path, capsys):
    _, result = check(write_force(tmp_path, [4, 3, 3, 3, 3, 2, 2, 2]), capsys)
    assert codes(result) == ["E-OPEN-RANK3"]
    assert result["errors"][0]["message"] == "4 Rank 3 characters; at most 3: remove 1"


def test_rank_0_is_not_counted(tmp_path, capsys):
    """Two Rank 0 characters (illegal as built characters) do not make room for a second
    Rank 1: the OF counts 3, so at most 1 Rank 1."""
    units = [{"unit": character(4, "Leader")}, {"unit": character(1, "Hand")},
             {"unit": character(1, "Hand II")}, {"unit": character(0, "Bystander"),
                                                 "count": 2}]
    _, result = check(write_force(tmp_path, [], units=units), capsys)
    rank1 = [e for e in result["errors"] if e["code"] == "E-OPEN-RANK1"]
    assert rank1[0]["message"] == "2 Rank 1 characters in an OF of 3; at most 1 (50%)"


def test_each_talent_once_per_of_unless_repeatable(tmp_path, capsys):
    units = [{"unit": character(4, "Leader", skills=["Rally", "Whirl", "Taunt"])},
             {"unit": character(3, "Second", skills=["Whirl"])},
             {"unit": character(3, "Third", skills=["Rally"])},
             {"unit": character(2, "Blade")}]
    _, result = check(write_force(tmp_path, [], units=units), capsys)
    assert codes(result) == ["E-OPEN-ONCE-PER-OF"]
    assert result["errors"][0]["message"] == ("Whirl is taken 2 times (Leader, Second); it is "
                                              "allowed once per OF: keep one")
    assert result["errors"][0]["field"] == "units[1]"  # the entry to take it off


def test_form_grants_and_counts_of_a_talent(tmp_path, capsys):
    """Two Marsh Hulks both have Long Arms free: not a once-per-OF breach; a character
    with a Skill counted twice is."""
    units = [{"unit": character(4, "Leader")},
             {"unit": character(3, "Hulk A", form="Marsh Hulk", skills=[])},
             {"unit": character(3, "Hulk B", form="Marsh Hulk", skills=["Shield Bash"]),
              "count": 2},
             {"unit": character(2, "Blade")}, {"unit": character(2, "Blade II")}]
    _, result = check(write_force(tmp_path, [], units=units), capsys)
    assert codes(result) == ["E-OPEN-ONCE-PER-OF", "W-OPEN-DUPLICATE"]
    assert result["errors"][0]["message"].startswith("Shield Bash is taken 2 times")
    assert result["errors"][0]["field"] == "units[2]"  # one entry of two characters


def test_one_per_of_item(tmp_path, capsys):
    units = [{"unit": character(4, "Leader", equipment=["Hatchet", "Signal Lantern"])},
             {"unit": character(2, "Blade", equipment=["Sling", "Signal Lantern"])}]
    _, result = check(write_force(tmp_path, [], units=units), capsys)
    assert codes(result) == ["E-OPEN-EQUIP-ONCE"]
    assert [(e["field"], e["message"]) for e in result["errors"]] == [
        ("units[1]", "Signal Lantern is taken 2 times (Leader, Blade); it is allowed once "
                     "per OF: keep one")]
    # the screen lists it under Blade's entry, not the whole force's
    force = load_roster(tmp_path / "force.yaml")
    assert [i.code for i in force.issues_by_entry()[1]] == ["E-OPEN-EQUIP-ONCE"]
    assert None not in force.issues_by_entry()


def test_core_stat_of_the_force(tmp_path, capsys):
    ranks = [4, 2]
    _, missing = check(write_force(tmp_path, ranks, core_stat=None), capsys)
    # the inline characters inherit no Core Stat either
    assert "E-OPEN-CORE-STAT" in codes(missing)
    assert [e["message"] for e in missing["errors"] if e["field"] == "core_stat"] == [
        "the OF names no Core Stat; choose one of fight, toughness, shoot, agility, "
        "intellect, grit (core_stat: in the roster file)"]
    _, body = check(write_force(tmp_path, ranks, core_stat="body"), capsys)
    assert "E-OPEN-CORE-STAT" in codes(body)


def test_a_character_built_on_another_core_stat(tmp_path, capsys):
    grit = character(2, "Griffin", core_stat="grit",
                     stats={"grit": 8, "fight": 8, "toughness": 6, "shoot": 6,
                            "agility": 4, "intellect": 4})
    units = [{"unit": character(4, "Leader")}, {"unit": grit}]
    _, result = check(write_force(tmp_path, [], units=units), capsys)
    assert codes(result) == ["E-OPEN-CORE-MISMATCH"]
    assert result["errors"][0] == {
        "code": "E-OPEN-CORE-MISMATCH", "field": "units[1]",
        "message": "Griffin is built on grit, the OF on fight; rebuild it with the Core "
                   "value in fight"}


def test_spending_more_than_the_treasury(tmp_path, capsys):
    """The treasury is the roster's budget: spending past it is E-OPEN-TREASURY."""
    code, result = check(write_force(tmp_path, [4, 2], treasury=100), capsys)
    assert code == 1 and result["points_cap"] == 100
    assert result["errors"][0]["code"] == "E-OPEN-TREASURY"
    assert "over the treasury of 100" in result["errors"][0]["message"]


def test_duplicates_and_no_intellect_warnings(tmp_path, capsys):
    units = [{"unit": character(4, "Leader", stats={"fight": 12, "toughness": 10,
                                                     "shoot": 8, "agility": 8,
                                                     "intellect": 6, "grit": 6})},
             {"unit": character(2, "Blade"), "count": 2},
             {"unit": character(2, "Twin")}, {"unit": character(2, "Twin")}]
    _, result = check(write_force(tmp_path, [], units=units), capsys)
    assert result["legal"]
    assert [(w["code"], w["field"]) for w in result["warnings"]] == [
        ("W-OPEN-DUPLICATE", "units[1].count"), ("W-OPEN-DUPLICATE", "units[3]"),
        ("W-OPEN-NO-INTELLECT", "units")]


def test_characters_and_character_keys_read_as_units(tmp_path, capsys):
    path = tmp_path / "force.yaml"
    path.write_text(
        "system: op-en\nsetting: hollowmere\nname: Spec Keys\ncore_stat: fight\n"
        f"treasury: 700\ncharacters:\n  - {{character: {UNITS / 'oriel-vane.yaml'}}}\n"
        f"  - {{character: {UNITS / 'wick-harrow.yaml'}, count: 1}}\n")
    force = load_roster(path)
    assert [e.tally.total for e in force.entries] == [132, 81]
    assert force.cap == 700 and force.fields == {"setting": "hollowmere",
                                                 "core_stat": "fight", "notes": ""}


def test_the_force_file_round_trips(tmp_path):
    force = load_roster(ROSTERS / "reedmarsh-rabble.yaml")
    written = roster_data(force, ROSTERS)
    assert list(written) == ["system", "setting", "name", "core_stat", "treasury", "units"]
    assert written["treasury"] == 800
    original = load_mapping(ROSTERS / "reedmarsh-rabble.yaml", "roster")
    assert [(u["unit"], u["count"]) for u in written["units"][:4]] == \
        [(u["unit"], u.get("count", 1)) for u in original["units"][:4]]
    inline = written["units"][4]["unit"]
    assert (inline["setting"], inline["core_stat"]) == ("hollowmere", "fight")


def test_no_treasury_means_the_settings_starting_treasury():
    force = load_roster(ROSTERS / "lantern-company.yaml")
    assert force.cap == 750
    assert roster_data(force, ROSTERS)["treasury"] == 750


@pytest.mark.parametrize(("extra", "field", "problem"), [
    ("treasury: 700\npoints_cap: 600\n", "points_cap", "points_cap 600 and treasury 700 "
                                                       "differ; give the treasury only"),
    ("treasury: lots\n", "treasury", "expected a whole number, got 'lots'"),
    ("core_stat: luck\n", "core_stat", "expected one of"),
    ("characters: []\nunits: []\n", "characters", "give characters or units, not both"),
])
def test_bad_force_fields(tmp_path, extra, field, problem):
    path = tmp_path / "force.yaml"
    path.write_text(f"system: op-en\nsetting: hollowmere\nname: Bad\n{extra}")
    if "units" not in extra:
        path.write_text(path.read_text() + "units: []\n")
    with pytest.raises(InputError) as caught:
        load_roster(path)
    assert caught.value.field == field and problem in caught.value.problem
    assert caught.value.file == str(path)


def test_a_new_force_starts_with_the_setting_treasury(hollowmere):
    from designer.roster import new_force

    force = new_force(OPEN, "Fresh")
    assert force.cap == 750 and force.rules.budget.label == "Treasury"
    assert {i.code for i in force.issues} == {"E-OPEN-RANK4", "E-OPEN-CORE-STAT"}
