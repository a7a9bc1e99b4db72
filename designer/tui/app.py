"""The Textual app: modes for the forces screen, a unit opened on its own, and the
catalog browser; the command palette; open; and the unsaved-changes guard on quit.

The app is built on one game system and its catalog (`build_app`); a file opened later
brings its own system. Everything about a game comes through the game-system contract.
`app`, the designer on the example force as `designer` opens it, is built when first
asked for (importing the module builds nothing), so Textual's tools run it:
`textual run --dev designer.tui.app:app`.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from textual import work
from textual.app import App, SystemCommand
from textual.content import Content
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.timer import Timer

from designer.documents import ForceDoc, UnitDoc, kind_of
from designer.errors import InputError
from designer.escaping import printable
from designer.paths import display_path
from designer.settings import Settings, load_settings
from designer.systems import GameSystem, system, system_names
from designer.tui.bindings import APP_BINDINGS, binding_ids
from designer.tui.collector import EVERY as COLLECT_EVERY
from designer.tui.collector import collect_if_due, pace_collector
from designer.tui.commands import CatalogCommands, UnitCommands
from designer.tui.kept import KeptSettings
from designer.tui.keys import KeyGate
from designer.tui.quitting import QuitGuard
from designer.tui.screens.designer import DesignerScreen

if TYPE_CHECKING:
    from designer.tui.screens.browser import BrowserScreen
    from designer.tui.screens.forces import ForcesScreen

STARTS = ("home", "edit", "roster", "browser")
NOTE_LIMIT = 600  # characters of a notification


class DesignerApp(KeptSettings, QuitGuard, KeyGate):
    """The designer. Build it with `build_app`."""

    CSS_PATH = ["app.tcss", "widgets/widgets.tcss"]
    TITLE = "designer"
    COMMANDS = App.COMMANDS | {CatalogCommands, UnitCommands}
    BINDINGS = list(APP_BINDINGS)

    #: snapshot tests turn this off so the text cursor does not blink
    cursor_blink = True
    #: the catalog browser, once shown, and the unit it adds picked entries to
    browser_screen: BrowserScreen | None = None
    #: the forces screen, built when first shown (`designer edit` opens without it)
    _forces_screen: ForcesScreen | None = None
    browser_target: str | None = None

    def __init__(self, *, game: GameSystem, catalog: object, force_doc: ForceDoc | None,
                 unit_doc: UnitDoc | None = None, start: str = "home",
                 settings: Settings | None = None,
                 settings_problems: Sequence[str] = ()) -> None:
        # the first screen is the starting mode's (Textual builds it as the app composes):
        # switching to it from the default mode would build an empty screen first and
        # parse the whole stylesheet three times over
        # Textual declares DEFAULT_MODE a class variable; it is read per app, at compose
        self.DEFAULT_MODE = {"edit": "unit" if unit_doc else "forces",  # type: ignore[misc]
                             "browser": "browser"}.get(start, "forces")
        # the first screen's stylesheets are read with the app's, so the whole is parsed
        # once rather than again when the screen comes
        if self.DEFAULT_MODE == "unit" and unit_doc is not None:
            first = DesignerScreen.stylesheets(unit_doc.game)
        elif self.DEFAULT_MODE == "forces":
            from designer.tui.screens.forces import ForcesScreen

            first = ForcesScreen.stylesheets()
        else:
            first = []
        super().__init__(css_path=[*self.CSS_PATH, *first])
        self.settings = settings or Settings()
        self.settings_problems = list(settings_problems)
        self.game = game
        self.catalog = catalog
        self._force_doc = force_doc
        self.unit_doc = unit_doc
        self.start = start
        self._last_document_mode = "unit" if start == "edit" and unit_doc else "forces"

        self.add_mode("forces", lambda: self.forces_screen)
        self.add_mode("browser", self._browser)
        if unit_doc is not None:
            self.add_mode("unit", lambda: DesignerScreen(unit_doc))

    def on_mount(self) -> None:
        self.apply_settings()

    # --- user text ------------------------------------------------------------------------

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = False) -> None:
        """Every notification (a screen's `notify` comes here too) shows its text as it is
        written: never markup (a name may hold `[/]`), each control character and override
        as an escape, cut at NOTE_LIMIT characters. `markup` is taken and not used."""
        super().notify(printable(message, NOTE_LIMIT),
                       title=printable(title, 80), severity=severity, timeout=timeout,
                       markup=False)

    def format_title(self, title: str, sub_title: str) -> Content:
        """The header's title and subtitle (a unit's name and file): as written, each
        control character and override as an escape."""
        return super().format_title(printable(title, 200), printable(sub_title, 400))

    #: the timer of the collector's passes while no key comes, once the app runs them itself
    #: (tui/collector.py); None while Python runs them
    collector_timer: Timer | None = None

    def on_ready(self) -> None:
        """The first screen is drawn. Started by the `designer` command, the app ran so
        far without the cyclic garbage collector (designer/__main__.py): from now on it
        runs the collector's passes itself, between keys (`tui/collector.py`)."""
        if not gc.isenabled():
            pace_collector()
            self.collector_timer = self.set_interval(COLLECT_EVERY, collect_if_due)

    def keys_done(self) -> None:
        """The collector's pass, if one is due, once this frame is painted."""
        if self.collector_timer is not None:
            self.call_after_refresh(collect_if_due)

    # --- moving around ----------------------------------------------------------------------

    @property
    def force_doc(self) -> ForceDoc:
        """The force on the forces screen: the file opened, else (built when first
        needed, so `designer edit` opens without it) the system's example force."""
        if self._force_doc is None:
            self._force_doc = ForceDoc.home(self.game, self.catalog)
        return self._force_doc

    @force_doc.setter
    def force_doc(self, doc: ForceDoc) -> None:
        self._force_doc = doc

    @property
    def forces_screen(self) -> ForcesScreen:
        if self._forces_screen is None:
            from designer.tui.screens.forces import ForcesScreen

            self._forces_screen = ForcesScreen(self.force_doc)
        return self._forces_screen

    def _browser(self) -> BrowserScreen:
        from designer.tui.screens.browser import BrowserScreen

        self.browser_screen = BrowserScreen(self.game, self.catalog)
        self.browser_screen.target = self.browser_target
        return self.browser_screen

    def action_show(self, mode: str) -> None:
        if mode == "unit" and self.unit_doc is None:
            self.notify("No unit is open on its own: open one with ctrl+o, or open a unit "
                        "of the force with enter.", timeout=4)
            return
        if mode in ("forces", "unit"):
            self._last_document_mode = mode
        if mode == "browser":
            target = self.pick_target()
            self.browser_target = target.document_name() if target is not None else None
            if self.browser_screen is not None:
                self.browser_screen.target = self.browser_target
        if self.current_mode != mode:
            self.switch_mode(mode)

    def pick_target(self) -> DesignerScreen | None:
        """The designer a catalog entry picked in the browser goes to: the one on top
        of the screens last shown (the unit on its own, or a force's unit)."""
        stack = self._screen_stacks.get(self._last_document_mode, [])
        return next((s for s in reversed(stack) if isinstance(s, DesignerScreen)), None)

    def on_browser_screen_picked(self, message: BrowserScreen.Picked) -> None:
        target = self.pick_target()
        if target is None:
            self.notify("No unit is being designed: open one (enter on a unit of the "
                        "force, or ctrl+o), then pick from the catalog.", timeout=5)
            return
        try:
            if target.game is not self.game:
                raise InputError(f"this is the {self.game.TITLE} catalog; "
                                 f"{target.document_name()} is {target.game.TITLE}")
            said = target.take_from_catalog(message.section, message.name)
        except InputError as exc:
            self.notify(exc.problem, title="Not added", severity="warning", markup=False)
            return
        self.notify(said, timeout=4, markup=False)

    def show_catalog_entry(self, section: str, name: str) -> None:
        """The catalog browser on one entry (from the command palette)."""
        self.action_show("browser")  # makes the browser on its first showing
        browser = self.browser_screen
        if browser is not None:
            self.call_after_refresh(browser.show_entry, section, name)

    def open_force_entry(self, index: int) -> None:
        """A unit of the force in the designer (from the command palette)."""
        self.action_show("forces")
        self.call_after_refresh(self.forces_screen.open_entry_at, index)

    async def action_back(self) -> None:
        self.action_show(self._last_document_mode)

    def game_here(self) -> GameSystem:
        """The system of the document on screen, else the app's."""
        doc = getattr(self.screen, "doc", None)
        return getattr(doc, "game", None) or self.game

    def section_names(self, game: GameSystem) -> list[str]:
        catalog = self.catalog if game is self.game else game.bundled_catalog()
        from designer.tui.screens.browser import tab_label

        return [tab_label(s).lower() for s in game.catalog_sections(catalog)]

    def action_help(self) -> None:
        from designer.tui.screens.export import export_choices
        from designer.tui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            game = self.game_here()
            self.push_screen(HelpScreen(game, sections=self.section_names(self.game),
                                        formats=export_choices()[0], ids=binding_ids(),
                                        keymap=self.settings.keys))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "show" and parameters and parameters[0] == "unit":
            return self.unit_doc is not None
        return True

    # --- opening files ----------------------------------------------------------------------

    def action_open(self) -> None:
        def chosen(path: Path | None) -> None:
            if path is not None:
                self.open_file(path)

        doc = getattr(self.screen, "doc", None) or self.force_doc
        folder = doc.path.parent if doc.path is not None else None
        from designer.paths import example_files
        from designer.tui.screens.dialogs import PathDialog

        self.push_screen(PathDialog("Open a unit or roster", mode="open", folder=folder,
                                    examples=example_files(),
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
        from designer.tui.screens.dialogs import ConfirmDialog

        def replace(answer: str | None = "discard") -> None:
            if answer != "discard":
                return
            if doc.path is not None and doc.exists:
                self.remember(doc.path)
            if isinstance(doc, ForceDoc):
                self.force_doc = doc
                if self._forces_screen is not None:
                    self._forces_screen.set_doc(doc)
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

    # --- command palette ---------------------------------------------------------------------

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        from designer.tui.commands import screen_commands

        yield from screen_commands(screen)
        yield from self.app_commands()
        yield from super().get_system_commands(screen)

    def app_commands(self) -> Iterable[SystemCommand]:
        """The palette's commands that are the app's, whatever the screen: open, a new
        unit or force of any system, the modes, help."""
        from designer.tui.screens.browser import and_list
        from designer.tui.screens.help import number_word

        game = self.game_here()
        word = game.UNIT_WORD
        yield SystemCommand("Open…", f"Open a {word} or roster file (ctrl+o)", self.action_open)
        for name in system_names():
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

    def start_new(self, name: str, kind: str) -> None:
        """A new, unsaved unit or force of the system `name`, opened as a file would be."""
        game = system(name)
        self._opened(UnitDoc.new(game) if kind == "unit"
                     else ForceDoc.new(game, cap=self.settings.points_cap))


def build_app(*, game: GameSystem | None = None, catalog: object | None = None,
              unit_path: Path | None = None, roster_path: Path | None = None,
              start: str = "home", settings: Settings | None = None) -> DesignerApp:
    """The app on `game` (default: the system of the file opened, else the default
    system) and `catalog` (default: the file's, else the system's bundled one). `start`:
    "home" (the system's example force), "edit" (the unit at `unit_path`, new when
    missing), "roster" (the roster at `roster_path`, new when missing) or "browser".
    `settings` default to the user's settings file (`designer.settings`).
    Raises InputError when a file cannot be read."""
    if start not in STARTS:
        raise ValueError(f"start must be one of {', '.join(STARTS)}, not {start!r}")
    problems: list[str] = []
    if settings is None:
        settings, problems = load_settings()
    # a file names its own system: the default one is loaded only when no file does (so
    # `designer edit` of an Op-En file never loads OpenTactics)
    unit_doc = force_doc = None
    if unit_path is not None:
        unit_doc = UnitDoc.open(Path(unit_path), game, catalog)
    elif start == "edit":
        unit_doc = UnitDoc.new(game if game is not None else system(), catalog)
    if roster_path is not None:
        force_doc = ForceDoc.open(Path(roster_path), game, catalog, cap=settings.points_cap)
    opened = unit_doc if start == "edit" else force_doc
    if game is None and opened is not None:
        game, catalog = opened.game, opened.catalog
    else:
        game = game if game is not None else system()
        catalog = catalog if catalog is not None else game.bundled_catalog()
    return DesignerApp(game=game, catalog=catalog, force_doc=force_doc, unit_doc=unit_doc,
                       start=start, settings=settings, settings_problems=problems)


def __getattr__(name: str) -> DesignerApp:
    """`app`: the designer on the example force, built on first use and kept."""
    if name != "app":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    built = globals()["app"] = build_app()
    return built
