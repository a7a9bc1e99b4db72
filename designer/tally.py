"""System-agnostic results of pricing and checking a unit: what the shells render."""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import itemgetter
from typing import Literal, NamedTuple

Severity = Literal["error", "warning"]


class Line(NamedTuple):
    """One priced component: which build step it belongs to, what it is, what it costs."""

    step: str
    item: str
    points: int


class Issue(NamedTuple):
    """A rule finding with a stable code, the field it concerns and how to fix it."""

    code: str
    severity: Severity
    message: str
    field: str = ""

    def line(self) -> str:
        where = f" [{self.field}]" if self.field else ""
        return f"{self.code}{where}: {self.message}"


@dataclass(slots=True)
class Tally:
    """A unit's itemised cost with its findings; `total` is always the sum of `breakdown`."""

    name: str
    breakdown: list[Line] = field(default_factory=list)
    issues: list[Issue] = field(default_factory=list)
    printed: int | None = None

    @property
    def total(self) -> int:
        return sum(map(_points, self.breakdown))

    @property
    def errors(self) -> list[Issue]:
        return [i for i in self.issues if i.severity == "error"]

    @property
    def warnings(self) -> list[Issue]:
        return [i for i in self.issues if i.severity == "warning"]

    @property
    def legal(self) -> bool:
        return not self.errors

    def step_totals(self) -> dict[str, int]:
        totals: dict[str, int] = {}
        for line in self.breakdown:
            totals[line.step] = totals.get(line.step, 0) + line.points
        return totals

    def audit(self) -> str | None:
        """The gap between a printed value and the tally, or None when nothing was printed."""
        if self.printed is None:
            return None
        if self.printed == self.total:
            return f"printed {self.printed}, tally {self.total}: they agree"
        return f"printed {self.printed}, tally {self.total}"

    def as_dict(self) -> dict:
        return {
            "name": self.name,
            "total": self.total,
            "printed": self.printed,
            "breakdown": [
                {"step": x.step, "item": x.item, "points": x.points} for x in self.breakdown
            ],
            "errors": [_issue_dict(i) for i in self.errors],
            "warnings": [_issue_dict(i) for i in self.warnings],
        }


_points = itemgetter(2)


def _issue_dict(issue: Issue) -> dict:
    return {"code": issue.code, "field": issue.field, "message": issue.message}
