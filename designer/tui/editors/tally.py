"""The last build step of any system: every component priced, the total and the audit,
each finding with the step it is filed under (enter goes there), and save and export.

A system's own tally editor subclasses `TallyEditor` and adds its fields with
`compose_extra` (OpenTactics adds the printed points of the audit)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from designer.systems import Points
from designer.tui.editors.base import GoToStep, RunAction, StepEditor, View
from designer.tui.widgets.card import CardPreview, card_of
from designer.tui.widgets.fields import FieldButton
from designer.tui.widgets.lists import MovingList
from designer.tui.widgets.shown import Findings
from designer.tui.widgets.tally import PointsList, Row, issue_content


def step_number(view: View, key: str) -> int:
    keys = [step.key for step in view.game.steps()]
    return keys.index(key) + 1 if key in keys else len(keys)


class TallyEditor(StepEditor):
    def compose_fields(self) -> ComposeResult:
        yield PointsList(id="breakdown")
        yield from self.compose_extra()
        yield Static("Errors and warnings: enter goes to the step", classes="group")
        yield MovingList(id="issue-list")
        with Horizontal(id="tally-buttons"):
            yield FieldButton("Save ^s", id="do-save", compact=True)
            yield FieldButton("Save as…", id="do-save_as", compact=True)
            yield FieldButton("Export ^e", id="do-export", compact=True)
        # the card as it prints, here when the screen is too small for it beside the tally
        yield CardPreview(id="tally-card")

    def compose_extra(self) -> ComposeResult:
        """Fields of the system's own between the breakdown and the findings."""
        yield from ()

    async def update_fields(self, view: View) -> None:
        self.query_one("#breakdown", PointsList).set_rows(self.breakdown_rows(view))
        tally = view.tally
        issues = self.query_one("#issue-list", MovingList)
        options = [Option(Content.assemble(issue_content(i), (
            f"  → step {step_number(view, view.game.step_of(i.field))}",
            "$foreground-muted")), id=f"issue-{n}")
            for n, i in enumerate(tally.errors + tally.warnings)]
        if not options:
            options = [Option(Content.styled(
                f"No errors or warnings: the {view.game.UNIT_WORD} is legal.", "$success"),
                disabled=True)]
        issues.set_options(options)
        self.query_one("#tally-card", CardPreview).show(card_of(view.game, view.assessment))

    @staticmethod
    def breakdown_rows(view: View) -> list[Row | Content]:
        """Each step that has points of its own with its lines, the total and the audit
        (nothing for a system without points)."""
        if view.game.capability(Points) is None:
            return []
        from designer.tui.editors import editors_for

        editors = editors_for(view.game)
        tally = view.tally
        rows: list[Row | Content] = []
        for n, step in enumerate(view.game.steps()[:-1], start=1):
            points = editors[step.key].step_points(step.key, tally)
            if points is None:
                continue
            rows.append((f"{n} {step.title}", str(points), 0, "bold"))
            rows += [(line.item, str(line.points), 2, "") for line in tally.breakdown
                     if line.step == step.key]
        rows.append(("Total", str(tally.total), 0, "bold $accent"))
        audit = tally.audit()
        if audit:
            style = "$success" if tally.printed == tally.total else "$warning"
            rows.append(Content.styled(f"Audit: {audit}", style))
        return rows

    def show_issues(self, view: View) -> None:
        self.query_one(".step-issues", Findings).display = False

    @on(OptionList.OptionSelected, "#issue-list")
    def jump(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        issues = self.view.tally.errors + self.view.tally.warnings
        if event.option.id and event.option.id.startswith("issue-"):
            issue = issues[int(event.option.id.split("-")[1])]
            self.post_message(GoToStep(self.view.game.step_of(issue.field)))

    @on(Button.Pressed, "#tally-buttons Button")
    def command(self, event: Button.Pressed) -> None:
        event.stop()
        self.post_message(RunAction((event.button.id or "").split("-", 1)[1]))
