"""The export formats and paper sizes, and the one-line errors for any other: light to
import, so the command line offers them as choices (and to shell completion) without
loading the exporters (`designer.export`, which re-exports them)."""

from __future__ import annotations

from typing import Any

from designer.errors import InputError

#: the export formats, in the order menus list them; `list` and `list-html` are the force
#: list (a force on as few pages as it fits, then its rules), as a PDF and as HTML
FORMATS = ("pdf", "html", "list", "list-html", "md", "txt", "json", "yaml")
#: formats that draw a PDF
PDFS = ("pdf", "list")
#: formats that write several files into the folder (a game system, a catalogue, a roster)
BUNDLES = ("battlescribe",)
#: every format `export_doc` takes, in the order menus list them
ALL_FORMATS = (*FORMATS, *BUNDLES)
#: the paper sizes of the PDF and the HTML's print layout
PAPERS = ("a4", "letter")
# other names a format is known by
_ALIASES = {"markdown": "md", "text": "txt", "yml": "yaml", "htm": "html",
            "list-htm": "list-html"}


def format_named(fmt: str, source: Any = None) -> str:
    """The format `fmt` names (any case, a leading dot or another usual name allowed), or
    an input error about `source` listing the formats."""
    key = fmt.lower().lstrip(".") if isinstance(fmt, str) else ""
    key = _ALIASES.get(key, key)
    if key not in ALL_FORMATS:
        raise InputError(f"unknown export format {fmt!r}; choose one of: "
                         f"{', '.join(ALL_FORMATS)}", file=source, field="--format")
    return key


def paper_named(paper: str, source: Any = None) -> str:
    """The paper size `paper` names (any case), or an input error about `source` listing
    the sizes."""
    key = paper.lower() if isinstance(paper, str) else ""
    if key not in PAPERS:
        raise InputError(f"unknown paper size {paper!r}; choose one of: {', '.join(PAPERS)}",
                         file=source, field="--paper")
    return key
