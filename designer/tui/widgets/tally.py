"""The live tally beside the designer: points by step (the current step itemised), the
total, the audit against printed points, every error and warning, and the card."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content

from designer.card import Card
from designer.escaping import printable
from designer.systems import Points
from designer.tally import Issue, Tally
from designer.tui.widgets.card import CardPreview
from designer.tui.widgets.lines import LineWidget
from designer.tui.widgets.scroll import LiveScroll
from designer.tui.widgets.shown import Findings, LineText

Row = tuple[str, str, int, str]


class StepFigure(NamedTuple):
    """One build step in the tally panel: its label ('1 Dice'), its points (None when it
    has none of its own) and, for the step being edited, the lines it itemises as (item,
    points shown; "" for a line priced under another step)."""

    label: str
    points: int | None
    lines: list[tuple[str, str]] | None = None


def label_lines(label: str, points: str, width: int, indent: int = 0) -> list[str]:
    """A row's label as `fit_lines` lays it out: one line when it fits beside the points, else
    wrapped at spaces, the lines after the first one more space in."""
    room = max(1, width - indent - len(points) - 1)
    if len(label) <= room:
        return [label]
    first, *rest = textwrap.wrap(label, room, break_on_hyphens=False) or [""]
    return [first, *(textwrap.wrap(" ".join(rest), max(1, width - indent - 1),
                                   break_on_hyphens=False) if rest else [])]


@lru_cache(maxsize=1024)
def fit_lines(label: str, points: str, width: int, indent: int = 0,
              style: str = "") -> tuple[Content, ...]:
    """Label on the left, points on the right of its first line; a label too long for
    the line wraps at spaces onto further lines, one more space in (never cut). The
    label (an item's name) is shown as written. Kept: a keypress changes a row or two of
    the tally, and wrapping every row again cost 0.4 ms of it."""
    first, *rest = label_lines(printable(label), points, width, indent)
    gap = max(1, width - indent - len(first) - len(points))
    return (Content.assemble(" " * indent, (first, style), " " * gap, (points, style)),
            *(Content.assemble(" " * (indent + 1), (line, style)) for line in rest))


def issue_content(issue: Issue) -> Content:
    mark, style = ("✗", "bold $error") if issue.severity == "error" else ("!", "bold $warning")
    return Content.assemble((mark, style), " ", printable(issue.message))


class PointsList(LineWidget):
    """Rows of label … points fitted to the widget's width as it is laid out (so a resize
    never leaves them wrapped). A row is (label, points, indent, style) or a Content."""

    DEFAULT_CSS = "PointsList { height: auto; }"

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.rows: list[Row | Content] = []

    def set_rows(self, rows: list[Row | Content]) -> None:
        if rows != self.rows:
            self.rows = rows
            self.update_lines()

    def lay_out(self, width: int) -> list[Content]:
        return self.row_lines(self.rows, width)

    @staticmethod
    def row_lines(rows: list[Row | Content], width: int) -> list[Content]:
        width = max(8, width)
        lines: list[Content] = []
        for row in rows:
            lines += (row.split("\n") if isinstance(row, Content)
                      else fit_lines(row[0], row[1], width, row[2], row[3]))
        return lines


class TallyPanel(Vertical):
    """Shown on every step. `show()` is called with each new assessment."""

    BLANK = True  # its own lines are background only: drawn as blank lines at once

    def compose(self) -> ComposeResult:
        yield PointsList(id="tally-steps")
        yield LineText(id="total")
        yield LineText(id="audit")
        with LiveScroll(id="tally-issues-scroll", can_focus=False):
            yield Findings(id="tally-issues")
        yield CardPreview(id="card")

    def show(self, tally: Tally, steps: Sequence[StepFigure], card: Card | None = None,
             *, points: Points | None = None) -> None:
        """`steps`: every step but the last (the tally itself); `points`: the system's
        pricing (its words), None for a system without points."""
        rows: list[Row | Content] = []
        priced = points is not None
        if points is not None:
            rows.append(Content.styled("TALLY", "bold $foreground-muted"))
            for figure in steps:
                here = figure.lines is not None
                shown = "–" if figure.points is None else str(figure.points)
                rows.append((figure.label, shown, 0, "bold" if here else ""))
                rows += [(item, figures, 2, "$foreground-muted")
                         for item, figures in figure.lines or ()]
        self.query_one("#tally-steps", PointsList).set_rows(rows)
        verdict = (Content.styled("legal", "$success") if tally.legal else
                   Content.styled(f"not legal: {len(tally.errors)} error"
                                  f"{'s' if len(tally.errors) != 1 else ''}", "$error"))
        if points is not None:
            head, tail = points.total_words(tally.total)
            total = Content.assemble((head, "bold"), (f"{tally.total}", "bold $accent"),
                                     (f"{tail}  ", "bold"), verdict)
        else:
            total = verdict
        self.query_one("#total", LineText).show(total)
        audit = tally.audit() if priced else None
        audit_widget = self.query_one("#audit", LineText)
        if audit_widget.display != (audit is not None):
            audit_widget.display = audit is not None
        if audit is not None:
            style = "$success" if tally.printed == tally.total else "$warning"
            audit_widget.show(Content.styled(f"Audit: {audit}", style))
        issues = [issue_content(i) for i in tally.errors + tally.warnings]
        if not issues:
            issues = [Content.styled("No errors or warnings.", "$success")]
        self.query_one("#tally-issues", Findings).show(Content("\n").join(issues))
        if card is not None:
            self.query_one(CardPreview).show(card)
