"""Markdown export: the force summary and every unit's complete stat block, to paste into
a forum post or a chat that renders Markdown. User text is escaped, so a name cannot
start a link, a table cell or raw HTML."""

from __future__ import annotations

import re
from collections.abc import Callable

from designer.export.card import CardView, ExportDoc, ForceView, points_text, stat_blocks

Progress = Callable[[int, int], None]
# what changes meaning inside a line; user text never starts one, so '#', '-' and '+'
# (headings, list items) stay as they are
_SPECIAL = re.compile(r"([\\`*_\[\]<>|~&])")
_BREAKS = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]+")


def esc(text: object) -> str:
    """User text as literal Markdown on one line."""
    return _SPECIAL.sub(r"\\\1", _BREAKS.sub(" ", str(text)).strip())


def render_markdown(doc: ExportDoc, *, progress: Progress | None = None) -> str:
    level = 2 if doc.summary is not None else 1
    return stat_blocks(doc, force_block, lambda card: card_block(card, level=level),
                       ["---", ""], f"*Exported by designer {doc.version}.*", progress)


def force_block(f: ForceView) -> list[str]:
    cap = (f"**{f.total} / {f.cap} points** ({f.remaining} remaining)" if f.cap is not None
           else f"**{f.total} points** (no cap)")
    lines = [f"# {esc(f.name)} \u2013 force roster", "",
             f"{esc(f.system_title)} \u00b7 {cap} \u00b7 {f.unit_count} units \u00b7 starting "
             f"morale {f.morale} \u00b7 {f.counters} activation counters", ""]
    if f.legal:
        within = "within its points cap" if f.cap is not None else "no points cap set"
        lines += [f"**Status: legal** \u2013 {within}; every unit is legal.", ""]
    else:
        lines += ["**Status: NOT LEGAL**", ""]
        for p in f.problems:
            lines.append(f"- {esc(p.message)}")
            lines += [f"  - {esc(d.strip())}" for d in p.details]
        lines.append("")
    lines += ["| # | Unit | Count | Points | Subtotal | Status |",
              "|--:|---|--:|--:|--:|---|"]
    for e in f.entries:
        status = "legal" if e.card.legal else f"**{len(e.card.errors)} error(s)**"
        lines.append(f"| {e.number} | {esc(e.name)} | {e.count} | {e.points} | {e.subtotal} "
                     f"| {status} |")
    cap_note = f"of {f.cap}" if f.cap is not None else ""
    lines += [f"| | **Total** | **{f.unit_count}** | | **{f.total}** | {cap_note} |", ""]
    return lines


def card_block(c: CardView, *, level: int = 2) -> list[str]:
    h = "#" * level
    lines = [f"{h} {esc(c.name)} \u2013 {points_text(c.points)}", ""]
    types = ", ".join(esc(t.name) + ("\\*" if t.elemental else "") for t in c.types)
    lines += [f"*Types:* {types or 'none'}"
              + (" (\\* elemental)" if any(t.elemental for t in c.types) else ""), ""]
    lines += ["| | " + " | ".join(s.label for s in c.skills) + " |",
              "|---|" + ":-:|" * len(c.skills)]
    rows = (("OFF dice", [str(s.off.dice) for s in c.skills]),
            ("OFF bumps", [s.off.bumps_text or "\u2013" for s in c.skills]),
            ("DEF dice", [str(s.defence.dice) for s in c.skills]),
            ("DEF bumps", [s.defence.bumps_text or "\u2013" for s in c.skills]),
            ("Range", [str(s.range) for s in c.skills]))
    for label, cells in rows:
        lines.append(f"| **{label}** | " + " | ".join(esc(x) for x in cells) + " |")
    lines.append("")
    lines.append(f"**Athletics:** {c.athletics}" + (" \u00b7 flies" if c.flies else ""))
    lines.append("")
    from_items = item_bumps(c)
    if from_items:
        lines += ["**Bumps from equipment:** " + "; ".join(esc(x) for x in from_items), ""]
    if c.equipment:
        lines.append("**Equipment:**")
        for e in c.equipment:
            chosen = f": {esc(e.choices)}" if e.choices else ""
            lines.append(f"- {esc(e.item)}{chosen} ({esc(e.effects)})")
    else:
        lines.append("**Equipment:** none")
    lines.append("")
    if c.abilities:
        lines.append("**Abilities:**")
        for a in c.abilities:
            via = f" (from {esc(a.source)})" if a.source else " (custom)" if a.custom else ""
            text = f": {esc(a.summary)}" if a.summary else ""
            lines.append(f"- **{esc(a.title)}**{via}{text}")
    else:
        lines.append("**Abilities:** none")
    lines.append("")
    steps = " + ".join(f"{k} {v}" for k, v in c.step_totals().items())
    lines += [f"**Tally:** {steps} = **{c.points}**" if steps else f"**Tally:** {c.points}", ""]
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


def item_bumps(c: CardView) -> list[str]:
    """'Melee DEF +3 (Heavy Armor)' for every bump an item gave or raised."""
    out = []
    for s in c.skills:
        for side, pool in (("OFF", s.off), ("DEF", s.defence)):
            for value, source in zip(pool.bumps, pool.sources, strict=True):
                if source:
                    out.append(f"{s.label} {side} {value:+d} ({source})")
    return out
