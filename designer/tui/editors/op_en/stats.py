"""Op-En step four: the rank's Core value in the Core Stat (locked), the rank's other
values across the other five stats (each a choice among the pool's values; choosing one
swaps it with the stat that holds it), Move and Body from the Form, and every final value
live."""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Static

from designer.systems.op_en import edits
from designer.systems.op_en.catalog import DIE_STATS, Form, Trait
from designer.tui.editors.kit.fields import ChoiceField, EditButton, at
from designer.tui.editors.op_en.common import OpEnEditor, OpEnView, assign, complete
from designer.tui.literal import literal
from designer.tui.widgets.shown import muted, set_content

LABEL = 9  # "Toughness", "Intellect"


def stat_value(stat: str, view: OpEnView) -> int | None:
    return view.unit.stats.get(stat)


class StatsEditor(OpEnEditor):
    def structure(self, view: OpEnView) -> Hashable:
        rank = view.final.rank
        return (rank.rank if rank else None, view.unit.core_stat, complete(view.unit),
                tuple(sorted(set(rank.stats.others))) if rank else ())

    def compose_fields(self) -> ComposeResult:
        view = self.view
        unit, rank = view.unit, view.final.rank
        core = unit.core_stat
        yield Static(id="stat-pool", classes="group")
        if rank is None or core not in view.catalog.core.die_stats:
            missing = "a rank (step 2)" if rank is None else "the Core Stat (step 1)"
            yield Static(muted(f"Choose {missing} first: it decides the values."),
                         classes="hint")
        elif not complete(unit):
            yield Static(muted("Not every stat has a value yet: lay the rank's values out, "
                               "then change them here."), classes="hint")
        else:
            choices = sorted(set(rank.stats.others))
            for stat in DIE_STATS:
                with Horizontal(classes="stat-row"):
                    if stat == core:
                        yield Static(self._locked(stat, unit.stats.get(stat)),
                                     classes="stat-locked")
                    else:
                        yield ChoiceField(view, stat.title(), [(v, f"{v:>2}") for v in choices],
                                          partial(stat_value, stat), at(assign, stat),
                                          focus=f"stat-{stat}", label_width=LABEL,
                                          id=f"stat-{stat}", classes="stat-value")
                    yield Static(id=f"final-{stat}", classes="stat-final")
        yield Static(id="move-body", classes="hint")
        yield Static(id="stat-total", classes="group")
        if rank is not None and core in view.catalog.core.die_stats:
            yield EditButton("Lay the values out afresh", at(edits.allocate, view.catalog),
                             focus="stat-reset", id="stat-reset")

    @staticmethod
    def _locked(stat: str, value: int | None) -> Content:
        shown = "-" if value is None else f"{value:>2}"
        return Content.assemble((stat.title().ljust(LABEL), "bold $accent"), "   ",
                                (shown, "bold"))

    def _final(self, view: OpEnView, stat: str) -> Content:
        """'→ 12 +2 Stoutling': the final value and what changed it, red when illegal."""
        final = view.final
        value = final.stats.get(stat)
        if value is None:
            return Content("")
        holders: tuple[Form | Trait, ...] = (*final.forms, *final.traits)
        sources = [(s.name, s.modifiers[stat]) for s in holders if stat in s.modifiers]
        why = ""
        if len(sources) == 1:
            why = f" {sources[0][1]:+d} {sources[0][0]}"
        elif sources:
            why = f" {sum(v for _, v in sources):+d} Form and Trait"
        core = view.catalog.core
        low, high = core.stat_range
        bad = not low <= value <= high or value not in core.die_values
        return literal(f"→ {value:>2}{why}", style="$error" if bad else
                       "$foreground-muted" if not sources else "")

    async def update_fields(self, view: OpEnView) -> None:
        unit, final, rank = view.unit, view.final, view.final.rank
        pool = self.query_one("#stat-pool", Static)
        if rank is None:
            set_content(pool, Content("Stats"))
        else:
            others = " ".join(map(str, rank.stats.others))
            core = f"{unit.core_stat.title()} " if unit.core_stat else ""
            set_content(pool, literal(f"{rank.title} values: {core}{rank.stats.core} · "
                                      f"{others}"))
        for stat in DIE_STATS:
            found = self.field_by_id(f"final-{stat}", Static)
            if found is not None:
                set_content(found, self._final(view, stat))
        for locked in self.walk_children(Static):
            if not locked.has_class("stat-locked"):
                continue
            set_content(locked, self._locked(unit.core_stat or "", unit.stats.get(
                unit.core_stat or "")))
        form = final.form
        if form is None:
            body = muted("Move and Body come from the Form (step 3): none yet.")
        else:
            body = muted(f'Move {final.stats["move"]}", Body {final.stats["body"]}: '
                         f"from {form.name}" + (" and the Trait" if any(
                             s in t.modifiers for t in final.traits for s in ("move", "body"))
                             else ""))
        set_content(self.query_one("#move-body", Static), body)
        line = next((x for x in view.tally.breakdown if x.step == "stats"), None)
        total = self.query_one("#stat-total", Static)
        set_content(total, literal(f"{line.item} = {line.points}") if line is not None
                    else muted("The stats are free in this setting."))
