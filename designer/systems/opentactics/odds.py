"""The exact odds of an OpenTactics assault: unit A attacks unit B in one skill.

An assault is A's test (A's OFF against B's DEF) and, when B retaliates, B's test (B's
OFF against A's DEF), rolled at once (contest.py works each; joint.py the choices that
span both). Every "may" goes to the choice that serves its chooser best, by the net
(the enemy's chance to be defeated less its own, after saves), ties keeping more of its
own kills (the design note on matchup odds), in the order the rules give:

1. B's Degrade (A activated next to it): one of A's abilities negated, B's pick;
2. A's assault: a regular one or a variant (Aurora, Shock, Freeze; a term forces one),
   with any elemental types A may add;
3. B's Stealth (in cover): B rolls its d6 when the assault favours A;
4. B's retaliation (`--retaliation best`, the default; or always, never);
5. the dice: the choices spanning both tests (the higher ground's re-roll, Duelist's
   die) made as the dice are rolled with every die in view (where there are two, one
   in view and the other naming its test before the roll: both.py), then each test by
   itself, its OFF side playing for the tally and its DEF side against it.

The matchup's terms (EngageOptions.extras, the keys OpenTactics.ENGAGE_EXTRAS lists):
support re-rolls, cover, higher ground, and what two unit files cannot show: `charge`,
`ambush`, and `aurora`/`shock`/`freeze` to make A choose that variant.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import combinations
from typing import TYPE_CHECKING

from designer.errors import InputError
from designer.systems import Engagement, EngageOptions
from designer.systems.opentactics.assault import Matchup, Result, Unit
from designer.systems.opentactics.catalog import SKILLS
from designer.systems.opentactics.effects import Negate, Variant
from designer.systems.opentactics.plan import can_retaliate, plan

if TYPE_CHECKING:
    from designer.systems import Assessment
    from designer.systems.opentactics.assault import Plan
    from designer.systems.opentactics.catalog import Catalog
    from designer.systems.opentactics.fold import Final

#: the most each matchup term may be
LIMITS = {"support_off_a": 6, "support_def_a": 6, "support_off_b": 6, "support_def_b": 6}
FLAG_LIMIT = 1
VARIANT_TERMS = ("aurora", "shock", "freeze")


def modes(assessment: Assessment) -> tuple[str, ...]:
    """The skills the unit can assault with: OFF dice and a range of 1 or more."""
    final: Final = assessment.final
    return tuple(s for s in SKILLS
                 if final.pools[(s, "off")].dice > 0 and final.ranges[s] >= 1)


def _extras(options: EngageOptions, known: set[str]) -> dict[str, int]:
    values = {}
    for key, value in options.extras:
        if key not in known:
            raise InputError(f"unknown matchup term '{key}'; known: {', '.join(sorted(known))}",
                             field="--set")
        top = LIMITS.get(key, FLAG_LIMIT)
        if not 0 <= value <= top:
            raise InputError(f"{key} is {value}; give a whole number from 0 to {top}",
                             field="--set")
        values[key] = value
    if values.get("higher_a") and values.get("higher_b"):
        raise InputError("only one unit can hold the higher ground; set higher_a or "
                         "higher_b, not both", field="--set")
    return values


def engage(a: Assessment, b: Assessment, options: EngageOptions, catalog: Catalog,
           known: set[str]) -> Engagement:
    """The exact odds of A assaulting B (see the module's docstring)."""
    from designer.systems.opentactics.report import engagement

    usable = modes(a)
    skill = (options.mode or (usable[0] if usable else "melee")).casefold()
    if skill not in SKILLS:
        raise InputError(f"unknown skill '{options.mode}'; choose one of: {', '.join(SKILLS)}",
                         field="--skill")
    if skill not in usable:
        raise InputError(f"{a.name} cannot assault in {skill.title()} (that needs OFF dice "
                         "and a range of 1 or more)", field="--skill")
    distance = 1 if options.range is None else options.range
    if distance < 1:
        raise InputError(f"{distance} is no range for an assault; give 1 or more",
                         field="--range")
    terms = _extras(options, known)
    unranked = catalog.costs.unranked_rank
    base = Matchup(Unit.of(a.name, a.final, unranked), Unit.of(b.name, b.final, unranked),
                   skill, distance, terms, catalog)
    degrade = any(e.effect == "degrade" for e, _, _ in base.active(False, Negate))
    candidates: list[str | None] = [None]
    if degrade:
        candidates += [x.name for x, _ in base.a.abilities if x.assault]
    best: Result | None = None
    for name in candidates:  # B's pick; ties keep the first (nothing negated)
        found = _assault(replace(base, negated=name), options.retaliation)
        if found is None:
            if name is None:
                raise _why_not(base)
            found = _nothing(replace(base, negated=name))
        if best is None or found.key(False) > best.key(False):
            best = found
    assert best is not None
    return engagement(best, degrade, options.retaliation)


def _nothing(m: Matchup) -> Result:
    """Negating an ability leaves A no assault to make: nothing happens."""
    zero = Fraction(0)
    return Result(zero, zero, zero, Fraction(1), Fraction(1), False, None, m)


def _why_not(m: Matchup) -> InputError:
    """Why A cannot make this assault at all."""
    if not 1 <= m.distance <= max(m.reach(True), _variant_reach(m)):
        return InputError(f"{m.a.name}'s {m.skill.title()} range is {m.reach(True)}; "
                          f"{m.distance} is out of it", field="--range")
    return InputError(f"Technical assaults target Construct, Fortification, Tech or Vehicle "
                      f"units unless an ability allows more; {m.b.name} is none",
                      field="--skill")


def _variant_reach(m: Matchup) -> int:
    return max((replace(m, variant=v).reach(True) for v in _variants(m)), default=0)


def _variants(m: Matchup) -> list[Variant]:
    """A's assault variants in this skill whose conditions hold."""
    return [e for x, _ in m.abilities(True) for e in x.assault or ()
            if isinstance(e, Variant) and e.skill == m.skill and m.holds(e.when, True)]


def _assault(m: Matchup, retaliation: str) -> Result | None:
    """A's best assault given B's answers; None when A cannot make it."""
    variants = _variants(m)
    forced = [v for v in variants if m.terms.get(v.term, 0)]
    if len(forced) > 1:
        raise InputError(f"{', '.join(v.term for v in forced)} each force a different "
                         "assault; set one", field="--set")
    for term in (t for t in VARIANT_TERMS if m.terms.get(t)):
        if term not in {v.term for v in variants}:
            if term in {v.term for v in _variants(replace(m, negated=None))}:
                return None  # Degrade negated the assault the term asks for
            raise InputError(f"{term}=1 asks for an assault {m.a.name} cannot make in "
                             f"{m.skill.title()}", field="--set")
    kinds: list[Variant | None] = [*forced] if forced else [None, *variants]
    addable = sorted(t.casefold() for t in m.a.types
                     if (entry := m.catalog.type(t)) and entry.element
                     and entry.element.may_add)
    best: Result | None = None
    for kind in kinds:
        for n in range(len(addable) + 1):
            for added in combinations(addable, n):
                option = replace(m, variant=kind, added_types=frozenset(added))
                if not (1 <= option.distance <= option.reach(True)
                        and option.may_target(True)):
                    continue
                found = _answered(option, retaliation)
                if found is not None and (best is None or found.key(True) > best.key(True)):
                    best = found
    return best


def _answered(m: Matchup, retaliation: str) -> Result:
    """The assault as B answers it: Stealth, then retaliation."""
    able = can_retaliate(m)
    choices = {"best": [True, False] if able else [False], "always": [able],
               "never": [False]}[retaliation]
    results = [_worked(m, plan(m, retaliates), retaliates) for retaliates in choices]
    found = results[0]
    for other in results[1:]:  # ties: B retaliates (listed first)
        if other.key(False) > found.key(False):
            found = other
    if found.plan is not None and found.plan.negate:
        kept = Fraction(6 - found.plan.negate, 6)
        nothing = (Fraction(0),) * 5
        if nothing > found.key(False):
            found = replace(found, b=found.b * kept, a=found.a * kept,
                            both=found.both * kept, stealth=True)
    return found


def _worked(m: Matchup, p: Plan, retaliates: bool) -> Result:
    from designer.systems.opentactics.both import tally_chances

    fall_a, fall_b = p.falls(True), p.falls(False)
    b, a, both = tally_chances(p, fall_a, fall_b)
    return Result(b, a, both, fall_a, fall_b, retaliates, p, m)


def clear_caches() -> None:
    """Forget every worked value (for timing a cold query)."""
    from designer.systems.opentactics import both, contest, dice, reroll

    contest.forget()
    both.forget()
    reroll.tally_table.cache_clear()
    dice.forget()
