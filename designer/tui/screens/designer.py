"""The unit designer: the system's build steps down the left, the step's editor in the
middle, the live tally and a card preview on the right. Everything about the game comes
through the game-system contract and the editors registered for the system."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol, cast

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import ContentSwitcher, Static

from designer.documents import EntryLink, UnitDoc
from designer.errors import InputError
from designer.paths import display_path
from designer.systems import CatalogPicking, GameSystem, Matchups, Points
from designer.tally import Tally
from designer.tui.editors import (
    EditUnit,
    GoToStep,
    RunAction,
    StepEditor,
    View,
    editor_css,
    editors_for,
)
from designer.tui.editors.kit.number_rows import entered
from designer.tui.frame import one_frame
from designer.tui.screens.base import DOCUMENT_BINDINGS, DocumentScreen
from designer.tui.widgets.card import card_of
from designer.tui.widgets.footer import KeyFooter
from designer.tui.widgets.header import TitleHeader
from designer.tui.widgets.shown import set_content
from designer.tui.widgets.stepper import MAX_STEP_KEYS, STEP_KEYS, Stepper, step_marks
from designer.tui.widgets.tally import StepFigure, TallyPanel
from designer.tui.widgets.text import TextField

if TYPE_CHECKING:
    from designer.export.document import Snapshot
    from designer.tui.widgets.matchups import MatchupsPanel

class SavesForce(Protocol):
    """The app, which saves the force a designer's unit belongs to."""

    def save_force(self) -> None: ...


class DesignerScreen(DocumentScreen):
    doc: UnitDoc

    CSS_PATH = ["designer.tcss", "../editors/editors.tcss"]
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]

    BINDINGS = [
        *DOCUMENT_BINDINGS,
        Binding("pagedown,ctrl+n", "next_step", "Next", priority=True, key_display="PgDn",
                tooltip="next step (ctrl+n too)", id="next-step"),
        Binding("pageup", "previous_step", "Prev", priority=True, key_display="PgUp",
                show=False, tooltip="previous step", id="previous-step"),
        Binding("escape", "close", "Back", id="back", tooltip="back to the force it came from"),
        Binding("ctrl+t", "focus_stepper", "Steps", show=False,
                tooltip="focus the list of steps (↑/↓ move between steps)", id="steps"),
        Binding("f5", "matchups", "Matchups", id="matchups",
                tooltip="matchups: the odds against an opponent, live as the design changes"),
        *[Binding(keys, f"goto({n})", "Step" if n == 0 else f"Step {n + 1}", show=n == 0,
                  key_display="alt+1…9", priority=True, id=f"step-{n + 1}",
                  tooltip="go to a step, wherever the focus is (a number takes plain digits)")
          for n, keys in enumerate(STEP_KEYS)],
        *[Binding(str(n), f"goto({n - 1})", f"Step {n}", show=False,
                  tooltip="go to a step (when the focus is not on a number or text field)")
          for n in range(1, MAX_STEP_KEYS + 1)],
    ]

    #: the matchups panel beside the tally, while it is open (f5)
    matchups: MatchupsPanel | None = None

    def __init__(self, doc: UnitDoc, *, link: EntryLink | None = None, step: int = 0) -> None:
        super().__init__()
        self.doc = doc
        self.game = doc.game
        #: the system as one whose rules price units, or None (no totals are shown)
        self.points = doc.game.capability(Points)
        self.steps = doc.game.steps()
        self.keys = [s.key for s in self.steps]
        self.editors = editors_for(doc.game)
        self.css_path = self.stylesheets(doc.game)
        self.link = link
        self.step = step
        self.visited = set(range(len(self.steps))) if doc.exists or link else {step}

    @classmethod
    def stylesheets(cls, game: GameSystem | None = None) -> list[Path]:
        return [*super().stylesheets(), *(editor_css(game) if game is not None else [])]

    @property
    def document_word(self) -> str:
        return self.game.UNIT_WORD

    # --- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        view = self.view()
        yield TitleHeader()
        with Horizontal(id="main"):
            yield Stepper(self.steps, id="stepper")
            with Vertical(id="middle"):
                with Horizontal(id="name-row"):
                    yield Static("Name", id="name-label")
                    yield TextField(value=self.doc.name, id="unit-name", compact=True,
                                    max_length=80,
                                    placeholder=f"the {self.game.UNIT_WORD}'s name")
                yield Static(id="step-title")
                # only the step on screen is built; the others when first visited, so the
                # designer opens as fast as one editor can be composed
                with ContentSwitcher(initial=f"step-{self.keys[self.step]}", id="editors"):
                    yield self.editor_for(self.step, view)
            yield TallyPanel(id="tally")
        yield KeyFooter()

    def view(self, external: bool = False) -> View:
        doc = self.doc
        return View(doc.game, doc.catalog, doc.assessment, external)

    def editor_for(self, index: int, view: View) -> StepEditor:
        step = self.steps[index]
        return self.editors[step.key](view, step, id=f"step-{step.key}")

    @property
    def editor(self) -> StepEditor:
        return self.query_one(f"#step-{self.keys[self.step]}", StepEditor)

    async def on_mount(self) -> None:
        await self.refresh_view()
        self.focus_editor()

    def focus_editor(self) -> None:
        """The focus on the step's entry field (at once: keys already queued go to it),
        or on the steps when the step has nothing to edit."""
        field = entered(self.editor.entry_field())
        self.set_focus(field if field is not None else self.query_one(Stepper))
        if field is not None:  # in sight once the step just shown is laid out
            self.call_after_refresh(field.scroll_visible, animate=False)

    # --- keeping the view up to date --------------------------------------------------------

    async def refresh_view(self, *, focus: str | None = None, external: bool = False) -> None:
        async with one_frame(self.app):
            await self._refresh_view(focus, external)

    async def _refresh_view(self, focus: str | None, external: bool) -> None:
        view = self.view(external)  # the one assessment of this snapshot, for every part
        await self.editor.sync(view, focus)
        tally = view.tally
        self.query_one(Stepper).show(step_marks(self.game, self.keys, tally, self.visited),
                                    self.step_points(tally))
        self.query_one(TallyPanel).show(tally, self.figures(view),
                                        card_of(self.game, view.assessment),
                                        points=self.points)
        if self.matchups is not None:  # open (f5): the odds follow each edit
            self.matchups.show(view.assessment)
        name = self.query_one("#unit-name", TextField)
        if name.value.strip() != self.game.unit_name(view.unit):
            name.show(self.game.unit_name(view.unit), external=external)
        self.show_title()

    def step_points(self, tally: Tally) -> list[int | None]:
        """What the stepper shows beside each step: its points, the total on the last."""
        if self.points is None:
            return [None] * len(self.keys)
        last = len(self.keys) - 1
        return [tally.total if i == last else self.editors[key].step_points(key, tally)
                for i, key in enumerate(self.keys)]

    def figures(self, view: View) -> list[StepFigure]:
        """Every step but the last for the tally panel, the current one itemised."""
        out = []
        for i, step in enumerate(self.steps[:-1]):
            editor = self.editors[step.key]
            found = editor.tally_lines(step.key, view) if i == self.step else None
            # a line priced under another step says which, with no number of its own
            # (equipment's bumps): the numbers shown add up to the total
            lines = None if found is None else [
                (line.item, str(line.points))
                if line.step in (step.key, "") or line.step not in self.keys
                else (f"{line.item} (priced in step {self.keys.index(line.step) + 1})", "")
                for line in found]
            out.append(StepFigure(f"{i + 1} {step.title}",
                                  editor.step_points(step.key, view.tally), lines))
        return out

    def show_title(self) -> None:
        doc = self.doc
        where = f"in force {self.link.force.force.name}" if self.link is not None and \
            doc.path is None else display_path(doc.path)
        modified = " · modified" if doc.dirty else ""
        self.title = self.game.UNIT_WORD.title()
        self.sub_title = f"{doc.name} · {where}{modified}"
        number, title = self.step + 1, self.steps[self.step].title
        set_content(self.query_one("#step-title", Static),
                    Content.styled(f"Step {number} of {len(self.steps)} · {title}",
                                   "bold $accent"))

    # --- edits ------------------------------------------------------------------------------

    @on(EditUnit)
    async def apply_edit(self, message: EditUnit) -> None:
        message.stop()
        try:
            unit = message.change(self.doc.unit)
        except (IndexError, KeyError):
            # asked of a list entry an earlier queued edit already removed
            await self.refresh_view()
            return
        self.doc.edit(unit, message.merge)
        # also when nothing changed: it puts every field back in step with the unit
        await self.refresh_view(focus=message.focus)

    def take_from_catalog(self, section: str, name: str) -> str:
        """Add the catalog entry `name` of `section` to the unit (picked in the catalog
        browser); what happened, in words. Raises InputError when it cannot be added."""
        doc = self.doc
        picking = doc.game.capability(CatalogPicking)
        try:
            unit = picking.catalog_pick(doc.unit, doc.catalog, section, name) if picking \
                else None
        except (KeyError, ValueError) as exc:
            raise InputError(f"{name} cannot be added: {exc}") from None
        if unit is None:
            raise InputError(f"the {section} are for reading: nothing there is added to a "
                             f"{doc.game.UNIT_WORD}")
        before = doc.tally.total
        doc.edit(unit)
        self._stale = True
        what = f"Added {name} to {doc.game.unit_name(unit)}"
        if self.points is not None:
            what += f": {before} → {doc.tally.total} {self.points.POINTS_WORD}".rstrip()
        return f"{what} (ctrl+z in the designer takes it back)."

    async def on_screen_resume(self) -> None:
        if getattr(self, "_stale", False):
            self._stale = False
            await self.refresh_view(external=True)

    @on(TextField.Changed, "#unit-name")
    async def rename(self, event: TextField.Changed) -> None:
        event.stop()
        name = event.value.strip()
        if name:
            doc = self.doc
            self.doc.edit(doc.game.rename(doc.unit, name, doc.catalog), merge="name")
            await self.refresh_view()

    @on(TextField.Submitted, "#unit-name")
    def name_done(self, event: TextField.Submitted) -> None:
        event.stop()
        if not event.value.strip():
            self.notify(f"A {self.game.UNIT_WORD} needs a name.", severity="warning")
            return
        self.focus_editor()

    @on(RunAction)
    async def editor_action(self, message: RunAction) -> None:
        message.stop()
        await self.run_action(message.action)

    @on(GoToStep)
    async def go_to(self, message: GoToStep) -> None:
        message.stop()
        if message.key in self.keys:
            await self.action_goto(self.keys.index(message.key))

    # --- steps ------------------------------------------------------------------------------

    async def action_goto(self, index: int, focus_editor: bool = True) -> None:
        index = max(0, min(len(self.steps) - 1, index))
        if index != self.step:
            self.step = index
            self.visited.add(index)
            self.query_one(Stepper).current = index
            switcher = self.query_one(ContentSwitcher)
            wanted = f"step-{self.keys[index]}"
            if not switcher.query_children(f"#{wanted}"):
                await switcher.mount(self.editor_for(index, self.view()))
            switcher.current = wanted
            await self.refresh_view()
            self.editor.scroll_home(animate=False)
        if focus_editor:
            self.focus_editor()

    async def action_next_step(self) -> None:
        await self.action_goto(self.step + 1)

    async def action_previous_step(self) -> None:
        await self.action_goto(self.step - 1)

    async def action_matchups(self) -> None:
        """Open or close the matchups panel beside the tally."""
        if self.matchups is not None:
            panel, self.matchups = self.matchups, None
            await panel.remove()
            return
        from designer.tui.widgets.matchups import MatchupsPanel

        self.matchups = MatchupsPanel(self.game, self.doc.assessment, id="matchups")
        await self.query_one("#main", Horizontal).mount(self.matchups, after="#tally")

    def action_focus_stepper(self) -> None:
        self.set_focus(self.query_one(Stepper))

    @on(Stepper.Selected)
    async def stepper_selected(self, message: Stepper.Selected) -> None:
        message.stop()
        await self.action_goto(message.index, focus_editor=message.enter)

    @on(Stepper.Entered)
    def stepper_entered(self, message: Stepper.Entered) -> None:
        message.stop()
        self.focus_editor()

    # --- documents --------------------------------------------------------------------------

    def document_name(self) -> str:
        return self.doc.name

    def export_snapshot(self) -> Snapshot:
        return self.doc.loaded()

    def action_save(self) -> None:
        if self.link is not None and self.doc.path is None:
            # a unit held inline by its force: saving it means saving the force
            self.link.apply(self.doc.unit, self.doc.assessment)
            self.doc.history.mark_saved(self.doc.unit)
            self.show_title()
            cast(SavesForce, self.app).save_force()
            return
        super().action_save()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "close":
            return self.link is not None
        return self.game_offers(self.game, action, parameters)

    @staticmethod
    def game_offers(game: GameSystem, action: str, parameters: tuple[object, ...]) -> bool:
        """Whether the designer offers `action` for the system (the help lists those)."""
        if action == "matchups":
            return game.capability(Matchups) is not None
        if action == "goto" and parameters:
            index = parameters[0]  # goto's bindings give a step's index
            return isinstance(index, int) and index < len(game.steps())
        return True

    def action_close(self) -> None:
        """Back to the force: the unit goes back into its entry."""
        if self.link is None:
            return
        doc, path = self.doc, self.doc.path
        if path is None or not doc.dirty:
            self.dismiss(doc.unit)
            return

        def answered(answer: str | None) -> None:
            if answer == "save":
                self.start_save(path, then=lambda: self.dismiss(doc.unit))
            elif answer == "discard":
                self.dismiss(doc.history.saved)

        from designer.tui.screens.dialogs import ConfirmDialog

        self.app.push_screen(ConfirmDialog(
            "Unsaved changes", f"Save the changes to {display_path(path)}?",
            [("save", "Save", "primary"), ("discard", "Discard", "error"),
             ("cancel", "Cancel", "default")]), answered)

    def unsaved(self) -> list[str]:
        """What quitting now would lose, for the quit guard."""
        doc = self.doc
        if not doc.dirty:
            return []
        if self.link is not None and doc.path is None:
            return [f"{doc.name} (in force {self.link.force.force.name})"]
        return [doc.label]

    def save_for_quit(self) -> None:
        """Before quitting with 'save': write the unit's file, or hand it to its force."""
        doc = self.doc
        if not doc.dirty:
            return
        if self.link is not None and doc.path is None:
            self.link.apply(doc.unit, doc.assessment)
            doc.history.mark_saved(doc.unit)
        elif doc.path is not None:
            doc.save()
