"""The Textual app: modes for the forces screen, a unit opened on its own, and the
catalog browser; the command palette; open; and the unsaved-changes guard on quit.

The app is built on one game system and its catalog (`build_app`); a file opened later
brings its own system. Everything about a game comes through the game-system contract.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from pathlib import Path
from typing import Any

from textual import work
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from designer.errors import InputError, printable
from designer.systems import SYSTEMS, GameSystem, system
from designer.tui.documents import ForceDoc, UnitDoc, display_path, kind_of
from designer.tui.editors import help_keys
from designer.tui.screens.browser import BrowserScreen, and_list, tab_label
from designer.tui.screens.designer import DesignerScreen
from designer.tui.screens.dialogs import ConfirmDialog, PathDialog
from designer.tui.screens.export import export_choices
from designer.tui.screens.forces import ForcesScreen
from designer.tui.screens.help import HelpScreen, number_word, or_list

STARTS = ("home", "edit", "roster", "browser")


class DesignerApp(App):
    """The designer. Build it with `build_app`."""

    CSS_PATH = ["app.tcss", "widgets/widgets.tcss"]
    TITLE = "designer"
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", priority=True),
        Binding("q", "quit", "Quit", show=False),
        Binding("f1,question_mark", "help", "Help", key_display="f1"),
        Binding("f2", "show('forces')", "Forces", show=False),
        Binding("f3", "show('browser')", "Catalog", show=False),
        Binding("f4", "show('unit')", "Unit", show=False),
        Binding("ctrl+o", "open", "Open", show=False, priority=True),
    ]

    #: snapshot tests turn this off so the text cursor does not blink
    cursor_blink = True

    def __init__(self, *, game: GameSystem, catalog: Any, force_doc: ForceDoc,
                 unit_doc: UnitDoc | None = None, start: str = "home") -> None:
        super().__init__()
        self.game = game
        self.catalog = catalog
        self.force_doc = force_doc
        self.unit_doc = unit_doc
        self.start = start
        self._last_document_mode = "unit" if start == "edit" and unit_doc else "forces"

    def on_mount(self) -> None:
        self.forces_screen = ForcesScreen(self.force_doc)
        self.add_mode("forces", lambda: self.forces_screen)
        self.add_mode("browser", lambda: BrowserScreen(self.game, self.catalog))
        if self.unit_doc is not None:
            doc = self.unit_doc
            self.add_mode("unit", lambda: DesignerScreen(doc))
        self.switch_mode({"edit": "unit" if self.unit_doc else "forces", "browser": "browser"}
                         .get(self.start, "forces"))

    # --- moving around ----------------------------------------------------------------------

    def action_show(self, mode: str) -> None:
        if mode == "unit" and self.unit_doc is None:
            self.notify("No unit is open on its own: open one with ctrl+o, or open a unit "
                        "of the force with enter.", timeout=4)
            return
        if mode in ("forces", "unit"):
            self._last_document_mode = mode
        if self.current_mode != mode:
            self.switch_mode(mode)

    def action_back(self) -> None:
        self.action_show(self._last_document_mode)

    def game_here(self) -> GameSystem:
        """The system of the document on screen, else the app's."""
        doc = getattr(self.screen, "doc", None)
        return getattr(doc, "game", None) or self.game

    def section_names(self, game: GameSystem) -> list[str]:
        catalog = self.catalog if game is self.game else game.bundled_catalog()
        return [tab_label(s).lower() for s in game.catalog_sections(catalog)]

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            game = self.game_here()
            self.push_screen(HelpScreen(game, sections=self.section_names(self.game),
                                        own_keys=help_keys(game),
                                        formats=export_choices()[0]))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "show" and parameters and parameters[0] == "unit":
            return self.unit_doc is not None
        return True

    # --- opening files ----------------------------------------------------------------------

    def action_open(self) -> None:
        def chosen(path: Path | None) -> None:
            if path is not None:
                self.open_file(path)

        self.push_screen(PathDialog("Open a unit or roster", mode="open",
                                    hint="A unit file opens in the designer; a roster (a "
                                         "file with units:) on the forces screen."), chosen)

    @work(thread=True, exclusive=True, group="open")
    def open_file(self, path: Path) -> None:
        try:
            if kind_of(path) == "roster":
                doc: ForceDoc | UnitDoc = ForceDoc.load(path)
            else:
                doc = UnitDoc.load(path)
        except InputError as exc:
            self.call_from_thread(self.notify, exc.shown(), title="Not opened",
                                  severity="error", timeout=8, markup=False)
            return
        self.call_from_thread(self._opened, doc)

    def _opened(self, doc: ForceDoc | UnitDoc) -> None:
        def replace(answer: str | None = "discard") -> None:
            if answer != "discard":
                return
            if isinstance(doc, ForceDoc):
                self.force_doc = doc
                self.forces_screen.set_doc(doc)
                self.action_show("forces")
            else:
                self.call_later(self._open_unit, doc)

        old = self.force_doc if isinstance(doc, ForceDoc) else self.unit_doc
        if old is not None and old.dirty:
            self.push_screen(ConfirmDialog(
                "Unsaved changes", f"{old.label} has unsaved changes. Open "
                f"{display_path(doc.path)} and drop them?",
                [("discard", "Drop changes", "error"), ("cancel", "Cancel", "default")]),
                replace)
        else:
            replace()

    async def _open_unit(self, doc: UnitDoc) -> None:
        self.unit_doc = doc
        if self.current_mode == "unit":
            await self.switch_mode("forces")
        if "unit" in self._modes:
            await self.remove_mode("unit")
        self.add_mode("unit", lambda: DesignerScreen(doc))
        self.refresh_bindings()
        self.action_show("unit")

    def save_force(self) -> None:
        """Save the force (from a designer whose unit the force holds)."""
        self.forces_screen.action_save()

    # --- quitting ---------------------------------------------------------------------------

    def document_screens(self) -> list[Screen]:
        screens: list[Screen] = []
        for stack in self._screen_stacks.values():
            screens += [s for s in stack if isinstance(s, (DesignerScreen, ForcesScreen))]
        return screens

    def unsaved(self) -> list[str]:
        found: list[str] = []
        for screen in self.document_screens():
            found += screen.unsaved()
        if self.force_doc.dirty and not any(isinstance(s, ForcesScreen)
                                            for s in self.document_screens()):
            found.append(self.force_doc.label)
        return list(dict.fromkeys(found))

    async def action_quit(self) -> None:
        if isinstance(self.screen, ConfirmDialog):
            return
        lost = self.unsaved()
        if not lost:
            self.exit()
            return
        savable = self._savable()
        listing = "\n".join(f"  • {label}" for label in lost)
        choices = [("discard", "Quit without saving", "error"), ("cancel", "Cancel", "default")]
        note = ""
        if savable:
            choices.insert(0, ("save", "Save and quit", "primary"))
        else:
            note = "\n\nSomething here has no file yet: cancel and use Save as (ctrl+s)."

        def answered(answer: str | None) -> None:
            if answer == "discard":
                self.exit()
            elif answer == "save":
                self.save_all_and_quit()

        self.push_screen(ConfirmDialog("Unsaved changes",
                                       f"These have unsaved changes:\n{listing}{note}",
                                       choices), answered)

    def _savable(self) -> bool:
        for screen in self.document_screens():
            if (isinstance(screen, DesignerScreen) and screen.doc.dirty
                    and screen.doc.path is None and screen.link is None):
                return False
        force_dirty = self.force_doc.dirty or any(
            isinstance(s, DesignerScreen) and s.link is not None and s.doc.path is None
            and s.doc.dirty for s in self.document_screens())
        return not (force_dirty and self.force_doc.path is None)

    def save_all_and_quit(self) -> None:
        screens = self.document_screens()
        for screen in screens:
            if isinstance(screen, DesignerScreen):
                screen.save_for_quit()
        self._write_and_exit([s.doc for s in screens if isinstance(s, DesignerScreen)
                              and s.doc.dirty and s.doc.path is not None]
                             + ([self.force_doc] if self.force_doc.dirty else []))

    @work(thread=True, exclusive=True, group="save")
    def _write_and_exit(self, docs: list) -> None:
        try:
            for doc in docs:
                doc.save()
        except (InputError, OSError) as exc:
            message = exc.shown() if isinstance(exc, InputError) else printable(str(exc))
            self.call_from_thread(self.notify, message, title="Not saved",
                                  severity="error", markup=False)
            return
        self.call_from_thread(self.exit)

    # --- command palette ---------------------------------------------------------------------

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        target = screen
        documents = isinstance(target, (DesignerScreen, ForcesScreen))
        if documents:
            run = partial(self._run_on, target)
            yield SystemCommand("Save", "Save to its file (ctrl+s)", run("save"))
            yield SystemCommand("Save as…", "Save to another file", run("save_as"))
            formats = or_list(export_choices()[0])
            yield SystemCommand("Export…", f"Export as {formats} (ctrl+e)", run("export"))
            yield SystemCommand("Undo", "Undo the last edit (ctrl+z)", run("undo"))
            yield SystemCommand("Redo", "Redo what was undone (ctrl+y)", run("redo"))
        if isinstance(target, DesignerScreen):
            for n, step in enumerate(target.steps, start=1):
                yield SystemCommand(f"Step {n}: {step.title}", f"Go to build step {n}",
                                    self._run_on(target, f"goto({n - 1})"))
            if target.link is not None:
                yield SystemCommand("Back to the force", "Close the designer (esc)",
                                    self._run_on(target, "close"))
        if isinstance(target, ForcesScreen):
            word = target.doc.game.UNIT_WORD
            yield SystemCommand(f"Add an example {word}", "Add a copy of a bundled example (a)",
                                self._run_on(target, "add_example"))
            yield SystemCommand(f"Add a {word} from a file", f"Refer to a {word} file (f)",
                                self._run_on(target, "add_file"))
            yield SystemCommand(f"New {word}", f"Add a new {word} and design it (n)",
                                self._run_on(target, "new_unit"))
        game = self.game_here()
        word = game.UNIT_WORD
        yield SystemCommand("Open…", f"Open a {word} or roster file (ctrl+o)", self.action_open)
        for name in SYSTEMS:
            other = system(name)
            yield SystemCommand(f"New {other.TITLE} {other.UNIT_WORD}",
                                f"Design a new {other.UNIT_WORD} (saved where you say)",
                                partial(self.start_new, name, "unit"))
            yield SystemCommand(f"New {other.TITLE} force",
                                f"Start an empty force of {other.UNIT_WORD}s",
                                partial(self.start_new, name, "force"))
        yield SystemCommand("Forces", "The forces screen (f2)", partial(self.action_show,
                                                                        "forces"))
        sections = and_list(self.section_names(self.game))
        yield SystemCommand("Catalog browser", f"{sections[:1].upper()}{sections[1:]} (f3)",
                            partial(self.action_show, "browser"))
        if self.unit_doc is not None:
            yield SystemCommand(word.title(), f"The {word} opened on its own (f4)",
                                partial(self.action_show, "unit"))
        yield SystemCommand("Help", f"Keys and the {number_word(len(game.steps()))} steps "
                            "(f1)", self.action_help)
        yield from super().get_system_commands(screen)

    def start_new(self, name: str, kind: str) -> None:
        """A new, unsaved unit or force of the system `name`, opened as a file would be."""
        game = system(name)
        self._opened(UnitDoc.new(game) if kind == "unit" else ForceDoc.new(game))

    def _run_on(self, screen: Screen, action: str):
        async def run() -> None:
            await screen.run_action(action)

        return run


def build_app(*, game: GameSystem | None = None, catalog: Any | None = None,
              unit_path: Path | None = None, roster_path: Path | None = None,
              start: str = "home") -> DesignerApp:
    """The app on `game` (default: the system of the file opened, else the default
    system) and `catalog` (default: the file's, else the system's bundled one). `start`:
    "home" (the system's example force), "edit" (the unit at `unit_path`, new when
    missing), "roster" (the roster at `roster_path`, new when missing) or "browser".
    Raises InputError when a file cannot be read."""
    if start not in STARTS:
        raise ValueError(f"start must be one of {', '.join(STARTS)}, not {start!r}")
    chosen = game
    game = game if game is not None else system()
    catalog = catalog if catalog is not None else game.bundled_catalog()
    unit_doc = UnitDoc.open(Path(unit_path), game, catalog) if unit_path is not None else None
    if start == "edit" and unit_doc is None:
        unit_doc = UnitDoc.new(game, catalog)
    force_doc = (ForceDoc.open(Path(roster_path), game, catalog) if roster_path is not None
                 else None)
    opened = unit_doc if start == "edit" else force_doc
    if chosen is None and opened is not None and opened.game is not game:
        game, catalog = opened.game, opened.catalog  # the file names its own system
    if force_doc is None:
        force_doc = ForceDoc.home(game, catalog)
    return DesignerApp(game=game, catalog=catalog, force_doc=force_doc, unit_doc=unit_doc,
                       start=start)
