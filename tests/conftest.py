"""Shared fixtures. The benchmark folder runs only when asked for (--benchmark-only)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from designer.systems import bundled_catalog, examples_dir, system

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = examples_dir()
OT = system("opentactics")


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    if collection_path.name == "benchmarks" and not config.getoption("benchmark_only",
                                                                       default=False):
        return True
    return None


@pytest.fixture(scope="session")
def cache_folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("cache")


@pytest.fixture(autouse=True)
def settings_file(tmp_path_factory, cache_folder, monkeypatch) -> Path:
    """Every test has its own settings file (none at first), never the user's, and the
    run's own catalog cache, never the user's."""
    path = tmp_path_factory.mktemp("config") / "config.yaml"
    monkeypatch.setenv("DESIGNER_CONFIG", str(path))
    monkeypatch.setenv("DESIGNER_CACHE_DIR", str(cache_folder))
    return path


@pytest.fixture(scope="session")
def catalog() -> Any:
    return bundled_catalog("opentactics")


@pytest.fixture
def make_unit(catalog):
    """A unit from keyword fields, validated as a unit file would be."""

    def make(**fields: Any) -> Any:
        fields.setdefault("name", "Test Unit")
        return OT.parse_unit(fields, catalog)

    return make


@pytest.fixture
def price(catalog):
    def run(unit: Any):
        return OT.assess(unit, catalog).tally

    return run


@pytest.fixture(autouse=True)
def marked_for_what_it_does(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
                            ) -> None:
    """The inner loop (`pytest -m "not tui and not slow"`) stays fast only while every test
    that drives the app is marked `tui` and every one that starts a process is marked
    `slow` (or `tui`): an unmarked test doing either fails here, naming the mark it needs."""
    marks = {mark.name for mark in request.node.iter_markers()}
    if marks & {"tui", "slow"}:
        return
    import subprocess

    from textual.app import App

    def no_process(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("this test starts a process: mark it @pytest.mark.slow")

    def no_app(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("this test drives the app: mark it @pytest.mark.tui")

    monkeypatch.setattr(subprocess.Popen, "__init__", no_process)
    monkeypatch.setattr(App, "run_test", no_app)
