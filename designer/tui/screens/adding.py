"""What the forces screen adds to its force, and how: a ready unit (the system's for the
force as it stands, a module's profiles, and the bundled examples the force admits), a
unit from its file, a new unit to design; the same unit added again counts one more of
its entry."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from textual import work

from designer.documents import ForceDoc, UnitDoc, example_units, holds_unit_of, new_name
from designer.errors import InputError
from designer.force_fields import admits, ready_units
from designer.paths import example_files
from designer.roster import Force
from designer.systems import Assessment, Points, RosterFormat
from designer.tui.screens.base import DocumentScreen
from designer.tui.screens.dialogs import ConfirmDialog, ExampleDialog, PathDialog
from designer.tui.widgets.unit_table import UnitTable
from designer.words import indefinite


class AddingUnits(DocumentScreen):
    """The forces screen's adding: it holds `doc` and `apply()`s each new force."""

    doc: ForceDoc

    async def apply(self, force: Force, merge: str | None = None) -> None:
        raise NotImplementedError

    def open_entry(self, index: int, new: bool = False) -> None:
        """The force's entry `index` in the designer (`new`: a unit just made)."""
        raise NotImplementedError

    def action_add(self) -> None:
        async def chosen(answer: str | None) -> None:
            if answer == "example":
                self.action_add_example()
            elif answer == "file":
                self.action_add_file()
            elif answer == "new":
                await self.action_new_unit()

        word = self.doc.game.UNIT_WORD
        self.app.push_screen(ConfirmDialog(
            f"Add a {word}", f"Add a copy of a ready {word} (the examples and what the "
            f"rules list for this {self.doc.game.FORCE_WORD}), a {word} from its own file, "
            f"or a new {word} to design.",
            [("example", f"A ready {word}", "primary"), ("file", "From a file", "default"),
             ("new", f"A new {word}", "default"), ("cancel", "Cancel", "default")]), chosen)

    def ready(self) -> list[tuple[Assessment, str]]:
        """The units ready to add, each with where it comes from: the system's for the
        force as it stands, then the bundled examples the force admits."""
        force = self.doc.force
        game = force.game
        roster_format = game.capability(RosterFormat)
        kind = roster_format.READY_WORD if roster_format is not None else ""
        out = [(a, kind) for a in ready_units(force)]
        out += [(u.assessment, "example") for u in example_units(game)
                if u.system.NAME == game.NAME and admits(force, u.assessment)]
        return out

    def action_add_example(self) -> None:
        game = self.doc.game
        units = self.ready()
        points = game.capability(Points)
        choices = [(a.name, points.points_text(a.tally.total) if points else "", kind)
                   for a, kind in units]

        async def picked(index: int | None) -> None:
            if index is not None:
                await self.add_unit(units[index][0].unit, assessment=units[index][0])

        self.app.push_screen(ExampleDialog(choices, game.UNIT_WORD, game.FORCE_WORD), picked)

    def action_add_file(self, replacing: int | None = None) -> None:
        def picked(path: Path | None) -> None:
            if path is not None:
                self.load_unit_file(path, replacing)

        word = self.doc.game.UNIT_WORD
        title = f"Add a {word} from a file" if replacing is None else f"Pick the {word} file"
        folder = self.doc.path.parent if self.doc.path is not None else None
        game = self.doc.game
        self.app.push_screen(PathDialog(title, mode="open", folder=folder,
                                        examples=example_files([game.NAME], kinds=("units",)),
                                        wanted=partial(holds_unit_of, game=game),
                                        hint=f"{indefinite(game.TITLE, capital=True)} {word} file "
                                             "(.yaml); the roster will refer to it by its "
                                             "path."), picked)

    @work(thread=True, exclusive=True, group="load")
    def load_unit_file(self, path: Path, replacing: int | None = None) -> None:
        """Read a unit file and add it to the force, or put it in place of the broken
        entry at `replacing`."""
        force = self.doc.force
        try:
            doc = UnitDoc.load(path)
            if doc.game.NAME != force.game.NAME:
                raise InputError(f"is {indefinite(doc.game.TITLE)} {doc.game.UNIT_WORD}; "
                                 f"the force is for {force.game.TITLE}", file=path)
        except InputError as exc:
            self.app.call_from_thread(self.notify, exc.shown(),
                                      title="Not added", severity="error", markup=False)
            return
        # mypy infers Never for call_from_thread's result type from any coroutine function
        self.app.call_from_thread(self.add_unit,  # type: ignore[arg-type]
                                  doc.unit, path.resolve(), doc.assessment, replacing)

    async def add_unit(self, unit: object, file: Path | None = None,
                       assessment: Assessment | None = None, replacing: int | None = None) -> None:
        force = self.doc.force
        if replacing is not None and replacing < len(force.entries):
            old = force.entries[replacing]
            entry = self.doc.entry(unit, old.count, file, assessment, fields=old.fields)
            await self.apply(force.replaced(replacing, entry))
            self.notify(f"Repaired: {force.game.unit_name(unit)}.", timeout=3, markup=False)
            return
        same = next((i for i, e in enumerate(force.entries)
                     if not e.broken and not e.label and e.file == file
                     and self.same_unit(e.unit, unit)), None)
        if same is not None:  # the same unit again: one more of it, as army builders count
            entry = force.entries[same]
            await self.apply(force.with_count(same, entry.count + 1))
            self.query_one(UnitTable).move_cursor(row=same)
            self.notify(f"{entry.shown_name} ×{entry.count + 1}", timeout=3, markup=False)
            return
        await self.apply(force.inserted(self.doc.entry(unit, 1, file, assessment)))
        self.query_one(UnitTable).move_cursor(row=len(self.doc.force.entries) - 1)

    def same_unit(self, held: object, unit: object) -> bool:
        """Whether `unit` is the entry's unit `held` again: equal, or equal but for the id
        the entry gave a unit that came without one (a ready unit)."""
        game = self.doc.game
        if held == unit:
            return True
        held_id = game.unit_id(held)
        return game.unit_id(unit) is None and held_id is not None and \
            game.with_unit_id(unit, held_id) == held

    async def action_new_unit(self) -> None:
        game, catalog = self.doc.game, self.doc.catalog
        await self.add_unit(game.new_unit(new_name(game), catalog))
        self.open_entry(len(self.doc.force.entries) - 1, new=True)

