"""A brute force of one OpenTactics assault, written from the rules text and the design
note on matchup odds, sharing no code with the engine (it reads the units' final values
only): every ordered die, every choice of every player at every turn, each ability by
name. Small pools only: it is exponential.

The game, in order: B's Degrade; A's assault (a variant, elemental types added); B's
Stealth; B's retaliation; the roll; the choices spanning both tests (Duelist, the higher
ground's pool; A's first, each unit's Duelist before its higher ground; with
`Assault.late`, the higher ground's where the rules put it, in the re-roll phase); each unit's
roll-phase abilities (A's first, in any order, each optional); the bump phase (turn by
turn over both tests, one bump a turn); Hex (A's, B's); the re-roll phase (turn by turn,
one re-roll a turn); Venomous (A's, B's); the tally; saves. Every choice maximises its
chooser's key: the net (enemy defeated less self defeated, after saves), then its own
kills, then the other's, then the chance both fall.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations, product

from tests.systems.opentactics.brute_game import (
    A_DEF,
    A_OFF,
    B_DEF,
    B_OFF,
    Assault,
    Trial,
    key,
)

ELEMENT_OFF = {"fire": {"frost", "wood"}, "frost": {"water"}, "lightning": {"tech", "water"},
               "water": {"fire", "earth"}}
ELEMENT_DEF = {"earth": {"fire", "lightning"}, "wood": {"frost", "water"}}
SAVES = {"cavalry": {"infantry": 2}, "monster": {"infantry": 3, "cavalry": 2},
         "vehicle": {"infantry": 5, "cavalry": 4, "monster": 3},
         "behemoth": {"infantry": 5, "cavalry": 5, "monster": 4, "vehicle": 3}}
TACTICAL = {"infantry", "cavalry", "monster", "vehicle", "behemoth"}


@dataclass(frozen=True)
class Side:
    """A unit as the brute force reads it: its pools and range in the skill."""

    off: int
    off_bumps: tuple[int, ...]
    dfn: int
    def_bumps: tuple[int, ...]
    reach: int
    arcane: int
    athletics: int
    flies: bool
    types: frozenset[str]
    abilities: tuple[tuple[str, int], ...]

    def has(self, name: str) -> bool:
        return any(n == name for n, _ in self.abilities)

    def rank(self, name: str) -> int:
        return next(r for n, r in self.abilities if n == name)


def side_of(assessment, skill: str) -> Side:
    final = assessment.final
    off, dfn = final.pools[(skill, "off")], final.pools[(skill, "def")]
    return Side(off.dice, tuple(off.bumps), dfn.dice, tuple(dfn.bumps), final.ranges[skill],
                final.ranges["arcane"], final.athletics, final.flies,
                frozenset(t.name.casefold() for t in final.types),
                tuple((p.choice.name, p.choice.rank or 1) for p in final.abilities))


def assault(a: Side, b: Side, skill: str, dist: int, terms: dict, retaliation: str):
    """(b tallied, a tallied, both tallied, fall_a, fall_b) of the assault as played,
    or None when A cannot make it."""
    candidates = [None]
    if b.has("Degrade") and dist == 1 and not terms.get("charge"):
        candidates += [n for n, _ in a.abilities]
    best = None
    for negated in candidates:
        a2 = replace(a, abilities=tuple(x for x in a.abilities if x[0] != negated))
        found = _attack(a2, b, skill, dist, terms, retaliation)
        if found is None:
            if negated is None:
                return None
            found = (Fraction(0),) * 3 + (Fraction(1), Fraction(1))
        if best is None or key(found[:3], 1, found[3], found[4]) > key(best[:3], 1, best[3],
                                                                          best[4]):
            best = found
    return best


def _attack(a: Side, b: Side, skill: str, dist: int, terms: dict, retaliation: str):
    variants = [v for v in ("Aurora", "Shock", "Freeze") if skill == "arcane" and a.has(v)]
    forced = [v for v in variants if terms.get(v.lower())]
    if any(terms.get(v.lower()) and v not in variants for v in ("Aurora", "Shock", "Freeze")):
        return None  # the term asks for an assault A cannot make
    kinds = forced or [None, *variants]
    addable = sorted(t for t in a.types if t in ELEMENTAL_ADD)
    best = None
    for kind in kinds:
        for n in range(len(addable) + 1):
            for added in combinations(addable, n):
                found = _answered(a, b, skill, dist, terms, retaliation, kind, set(added))
                if found is not None and (best is None or key(found[:3], 0, found[3],
                                          found[4]) > key(best[:3], 0, best[3], best[4])):
                    best = found
    return best


ELEMENTAL_ADD = {"fire", "frost", "lightning", "water"}


def _answered(a, b, skill, dist, terms, retaliation, kind, added):
    reach = a.reach * (2 if (skill == "ballistic" and a.has("Aim")) or kind == "Aurora"
                       else 1)
    if not 1 <= dist <= reach or not _targets(a, b, skill):
        return None
    options = []
    able = _can_answer(a, b, skill, dist, terms, kind)
    for ret in {"best": [True, False] if able else [False], "always": [able],
                "never": [False]}[retaliation]:
        options.append(_dice(a, b, skill, dist, terms, kind, added, ret))
    found = options[0]
    for other in options[1:]:
        if key(other[:3], 1, other[3], other[4]) > key(found[:3], 1, found[3], found[4]):
            found = other
    rank = b.rank("Stealth") if b.has("Stealth") and _cover(b, a, skill, terms, "b") else 0
    if rank and key((0, 0, 0), 1, found[3], found[4]) > key(found[:3], 1, found[3], found[4]):
        kept = Fraction(6 - min(rank, 6), 6)
        found = (found[0] * kept, found[1] * kept, found[2] * kept, found[3], found[4])
    return found


def _targets(me: Side, enemy: Side, skill: str) -> bool:
    if skill != "technical":
        return True
    return bool(enemy.types & {"construct", "fortification", "tech", "vehicle"}) or (
        me.has("Bio-Hack") and "living" in enemy.types)


def _cover(me: Side, enemy: Side, skill: str, terms: dict, letter: str) -> bool:
    return bool(terms.get(f"cover_{letter}")) and not (skill == "ballistic"
                                                      and enemy.has("Sharpshooter"))


def _off_dice(me: Side, enemy: Side, skill, dist, terms, me_a: bool, kind) -> int:
    n = me.off
    if me_a and kind in ("Aurora", "Shock"):
        n = max(0, n - 1)
    if me_a and enemy.has("Blinding Light") and dist <= enemy.arcane:
        n = max(0, n - 1)
    if enemy.has("Cypher") and skill == "arcane" and dist == 1:
        n = max(0, n - enemy.rank("Cypher"))
    if enemy.has("Weaken") and skill == "melee" and "living" in me.types \
            and dist <= enemy.arcane:
        n = max(0, n - 1)
    if terms.get("higher_b" if me_a else "higher_a") and n > 1:
        n -= 1
    return n


def _def_dice(me: Side, enemy: Side, skill, dist) -> int:
    n = me.dfn
    if enemy.has("Exploit") and skill in ("melee", "ballistic") and dist == 1 and n > 1:
        n -= 1
    return n


def _can_answer(a, b, skill, dist, terms, kind) -> bool:
    return (_off_dice(b, a, skill, dist, terms, False, kind) > 0 and b.reach >= dist
            and _targets(b, a, skill))


def _saves(me: Side, enemy: Side, skill: str, dist: int, me_b: bool, ret: bool) -> Fraction:
    """The chance `me`, tallied, stays defeated: each save its own d6."""
    values = []
    if skill in ("melee", "ballistic"):
        mine, theirs = me.types & TACTICAL, enemy.types & TACTICAL
        best = max((SAVES.get(x, {}).get(y, 0) for x in mine for y in theirs), default=0)
        if best:
            values.append(best)
        if me.has("Regeneration"):
            values.append(3)
    if skill != "arcane" and me.has("Phase") and not enemy.has("Phase"):
        values.append(3)
    if me_b and me.flies and not enemy.flies and not ret and me.athletics > dist:
        values.append(me.athletics - dist)
    lower = (("monster" in me.types and enemy.has("Monster Slayer"))
             + ("vehicle" in me.types and enemy.has("Anti-Armor")))
    out = Fraction(1)
    for v in values:
        out *= 1 - Fraction(min(max(v - lower, 0), 6), 6)
    return out


def _dice(a, b, skill, dist, terms, kind, added, ret):
    melee, saved = skill == "melee", skill in ("melee", "ballistic")
    cover_a, cover_b = _cover(a, b, skill, terms, "a"), _cover(b, a, skill, terms, "b")
    n = [_off_dice(a, b, skill, dist, terms, True, kind), _def_dice(b, a, skill, dist),
         _off_dice(b, a, skill, dist, terms, False, kind) if ret else 0,
         _def_dice(a, b, skill, dist) if ret else 0]
    bumps = [list(a.off_bumps), list(b.def_bumps), list(b.off_bumps), list(a.def_bumps)]
    if a.has("Ambush") and terms.get("ambush"):
        bumps[A_OFF].append(2)
    if a.has("Powerful Charge") and melee and terms.get("charge"):
        bumps[A_OFF].append(1)
    if kind == "Freeze":
        bumps[A_OFF].append(-1)
    if b.has("Guerrilla") and saved and cover_b:
        bumps[B_DEF].append(1)
    if a.has("Guerrilla") and saved and cover_a:
        bumps[A_DEF].append(1)
    no_sup_b, no_sup_a = a.has("Crowd Fighter") and melee, b.has("Crowd Fighter") and melee
    rr = [0 if no_sup_a else terms.get("support_off_a", 0),
          (0 if no_sup_b else terms.get("support_def_b", 0)) + cover_b,
          0 if no_sup_b else terms.get("support_off_b", 0),
          (0 if no_sup_a else terms.get("support_def_a", 0)) + cover_a]
    kinds = set(added) | {"aurora": {"light"}, "shock": {"lightning"},
                          "freeze": {"frost"}}.get((kind or "").lower(), set())
    typed_off = any(ELEMENT_OFF.get(k, set()) & b.types for k in kinds)
    twice_def = any(ELEMENT_DEF.get(t, set()) & kinds for t in b.types)
    by_ability = ((kind == "Aurora" and bool(b.types & {"dark", "troll", "undead"}))
                  or (kind == "Shock" and bool(b.types & {"living", "tech"})))
    twice_off = by_ability or (typed_off and not twice_def)
    bump0 = tuple(tuple(sorted(x)) for x in bumps)
    crosses = []
    win1 = {0: [], 1: []}  # test 1's windows: A (its OFF side, 0), then B (DEF, 1)
    win2 = {1: [], 0: []}  # test 2's: A (its DEF side, 1), then B (OFF, 0)
    for me, who in ((a, 0), (b, 1)):
        alone = not terms.get("support_def_b" if who == 0 else "support_def_a")
        if me.has("Duelist") and melee and alone:
            if ret:
                crosses.append(("duel", who, (B_DEF, B_OFF) if who == 0 else (A_OFF, A_DEF)))
            else:
                win1[who].append(("one", (1 - who,)))  # the enemy's pool in test 1
        if terms.get("higher_a" if who == 0 else "higher_b"):
            mine = (A_OFF, A_DEF) if who == 0 else (B_DEF, B_OFF)
            if ret:
                crosses.append(("high", who, mine))
            else:
                rr[mine[0]] += 1
        if me.has("Frenzy") and melee:
            (win1[0] if who == 0 else win2[0]).append(("all", (0,)))
        if me.has("Stout") and saved:
            (win2[1] if who == 0 else win1[1]).append(("all", (1,)))
        if me.has("Fate Weaver"):
            own, other = (win1, win2) if who == 0 else (win2, win1)
            own[0].append(("one", (0, 1)))  # its own test, as its OFF side
            if dist <= me.arcane:
                other[1].append(("one", (0, 1)))
    fa, fb = _saves(a, b, skill, dist, False, ret), _saves(b, a, skill, dist, True, ret)
    # one choice spanning both tests is made in view: the higher ground's, else A's;
    # each other names its test before the roll, its holder's best, A's first
    in_view = next((c for c in crosses if c[0] == "high"), next(iter(crosses), None))
    named = sorted((c for c in crosses if c is not in_view), key=lambda c: c[1])

    def play(named, win1, win2, rr):
        if named:
            (kind, who, _), rest = named[0], named[1:]
            options = []
            for test in (1, 2):
                w1, w2 = {k: list(v) for k, v in win1.items()}, {k: list(v) for k, v in
                                                                win2.items()}
                r = list(rr)
                if kind == "high":
                    r[((A_OFF, A_DEF) if who == 0 else (B_DEF, B_OFF))[test - 1]] += 1
                elif test == 1:  # its window in test 1, on the enemy's pool there
                    w1[who].append(("one", (1 - who,)))
                else:
                    w2[1 - who].append(("one", (who,)))
                options.append(play(rest, w1, w2, r))
            return max(options, key=lambda v: key(v[:3], who, fa, fb))
        tests = [Trial(0, _order(win1, (0, 1)), (bump0[A_OFF], bump0[B_DEF]),
                       [1] if b.has("Hex") and dist <= b.arcane else [],
                       [0] if a.has("Venomous") and melee and "living" in b.types else [],
                       (twice_off, twice_def))]
        if ret:
            tests.append(Trial(1, _order(win2, (1, 0)), (bump0[B_OFF], bump0[A_DEF]),
                               [1] if a.has("Hex") and dist <= a.arcane else [],
                               [0] if b.has("Venomous") and melee and "living" in a.types
                               else [], (False, False)))
        game = Assault([in_view] if in_view else [], tests, tuple(rr), ret, fa, fb)
        total = [Fraction(0)] * 3
        count = 0
        for roll in product(range(1, 7), repeat=sum(n)):
            dice, at = [], 0
            for size in n:
                dice.append(tuple(roll[at:at + size]))
                at += size
            v = game.cross(tuple(dice), 0, (0, 0, 0, 0))
            total = [t + x for t, x in zip(total, v, strict=True)]
            count += 1
        return tuple(t / count for t in total)

    return (*play(named, win1, win2, rr), fa, fb)


def _order(windows: dict, sides: tuple) -> list:
    """The windows that have moves, A's first."""
    return [(side, tuple(windows[side])) for side in sides if windows[side]]
