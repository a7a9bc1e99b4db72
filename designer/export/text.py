"""Plain-text export: the force summary and every unit's complete stat block in fixed
columns, for a chat, an e-mail or a code block; no markup to render."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Sequence

from designer.export.card import CardView, ExportDoc, ForceView, points_text, stat_blocks
from designer.export.markdown import item_bumps

Progress = Callable[[int, int], None]
WIDTH = 76
_BREAKS = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]+")


def clean(text: object) -> str:
    """User text on one line: control characters (escape sequences too) become spaces."""
    return _BREAKS.sub(" ", str(text)).strip()


def render_text(doc: ExportDoc, *, progress: Progress | None = None) -> str:
    return stat_blocks(doc, force_block, card_block, ["=" * WIDTH, ""],
                       f"Exported by designer {doc.version}.", progress)


def table(rows: Sequence[Sequence[str]], right: set[int] | None = None) -> list[str]:
    """Rows in aligned columns, two spaces apart; `right` columns are right-aligned."""
    right = right or set()
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [cell.rjust(w) if i in right else cell.ljust(w)
                 for i, (cell, w) in enumerate(zip(row, widths, strict=True))]
        lines.append("  ".join(cells).rstrip())
    return lines


def force_block(f: ForceView) -> list[str]:
    title = f"{clean(f.name)} - force roster"
    points = (f"{f.total} of {f.cap} ({f.remaining} remaining)" if f.cap is not None
              else f"{f.total} (no cap)")
    lines = [title, "-" * min(len(title), WIDTH), clean(f.system_title),
             f"Points: {points}   Units: {f.unit_count}   Starting morale: {f.morale}   "
             f"Activation counters: {f.counters}"]
    if f.legal:
        within = "within its points cap" if f.cap is not None else "no points cap set"
        lines.append(f"Status: LEGAL ({within}; every unit is legal)")
    else:
        lines.append("Status: NOT LEGAL")
        for p in f.problems:
            lines += _wrap(clean(p.message), "  * ", "    ")
            for d in p.details:
                lines += _wrap(clean(d), "      - ", "        ")
    lines.append("")
    rows = [["#", "Unit", "Count", "Points", "Subtotal", "Status"]]
    for e in f.entries:
        status = "legal" if e.card.legal else f"{len(e.card.errors)} error(s)"
        rows.append([str(e.number), clean(e.name), str(e.count), str(e.points),
                     str(e.subtotal), status])
    rows.append(["", "Total", str(f.unit_count), "", str(f.total),
                 f"of {f.cap}" if f.cap is not None else ""])
    lines += table(rows, right={0, 2, 3, 4})
    lines.append("")
    return lines


def card_block(c: CardView) -> list[str]:
    name = clean(c.name)
    points = points_text(c.points)
    head = f"{name}  {points.rjust(max(WIDTH - len(name) - 2, len(points)))}"
    lines = [head.rstrip()]
    types = ", ".join(clean(t.name) + ("*" if t.elemental else "") for t in c.types)
    if any(t.elemental for t in c.types):
        types += "  (* elemental)"
    lines += _wrap(f"Types: {types or 'none'}", "", "       ")
    lines.append("")
    rows = [["", *(s.label for s in c.skills)],
            ["OFF dice", *(str(s.off.dice) for s in c.skills)],
            ["OFF bumps", *(s.off.bumps_text or "-" for s in c.skills)],
            ["DEF dice", *(str(s.defence.dice) for s in c.skills)],
            ["DEF bumps", *(s.defence.bumps_text or "-" for s in c.skills)],
            ["Range", *(str(s.range) for s in c.skills)]]
    lines += table(rows)
    lines.append(f"Athletics: {c.athletics}" + (", flies" if c.flies else ""))
    from_items = item_bumps(c)
    if from_items:
        lines += _wrap("Bumps from equipment: " + "; ".join(clean(x) for x in from_items),
                       "", "  ")
    if c.equipment:
        lines.append("Equipment:")
        for e in c.equipment:
            chosen = f": {clean(e.choices)}" if e.choices else ""
            lines += _wrap(f"{clean(e.item)}{chosen} ({clean(e.effects)})", "  - ", "    ")
    else:
        lines.append("Equipment: none")
    if c.abilities:
        lines.append("Abilities:")
        for a in c.abilities:
            via = f" (from {clean(a.source)})" if a.source else " (custom)" if a.custom else ""
            text = f": {clean(a.summary)}" if a.summary else ""
            lines += _wrap(f"{clean(a.title)}{via}{text}", "  - ", "    ")
    else:
        lines.append("Abilities: none")
    steps = " + ".join(f"{k} {v}" for k, v in c.step_totals().items())
    lines += _wrap(f"Tally: {steps} = {c.points}" if steps else f"Tally: {c.points}", "", "  ")
    if c.audit:
        lines.append(f"Audit: {clean(c.audit)}")
    if c.legal:
        lines.append("Status: legal")
    else:
        lines.append("Status: NOT LEGAL")
        for i in c.errors:
            lines += _wrap(f"error {clean(i.line())}", "  - ", "    ")
    for i in c.warnings:
        lines += _wrap(f"warning {clean(i.line())}", "  - ", "    ")
    lines.append("")
    return lines


def _wrap(text: str, first: str, rest: str) -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=first, subsequent_indent=rest,
                         break_on_hyphens=False) or [first.rstrip()]
