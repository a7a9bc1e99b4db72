"""`odds`: the exact odds of one unit against another, or against a field."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from designer.cli.common import EXIT_OK, console
from designer.errors import InputError
from designer.escaping import json_text

#: a field's work shows a progress bar (on a terminal) once it has taken this long
BAR_AFTER = 1.0


def add_parsers(sub: Any) -> dict[str, Callable[[SimpleNamespace], int]]:
    from designer.systems import RETALIATIONS  # here: `price` builds no parser

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
    p.add_argument("--retaliation", choices=RETALIATIONS, default="best",
                   help="whether B answers when it can: when that serves it best (the "
                        "default), always, never")
    p.add_argument("--no-retaliation", dest="retaliation", action="store_const",
                   const="never", help="the same as --retaliation never (kept for scripts "
                                       "written before --retaliation)")
    p.add_argument("--set", dest="terms", action="append", default=[], metavar="KEY=N",
                   help="a term of the matchup, e.g. cover_b=1, support_off_a=2, higher_a=1")
    p.add_argument("--field", nargs="?", const="", default=None, metavar="ROSTER.yaml",
                   help="A against a field: the bundled examples, or this roster's units, "
                        "with points per expected win and fair points")
    p.add_argument("--json", action="store_true", help="exact fractions as JSON")
    return {"odds": cmd_odds}


class _Bar:
    """A progress bar on stderr, once the work has taken BAR_AFTER seconds, and only on
    a terminal (a pipe or a file never sees it)."""

    def __init__(self) -> None:
        self.start = time.monotonic()
        self.bar: Any = None
        self.task: Any = None

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            if time.monotonic() - self.start < BAR_AFTER or not _stderr_is_terminal():
                return
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

            self.bar = Progress(TextColumn("matchups"), BarColumn(), MofNCompleteColumn(),
                                console=Console(stderr=True), transient=True)
            self.bar.start()
            self.task = self.bar.add_task("matchups", total=total)
        self.bar.update(self.task, completed=done, total=total)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def _stderr_is_terminal() -> bool:
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


def cmd_odds(args: SimpleNamespace) -> int:
    from designer import matchup
    from designer.facing import matchups_of
    from designer.render_odds import engagement_renderable, field_renderable

    game, units, name = matchup.load_side(args.unit)
    matchups = matchups_of(game, args.unit)
    if args.retaliation != "best" and not matchups.RETALIATES:
        raise InputError(f"{game.TITLE} has no retaliation: B answers in its own turn",
                         field="--retaliation")
    options = matchup.engage_options(args.mode, args.range, args.retaliation, args.terms,
                                     game)
    if args.field is not None:
        field, label = matchup.load_field(game, Path(args.field) if args.field else None)
        bar = _Bar()
        try:
            reports = matchup.force_report(game, units, field, options, progress=bar)
        finally:
            bar.close()
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
