"""The tests an assault is searched as (assault.py has the units and conditions): each
pool's dice, bumps and re-rolls, each window's re-rolls, the choices spanning both
tests, the tally's count-twice rules and each unit's saves."""

from __future__ import annotations

from designer.errors import InputError
from designer.systems.opentactics.assault import SAVED_SKILLS, Cross, Matchup, Move, Plan
from designer.systems.opentactics.contest import Contest, Pool, Window
from designer.systems.opentactics.dice import MAX_DICE
from designer.systems.opentactics.effects import (
    AddBump,
    AllowTarget,
    CountTwice,
    Deny,
    LowerSaves,
    Negate,
    PoolChange,
    RangeTimes,
    Reroll,
    Save,
)

PHASE_WORDS = {"roll": "at the end of the roll phase", "bump": "at the end of the bump phase",
               "reroll": "in the re-roll phase", "after_reroll": "after the re-roll phase"}


def _where(of_a: bool, ref: str) -> tuple[bool, str, int]:
    """(the unit's side is A, "off"/"def", the test) a holder's pool name points at."""
    own = ref.startswith("own")
    unit_a = of_a if own else not of_a
    side = ref.rsplit("_", 1)[1]
    test = 1 if unit_a == (side == "off") else 2
    return unit_a, side, test


POOL_WORDS = {"own_off": "its OFF", "own_def": "its DEF", "enemy_off": "the enemy's OFF",
              "enemy_def": "the enemy's DEF"}


def describe(effect: Reroll) -> str:
    """A re-roll effect in words: 're-rolls all its DEF dice at the end of the roll
    phase'."""
    when = PHASE_WORDS[effect.phase]
    if effect.each_test:
        return f"re-rolls one die of each test it reaches {when}"
    pools = " or ".join(POOL_WORDS[p] for p in effect.pools)
    if effect.dice == "all":
        return f"re-rolls all {pools} dice {when}"
    return f"re-rolls one of {pools} dice {when}"


def plan(m: Matchup, retaliates: bool) -> Plan:
    """The assault searched as tests (see the module)."""
    used: dict[str, str] = {}

    def mark(of_a: bool, name: str, what: str) -> None:
        used.setdefault(f"{'A' if of_a else 'B'}: {name}", what)

    pools = {(u, s): _pool(m, u, s, mark) for u in (True, False) for s in ("off", "def")}
    extra = {key: 0 for key in pools}
    for of_a, letter in ((True, "a"), (False, "b")):
        if not m.denied(of_a, "no_support"):
            extra[(of_a, "off")] += m.terms.get(f"support_off_{letter}", 0)
            extra[(of_a, "def")] += m.terms.get(f"support_def_{letter}", 0)
        if m.in_cover(of_a):
            extra[(of_a, "def")] += 1
    tests = {1, 2} if retaliates else {1}
    windows: dict[tuple[str, int, bool], list[str]] = {}
    crosses: list[Cross] = []
    rerolls = [(e, n, r, of_a) for of_a in (True, False)
               for e, n, r in m.active(of_a, Reroll)]
    for letter, of_a in (("a", True), ("b", False)):
        if m.terms.get(f"higher_{letter}", 0):
            rerolls.append((Reroll(effect="reroll", dice="one", pools=("own_off", "own_def"),
                                   phase="reroll"), "higher ground", 1, of_a))
    for effect, name, _, of_a in rerolls:
        _reroll(m, effect, name, of_a, tests, extra, windows, crosses, mark)
    test1 = _test(m, pools, extra, windows, 1)
    test2 = _test(m, pools, extra, windows, 2) if retaliates else None
    saves_a, saves_b = _saves(m, True, retaliates, mark), _saves(m, False, retaliates, mark)
    _mark_others(m, mark)
    negate = 0
    for negation, name, rank in m.active(False, Negate):
        if negation.effect == "negate":
            negate = max(negate, min(rank, 6))
            mark(False, name, f"negates the assault on a d6 of {min(rank, 6)} or less")
    return Plan(test1, test2, crosses, saves_a, saves_b, _lower(m, True, mark),
                _lower(m, False, mark), negate, used)


def _mark_others(m: Matchup, mark) -> None:
    """What denials, reach, targets and count-twice effects did."""
    for of_a in (True, False):
        enemy = (m.b if of_a else m.a).name
        for deny, name, _ in m.active(of_a, Deny):
            what = "support re-rolls" if deny.effect == "no_support" else "cover"
            mark(of_a, name, f"no {what} for {enemy}")
        for reach, name, _ in m.active(of_a, RangeTimes):
            if reach.skill == m.skill:
                mark(of_a, name, f"its {m.skill.title()} range x{reach.times}")
        for allow, name, _ in m.active(of_a, AllowTarget):
            enemy_types = (m.b if of_a else m.a).types
            if allow.skill == m.skill and {t.casefold() for t in allow.types} & enemy_types:
                mark(of_a, name, f"may take {enemy} as a {m.skill.title()} target")
        if of_a:
            for twice, name, _ in m.active(True, CountTwice):
                if {t.casefold() for t in twice.against} & m.b.types:
                    mark(True, name, f"its OFF results count twice against {enemy}")


def _pool(m: Matchup, of_a: bool, side: str, mark) -> tuple[int, tuple[int, ...]]:
    """A unit's dice and bumps in the skill, after every change (A's effects first)."""
    base = (m.a if of_a else m.b).final.pools[(m.skill, side)]
    dice, bumps = base.dice, list(base.bumps)
    for holder in (True, False):
        for pool_change, name, rank in m.active(holder, PoolChange):
            unit_a, pool_side, _ = _where(holder, pool_change.pool)
            if (unit_a, pool_side) != (of_a, side):
                continue
            delta = pool_change.change * (rank if pool_change.per_rank else 1)
            new = dice + delta
            dice = max(new, min(dice, pool_change.floor)) if delta < 0 else new
            mark(holder, name, f"{(m.a if of_a else m.b).name}'s {side.upper()} dice "
                               f"{delta:+d}" + (f" (not below {pool_change.floor})"
                                                if pool_change.floor else ""))
        for add_bump, name, _ in m.active(holder, AddBump):
            if _where(holder, add_bump.pool)[:2] == (of_a, side):
                bumps.append(add_bump.value)
                mark(holder, name, f"a {add_bump.value:+d} {side.upper()} bump")
    other = "b" if of_a else "a"
    if side == "off" and m.terms.get(f"higher_{other}", 0) and dice > 1:
        dice -= 1
    if dice > MAX_DICE:
        unit = m.a if of_a else m.b
        raise InputError(f"{unit.name} has {dice} {m.skill.title()} {side.upper()} dice; "
                         f"the odds are exact for at most {MAX_DICE} a pool, as the rules "
                         "allow", field=f"skills.{m.skill}.{side}_dice")
    return max(dice, 0), tuple(bumps)


def _reroll(m: Matchup, effect: Reroll, name: str, of_a: bool, tests: set[int], extra: dict,
            windows: dict, crosses: list, mark) -> None:
    """Where a re-roll effect acts: a window move or re-roll-phase re-roll per test, or a
    choice spanning both tests."""
    own_test = 1 if of_a else 2
    reached: dict[int, set[str]] = {}
    for ref in effect.pools:
        _, side, test = _where(of_a, ref)
        if test in tests:
            reached.setdefault(test, set()).add(side)
    per_test: dict[int, Move] = {}
    for test, sides in reached.items():
        distance = 0 if test == own_test else m.distance
        if effect.each_test and not m.holds(effect.when, of_a, distance):
            continue
        if effect.phase == "reroll":
            (side,) = sides  # re-roll-phase effects name the holder's own pools
            per_test[test] = (1, 0) if side == "off" else (0, 1)
        elif effect.dice == "all":
            (side,) = sides
            per_test[test] = f"all_{side}"
        else:
            per_test[test] = "one_any" if len(sides) == 2 else f"one_{next(iter(sides))}"
    if not effect.each_test:
        distance = 0 if set(reached) <= {own_test} else m.distance
        if not m.holds(effect.when, of_a, distance):
            per_test = {}
    if not per_test:
        return
    mark(of_a, name, describe(effect))
    if len(per_test) == 2 and not effect.each_test:
        crosses.append(Cross(of_a, effect.phase == "roll", per_test, name))
        return
    for test, move in per_test.items():
        if effect.phase == "reroll":
            extra[(of_a, "off" if move == (1, 0) else "def")] += 1
        else:
            windows.setdefault((effect.phase, test, of_a), []).append(move)


def _test(m: Matchup, pools: dict, extra: dict, windows: dict, test: int) -> Contest:
    maker = test == 1  # A makes test 1, B test 2
    (od, ob), (dd, db) = pools[(maker, "off")], pools[(not maker, "def")]
    off = Pool.of(od, ob, extra[(maker, "off")])
    dfn = Pool.of(dd, db, extra[(not maker, "def")])

    def side_windows(phase: str) -> tuple[Window, ...]:
        out = []
        for of_a in (True, False):  # A's first
            moves_ = windows.get((phase, test, of_a))
            if moves_:
                out.append(Window(of_a == maker, tuple(moves_)))
        return tuple(out)

    off_twice, def_twice = _twice(m) if test == 1 else (False, False)
    return Contest(off, dfn, off_twice, def_twice, test == 1, side_windows("roll"),
                side_windows("bump"), side_windows("after_reroll"))


def _twice(m: Matchup) -> tuple[bool, bool]:
    """Whether A's OFF and B's DEF results count twice in A's test."""
    kinds = set(m.added_types)
    if m.variant is not None and m.variant.assault_type:
        kinds.add(m.variant.assault_type.casefold())
    typed_off = typed_def = False
    for kind in kinds:
        entry = m.catalog.type(kind)
        if entry and entry.element and {t.casefold() for t in
                                        entry.element.doubles_off_against} & m.b.types:
            typed_off = True
    for name in m.b.types:
        entry = m.catalog.type(name)
        if entry and entry.element and {t.casefold() for t in
                                        entry.element.doubles_def_against} & kinds:
            typed_def = True
    by_ability = False
    for effect, _, _ in m.active(True, CountTwice):
        if {t.casefold() for t in effect.against} & m.b.types:
            by_ability = True
    # B's own types in conflict: B takes the favourable one, its DEF counted twice
    return by_ability or (typed_off and not typed_def), typed_def


def _saves(m: Matchup, of_a: bool, retaliates: bool, mark) -> list[int]:
    """A unit's saves when the other defeats it."""
    me, enemy = (m.a, m.b) if of_a else (m.b, m.a)
    out = []
    if m.skill in SAVED_SKILLS:
        table = {k.casefold(): {a.casefold(): v for a, v in row.items()}
                 for k, row in m.catalog.saves.items()}
        mine = [t.name.casefold() for t in me.final.types if t.category == "tactical"]
        theirs = [t.name.casefold() for t in enemy.final.types if t.category == "tactical"]
        best = max((table.get(d, {}).get(x, 0) for d in mine for x in theirs), default=0)
        if best:
            out.append(best)
    flight = me.final.athletics - m.distance
    if not of_a and me.final.flies and not enemy.final.flies and not retaliates and flight > 0:
        out.append(flight)
    for effect, name, _ in m.active(of_a, Save):
        out.append(effect.value)
        mark(of_a, name, f"a save of {effect.value} when defeated")
    return out


def _lower(m: Matchup, of_a: bool, mark) -> int:
    """How much lower a unit's saves count, from what the other holds."""
    total = 0
    for effect, name, _ in m.active(not of_a, LowerSaves):
        total += effect.by
        mark(not of_a, name, f"{(m.a if of_a else m.b).name}'s saves {effect.by} lower")
    return total


def can_retaliate(m: Matchup) -> bool:
    """B answers in the skill: OFF dice left, A within its range, A a target for it."""
    dice, _ = _pool(m, False, "off", lambda *args: None)
    return dice > 0 and m.reach(False) >= m.distance and m.may_target(False)
