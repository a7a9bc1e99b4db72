"""OpenTactics steps one to four: dice, bumps, range and athletics, the numbers of a
unit's four skills and its movement."""

from __future__ import annotations

from collections.abc import Hashable

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Button, Checkbox, Static

from designer.systems.opentactics import edits
from designer.systems.opentactics.catalog import SKILLS
from designer.systems.opentactics.models import POOL_FIELDS
from designer.systems.opentactics.steps import ATHLETICS, FLIGHT, RANGE
from designer.tui.editors.base import StepEditor, View
from designer.tui.literal import literal
from designer.tui.widgets.fields import FieldButton, Spinner, Tick

# --- step one: dice -----------------------------------------------------------------------


class DiceEditor(StepEditor):
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
                yield Static(literal(f"with equipment: {shown}", style="$foreground-muted"),
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
    def compose_fields(self) -> ComposeResult:
        for skill in SKILLS:
            value = getattr(self.view.unit.skills, skill).range
            yield Spinner(skill.title(), value, maximum=self.view.catalog.costs.max_range,
                          key=skill, label_width=9, id=f"range-{skill}",
                          note=self._note(self.view, skill))
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
    def compose_fields(self) -> ComposeResult:
        unit = self.view.unit
        yield Spinner("Athletics", unit.athletics,
                      maximum=self.view.catalog.costs.max_athletics, id="athletics",
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
