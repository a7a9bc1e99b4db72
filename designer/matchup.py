"""Points efficiency: what a unit buys on the table for what the tally charges.

A unit meets a field (its system's bundled example units, or the units of a roster) in
each mode it can attack with (a skill, a weapon), through the system's `engage`. For a
mode: the mean chance to defeat an opponent (an expected win per engagement), the mean
chance to fall, and the points per expected win (points / mean chance to win): the
points a design spends for each opponent it defeats, comparable between two designs of
the same system. A force is the same across its units.

System-neutral: every figure comes from `GameSystem.engage`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from designer.errors import InputError
from designer.systems import (
    Assessment,
    Engagement,
    EngageOptions,
    GameSystem,
    examples_dir,
)


@dataclass(frozen=True, slots=True)
class Opponent:
    """A unit of the field and how many of it (a roster's count weighs the means)."""

    name: str
    assessment: Assessment
    count: int = 1


@dataclass(frozen=True)
class ModeReport:
    """One mode against the field: each matchup that applies, and what they add up to;
    `skipped` names opponents the mode cannot attack (out of range, the wrong type)."""

    mode: str
    matchups: tuple[tuple[Opponent, Engagement], ...]
    skipped: tuple[str, ...] = ()

    @property
    def weight(self) -> int:
        return sum(o.count for o, _ in self.matchups)

    @property
    def win(self) -> Fraction:
        """The mean chance to defeat an opponent: expected wins per engagement."""
        if not self.weight:
            return Fraction(0)
        return sum((o.count * e.win for o, e in self.matchups), Fraction(0)) / self.weight

    @property
    def loss(self) -> Fraction:
        if not self.weight:
            return Fraction(0)
        return sum((o.count * e.loss for o, e in self.matchups), Fraction(0)) / self.weight


@dataclass(frozen=True)
class FieldReport:
    """A unit against a field in every mode it has; `points` is None when unpriced."""

    name: str
    points: int | None
    modes: tuple[ModeReport, ...]

    def points_per_win(self, report: ModeReport) -> Fraction | None:
        """Points per expected win in that mode; None without points or without a win."""
        if self.points is None or report.win == 0:
            return None
        return Fraction(self.points) / report.win

    @property
    def best(self) -> ModeReport | None:
        """The mode with the best chance to win."""
        return max(self.modes, key=lambda m: m.win, default=None)

    def as_dict(self) -> dict:
        """Every figure exact (a fraction as text) and as a float."""
        def exact(value: Fraction | None) -> dict | None:
            return None if value is None else {"exact": str(value), "value": float(value)}

        return {"name": self.name, "points": self.points, "modes": [
            {"mode": m.mode, "opponents": m.weight, "win": exact(m.win),
             "loss": exact(m.loss), "points_per_win": exact(self.points_per_win(m)),
             "skipped": list(m.skipped),
             "matchups": [{"opponent": o.name, "count": o.count, **e.as_dict()}
                          for o, e in m.matchups]}
            for m in self.modes]}


def require_engage(game: GameSystem, file: str | Path | None = None) -> None:
    """An input error for a system without matchup odds."""
    if not game.ENGAGES:
        raise InputError(f"{game.TITLE} has no matchup odds (its rules make none exact)",
                         file=file, field="system")


def bundled_field(game: GameSystem) -> list[Opponent]:
    """The system's bundled example units, by file name."""
    from designer.units import load_unit_file

    folder = examples_dir(game.NAME) / "units"
    out = []
    for path in sorted(folder.glob("*.yaml")):
        loaded = load_unit_file(path)
        out.append(Opponent(loaded.assessment.name, loaded.assessment))
    return out


def roster_field(entries: Iterable) -> list[Opponent]:
    """A force's readable entries (`designer.entries.ForceEntry`) as a field."""
    return [Opponent(e.assessment.name, e.assessment, e.count)
            for e in entries if not getattr(e, "broken", False)]


def mode_report(game: GameSystem, unit: Assessment, mode: str,
                field: Sequence[Opponent], options: EngageOptions) -> ModeReport:
    """`unit` attacking each of the field in `mode`; matchups that do not apply are
    skipped by name."""
    matchups, skipped = [], []
    for opponent in field:
        try:
            engagement = game.engage(unit, opponent.assessment,
                                     EngageOptions(mode, options.range, options.retaliation,
                                                   options.extras))
        except InputError:
            skipped.append(opponent.name)
            continue
        if engagement is not None:
            matchups.append((opponent, engagement))
    return ModeReport(mode, tuple(matchups), tuple(skipped))


DEFAULT = EngageOptions()


def field_report(game: GameSystem, unit: Assessment, field: Sequence[Opponent],
                 options: EngageOptions = DEFAULT) -> FieldReport:
    """`unit` against the field in each mode it has (or only `options.mode`)."""
    require_engage(game)
    modes = game.engage_modes(unit)
    if options.mode is not None:
        wanted = [m for m in modes if m.casefold() == options.mode.casefold()]
        if not wanted:
            raise InputError(f"{unit.name} cannot attack with '{options.mode}'; it can with: "
                             f"{', '.join(modes) or 'nothing'}", field="--skill")
        modes = tuple(wanted)
    points = unit.tally.total if game.PRICED else None
    return FieldReport(unit.name, points,
                       tuple(mode_report(game, unit, m, field, options) for m in modes))


def force_report(game: GameSystem, units: Iterable[Assessment], field: Sequence[Opponent],
                 options: EngageOptions = DEFAULT) -> list[FieldReport]:
    """Each unit of a force against the field."""
    return [field_report(game, unit, field, options) for unit in units]


# --- what the shells read: files, options -----------------------------------------------

MAX_RANGE = 999


def engage_options(mode: str | None = None, distance: int | None = None,
                   retaliation: bool = True, terms: Sequence[str] = (),
                   game: GameSystem | None = None) -> EngageOptions:
    """Options from a shell's words: `terms` as KEY=N (a system's ENGAGE_EXTRAS)."""
    if distance is not None and not 0 <= distance <= MAX_RANGE:
        raise InputError(f"a range is a whole number from 0 to {MAX_RANGE}", field="--range")
    extras = []
    known = {key for key, _ in game.ENGAGE_EXTRAS} if game is not None else None
    for term in terms:
        key, _, value = term.partition("=")
        key = key.strip()
        if known is not None and key not in known:
            listed = ", ".join(sorted(known)) or "none"
            raise InputError(f"unknown matchup term '{key}'; {game.TITLE} knows: {listed}",
                             field="--set")
        text = value.strip()
        digits = text[1:] if text[:1] in ("+", "-") else text
        if not (digits.isascii() and digits.isdigit()):
            raise InputError(f"write a term as KEY=N with N a whole number, not '{term}'",
                             field="--set")
        if len(digits) > 9:  # the system says what its terms allow; this is far beyond
            raise InputError(f"{key} is {text[:10]}…, a number far too large for a term",
                             field="--set")
        extras.append((key, int(text)))
    return EngageOptions(mode, distance, retaliation, tuple(extras))


def load_side(path: str | Path) -> tuple[GameSystem, list[Assessment], str]:
    """A unit file (one unit) or a roster (its readable units), its system and name."""
    from designer.io import load_mapping
    from designer.units import is_roster_data, parse_unit_data

    data = load_mapping(path, "unit or roster")
    if is_roster_data(data, path):
        from designer.roster import parse_roster

        force = parse_roster(data, file=path)
        units = [o.assessment for o in roster_field(force.entries)]
        return force.game, units, force.name
    loaded = parse_unit_data(data, file=path)
    return loaded.system, [loaded.assessment], loaded.assessment.name


def load_field(game: GameSystem, roster: str | Path | None) -> tuple[list[Opponent], str]:
    """The field a shell names: a roster's units, else the bundled examples; and a
    label for it."""
    if roster is None:
        return bundled_field(game), f"the bundled {game.TITLE} examples"
    from designer.roster import load_roster

    force = load_roster(roster)
    if force.game.NAME != game.NAME:
        raise InputError(f"is a {force.game.TITLE} roster; the unit is {game.TITLE}",
                         file=roster, field="system")
    return roster_field(force.entries), force.name


def engagements(game: GameSystem, a: Assessment, b: Assessment,
                options: EngageOptions) -> list[Engagement]:
    """A against B in `options.mode`, or in each mode that applies when none is named
    (an input error when none does)."""
    require_engage(game)
    if options.mode is not None:
        found = game.engage(a, b, options)
        return [found] if found is not None else []
    out, problems = [], []
    for mode in game.engage_modes(a):
        try:
            found = game.engage(a, b, EngageOptions(mode, options.range, options.retaliation,
                                                    options.extras))
        except InputError as exc:
            problems.append(exc)
            continue
        if found is not None:
            out.append(found)
    if not out:
        if problems:
            raise problems[0]
        raise InputError(f"{a.name} has nothing to attack with", field="--skill")
    return out
