"""OpenTactics steps one to four: dice, bumps, range and athletics, the numbers of a
unit's four skills and its movement."""

from __future__ import annotations

from functools import partial

from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Static

from designer.systems.opentactics import edits
from designer.systems.opentactics.catalog import SKILLS
from designer.systems.opentactics.models import POOL_FIELDS
from designer.systems.opentactics.steps import ATHLETICS, FLIGHT, RANGE
from designer.tui.editors.kit.fields import NumberField, Toggle, at
from designer.tui.editors.kit.number_rows import (
    Heading,
    NoteRow,
    NumberRow,
    NumberRows,
    RowOfNumbers,
)
from designer.tui.editors.opentactics.common import OTEditor, OTView
from designer.tui.widgets.shown import muted, set_content


def dice_of(skill: str, side: str, view: OTView) -> int:
    return getattr(view.unit.skills, skill).dice(side)


def bumps_of(skill: str, side: str, view: OTView) -> tuple[int, ...]:
    return tuple(getattr(view.unit.skills, skill).bumps(side))


def range_of(skill: str, view: OTView) -> int:
    return getattr(view.unit.skills, skill).range


def equipment_note(innate: int, final: int) -> Content:
    """'+2 equipment = 5' when the items change the value, else nothing."""
    return muted(f"{final - innate:+d} equipment = {final}") if final != innate else Content("")


# --- step one: dice -----------------------------------------------------------------------


class DiceEditor(OTEditor):
    def compose_fields(self) -> ComposeResult:
        view = self.view
        for side, heading in (("off", "OFF dice: attack"), ("def", "DEF dice: defence")):
            yield Static(heading, classes="group")
            for skill in SKILLS:
                yield NumberField(view, skill.title(), partial(dice_of, skill, side),
                                  at(edits.set_dice, skill, side), note=self._word,
                                  maximum=view.catalog.costs.max_dice, key=(skill, side),
                                  label_width=9, id=f"dice-{skill}-{side}")

    @staticmethod
    def _word(view: OTView, dice: int) -> Content:
        return muted(view.catalog.dice_word(dice).rstrip("."))


# --- step two: bumps ----------------------------------------------------------------------


class BumpsEditor(OTEditor):
    """The pools are rows of one widget, each a heading (its dice, and the button that
    adds a bump), its bumps and what its equipment adds: adding or removing a bump, or a
    pool shown or hidden, changes those lines alone."""

    @staticmethod
    def _word(view: OTView, value: int) -> Content:
        return muted(view.catalog.bump_words.get(value, "").rstrip("."))

    def compose_fields(self) -> ComposeResult:
        words = self.view.catalog.bump_words
        legend = " · ".join(f"{v:+d} {words[v].rstrip('.').replace(' ability', '')}"
                            for v in sorted(words))
        yield Static(muted(legend), classes="legend")
        yield NumberRows(self._pool_rows(self.view), id="pools")

    async def update_fields(self, view: OTView) -> None:
        self.query_one("#pools", NumberRows).show(self._pool_rows(view))

    def _pool_rows(self, view: OTView) -> list[RowOfNumbers]:
        """Each pool with dice or bumps, after a blank line: its heading, its bumps and
        what its equipment adds; then the pools without dice."""
        rows: list[RowOfNumbers] = []
        for skill, side, label, _d, _b in POOL_FIELDS:
            if not _shown(view, skill, side):
                continue
            dice = dice_of(skill, side, view)
            bumps = bumps_of(skill, side, view)
            text = f"{label} · {dice} {'die' if dice == 1 else 'dice'}"
            head = f"addbump-{skill}-{side}"
            rows.append(NoteRow(Content(""), indent=0))
            rows.append(Heading(head, Content.styled(text, "bold"), "+ add bump",
                                at(edits.add_bump, skill, side, 1),
                                then=f"bump-{skill}-{side}-{len(bumps)}") if dice > 0 else
                        Heading(f"pool-{skill}-{side}", Content.styled(
                            f"{text} · needs a die, or remove its bumps", "bold")))
            rows += [NumberRow(
                f"bump-{skill}-{side}-{i}", value, at(edits.set_bump, skill, side, i),
                note=self._word(view, value), remove=at(edits.remove_bump, skill, side, i),
                then_removed=f"bump-{skill}-{side}-{i - 1}" if i > 0 else head,
                choices=view.catalog.costs.bump_values, signed=True)
                for i, value in enumerate(bumps)]
            sources = self._sources(view, skill, side)
            if sources is not None:
                rows.append(NoteRow(sources))
        no_dice = [label for skill, side, label, _d, _b in POOL_FIELDS
                   if not _shown(view, skill, side)]
        if no_dice:
            rows.append(NoteRow(muted("No dice, so no bumps: " + ", ".join(no_dice))))
        return rows

    @staticmethod
    def _sources(view: OTView, skill: str, side: str) -> Content | None:
        """'with equipment: +1 +1 (Gauntlets)' when items add bumps to the pool."""
        pool = view.final.pools[(skill, side)]
        if not (pool.sources and any(pool.sources)):
            return None
        return muted("with equipment: " + " ".join(
            f"{b:+d}" + (f" ({s})" if s else "")
            for b, s in zip(pool.bumps, pool.bump_sources(), strict=True)))


def _shown(view: OTView, skill: str, side: str) -> bool:
    """A pool is shown when it has dice or bumps (bumps without dice, to be removed)."""
    return dice_of(skill, side, view) > 0 or bool(bumps_of(skill, side, view))


# --- step three: range --------------------------------------------------------------------


class RangeEditor(OTEditor):
    def compose_fields(self) -> ComposeResult:
        view = self.view
        for skill in SKILLS:
            yield NumberField(view, skill.title(), partial(range_of, skill),
                              at(edits.set_range, skill), note=partial(self._note, skill),
                              maximum=view.catalog.costs.max_range, key=skill,
                              label_width=9, id=f"range-{skill}")
            yield Static(muted(RANGE[skill]), classes="hint")

    @staticmethod
    def _note(skill: str, view: OTView, value: int) -> Content:
        return equipment_note(value, view.final.ranges[skill])


# --- step four: athletics -----------------------------------------------------------------


class AthleticsEditor(OTEditor):
    def compose_fields(self) -> ComposeResult:
        view = self.view
        yield NumberField(view, "Athletics", lambda v: v.unit.athletics, edits.set_athletics,
                          note=lambda v, value: equipment_note(value, v.final.athletics),
                          maximum=view.catalog.costs.max_athletics, id="athletics")
        yield Static(muted(ATHLETICS), classes="hint")
        yield Toggle(view, "Flies (the wing icon): athletics costs double",
                     lambda v: v.unit.flight, edits.set_flight, id="flight")
        yield Static(muted(FLIGHT), id="flight-hint", classes="hint")

    async def update_fields(self, view: OTView) -> None:
        hint = FLIGHT
        if any(t.name.casefold() == "flier" for t in view.unit.types):
            hint += " This unit has the Flier type, so it flies either way."
        set_content(self.query_one("#flight-hint", Static), muted(hint))
