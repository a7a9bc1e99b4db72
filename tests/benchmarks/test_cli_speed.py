"""What a user of the commands waits for: fresh processes, each figure a ratio to its
baseline measured in the same run (medians of interleaved runs, so a busy machine slows
both alike).

- `designer price UNIT.yaml` (to a pipe, and with --json) against a minimal script that
  loads the same YAML with CSafeLoader and validates one small pydantic model: ≤ 1.0×
  (no slower than the script), for an example unit of every game system. On a quiet
  machine: 0.81-0.97× for price and 0.84-1.00× for --json; a machine busy with other
  work can push a run past it.
- `designer check` of a 1,000-entry roster against the 12-unit example roster: ≤ 2×.

Run with: pytest tests/benchmarks/test_cli_speed.py --benchmark-only -s
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

from designer.systems import examples_dir
from tests.benchmarks.test_roster_speed import thousand_roster

PRICE_RATIO = 1.0
CHECK_RATIO = 2.0
RUNS = 11

MINIMAL = """\
import sys

import yaml
from pydantic import BaseModel


class Unit(BaseModel):
    name: str
    system: str = "opentactics"


with open(sys.argv[1], encoding="utf-8") as fh:
    data = yaml.load(fh, Loader=yaml.CSafeLoader)
unit = Unit.model_validate({"name": data["name"],
                            "system": data.get("system", "opentactics")})
print(unit.model_dump_json())
"""

#: per system, the example unit priced
UNITS = {"opentactics": "gearwright-walker.yaml", "op-en": "moss.yaml",
         "tactics": "dock-thug.yaml", "openfire": "ash-rangers.yaml"}


def environment(cache: Path) -> dict[str, str]:
    """The user's environment: compiled modules kept (any PYTHONDONTWRITEBYTECODE value,
    even "0", turns that off) and the catalog cache in `cache`."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["DESIGNER_CACHE_DIR"] = str(cache)
    return env


def interleaved(commands: dict[str, list[str]], env: dict[str, str], runs: int = RUNS,
                cwd: Path | None = None) -> dict[str, list[float]]:
    """Wall seconds of each command in fresh processes, the commands taking turns; one
    untimed run of each first (it compiles modules and fills the catalog cache)."""
    for argv in commands.values():
        subprocess.run(argv, capture_output=True, env=env, cwd=cwd, check=False)
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, argv in commands.items():
            start = time.perf_counter()
            done = subprocess.run(argv, capture_output=True, env=env, cwd=cwd, check=False)
            times[name].append(time.perf_counter() - start)
            assert done.returncode in (0, 1), done.stderr
    return times


def figures(samples: list[float]) -> str:
    """'152 ms (140-171)': median, min-max."""
    return (f"{statistics.median(samples) * 1000:.0f} ms ({min(samples) * 1000:.0f}-"
            f"{max(samples) * 1000:.0f})")


def designer(*args: str) -> list[str]:
    return [sys.executable, "-m", "designer", *args]


@pytest.mark.parametrize("name", list(UNITS))
def test_price_start_up(benchmark, tmp_path, name):
    unit = str(examples_dir(name) / "units" / UNITS[name])
    script = tmp_path / "minimal.py"
    script.write_text(MINIMAL)
    commands = {"minimal": [sys.executable, str(script), unit],
                "price": designer("price", unit), "json": designer("price", unit, "--json")}
    times = benchmark.pedantic(interleaved, args=(commands, environment(tmp_path / "cache")),
                               rounds=1, iterations=1)
    base = statistics.median(times["minimal"])
    ratios = {k: statistics.median(times[k]) / base for k in ("price", "json")}
    benchmark.extra_info.update({k: figures(v) for k, v in times.items()})
    benchmark.extra_info.update({f"{k}_ratio": round(v, 2) for k, v in ratios.items()})
    print(f"\n{name}: minimal {figures(times['minimal'])}; price {figures(times['price'])} "
          f"= {ratios['price']:.2f}x; --json {figures(times['json'])} = {ratios['json']:.2f}x")
    assert ratios["price"] <= PRICE_RATIO
    assert ratios["json"] <= PRICE_RATIO


def test_check_a_thousand_entries(benchmark, tmp_path):
    small = str(examples_dir() / "rosters" / "northern-raid.yaml")  # twelve units
    commands = {"twelve": designer("check", small),
                "thousand": designer("check", str(thousand_roster(tmp_path, 4)))}
    times = benchmark.pedantic(interleaved, args=(commands, environment(tmp_path / "cache")),
                               kwargs={"runs": 7}, rounds=1, iterations=1)
    ratio = statistics.median(times["thousand"]) / statistics.median(times["twelve"])
    benchmark.extra_info.update({k: figures(v) for k, v in times.items()})
    benchmark.extra_info["ratio"] = round(ratio, 2)
    print(f"\ncheck: 12 units {figures(times['twelve'])}; 1,000 entries "
          f"{figures(times['thousand'])} = {ratio:.2f}x")
    assert ratio <= CHECK_RATIO
