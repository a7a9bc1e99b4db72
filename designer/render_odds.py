"""Matchup odds for a terminal: rich tables of an engagement and of a field report.
User text (unit names, in titles, labels and notes) is never read as markup, and what a
terminal could act on in it (escape sequences, bidirectional overrides) is shown as
escapes, never sent."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from rich.console import Group, JustifyMethod
from rich.table import Table
from rich.text import Text

from designer.escaping import printable
from designer.facing import MEANINGFUL_WIN, FieldReport
from designer.systems import Engagement, Odds

#: a chance below this shows as "<0.1%", its fraction left to --json
SHOWN_FLOOR = Fraction(1, 1000)
STATUS_WORDS = {"applied": "applied", "idle": "not here", "outside": "outside"}


def safe(text: str) -> Text:
    """User text for a terminal: never markup, never a control sequence."""
    return Text(printable(text))


def percent(value: Fraction) -> str:
    """'41.7%': a chance for people, one decimal; '<0.1%' for a sliver above nothing."""
    if 0 < value < SHOWN_FLOOR:
        return "<0.1%"
    return f"{float(value) * 100:.1f}%"


def amount(value: Fraction) -> str:
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def _shown(row: Odds) -> str:
    return percent(row.value) if row.chance else amount(row.value)


def _exact(row: Odds) -> str:
    """The fraction, unless the row shows a sliver (its fraction is in --json)."""
    return "" if row.chance and 0 < row.value < SHOWN_FLOOR else str(row.value)


def engagement_renderable(engagement: Engagement) -> Group:
    """The outcomes (exclusive, with exact fractions), the figures drawn from them, what
    the odds assumed, and what each ability did."""
    table = Table(title=safe(engagement.title), title_justify="left", show_edge=False)
    table.add_column("Outcome")
    table.add_column("Chance", justify="right")
    table.add_column("Exact", justify="right", style="dim")
    for row in engagement.outcomes:
        table.add_row(safe(row.label), percent(row.value), _exact(row))
    table.add_section()
    for row in engagement.figures:
        table.add_row(safe(row.label), _shown(row), _exact(row))
    parts: list = [table]
    parts += [Text(f"  {printable(note)}", style="dim") for note in engagement.notes]
    if engagement.abilities:
        uses = Table(show_edge=False, show_header=False, box=None, padding=(0, 1, 0, 2))
        uses.add_column()
        uses.add_column(style="bold")
        uses.add_column()
        uses.add_column(style="dim")
        for use in engagement.abilities:
            uses.add_row(safe(use.unit), safe(use.name), STATUS_WORDS[use.status],
                         safe(use.detail))
        parts += [Text("  Abilities", style="bold"), uses]
    return Group(*parts)


def _per_win(report: FieldReport, mode) -> str:
    per_win = report.points_per_win(mode)
    if per_win is None or mode.win < MEANINGFUL_WIN:
        return "—"
    return amount(per_win)


def _fair(report: FieldReport, mode) -> str:
    fair = report.fair_points(mode)
    if fair is None or mode.win < MEANINGFUL_WIN:
        return "—"
    return f"{float(fair):.1f}"


def field_renderable(reports: Sequence[FieldReport], field: str) -> Group:
    """Each unit's modes against the field: chance to win, to fall, points per win and
    fair points (what the field pays per win, times this unit's chance to win). Units
    sharing a name and a design show once."""
    table = Table(title=safe(f"Against {field}"), title_justify="left", show_edge=False)
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("Unit", "left"), ("Mode", "left"), ("Foes", "right"), ("Win", "right"),
        ("Fall", "right"), ("Pts", "right"), ("Pts/win", "right"), ("Fair pts", "right"))
    for name, justify in columns:
        table.add_column(name, justify=justify, no_wrap=name != "Unit")
    seen: dict[tuple[str, int], int] = {}
    for report in reports:
        key = (report.name, id(report.modes))
        seen[key] = seen.get(key, 0) + 1
        if seen[key] > 1:
            continue
    for report in reports:
        key = (report.name, id(report.modes))
        count = seen.pop(key, 0)
        if not count:
            continue
        label = report.name + (f" ×{count}" if count > 1 else "")
        if not report.modes:
            table.add_row(safe(label), "cannot attack", "", "", "", "", "", "")
        for i, mode in enumerate(report.modes):
            table.add_row(safe(label if i == 0 else ""), safe(mode.mode), str(mode.weight),
                          percent(mode.win), percent(mode.loss),
                          "" if report.points is None else str(report.points),
                          _per_win(report, mode), _fair(report, mode))
    median = next((r.median for r in reports if r.median is not None), None)
    notes = []
    if median is not None:
        notes.append(Text(f"  Fair pts: the field pays {amount(median)} points a win (its "
                          "median), times the unit's chance to win.", style="dim"))
    elif any(r.points is not None for r in reports):
        notes.append(Text("  Fair pts: half the field wins under 1% of its engagements, so "
                          "it sets no price for a win.", style="dim"))
    if any(m.win < MEANINGFUL_WIN for r in reports for m in r.modes):
        notes.append(Text("  —: no points per win or fair points under a 1% chance to win.",
                          style="dim"))
    notes.append(Text("  Foes: how many of the field each mode can reach.", style="dim"))
    return Group(table, *notes)
