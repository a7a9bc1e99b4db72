"""The `designer` command: thin argparse + rich shell over the core.

Exit codes: 0 fine, 1 rule errors or over the cap, 2 unreadable input.
Imports stay inside the commands so `designer price` starts fast and never loads Textual.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from designer.errors import InputError, printable
from designer.systems import DEFAULT_SYSTEM, SYSTEMS

EXIT_OK, EXIT_RULES, EXIT_INPUT = 0, 1, 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="designer",
        description="Point-cost calculator and unit designer for skirmish miniature games.",
        epilog="With no command, designer opens the designer in the terminal on the "
               "example force. Run a command with --help for its options. Exit codes: "
               "0 fine, 1 rule errors or over the budget, 2 unreadable input.",
    )
    from designer import __version__

    parser.add_argument("--version", action="version", version=f"designer {__version__}")
    parser.add_argument("--config-path", action="store_true",
                        help="print where the settings file is (theme, paper, points cap, "
                             "recent files, keys) and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("edit", help="design a unit in the terminal (new file if missing)")
    p.add_argument("unit", type=Path, metavar="UNIT.yaml",
                   help="the unit file to design; a missing or empty file is a new unit, "
                        "saved there")
    p.add_argument("--system", default=None, metavar="SYSTEM",
                   help=f"the game system of a new unit ({', '.join(SYSTEMS)}; default "
                        f"{DEFAULT_SYSTEM}); a file names its own")

    p = sub.add_parser("roster", help="build a force in the terminal (new file if missing)")
    p.add_argument("roster", type=Path, metavar="ROSTER.yaml",
                   help="the roster file to build; a missing or empty file is a new force")
    p.add_argument("--system", default=None, metavar="SYSTEM",
                   help="the game system of a new force; a file names its own")

    p = sub.add_parser("price", help="price a unit file and explain the total")
    p.add_argument("unit", type=Path, metavar="UNIT.yaml",
                   help="a unit file (its system: key names the game system)")
    p.add_argument("--json", action="store_true", help="print the tally as JSON")

    p = sub.add_parser("check", help="check a force against its budget")
    p.add_argument("roster", type=Path, metavar="ROSTER.yaml",
                   help="a roster file: a name, a points_cap and its units with counts")
    p.add_argument("--cap", type=_cap, default=None, metavar="N",
                   help="points cap to check against (overrides the file's points_cap)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")

    p = sub.add_parser("export", help="export cards, record sheets, rosters or data")
    p.add_argument("file", type=Path, metavar="UNIT_OR_ROSTER.yaml",
                   help="a unit file (its card and record sheet) or a roster (the force "
                        "summary, every card and sheet)")
    p.add_argument("--format", "-f", required=True, metavar="FORMAT",
                   help="pdf, html, md, txt, json, yaml or battlescribe (a game system, a "
                        "catalogue and, for a roster, a roster file)")
    p.add_argument("--out", "-o", type=Path, default=None, metavar="PATH",
                   help="folder to write into (default: exports/), or a file name with "
                        "the format's extension")
    p.add_argument("--paper", default=None, metavar="PAPER",
                   help="a4 or letter (default: the settings' paper, else a4)")
    p.add_argument("--force", action="store_true", help="overwrite an existing file")
    p.add_argument("--zip", action="store_true",
                   help="battlescribe only: write .gstz/.catz/.rosz archives")

    p = sub.add_parser("catalog", help="browse a game system's catalog")
    p.add_argument("section", nargs="?", default=None, metavar="SECTION",
                   help="one section (e.g. abilities, equipment, types); default: all")
    p.add_argument("--system", default=DEFAULT_SYSTEM, metavar="SYSTEM",
                   help=f"the game system ({', '.join(SYSTEMS)}; default {DEFAULT_SYSTEM})")
    p.add_argument("--search", metavar="TEXT", default="",
                   help="only entries whose name or text contains TEXT")

    p = sub.add_parser("schema", help="write the JSON Schemas of the file formats")
    p.add_argument("--out", type=Path, default=None, metavar="DIR",
                   help="folder to write into (default: schemas/ in the project)")
    p.add_argument("--system", default=None, metavar="SYSTEM",
                   help="only this game system's schemas (default: every system's)")

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
    return parser


def _cap(text: str) -> int:
    try:
        value = int(text) if len(text) <= 12 else int("x")
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a whole number, got {printable(text, 40)!r}") from None
    from designer.roster import MAX_CAP  # the bound a roster file's points_cap has

    if not 0 <= value <= MAX_CAP:
        raise argparse.ArgumentTypeError(f"a points cap is a whole number from 0 to {MAX_CAP:,}")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    args = _quick_args(sys.argv[1:] if argv is None else argv) or build_parser().parse_args(argv)
    handlers = {"edit": cmd_edit, "roster": cmd_roster, "price": cmd_price,
                "check": cmd_check, "export": cmd_export, "catalog": cmd_catalog,
                "schema": cmd_schema, "odds": cmd_odds}
    try:
        if args.config_path:
            from designer.settings import config_path

            print(config_path())
            return EXIT_OK
        if args.command is None:
            return cmd_home()
        return handlers[args.command](args)
    except InputError as exc:
        print(f"designer: error: {exc.shown()}", file=sys.stderr)
        return EXIT_INPUT
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `designer catalog | head`: the reader has all it wanted
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK


def _quick_args(argv: Sequence[str]) -> argparse.Namespace | None:
    """`price FILE [--json]` and `check FILE [--json]` read without building the parser
    (5-10 ms of a command that takes 150); anything else (another option, --help, an
    abbreviation, a file name starting with '-') is argparse's. The namespace carries
    every attribute argparse would give (tests/test_fast_paths.py compares the two)."""
    words = list(argv)
    if len(words) not in (2, 3) or words[0] not in ("price", "check"):
        return None
    files = [w for w in words[1:] if w != "--json"]
    if len(files) != 1 or files[0].startswith("-"):
        return None
    place = {"price": "unit", "check": "roster"}[words[0]]
    extra = {"cap": None} if words[0] == "check" else {}
    return argparse.Namespace(config_path=False, command=words[0], **{place: Path(files[0])},
                              json=len(words) == 3, **extra)


def _console():
    """A console that never reads user text as markup, and that lets a closed pipe
    (`designer catalog | head`) end the command as a success."""
    from rich.console import Console

    class PipeConsole(Console):
        def on_broken_pipe(self) -> None:
            self.quiet = True
            raise BrokenPipeError

    return PipeConsole(highlight=False, markup=False)


#: a force of more entries than this prints as plain text even on a terminal: a rich table
#: takes half a millisecond a row, and scrolls past anyway
RICH_ROWS = 100


def _terminal() -> bool:
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


def _system(name: str):
    """The game system an option names, or an input error listing the known ones."""
    from designer.systems import system

    if name not in SYSTEMS:
        raise InputError(f"unknown game system '{name}'; choose one of: {', '.join(SYSTEMS)}",
                         field="--system")
    return system(name)


def cmd_home() -> int:
    """No command: the designer on the example force, or a short guide without a terminal."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return cmd_guide()
    from designer.tui import launch

    return launch("home")


def cmd_edit(args: argparse.Namespace) -> int:
    from designer.tui import launch

    name = _system(args.system).NAME if args.system else None
    return launch("edit", args.unit, system=name)


def cmd_roster(args: argparse.Namespace) -> int:
    from designer.tui import launch

    name = _system(args.system).NAME if args.system else None
    return launch("roster", args.roster, system=name)


def cmd_guide() -> int:
    print("designer: a point-cost calculator and unit designer for skirmish games.\n"
          "Run it in a terminal to open the designer, or use a command:\n\n"
          "  designer edit UNIT.yaml                design a unit (new file if missing)\n"
          "  designer roster ROSTER.yaml            build a force (new file if missing)\n"
          "  designer price UNIT.yaml [--json]      price a unit and explain the total\n"
          "  designer check ROSTER.yaml [--cap N]   check a force against its points cap\n"
          "  designer export FILE --format pdf|html|md|txt|json|yaml|battlescribe [--out DIR]\n"
          "  designer odds A.yaml B.yaml [--skill S]  the odds of one against the other\n"
          "  designer catalog [SECTION] [--system S] [--search TEXT]\n"
          "  designer schema                        write JSON Schemas to schemas/\n\n"
          "designer --help lists every option.")
    return EXIT_OK


def cmd_price(args: argparse.Namespace) -> int:
    from designer.units import load_unit_file

    loaded = load_unit_file(args.unit)
    tally = loaded.tally
    if args.json:
        data = tally.as_dict()
        if not loaded.system.PRICED:
            del data["total"], data["printed"], data["breakdown"]
        print(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        from designer.render import tally_renderable, tally_text

        card = None if loaded.system.PRICED else loaded.system.card(loaded.assessment)
        if _terminal():
            _console().print(tally_renderable(tally, loaded.system, card))
        else:
            print(tally_text(tally, loaded.system, card))
    return EXIT_OK if tally.legal else EXIT_RULES


def cmd_check(args: argparse.Namespace) -> int:
    from designer.roster import load_roster

    force = load_roster(args.roster)
    if args.cap is not None:
        if not force.game.PRICED:
            raise InputError(f"{force.game.TITLE} defines no points; --cap does not apply",
                             file=args.roster, field="--cap")
        if force.rules.budget is None:
            raise InputError(f"{force.game.TITLE} forces have no budget to check against",
                             file=args.roster, field="--cap")
        force = replace(force, cap=args.cap)
    if args.json:
        print(json.dumps(force.as_dict(), indent=2, ensure_ascii=False))
    else:
        from designer.render import force_renderable, force_text

        if _terminal() and len(force.entries) <= RICH_ROWS:
            _console().print(force_renderable(force))
        else:
            print(force_text(force))
    return EXIT_OK if force.legal else EXIT_RULES


def cmd_export(args: argparse.Namespace) -> int:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from designer.export import export_path

    console = _console()
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  console=console, transient=True, disable=not console.is_terminal) as bar:
        task = bar.add_task(f"Exporting {args.file.name}", total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        paper = args.paper
        if paper is None:
            from designer.settings import load_settings

            paper = load_settings()[0].paper
        path = export_path(args.file, args.format, out=args.out, paper=paper,
                           overwrite=args.force, progress=progress, zipped=args.zip)
    for written in path.paths:
        console.print(f"wrote {written}", soft_wrap=True, markup=False, highlight=False)
    if path.warning:
        print(f"designer: warning: {printable(path.warning)}", file=sys.stderr)
    return EXIT_OK


def cmd_catalog(args: argparse.Namespace) -> int:
    from designer.render import catalog_tables

    game = _system(args.system)
    sections = game.catalog_sections(game.bundled_catalog())
    keys = [s.key for s in sections]
    if args.section is not None and args.section not in keys:
        raise InputError(f"{game.TITLE} has no catalog section '{args.section}'; choose one "
                         f"of: {', '.join(keys)}", field="section")
    console = _console()
    shown = 0
    for table in catalog_tables(sections, args.section, args.search):
        if table.row_count:
            console.print(table)
            shown += table.row_count
    if shown == 0:
        console.print(f"No catalog entries match {args.search!r}.")
    return EXIT_OK


def cmd_schema(args: argparse.Namespace) -> int:
    from designer.schema import default_schema_dir, write_schemas

    out = args.out or default_schema_dir()
    names = None if args.system is None else [_system(args.system).NAME]
    try:
        written = write_schemas(out, names)
    except OSError as exc:
        raise InputError(f"cannot write the schemas there: {exc.strerror or exc}", file=out,
                         field="--out") from None
    for path in written:
        print(f"wrote {path}")
    return EXIT_OK


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
            print(json.dumps({"field": label, "units": [r.as_dict() for r in reports]},
                             indent=2, ensure_ascii=False))
        else:
            _console().print(field_renderable(reports, label))
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
        print(json.dumps([e.as_dict() for e in found], indent=2, ensure_ascii=False))
    else:
        console = _console()
        for engagement in found:
            console.print(engagement_renderable(engagement))
    return EXIT_OK
