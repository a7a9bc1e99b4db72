"""The `designer` command: a thin argparse + rich shell over the core. Each module here
holds a group of commands: it adds their parsers and names their handlers.

Exit codes: 0 fine, 1 rule errors or over the budget, 2 unreadable input, 130 interrupted.
Imports stay inside the commands so `designer price` starts fast and never loads Textual;
`price FILE` and `check FILE` import only `pricing` and not argparse, the other groups
being imported with the parser that needs them. A command's arguments are a
SimpleNamespace, which argparse fills or the fast path makes. A shell's completion
request (`completing`) is answered before any command runs.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from types import SimpleNamespace
from typing import TYPE_CHECKING

from designer.cli import pricing
from designer.cli.common import (
    EXIT_INPUT,
    EXIT_INTERRUPTED,
    EXIT_OK,
    RICH_ROWS,
    user_settings,
)
from designer.errors import InputError, InputErrors

if TYPE_CHECKING:
    import argparse

__all__ = ["RICH_ROWS", "build_parser", "main"]

Handler = Callable[[SimpleNamespace], int]


def build_parser() -> argparse.ArgumentParser:
    return _parser_and_handlers()[0]


def _parser_and_handlers() -> tuple[argparse.ArgumentParser, dict[str, Handler]]:
    import argparse

    parser = argparse.ArgumentParser(
        prog="designer",
        description="Point-cost calculator and unit designer for skirmish miniature games.",
        epilog="With no command, designer opens the designer in the terminal on the "
               "example force. Run a command with --help for its options. Exit codes: "
               "0 fine, 1 rule errors or over the budget, 2 unreadable input, "
               "130 interrupted (ctrl+c).",
    )
    from designer import __version__

    parser.add_argument("--version", action="version", version=f"designer {__version__}")
    parser.add_argument("--config-path", action="store_true",
                        help="print where the settings file is (theme, paper, points cap, "
                             "recent files, keys) and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    from designer.cli import (
        browsing,
        completing,
        designing,
        exporting,
        importing,
        matchups,
        modules,
    )

    handlers: dict[str, Handler] = {}
    # the modules that add commands, in the order `designer --help` lists them
    for group in (designing, pricing, exporting, importing, browsing, matchups, modules,
                  completing):
        handlers.update(group.add_parsers(sub))
    return parser, handlers


def _command(words: list[str]) -> tuple[SimpleNamespace, Handler | None]:
    """The arguments and the handler of the command `words` give: `price` or `check` of
    one file read directly, the rest by argparse (whose option types raise InputError for
    a value out of their choices). A shell's completion request is answered here, and
    ends the process."""
    args = pricing.quick_args(words)
    if args is not None:
        return args, {"price": pricing.cmd_price, "check": pricing.cmd_check}[args.command]
    from designer.cli import completing

    parser, handlers = _parser_and_handlers()
    if completing.REQUEST in os.environ:
        completing.complete(parser)
    args = parser.parse_args(words, namespace=SimpleNamespace())
    return args, handlers.get(args.command) if args.command else None


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    try:
        args, handler = _command(words)
        if args.config_path:
            from designer.settings import config_path

            print(config_path())
            user_settings()  # and what is wrong in it, on stderr
            return EXIT_OK
        if handler is None:
            from designer.cli.designing import cmd_home

            return cmd_home()
        return handler(args)
    except InputError as exc:
        print(f"designer: error: {exc.shown()}", file=sys.stderr)
        return EXIT_INPUT
    except InputErrors as many:
        for error in many.errors:
            print(f"designer: error: {error.shown()}", file=sys.stderr)
        return EXIT_INPUT
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # `designer catalog | head`: the reader has all it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
