"""What a unit meets and what it came to: the opponents of a field, and the reports of a
unit against it, mode by mode (`designer.matchup` gathers them, `designer.field` works
them out, `designer.render_odds` draws them)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from designer.errors import InputError
from designer.systems import Assessment, GameSystem, Matchups

#: points per win, and fair points, mean something from this chance to win: below it
#: they are huge and say only "it hardly wins"; a design of the field winning less
#: sets no price for a win (it counts as never winning in the field's median)
MEANINGFUL_WIN = Fraction(1, 100)


@dataclass(frozen=True, slots=True)
class Opponent:
    """A unit of the field and how many of it (a roster's count weighs the means)."""

    name: str
    assessment: Assessment
    count: int = 1


@dataclass(frozen=True, slots=True)
class Faced:
    """One design of the field (its units' names, how many) and a mode's chances against
    it: to defeat it (`win`) and to be defeated (`loss`)."""

    names: tuple[str, ...]
    count: int
    win: Fraction
    loss: Fraction


@dataclass(frozen=True)
class ModeReport:
    """One mode against the field: each design of it the mode can attack, and what they
    add up to; `skipped` names opponents it cannot attack (out of range, the wrong type)."""

    mode: str
    faced: tuple[Faced, ...]
    skipped: tuple[str, ...] = ()

    @property
    def weight(self) -> int:
        return sum(f.count for f in self.faced)

    @property
    def win(self) -> Fraction:
        """The mean chance to defeat an opponent: expected wins per engagement."""
        if not self.weight:
            return Fraction(0)
        return sum((f.count * f.win for f in self.faced), Fraction(0)) / self.weight

    @property
    def loss(self) -> Fraction:
        if not self.weight:
            return Fraction(0)
        return sum((f.count * f.loss for f in self.faced), Fraction(0)) / self.weight


@dataclass(frozen=True)
class FieldReport:
    """A unit against a field in every mode it has; `points` is None when unpriced;
    `median` the field's own median points per win (None when the field has none)."""

    name: str
    points: int | None
    modes: tuple[ModeReport, ...]
    median: Fraction | None = None

    def points_per_win(self, report: ModeReport) -> Fraction | None:
        """Points per expected win in that mode; None without points or without a win."""
        if self.points is None or report.win == 0:
            return None
        return Fraction(self.points) / report.win

    def fair_points(self, report: ModeReport) -> Fraction | None:
        """The points at which this mode's points per win would equal the field's
        median: what the field pays for what the unit does."""
        if self.points is None or self.median is None or report.win == 0:
            return None
        return self.median * report.win

    @property
    def best(self) -> ModeReport | None:
        """The mode with the best chance to win."""
        return max(self.modes, key=lambda m: m.win, default=None)

    def as_dict(self) -> dict:
        """Every figure exact (a fraction as text) and as a float."""
        def exact(value: Fraction | None) -> dict | None:
            return None if value is None else {"exact": str(value), "value": float(value)}

        return {"name": self.name, "points": self.points,
                "field_median_points_per_win": exact(self.median), "modes": [
                    {"mode": m.mode, "opponents": m.weight, "win": exact(m.win),
                     "loss": exact(m.loss), "points_per_win": exact(self.points_per_win(m)),
                     "fair_points": exact(self.fair_points(m)), "skipped": list(m.skipped),
                     "designs": [{"names": list(f.names), "count": f.count,
                                  "win": exact(f.win), "loss": exact(f.loss)}
                                 for f in m.faced]}
                    for m in self.modes]}


def matchups_of(game: GameSystem, file: str | Path | None = None) -> Matchups:
    """The system's matchups; an input error for a system without matchup odds."""
    found = game.capability(Matchups)
    if found is None:
        raise InputError(f"{game.TITLE} has no matchup odds (its rules make none exact)",
                         file=file, field="system")
    return found
