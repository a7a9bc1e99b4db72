"""Open Fire steps one and two: the unit (its module, category, printed points and notes)
and its models (the entries, how many alike, the leader, new entries of one's own or from
the module's profiles)."""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial
from typing import Any, cast

from textual import on
from textual.app import ComposeResult
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static
from textual.widgets.option_list import Option

from designer.systems.openfire import edits
from designer.systems.openfire.module import Profile
from designer.tui.editors.base import pts
from designer.tui.editors.kit.fields import (
    ChoiceField,
    FormNumber,
    NumberField,
    TextLine,
    at,
    line,
    whole_or_none,
)
from designer.tui.editors.kit.form import Form
from designer.tui.editors.kit.picker import Picker
from designer.tui.editors.openfire.common import (
    INCH,
    NAME_WIDTH,
    OFEditor,
    OFView,
    catalog_of,
    cut,
    entry_points,
    figures,
)
from designer.tui.literal import assembled, literal
from designer.tui.widgets.fields import FieldButton, Spinner
from designer.tui.widgets.shown import muted, set_content
from designer.tui.widgets.text import TextField

#: what a new entry of one's own starts as: the plain trooper of a new unit
TROOPER = {"mov": 6, "skl": 7, "def": 7, "cmd": 7, "hp": 5}
CORE = "core only"

# --- step one: the unit -----------------------------------------------------------------


class UnitEditor(OFEditor):
    #: the unit's fields cost nothing: its points are the models'
    OWN_POINTS = False
    DEFAULT_CLASSES = "of-editor"

    def structure(self, view: OFView) -> Hashable:
        catalog = catalog_of(view)
        module = catalog.module
        return (view.unit.module, tuple(module.force.categories) if module else ())

    def compose_fields(self) -> ComposeResult:
        view = self.view
        unit, catalog = view.unit, catalog_of(view)
        modules = [(None, f"none: {CORE}")] + [(m, m) for m in catalog.bundled]
        if unit.module is not None and unit.module not in catalog.bundled:
            modules.append((unit.module, cut(unit.module, 30)))
        yield ChoiceField(view, "Module  ", modules, lambda v: v.unit.module, edits.set_module,
                          focus="module", id="module")
        yield Static(id="module-about", classes="hint")
        module = catalog.module
        if module is not None and module.force.categories:
            categories = [(None, "none")] + [(c, c) for c in module.force.categories]
            if unit.category is not None and unit.category not in module.force.categories:
                categories.append((unit.category, cut(unit.category, 20)))
            yield ChoiceField(view, "Category", categories, lambda v: v.unit.category,
                              edits.set_category, id="category")
        else:
            yield from self.line("Category", TextLine(
                view, lambda v: v.unit.category or "",
                lambda unit, text: edits.set_category(unit, text.strip() or None),
                placeholder="e.g. standard", id="category-text", max_length=30))
        yield from self.line("Printed ", TextLine(
            view, lambda v: "" if v.unit.points is None else str(v.unit.points),
            lambda unit, text: edits.set_printed_points(unit, whole_or_none(text)),
            placeholder="points on the card, audited", id="printed", restrict=r"[0-9]{0,5}"))
        yield from self.line("Notes   ", TextLine(
            view, lambda v: v.unit.notes, edits.set_notes, placeholder="anything to remember",
            id="notes", max_length=2000))

    @staticmethod
    def line(label: str, field: Widget) -> ComposeResult:
        yield from line(label, field, classes="of-line", label_classes="of-label")

    async def update_fields(self, view: OFView) -> None:
        catalog = catalog_of(view)
        module = catalog.module
        if module is not None:
            mode = ("module-listed points; cc1 prices what it does not list"
                    if catalog.mode == "listed" else f"priced by {catalog.costing.costing}")
            about = assembled((module.title, "bold"), ": ", module.summary,
                              f" {mode.capitalize()}.")
        else:
            about = literal(f"The core alone: {catalog.costing.label}.")
        set_content(self.query_one("#module-about", Static), about.stylize("$foreground-muted"))


# --- step two: the models ---------------------------------------------------------------


def entry_count(index: int, view: OFView) -> int:
    return figures(view)[index].count


class ModelsEditor(OFEditor):
    #: entries are priced under the profile, weapons, rules and upgrades steps
    OWN_POINTS = False
    DEFAULT_CLASSES = "of-editor"

    @classmethod
    def tally_lines(cls, key: str, view: OFView) -> list:
        return list(view.tally.breakdown)  # every line: what each entry comes to

    def structure(self, view: OFView) -> Hashable:
        catalog = catalog_of(view)
        return (catalog.ref, tuple(f.name for f in figures(view)))

    def compose_fields(self) -> ComposeResult:
        view = self.view
        figs = figures(view)
        yield Static(id="models-summary", classes="group")
        width = min(NAME_WIDTH, max(len(f.name) for f in figs))
        for i, fig in enumerate(figs):
            yield NumberField(view, cut(fig.name, width), partial(entry_count, i),
                              at(edits.set_count, i), note=partial(self._count_note, i),
                              minimum=1, maximum=999, label_width=width, key=i,
                              removable=True, id=f"count-{i}", classes="entry-count")
        yield ChoiceField(view, "Leader", [(i, cut(f.name, NAME_WIDTH))
                                          for i, f in enumerate(figs)],
                          lambda v: v.final.folded.leader, edits.set_leader, focus="leader",
                          id="leader")
        yield Static("New entry of your own: a name, how many", classes="group")
        yield Static(muted("It starts MOV 6, SKL, DEF and CMD 7, HP 5: set them on step 3."),
                     classes="hint")
        with Form(self._add, sends=("new-name",), id="new-entry", classes="of-line",
                  required={"new-name": "Type the new entry's name first."}):
            yield TextField(placeholder="name, e.g. Ranger", id="new-name", compact=True,
                            max_length=60)
            yield FormNumber("×", 1, minimum=1, maximum=999, id="new-count")
            yield FieldButton("Add", id="add-entry", compact=True)
        module = catalog_of(view).module
        if module is not None and module.profiles:
            yield Static(literal(f"{module.title}: enter adds a profile"), classes="group")
            yield Picker("profile-list", options=self._profiles, pick=self._add_profile,
                         list_classes="of-list")

    @staticmethod
    def _count_note(i: int, view: OFView, count: int) -> Content:
        fig = figures(view)[i]
        own = "own" if fig.profile is None else \
            "profile" if fig.profile.name == fig.name else fig.profile.name
        return muted(f"{entry_points(view.final, i)} · {cut(own, 16)}")

    def _profiles(self, search: str) -> list[Option]:
        module = catalog_of(self.view).module
        return [Option(self._profile_entry(p), id=f"profile-{n}")
                for n, p in enumerate(module.profiles if module else ())]

    @staticmethod
    def _profile_entry(profile: Profile) -> Content:
        points = "no points" if profile.points is None else pts(profile.points)
        mov = profile.mov if isinstance(profile.mov, int) else "-".join(map(str, profile.mov))
        return assembled((profile.name, "bold"), " ", points, " ", muted(
            f"{profile.category or ''} M{mov} S{profile.skl} D{profile.defence} "
            f"C{profile.cmd} H{profile.hp}"))

    async def update_fields(self, view: OFView) -> None:
        figs = figures(view)
        models = view.final.models
        reach = edits.formation(view.final)
        set_content(self.query_one("#models-summary", Static), Content(
            f"{models} model{'s' if models != 1 else ''} in {len(figs)} "
            f"entr{'ies' if len(figs) != 1 else 'y'} · within {reach}{INCH} of the leader"))

    @on(Spinner.Removed, ".entry-count")
    def remove_entry(self, event: Spinner.Removed) -> None:
        event.stop()
        if len(self.view.unit.models) == 1:
            self.notify("A unit has at least one model entry: add another first.",
                        severity="warning")
            return
        index = cast(int, event.spinner.key)
        self.edit(edits.remove_model, index, focus=f"count-{max(0, index - 1)}")

    def _add(self, form: dict[str, Any]) -> bool:
        self.edit(edits.add_model, form["new-name"], count=form["new-count"], **TROOPER,
                  focus="new-name")
        return True

    def _add_profile(self, option_id: str) -> None:
        module = catalog_of(self.view).module
        if module is None:
            return
        profile = module.profiles[int(option_id.split("-")[1])]
        self.edit(edits.add_profile_model, catalog_of(self.view), profile.name,
                  focus="profile-list")
