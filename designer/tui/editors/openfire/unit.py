"""Open Fire steps one and two: the unit (its module, category, printed points and notes)
and its models (the entries, how many alike, the leader, new entries of one's own or from
the module's profiles)."""

from __future__ import annotations

from collections.abc import Hashable

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.message import Message
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from designer.escaping import printable
from designer.systems import Step
from designer.systems.openfire import edits
from designer.tui.editors.base import StepEditor, View, pts
from designer.tui.editors.openfire.common import (
    INCH,
    NAME_WIDTH,
    catalog_of,
    cut,
    entry_points,
    figures,
    muted,
)
from designer.tui.widgets.fields import Cycle, FieldButton, Spinner
from designer.tui.widgets.lists import MovingList
from designer.tui.widgets.shown import set_content
from designer.tui.widgets.text import TextField

#: what a new entry of one's own starts as: the plain trooper of a new unit
TROOPER = {"mov": 6, "skl": 7, "def": 7, "cmd": 7, "hp": 5}
CORE = "core only"

# --- step one: the unit -----------------------------------------------------------------


class UnitEditor(StepEditor):
    #: the unit's fields cost nothing: its points are the models'
    OWN_POINTS = False

    def __init__(self, view: View, step: Step, *, id: str | None = None) -> None:
        super().__init__(view, step, id=id)
        self.add_class("of-editor")

    def structure(self, view: View) -> Hashable:
        catalog = catalog_of(view)
        module = catalog.module
        return (view.unit.module, tuple(module.force.categories) if module else ())

    def compose_fields(self) -> ComposeResult:
        unit, catalog = self.view.unit, catalog_of(self.view)
        modules = [(None, f"none: {CORE}")] + [(m, m) for m in catalog.bundled]
        if unit.module is not None and unit.module not in catalog.bundled:
            modules.append((unit.module, cut(unit.module, 30)))
        yield Cycle("Module  ", modules, unit.module, id="module")
        yield Static(id="module-about", classes="hint")
        module = catalog.module
        if module is not None and module.force.categories:
            categories = [(None, "none")] + [(c, c) for c in module.force.categories]
            if unit.category is not None and unit.category not in module.force.categories:
                categories.append((unit.category, cut(unit.category, 20)))
            yield Cycle("Category", categories, unit.category, id="category")
        else:
            with Horizontal(classes="of-line"):
                yield Static("Category", classes="of-label")
                yield TextField(unit.category or "", placeholder="e.g. standard",
                                id="category-text", compact=True, max_length=30)
        with Horizontal(classes="of-line"):
            yield Static("Printed ", classes="of-label")
            yield TextField(placeholder="points on the card, audited", id="printed",
                            restrict=r"[0-9]{0,5}", compact=True)
        with Horizontal(classes="of-line"):
            yield Static("Notes   ", classes="of-label")
            yield TextField(unit.notes, placeholder="anything to remember", id="notes",
                            compact=True, max_length=2000)

    async def update_fields(self, view: View) -> None:
        unit, catalog = view.unit, catalog_of(view)
        self.query_one("#module", Cycle).value = unit.module
        module = catalog.module
        if module is not None:
            mode = ("module-listed points; cc1 prices what it does not list"
                    if catalog.mode == "listed" else f"priced by {catalog.costing.costing}")
            about = Content.assemble((printable(module.title), "bold"), ": ",
                                     printable(module.summary), f" {mode.capitalize()}.")
        else:
            about = Content(f"The core alone: {catalog.costing.label}.")
        set_content(self.query_one("#module-about", Static), about.stylize("$foreground-muted"))
        for cycle in self.query("#category").results(Cycle):
            cycle.value = unit.category
        for field_id, shown in (("printed", "" if unit.points is None else str(unit.points)),
                                ("category-text", unit.category or ""),
                                ("notes", unit.notes)):
            for field in self.query(f"#{field_id}").results(TextField):
                field.show(shown, external=view.external)

    @on(Cycle.Changed, "#module")
    def module(self, event: Cycle.Changed) -> None:
        event.stop()
        self.edit(edits.set_module, event.value, focus="module")

    @on(Cycle.Changed, "#category")
    def category(self, event: Cycle.Changed) -> None:
        event.stop()
        self.edit(edits.set_category, event.value)

    @on(TextField.Changed, "#category-text")
    def category_text(self, event: TextField.Changed) -> None:
        event.stop()
        self.edit(edits.set_category, event.value.strip() or None, merge="category")

    @on(TextField.Changed, "#printed")
    def printed(self, event: TextField.Changed) -> None:
        event.stop()
        value = event.value.strip()
        self.edit(edits.set_printed_points, int(value) if value else None, merge="printed")

    @on(TextField.Changed, "#notes")
    def notes(self, event: TextField.Changed) -> None:
        event.stop()
        self.edit(edits.set_notes, event.value, merge="notes")

    @on(TextField.Submitted)
    def next_field(self, event: TextField.Submitted) -> None:
        event.stop()
        self.screen.focus_next()


# --- step two: the models ---------------------------------------------------------------


class ModelsEditor(StepEditor):
    #: entries are priced under the profile, weapons, rules and upgrades steps
    OWN_POINTS = False

    def __init__(self, view: View, step: Step, *, id: str | None = None) -> None:
        super().__init__(view, step, id=id)
        self.add_class("of-editor")

    @classmethod
    def tally_lines(cls, key: str, view: View) -> list:
        return list(view.tally.breakdown)  # every line: what each entry comes to

    def structure(self, view: View) -> Hashable:
        catalog = catalog_of(view)
        return (catalog.ref, tuple(f.name for f in figures(view)))

    def compose_fields(self) -> ComposeResult:
        view = self.view
        figs = figures(view)
        yield Static(id="models-summary", classes="group")
        width = min(NAME_WIDTH, max(len(f.name) for f in figs))
        for i, fig in enumerate(figs):
            yield Spinner(cut(fig.name, width), fig.count, minimum=1, maximum=999,
                          label_width=width, key=i, removable=True, id=f"count-{i}",
                          classes="entry-count")
        yield Cycle("Leader", [(i, cut(f.name, NAME_WIDTH)) for i, f in enumerate(figs)],
                    view.final.folded.leader, id="leader")
        yield Static("New entry of your own: a name, how many", classes="group")
        yield Static(muted("It starts MOV 6, SKL, DEF and CMD 7, HP 5: set them on step 3."),
                     classes="hint")
        with Horizontal(id="new-entry", classes="of-line"):
            yield TextField(placeholder="name, e.g. Ranger", id="new-name", compact=True,
                            max_length=60)
            yield Spinner("×", 1, minimum=1, maximum=999, id="new-count")
            yield FieldButton("Add", id="add-entry", compact=True)
        module = catalog_of(view).module
        if module is not None and module.profiles:
            yield Static(f"{module.title}: enter adds a profile", classes="group")
            yield MovingList(*[Option(self._profile_entry(p), id=f"profile-{n}")
                               for n, p in enumerate(module.profiles)], id="profile-list",
                             classes="of-list")

    @staticmethod
    def _profile_entry(profile) -> Content:
        points = "no points" if profile.points is None else pts(profile.points)
        mov = profile.mov if isinstance(profile.mov, int) else "-".join(map(str, profile.mov))
        return Content.assemble((printable(profile.name), "bold"), " ", points, " ", muted(
            f"{profile.category or ''} M{mov} S{profile.skl} D{profile.defence} "
            f"C{profile.cmd} H{profile.hp}"))

    async def update_fields(self, view: View) -> None:
        final = view.final
        figs = figures(view)
        models = final.models
        reach = edits.formation(final)
        set_content(self.query_one("#models-summary", Static), Content(
            f"{models} model{'s' if models != 1 else ''} in {len(figs)} "
            f"entr{'ies' if len(figs) != 1 else 'y'} · within {reach}{INCH} of the leader"))
        for spinner in self.query(".entry-count").results(Spinner):
            i = spinner.key
            if i < len(figs):
                fig = figs[i]
                spinner.value = fig.count
                own = "own" if fig.profile is None else \
                    "profile" if fig.profile.name == fig.name else fig.profile.name
                spinner.note = muted(f"{entry_points(final, i)} · {cut(own, 16)}")
        self.query_one("#leader", Cycle).value = final.folded.leader

    @on(Spinner.Changed, ".entry-count")
    def count(self, event: Spinner.Changed) -> None:
        event.stop()
        self.edit(edits.set_count, event.spinner.key, event.value)

    @on(Spinner.Changed, "#new-count")
    def new_count(self, event: Spinner.Changed) -> None:
        event.stop()
        event.spinner.value = event.value  # the form's own: no edit until Add

    @on(Spinner.Removed, ".entry-count")
    def remove(self, event: Spinner.Removed) -> None:
        event.stop()
        if len(self.view.unit.models) == 1:
            self.notify("A unit has at least one model entry: add another first.",
                        severity="warning")
            return
        index = event.spinner.key
        self.edit(edits.remove_model, index, focus=f"count-{max(0, index - 1)}")

    @on(Cycle.Changed, "#leader")
    def leader(self, event: Cycle.Changed) -> None:
        event.stop()
        self.edit(edits.set_leader, event.value, focus="leader")

    @on(Button.Pressed, "#add-entry")
    @on(TextField.Submitted, "#new-name")
    def add(self, event: Message) -> None:
        event.stop()
        field = self.query_one("#new-name", TextField)
        name = field.value.strip()
        if not name:
            self.notify("Type the new entry's name first.", severity="warning")
            field.focus()
            return
        count = self.query_one("#new-count", Spinner).value
        field.value = ""
        self.edit(edits.add_model, name, count=count, **TROOPER, focus="new-name")

    @on(OptionList.OptionSelected, "#profile-list")
    def add_profile(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        module = catalog_of(self.view).module
        if module is None:
            return
        profile = module.profiles[event.option_index]
        self.edit(edits.add_profile_model, catalog_of(self.view), profile.name,
                  focus="profile-list")
