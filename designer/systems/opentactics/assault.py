"""One assault between two units made into what the odds search: A's test, B's
retaliation test, the choices spanning both, and each unit's saves, from the units'
pools, the matchup terms and every effect the catalog declares (effects.py) whose
conditions hold. Nothing here names an ability: a house rule is a catalog edit.

The readings (the design note on matchup odds): retaliating is not making an assault;
simultaneous abilities act A's first; pool reductions stop at 0 dice unless an effect
gives a floor, and the higher ground's own reduction (never below one die) comes last;
only A's test is typed (elemental types, count twice), and where B's elemental types
conflict B takes the favourable one (its DEF counted twice).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, TypeVar

from designer.systems.opentactics.contest import Contest
from designer.systems.opentactics.effects import (
    AllowTarget,
    Deny,
    Plain,
    RangeTimes,
    Reroll,
    Variant,
    When,
)

if TYPE_CHECKING:
    from designer.systems.opentactics.catalog import Ability, Catalog
    from designer.systems.opentactics.fold import Final

TECH_TARGETS = frozenset({"construct", "fortification", "tech", "vehicle"})
SAVED_SKILLS = ("melee", "ballistic")

E = TypeVar("E")  # a kind of effect
#: what a choice spanning both tests does in one: (extra OFF, extra DEF) re-rolls, or a
#: move in its holder's window ("all_off", "one_any", ...)
Move = tuple[int, int] | str


@dataclass(frozen=True)
class Unit:
    """A unit in the assault: its final values, its catalog abilities with their ranks,
    and its types (case-folded)."""

    name: str
    final: Final
    abilities: tuple[tuple[Ability, int], ...]
    types: frozenset[str]

    @classmethod
    def of(cls, name: str, final: Final, unranked: int = 1) -> Unit:
        picked = tuple((p.entry, p.choice.rank or unranked) for p in final.abilities
                       if p.entry is not None and not p.choice.custom)
        return cls(name, final, picked, frozenset(t.name.casefold() for t in final.types))

    def has(self, ability: str) -> bool:
        return any(a.name.casefold() == ability.casefold() for a, _ in self.abilities)


@dataclass(frozen=True)
class Cross:
    """A choice spanning both tests: a re-roll of one die at the end of the roll phase
    (`roll`), or one more re-roll in the re-roll phase placed in either test; per test
    (1, 2) what it does there: a window move, or (extra OFF, extra DEF) re-rolls."""

    by_a: bool
    roll: bool
    per_test: dict[int, Move]
    source: str


@dataclass
class Plan:
    """What the odds search for one way the assault goes."""

    test1: Contest
    test2: Contest | None
    crosses: list[Cross]
    saves_a: list[int]
    saves_b: list[int]
    lower_a: int
    lower_b: int
    negate: int  # Stealth: the assault is negated on a d6 at or under this
    used: dict[str, str] = field(default_factory=dict)  # "A: Ability" -> what it did

    def falls(self, a: bool) -> Fraction:
        """The chance a unit, tallied, stays defeated through its saves."""
        out = Fraction(1)
        lower = self.lower_a if a else self.lower_b
        for value in (self.saves_a if a else self.saves_b):
            out *= 1 - Fraction(min(max(value - lower, 0), 6), 6)
        return out


@dataclass
class Matchup:
    """The fixed terms of the assault: who, the skill, the distance, the --set terms,
    the assault variant and types A chose, and which of A's abilities B negated."""

    a: Unit
    b: Unit
    skill: str
    distance: int
    terms: dict[str, int]
    catalog: Catalog
    variant: Variant | None = None
    added_types: frozenset[str] = frozenset()
    negated: str | None = None

    def abilities(self, of_a: bool) -> list[tuple[Ability, int]]:
        unit = self.a if of_a else self.b
        return [(x, r) for x, r in unit.abilities
                if not (of_a and self.negated and x.name == self.negated)]

    def effects(self, of_a: bool) -> list[tuple[Plain, str, int]]:
        """(effect, ability name, rank) of a unit, the chosen variant's among A's."""
        out: list[tuple[Plain, str, int]] = []
        for ability, rank in self.abilities(of_a):
            for effect in ability.assault or ():
                if isinstance(effect, Variant):
                    if of_a and effect is self.variant:
                        out += [(inner, ability.name, rank) for inner in effect.effects]
                    continue
                out.append((effect, ability.name, rank))
        return out

    def label(self, of_a: bool) -> str:
        """A unit's name, with (A) or (B) when both units share it."""
        unit = self.a if of_a else self.b
        if self.a.name != self.b.name:
            return unit.name
        return f"{unit.name} ({'A' if of_a else 'B'})"

    def variant_name(self) -> str:
        """The ability whose assault variant A makes."""
        return next((x.name for x, _ in self.a.abilities
                     if self.variant in (x.assault or ())), "variant")

    def unmet(self, when: When, of_a: bool) -> str:
        """Why an effect does not apply here (the first condition that fails), or ""."""
        enemy = self.b if of_a else self.a
        letter = "a" if of_a else "b"
        checks = (
            (not when.skills or self.skill in when.skills,
             f"only in {' or '.join(s.title() for s in when.skills)} assaults"),
            (when.role == "any" or (when.role == "assaulting") == of_a,
             "only when it makes the assault" if when.role == "assaulting"
             else "only when it is the target"),
            (not when.adjacent or self.distance == 1, "only at range 1"),
            (not when.within_arcane_range or self.distance <= self.arcane_range(of_a),
             f"only within its Arcane range ({self.arcane_range(of_a)})"),
            (not when.enemy_types or bool({t.casefold() for t in when.enemy_types}
                                          & enemy.types),
             f"only against {' or '.join(when.enemy_types)} units"),
            (when.enemy_lacks is None or not enemy.has(when.enemy_lacks),
             f"not against a unit with {when.enemy_lacks}"),
            (not when.enemy_alone or self.terms.get(
                f"support_def_{'b' if of_a else 'a'}", 0) == 0,
             "only against an enemy without adjacent allies"),
            (not when.in_cover or self.in_cover(of_a),
             f"only in cover (cover_{letter}=1)"),
            (when.term is None or self.terms.get(when.term, 0) >= 1,
             f"needs {when.term}=1"),
            (when.not_term is None or self.terms.get(when.not_term, 0) == 0,
             f"not with {when.not_term}=1"),
        )
        return next((why for ok, why in checks if not ok), "")

    def arcane_range(self, of_a: bool) -> int:
        return (self.a if of_a else self.b).final.ranges["arcane"]

    def holds(self, when: When, of_a: bool, distance: int | None = None) -> bool:
        """Whether a holder's effect applies; `distance` to the unit concerned (the
        enemy, or the unit making a test)."""
        enemy = self.b if of_a else self.a
        far = self.distance if distance is None else distance
        checks = (
            not when.skills or self.skill in when.skills,
            when.role == "any" or (when.role == "assaulting") == of_a,
            not when.adjacent or self.distance == 1,
            not when.within_arcane_range or far <= self.arcane_range(of_a),
            not when.enemy_types or bool({t.casefold() for t in when.enemy_types}
                                          & enemy.types),
            when.enemy_lacks is None or not enemy.has(when.enemy_lacks),
            not when.enemy_alone or self.terms.get(f"support_def_{'b' if of_a else 'a'}",
                                                   0) == 0,
            not when.in_cover or self.in_cover(of_a),
            when.term is None or self.terms.get(when.term, 0) >= 1,
            when.not_term is None or self.terms.get(when.not_term, 0) == 0,
        )
        return all(checks)

    def active(self, of_a: bool, kind: type[E]) -> list[tuple[E, str, int]]:
        """A unit's effects of one kind whose conditions hold."""
        return [(e, n, r) for e, n, r in self.effects(of_a)
                if isinstance(e, kind) and (isinstance(e, Reroll) or self.holds(e.when, of_a))]

    def denied(self, of_a: bool, what: str) -> bool:
        """Whether the enemy of `of_a` denies it support or cover."""
        return any(e.effect == what for e, _, _ in self.active(not of_a, Deny))

    def in_cover(self, of_a: bool) -> bool:
        return (self.terms.get("cover_a" if of_a else "cover_b", 0) >= 1
                and not self.denied(of_a, "no_cover"))

    # --- reach ---------------------------------------------------------------------------

    def reach(self, of_a: bool) -> int:
        """A unit's range in the skill: A's lengthened by its range effects (assaulting)."""
        unit = self.a if of_a else self.b
        reach = unit.final.ranges[self.skill]
        for effect, _, _ in self.active(of_a, RangeTimes):
            if effect.skill == self.skill:
                reach *= effect.times
        return reach

    def may_target(self, of_a: bool) -> bool:
        """Technical assaults only against Construct, Fortification, Tech, Vehicle, or
        the types an effect allows."""
        if self.skill != "technical":
            return True
        enemy = self.b if of_a else self.a
        allowed = set(TECH_TARGETS)
        for effect, _, _ in self.active(of_a, AllowTarget):
            if effect.skill == "technical":
                allowed |= {t.casefold() for t in effect.types}
        return bool(allowed & enemy.types)


@dataclass(frozen=True)
class Result:
    """One way the assault goes, worked: tally chances (B's, A's, both), the chances a
    tallied unit stays defeated, and what was chosen."""

    b: Fraction
    a: Fraction
    both: Fraction
    fall_a: Fraction
    fall_b: Fraction
    retaliates: bool
    plan: Plan | None
    matchup: Matchup
    stealth: bool = False

    @property
    def b_def(self) -> Fraction:
        return self.b * self.fall_b

    @property
    def a_def(self) -> Fraction:
        return self.a * self.fall_a

    def key(self, chooser_a: bool) -> tuple[Fraction, ...]:
        """What a chooser weighs: the net, then its own kills, ..."""
        if chooser_a:
            return (self.b_def - self.a_def, self.b_def, self.b, -self.a, -self.both)
        return (self.a_def - self.b_def, self.a_def, self.a, -self.b, -self.both)
