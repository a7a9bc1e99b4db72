"""Errors a user can act on: each renders as one line naming file, field and problem."""

from __future__ import annotations

from pathlib import Path

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


_CONTROL = {**{i: f"\\x{i:02x}" for i in (*range(0x20), *range(0x7F, 0xA0))},
            0x0A: "\\n", 0x09: "\\t", 0x0D: "\\r", 0x2028: "\\u2028", 0x2029: "\\u2029",
            **{i: f"\\u{i:04x}" for i in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))}}


def printable(text: str, limit: int | None = None) -> str:
    """User text made safe for a terminal line: control characters (escape sequences,
    bells, line breaks, bidirectional overrides) shown as escapes, never acted on, and
    the whole cut to `limit` characters with an ellipsis."""
    safe = text.translate(_CONTROL)
    if limit is not None and len(safe) > limit:
        safe = safe[:limit - 1] + "…"
    return safe
