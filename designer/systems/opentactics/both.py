"""The tally chances of a planned assault: A's test alone; both tests, apart when no
choice spans them; else with that choice (joint.py) made as the dice are rolled, with
every die in view.

Where several choices span both tests (both units hold Duelist, or one holds it and the
other the higher ground), one is made with the dice in view: the higher ground's, else
A's; each other names before the roll the test it will serve (A's first, each its
holder's best), and its die is then chosen in view within that test. Searching them all
in view is a search over pairs of both tests' states: millions of pairs with three dice
a pool, far past the time a matchup may take.
"""

from __future__ import annotations

from collections import OrderedDict
from fractions import Fraction
from typing import TYPE_CHECKING

from designer.systems.opentactics import joint, moves
from designer.systems.opentactics.contest import KEPT_LOCK, Window, chance, roll_table
from designer.systems.opentactics.dice import weights

if TYPE_CHECKING:
    from designer.systems.opentactics.assault import Cross, Plan
    from designer.systems.opentactics.contest import Contest
    from designer.systems.opentactics.tables import Table

Chances = tuple[Fraction, Fraction, Fraction]
#: assaults worked with choices spanning both tests, for the next ask of the same (the
#: assault variants and elemental types A weighs often come to the same tests)
KEPT = 256
_worked: OrderedDict[tuple, Chances] = OrderedDict()


def tally_chances(p: Plan, fall_a: Fraction, fall_b: Fraction) -> Chances:
    """P(B loses the tally), P(A loses it), P(both)."""
    if p.test2 is None:
        return chance(p.test1), Fraction(0), Fraction(0)
    if not p.crosses:
        b, a = chance(p.test1), chance(p.test2)
        return b, a, b * a
    key = (p.test1, p.test2, tuple((c.by_a, c.roll, tuple(sorted(c.per_test.items())))
                                   for c in p.crosses), fall_a, fall_b)
    with KEPT_LOCK:
        found = _worked.get(key)
    if found is None:
        seen = in_view(p.crosses)
        named = [c for c in sorted(p.crosses, key=lambda c: not c.by_a) if c is not seen]
        found = _named(p.test1, p.test2, seen, named, fall_a, fall_b)
        with KEPT_LOCK:
            _worked[key] = found
            while len(_worked) > KEPT:
                _worked.popitem(last=False)
    return found


def in_view(crosses: list[Cross]) -> Cross:
    """The choice spanning both tests made with the dice in view: the higher ground's,
    else A's, else B's."""
    return next((c for c in crosses if not c.roll),
                next((c for c in crosses if c.by_a), crosses[0]))


def _named(test1: Contest, test2: Contest, in_view: Cross, named: list[Cross],
           fall_a: Fraction, fall_b: Fraction) -> Chances:
    """Each named choice's test picked by its holder (in turn), then the one in view."""
    if not named:
        den = fall_a.denominator * fall_b.denominator
        keys = joint.Keys(int(fall_a * den), int(fall_b * den))
        found = joint.one_choice(_side(test1, 1, in_view), _side(test2, 2, in_view),
                                 in_view.by_a, keys)
        return found.b, found.a, found.both
    cross, rest = named[0], named[1:]
    options = []
    for number in (1, 2):
        tests = [test1, test2]
        tests[number - 1] = _serving(tests[number - 1], number, cross)
        first, second = tests
        options.append(_named(first, second, in_view, rest, fall_a, fall_b))
    return max(options, key=lambda v: _key(v, cross.by_a, fall_a, fall_b))


def _key(v: Chances, chooser_a: bool, fall_a: Fraction, fall_b: Fraction) -> tuple:
    b, a, both = v
    if chooser_a:
        return (fall_b * b - fall_a * a, fall_b * b, b, -a, -both)
    return (fall_a * a - fall_b * b, fall_a * a, a, -b, -both)


def _serving(test: Contest, number: int, cross: Cross) -> Contest:
    """The test with a named choice acting in it: one more re-roll, or a move in its
    holder's window at the end of the roll phase."""
    what = cross.per_test[number]
    if isinstance(what, tuple):
        off = test.off._replace(rerolls=test.off.rerolls + what[0])
        dfn = test.dfn._replace(rerolls=test.dfn.rerolls + what[1])
        return test._replace(off=off, dfn=dfn)
    off_side = cross.by_a == (number == 1)
    windows = list(test.windows)
    mine = [i for i, w in enumerate(windows) if w.off_side == off_side]
    if mine:
        windows[mine[0]] = Window(off_side, (*windows[mine[0]].moves, what))
    else:  # A's window first: A is the OFF side of test 1 and the DEF side of test 2
        a_side = number == 1
        windows.insert(0 if off_side == a_side else len(windows), Window(off_side, (what,)))
    return test._replace(windows=tuple(windows))


def _cells(table: Table) -> list[int]:
    return [v for row in table.values() for v in row]


def _weights(test: Contest) -> list[int]:
    wd = weights(test.dfn.dice)
    return [x * y for x in weights(test.off.dice) for y in wd]


def _side(test: Contest, number: int, cross: Cross) -> joint.TestSide:
    """A test as one choice sees it: each cell's chance as it is, and with the choice
    used there the chooser's best way."""
    what = cross.per_test[number]
    if isinstance(what, tuple):  # one re-roll more: one search gives both counts
        plain = roll_table(test, also=(what,))
        chosen = roll_table(test, *what)
    else:
        plain = roll_table(test)
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


def forget() -> None:
    """Forget the assaults worked so far."""
    with KEPT_LOCK:
        _worked.clear()
