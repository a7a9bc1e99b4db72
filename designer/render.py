"""The core's results for a terminal, shared by the CLI and the TUI: rich renderables for
a person at a terminal, and plain aligned text (`*_text`) for pipes and big tables, which
prints in a fraction of the time and never imports rich."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from designer.escaping import printable
from designer.systems import CatalogSection, Fact, GameSystem, Points, Step
from designer.tally import Tally

if TYPE_CHECKING:
    from rich.console import Group, RenderableType
    from rich.table import Table
    from rich.text import Text

    from designer.card import Card
    from designer.roster import Force


def step_titles(steps: Sequence[Step]) -> dict[str, str]:
    """'1 Dice', '2 Bumps', ...: a tally line's step as the build steps number it."""
    return {step.key: f"{n} {step.title}" for n, step in enumerate(steps, start=1)}


def card_renderable(card: Card) -> Group:
    """A card as a terminal shows it: its tags, tables, stat lines and sections (the
    summary of a unit of a system without points)."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    parts: list[RenderableType] = [Text(printable(card.title), style="bold")]
    for kind, block in _card_parts(card):
        if kind == "table":
            table = Table(show_header=True, expand=False)
            table.add_column("")
            for column in block[0][1:]:
                table.add_column(column, justify="center")
            for row in block[1:]:
                table.add_row(*row)
            parts.append(table)
        else:
            parts.append(Text(block, style="italic" if kind == "tags" else ""))
    return Group(*parts)


def _card_parts(card: Card) -> Iterator[tuple[str, Any]]:
    """A card's tags, tables (rows of printable cells, the header first) and lines, in
    order: what both the rich and the plain summary show."""
    from designer.card import Stat
    from designer.card import Table as CardTable

    if card.tags:
        yield "tags", ", ".join(printable(t.name + t.mark) for t in card.tags)
    for block in card.blocks:
        if isinstance(block, CardTable):
            yield "table", [["", *map(printable, block.columns)],
                            *([printable(row.label), *(printable(c.plain) for c in row.cells)]
                              for row in block.rows)]
        elif isinstance(block, Stat):
            note = f" ({printable(block.note)})" if block.note else ""
            yield "line", f"{printable(block.label)}: {printable(block.value)}{note}"
        elif block.entries:
            entries = "; ".join(printable(e.label + (f": {e.text}" if e.text else ""))
                                for e in block.entries)
            yield "line", f"{printable(block.label)}: {entries}"


def tally_renderable(tally: Tally, game: GameSystem, card: Card | None = None) -> Group:
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    points = game.capability(Points)
    if points is None:
        summary = [card_renderable(card)] if card is not None else []
        return Group(*summary, Text(_no_points(game), style="dim"), *_findings(tally),
                     _verdict(tally, game))
    table = Table(title=Text(printable(tally.name)), title_justify="left", show_footer=True,
                  expand=False)
    table.add_column("Step", footer="Total")
    table.add_column("Item")
    table.add_column(points.PRICE_WORD, justify="right",
                     footer=Text(str(tally.total), style="bold"))
    beside = tally.beside_label
    if beside is not None:
        table.add_column(printable(beside), justify="right", style="dim")
    for step, item, *figures in _tally_rows(tally, game):
        table.add_row(step, Text(item), *figures)
    parts: list[RenderableType] = [table]
    audit = tally.audit()
    if audit:
        style = "green" if tally.printed == tally.total else "yellow"
        parts.append(Text(f"Audit: {audit}", style=style))
    parts += _findings(tally)
    parts.append(_verdict(tally, game))
    return Group(*parts)


#: the width of plain text (a pipe's `price` and `check`): long items and findings wrap
TEXT_WIDTH = 100


def tally_text(tally: Tally, game: GameSystem, card: Card | None = None) -> str:
    """What `tally_renderable` shows, as plain lines of at most TEXT_WIDTH columns: a
    pipe's `designer price`."""
    lines: list[str] = []
    points = game.capability(Points)
    if points is None:
        lines += card_lines(card) if card is not None else []
        lines += wrapped(_no_points(game))
    else:
        lines.append(printable(tally.name))
        beside = tally.beside_label
        extra = [] if beside is None else [printable(beside)]
        rows = [["Step", "Item", points.PRICE_WORD, *extra],
                *map(list, _tally_rows(tally, game)),
                ["Total", "", str(tally.total), *[""] * len(extra)]]
        lines += aligned(rows, right={2, 3}, wrap=1)
        audit = tally.audit()
        if audit:
            lines += wrapped(f"Audit: {audit}")
    lines += [line for finding in _finding_lines(tally) for line in wrapped(finding)]
    lines += wrapped(_verdict_line(tally, game))
    return "\n".join(lines)


def card_lines(card: Card, width: int = TEXT_WIDTH) -> list[str]:
    """What `card_renderable` shows, as plain lines of at most `width` columns."""
    lines = wrapped(printable(card.title), width)
    for kind, block in _card_parts(card):
        lines += (aligned(block, width=width, wrap=len(block[0]) - 1) if kind == "table"
                  else wrapped(block, width))
    return lines


def wrapped(text: str, width: int = TEXT_WIDTH, indent: str = "  ") -> list[str]:
    """One line of plain text broken at spaces into lines of at most `width` columns,
    the lines after the first indented; a word wider than a line is broken too."""
    return _wrap_cell(text, width, indent) or [""]


def _tally_rows(tally: Tally, game: GameSystem) -> Iterator[tuple[str, ...]]:
    """(step, item, points) per tally line, and the second figure beside the points
    when the tally's lines have one ("" on a line without); a step is named on its
    first line only."""
    titles = step_titles(game.steps())
    previous = None
    beside = tally.beside_label is not None
    for line in tally.breakdown:
        step = titles.get(line.step, line.step) if line.step != previous else ""
        previous = line.step
        row = (step, printable(line.item), str(line.points))
        yield (*row, line.beside.text() if line.beside else "") if beside else row


def _no_points(game: GameSystem) -> str:
    return f"{game.TITLE} defines no points; only its checks apply."


def _finding_lines(tally: Tally) -> list[str]:
    return ([f"error {printable(issue.line())}" for issue in tally.errors]
            + [f"warning {printable(issue.line())}" for issue in tally.warnings])


def _findings(tally: Tally) -> list[Text]:
    from rich.text import Text

    return ([Text(f"error {printable(issue.line())}", style="bold red") for issue in tally.errors]
            + [Text(f"warning {printable(issue.line())}", style="yellow")
               for issue in tally.warnings])


def _verdict_line(tally: Tally, game: GameSystem) -> str:
    status = "legal" if tally.legal else f"not legal: {len(tally.errors)} error(s)"
    points = game.capability(Points)
    amount = f" {points.amount(tally.total)}," if points is not None else ""
    return f"{printable(tally.name)}:{amount} {status}"


def _verdict(tally: Tally, game: GameSystem) -> Text:
    from rich.text import Text

    return Text(_verdict_line(tally, game), style="bold green" if tally.legal else "bold red")


def force_renderable(force: Force) -> Group:
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    priced = force.points is not None
    table = Table(title=Text(printable(force.name)), title_justify="left", show_footer=True)
    table.add_column(force.game.UNIT_WORD.title(), footer="Total")
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
        table.add_row(Text(printable(entry.shown_name)), str(entry.count), *figures,
                      notes if notes.plain else Text("legal", style="green"))
    parts: list[RenderableType] = [table]
    for line, kind in _force_lines(force, force.total):
        parts.append(Text(line, style=_STYLES[kind]))
    return Group(*parts)


_STYLES = {"ok": "bold green", "bad": "bold red", "error": "bold red", "warning": "yellow",
           "plain": ""}


def force_text(force: Force) -> str:
    """What `force_renderable` shows, as plain lines of at most TEXT_WIDTH columns: a
    pipe's or a big force's `designer check`. A unit with several findings takes a line
    for each; an entry's own fields (a TACTICS side) are columns of their own."""
    priced = force.points is not None
    specs = force.entry_specs
    keys = tuple(spec.key for spec in specs)
    rows = [[force.game.UNIT_WORD.title(), *(spec.label for spec in specs), "Count",
             *(["Each", "Subtotal"] if priced else []), "Findings"]]
    blank = [""] * (len(rows[0]) - 1)
    for entry in force.entries:
        tally = entry.tally
        own = [printable(str(entry.fields.get(k) or "")) for k in keys]
        figures = [str(tally.total), str(entry.subtotal)] if priced else []
        notes = _finding_lines(tally) or ["legal"]
        rows.append([printable(entry.shown_name), *own, str(entry.count), *figures, notes[0]])
        rows += [[*blank, note] for note in notes[1:]]
    total = force.total
    rows.append(["Total", *[""] * len(keys), str(force.unit_count),
                 *(["", str(total)] if priced else []), ""])
    numbers = set(range(1 + len(keys), len(blank)))
    lines = [printable(force.name), *aligned(rows, right=numbers, wrap=len(blank))]
    lines += [line for text, _ in _force_lines(force, total) for line in wrapped(text)]
    return "\n".join(lines)


def _force_lines(force: Force, total: int) -> Iterator[tuple[str, str]]:
    """The lines under a force's table, each with its kind (ok, bad, error, warning,
    plain): the total against the budget, the facts, the force's findings, the verdict.
    The findings are worked out once (a force's `issues` and `legal` each walk every
    entry)."""
    points, budget = force.points, force.budget
    issues = force.issues
    legal = not any(issue.severity == "error" for issue in issues)
    if points is not None and (budget is None or force.cap is None):
        unset = f" (no {budget.label.lower()} set)" if budget is not None else ""
        yield f"Total {points.amount(total)}{unset}", "plain"
    elif points is not None and budget is not None and force.cap is not None:
        remaining = force.cap - total
        left = f"{remaining} remaining" if remaining >= 0 else f"{-remaining} over"
        of = f"{force.cap} {points.POINTS_WORD}" if points.POINTS_WORD else \
            f"the {budget.label.lower()} of {force.cap}"
        yield f"Total {total} of {of}: {left}", "bad" if remaining < 0 else "ok"
    facts = force.facts()
    whole = [f for f in facts if not f.group]
    if whole:
        yield "; ".join(fact_text(f) for f in whole), "plain"
    groups: dict[str, list[Fact]] = {}
    for f in facts:
        if f.group:
            groups.setdefault(f.group, []).append(f)
    for group, grouped in groups.items():  # a TACTICS side: its facts on a line
        yield f"{group}: " + "; ".join(f"{f.short} {f.figure()}" for f in grouped), \
            "plain"
    for issue in issues:
        yield f"{issue.severity} {printable(issue.line())}", issue.severity
    yield (f"{printable(force.name)}: " + ("legal" if legal else "not legal"),
           "ok" if legal else "bad")


def fact_text(fact: Fact) -> str:
    """'Starting morale 16', 'Rank 3 2 of 3', 'Command 0 of 1 (under)'."""
    return f"{fact.label} {fact.figure()}"


def aligned(rows: Sequence[Sequence[str]], right: set[int] | None = None, *,
            width: int = TEXT_WIDTH, wrap: int | None = None) -> list[str]:
    """Rows in columns two spaces apart, counted as a terminal shows them (a wide East
    Asian character takes two); `right` columns are right-aligned. When the rows are
    wider than `width`, the `wrap` column's cells wrap inside it (their rows take more
    lines), so no line is wider than `width` unless the other columns alone are."""
    right = right or set()
    widths = [max(_width(row[i]) for row in rows) for i in range(len(rows[0]))]
    total = sum(widths) + 2 * (len(widths) - 1)
    if wrap is not None and total > width:
        widths[wrap] = max(12, widths[wrap] - (total - width))
    lines = []
    for row in rows:
        parts = [_wrap_cell(cell, widths[i], " ") if i == wrap else [cell]
                 for i, cell in enumerate(row)]
        for k in range(max(len(p) for p in parts)):
            texts = [p[k] if k < len(p) else "" for p in parts]
            cells = [(" " * (w - _width(cell)) + cell) if i in right
                     else (cell + " " * (w - _width(cell)))
                     for i, (cell, w) in enumerate(zip(texts, widths, strict=True))]
            lines.append("  ".join(cells).rstrip())
    return lines


def _wrap_cell(text: str, width: int, indent: str) -> list[str]:
    """`text` in lines of at most `width` columns, broken at spaces (a word too long for
    a line is broken where it must be), the lines after the first `indent`ed."""
    if _width(text) <= width:
        return [text]
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else (indent if lines else "") + word
        if _width(candidate) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = (indent if lines else "") + word
        while _width(line) > width:  # a word wider than the line
            cut = len(line)
            while cut > 1 and _width(line[:cut]) > width:
                cut -= 1
            lines.append(line[:cut])
            line = indent + line[cut:]
    if line.strip():
        lines.append(line)
    return lines


def _width(text: str) -> int:
    if text.isascii():
        return len(text)
    import unicodedata

    return sum(0 if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf")
               else 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def catalog_tables(sections: Sequence[CatalogSection], section: str | None,
                   search: str = "") -> Iterator[Table]:
    """One table per catalog section (or only `section`), rows filtered by `search`."""
    from rich.table import Table
    from rich.text import Text

    from designer.search import matches

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

