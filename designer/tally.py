"""System-agnostic results of pricing and checking a unit: what the shells render."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from operator import itemgetter
from typing import Literal, NamedTuple

Severity = Literal["error", "warning"]


def figure(value: Fraction | float | None) -> str:
    """A figure for people: '4.67', '2', '-' for none (at most two decimals)."""
    if value is None:
        return "-"
    shown = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return "0" if shown in ("-0", "") else shown


class Beside(NamedTuple):
    """A second figure for a line, shown beside its points and named by `label`: what
    another pricing makes of the same thing (a formula's value beside a list's points).
    It never counts toward the total."""

    label: str
    value: Fraction

    def text(self) -> str:
        return figure(self.value)

    def as_dict(self) -> dict:
        return {"label": self.label, "exact": str(self.value), "value": float(self.value)}


class Line(NamedTuple):
    """One priced component: which build step it belongs to, what it is, what it costs,
    and optionally a second figure beside its points."""

    step: str
    item: str
    points: int
    beside: Beside | None = None


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
            "breakdown": [_line_dict(x) for x in self.breakdown],
            "errors": [_issue_dict(i) for i in self.errors],
            "warnings": [_issue_dict(i) for i in self.warnings],
        }

    @property
    def beside_label(self) -> str | None:
        """The label of the lines' second figure (the first line's that has one)."""
        return next((x.beside.label for x in self.breakdown if x.beside), None)


_points = itemgetter(2)


def _line_dict(line: Line) -> dict:
    data = {"step": line.step, "item": line.item, "points": line.points}
    if line.beside is not None:
        data["beside"] = line.beside.as_dict()
    return data


def _issue_dict(issue: Issue) -> dict:
    return {"code": issue.code, "field": issue.field, "message": issue.message}
