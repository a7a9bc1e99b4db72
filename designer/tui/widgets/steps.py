"""The editors of the eight build steps. Each is given the unit (a `View`) and posts
`EditUnit` with a new unit when the user changes something; the designer screen applies
it, prices it and hands every editor's view back down."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, Checkbox, OptionList, Select, SelectionList, Static
from textual.widgets.option_list import Option

from designer.systems.opentactics.catalog import CATEGORIES, SKILLS, Catalog
from designer.systems.opentactics.cost import ability_label, ability_points
from designer.systems.opentactics.fold import Final
from designer.systems.opentactics.models import POOL_FIELDS
from designer.tally import Tally
from designer.tui import edits
from designer.tui.guide import ATHLETICS, FLIGHT, INTRO, RANGE, STEP_KEYS, STEPS, step_of_field
from designer.tui.widgets.fields import (
    Cycle,
    FieldButton,
    MovingList,
    Row,
    SearchField,
    Spinner,
    TextField,
    Tick,
    set_content,
)
from designer.tui.widgets.tally import PointsList, issue_content

RANK_CEILING = 10  # the highest rank offered for an open-ended span such as "1+"


@dataclass(frozen=True, slots=True)
class View:
    """What every editor is shown: the unit, its final values, its tally, the catalog."""

    unit: Any
    final: Final
    tally: Tally
    catalog: Catalog


class EditUnit(Message):
    """An editor asks for an edit: `change` makes the new unit from the present one.

    The change is applied to the unit as it is when the screen handles the message (not
    as the editor last saw it), so quick keys queued one behind another all count.
    `merge` groups keystrokes into one undo step; `focus` names the widget to focus once
    the editor has caught up."""

    def __init__(self, change: Callable[[Any], Any], merge: Hashable | None = None,
                 focus: str | None = None) -> None:
        super().__init__()
        self.change = change
        self.merge = merge
        self.focus = focus


class GoToStep(Message):
    def __init__(self, key: str) -> None:
        super().__init__()
        self.key = key


def pts(points: int) -> str:
    return f"{points} pt" if abs(points) == 1 else f"{points} pts"


class StepEditor(VerticalScroll, can_focus=False):
    """Base of the step editors: the step's guidance, its fields, and its issues."""

    KEY: ClassVar[str] = ""

    def __init__(self, view: View, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="step-editor")
        self.view = view

    # composition
    def compose(self) -> ComposeResult:
        yield Static(INTRO[self.KEY], classes="intro")
        yield from self.compose_fields()
        yield Static(classes="step-issues")

    def compose_fields(self) -> ComposeResult:
        yield from ()

    # keeping up with the unit
    def structure(self, view: View) -> Hashable:
        """Changes in this value need the editor rebuilt; other changes update in place."""
        return None

    async def sync(self, view: View, focus: str | None = None) -> None:
        rebuild = self.structure(view) != self.structure(self.view)
        self.view = view
        if rebuild:
            focused = self.screen.focused
            keep = focus or (focused.id if focused is not None and focused.id and
                             self in focused.ancestors else None)
            highlights = {w.id: w.highlighted for w in self.query(OptionList) if w.id}
            await self.recompose()
            for widget in self.query(OptionList):
                index = highlights.get(widget.id)
                if index is not None and index < widget.option_count:
                    widget.highlighted = index
            if keep:
                self.focus_id(keep)
        await self.update_fields(view)
        if focus and not rebuild:
            self.focus_id(focus)
        self.show_issues(view)

    def focus_id(self, widget_id: str) -> None:
        found = self.query(f"#{widget_id}")
        if found:
            self.screen.set_focus(found.first())  # at once, before any queued key

    async def update_fields(self, view: View) -> None:
        """Bring the fields up to date without rebuilding them."""

    def show_issues(self, view: View) -> None:
        mine = [i for i in view.tally.issues if step_of_field(i.field) == self.KEY]
        widget = self.query_one(".step-issues", Static)
        if widget.display != bool(mine):
            widget.display = bool(mine)
        if mine:
            set_content(widget, Content("\n").join(issue_content(i) for i in mine))

    def first_field(self) -> Widget | None:
        for widget in self.query("*"):
            if widget.focusable:
                return widget
        return None

    def edit(self, change: Callable[..., Any], *args: Any, merge: Hashable | None = None,
             focus: str | None = None, **kwargs: Any) -> None:
        """Ask for `change(unit, *args, **kwargs)` to be made to the present unit."""
        self.post_message(EditUnit(lambda unit: change(unit, *args, **kwargs), merge, focus))


# --- step one: dice -----------------------------------------------------------------------


class DiceEditor(StepEditor):
    KEY = "dice"

    def compose_fields(self) -> ComposeResult:
        unit, catalog = self.view.unit, self.view.catalog
        for side, heading in (("off", "OFF dice: attack"), ("def", "DEF dice: defence")):
            yield Static(heading, classes="group")
            for skill in SKILLS:
                dice = getattr(unit.skills, skill).dice(side)
                yield Spinner(skill.title(), dice, maximum=catalog.costs.max_dice,
                              key=(skill, side), label_width=9, id=f"dice-{skill}-{side}",
                              note=self._word(dice))

    def _word(self, dice: int) -> Content:
        word = self.view.catalog.dice_word(dice).rstrip(".")
        return Content.styled(word, "$foreground-muted")

    async def update_fields(self, view: View) -> None:
        for spinner in self.query(Spinner):
            skill, side = spinner.key
            dice = getattr(view.unit.skills, skill).dice(side)
            spinner.value = dice
            spinner.note = self._word(dice)

    @on(Spinner.Changed)
    def changed(self, event: Spinner.Changed) -> None:
        event.stop()
        skill, side = event.spinner.key
        self.edit(edits.set_dice, skill, side, event.value)


# --- step two: bumps ----------------------------------------------------------------------


class BumpsEditor(StepEditor):
    KEY = "bumps"

    def structure(self, view: View) -> Hashable:
        out = []
        for skill, side, _label, _d, _b in POOL_FIELDS:
            block = getattr(view.unit.skills, skill)
            pool = view.final.pools[(skill, side)]
            out.append((block.dice(side) > 0, len(block.bumps(side)),
                        tuple(pool.bump_sources()) if pool.sources else ()))
        return tuple(out)

    def _word(self, value: int) -> Content:
        word = self.view.catalog.bump_words.get(value, "")
        return Content.styled(word.rstrip("."), "$foreground-muted")

    def compose_fields(self) -> ComposeResult:
        unit, final, catalog = self.view.unit, self.view.final, self.view.catalog
        words = catalog.bump_words
        legend = " · ".join(f"{v:+d} {words[v].rstrip('.').replace(' ability', '')}"
                            for v in sorted(words))
        yield Static(Content.styled(legend, "$foreground-muted"), classes="legend")
        no_dice = []
        for skill, side, label, _d, _b in POOL_FIELDS:
            block = getattr(unit.skills, skill)
            dice, bumps = block.dice(side), block.bumps(side)
            if dice <= 0 and not bumps:
                no_dice.append(label)
                continue
            head = f"{label} · {dice} {'die' if dice == 1 else 'dice'}"
            if dice <= 0:
                head += " · needs a die, or remove its bumps"
            with Horizontal(classes="pool-head"):
                yield Static(head, classes="pool-title")
                if dice > 0:
                    yield FieldButton("+ add bump", id=f"addbump-{skill}-{side}",
                                      compact=True, classes="add-bump")
            for i, value in enumerate(bumps):
                yield Spinner("", value, choices=catalog.costs.bump_values, signed=True,
                              key=(skill, side, i), removable=True, note=self._word(value),
                              id=f"bump-{skill}-{side}-{i}", classes="bump")
            pool = final.pools[(skill, side)]
            if pool.sources and any(pool.sources):
                shown = " ".join(f"{b:+d}" + (f" ({s})" if s else "")
                                 for b, s in zip(pool.bumps, pool.sources, strict=True))
                yield Static(Content.styled(f"with equipment: {shown}", "$foreground-muted"),
                             classes="hint")
        if no_dice:
            yield Static(Content.styled("No dice, so no bumps: " + ", ".join(no_dice),
                                        "$foreground-muted"), classes="hint")

    async def update_fields(self, view: View) -> None:
        for spinner in self.query(Spinner):
            skill, side, i = spinner.key
            bumps = getattr(view.unit.skills, skill).bumps(side)
            if i < len(bumps):
                spinner.value = bumps[i]
                spinner.note = self._word(bumps[i])

    @on(Spinner.Changed)
    def changed(self, event: Spinner.Changed) -> None:
        event.stop()
        skill, side, i = event.spinner.key
        self.edit(edits.set_bump, skill, side, i, event.value)

    @on(Spinner.Removed)
    def removed(self, event: Spinner.Removed) -> None:
        event.stop()
        skill, side, i = event.spinner.key
        focus = f"bump-{skill}-{side}-{i - 1}" if i > 0 else f"addbump-{skill}-{side}"
        self.edit(edits.remove_bump, skill, side, i, focus=focus)

    @on(Button.Pressed, ".add-bump")
    def add(self, event: Button.Pressed) -> None:
        event.stop()
        _, skill, side = (event.button.id or "").split("-")
        index = len(getattr(self.view.unit.skills, skill).bumps(side))
        self.edit(edits.add_bump, skill, side, 1,
                  focus=f"bump-{skill}-{side}-{index}")


# --- step three: range --------------------------------------------------------------------


class RangeEditor(StepEditor):
    KEY = "range"

    def compose_fields(self) -> ComposeResult:
        for skill in SKILLS:
            value = getattr(self.view.unit.skills, skill).range
            yield Spinner(skill.title(), value, maximum=99, key=skill, label_width=9,
                          id=f"range-{skill}", note=self._note(self.view, skill))
            yield Static(Content.styled(RANGE[skill], "$foreground-muted"), classes="hint")

    @staticmethod
    def _note(view: View, skill: str) -> Content:
        innate = getattr(view.unit.skills, skill).range
        final = view.final.ranges[skill]
        if final != innate:
            return Content.styled(f"{final - innate:+d} equipment = {final}", "$foreground-muted")
        return Content("")

    async def update_fields(self, view: View) -> None:
        for spinner in self.query(Spinner):
            spinner.value = getattr(view.unit.skills, spinner.key).range
            spinner.note = self._note(view, spinner.key)

    @on(Spinner.Changed)
    def changed(self, event: Spinner.Changed) -> None:
        event.stop()
        self.edit(edits.set_range, event.spinner.key, event.value)


# --- step four: athletics -----------------------------------------------------------------


class AthleticsEditor(StepEditor):
    KEY = "athletics"

    def compose_fields(self) -> ComposeResult:
        unit = self.view.unit
        yield Spinner("Athletics", unit.athletics, maximum=99, id="athletics",
                      note=self._note(self.view))
        yield Static(Content.styled(ATHLETICS, "$foreground-muted"), classes="hint")
        yield Tick("Flies (the wing icon): athletics costs double", unit.flight,
                   id="flight", compact=True)
        yield Static(Content.styled(FLIGHT, "$foreground-muted"), id="flight-hint", classes="hint")

    @staticmethod
    def _note(view: View) -> Content:
        final = view.final.athletics
        if final != view.unit.athletics:
            return Content.styled(f"{final - view.unit.athletics:+d} equipment = {final}",
                                  "$foreground-muted")
        return Content("")

    async def update_fields(self, view: View) -> None:
        spinner = self.query_one("#athletics", Spinner)
        spinner.value = view.unit.athletics
        spinner.note = self._note(view)
        tick = self.query_one("#flight", Tick)
        if tick.value != view.unit.flight:
            with tick.prevent(Checkbox.Changed):
                tick.value = view.unit.flight
        hint = FLIGHT
        if any(t.name.casefold() == "flier" for t in view.unit.types):
            hint += " This unit has the Flier type, so it flies either way."
        self.query_one("#flight-hint", Static).update(Content.styled(hint, "$foreground-muted"))

    @on(Spinner.Changed)
    def changed(self, event: Spinner.Changed) -> None:
        event.stop()
        self.edit(edits.set_athletics, event.value)

    @on(Checkbox.Changed, "#flight")
    def flight(self, event: Checkbox.Changed) -> None:
        event.stop()
        self.edit(edits.set_flight, event.value)


# --- step five: equipment -----------------------------------------------------------------


def applied_effects(unit: Any, final: Final) -> list[str]:
    """What the carried items did to the unit, in words."""
    out = []
    for skill, side, label, _d, _b in POOL_FIELDS:
        pool = final.pools[(skill, side)]
        if pool.sources and any(pool.sources):
            shown = ", ".join(f"{b:+d}" + (f" ({s})" if s else "")
                              for b, s in zip(pool.bumps, pool.sources, strict=True))
            out.append(f"{label} bumps: {shown}")
    for skill in SKILLS:
        innate, value = getattr(unit.skills, skill).range, final.ranges[skill]
        if value != innate:
            out.append(f"{skill.title()} range: {innate} {value - innate:+d} = {value}")
    if final.athletics != unit.athletics:
        out.append(f"Athletics: {unit.athletics} {final.athletics - unit.athletics:+d} = "
                   f"{final.athletics}")
    for picked in final.abilities:
        if picked.source:
            out.append(f"Ability: {ability_label(picked)}")
    return out


class EquipmentEditor(StepEditor):
    KEY = "equipment"

    def structure(self, view: View) -> Hashable:
        return tuple((c.item, tuple(a.name.casefold() for a in c.abilities))
                     for c in view.unit.equipment)

    def compose_fields(self) -> ComposeResult:
        unit, catalog = self.view.unit, self.view.catalog
        yield Static("Carried", classes="group")
        if not unit.equipment:
            yield Static(Content.styled("Nothing carried yet: pick from the table below.",
                                        "$foreground-muted"), classes="hint")
        for i, choice in enumerate(unit.equipment):
            item = catalog.item(choice.item)
            with Vertical(classes="item-card", id=f"item-{i}") as card:
                card.border_title = Content(choice.item)
                if item is None:
                    yield Static(Content.styled("not in the equipment table", "$error"))
                else:
                    yield from self._item_fields(i, choice, item)
                yield FieldButton("Remove item", id=f"remove-item-{i}", compact=True,
                                  classes="remove-item")
        yield Static(id="applied", classes="applied")
        yield Static("Equipment table: enter adds an item", classes="group")
        yield MovingList(*[Option(self._table_entry(item), id=f"table-{n}")
                           for n, item in enumerate(catalog.equipment)], id="item-table")

    @staticmethod
    def _table_entry(item: Any) -> Content:
        return Content.assemble((item.name, "bold"), " ",
                                (", ".join(item.effects) or item.kind, "$foreground-muted"))

    def _item_fields(self, i: int, choice: Any, item: Any) -> ComposeResult:
        catalog = self.view.catalog
        yield Static(Content.styled(f"{item.kind}: {', '.join(item.effects) or 'no effects'}",
                                    "$foreground-muted"))
        if item.range is not None and item.range.max != item.range.min:
            span = item.range
            value = choice.range if choice.range is not None else span.min
            yield Spinner(f"{span.skill.title()} range +", value, minimum=span.min,
                          maximum=span.max, key=("range", i), id=f"item-{i}-range",
                          note=Content.styled(f"{span.min}–{span.max}", "$foreground-muted"))
        if item.bumps:
            yield Cycle("Bumps", [("new", "added as new bumps"),
                                  ("raise", "raise the existing bump")], choice.bumps,
                        key=("bumps", i), id=f"item-{i}-bumps")
        chosen = {a.name.casefold(): a for a in choice.abilities}
        for option in item.abilities:
            entry = catalog.ability(option.name)
            ranks = option.ranks or (entry.ranks if entry else None)
            label = f"{option.name} {ranks.label}" if ranks else option.name
            cost = entry.formula.display if entry else "?"
            slot = slug_id(option.name)
            yield Tick(f"{label} (cost {cost})", option.name.casefold() in chosen,
                       id=f"item-{i}-ab-{slot}", compact=True, classes="item-ability")
            picked = chosen.get(option.name.casefold())
            if picked is not None and ranks is not None:
                yield Spinner("  rank", picked.rank if picked.rank is not None else ranks.min,
                              minimum=ranks.min, maximum=ranks.max or RANK_CEILING,
                              key=("rank", i, option.name), id=f"item-{i}-rank-{slot}")

    async def update_fields(self, view: View) -> None:
        for spinner in self.query(Spinner):
            kind, i, *rest = spinner.key
            choice = view.unit.equipment[i]
            if kind == "range" and choice.range is not None:
                spinner.value = choice.range
            elif kind == "rank":
                picked = next((a for a in choice.abilities
                               if a.name.casefold() == rest[0].casefold()), None)
                if picked is not None and picked.rank is not None:
                    spinner.value = picked.rank
        for cycle in self.query(Cycle):
            cycle.value = view.unit.equipment[cycle.key[1]].bumps
        lines = applied_effects(view.unit, view.final)
        shown = [Content.styled("Effects applied", "bold")]
        shown += [Content.styled(f"• {line}", "$foreground-muted") for line in lines] or \
            [Content.styled("none yet", "$foreground-muted")]
        self.query_one("#applied", Static).update(Content("\n").join(shown))

    @on(OptionList.OptionSelected, "#item-table")
    def add(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        item = self.view.catalog.equipment[event.option_index]
        index = len(self.view.unit.equipment)
        self.edit(edits.add_item, self.view.catalog, item.name,
                  focus=f"item-{index}-range" if item.range and item.range.max != item.range.min
                  else "item-table")

    @on(Spinner.Changed)
    def changed(self, event: Spinner.Changed) -> None:
        event.stop()
        kind, i, *rest = event.spinner.key
        if kind == "range":
            self.edit(edits.update_item, i, range=event.value)
        else:
            self.edit(edits.set_item_ability_rank, i, rest[0], event.value)

    @on(Cycle.Changed)
    def bumps(self, event: Cycle.Changed) -> None:
        event.stop()
        self.edit(edits.update_item, event.cycle.key[1], bumps=event.value)

    @on(Checkbox.Changed, ".item-ability")
    def ability(self, event: Checkbox.Changed) -> None:
        event.stop()
        _, i, _, slot = (event.checkbox.id or "").split("-", 3)
        index = int(i)
        item = self.view.catalog.item(self.view.unit.equipment[index].item)
        name = next(o.name for o in item.abilities if slug_id(o.name) == slot)
        self.edit(edits.toggle_item_ability, self.view.catalog, index, name, event.value,
                  focus=event.checkbox.id)

    @on(Button.Pressed, ".remove-item")
    def remove(self, event: Button.Pressed) -> None:
        event.stop()
        index = int((event.button.id or "").rsplit("-", 1)[1])
        self.edit(edits.remove_item, index, focus="item-table")


def slug_id(name: str) -> str:
    return "".join(c if c.isalnum() else "_" for c in name.casefold())


# --- step six: abilities ------------------------------------------------------------------


class AbilitiesEditor(StepEditor):
    KEY = "abilities"

    BINDINGS = [Binding("c", "custom", "Custom")]

    class CustomRequested(Message):
        """The user asked for the custom-ability form."""

    def __init__(self, view: View, *, id: str | None = None) -> None:
        super().__init__(view, id=id)
        self._chosen_key: Hashable = None
        self._list_key: Hashable = None

    def compose_fields(self) -> ComposeResult:
        yield Static(id="ability-count", classes="group")
        yield Vertical(id="chosen")
        yield SearchField("ability-list", placeholder="Search abilities (name or effect)",
                          id="ability-search", compact=True)
        yield MovingList(id="ability-list")
        yield Static(id="ability-detail", classes="hint")
        yield FieldButton("Custom ability… (c)", id="custom-ability", compact=True)

    def _chosen_structure(self, view: View) -> Hashable:
        return tuple((p.choice.name, p.choice.rank is not None, p.source, p.choice.custom)
                     for p in view.final.abilities)

    async def update_fields(self, view: View) -> None:
        costs = view.catalog.costs
        count = len(view.final.abilities)
        full = "  (full)" if count >= costs.max_abilities else ""
        self.query_one("#ability-count", Static).update(
            f"Chosen: {count} of {costs.max_abilities}{full}")
        key = self._chosen_structure(view)
        chosen = self.query_one("#chosen", Vertical)
        if key != self._chosen_key:
            self._chosen_key = key
            await chosen.remove_children()
            await chosen.mount_all(self._chosen_rows(view))
        else:
            self._update_chosen(view)
        self._fill_list(view)

    def _points(self, view: View) -> list[tuple[int, int]]:
        costs = view.catalog.costs
        surcharges = costs.ability_surcharge
        out = []
        for n, picked in enumerate(view.final.abilities):
            own, _how = ability_points(picked, view.final, costs)
            out.append((own, surcharges[min(n, len(surcharges) - 1)]))
        return out

    @staticmethod
    def _cost_text(own: int, surcharge: int) -> str:
        return f"{own} +{surcharge} = {pts(own + surcharge)}" if surcharge else pts(own)

    def _chosen_rows(self, view: View) -> list[Widget]:
        rows: list[Widget] = []
        if not view.final.abilities:
            rows.append(Static(Content.styled("None yet: pick from the list below.",
                                              "$foreground-muted"), classes="hint"))
        for n, (picked, (own, sur)) in enumerate(zip(view.final.abilities, self._points(view),
                                                     strict=True)):
            note = Content.styled(self._cost_text(own, sur), "$foreground-muted")
            if picked.source:
                rows.append(Row(Content.assemble(ability_label(picked), "  ", note),
                                removable=False, key=n, id=f"granted-{n}", classes="chosen"))
                continue
            index = int(picked.field.split("[")[1].rstrip("]"))
            entry = picked.entry if not picked.choice.custom else None
            if picked.choice.rank is not None or (entry is not None and entry.ranked):
                span = entry.ranks if entry is not None else None
                rows.append(Spinner(picked.choice.name, picked.choice.rank or 0,
                                    minimum=span.min if span else 0,
                                    maximum=(span.max or RANK_CEILING) if span else 99,
                                    key=index, note=note, removable=True,
                                    id=f"ability-{index}", classes="chosen"))
            else:
                label = ability_label(picked)
                rows.append(Row(Content.assemble(label, "  ", note), key=index,
                                id=f"ability-{index}", classes="chosen"))
        return rows

    def _update_chosen(self, view: View) -> None:
        by_id = {w.id: w for w in self.query(".chosen")}
        for n, (picked, (own, sur)) in enumerate(zip(view.final.abilities, self._points(view),
                                                     strict=True)):
            note = Content.styled(self._cost_text(own, sur), "$foreground-muted")
            if picked.source:
                widget = by_id.get(f"granted-{n}")
                if isinstance(widget, Row):
                    widget.text = Content.assemble(ability_label(picked), "  ", note)
                continue
            index = int(picked.field.split("[")[1].rstrip("]"))
            widget = by_id.get(f"ability-{index}")
            if isinstance(widget, Spinner):
                widget.value = picked.choice.rank or 0
                widget.note = note
            elif isinstance(widget, Row):
                widget.text = Content.assemble(ability_label(picked), "  ", note)

    def _fill_list(self, view: View) -> None:
        catalog = view.catalog
        search = self.query_one("#ability-search", SearchField).value.strip().casefold()
        final = view.final
        taken = {(p.entry.name if p.entry and not p.choice.custom else p.choice.name).casefold()
                 for p in final.abilities}
        values = tuple((k, p.dice) for k, p in final.pools.items()) + tuple(
            final.ranges.items())
        key = (search, len(final.abilities), frozenset(taken), values)
        if key == self._list_key:
            return
        self._list_key = key
        listing = self.query_one("#ability-list", MovingList)
        highlighted = listing.highlighted_option.id if listing.highlighted_option else None
        options = []
        for ability in catalog.abilities:
            if search and not any(search in t.casefold() for t in
                                  (ability.name, ability.summary, *ability.aliases)):
                continue
            label = ability.label
            cost = ability.formula.display
            if ability.name.casefold() in taken:
                now = Content.styled("taken", "$foreground-muted")
            else:
                added = edits.cost_if_added(final, catalog, ability.name)
                now = (Content.styled("full", "$foreground-muted") if added is None else
                       Content.styled(f"+{added[0] + added[1]} now", "bold $accent"))
            prompt = Content.assemble((label.ljust(21), "bold"), cost.ljust(5), " ", now)
            options.append(Option(prompt, id=ability.name))
        listing.set_options(options)
        ids = [o.id for o in options]
        if options:
            listing.highlighted = ids.index(highlighted) if highlighted in ids else 0
        self._show_detail()

    def _show_detail(self) -> None:
        listing = self.query_one("#ability-list", MovingList)
        option = listing.highlighted_option
        detail = self.query_one("#ability-detail", Static)
        if option is None:
            detail.update(Content.styled("No ability matches the search.", "$foreground-muted")
                          if listing.option_count == 0 else "")
            return
        ability = self.view.catalog.ability(option.id or "")
        if ability is None:
            return
        ranks = f" · ranks {ability.ranks.label}" if ability.ranks else ""
        detail.update(Content.assemble((ability.name, "bold"),
                                       f" · cost {ability.formula.display}{ranks}\n",
                                       (ability.summary, "$foreground-muted")))

    @on(SearchField.Changed, "#ability-search")
    def search(self, event: SearchField.Changed) -> None:
        event.stop()
        self._fill_list(self.view)

    @on(OptionList.OptionHighlighted, "#ability-list")
    def highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._show_detail()

    @on(OptionList.OptionSelected, "#ability-list")
    def add(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        view = self.view
        name = event.option.id or ""
        entry = view.catalog.ability(name)
        if entry is None:
            return
        taken = {(p.entry.name if p.entry and not p.choice.custom else p.choice.name).casefold()
                 for p in view.final.abilities}
        if entry.name.casefold() in taken:
            self.notify(f"{entry.name} is already taken.", severity="warning")
            return
        if len(view.final.abilities) >= view.catalog.costs.max_abilities:
            self.notify(f"A unit has at most {view.catalog.costs.max_abilities} abilities; "
                        "remove one first (delete on a chosen one).", severity="warning")
            return
        self.edit(edits.add_ability, view.catalog, entry.name, focus="ability-list")

    @on(Spinner.Changed, ".chosen")
    def rank(self, event: Spinner.Changed) -> None:
        event.stop()
        self.edit(edits.set_ability_rank, event.spinner.key, event.value)

    @on(Spinner.Removed, ".chosen")
    @on(Row.Removed, ".chosen")
    def remove(self, event: Spinner.Removed | Row.Removed) -> None:
        event.stop()
        self.edit(edits.remove_ability, event.control.key, focus="ability-list")

    @on(Button.Pressed, "#custom-ability")
    def custom_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_custom()

    def action_custom(self) -> None:
        self.post_message(self.CustomRequested())


# --- step seven: types --------------------------------------------------------------------

CATEGORY_TITLES = {
    "tactical": "Tactical: one",
    "occupation": "Occupation: 1st free",
    "elemental": "Elemental: +2 each",
    "species": "Species: free",
    "other": "Other: free",
}


class TypesEditor(StepEditor):
    KEY = "types"

    def structure(self, view: View) -> Hashable:
        return tuple((i, t.name, t.category) for i, t in
                     edits.custom_types(view.unit, view.catalog))

    def compose_fields(self) -> ComposeResult:
        unit, catalog = self.view.unit, self.view.catalog
        yield Static(id="types-chosen", classes="group")
        lists = list(self._lists(unit, catalog))
        for pair in (lists[0:2], lists[2:4], lists[4:]):
            with Horizontal(classes="type-pair"):
                yield from pair
        yield Static("Custom type: a name and its category", classes="group")
        with Horizontal(id="custom-type-row"):
            yield TextField(placeholder="name", id="custom-type-name", compact=True)
            yield Select([(c, c) for c in CATEGORIES], value="species", allow_blank=False,
                         id="custom-type-category", compact=True)
            yield FieldButton("Add", id="add-custom-type", compact=True)
        for i, t in edits.custom_types(unit, catalog):
            category = t.category or "species (unknown)"
            yield Row(f"{t.name} ({category})", key=i, id=f"custom-type-{i}",
                      classes="custom-type")

    def _lists(self, unit: Any, catalog: Catalog) -> Iterator[SelectionList]:
        costs = catalog.costs
        for category in CATEGORIES:
            options = []
            for entry in catalog.types_in(category):
                label = entry.name
                if category == "tactical":
                    label += " (free)" if entry.name in costs.tactical_free else \
                        f" (+{costs.tactical_cost})"
                elif category == "elemental":
                    label += f" (+{costs.elemental_cost})"
                options.append((label, entry.name, self._has(unit, entry)))
            selection = SelectionList[str](*options, id=f"types-{category}",
                                           classes="type-list")
            selection.border_title = CATEGORY_TITLES[category]
            yield selection

    @staticmethod
    def _has(unit: Any, entry: Any) -> bool:
        key = entry.name.casefold()
        return any(t.name.casefold() == key and t.category in (None, entry.category)
                   for t in unit.types)

    async def update_fields(self, view: View) -> None:
        unit, catalog = view.unit, view.catalog
        points = sum(line.points for line in view.tally.breakdown if line.step == "types")
        names = ", ".join(t.name for t in unit.types) or "none yet"
        self.query_one("#types-chosen", Static).update(f"Types: {names} · {pts(points)}")
        for selection in self.query(SelectionList):
            wanted = {e.name for e in catalog.types_in(selection.id.split("-", 1)[1])
                      if self._has(unit, e)}
            if set(selection.selected) != wanted:
                with selection.prevent(SelectionList.SelectedChanged):
                    for value in list(selection.selected):
                        if value not in wanted:
                            selection.deselect(value)
                    for value in wanted:
                        selection.select(value)

    @on(SelectionList.SelectionToggled)
    def toggled(self, event: SelectionList.SelectionToggled) -> None:
        event.stop()
        name = event.selection.value
        on_now = name in event.selection_list.selected
        self.edit(edits.set_type, name, on_now,
                  focus=event.selection_list.id)

    @on(SelectionList.SelectedChanged)
    def _ignore(self, event: SelectionList.SelectedChanged) -> None:
        event.stop()

    @on(Button.Pressed, "#add-custom-type")
    @on(TextField.Submitted, "#custom-type-name")
    def add_custom(self, event: Message) -> None:
        event.stop()
        field = self.query_one("#custom-type-name", TextField)
        name = field.value.strip()
        if not name:
            self.notify("Type a name for the custom type first.", severity="warning")
            field.focus()
            return
        if len(name) > 40:
            self.notify("A type name has at most 40 characters.", severity="warning")
            return
        category = self.query_one("#custom-type-category", Select).value
        field.value = ""
        self.edit(edits.set_type, name, True, str(category),
                  focus="custom-type-name")

    @on(Row.Removed, ".custom-type")
    def remove(self, event: Row.Removed) -> None:
        event.stop()
        self.edit(edits.remove_type, event.row.key, focus="custom-type-name")


# --- step eight: tally --------------------------------------------------------------------


class TallyEditor(StepEditor):
    KEY = "tally"

    class Command(Message):
        def __init__(self, action: str) -> None:
            super().__init__()
            self.action = action

    def compose_fields(self) -> ComposeResult:
        yield PointsList(id="breakdown")
        with Horizontal(id="printed-row"):
            yield Static("Printed points (audit):", id="printed-label")
            yield TextField(placeholder="none", id="printed", restrict=r"[0-9]{0,4}",
                            compact=True)
        yield Static("Errors and warnings: enter goes to the step", classes="group")
        yield MovingList(id="issue-list")
        with Horizontal(id="tally-buttons"):
            yield FieldButton("Save ^s", id="do-save", compact=True)
            yield FieldButton("Save as…", id="do-save_as", compact=True)
            yield FieldButton("Export ^e", id="do-export", compact=True)

    async def update_fields(self, view: View) -> None:
        tally = view.tally
        totals = tally.step_totals()
        rows: list[Any] = []
        for n, (key, title, _short) in enumerate(STEPS[:-1], start=1):
            if key == "equipment":
                continue
            rows.append((f"{n} {title}", str(totals.get(key, 0)), 0, "bold"))
            rows += [(line.item, str(line.points), 2, "") for line in tally.breakdown
                     if line.step == key]
        rows.append(("Total", str(tally.total), 0, "bold $accent"))
        audit = tally.audit()
        if audit:
            style = "$success" if tally.printed == tally.total else "$warning"
            rows.append(Content.styled(f"Audit: {audit}", style))
        self.query_one("#breakdown", PointsList).set_rows(rows)
        printed = self.query_one("#printed", TextField)
        shown = "" if view.unit.points is None else str(view.unit.points)
        if printed.value != shown and not printed.has_focus:
            with printed.prevent(TextField.Changed):
                printed.value = shown
        issues = self.query_one("#issue-list", MovingList)
        options = [Option(Content.assemble(issue_content(i), ("  → step " +
                          str(_step_number(step_of_field(i.field))), "$foreground-muted")),
                          id=f"issue-{n}")
                   for n, i in enumerate(tally.errors + tally.warnings)]
        if not options:
            options = [Option(Content.styled("No errors or warnings: the unit is legal.",
                                             "$success"), disabled=True)]
        issues.set_options(options)

    def show_issues(self, view: View) -> None:
        self.query_one(".step-issues", Static).display = False

    @on(TextField.Changed, "#printed")
    def printed(self, event: TextField.Changed) -> None:
        event.stop()
        value = event.value.strip()
        self.edit(edits.set_points, int(value) if value else None,
                  merge="printed")

    @on(OptionList.OptionSelected, "#issue-list")
    def jump(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        issues = self.view.tally.errors + self.view.tally.warnings
        if event.option.id and event.option.id.startswith("issue-"):
            issue = issues[int(event.option.id.split("-")[1])]
            self.post_message(GoToStep(step_of_field(issue.field)))

    @on(Button.Pressed, "#tally-buttons Button")
    def command(self, event: Button.Pressed) -> None:
        event.stop()
        self.post_message(self.Command((event.button.id or "").split("-", 1)[1]))


def _step_number(key: str) -> int:
    return STEP_KEYS.index(key) + 1


EDITORS: tuple[type[StepEditor], ...] = (DiceEditor, BumpsEditor, RangeEditor,
                                         AthleticsEditor, EquipmentEditor, AbilitiesEditor,
                                         TypesEditor, TallyEditor)
