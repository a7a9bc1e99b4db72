"""Points efficiency against a field, and `designer odds` in the CLI."""

from __future__ import annotations

import io
import json
import time
from contextlib import redirect_stdout
from fractions import Fraction
from pathlib import Path

import pytest

from designer.cli import main
from designer.errors import InputError
from designer.matchup import (
    Opponent,
    bundled_field,
    engage_options,
    field_report,
    require_engage,
)
from designer.systems import EngageOptions, examples_dir, system
from designer.systems.opentactics.contest import clear_caches

OT = system("opentactics")
UNITS = examples_dir("opentactics") / "units"


def unit(name: str, **skills):
    data = {"system": "opentactics", "name": name, "types": ["Infantry"], "athletics": 4,
            "skills": skills}
    catalog = OT.bundled_catalog()
    return OT.assess(OT.parse_unit(data, catalog), catalog)


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


SPEAR = {"off_dice": 1, "def_dice": 1, "range": 1}


def test_a_field_report_weighs_each_opponent_by_its_count():
    a = unit("Spear", melee=SPEAR)
    wall = unit("Wall", melee={"def_dice": 1})  # no OFF dice: no retaliation
    bare = unit("Bare", melee={"off_dice": 1, "range": 1})  # no DEF dice: always falls
    report = field_report(OT, a, [Opponent("Wall", wall, 3), Opponent("Bare", bare, 1)],
                          EngageOptions())
    (melee,) = report.modes
    # 3 x 15/36 and 1 x 1 over 4 opponents; falls only to Bare's retaliation, 15/36
    assert melee.win == (3 * Fraction(15, 36) + 1) / 4 == Fraction(27, 48)
    assert melee.loss == Fraction(15, 36) / 4
    assert report.points == a.tally.total
    assert report.points_per_win(melee) == Fraction(a.tally.total) * Fraction(48, 27)
    data = report.as_dict()
    assert data["modes"][0]["win"]["exact"] == "9/16"
    assert [m["opponent"] for m in data["modes"][0]["matchups"]] == ["Wall", "Bare"]


def test_a_mode_that_cannot_reach_an_opponent_skips_it():
    tinker = unit("Tinker", technical={"off_dice": 1, "range": 1})
    plain = unit("Plain", technical={"def_dice": 1})
    report = field_report(OT, tinker, [Opponent("Plain", plain)], EngageOptions())
    assert report.modes[0].skipped == ("Plain",)
    assert report.modes[0].win == 0 and report.points_per_win(report.modes[0]) is None


def test_the_bundled_field_is_every_example():
    field = bundled_field(OT)
    assert len(field) == len(list(UNITS.glob("*.yaml"))) == 10
    assert {o.name for o in field} >= {"Iron Lancer", "Sky Corsair"}


def test_systems_without_odds_say_so():
    with pytest.raises(InputError, match="TACTICS has no matchup odds"):
        require_engage(system("tactics"))
    assert system("op-en").engage(None, None, EngageOptions()) is None  # type: ignore[arg-type]


def test_terms_parse_as_key_equals_whole_number():
    options = engage_options("melee", 2, "never", ["cover_b=1", "support_off_a=2"], OT)
    assert options == EngageOptions("melee", 2, "never",
                                    (("cover_b", 1), ("support_off_a", 2)))
    with pytest.raises(InputError, match="unknown matchup term 'shade'"):
        engage_options(terms=["shade=1"], game=OT)
    with pytest.raises(InputError, match="KEY=N"):
        engage_options(terms=["cover_b=yes"], game=OT)
    with pytest.raises(InputError, match="range is a whole number"):
        engage_options(distance=-1)


# --- the CLI ----------------------------------------------------------------------------

def run(args: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(args)
    return code, out.getvalue()


def test_odds_json_gives_exact_fractions(tmp_path):
    a = write(tmp_path, "a.yaml", "system: opentactics\nname: A\ntypes: [Infantry]\n"
              "skills: {melee: {off_dice: 1, range: 1}}\n")
    b = write(tmp_path, "b.yaml", "system: opentactics\nname: B\ntypes: [Infantry]\n"
              "skills: {melee: {def_dice: 1}}\n")
    code, out = run(["odds", str(a), str(b), "--json"])
    assert code == 0
    (melee,) = json.loads(out)
    assert melee["win"] == "5/12" and melee["loss"] == "0"
    assert {o["key"]: o["exact"] for o in melee["outcomes"]} == {
        "b_falls": "5/12", "a_falls": "0", "both": "0", "neither": "7/12"}
    code, out = run(["odds", str(a), str(b), "--set", "cover_b=1", "--json"])
    # B re-rolls a losing DEF die: sum over o of (o-1)^2/6, over 36 = 55/216
    assert json.loads(out)[0]["win"] == "55/216"


def test_odds_prints_a_table_and_a_field(capsys):
    code, out = run(["odds", str(UNITS / "iron-lancer.yaml"), str(UNITS / "sky-corsair.yaml")])
    assert code == 0 and "Sky Corsair defeated" in out and "1351/2592" in out
    code, out = run(["odds", str(UNITS / "iron-lancer.yaml"), "--field", "--json"])
    data = json.loads(out)
    assert code == 0 and data["units"][0]["modes"][0]["opponents"] == 10
    roster = examples_dir("opentactics") / "rosters" / "northern-raid.yaml"
    code, out = run(["odds", str(roster), "--field", str(roster)])
    assert code == 0 and "Points/win" in out and "War Hound" in out


def test_odds_refuses_what_does_not_apply(tmp_path, capsys):
    tactics = next((examples_dir("tactics") / "units").glob("*.yaml"))
    openfire = next((examples_dir("openfire") / "units").glob("*.yaml"))
    lancer = str(UNITS / "iron-lancer.yaml")
    for args, message in [
        ([str(tactics), str(tactics)], "TACTICS has no matchup odds"),
        ([lancer, str(openfire)], "is of Open Fire 0.3"),
        ([lancer], "name the unit attacked"),
        ([lancer, lancer, "--range", "7"], "out of it"),
        ([lancer, lancer, "--skill", "arcane"], "cannot assault in Arcane"),
    ]:
        assert main(["odds", *args]) == 2
        err = capsys.readouterr().err
        assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_odds_on_two_bundled_units_answers_in_under_100_ms():
    lancer, corsair = str(UNITS / "iron-lancer.yaml"), str(UNITS / "sky-corsair.yaml")
    run(["odds", lancer, corsair])  # start-up: imports, catalog
    clear_caches()
    start = time.perf_counter()
    code, _ = run(["odds", str(UNITS / "mountain-titan.yaml"), str(UNITS / "cinder-drake.yaml")])
    assert code == 0 and time.perf_counter() - start < 0.1
