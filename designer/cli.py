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
                   help="pdf, html, md, txt, json or yaml")
    p.add_argument("--out", "-o", type=Path, default=None, metavar="PATH",
                   help="folder to write into (default: exports/), or a file name with "
                        "the format's extension")
    p.add_argument("--paper", default="a4", metavar="PAPER", help="a4 (default) or letter")
    p.add_argument("--force", action="store_true", help="overwrite an existing file")

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
    args = build_parser().parse_args(argv)
    handlers = {"edit": cmd_edit, "roster": cmd_roster, "price": cmd_price,
                "check": cmd_check, "export": cmd_export, "catalog": cmd_catalog,
                "schema": cmd_schema}
    try:
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


def _console():
    """A console that never reads user text as markup, and that lets a closed pipe
    (`designer catalog | head`) end the command as a success."""
    from rich.console import Console

    class PipeConsole(Console):
        def on_broken_pipe(self) -> None:
            self.quiet = True
            raise BrokenPipeError

    return PipeConsole(highlight=False, markup=False)


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
          "  designer export FILE --format pdf|html|md|txt|json|yaml [--out DIR]\n"
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
        from designer.render import tally_renderable

        card = None if loaded.system.PRICED else loaded.system.card(loaded.assessment)
        _console().print(tally_renderable(tally, loaded.system, card))
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
        from designer.render import force_renderable

        _console().print(force_renderable(force))
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

        path = export_path(args.file, args.format, out=args.out, paper=args.paper,
                           overwrite=args.force, progress=progress)
    console.print(f"wrote {path}")
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
