"""A game system installed the way a package of its own installs one: a distribution's
metadata declaring the entry point `designer.systems`, on the import path. The registry
then finds it as it finds any installed system, with no hook of the tests' own."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from designer.systems import forget_systems


@contextmanager
def installed(name: str, target: str, folder: Path) -> Iterator[None]:
    """The system `name` (the `module:attribute` of its instance) declared by a
    distribution in `folder` while the block runs; forgotten again after it."""
    slug = re.sub(r"\W", "_", name)
    info = folder / f"designer_system_{slug}-1.0.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: designer-system-{slug}\nVersion: 1.0\n",
        encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[designer.systems]\n{name} = {target}\n",
                                           encoding="utf-8")
    sys.path.insert(0, str(folder))
    forget_systems()
    try:
        yield
    finally:
        sys.path.remove(str(folder))
        forget_systems()
