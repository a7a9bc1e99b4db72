"""Property: no mutated unit or roster file makes a command crash, hang or print more than
one line of error (a short run; tests/benchmarks/test_fuzz_long.py runs thousands)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from tests.fuzz import documents, run


@settings(max_examples=120, deadline=2000, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.too_slow])
@given(documents())
def test_no_mutated_file_crashes_a_command(tmp_path, capsys, document):
    source, text = document
    folder = tmp_path / "rosters"
    folder.mkdir(exist_ok=True)
    run(source, text, folder, capsys)
