"""The unit designer: the eight build steps down the left, the step's editor in the
middle, the live tally and a card preview on the right."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import ContentSwitcher, Footer, Header, Static

from designer.tui import edits
from designer.tui.documents import (
    ForceDoc,
    UnitDoc,
    display_path,
    replace_unit,
)
from designer.tui.guide import STEP_KEYS, STEPS, step_of_field
from designer.tui.screens.base import DOCUMENT_BINDINGS, DocumentScreen
from designer.tui.screens.dialogs import ConfirmDialog, CustomAbilityDialog
from designer.tui.widgets.fields import TextField, set_content
from designer.tui.widgets.stepper import Stepper
from designer.tui.widgets.steps import (
    EDITORS,
    AbilitiesEditor,
    EditUnit,
    GoToStep,
    StepEditor,
    TallyEditor,
    View,
)
from designer.tui.widgets.tally import TallyPanel


@dataclass
class EntryLink:
    """The force entry a designer was opened on: closing hands the unit back to it."""

    force: ForceDoc
    index: int

    @property
    def entry(self) -> Any:
        return self.force.state.entries[self.index]

    def apply(self, unit: Any) -> bool:
        entry = self.entry
        if unit == entry.unit:
            return False
        new = self.force.entry(unit, entry.count, entry.file)
        return self.force.edit(replace_unit(self.force.state, self.index, new))


class DesignerScreen(DocumentScreen):
    CSS_PATH = "designer.tcss"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]

    BINDINGS = [
        *DOCUMENT_BINDINGS,
        Binding("pagedown,ctrl+n", "next_step", "Next", priority=True, key_display="PgDn"),
        Binding("pageup", "previous_step", "Prev", priority=True, key_display="PgUp"),
        Binding("escape", "close", "Back"),
        Binding("ctrl+t", "focus_stepper", "Steps", show=False),
        *[Binding(str(n), f"goto({n - 1})", f"Step {n}", show=False) for n in range(1, 9)],
    ]

    def __init__(self, doc: UnitDoc, *, link: EntryLink | None = None, step: int = 0) -> None:
        super().__init__()
        self.doc = doc
        self.link = link
        self.step = step
        self.visited = set(range(len(STEPS))) if doc.exists or link else {step}

    # --- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        view = self.view()
        yield Header()
        with Horizontal(id="main"):
            yield Stepper(id="stepper")
            with Vertical(id="middle"):
                with Horizontal(id="name-row"):
                    yield Static("Name", id="name-label")
                    yield TextField(value=self.doc.unit.name, id="unit-name", compact=True,
                                    max_length=80, placeholder="the unit's name")
                yield Static(id="step-title")
                with ContentSwitcher(initial=f"step-{STEP_KEYS[self.step]}", id="editors"):
                    for editor in EDITORS:
                        yield editor(view, id=f"step-{editor.KEY}")
            yield TallyPanel(id="tally")
        yield Footer(compact=True)

    def view(self) -> View:
        doc = self.doc
        return View(doc.unit, doc.final, doc.tally, doc.catalog)

    @property
    def editor(self) -> StepEditor:
        return self.query_one(f"#step-{STEP_KEYS[self.step]}", StepEditor)

    async def on_mount(self) -> None:
        await self.refresh_view()
        self.focus_editor()

    def focus_editor(self) -> None:
        field = self.editor.first_field()
        if field is not None:
            self.set_focus(field)  # at once: keys already queued go to it

    # --- keeping the view up to date --------------------------------------------------------

    async def refresh_view(self, *, focus: str | None = None, full: bool = False) -> None:
        view = self.view()
        await self.editor.sync(view, focus)
        tally = view.tally
        key = STEP_KEYS[self.step]
        self.query_one(Stepper).show(self.marks(tally), self.step_points(tally))
        self.query_one(TallyPanel).show(tally, key, tuple(c.item for c in view.unit.equipment),
                                        card=(view.unit, view.final))
        name = self.query_one("#unit-name", TextField)
        if name.value.strip() != view.unit.name:
            with name.prevent(TextField.Changed):
                name.value = view.unit.name
        self.show_title()

    def marks(self, tally: Any) -> list[str]:
        found: dict[str, str] = {}
        for issue in tally.issues:
            step = step_of_field(issue.field)
            if issue.severity == "error" or step not in found:
                found[step] = issue.severity
        marks = []
        for i, key in enumerate(STEP_KEYS):
            if key == "tally":
                marks.append("error" if tally.errors else "warning" if tally.warnings
                             else "done")
            elif key in found:
                marks.append(found[key])
            else:
                marks.append("done" if i in self.visited else "todo")
        return marks

    @staticmethod
    def step_points(tally: Any) -> list[int | None]:
        totals = tally.step_totals()
        return [tally.total if key == "tally" else None if key == "equipment"
                else totals.get(key, 0) for key in STEP_KEYS]

    def show_title(self) -> None:
        doc = self.doc
        if self.link is not None and doc.path is None:
            where = f"in force {self.link.force.state.name}"
        else:
            where = display_path(doc.path)
        modified = " · modified" if doc.dirty else ""
        self.title = "Unit"
        self.sub_title = f"{doc.unit.name} · {where}{modified}"
        number, title = self.step + 1, STEPS[self.step][1]
        set_content(self.query_one("#step-title", Static),
                    Content.styled(f"Step {number} of 8 · {title}", "bold $accent"))

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

    @on(TextField.Changed, "#unit-name")
    async def rename(self, event: TextField.Changed) -> None:
        event.stop()
        name = event.value.strip()
        if name:
            self.doc.edit(edits.set_name(self.doc.unit, name), merge="name")
            await self.refresh_view()

    @on(TextField.Submitted, "#unit-name")
    def name_done(self, event: TextField.Submitted) -> None:
        event.stop()
        if not event.value.strip():
            self.notify("A unit needs a name.", severity="warning")
            return
        self.focus_editor()

    @on(AbilitiesEditor.CustomRequested)
    def custom_ability(self, message: AbilitiesEditor.CustomRequested) -> None:
        message.stop()

        async def made(result: dict | None) -> None:
            if result is not None:
                unit = edits.add_custom_ability(self.doc.unit, result["name"], result["cost"],
                                                result["text"])
                if self.doc.edit(unit):
                    await self.refresh_view(focus="ability-list")

        self.app.push_screen(CustomAbilityDialog("Custom ability"), made)

    @on(TallyEditor.Command)
    def tally_command(self, message: TallyEditor.Command) -> None:
        message.stop()
        self.run_action(message.action)

    @on(GoToStep)
    async def go_to(self, message: GoToStep) -> None:
        message.stop()
        await self.action_goto(STEP_KEYS.index(message.key))

    # --- steps ------------------------------------------------------------------------------

    async def action_goto(self, index: int, focus_editor: bool = True) -> None:
        index = max(0, min(len(STEPS) - 1, index))
        if index != self.step:
            self.step = index
            self.visited.add(index)
            self.query_one(Stepper).current = index
            self.query_one(ContentSwitcher).current = f"step-{STEP_KEYS[index]}"
            await self.refresh_view()
            self.editor.scroll_home(animate=False)
        if focus_editor:
            self.focus_editor()

    async def action_next_step(self) -> None:
        await self.action_goto(self.step + 1)

    async def action_previous_step(self) -> None:
        await self.action_goto(self.step - 1)

    def action_focus_stepper(self) -> None:
        self.set_focus(self.query_one(Stepper))

    @on(Stepper.Selected)
    async def stepper_selected(self, message: Stepper.Selected) -> None:
        message.stop()
        await self.action_goto(message.index, focus_editor=False)

    @on(Stepper.Entered)
    def stepper_entered(self, message: Stepper.Entered) -> None:
        message.stop()
        self.focus_editor()

    # --- documents --------------------------------------------------------------------------

    def document_name(self) -> str:
        return self.doc.unit.name

    def action_save(self) -> None:
        if self.link is not None and self.doc.path is None:
            # a unit held inline by its force: saving it means saving the force
            self.link.apply(self.doc.unit)
            self.doc.history.mark_saved(self.doc.unit)
            self.show_title()
            self.app.save_force()
            return
        super().action_save()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "close":
            return self.link is not None
        return True

    def action_close(self) -> None:
        """Back to the force: the unit goes back into its entry."""
        if self.link is None:
            return
        doc = self.doc
        if doc.path is None or not doc.dirty:
            self.dismiss(doc.unit)
            return

        def answered(answer: str | None) -> None:
            if answer == "save":
                self.start_save(doc.path, then=lambda: self.dismiss(doc.unit))
            elif answer == "discard":
                self.dismiss(doc.history.saved)

        self.app.push_screen(ConfirmDialog(
            "Unsaved changes", f"Save the changes to {display_path(doc.path)}?",
            [("save", "Save", "primary"), ("discard", "Discard", "error"),
             ("cancel", "Cancel", "default")]), answered)

    def unsaved(self) -> list[str]:
        """What quitting now would lose, for the quit guard."""
        doc = self.doc
        if not doc.dirty:
            return []
        if self.link is not None and doc.path is None:
            return [f"{doc.unit.name} (in force {self.link.force.state.name})"]
        return [doc.label]

    def save_for_quit(self) -> None:
        """Before quitting with 'save': write the unit's file, or hand it to its force."""
        doc = self.doc
        if not doc.dirty:
            return
        if self.link is not None and doc.path is None:
            self.link.apply(doc.unit)
            doc.history.mark_saved(doc.unit)
        elif doc.path is not None:
            doc.save()
