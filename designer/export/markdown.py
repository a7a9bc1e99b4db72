"""Markdown export: the force summary and every unit's complete stat block, to paste into
a forum post or a chat that renders Markdown. User text is escaped, so a name cannot
start a link, a table cell or raw HTML.

A stat block draws the neutral card: its tags, each table, each stat, then its sections
(the short lists first, then the ones with an entry per paragraph), the tally and the
findings. A card whose layout is "sheet" (a form to fill in, printed as a half-page
sheet) prints its blocks in its own order instead, its die counts as pips and the empty
cells of its main rows as boxes. The text export follows the same order."""

from __future__ import annotations

import re

from designer.card import Block, Card, Cell, Row, Section, Stat, Table, points_text
from designer.escaping import one_line
from designer.export.document import ExportDoc, ForceView, stat_blocks
from designer.systems import Progress

# what changes meaning inside a line; user text never starts one, so '#', '-' and '+'
# (headings, list items) stay as they are
_SPECIAL = re.compile(r"([\\`*_\[\]<>|~&])")
PIP = "\u25cf"
BOX = "[ ]"
MAX_PIPS = 6  # more dice than this print as their number


def esc(text: object) -> str:
    """User text as literal Markdown on one line."""
    return _SPECIAL.sub(r"\\\1", one_line(text))


def render_markdown(doc: ExportDoc, *, progress: Progress | None = None) -> str:
    level = 2 if doc.summary is not None else 1
    return stat_blocks(doc, force_block, lambda card: card_block(card, level=level),
                       ["---", ""], f"*Exported by designer {doc.version}.*", progress)


def chat_text(doc: ExportDoc) -> str:
    """What "copy as text" puts on the clipboard: a unit's stat block, or a force's list
    (its figures, facts, status and units with counts and points), in Markdown."""
    if doc.summary is not None:
        lines = force_block(doc.summary)
    else:
        lines = card_block(doc.cards[0], level=2)
    return "\n".join(lines).rstrip() + "\n"


def force_block(f: ForceView) -> list[str]:
    parts = [esc(f.system_title)]
    if f.priced and f.cap is not None:
        parts.append(f"**{f.total_word} {f.total} / {f.cap}** ({f.left_text()})")
    elif f.priced:
        parts.append(f"**{f.total_word} {f.total}**" + (" (no cap)" if f.budgeted else ""))
    parts.append(f"{f.unit_count} {f.units_word}")
    parts += [f"{esc(fact.label)}: {esc(fact.figure())}" for fact in f.facts if not fact.group]
    lines = [f"# {esc(f.name)} \u2013 {esc(f.roster_word)}", "", " \u00b7 ".join(parts), ""]
    for group, facts in f.fact_groups():  # a TACTICS side and its figures
        shown = " \u00b7 ".join(f"{esc(fact.short)} {esc(fact.figure())}" for fact in facts)
        lines += [f"**{esc(group)}:** {shown}", ""]
    if f.legal:
        lines += [f"**Status: legal** \u2013 {esc(f.legal_note())}.", ""]
    else:
        lines += ["**Status: NOT LEGAL**", ""]
        for p in f.problems:
            lines.append(f"- {esc(p.message)}")
            lines += [f"  - {esc(d.strip())}" for d in p.details]
        lines.append("")
    keys = "".join(f" {esc(k.title())} |" for k in f.entry_keys)
    rules = "---|" * len(f.entry_keys)
    if f.priced:
        lines += [f"| # | {f.unit_word.title()} |{keys} Count | {f.price_heading} | Subtotal "
                  "| Status |",
                  f"|--:|---|{rules}--:|--:|--:|---|"]
    else:
        lines += [f"| # | {f.unit_word.title()} |{keys} Count | Status |",
                  f"|--:|---|{rules}--:|---|"]
    for e in f.entries:
        status = "legal" if e.card.legal else f"**{len(e.card.errors)} error(s)**"
        priced = f" {e.points} | {e.subtotal} |" if f.priced else ""
        own = "".join(f" {esc(e.field(k))} |" for k in f.entry_keys)
        note = f" \u2013 *{esc(e.note)}*" if e.note else ""
        lines.append(f"| {e.number} | {esc(e.shown_name)}{note} |{own} {e.count} |{priced} "
                     f"{status} |")
    blank = " |" * len(f.entry_keys)
    if f.priced:
        cap_note = f"of {f.cap}" if f.cap is not None else ""
        lines.append(f"| | **Total** |{blank} **{f.unit_count}** | | **{f.total}** | "
                     f"{cap_note} |")
    else:
        lines.append(f"| | **Total** |{blank} **{f.unit_count}** | |")
    lines.append("")
    return lines


def card_block(c: Card, *, level: int = 2) -> list[str]:
    h = "#" * level
    points = f" \u2013 {points_text(c.points)}" if c.points is not None else ""
    lines = [f"{h} {esc(c.title)}{points}", ""]
    tags = ", ".join(esc(t.name + t.mark) for t in c.tags)
    legend = f" ({esc(c.legend)})" if c.legend and c.tags else ""
    lines += [f"*Types:* {tags or 'none'}{legend}", ""]
    sheet = c.layout == "sheet"
    for block in ordered_blocks(c):
        if isinstance(block, Table):
            lines += [*table_lines(block, sheet=sheet), ""]
        elif isinstance(block, Stat):
            lines += [stat_line(block), ""]
        else:
            lines += section_lines(block)
    if c.credit:
        lines += [f"*Rules credit:* {esc(c.credit)}", ""]
    if c.points is not None:
        steps = " + ".join(f"{k} {v}" for k, v in c.step_totals().items())
        lines += [f"**Tally:** {steps} = **{c.points}**" if steps
                  else f"**Tally:** {c.points}", ""]
        if c.audit:
            lines += [f"*{esc(c.audit)}*", ""]
    if c.legal:
        lines.append("**Legal.**")
    else:
        lines.append("**Not legal:**")
        lines += [f"- error {esc(i.line())}" for i in c.errors]
    if c.warnings:
        lines += ["", "Warnings:"] + [f"- {esc(i.line())}" for i in c.warnings]
    lines.append("")
    return lines


def ordered_sections(c: Card) -> list[Section]:
    """The sections as the text exports list them: the short lists (compact sections)
    first, then the ones with a paragraph per entry; an empty section that is not on the
    card says nothing and is left out."""
    shown = [s for s in c.sections() if s.entries or s.on_card]
    return [s for s in shown if s.compact] + [s for s in shown if not s.compact]


def ordered_blocks(c: Card) -> list[Block]:
    """A card's blocks as the text exports print them: a sheet in its own order (the
    sections that say nothing left out), any other card its tables, then its stats, then
    `ordered_sections`."""
    if c.layout != "sheet":
        return [*c.tables(), *c.stats(), *ordered_sections(c)]
    shown = ordered_sections(c)
    return [b for b in c.blocks if not isinstance(b, Section) or b in shown]


def sheet_cell(cell: Cell, row: Row) -> str:
    """A cell of a sheet as text: a die count as pips (its number when there are many
    or none), an empty cell of a main row as a box to fill in, of a sub row as nothing."""
    if cell.kind == "dice" and 0 < cell.count <= MAX_PIPS:
        return PIP * cell.count
    if not cell.plain and not row.sub:
        return BOX
    return cell.plain


def cell_text(text: str) -> str:
    return text or "\u2013"


def table_lines(table: Table, *, sheet: bool = False) -> list[str]:
    lines = ["| | " + " | ".join(esc(col) for col in table.columns) + " |",
             "|---|" + ":-:|" * len(table.columns)]
    for row in table.rows:
        cells = [esc(cell_text(sheet_cell(cell, row) if sheet else cell.plain))
                 for cell in row.cells]
        lines.append(f"| **{esc(row.label)}** | " + " | ".join(cells) + " |")
    return lines


def stat_line(stat: Stat) -> str:
    note = f" \u00b7 {esc(stat.note)}" if stat.note else ""
    return f"**{esc(stat.label)}:** {esc(stat.value)}{note}"


def section_lines(s: Section) -> list[str]:
    """A section: 'none' when empty; a short list of things without text on one line;
    things with text (equipment and its effects) one to a line; a full section one entry
    to a line with its title in bold."""
    label = esc(s.label)
    if not s.entries:
        return [f"**{label}:** none", ""]
    if s.compact and not any(e.text for e in s.entries):
        return [f"**{label}:** " + "; ".join(esc(e.label) for e in s.entries), ""]
    lines = [f"**{label}:**"]
    for e in s.entries:
        if s.compact:
            note = f": {esc(e.note)}" if e.note else ""
            text = f" ({esc(e.text)})" if e.text else ""
            lines.append(f"- {esc(e.title)}{note}{text}")
        else:
            note = f" ({esc(e.note)})" if e.note else ""
            text = f": {esc(e.text)}" if e.text else ""
            lines.append(f"- **{esc(e.title)}**{note}{text}")
    return [*lines, ""]
