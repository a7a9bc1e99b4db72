"""`price` and `check`: a unit's tally, a force against its budget."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from designer.cli.common import EXIT_OK, EXIT_RULES, RICH_ROWS, console, points_cap, terminal
from designer.errors import InputError, InputErrors
from designer.escaping import json_text


def add_parsers(sub: Any) -> dict[str, Callable[[SimpleNamespace], int]]:
    p = sub.add_parser("price", help="price a unit file and explain the total")
    p.add_argument("unit", type=Path, metavar="UNIT.yaml",
                   help="a unit file (its system: key names the game system)")
    p.add_argument("--json", action="store_true", help="print the tally as JSON")

    p = sub.add_parser("check", help="check a force against its budget")
    p.add_argument("roster", type=Path, metavar="ROSTER.yaml",
                   help="a roster file: a name, a points_cap and its units with counts")
    p.add_argument("--cap", type=points_cap, default=None, metavar="N",
                   help="points cap to check against (overrides the file's points_cap)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    return {"price": cmd_price, "check": cmd_check}


def quick_args(argv: list[str]) -> SimpleNamespace | None:
    """`price FILE [--json]` and `check FILE [--json]` read without building the parser
    (5-10 ms of a command that takes 150) or importing argparse; anything else (another
    option, --help, an abbreviation, a file name starting with '-') is argparse's. The
    namespace carries every attribute argparse would give (tests/test_fast_paths.py
    compares the two)."""
    if len(argv) not in (2, 3) or argv[0] not in ("price", "check"):
        return None
    files = [w for w in argv[1:] if w != "--json"]
    if len(files) != 1 or files[0].startswith("-"):
        return None
    place = {"price": "unit", "check": "roster"}[argv[0]]
    extra = {"cap": None} if argv[0] == "check" else {}
    return SimpleNamespace(config_path=False, command=argv[0], **{place: Path(files[0])},
                           json=len(argv) == 3, **extra)


def cmd_price(args: SimpleNamespace) -> int:
    from designer.systems import Points
    from designer.units import load_unit_file

    loaded = load_unit_file(args.unit)
    tally = loaded.tally
    priced = loaded.system.capability(Points) is not None
    if args.json:
        data = tally.as_dict()
        if not priced:
            del data["total"], data["printed"], data["breakdown"]
        print(json_text(data))
    else:
        from designer.render import tally_renderable, tally_text

        card = None if priced else loaded.system.card(loaded.assessment)
        if terminal():
            console().print(tally_renderable(tally, loaded.system, card))
        else:
            print(tally_text(tally, loaded.system, card))
    return EXIT_OK if tally.legal else EXIT_RULES


def cmd_check(args: SimpleNamespace) -> int:
    from designer.roster import load_roster

    force = load_roster(args.roster, keep_broken=True)
    unreadable = [e.error for e in force.entries if e.error is not None]
    if unreadable:  # every one at once, as the designer lists them
        raise InputErrors(unreadable)
    if args.cap is not None:
        if force.points is None:
            raise InputError(f"{force.game.TITLE} defines no points; --cap does not apply",
                             file=args.roster, field="--cap")
        if force.budget is None:
            raise InputError(f"{force.game.TITLE} forces have no budget to check against",
                             file=args.roster, field="--cap")
        force = replace(force, cap=args.cap)
    if args.json:
        print(json_text(force.as_dict()))
    else:
        from designer.render import force_renderable, force_text

        if terminal() and len(force.entries) <= RICH_ROWS:
            console().print(force_renderable(force))
        else:
            print(force_text(force))
    return EXIT_OK if force.legal else EXIT_RULES
