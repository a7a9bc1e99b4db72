"""`module audit`: the workbench for a game module's author. Every priced entry of the
module with its listed points beside the system's costing formula, the rank correlation
per kind and the entries furthest from the module's own scale, as text, JSON or an HTML
report. The system that reads the module computes it; this only prints it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from designer.cli.common import EXIT_OK, system_name, system_named
from designer.errors import InputError
from designer.escaping import json_text
from designer.systems import system_names

if TYPE_CHECKING:
    from designer.audit import Audit


def add_parsers(sub: Any) -> dict[str, Callable[[SimpleNamespace], int]]:
    p = sub.add_parser("module", help="a game module's workbench (audit its points)")
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    a = actions.add_parser("audit", help="every priced entry's listed points beside the "
                                         "costing formula, with the rank correlation and "
                                         "fair points")
    a.add_argument("module", type=Path, metavar="MODULE.yaml",
                   help="a module file (or a bundled module's id)")
    a.add_argument("--json", action="store_true", help="print the audit as JSON")
    a.add_argument("--html", type=Path, default=None, metavar="FILE",
                   help="also write the report with its scatter plot as an HTML page")
    a.add_argument("--force", action="store_true", help="overwrite an existing --html file")
    a.add_argument("--system", default=None, type=system_name, choices=system_names(),
                   metavar="SYSTEM",
                   help="the game system of the module (default: the one that has modules)")
    return {"module": cmd_module}


def audit_of(path: Path, system: str | None) -> Audit:
    """The audit of `path` by the named system, else by the first that has modules."""
    from designer.systems import Modules
    from designer.systems import system as named_system

    games = [system_named(system)] if system else [named_system(n) for n in system_names()]
    for game in games:
        modules = game.capability(Modules)
        if modules is not None:
            return modules.module_audit(path)
    problem = f"{games[0].TITLE} has no modules" if system else "no game system has modules"
    raise InputError(f"{problem} to audit", file=path, field="--system")


def cmd_module(args: SimpleNamespace) -> int:
    audit = audit_of(args.module, args.system)
    if args.html is not None:
        _write_html(audit, args.html, args.force)
    if args.json:
        print(json_text(audit.as_dict()))
    else:
        from designer.render_audit import audit_text

        print(audit_text(audit))
        if args.html is not None:
            print(f"wrote {args.html}")
    return EXIT_OK


def _write_html(audit: Audit, path: Path, force: bool) -> None:
    from designer import __version__
    from designer.export.audit_html import audit_html
    from designer.io import write_atomic

    if path.exists() and not force:
        raise InputError("exists; add --force to overwrite it", file=path, field="--html")
    try:
        write_atomic(path, audit_html(audit, __version__))
    except OSError as exc:
        raise InputError(f"cannot write the report there: {exc.strerror or exc}", file=path,
                         field="--html") from None
