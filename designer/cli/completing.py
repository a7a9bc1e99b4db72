"""`completion`: the shell completion script for bash, zsh or fish, and the answer to a
completion request.

Completion comes from argcomplete: the script the shell loads calls `designer` itself
with the line being completed in its environment, and `main` hands that call to
`complete` (which argcomplete ends) before anything else runs. argcomplete reads the
same parser the command line uses, so choices (`--format`, `--paper`, `--system`, the
commands) complete as argparse knows them; file arguments complete by what their
metavar names: `UNIT.yaml` YAML files (and folders to reach them), `FILE.cat|.ros` those
extensions, `DIR` folders, `PATH`/`FILE` any file. (shtab writes static scripts, but for
bash, zsh and tcsh only: not fish.)
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Iterable
from types import SimpleNamespace
from typing import Any, TextIO

from designer.cli.common import EXIT_OK

SHELLS = ("bash", "zsh", "fish")
#: the environment variable the completion scripts set when they ask for completions
REQUEST = "_ARGCOMPLETE"
#: metavars of arguments that take a folder, or any file
FOLDERS, FILES = ("DIR",), ("FILE", "PATH")
#: a metavar's extension and the others it stands for
SAME_EXTENSIONS = {"yaml": ("yaml", "yml")}


def add_parsers(sub: Any) -> dict[str, Callable[[SimpleNamespace], int]]:
    p = sub.add_parser("completion", help="print the shell completion script for bash, zsh "
                                          "or fish")
    p.add_argument("shell", choices=SHELLS, metavar="SHELL",
                   help=f"the shell ({', '.join(SHELLS)}); see the README for where the "
                        "script goes")
    return {"completion": cmd_completion}


def cmd_completion(args: SimpleNamespace) -> int:
    from argcomplete import shellcode

    print(shellcode(["designer"], shell=args.shell), end="")
    return EXIT_OK


def extensions(metavar: str) -> tuple[str, ...]:
    """The file extensions a metavar names: 'UNIT.yaml' -> ('yaml', 'yml'),
    'FILE.cat|.catz' -> ('cat', 'catz'); none for 'DIR' or 'N'."""
    if "." not in metavar:
        return ()
    named = [part.lstrip(".") for part in metavar.split(".", 1)[1].split("|")]
    return tuple(ext for name in named for ext in SAME_EXTENSIONS.get(name, (name,)))


def files_for(prefix: str, action: argparse.Action, **_: Any) -> list[str]:
    """What an argument without choices completes to, by what its metavar names: files of
    its extensions, folders, any file, or nothing for free text (a number, a name)."""
    from argcomplete.completers import DirectoriesCompleter, FilesCompleter

    metavar = action.metavar if isinstance(action.metavar, str) else ""
    if names := extensions(metavar):
        return list(FilesCompleter(allowednames=names)(prefix))
    if metavar in FOLDERS:
        return list(DirectoriesCompleter()(prefix))
    if metavar in FILES:
        return list(FilesCompleter()(prefix))
    return []


def complete(parser: argparse.ArgumentParser, output: TextIO | None = None,
             exit_method: Callable[[int], Any] = os._exit) -> None:
    """Answer the completion request in the environment (the line and the cursor) on
    `output` (default: the descriptor the script reads), then end the process."""
    import argcomplete
    from argcomplete.completers import BaseCompleter

    class Files(BaseCompleter):
        """`files_for` as argcomplete calls a completer."""

        def __call__(self, *, prefix: str, action: argparse.Action,
                     parser: argparse.ArgumentParser, parsed_args: argparse.Namespace
                     ) -> Iterable[str]:
            return files_for(prefix, action)

    argcomplete.autocomplete(parser, exit_method=exit_method, output_stream=output,
                             default_completer=Files())
