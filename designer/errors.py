"""Errors a user can act on: each renders as one line naming file, field and problem."""

from __future__ import annotations

from pathlib import Path

from designer.escaping import printable

SHOWN_LIMIT = 400  # characters of an error line as shown


class InputError(Exception):
    """Unreadable or ill-shaped input. The CLI prints it as one line and exits 2."""

    def __init__(self, problem: str, *, file: str | Path | None = None, field: str = "") -> None:
        self.problem = problem
        self.file = str(file) if file is not None else None
        self.field = field
        super().__init__(self.line())

    def line(self) -> str:
        where = [part for part in (self.file, self.field) if part] or ["<input>"]
        return f"{': '.join(where)}: {self.problem}"

    def shown(self) -> str:
        """The line as a terminal or the TUI shows it: control characters escaped, cut
        at SHOWN_LIMIT characters (a huge echoed value is not printed whole)."""
        return printable(self.line(), SHOWN_LIMIT)

    def at(self, file: str | Path | None = None, field_prefix: str = "") -> InputError:
        """The same error placed in a file and/or under an enclosing field."""
        field = ".".join(p for p in (field_prefix, self.field) if p)
        return InputError(self.problem, file=file if file is not None else self.file, field=field)


class InputErrors(Exception):
    """Several pieces of input that cannot be read (every unreadable entry of a roster):
    the CLI prints each as its line and exits 2."""

    def __init__(self, errors: list[InputError]) -> None:
        self.errors = errors
        super().__init__("\n".join(e.line() for e in errors))

