"""Op-En steps one, two, three and five: the Core Stat (the name is typed above every
step) and notes; the rank; the Form open to the rank; and the Trait, or none."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Static
from textual.widgets.option_list import Option

from designer.systems.op_en import edits
from designer.systems.op_en.catalog import DIE_STATS, Trait
from designer.systems.op_en.models import Character
from designer.tally import Issue
from designer.tui.editors.kit.fields import ChoiceField, TextLine
from designer.tui.editors.op_en.common import (
    OpEnEditor,
    OpEnView,
    PickEditor,
    changes,
    choose_core,
    choose_rank,
    complete,
    marked,
    rank_number,
    ranks_text,
    talents_word,
)
from designer.tui.literal import assembled
from designer.tui.widgets.shown import muted, set_content

T = TypeVar("T")


def in_sight(open_to_rank: list[T], chosen: Iterable[str],
             find: Callable[[str], T | None]) -> list[T]:
    """The entries open to the rank, and a chosen one the rank may not take kept in sight."""
    shown = list(open_to_rank)
    for entry in map(find, chosen):
        if entry is not None and entry not in shown:
            shown.append(entry)
    return shown


# --- step one: name, Core Stat and notes ----------------------------------------------------


class NameEditor(OpEnEditor):
    OWN_POINTS = False

    def compose_fields(self) -> ComposeResult:
        view = self.view
        unit, catalog = view.unit, view.catalog
        yield Static(muted("The name goes in the Name field above (shift+tab)."),
                     classes="hint name-hint")
        options: list[tuple[str | None, str]] = [(s, s.title()) for s in catalog.core.die_stats]
        if unit.core_stat not in catalog.core.die_stats:
            options.insert(0, (unit.core_stat, "none yet" if unit.core_stat is None
                               else f"{unit.core_stat} (not allowed)"))
        yield ChoiceField(view, "Core Stat", options, lambda v: v.unit.core_stat, self._core,
                          id="core-stat")
        yield Static(muted("The OF's Core Stat: it takes the rank's Core value (step 4). "
                           "In a force, every character takes the force's."), classes="hint")
        yield Static("Setting", classes="group")
        setting = catalog.setting
        yield Static(muted(f"{setting.title} · starting treasury "
                           f"{setting.starting_treasury}"), classes="hint")
        yield Static("Notes for the card", classes="group")
        yield TextLine(view, lambda v: v.unit.notes, edits.set_notes, placeholder="optional",
                       id="notes", max_length=2000)

    def _core(self, unit: Character, stat: str | None) -> Character:
        """The Core Stat `stat` with the rank's Core value; none of the die stats (the
        "none yet" shown for a new character) changes nothing."""
        catalog = self.view.catalog
        return choose_core(unit, catalog, stat) if stat in catalog.core.die_stats else unit

    def structure(self, view: OpEnView) -> Hashable:
        return view.unit.core_stat in view.catalog.core.die_stats

    def findings(self, view: OpEnView) -> list[Issue]:
        mine = view.issues_of(self.key)
        return mine + [i for i in view.tally.issues if i.field == "core_stat" and i not in mine]


# --- step two: rank --------------------------------------------------------------------------


class RankEditor(PickEditor):
    LIST_ID = "rank-list"
    HEADING = "Ranks: enter chooses"

    def options(self, search: str) -> list[Option]:
        view = self.view
        catalog = view.catalog
        width = max(len(r.title) for r in catalog.ranks)
        return [Option(marked(
            r.rank == view.unit.rank, (f"Rank {r.rank} {r.title.ljust(width)}", "bold"),
            f"  cost {r.cost:>2}", muted(f"  talents {catalog.max_talents(r.rank)}")),
            id=str(r.rank)) for r in catalog.ranks]

    def chosen_id(self) -> str | None:
        rank = self.view.unit.rank
        return None if rank is None else str(rank)

    def detail(self, option_id: str) -> Content:
        view = self.view
        catalog = view.catalog
        rank = catalog.rank(int(option_id))
        if rank is None:
            return Content("")
        allowance = catalog.max_talents(rank.rank)
        values = ", ".join(map(str, rank.stats.others))
        talents = talents_word(allowance)
        lines = [assembled((rank.label, "bold"), f": values {rank.stats.core} (Core), {values}"),
                 muted(f"Cost {rank.cost} plus the stat total; {talents} at creation.")]
        if rank.summary:
            lines.append(muted(rank.summary))
        if rank.rank != view.unit.rank:
            order = "the order of the present ones" if complete(view.unit) else \
                "the card's order"
            lines.append(muted(f"Choosing it lays its values out in {order}."))
        return Content("\n").join(lines)

    def choose(self, option_id: str) -> None:
        self.edit(choose_rank, self.view.catalog, int(option_id), focus=self.LIST_ID)


# --- step three: Form ------------------------------------------------------------------------


class FormEditor(PickEditor):
    LIST_ID = "form-list"
    HEADING = "Forms open to the rank: enter chooses"

    def compose_after(self) -> ComposeResult:
        yield Static(id="form-closed", classes="hint")

    def options(self, search: str) -> list[Option]:
        view = self.view
        forms = in_sight(edits.forms_for(view.catalog, rank_number(view)), view.unit.forms,
                         view.catalog.form)
        width = max((len(f.name) for f in forms), default=0)
        chosen = {n.casefold() for n in view.unit.forms}
        rank = rank_number(view)
        out = []
        for form in forms:
            closed = bool(form.ranks) and rank not in form.ranks
            out.append(Option(marked(
                form.name.casefold() in chosen, (form.name.ljust(width), "bold"),
                f" M{form.move} B{form.body:<2} ",
                muted(changes(form.modifiers, short=True).ljust(11)),
                f" {form.cost:>2} pts",
                ("  not this rank", "$error") if closed else ""), id=form.name))
        return out

    def chosen_id(self) -> str | None:
        form = self.view.final.form
        return form.name if form is not None else None

    def detail(self, option_id: str) -> Content:
        form = self.view.catalog.form(option_id)
        if form is None:
            return Content("")
        lines = [assembled((form.name, "bold"), f': Move {form.move}", Body {form.body}, '
                           f"cost {form.cost}")]
        if form.modifiers:
            lines.append(muted(f"Changes {changes(form.modifiers)}"))
        if form.grants:
            lines.append(muted(f"Grants {', '.join(form.grants)} (free with it)"))
        if form.ranks:
            lines.append(muted(f"Rank {ranks_text(form.ranks)} only"))
        if form.summary:
            lines.append(muted(form.summary))
        return Content("\n").join(lines)

    async def update_fields(self, view: OpEnView) -> None:
        rank = rank_number(view)
        closed = [f for f in view.catalog.forms if f.ranks and rank not in f.ranks]
        text = Content("")
        if closed:
            names = "; ".join(f"{f.name} (Rank {ranks_text(f.ranks)})" for f in closed)
            text = muted(f"Not open to Rank {rank}: {names}" if rank is not None
                         else f"Choose a rank to see every Form open to it: {names}")
        set_content(self.query_one("#form-closed", Static), text)

    def choose(self, option_id: str) -> None:
        self.edit(edits.set_form, option_id, focus=self.LIST_ID)


# --- step five: Trait ------------------------------------------------------------------------

NONE = "-none-"
#: findings the Trait's re-check of the stats may raise (L972), shown on this step too
RECHECK = ("E-OPEN-STAT-RANGE", "E-OPEN-STAT-STEP")


class TraitEditor(PickEditor):
    LIST_ID = "trait-list"
    HEADING = "Traits: enter chooses (up to one)"

    def options(self, search: str) -> list[Option]:
        view = self.view
        traits = in_sight(edits.traits_for(view.catalog, rank_number(view)),
                          view.unit.traits, view.catalog.trait)
        width = max((len(t.name) for t in traits), default=4)
        chosen = {n.casefold() for n in view.unit.traits}
        out = [Option(marked(not chosen, ("None".ljust(width), "bold"),
                             muted("  legal; most take one")), id=NONE)]
        for trait in traits:
            out.append(Option(marked(
                trait.name.casefold() in chosen, (trait.name.ljust(width), "bold"), " ",
                muted(changes(trait.modifiers, ar=trait.ar, cr=trait.cr,
                              short=True).ljust(11)),
                f" {trait.cost:>2} pts"), id=trait.name))
        return out

    def chosen_id(self) -> str | None:
        traits = self.view.final.traits
        return traits[0].name if traits else NONE

    def detail(self, option_id: str) -> Content:
        view = self.view
        if option_id == NONE:
            return muted("No Trait: legal (up to one), and it costs nothing.")
        trait = view.catalog.trait(option_id)
        if trait is None:
            return Content("")
        lines = [assembled((trait.name, "bold"), f": cost {trait.cost}")]
        said = changes(trait.modifiers, ar=trait.ar, cr=trait.cr)
        if said:
            lines.append(muted(f"Changes {said}"))
        lines += self._recheck(view, trait)
        if trait.ranks:
            lines.append(muted(f"Rank {ranks_text(trait.ranks)} only"))
        if trait.summary:
            lines.append(muted(trait.summary))
        return Content("\n").join(lines)

    @staticmethod
    def _recheck(view: OpEnView, trait: Trait) -> list[Content]:
        """The stats it changes as they would be with it instead of the present Trait."""
        core = view.catalog.core
        out = []
        for stat, change in trait.modifiers.items():
            now = view.final.stats.get(stat)
            if now is None:
                continue
            base = now - sum(t.modifiers.get(stat, 0) for t in view.final.traits)
            value = base + change
            low, high = core.stat_range if stat not in ("move", "body") else \
                core.move_body_range
            bad = not low <= value <= high or (
                stat in DIE_STATS and value not in core.die_values)
            text = f"With it: {stat.title()} {value}" + (
                f", not allowed ({low} to {high}"
                + (" in steps of 2" if stat in DIE_STATS else "") + ")" if bad else "")
            out.append(Content.styled(text, "$error" if bad else "$foreground-muted"))
        return out

    def choose(self, option_id: str) -> None:
        self.edit(edits.set_trait, None if option_id == NONE else option_id,
                  focus=self.LIST_ID)

    def findings(self, view: OpEnView) -> list[Issue]:
        mine = view.issues_of(self.key)
        return mine + [i for i in view.tally.issues if i.code in RECHECK and i not in mine]
