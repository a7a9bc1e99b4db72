"""The commands that open the designer in the terminal: no command, `edit`, `roster`."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from designer.cli.common import EXIT_OK, system_name, system_named
from designer.systems import DEFAULT_SYSTEM, system_names


def add_parsers(sub: Any) -> dict[str, Callable[[SimpleNamespace], int]]:
    p = sub.add_parser("edit", help="design a unit in the terminal (new file if missing)")
    p.add_argument("unit", type=Path, metavar="UNIT.yaml",
                   help="the unit file to design; a missing or empty file is a new unit, "
                        "saved there")
    p.add_argument("--system", default=None, type=system_name, choices=system_names(),
                   metavar="SYSTEM",
                   help=f"the game system of a new unit ({', '.join(system_names())}; default "
                        f"{DEFAULT_SYSTEM}); a file names its own")

    p = sub.add_parser("roster", help="build a force in the terminal (new file if missing)")
    p.add_argument("roster", type=Path, metavar="ROSTER.yaml",
                   help="the roster file to build; a missing or empty file is a new force")
    p.add_argument("--system", default=None, type=system_name, choices=system_names(),
                   metavar="SYSTEM", help="the game system of a new force; a file names its own")
    return {"edit": cmd_edit, "roster": cmd_roster}


def cmd_home() -> int:
    """No command: the designer on the example force, or a short guide without a terminal."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return cmd_guide()
    from designer.tui import launch

    return launch("home")


def cmd_edit(args: SimpleNamespace) -> int:
    from designer.tui import launch

    name = system_named(args.system).NAME if args.system else None
    return launch("edit", args.unit, system=name)


def cmd_roster(args: SimpleNamespace) -> int:
    from designer.tui import launch

    name = system_named(args.system).NAME if args.system else None
    return launch("roster", args.roster, system=name)


def cmd_guide() -> int:
    print("designer: a point-cost calculator and unit designer for skirmish games.\n"
          "Run it in a terminal to open the designer, or use a command:\n\n"
          "  designer edit UNIT.yaml                design a unit (new file if missing)\n"
          "  designer roster ROSTER.yaml            build a force (new file if missing)\n"
          "  designer price UNIT.yaml [--json]      price a unit and explain the total\n"
          "  designer check ROSTER.yaml [--cap N]   check a force against its points cap\n"
          "  designer export FILE --format pdf|html|md|txt|json|yaml|battlescribe [--out DIR]\n"
          "  designer import FILE.cat|.ros [--out DIR]  unit and roster files back from\n"
          "                                         designer's BattleScribe exports\n"
          "  designer odds A.yaml B.yaml [--skill S]  the odds of one against the other\n"
          "  designer catalog [SECTION] [--system S] [--search TEXT]\n"
          "  designer schema                        write JSON Schemas to schemas/\n"
          "  designer completion bash|zsh|fish      the shell completion script\n\n"
          "designer --help lists every option.")
    return EXIT_OK
