"""Matchup odds for a terminal: rich tables of an engagement and of a field report.
User text (unit names) is never read as markup."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from rich.console import Group
from rich.table import Table
from rich.text import Text

from designer.matchup import FieldReport
from designer.systems import Engagement, Odds


def percent(value: Fraction) -> str:
    """'41.7%': a chance for people, one decimal."""
    return f"{float(value) * 100:.1f}%"


def amount(value: Fraction) -> str:
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def _shown(row: Odds) -> str:
    return percent(row.value) if row.chance else amount(row.value)


def engagement_renderable(engagement: Engagement) -> Group:
    """The outcomes (exclusive, with exact fractions) and the figures drawn from them."""
    table = Table(title=Text(engagement.title), title_justify="left", show_edge=False)
    table.add_column("Outcome")
    table.add_column("Chance", justify="right")
    table.add_column("Exact", justify="right", style="dim")
    for row in engagement.outcomes:
        table.add_row(Text(row.label), percent(row.value), str(row.value))
    table.add_section()
    for row in engagement.figures:
        table.add_row(Text(row.label), _shown(row), str(row.value))
    parts: list = [table]
    parts += [Text(f"  {note}", style="dim") for note in engagement.notes]
    return Group(*parts)


def field_renderable(reports: Sequence[FieldReport], field: str) -> Table:
    """Each unit's modes against the field: chance to win, to fall, points per win."""
    table = Table(title=Text(f"Against {field}"), title_justify="left", show_edge=False)
    for name, justify in (("Unit", "left"), ("Mode", "left"), ("Opponents", "right"),
                          ("Win", "right"), ("Fall", "right"), ("Points", "right"),
                          ("Points/win", "right")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for report in reports:
        if not report.modes:
            table.add_row(Text(report.name), "cannot attack", "", "", "", "", "")
        for i, mode in enumerate(report.modes):
            per_win = report.points_per_win(mode)
            table.add_row(Text(report.name if i == 0 else ""), Text(mode.mode),
                          str(mode.weight), percent(mode.win), percent(mode.loss),
                          "" if report.points is None else str(report.points),
                          "—" if per_win is None else amount(per_win))
    return table
