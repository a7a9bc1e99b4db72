"""Exports of a unit or roster file: printable PDF cards, record sheets and force
rosters, self-contained HTML, Markdown and plain text for forums and chats, the
normalised data as JSON or YAML, and BattleScribe data files (`battlescribe`, a BUNDLES
format: a game system, one catalogue of the units of several files, their rosters and a
data index written together).

`export_paths` is what the `designer export` command calls (one file; several for the
battlescribe format); `export_path` loads one file and hands it to `export_doc`, which
the TUI calls with the unit or force it holds in memory (`unit_doc(loaded)`,
`roster_doc(force)`). Files are named after the unit or force (made safe by
`safe_name`), land inside the chosen folder whatever the name holds, are written
atomically, and an existing file is only replaced when asked to. All return the
path written as an `Exported`, which also tells what the export could not show: a PDF's
characters that no bundled font has (`missing`, and `warning` to print).

Every format draws the neutral `designer.card.Card` of each unit, so a new game system
exports without a change here.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from designer.errors import InputError
from designer.export.document import ExportDoc, roster_doc, unit_doc
from designer.export_options import (
    ALL_FORMATS,
    BUNDLES,
    FORMATS,
    PAPERS,
    PDFS,
    format_named,
    paper_named,
)
from designer.io import load_mapping, write_atomic
from designer.systems import Progress

EXTENSIONS = {"pdf": ".pdf", "html": ".html", "list": ".pdf", "list-html": ".html",
              "md": ".md", "txt": ".txt", "json": ".json", "yaml": ".yaml"}
#: what a format adds to the file's name, so that a list never replaces the cards
STEM_SUFFIX = {"list": "-list", "list-html": "-list"}
DEFAULT_OUT = Path("exports")
MAX_SLUG = 80
# names Windows will not create as files, whatever the extension
_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10)),
             *(f"lpt{i}" for i in range(1, 10))}

__all__ = ["ALL_FORMATS", "BUNDLES", "DEFAULT_OUT", "FORMATS", "PAPERS", "ExportDoc",
           "Exported", "export_doc", "export_path", "export_paths", "load_doc", "render",
           "roster_doc", "safe_name", "target_for", "unit_doc"]


if TYPE_CHECKING:
    _ConcretePath = Path
else:  # before Python 3.12 a Path is subclassed through its concrete class
    _ConcretePath = type(Path())


class Exported(_ConcretePath):
    """The path an export was written to, with the characters it could not draw.

    `missing` holds, for a PDF, each character that no bundled font has (drawn as a
    replacement), in code point order; it is empty for the other formats, which keep
    every character. `warning` is the line to show the user, or None. `others` holds the
    further files a format writing several (battlescribe) wrote beside this one."""

    missing: tuple[str, ...] = ()
    others: tuple[Path, ...] = ()

    @property
    def paths(self) -> tuple[Path, ...]:
        """Every file written: the others, then this one."""
        return (*self.others, self)

    @property
    def warning(self) -> str | None:
        if not self.missing:
            return None
        from designer.export.fonts import codepoints

        n = len(self.missing)
        return (f"{self}: {n} character{'s' if n > 1 else ''} "
                f"{'have' if n > 1 else 'has'} no glyph in the bundled fonts: "
                f"{codepoints(self.missing)}")


def export_path(source: Path, fmt: str, *, out: Path | None = None, paper: str = "a4",
                overwrite: bool = False, progress: Progress | None = None,
                zipped: bool = False) -> Exported:
    """Load a unit or roster file (a roster has `units:`) and export it: `export_doc`.

    `out` is a folder (default Path("exports")); a path ending in the format's extension
    (e.g. `--out force.pdf`) names the file itself. progress(done, total) is called as
    cards and pages render.
    """
    fmt = format_named(fmt, source)
    paper = paper_named(paper, source)
    _check_zipped(fmt, zipped, source)
    if fmt in BUNDLES:
        return export_paths([source], fmt, out=out, paper=paper, overwrite=overwrite,
                            progress=progress, zipped=zipped)
    return export_doc(load_doc(source), fmt, out=out, paper=paper, overwrite=overwrite,
                      progress=progress, zipped=zipped)


def export_paths(sources: Sequence[Path], fmt: str, *, out: Path | None = None,
                 paper: str = "a4", overwrite: bool = False, progress: Progress | None = None,
                 zipped: bool = False) -> Exported:
    """`export_path` for one file; the battlescribe format takes several (the units and
    rosters of one system, written as one catalogue) and then adds the stable id of each
    unit whose file keeps none to its file (`unit_ids.keep_ids`)."""
    fmt = format_named(fmt, sources[0] if sources else None)
    _check_zipped(fmt, zipped, sources[0] if sources else None)
    if len(sources) != 1 and fmt not in BUNDLES:
        raise InputError(f"the {fmt} format exports one file at a time; only "
                         f"{', '.join(BUNDLES)} takes several", field="FILE")
    if fmt not in BUNDLES:
        return export_path(sources[0], fmt, out=out, paper=paper, overwrite=overwrite,
                           progress=progress, zipped=zipped)
    from designer.export.battlescribe import export_battlescribe
    from designer.unit_ids import keep_ids

    docs = [load_doc(source) for source in sources]
    written = export_battlescribe(docs, out=out if out is not None else DEFAULT_OUT,
                                  overwrite=overwrite, zipped=zipped, progress=progress)
    for doc in docs:
        files = [e.file for e in doc.force.entries] if doc.force is not None else []
        for path in dict.fromkeys([doc.source, *files]):
            if path is not None:
                keep_ids(path)
    return written


def export_doc(doc: ExportDoc, fmt: str, *, out: Path | None = None, paper: str = "a4",
               overwrite: bool = False, progress: Progress | None = None,
               zipped: bool = False) -> Exported:
    """Render `doc` in `fmt`, write it atomically inside `out` (default Path("exports"))
    and return the path written (with what it could not show: `Exported`). Refuses to
    write outside `out`, over the document's own file, or over an existing file unless
    `overwrite`. A BUNDLES format writes several files (`zipped`: as zip archives) and
    returns the main one with the rest in `others`."""
    fmt = format_named(fmt, doc.source)
    paper = paper_named(paper, doc.source)
    _check_zipped(fmt, zipped, doc.source)
    if fmt == "battlescribe":
        from designer.export.battlescribe import export_battlescribe

        return export_battlescribe([doc], out=out if out is not None else DEFAULT_OUT,
                                   overwrite=overwrite, zipped=zipped, progress=progress)
    target = target_for(doc, fmt, out if out is not None else DEFAULT_OUT)
    _refuse_existing(target, doc.source, overwrite)
    missing: tuple[str, ...] = ()
    if fmt in PDFS:
        from designer.export.pdf import draw_list, draw_pdf

        draw = draw_pdf if fmt == "pdf" else draw_list
        drawn = draw(doc, paper=paper, progress=progress)
        payload: str | bytes = drawn.data
        missing = drawn.missing
    else:
        payload = render(doc, fmt, paper=paper, progress=progress)
    _refuse_existing(target, doc.source, overwrite)  # rendering a long PDF takes a moment
    try:
        written = Exported(write_atomic(target, payload))
    except OSError as exc:
        raise InputError(f"cannot write: {exc.strerror or exc}", file=target) from None
    written.missing = missing
    return written


def load_doc(source: str | Path) -> ExportDoc:
    """A unit or roster file, loaded, priced and checked; its system tells which it is."""
    from designer.units import is_roster_data, parse_unit_data

    data = load_mapping(source, "unit or roster")
    if is_roster_data(data, source):
        from designer.roster import parse_roster

        return roster_doc(parse_roster(data, file=source))

    return unit_doc(parse_unit_data(data, file=source))


def render(doc: ExportDoc, fmt: str, *, paper: str = "a4",
           progress: Progress | None = None) -> str | bytes:
    """The document in one format: bytes for PDF, text for the rest."""
    fmt = format_named(fmt, doc.source)
    paper = paper_named(paper, doc.source)
    if fmt in BUNDLES:
        raise InputError(f"the {fmt} format writes several files; export it to a folder",
                         file=doc.source, field="--format")
    if fmt in PDFS:
        from designer.export.pdf import draw_list, render_pdf

        if fmt == "list":
            return draw_list(doc, paper=paper, progress=progress).data
        return render_pdf(doc, paper=paper, progress=progress)
    renderers: dict[str, Callable[..., str]]
    if fmt == "html":
        from designer.export.html import render_html

        return render_html(doc, paper=paper, progress=progress)
    if fmt == "list-html":
        from designer.export.html_list import render_list_html

        return render_list_html(doc, paper=paper, progress=progress)
    from designer.export import data, markdown, text

    renderers = {"md": markdown.render_markdown, "txt": text.render_text,
                 "json": data.render_json, "yaml": data.render_yaml}
    return renderers[fmt](doc, progress=progress)


# Latin letters that NFKD does not take apart into an ASCII letter and marks
_TRANSLITERATE = str.maketrans({
    "Æ": "AE", "æ": "ae", "Œ": "OE", "œ": "oe", "ß": "ss", "ẞ": "SS", "Þ": "Th", "þ": "th",
    "Ł": "L", "ł": "l", "Ø": "O", "ø": "o", "Đ": "D", "đ": "d", "Ð": "D", "ð": "d",
    "Ħ": "H", "ħ": "h", "Ŧ": "T", "ŧ": "t", "ı": "i", "ĸ": "k", "Ŋ": "N", "ŋ": "n",
    "Ə": "E", "ə": "e", "Ɛ": "E", "ɛ": "e", "Ɨ": "I", "ɨ": "i", "Ƶ": "Z", "ƶ": "z",
    "Ɓ": "B", "ɓ": "b", "Ɗ": "D", "ɗ": "d", "Ƒ": "F", "ƒ": "f", "Ɠ": "G", "ɠ": "g",
    "Ƙ": "K", "ƙ": "k", "Ƴ": "Y", "ƴ": "y", "Ʉ": "U", "ʉ": "u", "Ɫ": "L", "ɫ": "l",
})
_APOSTROPHES = str.maketrans("", "", "'\u2019\u02bc")
MAX_SLUG_BYTES = 200  # file systems allow 255 bytes for a name; leave room for the rest


def safe_name(name: str, fallback: str = "unit") -> str:
    """A file name stem from a unit or force name: lower-case letters, digits and single
    dashes, never empty, never a path separator or '..', never a reserved device name.

    Latin letters become ASCII (`Łucznik` -> `lucznik`, `Ægir's Wrath` -> `aegirs-wrath`);
    the letters of other scripts are kept (`火の魔術師`, `Жар-птица` -> `жар-птица`), so
    two names in them still name two files. `fallback` names what has no letter at all."""
    out: list[str] = []
    latin = False  # whether the last letter was Latin (its marks go with it)
    for ch in unicodedata.normalize("NFKC", name).translate(_APOSTROPHES).lower():
        kind = unicodedata.category(ch)[0]
        if ch.isascii():
            out.append(ch if ch.isalnum() else "-")
            latin = ch.isalpha()
        elif kind == "M" or unicodedata.category(ch) == "Cf":
            out.append("" if latin or kind != "M" else ch)
        elif kind == "L" and "LATIN" in unicodedata.name(ch, ""):
            ascii_ch = unicodedata.normalize("NFKD", ch.translate(_TRANSLITERATE))
            out.append(ascii_ch.encode("ascii", "ignore").decode())
            latin = True
        else:
            out.append(ch if kind in "LN" else "-")
            latin = False
    slug = re.sub(r"-{2,}", "-", "".join(out)).strip("-")[:MAX_SLUG]
    while len(slug.encode("utf-8")) > MAX_SLUG_BYTES:
        slug = slug[:-1]
    slug = slug.rstrip("-")
    if not slug:
        slug = fallback
    if slug in _RESERVED:
        slug = f"{slug}-{fallback}"
    return slug


def target_for(doc: ExportDoc, fmt: str, out: Path) -> Path:
    """Where an export goes: `out/<safe name>.<ext>`, or `out` itself when it names a
    file of the format. Raises InputError if the result would leave `out`."""
    ext = EXTENSIONS[fmt]
    suffix = out.suffix.lower()
    if suffix == ext and not out.is_dir():
        return out
    if suffix in EXTENSIONS.values() and not out.is_dir():
        raise InputError(f"names a {suffix} file, but the format is {fmt}; give a folder or "
                         f"a *{ext} file name", file=out, field="--out")
    if out.exists() and not out.is_dir():
        raise InputError(f"is a file, not a folder; give a folder or a *{ext} file name",
                         file=out, field="--out")
    target = out / f"{safe_name(doc.name, doc.kind)}{STEM_SUFFIX.get(fmt, '')}{ext}"
    base = out.resolve()
    resolved = target.resolve()
    if resolved.parent != base or not resolved.is_relative_to(base):
        raise InputError("the export would land outside the output folder", file=target)
    return target


# --- internals ---------------------------------------------------------------------------


def _check_zipped(fmt: str, zipped: bool, source: Any) -> None:
    if zipped and fmt not in BUNDLES:
        raise InputError(f"applies only to the {', '.join(BUNDLES)} format",
                         file=source, field="--zip")




def _refuse_existing(target: Path, source: Path | None, overwrite: bool) -> None:
    if target.exists() and target.is_dir():
        raise InputError("is a folder; cannot write the export there", file=target)
    try:
        same = (source is not None and target.exists()
                and target.resolve() == Path(source).resolve())
    except OSError:
        same = False
    if same:
        raise InputError("is the file being exported; choose another --out", file=target)
    if target.exists() and not overwrite:
        raise InputError("exists; pass --force to overwrite", file=target)
