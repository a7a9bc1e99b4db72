"""The forces screen's table of units: name, points, count, the entry's own keys (a
TACTICS entry's side), subtotal, status and where the unit lives. Names and paths are
shown as written (`designer.escaping.printable`)."""

from __future__ import annotations

from collections.abc import Mapping

from rich.text import Text
from textual.binding import Binding
from textual.widgets import DataTable

from designer.escaping import printable
from designer.roster import Force

CELL_LIMIT = 120  # characters of a cell: the names and paths are user text


def entry_name(force: Force, index: int) -> str:
    """What the table calls an entry: its label with its unit's name, or for a broken
    one what the roster wrote."""
    return force.entries[index].shown_name


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

    _columns_for: tuple[bool, tuple[str, ...]] | None = None  # the columns made for

    def show(self, force: Force, colours: Mapping[str, str]) -> None:
        """Every entry of `force`, the cursor kept on its row."""
        game = force.game
        priced, keys = game.PRICED, game.ENTRY_KEYS
        row = self.cursor_row
        self._columns(priced, keys)
        self.clear()
        for i, e in enumerate(force.entries):
            tally = e.tally
            if e.broken:
                status = Text("✗ unreadable", colours.get("error", "red"))
            elif tally.errors:
                n = len(tally.errors)
                status = Text(f"✗ {n} error{'s' if n > 1 else ''}", colours.get("error", "red"))
            elif tally.warnings:
                n = len(tally.warnings)
                status = Text(f"! {n} warning{'s' if n > 1 else ''}",
                              colours.get("warning", "yellow"))
            else:
                status = Text("✓ legal", colours.get("success", "green"))
            where = (e.source or "in roster") if e.broken else (
                e.file.name if e.file is not None else "in roster")
            figures = [Text(str(tally.total), justify="right")] if priced else []
            count = Text(str(e.count), justify="right")
            subtotal = [Text(str(e.subtotal), justify="right")] if priced else []
            own = [Text(printable(str(e.fields.get(key, "–")), CELL_LIMIT)) for key in keys]
            self.add_row(Text(printable(entry_name(force, i), CELL_LIMIT)), *figures, count,
                         *own, *subtotal, status, Text(printable(where, CELL_LIMIT)),
                         key=str(i))
        if force.entries:
            self.move_cursor(row=max(0, min(row, len(force.entries) - 1)), animate=False)

    def _columns(self, priced: bool, keys: tuple[str, ...]) -> None:
        """Points and subtotals only for a system with points, and a column for each key
        of the system's entries."""
        if (priced, keys) == self._columns_for:
            return
        self._columns_for = (priced, keys)
        self.clear(columns=True)
        self.add_column("Unit", key="unit")
        if priced:
            self.add_column("Pts", key="pts")
        self.add_column("×", key="count")
        for key in keys:
            self.add_column(key.title(), key=f"entry-{key}")
        if priced:
            self.add_column("Total", key="sub")
        self.add_column("Status", key="status", width=12)  # fixed: rows re-render alike
        self.add_column("From", key="from")
