"""What the tests of every system share: the toy system installed as a package of its own
would install it, with its example units and roster written beside it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.plugins import installed
from tests.systems.toy import write_examples


@pytest.fixture
def toy(tmp_path) -> Iterator[tuple[list[Path], list[Path]]]:
    """The toy system installed while the test runs: (its unit files, its rosters)."""
    with installed("toy", "tests.systems.toy:SYSTEM", tmp_path / "site"):
        yield write_examples(tmp_path)
