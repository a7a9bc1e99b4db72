"""Plain-text export: the force summary and every unit's complete stat block in fixed
columns, for a chat, an e-mail or a code block; no markup to render. The blocks follow
the Markdown export's order.

Columns are counted as a terminal or a fixed-width font shows them (`display_width`): a
Chinese, Japanese or Korean character takes two, a combining accent none, so a table
with such names still lines up."""

from __future__ import annotations

import re
import textwrap
import unicodedata
from collections.abc import Sequence
from functools import lru_cache

from designer.card import Card, Section, Stat, Table, points_text
from designer.escaping import one_line
from designer.export.document import ExportDoc, ForceView, stat_blocks
from designer.export.fit import segments
from designer.export.markdown import ordered_blocks, sheet_cell
from designer.systems import Progress

WIDTH = 76


def clean(text: object) -> str:
    """User text on one line: control characters (escape sequences, overrides too)
    become spaces."""
    return one_line(text)


def render_text(doc: ExportDoc, *, progress: Progress | None = None) -> str:
    return stat_blocks(doc, force_block, card_block, ["=" * WIDTH, ""],
                       f"Exported by designer {doc.version}.", progress)


@lru_cache(maxsize=4096)
def _columns(ch: str) -> int:
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def display_width(text: str) -> int:
    """The columns `text` takes in a fixed-width font: East Asian wide and fullwidth
    characters take two, combining marks and invisible format characters none."""
    if text.isascii():
        return len(text)
    return sum(_columns(ch) for ch in text)


def ljust(text: str, width: int) -> str:
    return text + " " * (width - display_width(text))


def rjust(text: str, width: int) -> str:
    return " " * (width - display_width(text)) + text


def table(rows: Sequence[Sequence[str]], right: set[int] | None = None) -> list[str]:
    """Rows in aligned columns, two spaces apart; `right` columns are right-aligned."""
    right = right or set()
    widths = [max(display_width(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [rjust(cell, w) if i in right else ljust(cell, w)
                 for i, (cell, w) in enumerate(zip(row, widths, strict=True))]
        lines.append("  ".join(cells).rstrip())
    return lines


def force_block(f: ForceView) -> list[str]:
    title = f"{clean(f.name)} - {f.roster_word}"
    figures = []
    if f.priced:
        figures.append(f"{f.total_word}: " + (f"{f.total} of {f.cap} ({f.left_text()})"
                                     if f.cap is not None else
                                     f"{f.total}" + (" (no cap)" if f.budgeted else "")))
    figures.append(f"{f.units_word.title()}: {f.unit_count}")
    figures += [f"{clean(fact.label)}: {clean(fact.figure())}" for fact in f.facts
                if not fact.group]
    lines = [title, "-" * min(display_width(title), WIDTH), clean(f.system_title)]
    row = ""
    for figure in figures:  # as many figures to a line as fit, never one broken
        if row and display_width(f"{row}   {figure}") > WIDTH:
            lines.append(row)
            row = ""
        row = f"{row}   {figure}" if row else figure
    lines.append(row)
    for group, facts in f.fact_groups():  # a TACTICS side and its figures
        lines += _wrap(f"{clean(group)}: " + "; ".join(
            f"{clean(fact.short)} {clean(fact.figure())}" for fact in facts), "", "  ")
    if f.legal:
        lines.append(f"Status: LEGAL ({f.legal_note()})")
    else:
        lines.append("Status: NOT LEGAL")
        for p in f.problems:
            lines += _wrap(clean(p.message), "  * ", "    ")
            for d in p.details:
                lines += _wrap(clean(d), "      - ", "        ")
    lines.append("")
    priced = [f.price_heading, "Subtotal"] if f.priced else []
    keys = [clean(k.title()) for k in f.entry_keys]
    rows = [["#", f.unit_word.title(), *keys, "Count", *priced, "Status"]]
    for e in f.entries:
        status = "legal" if e.card.legal else f"{len(e.card.errors)} error(s)"
        figures = [str(e.points), str(e.subtotal)] if f.priced else []
        own = [clean(e.field(k)) for k in f.entry_keys]
        rows.append([str(e.number), clean(e.shown_name), *own, str(e.count), *figures,
                     status])
    total = ["", str(f.total)] if f.priced else []
    rows.append(["", "Total", *[""] * len(keys), str(f.unit_count), *total,
                 f"of {f.cap}" if f.priced and f.cap is not None else ""])
    count = 2 + len(keys)
    lines += table(rows, right={0, count, count + 1, count + 2} if f.priced else {0, count})
    noted = [e for e in f.entries if e.note]  # under the table: a long one would widen it
    if noted:
        lines.append("Notes:")
    for e in noted:
        lines += _wrap(f"{e.number} {clean(e.shown_name)}: {clean(e.note)}", "  ", "    ")
    lines.append("")
    return lines


def card_block(c: Card) -> list[str]:
    name = clean(c.title)
    if c.points is not None:
        points = points_text(c.points)
        head = f"{name}  {rjust(points, max(WIDTH - display_width(name) - 2, len(points)))}"
    else:
        head = name
    lines = [head.rstrip()]
    tags = ", ".join(clean(t.name + t.mark) for t in c.tags)
    if c.legend and c.tags:
        tags += f"  ({clean(c.legend)})"
    lines += _wrap(f"Types: {tags or 'none'}", "", "       ")
    lines.append("")
    sheet = c.layout == "sheet"
    for i, block in enumerate(ordered_blocks(c)):
        if isinstance(block, Table) and sheet:  # set apart from the lines around it
            lines += ([""] if lines[-1] else []) + table_lines(block, sheet=True) + [""]
        elif isinstance(block, Table):  # a card's tables come first, a line between
            lines += ([""] if i else []) + table_lines(block)
        elif isinstance(block, Stat):
            note = f", {clean(block.note)}" if block.note else ""
            lines += _wrap(f"{clean(block.label)}: {clean(block.value)}{note}", "", "  ")
        else:
            lines += section_lines(block)
    if c.credit:
        lines += _wrap(f"Rules credit: {clean(c.credit)}", "", "  ")
    if c.points is not None:
        steps = " + ".join(f"{k} {v}" for k, v in c.step_totals().items())
        lines += _wrap(f"Tally: {steps} = {c.points}" if steps else f"Tally: {c.points}",
                       "", "  ")
        if c.audit:
            lines.append(f"Audit: {clean(c.audit)}")
    if c.legal:
        lines.append("Status: legal")
    else:
        lines.append("Status: NOT LEGAL")
        for issue in c.errors:
            lines += _wrap(f"error {clean(issue.line())}", "  - ", "    ")
    for issue in c.warnings:
        lines += _wrap(f"warning {clean(issue.line())}", "  - ", "    ")
    lines.append("")
    return lines


def table_lines(t: Table, *, sheet: bool = False) -> list[str]:
    rows = [["", *(clean(col) for col in t.columns)]]
    rows += [[clean(row.label), *(clean(sheet_cell(cell, row) if sheet else cell.plain)
                                  or "-" for cell in row.cells)]
             for row in t.rows]
    return table(rows)


def section_lines(s: Section) -> list[str]:
    """As the Markdown export words it, without the markup."""
    label = clean(s.label)
    if not s.entries:
        return [f"{label}: none"]
    if s.compact and not any(e.text for e in s.entries):
        return _wrap(f"{label}: " + "; ".join(clean(e.label) for e in s.entries), "", "  ")
    lines = [f"{label}:"]
    for e in s.entries:
        if s.compact:
            note = f": {clean(e.note)}" if e.note else ""
            text = f" ({clean(e.text)})" if e.text else ""
        else:
            note = f" ({clean(e.note)})" if e.note else ""
            text = f": {clean(e.text)}" if e.text else ""
        lines += _wrap(f"{clean(e.title)}{note}{text}", "  - ", "    ")
    return lines


def _wrap(text: str, first: str, rest: str) -> list[str]:
    if display_width(text) == len(text):
        return textwrap.wrap(text, WIDTH, initial_indent=first, subsequent_indent=rest,
                             break_on_hyphens=False) or [first.rstrip()]
    return _wrap_wide(text, first, rest)


def _wrap_wide(text: str, first: str, rest: str) -> list[str]:
    """textwrap's greedy wrap, counting display columns instead of characters; a line
    may also break between CJK characters (`fit.segments`)."""
    lines: list[str] = []
    indent, line, used = first, "", display_width(first)

    def flush() -> None:
        nonlocal indent, line, used
        lines.append((indent + line).rstrip())
        indent, line, used = rest, "", display_width(rest)

    chunks = [piece for part in re.findall(r" +|[^ ]+", text.strip())
              for piece in ([part] if part[0] == " " else [t for t, _ in segments(part)])]
    for chunk in chunks:
        w = display_width(chunk)
        if chunk[0] == " ":
            if line:
                line, used = line + chunk, used + w
            continue
        if used + w > WIDTH and line:
            flush()
        if used + w <= WIDTH:
            line, used = line + chunk, used + w
            continue
        for ch in chunk:  # wider than a whole line: broken where it must be
            cw = display_width(ch)
            if used + cw > WIDTH and line:
                flush()
            line, used = line + ch, used + cw
    if line or not lines:
        flush()
    return lines
