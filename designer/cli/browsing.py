"""`catalog` and `schema`: a system's game data to read, and its file formats."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from designer.cli.common import EXIT_OK, console, system_name, system_named
from designer.errors import InputError
from designer.systems import DEFAULT_SYSTEM, system_names


def add_parsers(sub: Any) -> dict[str, Callable[[SimpleNamespace], int]]:
    p = sub.add_parser("catalog", help="browse a game system's catalog")
    p.add_argument("section", nargs="?", default=None, metavar="SECTION",
                   help="one section (e.g. abilities, equipment, types); default: all")
    p.add_argument("--system", default=DEFAULT_SYSTEM, type=system_name, choices=system_names(),
                   metavar="SYSTEM",
                   help=f"the game system ({', '.join(system_names())}; default {DEFAULT_SYSTEM})")
    p.add_argument("--search", metavar="TEXT", default="",
                   help="only entries whose name or text contains TEXT")

    p = sub.add_parser("schema", help="write the JSON Schemas of the file formats")
    p.add_argument("--out", type=Path, default=None, metavar="DIR",
                   help="folder to write into (default: schemas/ in the project)")
    p.add_argument("--system", default=None, type=system_name, choices=system_names(),
                   metavar="SYSTEM",
                   help="only this game system's schemas (default: every system's)")
    return {"catalog": cmd_catalog, "schema": cmd_schema}


def cmd_catalog(args: SimpleNamespace) -> int:
    from designer.render import catalog_tables

    game = system_named(args.system)
    sections = game.catalog_sections(game.bundled_catalog())
    keys = [s.key for s in sections]
    if args.section is not None and args.section not in keys:
        raise InputError(f"{game.TITLE} has no catalog section '{args.section}'; choose one "
                         f"of: {', '.join(keys)}", field="section")
    out = console()
    shown = 0
    for table in catalog_tables(sections, args.section, args.search):
        if table.row_count:
            out.print(table)
            shown += table.row_count
    if shown == 0:
        out.print(f"No catalog entries match {args.search!r}.")
    return EXIT_OK


def cmd_schema(args: SimpleNamespace) -> int:
    from designer.schema import default_schema_dir, write_schemas

    out = args.out or default_schema_dir()
    names = None if args.system is None else [system_named(args.system).NAME]
    try:
        written = write_schemas(out, names)
    except OSError as exc:
        raise InputError(f"cannot write the schemas there: {exc.strerror or exc}", file=out,
                         field="--out") from None
    for path in written:
        print(f"wrote {path}")
    return EXIT_OK
