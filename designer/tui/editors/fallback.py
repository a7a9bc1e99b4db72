"""The editor of a build step no editor of the system covers: the step's guidance, the
points filed under it, its findings, and the card as it stands."""

from __future__ import annotations

from textual.app import ComposeResult

from designer.systems import Points
from designer.tui.editors.base import StepEditor, View
from designer.tui.widgets.card import CardPreview, card_of
from designer.tui.widgets.tally import PointsList


class GuideEditor(StepEditor):
    def compose_fields(self) -> ComposeResult:
        yield PointsList(classes="step-lines")
        yield CardPreview(classes="step-card")

    async def update_fields(self, view: View) -> None:
        rows: list = []
        if view.game.capability(Points) is not None:
            lines = type(self).tally_lines(self.key, view)
            rows = [(line.item, str(line.points), 0, "") for line in lines]
            if lines:
                rows.append((f"{self.step.title}", str(sum(x.points for x in lines)), 0,
                             "bold $accent"))
        self.query_one(PointsList).set_rows(rows)
        self.query_one(CardPreview).show(card_of(view.game, view.assessment))
