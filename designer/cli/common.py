"""What the commands share: exit codes, the console and how output is chosen for a
terminal or a pipe, and the option types."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from designer.errors import InputError, printable
from designer.systems import SYSTEMS

if TYPE_CHECKING:
    from rich.console import Console

    from designer.systems import GameSystem

EXIT_OK, EXIT_RULES, EXIT_INPUT, EXIT_INTERRUPTED = 0, 1, 2, 130

#: a force of more entries than this prints as plain text even on a terminal: a rich table
#: takes half a millisecond a row, and scrolls past anyway
RICH_ROWS = 100


#: characters a terminal may act on that JSON leaves raw: C1 controls, line separators,
#: bidirectional overrides (C0 controls, ESC among them, JSON escapes itself)
_JSON_RISKY = {i: f"\\u{i:04x}" for i in (*range(0x7F, 0xA0), 0x2028, 0x2029,
                                           *range(0x202A, 0x202F), *range(0x2066, 0x206A))}


def json_text(data: object) -> str:
    """Data as indented JSON, text kept readable (not ASCII-escaped) but with every
    character a terminal could act on written as a \\u escape (the same string read back)."""
    import json

    return json.dumps(data, indent=2, ensure_ascii=False).translate(_JSON_RISKY)


def console() -> Console:
    """A console that never reads user text as markup, and that lets a closed pipe
    (`designer catalog | head`) end the command as a success."""
    from rich.console import Console

    class PipeConsole(Console):
        def on_broken_pipe(self) -> None:
            self.quiet = True
            raise BrokenPipeError

    return PipeConsole(highlight=False, markup=False)


def terminal() -> bool:
    """Whether stdout is a terminal as rich decides it (TTY_COMPATIBLE, FORCE_COLOR, else
    isatty), without importing rich: pipes get plain text, at a fraction of the cost."""
    import os

    compatible = os.environ.get("TTY_COMPATIBLE", "")
    if compatible in ("0", "1"):
        return compatible == "1"
    force = os.environ.get("FORCE_COLOR")
    if force is not None:
        return force != ""
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):  # replaced or closed stdout
        return False


def system_named(name: str) -> GameSystem:
    """The game system an option names, or an input error listing the known ones."""
    from designer.systems import system

    if name not in SYSTEMS:
        raise InputError(f"unknown game system '{name}'; choose one of: {', '.join(SYSTEMS)}",
                         field="--system")
    return system(name)


def points_cap(text: str) -> int:
    """A `--cap` value: a whole number within a roster file's own bound."""
    try:
        value = int(text) if len(text) <= 12 else int("x")
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a whole number, got {printable(text, 40)!r}") from None
    from designer.roster import MAX_CAP  # the bound a roster file's points_cap has

    if not 0 <= value <= MAX_CAP:
        raise argparse.ArgumentTypeError(f"a points cap is a whole number from 0 to {MAX_CAP:,}")
    return value
