"""`export`: cards, record sheets, rosters and data files."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from designer.cli.common import EXIT_OK, console, user_settings
from designer.escaping import printable


def add_parsers(sub: Any) -> dict[str, Callable[[SimpleNamespace], int]]:
    from designer.export_options import ALL_FORMATS, PAPERS, format_named, paper_named

    p = sub.add_parser("export", help="export cards, record sheets, rosters or data")
    p.add_argument("files", type=Path, nargs="+", metavar="UNIT_OR_ROSTER.yaml",
                   help="a unit file (its card and record sheet) or a roster (the force "
                        "summary, every card and sheet); battlescribe takes several, of "
                        "one system")
    p.add_argument("--format", "-f", required=True, type=format_named, choices=ALL_FORMATS,
                   metavar="FORMAT",
                   help="pdf, html, list (the force on as few pages as it fits, then its "
                        "rules; list-html as HTML), md, txt, json, yaml or battlescribe (a "
                        "game system, a catalogue of every unit, a roster per roster file, "
                        "a data index)")
    p.add_argument("--out", "-o", type=Path, default=None, metavar="PATH",
                   help="folder to write into (default: exports/), or a file name with "
                        "the format's extension")
    p.add_argument("--paper", default=None, type=paper_named, choices=PAPERS, metavar="PAPER",
                   help="a4 or letter (default: the settings' paper, else a4)")
    p.add_argument("--force", action="store_true", help="overwrite an existing file")
    p.add_argument("--zip", action="store_true",
                   help="battlescribe only: write .gstz/.catz/.rosz archives")
    return {"export": cmd_export}


def cmd_export(args: SimpleNamespace) -> int:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from designer.export import export_paths

    out = console()
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  console=out, transient=True, disable=not out.is_terminal) as bar:
        more = f" and {len(args.files) - 1} more" if len(args.files) > 1 else ""
        task = bar.add_task(f"Exporting {args.files[0].name}{more}", total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        paper = args.paper
        if paper is None:
            paper = user_settings().paper
        path = export_paths(args.files, args.format, out=args.out, paper=paper,
                            overwrite=args.force, progress=progress, zipped=args.zip)
    for written in path.paths:
        out.print(f"wrote {written}", soft_wrap=True, markup=False, highlight=False)
    if path.warning:
        print(f"designer: warning: {printable(path.warning)}", file=sys.stderr)
    return EXIT_OK
