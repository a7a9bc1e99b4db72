"""`odds`: the exact odds of one unit against another, or against a field."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from designer.cli.common import EXIT_OK, console
from designer.errors import InputError
from designer.escaping import json_text


def add_parsers(sub: Any) -> dict[str, Callable[[argparse.Namespace], int]]:
    p = sub.add_parser("odds", help="exact matchup odds: a unit against another or a field")
    p.add_argument("unit", type=Path, metavar="A.yaml",
                   help="the attacker (with --field, a roster: each of its units)")
    p.add_argument("opponent", type=Path, nargs="?", default=None, metavar="B.yaml",
                   help="the unit attacked")
    p.add_argument("--skill", "--weapon", dest="mode", default=None, metavar="S",
                   help="the skill (OpenTactics) or weapon (Open Fire) A attacks with "
                        "(default: each it has)")
    p.add_argument("--range", type=int, default=None, metavar="N",
                   help="the distance between them (default: 1, or a weapon's reach)")
    p.add_argument("--no-retaliation", action="store_true", help="B does not answer")
    p.add_argument("--set", dest="terms", action="append", default=[], metavar="KEY=N",
                   help="a term of the matchup, e.g. cover_b=1, support_off_a=2, higher_a=1")
    p.add_argument("--field", nargs="?", const="", default=None, metavar="ROSTER.yaml",
                   help="A against a field: the bundled examples, or this roster's units, "
                        "with points per expected win")
    p.add_argument("--json", action="store_true", help="exact fractions as JSON")
    return {"odds": cmd_odds}


def cmd_odds(args: argparse.Namespace) -> int:
    from designer import matchup
    from designer.render_odds import engagement_renderable, field_renderable

    game, units, name = matchup.load_side(args.unit)
    matchup.require_engage(game, args.unit)
    options = matchup.engage_options(args.mode, args.range, not args.no_retaliation,
                                     args.terms, game)
    if args.field is not None:
        field, label = matchup.load_field(game, Path(args.field) if args.field else None)
        reports = matchup.force_report(game, units, field, options)
        if args.json:
            print(json_text({"field": label, "units": [r.as_dict() for r in reports]}))
        else:
            console().print(field_renderable(reports, label))
        return EXIT_OK
    if args.opponent is None:
        raise InputError("name the unit attacked (B.yaml), or use --field", field="B.yaml")
    other, targets, _ = matchup.load_side(args.opponent)
    if len(units) != 1 or len(targets) != 1:
        raise InputError("is a roster; give one unit each side, or use --field",
                         file=args.unit if len(units) != 1 else args.opponent)
    if other.NAME != game.NAME:
        raise InputError(f"is of {other.TITLE}; {name} is of {game.TITLE}",
                         file=args.opponent, field="system")
    found = matchup.engagements(game, units[0], targets[0], options)
    if args.json:
        print(json_text([e.as_dict() for e in found]))
    else:
        out = console()
        for engagement in found:
            out.print(engagement_renderable(engagement))
    return EXIT_OK
