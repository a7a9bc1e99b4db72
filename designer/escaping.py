"""User text made safe where it meets a terminal, the designer's screens or a page: the
one place the shells and the exports take that from.

User text (a unit's or a force's name, a file's path, what an error echoes) may hold
characters that act rather than show: escape sequences (ESC, and an OSC sequence that
retitles the terminal), NUL, bells, line breaks, and the bidirectional overrides that
make text read in another order than it is stored (U+202E). Each of them is shown as an
escape (`\\x1b`, `\\u202e`), never acted on. Markup is the other hazard: the CLI prints
with rich's markup off and the TUI shows user text as Textual `Content` (never parsed as
markup), so `[/]` in a name is only text; no user text is ever handed to a markup parser.

- `printable`: a terminal line, and any text on the designer's screens;
- `editable`: the text of a field being edited: one character shown for each (the
  cursor stays where it is);
- `page_text`: text on an HTML page (whose template escapes it for HTML too): line
  breaks and tabs are kept;
- `one_line`: text/Markdown exports: each run of control characters becomes a space;
- `json_text`: JSON for a terminal or a pipe.
"""

from __future__ import annotations

import re
from typing import Any

#: the characters that act instead of showing: C0 and C1 controls and DEL, the line and
#: paragraph separators, and the bidirectional embeddings, overrides and isolates
_ACTING = [*range(0x20), *range(0x7F, 0xA0), 0x2028, 0x2029, *range(0x202A, 0x202F),
           *range(0x2066, 0x206A)]
_ESCAPES = {i: f"\\x{i:02x}" if i < 0x100 else f"\\u{i:04x}" for i in _ACTING} | {
    0x0A: "\\n", 0x09: "\\t", 0x0D: "\\r"}
_LINES = {i: e for i, e in _ESCAPES.items() if i != 0x0A}
_PAGE = {i: e for i, e in _LINES.items() if i != 0x09}
#: a control character's picture (␛ for ESC, ␀ for NUL), and � for the others
_PICTURES = {i: chr(0x2400 + i) if i < 0x20 else "\u2421" if i == 0x7F else "\ufffd"
             for i in _ACTING}
#: patterns compiled on first use (`re` keeps them): most commands print no JSON and
#: write no text export
_RUNS = "[" + "".join(re.escape(chr(i)) for i in _ACTING) + "]+"
_JSON_LEFT = "[\u2028\u2029\u202a-\u202e\u2066-\u2069\x7f-\x9f]"


def printable(text: str, limit: int | None = None, *, keep_lines: bool = False) -> str:
    """`text` safe for a terminal line: every acting character shown as an escape, the
    whole cut to `limit` characters with an ellipsis. `keep_lines` keeps line breaks
    (a message of several lines whose user parts are escaped already)."""
    safe = text.translate(_LINES if keep_lines else _ESCAPES)
    if limit is not None and len(safe) > limit:
        safe = safe[:limit - 1] + "…"
    return safe


def editable(text: str) -> str:
    """`text` as a field being edited shows it: one character for each, an acting one
    shown as its picture (␛, ␀) or as �, so the cursor stays in step with the text."""
    return text.translate(_PICTURES)


def page_text(text: str) -> str:
    """`text` for an HTML page: acting characters as escapes, line breaks and tabs kept
    (the page's template escapes the result for HTML)."""
    return text.translate(_PAGE)


def one_line(text: object) -> str:
    """User text on one line of a text or Markdown export: each run of acting characters
    (escape sequences, line breaks, overrides) becomes one space."""
    return re.sub(_RUNS, " ", str(text)).strip()


def json_text(data: Any) -> str:
    """`data` as indented JSON that keeps its letters (ensure_ascii off) yet writes no
    acting character: JSON escapes C0 controls itself; the rest (DEL, C1, separators,
    overrides) are written as \\u escapes, which read back the same."""
    import json  # here, not at the top: a command that prints no JSON never imports it

    text = json.dumps(data, indent=2, ensure_ascii=False)
    return re.sub(_JSON_LEFT, lambda m: f"\\u{ord(m.group()):04x}", text)
