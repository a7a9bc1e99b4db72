"""The forces screen's table of units: name, points, count, the entry's own keys (a
TACTICS entry's side), subtotal, status and where the unit lives. Names and paths are
shown as written (`designer.escaping.printable`)."""

from __future__ import annotations

from collections.abc import Mapping

from rich.text import Text
from textual.binding import Binding
from textual.widgets import DataTable

from designer.entries import ForceEntry
from designer.escaping import printable
from designer.roster import ENTRY_CODES, Force
from designer.tally import Issue

CELL_LIMIT = 120  # characters of a cell: the names and paths are user text


def entry_name(force: Force, index: int) -> str:
    """What the table calls an entry: its label with its unit's name, or for a broken
    one what the roster wrote."""
    return force.entries[index].shown_name


def entry_status(entry: ForceEntry, found: list[Issue], colours: Mapping[str, str]) -> Text:
    """'✓ legal', '✗ 2 errors', '! 1 warning', '✗ unreadable': the entry's own errors and
    warnings with the force's findings on it (another module, another Core Stat)."""
    if entry.broken:
        return Text("✗ unreadable", colours.get("error", "red"))
    force_found = [i for i in found if i.code not in ENTRY_CODES]
    errors = len(entry.tally.errors) + sum(i.severity == "error" for i in force_found)
    warnings = len(entry.tally.warnings) + sum(i.severity == "warning" for i in force_found)
    if errors:
        return Text(f"✗ {errors} error{'s' if errors > 1 else ''}",
                    colours.get("error", "red"))
    if warnings:
        return Text(f"! {warnings} warning{'s' if warnings > 1 else ''}",
                    colours.get("warning", "yellow"))
    return Text("✓ legal", colours.get("success", "green"))


class UnitTable(DataTable):
    """The force's units; +/- change the count of the highlighted one. The one-letter
    actions on entries are the table's: they work, and the footer shows them, only
    while the table has the focus, so a letter typed in the force's name is text."""

    BINDINGS = [
        Binding("plus,equals_sign,right", "screen.count(1)", "Count", key_display="+/-"),
        Binding("minus,left", "screen.count(-1)", "Count", show=False),
        Binding("enter", "select_cursor", "Open"),
        Binding("a", "screen.add", "Add", id="add"),
        Binding("n", "screen.new_unit", "New", id="new"),
        Binding("d", "screen.duplicate", "Copy", show=False, id="duplicate"),
        Binding("delete,x", "screen.remove", "Remove", id="remove"),
        Binding("e", "screen.add_example", "Add example", show=False, id="add-example"),
        Binding("f", "screen.add_file", "Add file", show=False, id="add-file"),
        Binding("o", "screen.open_unit", "Open", show=False, id="open-unit"),
        Binding("l", "screen.label", "Label", show=False, id="label"),
        Binding("p", "screen.entry_options", "Options", id="entry-options"),
    ]

    @classmethod
    def for_entries(cls, key_word: str | None) -> type[UnitTable]:
        """The table for a system whose entries have a key of their own (a TACTICS
        entry's side): `s` moves the highlighted entry to its next value, and the footer
        names it in the system's word."""
        if key_word is None:
            return cls
        binding = Binding("s", "screen.cycle_entry_key", key_word, id="entry-key")
        return type(cls.__name__, (cls,), {"BINDINGS": [binding]})

    #: the columns made for: the unit and points words and the entries' fields
    _columns_for: tuple[str, str | None, tuple[tuple[str, str], ...]] | None = None

    def show(self, force: Force, colours: Mapping[str, str]) -> None:
        """Every entry of `force`, the cursor kept on its row."""
        priced = force.points is not None
        specs = force.entry_specs
        row = self.cursor_row
        self._columns(force.game.UNIT_WORD.title(),
                      force.points.POINTS_COLUMN if force.points else None,
                      tuple((spec.key, spec.label) for spec in specs))
        self.clear()
        grouped = force.issues_by_entry()
        for i, e in enumerate(force.entries):
            tally = e.tally
            status = entry_status(e, grouped.get(i, []), colours)
            where = (e.source or "in roster") if e.broken else (
                e.file.name if e.file is not None else "in roster")
            figures = [Text(str(tally.total), justify="right")] if priced else []
            count = Text(str(e.count), justify="right")
            subtotal = [Text(str(e.subtotal), justify="right")] if priced else []
            own = [Text(printable(spec.shown(e.fields.get(spec.key)) or "–", CELL_LIMIT))
                   for spec in specs]
            self.add_row(Text(printable(entry_name(force, i), CELL_LIMIT)), *figures, count,
                         *own, *subtotal, status, Text(printable(where, CELL_LIMIT)),
                         key=str(i))
        if force.entries:
            self.move_cursor(row=max(0, min(row, len(force.entries) - 1)), animate=False)

    def _columns(self, unit: str, points: str | None,
                 fields: tuple[tuple[str, str], ...]) -> None:
        """A unit's points (in the system's word) and subtotals only for a system with
        points, and a column for each field of the system's entries."""
        if (unit, points, fields) == self._columns_for:
            return
        self._columns_for = (unit, points, fields)
        self.clear(columns=True)
        self.add_column(unit, key="unit")
        if points is not None:
            self.add_column(points, key="pts")
        self.add_column("×", key="count")
        for key, label in fields:
            self.add_column(label, key=f"entry-{key}")
        if points is not None:
            self.add_column("Total", key="sub")
        self.add_column("Status", key="status", width=12)  # fixed: rows re-render alike
        self.add_column("From", key="from")
