"""Speed of the core. Run with: pytest tests/benchmarks --benchmark-only"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time

import pytest

from designer.systems import examples_dir, system
from designer.units import load_unit_file

OT = system("opentactics")

UNIT = examples_dir() / "units" / "gearwright-walker.yaml"  # two items, two abilities


EXAMPLES = sorted((examples_dir() / "units").glob("*.yaml"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_price_a_loaded_unit(benchmark, catalog, path):
    unit = load_unit_file(path).unit
    tally = benchmark(OT.assess, unit, catalog).tally
    assert tally.legal
    assert benchmark.stats.stats.median <= 50e-6


def test_price_a_heavy_unit(benchmark, catalog):
    """Three abilities (two with formulas), two items, five types: the designer's worst
    everyday case, reported beside the examples."""
    unit = OT.parse_unit({
        "name": "Bench", "types": ["Cavalry", "Human", "Living", "Mage", "Soldier"],
        "athletics": 8, "flight": True,
        "skills": {"melee": {"off_dice": 2, "off_bumps": [1], "def_dice": 2, "range": 1},
                   "ballistic": {"off_dice": 1, "def_dice": 2},
                   "arcane": {"off_dice": 2, "def_dice": 1, "range": 3},
                   "technical": {"def_dice": 1}},
        "equipment": [{"item": "Shield"}, {"item": "Bow or Crossbow", "range": 6}],
        "abilities": [{"name": "Stealth", "rank": 2}, "Hex", {"name": "Blaze", "rank": 2}],
    }, catalog)
    tally = benchmark(OT.assess, unit, catalog).tally
    assert tally.total == 72
    assert benchmark.stats.stats.median <= 50e-6


def _median_seconds(cmd: list[str], runs: int = 11) -> float:
    # compiled modules kept, as a user has them: any PYTHONDONTWRITEBYTECODE, even "0",
    # turns that off
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(cmd, capture_output=True, env=env, check=False)  # warm the disk cache
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, capture_output=True, env=env, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def test_price_process_start(benchmark):
    """`designer price` as a fresh process, against processes that load its libraries.

    `python -c "import yaml, pydantic"` imports pydantic lazily (no model machinery), so a
    program that validates even one pydantic model cannot come within 2x of it; the
    comparison that measures our own start-up is against loading yaml and BaseModel.
    """
    price = [sys.executable, "-m", "designer", "price", str(UNIT), "--json"]
    ours = benchmark.pedantic(_median_seconds, args=(price,), rounds=1, iterations=1)
    lazy = _median_seconds([sys.executable, "-c", "import yaml, pydantic"])
    loaded = _median_seconds([sys.executable, "-c", "import yaml; from pydantic import BaseModel"])
    benchmark.extra_info.update(price_s=round(ours, 3), import_yaml_pydantic_s=round(lazy, 3),
                                import_basemodel_s=round(loaded, 3),
                                ratio_lazy=round(ours / lazy, 2),
                                ratio_loaded=round(ours / loaded, 2))
    print(f"\ndesigner price: {ours * 1000:.0f} ms; import yaml, pydantic: {lazy * 1000:.0f} ms "
          f"({ours / lazy:.2f}x); with BaseModel: {loaded * 1000:.0f} ms "
          f"({ours / loaded:.2f}x)")
    assert ours <= 2 * loaded
