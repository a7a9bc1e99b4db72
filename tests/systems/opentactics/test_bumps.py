"""The bump phase (bumps.py, dice.frontier): what a player can end the phase with, and
the phase played out with its shortcut, against the phase searched turn by turn over
whole tables (bump_tables.py) and against the brute force of a whole assault."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache

from designer.systems import EngageOptions, system
from designer.systems.opentactics import bumps
from designer.systems.opentactics.contest import Contest, Pool, Window, _window, start_table
from designer.systems.opentactics.dice import covers, frontier, settle
from tests.systems.opentactics.brute import assault, side_of
from tests.systems.opentactics.bump_tables import bump_search

OT = system("opentactics")
CATALOG = OT.bundled_catalog()


def reachable(roll: tuple[int, ...], bumps_: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Every pool a player can end the phase with: bump by bump, in every order, on
    every die (a - bump on a 1 and a + bump on a 6 do nothing), - bumps all used."""
    out: set[tuple[int, ...]] = set()

    @cache
    def go(pool: tuple[int, ...], left: tuple[int, ...]) -> None:
        if not any(b < 0 for b in left):
            out.add(pool)
        for b in set(left):
            rest = list(left)
            rest.remove(b)
            for i in range(len(pool)):
                moved = list(pool)
                moved[i] = min(6, max(1, moved[i] + b))
                go(tuple(sorted(moved, reverse=True)), tuple(rest))

    go(roll, bumps_)
    return out


def test_the_frontier_is_every_pool_no_other_covers():
    rng = random.Random(29)
    for _ in range(400):
        n = rng.randint(1, 3)
        roll = tuple(sorted((rng.randint(1, 6) for _ in range(n)), reverse=True))
        held = tuple(sorted(rng.choice([-2, -1, -1, 1, 1, 2, 3, 4, 6])
                            for _ in range(rng.randint(0, 5))))
        every = reachable(roll, held)
        top = {p for p in every if not any(q != p and covers(q, p) for q in every)}
        assert set(frontier(roll, held)) == top, (roll, held)
        assert settle(roll, held) == max(every)


def _leaf(test: Contest):
    table = start_table(test)
    for window in reversed(test.bump_windows):
        table = _window(table, window, test.off.dice, test.dfn.dice)
    return table


def test_the_phase_played_with_its_shortcut_is_the_phase_searched_turn_by_turn():
    rng = random.Random(2029)
    for _ in range(100):
        n_o, n_d = rng.randint(1, 3), rng.randint(1, 3)
        held = [tuple(sorted(rng.choice([-1, -1, 1, 1, 2, 3, 4])
                             for _ in range(rng.randint(0, 3)))) for _ in range(2)]
        hexes = tuple(Window(rng.random() < .5, (rng.choice(["one_any", "one_off",
                                                              "one_def"]),))
                      for _ in range(rng.randint(0, 1)))
        venom = (Window(rng.random() < .5, ("one_def",)),) if not hexes or rng.random() < .5 \
            else ()
        test = Contest(Pool.of(n_o, held[0], rng.randint(0, 1)),
                       Pool.of(n_d, held[1], rng.randint(0, 1)),
                       off_first=rng.random() < .5, bump_windows=hexes, end_windows=venom)
        leaf = _leaf(test)
        played = bumps.played(leaf, test.off[:2], test.dfn[:2], test.off_first)
        assert played.values() == bump_search(leaf, test).values(), test


def test_a_six_bump_pool_against_hex_and_venomous():
    # A's two Melee OFF dice hold six bumps, +1 -1 three times (the three - bumps must be
    # used; a + and a - on one die cancel unless one is lost at 1 or 6); A's Venomous
    # re-rolls one of B's DEF dice after the re-roll phase, and B's Hex one die of A's
    # test at the end of the bump phase, so which pool A makes depends on B's (a lower
    # one can be the better): the phase is played out, and the brute force plays every
    # bump on every die at every turn over every ordered roll, and agrees
    def unit(name: str, melee: dict, abilities: list[str]):
        data = {"system": "opentactics", "name": name, "types": ["Infantry", "Living"],
                "athletics": 4, "skills": {"melee": melee, "arcane": {"range": 1}},
                "abilities": abilities}
        return OT.assess(OT.parse_unit(data, CATALOG), CATALOG)

    a = unit("A", {"off_dice": 2, "off_bumps": [1, -1, 1, -1, 1, -1], "def_dice": 1,
                   "range": 1}, ["Venomous"])
    b = unit("B", {"off_dice": 1, "def_dice": 2, "def_bumps": [1], "range": 1}, ["Hex"])
    found = OT.engage(a, b, EngageOptions("melee", 1, "best", ()))
    figures = {o.key: o.value for o in found.figures}
    # B's retaliation is one die against one, nothing acting in it (B's Hex acts on A's
    # test; A's Venomous on a DEF die of B's, and B rolls none there): 15/36 = 5/12
    assert figures["b_tally"] == Fraction(12509, 23328)
    assert figures["a_tally"] == Fraction(5, 12)
    brute = assault(side_of(a, "melee"), side_of(b, "melee"), "melee", 1, {}, "best")
    assert brute is not None and brute[:2] == (Fraction(12509, 23328), Fraction(5, 12))

