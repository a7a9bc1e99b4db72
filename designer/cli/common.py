"""What the commands share: exit codes, the console and how output is chosen for a
terminal or a pipe, and the option types."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from designer.errors import InputError
from designer.escaping import printable
from designer.systems import system_names

if TYPE_CHECKING:
    from rich.console import Console

    from designer.settings import Settings
    from designer.systems import GameSystem

EXIT_OK, EXIT_RULES, EXIT_INPUT, EXIT_INTERRUPTED = 0, 1, 2, 130

#: a force of more entries than this prints as plain text even on a terminal: a rich table
#: takes half a millisecond a row, and scrolls past anyway
RICH_ROWS = 100


def console() -> Console:
    """A console that never reads user text as markup, and that lets a closed pipe
    (`designer catalog | head`) end the command as a success."""
    from rich.console import Console

    class PipeConsole(Console):
        def on_broken_pipe(self) -> None:
            self.quiet = True
            raise BrokenPipeError

    return PipeConsole(highlight=False, markup=False)


def user_settings() -> Settings:
    """The user's settings file, each problem it has said on stderr in one warning line
    (that setting at its default): a broken file never stops a command."""
    from designer.settings import config_path, load_settings

    settings, problems = load_settings()
    if settings.keys:  # the key bindings are the designer's: checked against them
        from designer.tui.keymap import checked_keys

        problems += checked_keys(settings.keys, config_path())[1]
    for problem in problems:
        print(f"designer: warning: {problem}", file=sys.stderr)
    return settings


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


def system_name(name: str) -> str:
    """A `--system` value (its argparse type; the choices offer the systems to completion):
    the name of a known game system, or an input error listing them."""
    names = system_names()
    if name not in names:
        raise InputError(f"unknown game system '{name}'; choose one of: {', '.join(names)}",
                         field="--system")
    return name


def system_named(name: str) -> GameSystem:
    """The game system an option names, or an input error listing the known ones."""
    from designer.systems import system

    return system(system_name(name))


def points_cap(text: str) -> int:
    """A `--cap` value: a whole number within a roster file's own bound."""
    import argparse  # here: `price FILE` and `check FILE` start without argparse

    try:
        value = int(text) if len(text) <= 12 else int("x")
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a whole number, got {printable(text, 40)!r}") from None
    from designer.roster import MAX_CAP  # the bound a roster file's points_cap has

    if not 0 <= value <= MAX_CAP:
        raise argparse.ArgumentTypeError(f"a points cap is a whole number from 0 to {MAX_CAP:,}")
    return value
