"""The matchups panel beside the tally: pick an opponent from the field (the system's
bundled examples) and a mode (a skill, a weapon); the exact odds and the unit's points
per expected win against the whole field follow every edit of the unit.

Worked in the same frame as the tally: a matchup of up to 3+3 dice is a few cached
table look-ups (contest.py); a matchup the system refuses (too many dice, out of range)
shows its one-line reason instead."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Checkbox, Select, Static

from designer.errors import InputError
from designer.escaping import printable
from designer.systems import Assessment, EngageOptions, GameSystem
from designer.tui.literal import literal
from designer.tui.widgets.shown import set_content


def percent(value: Any) -> str:
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
        from designer.matchup import bundled_field

        super().__init__(id=id)
        self.game = game
        self.assessment = assessment
        self.field = bundled_field(game)
        self.modes: tuple[str, ...] = ()

    def compose(self) -> ComposeResult:
        yield Static("MATCHUPS", classes="heading")
        yield Select([(literal(o.name, 60), i) for i, o in enumerate(self.field)],
                     allow_blank=False, value=0, id="matchup-opponent", compact=True)
        yield Select([], prompt=f"no {self.game.ENGAGE_WORD}", id="matchup-mode",
                     compact=True)
        yield Checkbox("the opponent retaliates", True, id="matchup-retaliation",
                       compact=True)
        yield Static(id="matchup-odds")
        yield Static("AGAINST THE FIELD", classes="heading")
        yield Static(id="matchup-field")

    def on_mount(self) -> None:
        self.show(self.assessment)

    # --- what the designer calls with each new assessment --------------------------------

    def show(self, assessment: Assessment) -> None:
        """Work the odds of `assessment` (the unit as it now is) and draw them."""
        self.assessment = assessment
        modes = self.game.engage_modes(assessment)
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
        retaliation = self.query_one("#matchup-retaliation", Checkbox).value
        return EngageOptions(mode if isinstance(mode, str) else None, None, retaliation)

    def redraw(self) -> None:
        from designer.matchup import field_report

        odds_widget = self.query_one("#matchup-odds", Static)
        field_widget = self.query_one("#matchup-field", Static)
        options = self.options()
        if options.mode is None:
            set_content(odds_widget, Content.styled(
                f"Nothing to attack with: give the {self.game.UNIT_WORD} a "
                f"{self.game.ENGAGE_WORD}.", "$foreground-muted"))
            set_content(field_widget, Content(""))
            return
        index = self.query_one("#matchup-opponent", Select).value
        opponent = self.field[index if isinstance(index, int) else 0]
        try:
            engagement = self.game.engage(self.assessment, opponent.assessment, options)
            report = field_report(self.game, self.assessment, self.field, options)
        except InputError as exc:
            set_content(odds_widget, literal(exc.problem, 400, style="$warning"))
            set_content(field_widget, Content(""))
            return
        if engagement is None:
            return
        lines = [literal(engagement.title, style="bold")]  # the units' names: as written
        lines += [Content.assemble((f"{percent(o.value):>6} ", "bold $accent"),
                                   printable(o.label))
                  for o in (*engagement.outcomes, *engagement.figures[:2])
                  if o.chance]
        lines += [literal(note, style="$foreground-muted") for note in engagement.notes]
        set_content(odds_widget, Content("\n").join(lines))
        (mode,) = report.modes
        per_win = report.points_per_win(mode)
        rows = [Content.assemble(("win  ", "bold"), percent(mode.win), "  ",
                                 ("fall  ", "bold"), percent(mode.loss)),
                Content(f"{mode.weight} opponents"
                        + (f", {len(mode.skipped)} out of reach" if mode.skipped else ""))]
        if report.points is not None:
            rows.append(Content.assemble(
                ("points per win  ", "bold"),
                ("—" if per_win is None else f"{float(per_win):.1f}", "bold $accent"),
                f"  ({report.points} pts)"))
        set_content(field_widget, Content("\n").join(rows))

    @on(Select.Changed)
    @on(Checkbox.Changed)
    def changed(self, event: Select.Changed | Checkbox.Changed) -> None:
        event.stop()
        self.redraw()
