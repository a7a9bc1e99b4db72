"""The forces screen: units with counts against a points cap, the points bar, total,
remaining and starting morale; add, duplicate, remove, count and open units."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import DataTable, Footer, Header, Static

from designer.errors import InputError
from designer.tui.documents import (
    ForceDoc,
    UnitDoc,
    display_path,
    example_units,
    insert_entry,
    remove_entry,
    replace_unit,
    set_count,
)
from designer.tui.screens.base import DocumentScreen
from designer.tui.screens.dialogs import ConfirmDialog, ExampleDialog, PathDialog
from designer.tui.widgets.fields import Spinner, TextField
from designer.tui.widgets.points_bar import PointsBar

MAX_NAME = 80


class UnitTable(DataTable):
    """The force's units; +/- change the count of the highlighted one."""

    BINDINGS = [
        Binding("plus,equals_sign,right", "screen.count(1)", "Count", key_display="+/-"),
        Binding("minus,left", "screen.count(-1)", "Count", show=False),
        Binding("enter", "select_cursor", "Open"),
    ]


class ForcesScreen(DocumentScreen):
    CSS_PATH = "forces.tcss"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]

    BINDINGS = [
        Binding("ctrl+s", "save", "Save", priority=True),
        Binding("ctrl+z", "undo", "Undo", priority=True, show=False),
        Binding("ctrl+y", "redo", "Redo", priority=True, show=False),
        Binding("ctrl+e", "export", "Export", priority=True, show=False),
        Binding("a", "add", "Add"),
        Binding("n", "new_unit", "New"),
        Binding("d", "duplicate", "Copy"),
        Binding("delete,x", "remove", "Remove"),
        Binding("e", "add_example", "Add example", show=False),
        Binding("f", "add_file", "Add file", show=False),
        Binding("o", "open_unit", "Open", show=False),
    ]

    def __init__(self, doc: ForceDoc) -> None:
        super().__init__()
        self.doc = doc

    def compose(self) -> ComposeResult:
        state = self.doc.state
        yield Header()
        with Vertical(id="force"):
            with Horizontal(id="force-head"):
                yield Static("Force", classes="field-label")
                yield TextField(value=state.name, id="force-name", compact=True,
                                max_length=MAX_NAME)
                yield Spinner("Cap", state.cap or 0, maximum=99_999, step=50,
                              id="force-cap", note=Content.styled("0 = none", "$foreground-muted"))
            table = UnitTable(id="units", cursor_type="row", zebra_stripes=True)
            yield table
            yield PointsBar(id="points")
            yield Static(id="force-info")
            yield Static(id="force-issues")
        yield Footer(compact=True)

    async def on_mount(self) -> None:
        table = self.query_one(UnitTable)
        table.add_column("Unit", key="unit")
        table.add_column("Pts", key="pts")
        table.add_column("×", key="count")
        table.add_column("Total", key="sub")
        table.add_column("Status", key="status", width=12)  # fixed: rows re-render alike
        table.add_column("From", key="from")
        await self.refresh_view()
        table.focus()

    def set_doc(self, doc: ForceDoc) -> None:
        """Show another force (after Open)."""
        self.doc = doc
        if self.is_mounted:
            self.call_later(self.refresh_view, full=True)

    async def on_screen_resume(self) -> None:
        await self.refresh_view()

    # --- view -------------------------------------------------------------------------------

    async def refresh_view(self, *, focus: str | None = None, full: bool = False) -> None:
        doc, state = self.doc, self.doc.state
        table = self.query_one(UnitTable)
        row = table.cursor_row
        table.clear()
        colours = self.app.theme_variables
        for i, e in enumerate(state.entries):
            tally = e.tally
            if tally.errors:
                n = len(tally.errors)
                status = Text(f"✗ {n} error{'s' if n > 1 else ''}", colours.get("error", "red"))
            elif tally.warnings:
                n = len(tally.warnings)
                status = Text(f"! {n} warning{'s' if n > 1 else ''}",
                              colours.get("warning", "yellow"))
            else:
                status = Text("✓ legal", colours.get("success", "green"))
            where = e.file.name if e.file is not None else "in roster"
            table.add_row(Text(e.unit.name), Text(str(tally.total), justify="right"),
                          Text(str(e.count), justify="right"),
                          Text(str(e.subtotal), justify="right"), status, Text(where),
                          key=str(i))
        if state.entries:
            table.move_cursor(row=max(0, min(row, len(state.entries) - 1)), animate=False)
        force = doc.force()
        self.query_one(PointsBar).show(force.total, state.cap)
        morale, counters = doc.morale()
        units = force.unit_count
        self.query_one("#force-info", Static).update(Content.assemble(
            ("Units ", "$foreground-muted"), (str(units), "bold"),
            ("  ·  Starting morale ", "$foreground-muted"), (str(morale), "bold"),
            ("  ·  Activation counters ", "$foreground-muted"), (str(counters), "bold")))
        issues = force.issues
        text = Content("\n").join(
            Content.assemble(("✗ ", "bold $error"), i.message) for i in issues) if issues \
            else Content.styled("The force is legal." if state.entries else
                                "No units yet: a adds an example, n a new unit, f one from a "
                                "file.", "$success" if state.entries else "$foreground-muted")
        self.query_one("#force-issues", Static).update(text)
        name = self.query_one("#force-name", TextField)
        if name.value.strip() != state.name:
            with name.prevent(TextField.Changed):
                name.value = state.name
        cap = self.query_one("#force-cap", Spinner)
        cap.value = state.cap or 0
        self.show_title()

    def show_title(self) -> None:
        doc = self.doc
        if doc.path is not None:
            where = display_path(doc.path)
        else:
            where = "example, not saved" if doc.example else "not saved yet"
        self.title = "Forces"
        self.sub_title = f"{doc.state.name} · {where}{' · modified' if doc.dirty else ''}"

    def document_name(self) -> str:
        return self.doc.state.name

    def export_data(self) -> dict[str, Any]:
        return self.doc.data(inline=True)

    # --- edits ------------------------------------------------------------------------------

    async def apply(self, state: Any, merge: str | None = None) -> None:
        if self.doc.edit(state, merge):
            await self.refresh_view()

    @property
    def current(self) -> int | None:
        table = self.query_one(UnitTable)
        if not self.doc.state.entries:
            return None
        return max(0, min(table.cursor_row, len(self.doc.state.entries) - 1))

    @on(TextField.Changed, "#force-name")
    async def rename(self, event: TextField.Changed) -> None:
        event.stop()
        name = event.value.strip()
        if name:
            await self.apply(replace(self.doc.state, name=name), merge="name")

    @on(Spinner.Changed, "#force-cap")
    async def cap_changed(self, event: Spinner.Changed) -> None:
        event.stop()
        await self.apply(replace(self.doc.state, cap=event.value or None), merge="cap")

    async def action_count(self, delta: int) -> None:
        index = self.current
        if index is not None:
            entry = self.doc.state.entries[index]
            await self.apply(set_count(self.doc.state, index, entry.count + delta))

    async def action_remove(self) -> None:
        index = self.current
        if index is not None:
            name = self.doc.state.entries[index].unit.name
            await self.apply(remove_entry(self.doc.state, index))
            self.notify(f"Removed {name} (ctrl+z brings it back).", timeout=3)

    async def action_duplicate(self) -> None:
        index = self.current
        if index is None:
            return
        entry = self.doc.state.entries[index]
        name = f"{entry.unit.name} (copy)"[:MAX_NAME]
        unit = entry.unit.model_copy(update={"name": name})
        await self.apply(insert_entry(self.doc.state, self.doc.entry(unit, entry.count),
                                      index + 1))
        self.query_one(UnitTable).move_cursor(row=index + 1)

    def action_add(self) -> None:
        def chosen(answer: str | None) -> None:
            if answer == "example":
                self.action_add_example()
            elif answer == "file":
                self.action_add_file()
            elif answer == "new":
                self.run_action("new_unit")

        self.app.push_screen(ConfirmDialog(
            "Add a unit", "Add a copy of an example unit, a unit from its own file, or a new "
            "unit to design.",
            [("example", "An example", "primary"), ("file", "From a file", "default"),
             ("new", "A new unit", "default"), ("cancel", "Cancel", "default")]), chosen)

    def action_add_example(self) -> None:
        units = example_units()
        choices = [(u.unit.name, u.price().total) for u in units]

        async def picked(index: int | None) -> None:
            if index is not None:
                await self.add_unit(units[index].unit)

        self.app.push_screen(ExampleDialog(choices), picked)

    def action_add_file(self) -> None:
        def picked(path: Path | None) -> None:
            if path is not None:
                self.load_unit_file(path)

        self.app.push_screen(PathDialog("Add a unit from a file", mode="open",
                                        hint="A unit file (.yaml); the roster will refer "
                                             "to it by its path."), picked)

    @work(thread=True, exclusive=True, group="load")
    def load_unit_file(self, path: Path) -> None:
        try:
            doc = UnitDoc.load(path)
        except InputError as exc:
            self.app.call_from_thread(self.notify, exc.line(), title="Not added",
                                      severity="error")
            return
        self.app.call_from_thread(self.add_unit, doc.unit, path.resolve())

    async def add_unit(self, unit: Any, file: Path | None = None) -> None:
        await self.apply(insert_entry(self.doc.state, self.doc.entry(unit, 1, file)))
        self.query_one(UnitTable).move_cursor(row=len(self.doc.state.entries) - 1)

    async def action_new_unit(self) -> None:
        unit = UnitDoc.new(name="New Unit").unit
        await self.add_unit(unit)
        self.open_entry(len(self.doc.state.entries) - 1, new=True)

    def action_open_unit(self) -> None:
        index = self.current
        if index is not None:
            self.open_entry(index)

    @on(DataTable.RowSelected)
    def row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.open_entry(event.cursor_row)

    def open_entry(self, index: int, new: bool = False) -> None:
        from designer.tui.screens.designer import DesignerScreen, EntryLink

        entry = self.doc.state.entries[index]
        unit_doc = UnitDoc(entry.unit, path=entry.file, exists=not new)
        link = EntryLink(self.doc, index)

        async def closed(unit: Any) -> None:
            if unit is not None and index < len(self.doc.state.entries):
                current = self.doc.state.entries[index]
                if unit != current.unit:
                    await self.apply(replace_unit(self.doc.state, index,
                                                  self.doc.entry(unit, current.count,
                                                                 current.file)))

        self.app.push_screen(DesignerScreen(unit_doc, link=link), closed)

    def unsaved(self) -> list[str]:
        return [self.doc.label] if self.doc.dirty else []
