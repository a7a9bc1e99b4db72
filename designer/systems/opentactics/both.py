"""The tally chances of a planned assault: A's test alone; both tests, apart when no
choice spans them; else with those choices (joint.py) made as the dice are rolled, A's
first, each unit's re-roll of a die before it places its higher-ground re-roll (which
it then does seeing the result)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from designer.systems.opentactics import joint, moves
from designer.systems.opentactics.contest import chance, roll_table
from designer.systems.opentactics.dice import rerolls, weights

if TYPE_CHECKING:
    from designer.systems.opentactics.assault import Cross, Plan
    from designer.systems.opentactics.contest import Contest
    from designer.systems.opentactics.tables import Table


def tally_chances(p: Plan, fall_a: Fraction, fall_b: Fraction
                  ) -> tuple[Fraction, Fraction, Fraction]:
    """P(B loses the tally), P(A loses it), P(both)."""
    if p.test2 is None:
        return chance(p.test1), Fraction(0), Fraction(0)
    if not p.crosses:
        b, a = chance(p.test1), chance(p.test2)
        return b, a, b * a
    den = fall_a.denominator * fall_b.denominator
    keys = joint.Keys(int(fall_a * den), int(fall_b * den))
    crosses = sorted(p.crosses, key=lambda c: (not c.by_a, not c.roll))
    tests = (p.test1, p.test2)
    if len(crosses) == 1:
        found = joint.one_choice(*(_side(tests[t], t + 1, crosses[0]) for t in (0, 1)),
                                 crosses[0].by_a, keys)
    else:
        found = _several(tests, crosses, keys)
    return found.b, found.a, found.both


def _cells(table: Table) -> list[int]:
    return [v for row in table.values() for v in row]


def _weights(test: Contest) -> list[int]:
    wd = weights(test.dfn.dice)
    return [x * y for x in weights(test.off.dice) for y in wd]


def _side(test: Contest, number: int, cross: Cross) -> joint.TestSide:
    """A test as one choice sees it: each cell's chance as it is, and with the choice
    used there the chooser's best way."""
    plain = roll_table(test)
    what = cross.per_test[number]
    if isinstance(what, tuple):
        chosen = roll_table(test, *what)
    else:
        chosen = _move(plain, what, test, high=cross.by_a == (number == 1))
    exp = max(plain.exp, chosen.exp)
    return joint.TestSide(_weights(test), _cells(plain.scaled(exp - plain.exp)),
                          _cells(chosen.scaled(exp - chosen.exp)), exp)


def _move(table: Table, move: str, test: Contest, high: bool) -> Table:
    n_o, n_d = test.off.dice, test.dfn.dice
    if move == "one_off":
        return moves.one_off(table, n_o, high)
    if move == "one_def":
        return moves.one_def(table, n_d, high)
    return moves.choose([moves.one_off(table, n_o, high), moves.one_def(table, n_d, high)],
                        high)


def _several(tests: tuple[Contest, Contest], crosses: list[Cross], keys: joint.Keys
             ) -> joint.Vector:
    """Choices in turn: the search over classes of states (joint.choices)."""
    tables: dict = {}

    def table(t: int, flags: frozenset) -> Table:
        key = (t, flags)
        if key not in tables:
            xo = sum(crosses[k].per_test[t + 1][0] for k in flags)
            xd = sum(crosses[k].per_test[t + 1][1] for k in flags)
            tables[key] = roll_table(tests[t], xo, xd)
        return tables[key]

    tokens = [k for k, c in enumerate(crosses) if not c.roll]
    flag_sets = [frozenset(s) for s in _subsets(tokens)]
    exps = tuple(max(table(t, f).exp for f in flag_sets) for t in (0, 1))
    values: dict = {}

    def value(t: int, cell: int, flags: frozenset) -> int:
        key = (t, flags)
        if key not in values:
            tab = table(t, flags)
            values[key] = _cells(tab.scaled(exps[t] - tab.exp))
        return values[key][cell]

    def options_of(k: int):
        cross = crosses[k]

        def options(t: int, cell: int, flags: frozenset) -> list[joint.Option]:
            what = cross.per_test.get(t + 1)
            if what is None:
                return []
            if not cross.roll:
                return [joint.Option(flag=k)]
            return [joint.Option(rolls=tuple(_rolls(tests[t], cell, what)))]

        return options

    steps = [joint.Step(c.by_a, options_of(k), c.roll) for k, c in enumerate(crosses)]
    return joint.choices(steps, (_weights(tests[0]), _weights(tests[1])), value, exps, keys)


def _rolls(test: Contest, cell: int, move: str) -> list[tuple[int, ...]]:
    """The six cells each die a move may re-roll leads to."""
    n_cols = len(weights(test.dfn.dice))
    o, d = divmod(cell, n_cols)
    out = []
    if move in ("one_off", "one_any"):
        out += [tuple(k * n_cols + d for k in kids) for kids in rerolls(test.off.dice)[o]]
    if move in ("one_def", "one_any"):
        out += [tuple(o * n_cols + k for k in kids) for kids in rerolls(test.dfn.dice)[d]]
    return out


def _subsets(items: list[int]) -> list[list[int]]:
    out: list[list[int]] = [[]]
    for item in items:
        out += [[*s, item] for s in out]
    return out
