"""The command palette: the commands of the screen on show and the app's (new unit or
force of any system, open, ...), the catalog's entries (opened in the catalog browser,
where enter adds one to the unit being designed) and the force's units (opened in the
designer)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol, cast

from textual.app import SystemCommand
from textual.command import Hit, Hits, Provider
from textual.screen import Screen

from designer.escaping import printable
from designer.tui.literal import literal

if TYPE_CHECKING:
    from designer.documents import ForceDoc
    from designer.systems import GameSystem


class PaletteApp(Protocol):
    """What the palette's providers use of the app they are the commands of."""

    game: GameSystem[Any, Any, Any]
    catalog: object

    @property
    def force_doc(self) -> ForceDoc: ...

    def show_catalog_entry(self, section: str, name: str) -> None: ...

    def open_force_entry(self, index: int) -> None: ...


class CatalogCommands(Provider):
    """Every entry of the app's catalog, by section: "Abilities: Stealth"."""

    async def search(self, query: str) -> Hits:
        from designer.tui.screens.browser import tab_label

        app = cast(PaletteApp, self.app)
        matcher = self.matcher(query)
        for section in app.game.catalog_sections(app.catalog):
            label = tab_label(section)
            for row in section.rows:
                text = f"{label}: {printable(row.name, 200)}"
                score = matcher.match(text)
                if score > 0:
                    yield Hit(score, matcher.highlight(text),
                              partial(app.show_catalog_entry, section.key, row.name),
                              help=f"Show it in the catalog browser ({label.lower()})")


class UnitCommands(Provider):
    """The units of the force on the forces screen: "Unit: Steam Witch"."""

    async def search(self, query: str) -> Hits:
        app = cast(PaletteApp, self.app)
        force = app.force_doc.force
        word = force.game.UNIT_WORD.title()
        matcher = self.matcher(query)
        for index, entry in enumerate(force.entries):
            text = f"{word}: {printable(entry.tally.name, 200)}"
            score = matcher.match(text)
            if score > 0:  # the help is read as markup unless it is Content
                yield Hit(score, matcher.highlight(text), partial(app.open_force_entry, index),
                          # Textual declares a str, which it reads as markup; it draws
                          # Content (the force's name as typed) as it is
                          help=literal(f"Open it in the designer (×{entry.count} in "  # type: ignore[arg-type]
                                       f"{force.name})", 300))


def run_on(screen: Screen, action: str):
    async def run() -> None:
        await screen.run_action(action)

    return run


def screen_commands(target: Screen) -> Iterable[SystemCommand]:
    """The palette's commands for the screen `target` (the app adds its own)."""
    from designer.tui.screens.base import DocumentScreen
    from designer.tui.screens.designer import DesignerScreen
    from designer.tui.screens.export import export_choices
    from designer.tui.screens.forces import ForcesScreen
    from designer.tui.screens.help import or_list

    if isinstance(target, DocumentScreen):
        run = partial(run_on, target)
        yield SystemCommand("Save", "Save to its file (ctrl+s)", run("save"))
        yield SystemCommand("Save as…", "Save to another file", run("save_as"))
        formats = or_list(export_choices()[0])
        yield SystemCommand("Export…", f"Export as {formats} (ctrl+e)", run("export"))
        what = "force list" if target.document_word == "force" else "stat block"
        yield SystemCommand("Copy as text", f"Put the {what} on the clipboard as Markdown, "
                            "to paste into a chat (ctrl+l)", run("copy_text"))
        yield SystemCommand("Undo", "Undo the last edit (ctrl+z)", run("undo"))
        yield SystemCommand("Redo", "Redo what was undone (ctrl+y)", run("redo"))
    if isinstance(target, DesignerScreen):
        for n, step in enumerate(target.steps, start=1):
            yield SystemCommand(f"Step {n}: {step.title}", f"Go to build step {n}",
                                run_on(target, f"goto({n - 1})"))
        if target.link is not None:
            yield SystemCommand("Back to the force", "Close the designer (esc)",
                                run_on(target, "close"))
        game = target.doc.game
        unit_id = game.unit_id(target.doc.unit)
        if unit_id is not None:  # shown only when asked: exports link to it
            yield SystemCommand(f"{game.UNIT_WORD.title()} id",
                                f"{unit_id}: what exports link to; a rename keeps it",
                                partial(target.notify, unit_id, title="Stable id",
                                        markup=False))
    if isinstance(target, ForcesScreen):
        word = target.doc.game.UNIT_WORD
        yield SystemCommand(f"Add an example {word}", "Add a copy of a bundled example (a)",
                            run_on(target, "add_example"))
        yield SystemCommand(f"Add a {word} from a file", f"Refer to a {word} file (f)",
                            run_on(target, "add_file"))
        yield SystemCommand(f"New {word}", f"Add a new {word} and design it (n)",
                            run_on(target, "new_unit"))
