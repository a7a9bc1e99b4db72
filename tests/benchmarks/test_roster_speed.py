"""Speed of force checks. Run with: pytest tests/benchmarks --benchmark-only"""

from __future__ import annotations

import time

import pytest

from designer.io import dump_yaml, load_yaml
from designer.roster import load_roster, parse_roster
from designer.systems import examples_dir

UNITS = sorted((examples_dir() / "units").glob("*.yaml"))


def thousand_roster(tmp_path, inline_every: int, entries: int = 1000):
    """A roster of `entries` units; every `inline_every`-th one inline (a distinct variation),
    the rest references to the example unit files."""
    inline = [load_yaml(path) for path in UNITS]
    units = []
    for i in range(entries):
        if i % inline_every:
            units.append({"unit": str(UNITS[i % len(UNITS)]), "count": 1 + i % 3})
        else:
            data = dict(inline[i % len(inline)])
            data["name"] = f"{data['name']} {i}"
            data["athletics"] = data.get("athletics", 0) + i % 5
            units.append({"unit": data, "count": 1})
    path = tmp_path / "big.yaml"
    path.write_text(dump_yaml({"system": "opentactics", "name": "Horde", "points_cap": 100000,
                               "units": units}))
    return path


def _check(path):
    force = load_roster(path)
    return force, force.as_dict()


@pytest.mark.parametrize("inline_every", [4, 1000], ids=["quarter-inline", "files"])
def test_check_a_thousand_unit_roster(benchmark, tmp_path, inline_every):
    """From the file on disk to the checked force with its JSON-ready summary."""
    path = thousand_roster(tmp_path, inline_every)
    force, summary = benchmark.pedantic(_check, args=(path,), rounds=5, iterations=1)
    assert len(force.entries) == 1000
    assert summary["total"] == force.total > 0
    assert benchmark.stats.stats.median <= 0.5


def test_check_a_thousand_distinct_inline_units(benchmark, tmp_path):
    """The worst case: a 550 kB file of 1,000 different inline units. Reading the YAML
    (PyYAML's constructor is pure Python) is timed apart from the check itself."""
    path = thousand_roster(tmp_path, 1)
    start = time.perf_counter()
    data = load_yaml(path)
    benchmark.extra_info["yaml_load_s"] = round(time.perf_counter() - start, 3)
    force = benchmark.pedantic(lambda: parse_roster(data, file=path), rounds=5, iterations=1)
    assert force.as_dict()["units"] == 1000
    assert benchmark.stats.stats.median <= 0.5
