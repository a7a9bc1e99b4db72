"""`import`: designer files back from our own BattleScribe exports."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from designer.cli.common import EXIT_OK, console


def add_parsers(sub: Any) -> dict[str, Callable[[SimpleNamespace], int]]:
    p = sub.add_parser("import", help="write unit and roster files back from a BattleScribe "
                                      "export")
    p.add_argument("file", type=Path, metavar="FILE.cat|.catz|.ros|.rosz",
                   help="a catalogue (every unit in it) or a roster (the roster and its "
                        "units; its catalogue must lie beside it) that designer exported")
    p.add_argument("--out", "-o", type=Path, default=Path("."), metavar="DIR",
                   help="folder to write into (default: the current folder)")
    p.add_argument("--force", action="store_true", help="overwrite existing files")
    return {"import": cmd_import}


def cmd_import(args: SimpleNamespace) -> int:
    from designer.export.battlescribe.importing import import_file

    out = console()
    for written in import_file(args.file, args.out, overwrite=args.force):
        out.print(f"wrote {written}", soft_wrap=True, markup=False, highlight=False)
    return EXIT_OK
