"""A field worked design by design: units whose data differ only in their names are one
design, matched once however often a force or the field holds them; what is kept is the
chance each mode has against each design of the field, not the engagements, so a field
of a thousand entries costs what its distinct designs cost, in time and in memory.

System-neutral: every figure comes from `GameSystem.engage`."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from designer.errors import InputError
from designer.facing import (
    MEANINGFUL_WIN,
    Faced,
    FieldReport,
    ModeReport,
    Opponent,
    matchups_of,
)
from designer.systems import Assessment, EngageOptions, GameSystem, Points, Progress


@dataclass(frozen=True, slots=True)
class Design:
    """Units of the field that share their data but for their names."""

    key: str
    assessment: Assessment[Any, Any]
    names: tuple[str, ...]
    count: int


def design_key(game: GameSystem, assessment: Assessment) -> str:
    """What two units must share to be one design: their file data but the name."""
    data = dict(game.unit_data(assessment.unit))
    data.pop("name", None)
    return json.dumps(data, sort_keys=True, default=str)


def designs(game: GameSystem, field: Iterable[Opponent]) -> list[Design]:
    """The field's designs in the order they first appear, with their counts."""
    found: dict[str, Design] = {}
    for opponent in field:
        key = design_key(game, opponent.assessment)
        seen = found.get(key)
        if seen is None:
            found[key] = Design(key, opponent.assessment, (opponent.name,), opponent.count)
        else:
            names = seen.names if opponent.name in seen.names else (*seen.names,
                                                                     opponent.name)
            found[key] = replace(seen, names=names, count=seen.count + opponent.count)
    return list(found.values())


class FieldWork:
    """A field and the options of its matchups; each attacking design's mode reports
    worked once. `progress(done, total)` hears of each design pair worked."""

    def __init__(self, game: GameSystem, field: Sequence[Opponent], options: EngageOptions,
                 progress: Progress | None = None, *,
                 known: list[Design] | None = None) -> None:
        self.matchups = matchups_of(game)
        self.priced = game.capability(Points) is not None
        self.game, self.options, self.progress = game, options, progress
        self.field = known if known is not None else designs(game, field)
        self._modes: dict[str, tuple[ModeReport, ...]] = {}
        self._done, self._total = 0, 0

    def plan(self, units: Iterable[Assessment], with_median: bool = True) -> None:
        """Count the work ahead (for progress): each new attacking design against each
        design of the field."""
        keys = {design_key(self.game, u) for u in units}
        self._total = len(keys - set(self._modes)) * len(self.field)
        if with_median and self.priced:  # the field against itself, in every mode
            if self.options.mode is None:
                self._total += len({d.key for d in self.field} - keys) * len(self.field)
            else:
                self._total += len(self.field) ** 2

    def modes(self, unit: Assessment) -> tuple[ModeReport, ...]:
        """Every mode of the unit (or only the options' one) against the field."""
        key = design_key(self.game, unit)
        if key not in self._modes:
            self._modes[key] = self._work(unit)
        return self._modes[key]

    def _work(self, unit: Assessment) -> tuple[ModeReport, ...]:
        modes = self.matchups.engage_modes(unit)
        if self.options.mode is not None:
            wanted = [m for m in modes if m.casefold() == self.options.mode.casefold()]
            if not wanted:
                raise InputError(f"{unit.name} cannot attack with '{self.options.mode}'; it "
                                 f"can with: {', '.join(modes) or 'nothing'}", field="--skill")
            modes = tuple(wanted)
        faced: dict[str, list[Faced]] = {m: [] for m in modes}
        skipped: dict[str, list[str]] = {m: [] for m in modes}
        for design in self.field:
            for mode in modes:
                options = EngageOptions(mode, self.options.range, self.options.retaliation,
                                        self.options.extras)
                try:
                    found = self.matchups.engage(unit, design.assessment, options)
                except InputError:
                    skipped[mode] += design.names
                    continue
                faced[mode].append(Faced(design.names, design.count, found.win, found.loss))
            self._tick()
        return tuple(ModeReport(m, tuple(faced[m]), tuple(skipped[m])) for m in modes)

    def _tick(self) -> None:
        self._done += 1
        if self.progress is not None:
            self.progress(self._done, max(self._total, self._done))

    def report(self, unit: Assessment, median: Fraction | None = None) -> FieldReport:
        points = unit.tally.total if self.priced else None
        return FieldReport(unit.name, points, self.modes(unit), median)

    def median(self) -> Fraction | None:
        """The field's median points per win: each design attacks the field in its best
        mode (whatever mode the options name for the unit); half the field's units (by
        count) pay at most this for a win. A design winning under MEANINGFUL_WIN counts
        as never winning. None when the field is unpriced or half of it never wins."""
        if not self.priced or not self.field:
            return None
        if self.options.mode is not None:
            return FieldWork(self.game, (), replace(self.options, mode=None),
                             lambda done, total: self._tick(), known=self.field).median()
        paid: list[tuple[Fraction | None, int]] = []
        for design in self.field:
            try:
                report = self.report(design.assessment)
            except InputError:
                paid.append((None, design.count))
                continue
            best = report.best
            paid.append((None if best is None or best.win < MEANINGFUL_WIN
                         else report.points_per_win(best), design.count))
        paid.sort(key=lambda p: (p[0] is None, p[0] or 0))
        half = Fraction(sum(count for _, count in paid), 2)
        seen = 0
        for value, count in paid:
            seen += count
            if seen >= half:
                return value
        return None
