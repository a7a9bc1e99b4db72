"""What `designer odds` costs, in fresh processes, as ratios to baselines measured in the
same run (medians of interleaved runs, so a busy machine slows both alike):

- the hardest matchups the --set limits allow (every support term at 6, cover both
  sides, the higher ground, three dice a pool with bumps, B free to retaliate), with
  the abilities that add the most work (two Duelists with Hex and Venomous; assault
  variants with every elemental type to add; Hex and Venomous with the 20 bumps a pool
  the unit file allows, - bumps among them), each at most 3x `designer price`;
- a 1,000-entry roster against itself (--field), at most 20x `designer check` of it.

Run with: pytest tests/benchmarks/test_odds_speed.py --benchmark-only -s
"""

from __future__ import annotations

import resource
import statistics
import subprocess

import pytest

from designer.io import dump_yaml
from tests.benchmarks.test_cli_speed import designer, environment, figures, interleaved
from tests.benchmarks.test_roster_speed import thousand_roster

ODDS_RATIO = 3.0
FIELD_RATIO = 20.0
LIMITS = ["support_off_a=6", "support_def_a=6", "support_off_b=6", "support_def_b=6",
          "cover_a=1", "cover_b=1", "higher_a=1"]
POOLS = {"off_dice": 3, "off_bumps": [1, 2], "def_dice": 3, "def_bumps": [-1, 2]}
#: every bump value the rules allow, 20 a pool (the unit file's most)
MANY_BUMPS = {"off_dice": 3, "off_bumps": [1, 2, -1, 3, 4] * 4,
              "def_dice": 3, "def_bumps": [-1, 1, 1, 2, -1] * 4}


def _unit(name: str, skill: str, abilities: list, types: list, reach: int = 1,
          pools: dict = POOLS) -> dict:
    return {"system": "opentactics", "name": name, "types": ["Infantry", *types],
            "athletics": 4, "skills": {skill: {**pools, "range": reach},
                                       "arcane": {"range": 3} if skill != "arcane" else
                                       {**pools, "range": reach}},
            "abilities": abilities}


#: name: (A, B, skill, terms)
HARDEST = {
    "terms": (_unit("A", "melee", [], []), _unit("B", "melee", [], []), "melee", LIMITS),
    "duelists": (_unit("A", "melee", ["Duelist", "Frenzy", "Hex"], ["Living"]),
                 _unit("B", "melee", ["Duelist", "Stout", "Venomous"], ["Living"]),
                 "melee", [t for t in LIMITS if not t.startswith("support_def")]),
    "hex": (_unit("A", "melee", ["Hex", "Venomous", "Fate Weaver"], ["Living"]),
            _unit("B", "melee", ["Hex", "Venomous", "Stout"], ["Living"]), "melee", LIMITS),
    "bumps": (_unit("A", "melee", ["Hex", "Venomous", "Fate Weaver"], ["Living"],
                    pools=MANY_BUMPS),
              _unit("B", "melee", ["Hex", "Venomous", "Stout"], ["Living"], pools=MANY_BUMPS),
              "melee", LIMITS),
    "variants": (_unit("A", "arcane", ["Aurora", "Shock", "Freeze"],
                       ["Living", "Fire", "Frost", "Lightning", "Water"], reach=4),
                 _unit("B", "arcane", ["Fate Weaver"], ["Living", "Earth", "Wood", "Undead"],
                       reach=4), "arcane", LIMITS),
}


@pytest.mark.parametrize("name", list(HARDEST))
def test_the_hardest_matchups_take_at_most_three_prices(benchmark, tmp_path, name):
    a_data, b_data, skill, terms = HARDEST[name]
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text(dump_yaml(a_data))
    b.write_text(dump_yaml(b_data))
    sets = [x for term in terms for x in ("--set", term)]
    commands = {"price": designer("price", str(a)),
                "odds": designer("odds", str(a), str(b), "--skill", skill, *sets)}
    times = benchmark.pedantic(interleaved, args=(commands, environment(tmp_path / "cache")),
                               kwargs={"runs": 7}, rounds=1, iterations=1)
    ratio = statistics.median(times["odds"]) / statistics.median(times["price"])
    benchmark.extra_info.update({k: figures(v) for k, v in times.items()})
    benchmark.extra_info["ratio"] = round(ratio, 2)
    print(f"\n{name}: price {figures(times['price'])}; odds {figures(times['odds'])} "
          f"= {ratio:.2f}x")
    assert ratio <= ODDS_RATIO


def test_a_thousand_entries_against_themselves(benchmark, tmp_path):
    roster = str(thousand_roster(tmp_path, 4))
    commands = {"check": designer("check", roster),
                "field": designer("odds", roster, "--field", roster)}
    times = benchmark.pedantic(interleaved, args=(commands, environment(tmp_path / "cache")),
                               kwargs={"runs": 3}, rounds=1, iterations=1)
    ratio = statistics.median(times["field"]) / statistics.median(times["check"])
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    subprocess.run(commands["field"], capture_output=True, env=environment(tmp_path / "cache"),
                   check=True)
    peak_mb = max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) / 1024
    benchmark.extra_info.update({k: figures(v) for k, v in times.items()})
    benchmark.extra_info.update({"ratio": round(ratio, 2), "peak_mb": round(peak_mb)})
    print(f"\n1,000 x 1,000: check {figures(times['check'])}; --field "
          f"{figures(times['field'])} = {ratio:.2f}x; peak {peak_mb:.0f} MB")
    assert ratio <= FIELD_RATIO
    assert peak_mb < 400
