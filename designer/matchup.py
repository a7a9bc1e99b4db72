"""Points efficiency: what a unit buys on the table for what the tally charges.

A unit meets a field (its system's bundled example units, or the units of a roster) in
each mode it can attack with (a skill, a weapon), through the system's `engage`. For a
mode: the mean chance to defeat an opponent (an expected win per engagement), the mean
chance to fall, and the points per expected win (points / mean chance to win): the
points a design spends for each opponent it defeats, comparable between two designs of
the same system. A force is the same across its units.

Fair points: the field's units attack the field too; the median of their points per
win (each unit counted as often as the field holds it) is what the field pays for a
win, so a unit's fair points are that median times its chance to win, beside its
actual points: above them it is cheap for what it does, below them dear.

System-neutral: every figure comes from `GameSystem.engage`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from pathlib import Path

from designer.errors import InputError
from designer.facing import FieldReport, Opponent, matchups_of
from designer.systems import (
    Assessment,
    Engagement,
    EngageOptions,
    GameSystem,
    Matchups,
    Progress,
    Retaliation,
    examples_dir,
)
from designer.words import indefinite


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


DEFAULT = EngageOptions()


def field_report(game: GameSystem, unit: Assessment, field: Sequence[Opponent],
                 options: EngageOptions = DEFAULT, median: Fraction | None = None
                 ) -> FieldReport:
    """`unit` against the field in each mode it has (or only `options.mode`)."""
    from designer.field import FieldWork

    return FieldWork(game, field, options).report(unit, median)


def force_report(game: GameSystem, units: Iterable[Assessment], field: Sequence[Opponent],
                 options: EngageOptions = DEFAULT, progress: Progress | None = None
                 ) -> list[FieldReport]:
    """Each unit of a force against the field, with the field's median points per win;
    each design worked once, however many units share it."""
    from designer.field import FieldWork

    work = FieldWork(game, field, options, progress)
    units = list(units)
    work.plan(units)
    median = work.median()
    return [work.report(unit, median) for unit in units]


# --- what the shells read: files, options -----------------------------------------------

MAX_RANGE = 999


def engage_options(mode: str | None = None, distance: int | None = None,
                   retaliation: Retaliation = "best", terms: Sequence[str] = (),
                   game: GameSystem | None = None) -> EngageOptions:
    """Options from a shell's words: `terms` as KEY=N (the terms a system's matchups
    know, `Matchups.ENGAGE_EXTRAS`)."""
    if distance is not None and not 0 <= distance <= MAX_RANGE:
        raise InputError(f"a range is a whole number from 0 to {MAX_RANGE}", field="--range")
    extras = []
    matchups = game.capability(Matchups) if game is not None else None
    known = {key for key, _ in matchups.ENGAGE_EXTRAS} if matchups is not None else None
    for term in terms:
        key, _, value = term.partition("=")
        key = key.strip()
        if known is not None and key not in known:
            listed = ", ".join(sorted(known)) or "none"
            title = game.TITLE if game is not None else "the system"
            raise InputError(f"unknown matchup term '{key}'; {title} knows: {listed}",
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
        raise InputError(f"is {indefinite(force.game.TITLE)} roster; the unit is {game.TITLE}",
                         file=roster, field="system")
    return roster_field(force.entries), force.name


def engagements(game: GameSystem, a: Assessment, b: Assessment,
                options: EngageOptions) -> list[Engagement]:
    """A against B in `options.mode`, or in each mode that applies when none is named
    (an input error when none does)."""
    matchups = matchups_of(game)
    if options.mode is not None:
        return [matchups.engage(a, b, options)]
    out, problems = [], []
    for mode in matchups.engage_modes(a):
        try:
            out.append(matchups.engage(a, b, EngageOptions(mode, options.range,
                                                           options.retaliation,
                                                           options.extras)))
        except InputError as exc:
            problems.append(exc)
    if not out:
        if problems:
            raise problems[0]
        raise InputError(f"{a.name} has nothing to attack with", field="--skill")
    return out
