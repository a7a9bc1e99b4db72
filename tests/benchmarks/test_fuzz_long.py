"""The long fuzz profile: thousands of mutated files built from every bundled example,
each run in-process; any traceback, any exit code but 0/1/2 or an error of more than one
line fails. Run with `pytest tests/benchmarks/test_fuzz_long.py --benchmark-only`."""

from __future__ import annotations

import time

from hypothesis import HealthCheck, given, settings

from tests.fuzz import documents, run

EXAMPLES = 3000
SLOWEST: list[float] = []


@settings(max_examples=EXAMPLES, deadline=10_000, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.too_slow])
@given(documents())
def test_thousands_of_mutated_files(tmp_path, capsys, benchmark, document):
    source, text = document
    folder = tmp_path / "rosters"
    folder.mkdir(exist_ok=True)
    start = time.perf_counter()
    run(source, text, folder, capsys)
    SLOWEST.append(time.perf_counter() - start)
    if len(SLOWEST) == 1:
        benchmark.pedantic(lambda: None, rounds=1, iterations=1)
    if len(SLOWEST) % 500 == 0:
        print(f"\n{len(SLOWEST)} files, slowest {max(SLOWEST):.2f} s")
