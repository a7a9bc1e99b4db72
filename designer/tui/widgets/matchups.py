"""The matchups panel beside the tally: pick an opponent from the field (the system's
bundled examples) and a mode (a skill, a weapon); the exact odds, the unit's points per
expected win against the whole field and its fair points (what the field pays per win,
times the unit's chance to win) follow every edit of the unit.

The odds are worked in a worker thread, one at a time: each edit cancels the work of
the one before (its result is never drawn), so typing never waits for them. The
field's own median points per win is worked once per set of options."""

from __future__ import annotations

import threading
from fractions import Fraction
from typing import TYPE_CHECKING

from textual import on, work
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Select, Static
from textual.worker import get_current_worker

from designer.errors import InputError
from designer.escaping import printable
from designer.systems import (
    RETALIATIONS,
    Assessment,
    Engagement,
    EngageOptions,
    GameSystem,
    Retaliation,
)
from designer.tui.literal import literal
from designer.tui.widgets.shown import set_content

if TYPE_CHECKING:
    from designer.facing import FieldReport
    from designer.field import FieldWork

RETALIATION_WORDS = {"best": "retaliates if it pays", "always": "always retaliates",
                     "never": "never retaliates"}
_medians: dict[tuple[str, EngageOptions], Fraction | None] = {}
_medians_lock = threading.Lock()


class _Cancelled(Exception):
    """The work was cancelled by a newer edit."""


def percent(value: Fraction | float) -> str:
    return f"{float(value) * 100:.1f}%"


class MatchupsPanel(Vertical):
    """Odds of the unit being designed against one opponent, and against the field."""

    DEFAULT_CSS = """
    MatchupsPanel {
        width: 36;
        height: 1fr;
        padding: 0 1;
        background: $panel;
    }
    MatchupsPanel > .heading { text-style: bold; color: $foreground-muted; margin-top: 1; }
    MatchupsPanel Select { margin: 0; }
    MatchupsPanel #matchup-odds, MatchupsPanel #matchup-field { height: auto; }
    """

    def __init__(self, game: GameSystem, assessment: Assessment, *,
                 id: str | None = None) -> None:
        from designer.facing import matchups_of
        from designer.matchup import bundled_field

        super().__init__(id=id)
        self.game = game
        self.matchups = matchups_of(game)
        self.assessment = assessment
        self.field = bundled_field(game)
        self.modes: tuple[str, ...] = ()
        #: what the panel shows: (the assessment, the options) it was worked for
        self.drawn: tuple[Assessment, EngageOptions] | None = None
        self._generation = 0

    def compose(self) -> ComposeResult:
        yield Static("MATCHUPS", classes="heading")
        yield Select([(literal(o.name, 60), i) for i, o in enumerate(self.field)],
                     allow_blank=False, value=0, id="matchup-opponent", compact=True)
        yield Select([], prompt=f"no {self.matchups.ENGAGE_WORD}", id="matchup-mode",
                     compact=True)
        if self.matchups.RETALIATES:
            yield Select([(RETALIATION_WORDS[r], r) for r in RETALIATIONS],
                         allow_blank=False, value="best", id="matchup-retaliation",
                         compact=True)
        yield Static(id="matchup-odds")
        yield Static("AGAINST THE FIELD", classes="heading")
        yield Static(id="matchup-field")

    def on_mount(self) -> None:
        self.show(self.assessment)

    # --- what the designer calls with each new assessment --------------------------------

    def show(self, assessment: Assessment) -> None:
        """Work the odds of `assessment` (the unit as it now is) and draw them, in a
        worker: this returns at once."""
        self.assessment = assessment
        modes = self.matchups.engage_modes(assessment)
        select = self.query_one("#matchup-mode", Select)
        if modes != self.modes:
            keep = select.value if select.value in modes else None
            self.modes = modes
            with self.prevent(Select.Changed):
                select.set_options([(literal(m.title() if m.islower() else m, 60), m)
                                    for m in modes])
                if modes:
                    select.value = keep or modes[0]
        self.redraw()

    def options(self) -> EngageOptions:
        mode = self.query_one("#matchup-mode", Select).value
        retaliation: Retaliation = "best"
        if self.matchups.RETALIATES:
            chosen = self.query_one("#matchup-retaliation", Select).value
            retaliation = next((r for r in RETALIATIONS if r == chosen), retaliation)
        return EngageOptions(mode if isinstance(mode, str) else None, None, retaliation)

    def redraw(self) -> None:
        self._generation += 1
        options = self.options()
        if options.mode is None:
            self.workers.cancel_group(self, "matchups")
            self._draw(self._generation, self.assessment, options, None, None,
                       f"Nothing to attack with: give the {self.game.UNIT_WORD} a "
                       f"{self.matchups.ENGAGE_WORD}.")
            return
        index = self.query_one("#matchup-opponent", Select).value
        opponent = self.field[index if isinstance(index, int) else 0]
        self._work(self._generation, self.assessment, opponent.assessment, options)

    @work(thread=True, exclusive=True, group="matchups")
    def _work(self, generation: int, unit: Assessment, opponent: Assessment,
              options: EngageOptions) -> None:
        """The odds against the opponent and the field; drawn unless cancelled."""
        from designer.field import FieldWork

        worker = get_current_worker()

        def check(done: int = 0, total: int = 0) -> None:
            if worker.is_cancelled:
                raise _Cancelled

        problem: str | None
        try:
            engagement = self.matchups.engage(unit, opponent, options)
            check()
            work_ = FieldWork(self.game, self.field, options, check)
            median = self._median(work_, options)
            report = work_.report(unit, median)
        except InputError as exc:
            engagement, report, problem = None, None, exc.problem
        except _Cancelled:
            return
        else:
            problem = None
        if not worker.is_cancelled:
            self.app.call_from_thread(self._draw, generation, unit, options, engagement,
                                      report, problem)

    def _median(self, work_: FieldWork, options: EngageOptions) -> Fraction | None:
        key = (self.game.NAME, options)
        with _medians_lock:
            if key in _medians:
                return _medians[key]
        median = work_.median()
        with _medians_lock:
            _medians[key] = median
        return median

    def _draw(self, generation: int, unit: Assessment, options: EngageOptions,
              engagement: Engagement | None, report: FieldReport | None,
              problem: str | None) -> None:
        if generation != self._generation:
            return  # a newer edit is being worked
        odds_widget = self.query_one("#matchup-odds", Static)
        field_widget = self.query_one("#matchup-field", Static)
        self.drawn = (unit, options)
        if problem is not None or engagement is None or report is None:
            style = "$foreground-muted" if options.mode is None else "$warning"
            set_content(odds_widget, literal(problem or "", 400, style=style))
            set_content(field_widget, Content(""))
            return
        lines = [literal(engagement.title, style="bold")]  # the units' names: as written
        lines += [Content.assemble((f"{percent(o.value):>6} ", "bold $accent"),
                                   printable(o.label))
                  for o in (*engagement.outcomes, *engagement.figures[:2]) if o.chance]
        lines += [literal(note, style="$foreground-muted") for note in engagement.notes]
        applied = [f"{u.name} ({u.unit})" for u in engagement.abilities
                   if u.status == "applied"]
        if applied:
            lines.append(literal("applied: " + ", ".join(applied), style="$foreground-muted"))
        set_content(odds_widget, Content("\n").join(lines))
        from designer.facing import MEANINGFUL_WIN

        (mode,) = report.modes
        meaningful = mode.win >= MEANINGFUL_WIN  # below: huge figures, "it hardly wins"
        per_win = report.points_per_win(mode) if meaningful else None
        fair = report.fair_points(mode) if meaningful else None
        rows = [Content.assemble(("win  ", "bold"), percent(mode.win), "  ",
                                 ("fall  ", "bold"), percent(mode.loss)),
                Content(f"{mode.weight} opponents"
                        + (f", {len(mode.skipped)} out of reach" if mode.skipped else ""))]
        if report.points is not None:
            rows.append(Content.assemble(
                ("points per win  ", "bold"),
                ("—" if per_win is None else f"{float(per_win):.1f}", "bold $accent"),
                f"  ({report.points} pts)"))
            rows.append(Content.assemble(
                ("fair points  ", "bold"),
                ("—" if fair is None else f"{float(fair):.1f}", "bold $accent"),
                "" if report.median is None else
                f"  (the field: {float(report.median):.1f} a win)"))
        set_content(field_widget, Content("\n").join(rows))

    @on(Select.Changed)
    def changed(self, event: Select.Changed) -> None:
        event.stop()
        self.redraw()
