"""Points efficiency against a field, fair points, and `designer odds` in the CLI."""

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
from designer.facing import Opponent, matchups_of
from designer.io import dump_yaml
from designer.matchup import bundled_field, engage_options, field_report, force_report
from designer.systems import EngageOptions, Matchups, examples_dir, system
from designer.systems.opentactics.odds import clear_caches

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
    assert [(d["names"], d["count"]) for d in data["modes"][0]["designs"]] == [
        (["Wall"], 3), (["Bare"], 1)]


def test_a_mode_that_cannot_reach_an_opponent_skips_it():
    tinker = unit("Tinker", technical={"off_dice": 1, "range": 1})
    plain = unit("Plain", technical={"def_dice": 1})
    report = field_report(OT, tinker, [Opponent("Plain", plain)], EngageOptions())
    assert report.modes[0].skipped == ("Plain",)
    assert report.modes[0].win == 0 and report.points_per_win(report.modes[0]) is None


def test_fair_points_are_the_fields_median_price_of_a_win_times_the_chance_to_win():
    spear = unit("Spear", melee=SPEAR)
    brute = unit("Brute", melee={"off_dice": 2, "def_dice": 1, "range": 1})
    wall = unit("Wall", melee={"def_dice": 2})  # never wins: it has no points per win
    field = [Opponent("Spear", spear, 1), Opponent("Brute", brute, 2),
             Opponent("Wall", wall, 2)]
    (spear_r, brute_r, wall_r) = force_report(OT, [spear, brute, wall], field)
    paid = {}
    for r in (spear_r, brute_r):
        (mode,) = r.modes
        paid[r.name] = Fraction(r.points) / mode.win
    assert wall_r.modes == () or all(m.win == 0 for m in wall_r.modes)
    # five units by count: Spear 1, Brute 2, Wall 2 (never wins: dearest); half the
    # field is 5/2 units: sorted by price, the median is where the count reaches 5/2
    ordered = [*sorted([(paid["Spear"], 1), (paid["Brute"], 2)]), (None, 2)]
    seen, median = 0, None
    for price, count in ordered:
        seen += count
        if seen >= Fraction(5, 2):
            median = price
            break
    assert spear_r.median == brute_r.median == median is not None
    (mode,) = spear_r.modes
    assert spear_r.fair_points(mode) == median * mode.win
    # the dearer unit is the one whose points exceed its fair points
    for r in (spear_r, brute_r):
        (mode,) = r.modes
        assert (r.points > r.fair_points(mode)) == (paid[r.name] > median)


def test_a_field_of_repeats_costs_what_its_distinct_designs_cost(monkeypatch):
    spear, brute = unit("Spear", melee=SPEAR), unit("Brute", melee={"off_dice": 2,
                                                                     "range": 1})
    renamed = unit("Spear II", melee=SPEAR)  # another name, the same design
    field = [Opponent("Spear", spear, 3), Opponent("Brute", brute, 5),
             Opponent("Spear II", renamed, 2)] * 40
    calls = []
    real = type(OT).engage

    def counted(self, a, b, options):
        calls.append((a.name, b.name))
        return real(self, a, b, options)

    monkeypatch.setattr(type(OT), "engage", counted)
    reports = force_report(OT, [spear, brute, renamed] * 30, field)
    # two designs: each attacks each once (the median and the reports share the work)
    assert len(calls) == 2 * 2
    assert len(reports) == 90
    (mode,) = reports[0].modes
    assert [(f.names, f.count) for f in mode.faced] == [(("Spear", "Spear II"), 200),
                                                        (("Brute",), 200)]


def test_the_bundled_field_is_every_example():
    field = bundled_field(OT)
    assert len(field) == len(list(UNITS.glob("*.yaml"))) == 10
    assert {o.name for o in field} >= {"Iron Lancer", "Sky Corsair"}


def test_systems_without_odds_say_so():
    with pytest.raises(InputError, match="TACTICS has no matchup odds"):
        matchups_of(system("tactics"))
    assert system("op-en").capability(Matchups) is None
    with pytest.raises(InputError) as caught:
        matchups_of(system("op-en"))
    assert caught.value.problem == ("Op-En (Oppose - Engage) has no matchup odds (its rules "
                                    "make none exact)")


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


def test_odds_prints_a_table_the_abilities_and_a_field(capsys):
    code, out = run(["odds", str(UNITS / "iron-lancer.yaml"),
                     str(UNITS / "mountain-titan.yaml")])
    assert code == 0 and "Mountain Titan defeated" in out and "7733/62208" in out
    assert "Stout" in out and "applied" in out and "Trample" in out and "outside" in out
    code, out = run(["odds", str(UNITS / "iron-lancer.yaml"), "--field", "--json"])
    data = json.loads(out)
    assert code == 0 and data["units"][0]["modes"][0]["opponents"] == 10
    assert data["units"][0]["modes"][0]["fair_points"]["exact"]
    roster = examples_dir("opentactics") / "rosters" / "northern-raid.yaml"
    code, out = run(["odds", str(roster), "--field", str(roster)])
    assert code == 0 and "Pts/win" in out and "Fair pts" in out and "War Hound" in out


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
        ([lancer, lancer, "--set", "shock=1"], "asks for an assault Iron Lancer cannot"),
        ([lancer, lancer, "--set", "cover_b=2"], "cover_b is 2; give a whole number from 0"),
        ([str(openfire), str(openfire), "--retaliation", "never"], "has no retaliation"),
    ]:
        assert main(["odds", *args]) == 2
        err = capsys.readouterr().err
        assert message in err and err.count("\n") == 1 and "Traceback" not in err


HOSTILE = "Evil\x1b]8;;https://x.test\x07\x1b[31m\u202eNa\u0085me"


def test_hostile_names_never_reach_the_terminal(tmp_path, monkeypatch):
    a = write(tmp_path, "a.yaml", dump_yaml({
        "system": "opentactics", "name": HOSTILE, "types": ["Infantry"],
        "skills": {"melee": SPEAR}}))
    monkeypatch.setenv("TTY_COMPATIBLE", "1")  # a terminal: rich styles its own text
    for args in ([str(a), str(a)], [str(a), "--field"], [str(a), str(a), "--json"],
                 [str(a), "--field", "--json"]):
        code, out = run(["odds", *args])
        assert code == 0
        for raw in ("\x1b]", "\x07", "\u202e", "\x85", "\x1b[31m"):
            assert raw not in out, (args, raw)
        assert "Evil" in out
    code, out = run(["odds", str(a), str(a), "--json"])
    assert json.loads(out)[0]["title"].startswith(f"{HOSTILE} assaults")  # escaped, intact


def test_the_field_bar_shows_only_on_a_terminal_after_a_second(monkeypatch, capsys):
    from designer.cli import matchups

    clock = [100.0]
    monkeypatch.setattr(matchups.time, "monotonic", lambda: clock[0])
    started = []

    class FakeProgress:
        def __init__(self, *columns, console=None, transient=False):
            started.append(transient)

        def start(self):
            pass

        def add_task(self, name, total):
            return 1

        def update(self, task, completed, total):
            started.append((completed, total))

        def stop(self):
            started.append("stopped")

    monkeypatch.setattr("rich.progress.Progress", FakeProgress)
    for terminal in (False, True):
        started.clear()
        monkeypatch.setattr(matchups, "_stderr_is_terminal", lambda t=terminal: t)
        bar = matchups._Bar()
        bar(1, 10)  # at once: no bar
        clock[0] += 1.5
        bar(2, 10)  # past a second: a bar, on a terminal only
        bar.close()
        assert started == ([True, (2, 10), "stopped"] if terminal else [])


@pytest.mark.slow
def test_odds_on_two_bundled_units_answers_in_under_100_ms():
    """The best of three runs, each with cold caches: a busy machine's pauses make one
    run slow, never all three."""
    lancer, corsair = str(UNITS / "iron-lancer.yaml"), str(UNITS / "sky-corsair.yaml")
    run(["odds", lancer, corsair])  # start-up: imports, catalog
    titan, drake = str(UNITS / "mountain-titan.yaml"), str(UNITS / "cinder-drake.yaml")
    times = []
    for _ in range(3):
        clear_caches()
        start = time.perf_counter()
        code, _ = run(["odds", titan, drake])
        times.append(time.perf_counter() - start)
        assert code == 0
    assert min(times) < 0.1, times


def test_the_fields_price_of_a_win_is_the_same_whatever_mode_the_unit_uses():
    field = bundled_field(OT)
    warden = next(o.assessment for o in field if o.name == "Ash Warden")
    (free,) = force_report(OT, [warden], field)
    (melee,) = force_report(OT, [warden], field, EngageOptions("melee"))
    assert free.median == melee.median is not None
    assert [m.mode for m in melee.modes] == ["melee"]
    assert melee.fair_points(melee.modes[0]) == free.fair_points(free.modes[0])


def test_no_retaliation_still_means_retaliation_never(capsys):
    from designer.cli import build_parser

    parser = build_parser()
    args = parser.parse_args(["odds", "a.yaml", "b.yaml", "--no-retaliation"])
    assert args.retaliation == "never"
    assert parser.parse_args(["odds", "a.yaml", "b.yaml"]).retaliation == "best"


def test_fair_points_need_a_one_percent_chance_to_win():
    from rich.console import Console

    from designer.facing import Faced, FieldReport, ModeReport
    from designer.render_odds import field_renderable

    # a sliver of a chance: no points per win, no fair points, though the field has a price
    sliver = ModeReport("Scattergun", (Faced(("Foe",), 1, Fraction(1, 2000), Fraction(0)),))
    fine = ModeReport("Spear", (Faced(("Foe",), 1, Fraction(1, 4), Fraction(0)),))
    reports = [FieldReport("Sliver", 52, (sliver,), Fraction(120)),
               FieldReport("Fine", 30, (fine,), Fraction(120))]
    console = Console(width=120, record=True)
    console.print(field_renderable(reports, "the field"))
    lines = console.export_text().splitlines()
    (sliver_row,) = [x for x in lines if "Sliver" in x]
    (fine_row,) = [x for x in lines if "Fine" in x]
    cells = [[c.strip() for c in row.split("│")] for row in (sliver_row, fine_row)]
    assert cells[0][-2:] == ["—", "—"] and cells[0][3] == "<0.1%"
    assert cells[1][-2:] == ["120", "30.0"]  # 30 / (1/4); 120 x 1/4


def test_a_field_that_hardly_wins_sets_no_price_for_a_win():
    # Open Fire: one attack by each model hardly ever destroys a unit of the field
    pickers = str(examples_dir("openfire") / "units" / "scrap-pickers.yaml")
    code, out = run(["odds", pickers, "--field", "--json"])
    (report,) = json.loads(out)["units"]
    assert code == 0 and report["field_median_points_per_win"] is None
    assert all(Fraction(m["win"]["exact"]) < Fraction(1, 100) for m in report["modes"])
    code, out = run(["odds", pickers, "--field"])
    words = " ".join(out.split())
    assert code == 0 and "its median" not in words and "sets no price for a win" in words
