"""Rich renderables of the core's results, shared by the CLI and the TUI."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from designer.card import Card, Stat
from designer.card import Table as Table_
from designer.errors import printable
from designer.roster import Force
from designer.search import matches
from designer.systems import CatalogSection, GameSystem, Step
from designer.tally import Tally


def step_titles(steps: Sequence[Step]) -> dict[str, str]:
    """'1 Dice', '2 Bumps', ...: a tally line's step as the build steps number it."""
    return {step.key: f"{n} {step.title}" for n, step in enumerate(steps, start=1)}


def card_renderable(card: Card) -> Group:
    """A card as a terminal shows it: its tags, tables, stat lines and sections (the
    summary of a unit of a system without points)."""
    parts: list[Any] = [Text(printable(card.title), style="bold")]
    if card.tags:
        parts.append(Text(", ".join(printable(t.name + t.mark) for t in card.tags),
                          style="italic"))
    for block in card.blocks:
        if isinstance(block, Table_):
            table = Table(show_header=True, expand=False)
            table.add_column("")
            for column in block.columns:
                table.add_column(printable(column), justify="center")
            for row in block.rows:
                table.add_row(printable(row.label), *(printable(c.plain) for c in row.cells))
            parts.append(table)
        elif isinstance(block, Stat):
            note = f" ({printable(block.note)})" if block.note else ""
            parts.append(Text(f"{printable(block.label)}: {printable(block.value)}{note}"))
        elif block.entries:
            entries = "; ".join(printable(e.label + (f": {e.text}" if e.text else ""))
                                for e in block.entries)
            parts.append(Text(f"{printable(block.label)}: {entries}"))
    return Group(*parts)


def tally_renderable(tally: Tally, game: GameSystem, card: Card | None = None) -> Group:
    if not game.PRICED:
        summary = [card_renderable(card)] if card is not None else []
        return Group(*summary, Text(f"{game.TITLE} defines no points; only its checks apply.",
                                    style="dim"), *_findings(tally), _verdict(tally, game))
    titles = step_titles(game.steps())
    table = Table(title=Text(printable(tally.name)), title_justify="left", show_footer=True,
                  expand=False)
    table.add_column("Step", footer="Total")
    table.add_column("Item")
    table.add_column("Points", justify="right", footer=Text(str(tally.total), style="bold"))
    previous = None
    for line in tally.breakdown:
        step = titles.get(line.step, line.step) if line.step != previous else ""
        previous = line.step
        table.add_row(step, Text(printable(line.item)), str(line.points))
    parts: list[Any] = [table]
    audit = tally.audit()
    if audit:
        style = "green" if tally.printed == tally.total else "yellow"
        parts.append(Text(f"Audit: {audit}", style=style))
    parts += _findings(tally)
    parts.append(_verdict(tally, game))
    return Group(*parts)


def _findings(tally: Tally) -> list[Text]:
    return ([Text(f"error {printable(issue.line())}", style="bold red") for issue in tally.errors]
            + [Text(f"warning {printable(issue.line())}", style="yellow")
               for issue in tally.warnings])


def _verdict(tally: Tally, game: GameSystem) -> Text:
    status = "legal" if tally.legal else f"not legal: {len(tally.errors)} error(s)"
    points = f" {tally.total} points," if game.PRICED else ""
    return Text(f"{printable(tally.name)}:{points} {status}",
                style="bold green" if tally.legal else "bold red")


def force_renderable(force: Force) -> Group:
    priced = force.game.PRICED
    table = Table(title=Text(printable(force.name)), title_justify="left", show_footer=True)
    table.add_column("Unit", footer="Total")
    table.add_column("Count", justify="right", footer=str(force.unit_count))
    if priced:
        table.add_column("Each", justify="right")
        table.add_column("Subtotal", justify="right",
                         footer=Text(str(force.total), style="bold"))
    table.add_column("Findings")
    for entry in force.entries:
        tally = entry.tally
        notes = Text()
        for issue in tally.errors:
            notes.append(f"error {printable(issue.line())}\n", style="red")
        for issue in tally.warnings:
            notes.append(f"warning {printable(issue.line())}\n", style="yellow")
        notes.rstrip()
        figures = (str(tally.total), str(entry.subtotal)) if priced else ()
        table.add_row(Text(printable(tally.name)), str(entry.count), *figures,
                      notes if notes.plain else Text("legal", style="green"))
    parts: list[Any] = [table]
    budget = force.rules.budget
    if priced and (budget is None or force.cap is None):
        parts.append(Text(f"Total {force.total} points"
                          + (" (no cap set)" if budget is not None else "")))
    elif priced:
        style = "bold red" if force.over_cap else "bold green"
        remaining = force.remaining or 0
        left = f"{remaining} remaining" if remaining >= 0 else f"{-remaining} over"
        parts.append(Text(f"Total {force.total} of {force.cap} points: {left}", style=style))
    facts = force.facts()
    if facts:
        parts.append(Text("; ".join(f"{f.label} {f.value}" for f in facts)))
    for issue in force.issues:
        style = "bold red" if issue.severity == "error" else "yellow"
        parts.append(Text(f"{issue.severity} {printable(issue.line())}", style=style))
    parts.append(Text(f"{printable(force.name)}: " + ("legal" if force.legal else "not legal"),
                      style="bold green" if force.legal else "bold red"))
    return Group(*parts)


def catalog_tables(sections: Sequence[CatalogSection], section: str | None,
                   search: str = "") -> Iterator[Table]:
    """One table per catalog section (or only `section`), rows filtered by `search`."""
    for part in sections:
        if section not in (None, part.key):
            continue
        table = Table(title=part.title, title_justify="left", expand=False)
        for i, column in enumerate(part.columns):
            table.add_column(column, no_wrap=i == 0)
        for row in part.rows:
            if matches(search, (*row.cells, *row.search)):
                table.add_row(*(Text(printable(cell)) for cell in row.cells))
        yield table
