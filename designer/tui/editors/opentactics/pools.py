"""OpenTactics steps one to four: dice, bumps, range and athletics, the numbers of a
unit's four skills and its movement."""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial

from textual.app import ComposeResult
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static

from designer.systems.opentactics import edits
from designer.systems.opentactics.catalog import SKILLS
from designer.systems.opentactics.models import POOL_FIELDS
from designer.systems.opentactics.steps import ATHLETICS, FLIGHT, RANGE
from designer.tui.editors.kit.fields import EditButtonLine, NumberField, Toggle, at
from designer.tui.editors.kit.rows import Rows
from designer.tui.editors.opentactics.common import OTEditor, OTView
from designer.tui.widgets.shown import muted, set_content


def dice_of(skill: str, side: str, view: OTView) -> int:
    return getattr(view.unit.skills, skill).dice(side)


def bumps_of(skill: str, side: str, view: OTView) -> tuple[int, ...]:
    return tuple(getattr(view.unit.skills, skill).bumps(side))


def bump_of(skill: str, side: str, index: int, view: OTView) -> int:
    return getattr(view.unit.skills, skill).bumps(side)[index]


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
    """The pools are rows of one block, each a heading (its dice, and the button that adds
    a bump), its bumps and what its equipment adds: adding or removing a bump mounts or
    removes that row alone."""

    def structure(self, view: OTView) -> Hashable:
        return tuple(dice_of(skill, side, view) if _shown(view, skill, side) else None
                     for skill, side, *_ in POOL_FIELDS)

    @staticmethod
    def _word(view: OTView, value: int) -> Content:
        return muted(view.catalog.bump_words.get(value, "").rstrip("."))

    def compose_fields(self) -> ComposeResult:
        view = self.view
        words = view.catalog.bump_words
        legend = " · ".join(f"{v:+d} {words[v].rstrip('.').replace(' ability', '')}"
                            for v in sorted(words))
        yield Static(muted(legend), classes="legend")
        yield Rows(*self._pool_rows(view, {}), id="pools")
        no_dice = [label for skill, side, label, _d, _b in POOL_FIELDS
                   if not _shown(view, skill, side)]
        if no_dice:
            yield Static(muted("No dice, so no bumps: " + ", ".join(no_dice)), classes="hint")

    async def update_fields(self, view: OTView) -> None:
        rows = self.query_one("#pools", Rows)
        shown = {w.id: w for w in rows.children if w.id}
        changed = [(skill, side) for skill, side, *_ in POOL_FIELDS
                   if _shown(view, skill, side) and
                   len(bumps_of(skill, side, view)) != _bumps_shown(shown, skill, side)]
        # the headings and equipment lines shown are handed back as they are (a widget
        # made costs more than the edit of a bump) while one pool's bumps change, as
        # Rows.show then keeps them where they are; when several pools' change at once
        # (a change from outside), all are made afresh, so none is removed and mounted
        # again
        await rows.show(self._pool_rows(view, shown if len(changed) <= 1 else {}))

    def _pool_rows(self, view: OTView, shown: dict[str, Widget]) -> list[Widget]:
        """Each pool with dice or bumps: its heading, its bumps and what its equipment
        adds; a heading or an equipment line in `shown` is kept."""
        rows: list[Widget] = []
        for skill, side, label, _d, _b in POOL_FIELDS:
            if not _shown(view, skill, side):
                continue
            dice = dice_of(skill, side, view)
            head = shown.get(f"addbump-{skill}-{side}") or shown.get(f"pool-{skill}-{side}")
            if head is None:
                text = f"{label} · {dice} {'die' if dice == 1 else 'dice'}"
                head = EditButtonLine(Content.styled(text, "bold"), "+ add bump",
                                      at(edits.add_bump, skill, side, 1),
                                      id=f"addbump-{skill}-{side}", classes="pool-head") \
                    if dice > 0 else Static(Content.styled(
                        f"{text} · needs a die, or remove its bumps", "bold"),
                        id=f"pool-{skill}-{side}", classes="pool-head")
            if isinstance(head, EditButtonLine):  # the new bump is focused once it is there
                head.focus_after = _new_bump(view, skill, side)
            rows += [head, *self._bump_rows(view, skill, side)]
            sources = shown.get(f"sources-{skill}-{side}")
            if not isinstance(sources, Static):
                sources = Static(id=f"sources-{skill}-{side}", classes="hint")
            self._show_sources(sources, view, skill, side)
            rows.append(sources)
        return rows

    def _bump_rows(self, view: OTView, skill: str, side: str) -> list[NumberField]:
        count = len(bumps_of(skill, side, view))
        return [NumberField(
            view, "", partial(bump_of, skill, side, i), at(edits.set_bump, skill, side, i),
            note=self._word, remove=at(edits.remove_bump, skill, side, i),
            remove_focus=f"bump-{skill}-{side}-{i - 1}" if i > 0 else
            f"addbump-{skill}-{side}", choices=view.catalog.costs.bump_values, signed=True,
            key=(skill, side, i), id=f"bump-{skill}-{side}-{i}", classes="bump")
            for i in range(count)]

    @staticmethod
    def _show_sources(widget: Static, view: OTView, skill: str, side: str) -> None:
        """'with equipment: +1 +1 (Gauntlets)' when items add bumps to the pool, else
        nothing (the line hidden)."""
        pool = view.final.pools[(skill, side)]
        widget.display = bool(pool.sources and any(pool.sources))
        if widget.display:
            set_content(widget, muted("with equipment: " + " ".join(
                f"{b:+d}" + (f" ({s})" if s else "")
                for b, s in zip(pool.bumps, pool.bump_sources(), strict=True))))


def _bumps_shown(shown: dict[str, Widget], skill: str, side: str) -> int:
    """How many bumps of the pool `shown` (rows by id) holds."""
    return sum(1 for key in shown if key.startswith(f"bump-{skill}-{side}-"))


def _new_bump(view: OTView, skill: str, side: str) -> str:
    """The id the pool's next bump will have."""
    return f"bump-{skill}-{side}-{len(bumps_of(skill, side, view))}"


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
