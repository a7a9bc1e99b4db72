"""Rich renderables of the core's results, shared by the CLI and the TUI."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from designer.tally import Tally

STEP_TITLES = {
    "dice": "1 Dice",
    "bumps": "2 Bumps",
    "range": "3 Range",
    "athletics": "4 Athletics",
    "equipment": "5 Equipment",
    "abilities": "6 Abilities",
    "types": "7 Types",
}


def tally_renderable(tally: Tally) -> Group:
    table = Table(title=f"{tally.name}", title_justify="left", show_footer=True,
                  expand=False)
    table.add_column("Step", footer="Total")
    table.add_column("Item")
    table.add_column("Points", justify="right", footer=Text(str(tally.total), style="bold"))
    previous = None
    for line in tally.breakdown:
        step = STEP_TITLES.get(line.step, line.step) if line.step != previous else ""
        previous = line.step
        table.add_row(step, line.item, str(line.points))
    parts: list[Any] = [table]
    audit = tally.audit()
    if audit:
        style = "green" if tally.printed == tally.total else "yellow"
        parts.append(Text(f"Audit: {audit}", style=style))
    for issue in tally.errors:
        parts.append(Text(f"error {issue.line()}", style="bold red"))
    for issue in tally.warnings:
        parts.append(Text(f"warning {issue.line()}", style="yellow"))
    status = "legal" if tally.legal else f"not legal: {len(tally.errors)} error(s)"
    parts.append(Text(f"{tally.name}: {tally.total} points, {status}",
                      style="bold green" if tally.legal else "bold red"))
    return Group(*parts)


def force_renderable(force: Any) -> Group:
    table = Table(title=f"{force.name}", title_justify="left", show_footer=True)
    table.add_column("Unit", footer="Total")
    table.add_column("Count", justify="right", footer=str(force.unit_count))
    table.add_column("Each", justify="right")
    table.add_column("Subtotal", justify="right",
                     footer=Text(str(force.total), style="bold"))
    table.add_column("Findings")
    for entry in force.entries:
        tally = entry.tally
        notes = Text()
        for issue in tally.errors:
            notes.append(f"error {issue.line()}\n", style="red")
        for issue in tally.warnings:
            notes.append(f"warning {issue.line()}\n", style="yellow")
        notes.rstrip()
        table.add_row(tally.name, str(entry.count), str(tally.total), str(entry.subtotal),
                      notes if notes.plain else Text("legal", style="green"))
    morale, counters = force.rules()
    parts: list[Any] = [table]
    if force.cap is None:
        parts.append(Text(f"Total {force.total} points (no cap set)"))
    else:
        style = "bold red" if force.over_cap else "bold green"
        remaining = force.remaining
        left = f"{remaining} remaining" if remaining >= 0 else f"{-remaining} over"
        parts.append(Text(f"Total {force.total} of {force.cap} points: {left}", style=style))
    parts.append(Text(f"Starting morale {morale}; {counters} activation counters a turn"))
    for issue in force.issues:
        parts.append(Text(f"error {issue.line()}", style="bold red"))
    parts.append(Text(f"{force.name}: " + ("legal" if force.legal else "not legal"),
                      style="bold green" if force.legal else "bold red"))
    return Group(*parts)


def _folded(text: str) -> str:
    """Lower case without spaces and punctuation, so 'reroll' finds 're-roll'."""
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def _matches(search: str, *texts: str) -> bool:
    needle = _folded(search)
    return not needle or any(needle in _folded(t) for t in texts)


def catalog_tables(catalog: Any, section: str | None, search: str = "") -> Iterator[Table]:
    if section in (None, "abilities"):
        table = Table(title="Abilities (step six)", title_justify="left", expand=False)
        table.add_column("Ability", no_wrap=True)
        table.add_column("Ranks")
        table.add_column("Cost", no_wrap=True)
        table.add_column("Effect")
        for a in catalog.abilities:
            if _matches(search, a.name, a.summary, *a.aliases):
                table.add_row(a.name, a.ranks.label if a.ranks else "",
                              a.formula.display, a.summary)
        yield table
    if section in (None, "equipment"):
        table = Table(title="Equipment (step five)", title_justify="left", expand=False)
        table.add_column("Item", no_wrap=True)
        table.add_column("Kind")
        table.add_column("Effects")
        for item in catalog.equipment:
            effects = ", ".join(item.effects)
            if _matches(search, item.name, effects):
                table.add_row(item.name, item.kind, effects)
        yield table
    if section in (None, "types"):
        table = Table(title="Types (step seven)", title_justify="left", expand=False)
        table.add_column("Type", no_wrap=True)
        table.add_column("Category")
        table.add_column("Cost")
        table.add_column("Notes")
        costs = catalog.costs
        for t in catalog.types:
            if _matches(search, t.name, t.category, t.summary):
                table.add_row(t.name, t.category, _type_cost(t, costs), t.summary)
        yield table


def _type_cost(entry: Any, costs: Any) -> str:
    if entry.category == "tactical":
        return "free" if entry.name in costs.tactical_free else f"+{costs.tactical_cost}"
    if entry.category == "occupation":
        return f"first free, +{costs.occupation_extra} after"
    if entry.category == "elemental":
        return f"+{costs.elemental_cost}"
    return "free"
