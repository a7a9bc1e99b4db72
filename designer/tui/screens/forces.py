"""The forces screen: units with counts against the system's budget (a points cap, a
treasury), the force's own fields (a form built from the system's field specs), the
points bar, and the force's structure as it is built (the system's facts with their
bounds, each problem under the entry it concerns); add, duplicate, remove, count and
open units, and take an entry's options (`p`, the system's `EntryOptions`). The force is
the core's immutable `Force`, edited with its own methods."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import DataTable, Static

from designer.documents import EntryLink, ForceDoc, UnitDoc
from designer.errors import InputError
from designer.force_fields import stepped_field, with_entry_fields, with_field
from designer.paths import display_path
from designer.roster import Force
from designer.systems import EntryOptions
from designer.systems.identity import fresh_id
from designer.tui.screens.adding import AddingUnits
from designer.tui.screens.dialogs import ConfirmDialog
from designer.tui.screens.entry import EntryAnswer, EntryDialog
from designer.tui.screens.options import OptionsDialog
from designer.tui.widgets.field_form import FieldForm
from designer.tui.widgets.fields import Spinner
from designer.tui.widgets.footer import KeyFooter
from designer.tui.widgets.force_summary import ForceSummary
from designer.tui.widgets.header import TitleHeader
from designer.tui.widgets.points_bar import PointsBar
from designer.tui.widgets.text import TextField
from designer.tui.widgets.unit_table import UnitTable, entry_name

if TYPE_CHECKING:
    from designer.export.document import Snapshot


MAX_NAME = 80


class ForcesScreen(AddingUnits):
    CSS_PATH = "forces.tcss"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]

    BINDINGS = [
        Binding("ctrl+s", "save", "Save", priority=True, id="save"),
        Binding("ctrl+z", "undo", "Undo", priority=True, show=False, id="undo"),
        Binding("ctrl+y", "redo", "Redo", priority=True, show=False, id="redo"),
        Binding("ctrl+e", "export", "Export", priority=True, show=False, id="export"),
        Binding("ctrl+l", "copy_text", "Copy", priority=True, show=False, id="copy-text"),
    ]

    document_word = "force"

    def __init__(self, doc: ForceDoc) -> None:
        super().__init__()
        self.doc = doc

    @property
    def entry_key_word(self) -> str | None:
        """What the table's `s` steps through, for a system whose roster entries have a
        choice of their own (a TACTICS entry's side); None for one whose have none."""
        spec = stepped_field(self.doc.force.entry_specs)
        return spec.label if spec is not None else None

    def compose(self) -> ComposeResult:
        force = self.doc.force
        yield TitleHeader()
        with Vertical(id="force"):
            with Horizontal(id="force-head"):
                yield Static(force.game.FORCE_WORD.title(), classes="field-label")
                yield TextField(value=force.name, id="force-name", compact=True,
                                max_length=MAX_NAME)
                budget = force.budget.label if force.budget is not None else "Cap"
                yield Spinner(budget, force.cap or 0, maximum=99_999, step=50,
                              id="force-cap", note=Content.styled("0 = none", "$foreground-muted"))
            yield FieldForm(force.field_specs, force.fields, id="force-fields")
            with Horizontal(id="force-body"):
                with Vertical(id="force-main"):
                    yield UnitTable.for_entries(self.entry_key_word)(
                        id="units", cursor_type="row", zebra_stripes=True)
                    yield PointsBar(id="points")
                yield ForceSummary(id="force-side")
        yield KeyFooter()

    async def on_mount(self) -> None:
        await self.refresh_view()
        self.query_one(UnitTable).focus()
        self.announce_broken()

    def set_doc(self, doc: ForceDoc) -> None:
        """Show another force (after Open)."""
        words = self.entry_key_word
        self.doc = doc
        if self.is_mounted:
            if self.entry_key_word != words:  # another system: its own table keys
                self.call_later(self.rebuild)
            else:
                self.call_later(self.refresh_view, external=True)
            self.announce_broken()

    async def rebuild(self) -> None:
        await self.recompose()
        await self.refresh_view(external=True)
        self.query_one(UnitTable).focus()

    def announce_broken(self) -> None:
        """Say when entries of the opened roster could not be read, and what to do."""
        broken = self.doc.force.broken
        if broken:
            n = len(broken)
            self.notify(f"{n} entr{'ies' if n > 1 else 'y'} could not be read and "
                        f"{'are' if n > 1 else 'is'} marked ✗ unreadable: enter on "
                        f"{'one' if n > 1 else 'it'} to pick its file or remove it.",
                        title="Roster opened with problems", severity="warning", timeout=8)

    async def on_screen_resume(self) -> None:
        await self.refresh_view(external=True)  # a unit of the force edited meanwhile

    # --- view -------------------------------------------------------------------------------

    async def refresh_view(self, *, focus: str | None = None, external: bool = False) -> None:
        force = self.doc.force
        self.query_one(UnitTable).show(force, self.app.theme_variables)
        budget, points = force.budget, force.points
        bar = self.query_one(PointsBar)
        bar.display = budget is not None
        if budget is not None and points is not None:
            bar.show(force.total, force.cap, budget.label, points.POINTS_SHORT)
        cap = self.query_one("#force-cap", Spinner)
        cap.display = budget is not None
        if budget is not None:
            cap.relabel(budget.label)
            cap.value = force.cap or 0
        form = self.query_one(FieldForm)
        form.display = bool(force.field_specs)
        await form.show(force.field_specs, force.fields, external=external)
        word = force.game.UNIT_WORD
        self.query_one(ForceSummary).show(
            force, f"No {word}s yet: a adds a ready {word}, n a new {word}, f one from a "
                   "file.")
        name = self.query_one("#force-name", TextField)
        if name.value.strip() != force.name:
            name.show(force.name, external=external)
        self.show_title()

    def show_title(self) -> None:
        doc = self.doc
        if doc.path is not None:
            where = display_path(doc.path)
        else:
            where = "example, not saved" if doc.example else "not saved yet"
        self.title = f"{doc.force.game.FORCE_WORD.title()}s"
        self.sub_title = f"{doc.force.name} · {where}{' · modified' if doc.dirty else ''}"

    def document_name(self) -> str:
        return self.doc.force.name

    def export_snapshot(self) -> Snapshot:
        return self.doc.exported()

    # --- edits ------------------------------------------------------------------------------

    async def apply(self, force: Force, merge: str | None = None) -> None:
        if self.doc.edit(force, merge):
            await self.refresh_view()

    @property
    def current(self) -> int | None:
        table = self.query_one(UnitTable)
        if not self.doc.force.entries:
            return None
        return max(0, min(table.cursor_row, len(self.doc.force.entries) - 1))

    @on(TextField.Changed, "#force-name")
    async def rename(self, event: TextField.Changed) -> None:
        event.stop()
        name = event.value.strip()
        if name:
            await self.apply(replace(self.doc.force, name=name), merge="name")

    @on(FieldForm.Changed)
    async def field_changed(self, event: FieldForm.Changed) -> None:
        """One of the force's own fields set: one edit (typing in a text field merges into
        one), the catalog, budget and every entry following it."""
        event.stop()
        try:
            force = with_field(self.doc.force, event.key, event.value)
        except InputError as exc:
            self.notify(exc.shown(), title="Not changed", severity="error", markup=False)
            await self.refresh_view(external=True)
            return
        await self.apply(force, merge=f"field:{event.key}")

    @on(Spinner.Changed, "#force-cap")
    async def cap_changed(self, event: Spinner.Changed) -> None:
        event.stop()
        await self.apply(replace(self.doc.force, cap=event.value or None), merge="cap")

    async def action_count(self, delta: int) -> None:
        index = self.current
        if index is not None:
            force = self.doc.force
            await self.apply(force.with_count(index, force.entries[index].count + delta))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "cycle_entry_key":
            return stepped_field(self.doc.force.entry_specs) is not None
        if action == "entry_options":
            return self.doc.game.capability(EntryOptions) is not None
        return True

    async def action_cycle_entry_key(self) -> None:
        """The highlighted entry's first choice of its own (its side) to the next value
        the system offers."""
        index, force = self.current, self.doc.force
        spec = stepped_field(force.entry_specs)
        if index is None or spec is None:
            return
        entry = force.entries[index]
        key, value = spec.key, spec.next_choice(entry.fields.get(spec.key))
        await self.apply(force.replaced(index, replace(entry, fields={**entry.fields,
                                                                     key: value})))

    def action_label(self) -> None:
        """The highlighted entry's own name in the force, its note and the fields the
        system's entries keep; kept as one edit."""
        index = self.current
        if index is None:
            return
        force = self.doc.force
        entry = force.entries[index]

        async def kept(answer: EntryAnswer | None) -> None:
            force = self.doc.force
            if answer is not None and index < len(force.entries):
                await self.apply(with_entry_fields(force, index, answer.label, answer.note,
                                                   answer.fields))

        game = force.game
        self.app.push_screen(EntryDialog(
            f"Entry: {entry.tally.name}", unit_word=game.UNIT_WORD,
            force_word=game.FORCE_WORD, label=entry.label, note=entry.note,
            specs=force.entry_specs, fields=entry.fields), kept)

    def action_entry_options(self) -> None:
        """The highlighted entry's options (model count, weapons, upgrades: what the
        system offers), priced live; applied as one edit of the force."""
        index, force = self.current, self.doc.force
        options = force.game.capability(EntryOptions)
        if index is None or options is None:
            return
        entry = force.entries[index]
        word = force.game.UNIT_WORD
        if entry.broken:
            self.notify(f"This entry's {word} could not be read: repair it (enter) or remove "
                        "it (del) first.", severity="warning", timeout=4)
            return
        if entry.file is not None:
            self.notify(f"{entry.tally.name} lives in its own file ({entry.file.name}): "
                        f"enter opens it in the designer to change it there.",
                        severity="warning", timeout=5, markup=False)
            return
        if not options.entry_options(entry.unit, force.catalog):
            self.notify(f"{entry.tally.name} takes no options here: enter opens it in the "
                        "designer.", timeout=4, markup=False)
            return

        async def closed(answer: tuple[str, Any] | None) -> None:
            force = self.doc.force
            if answer is None or index >= len(force.entries):
                return
            what, assessment = answer
            if what == "designer":
                self.open_entry(index)
            else:
                await self.apply(force.replaced(index, replace(force.entries[index],
                                                               assessment=assessment)))

        self.app.push_screen(OptionsDialog(f"Options: {entry.shown_name}", force.game,
                                           force.catalog, entry.assessment), closed)

    async def action_remove(self) -> None:
        index = self.current
        if index is not None:
            force = self.doc.force
            name = entry_name(force, index)
            await self.apply(force.without(index))
            self.notify(f"Removed {name} (ctrl+z brings it back).", timeout=3, markup=False)

    async def action_duplicate(self) -> None:
        index = self.current
        if index is None:
            return
        force = self.doc.force
        entry = force.entries[index]
        if entry.broken:
            self.notify("This entry's unit could not be read: repair it (enter) or remove it "
                        "(del) first.", severity="warning", timeout=4)
            return
        name = f"{force.game.unit_name(entry.unit)} (copy)"[:MAX_NAME]
        unit = force.game.with_unit_id(force.game.rename(entry.unit, name, force.catalog),
                                       fresh_id())  # a copy is a unit of its own
        copy = self.doc.entry(unit, entry.count, fields=entry.fields)  # its side, ...
        await self.apply(force.inserted(copy, index + 1))
        self.query_one(UnitTable).move_cursor(row=index + 1)

    def action_open_unit(self) -> None:
        index = self.current
        if index is not None:
            self.open_entry(index)

    @on(DataTable.RowSelected)
    def row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.open_entry(event.cursor_row)

    def open_entry_at(self, index: int) -> None:
        """Put the cursor on entry `index` and open it (from the command palette)."""
        if index < len(self.doc.force.entries):
            self.query_one(UnitTable).move_cursor(row=index)
            self.open_entry(index)

    def open_entry(self, index: int, new: bool = False) -> None:
        from designer.tui.screens.designer import DesignerScreen

        force = self.doc.force
        entry = force.entries[index]
        if entry.broken:
            self.repair(index)
            return
        unit_doc = UnitDoc(entry.unit, game=force.game, catalog=force.catalog,
                           path=entry.file, exists=not new, assessment=entry.assessment)
        link = EntryLink(self.doc, index)

        async def closed(unit: object) -> None:
            force = self.doc.force
            if unit is not None and index < len(force.entries):
                current = force.entries[index]
                if unit != current.unit:
                    assessment = unit_doc.assessment_of(unit)
                    await self.apply(force.replaced(index, replace(current,
                                                                   assessment=assessment)))

        self.app.push_screen(DesignerScreen(unit_doc, link=link), closed)

    def repair(self, index: int) -> None:
        """Offer the fixes for an entry whose unit could not be read."""
        entry = self.doc.force.entries[index]
        word = self.doc.game.UNIT_WORD

        async def chosen(answer: str | None) -> None:
            if answer == "file":
                self.action_add_file(replacing=index)
            elif answer == "remove":
                self.query_one(UnitTable).move_cursor(row=index)
                await self.action_remove()

        self.app.push_screen(ConfirmDialog(
            "Unreadable entry", entry.problem,
            [("file", f"Pick the {word} file", "primary"), ("remove", "Remove it", "error"),
             ("cancel", "Cancel", "default")]), chosen)

    def unsaved(self) -> list[str]:
        return [self.doc.label] if self.doc.dirty else []
