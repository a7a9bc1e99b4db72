"""The exact odds of an OpenTactics assault: unit A attacks unit B in one skill.

An assault is up to two contests rolled at once: A's OFF pool against B's DEF pool and,
when B retaliates (in range of A, with OFF dice in the skill), B's OFF pool against A's
DEF pool. The contests share no dice and no bump or re-roll touches the other's dice,
so each is worked exactly on its own (contest.py, alternating from A, the initiator)
and they are independent.

The matchup's terms (EngageOptions.extras, the keys OpenTactics.ENGAGE_EXTRAS lists):

- allied support: `support_off_a` re-rolls of OFF dice for A, `support_def_a` of DEF
  dice, the same for B (an ally adjacent to both gives one or the other);
- higher ground: `higher_a` or `higher_b` = 1: that unit re-rolls one OFF or DEF die and
  the other's OFF pool is one die smaller (never below one). With retaliation the holder
  spends it on the contest where it serves it best, chosen before the dice are rolled
  (as an ally adjacent to both must choose);
- cover: `cover_a` / `cover_b` = 1: one DEF re-roll.

A defeated unit then saves (a d6 at or under the value): the type save table, only in
Melee and Ballistic assaults, the best value its tactical types have against the
attacker's; and B, a flier attacked by a non-flier and not retaliating, a second save of
its Athletics less the range. Saves change no choice in the contests: each player's
outcome only scales with them.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from designer.errors import InputError
from designer.systems import Engagement, EngageOptions, Odds
from designer.systems.opentactics.catalog import SKILLS
from designer.systems.opentactics.contest import MAX_DICE, Pool, chance

if TYPE_CHECKING:
    from designer.systems import Assessment
    from designer.systems.opentactics.catalog import Catalog
    from designer.systems.opentactics.fold import Final

SAVED_SKILLS = ("melee", "ballistic")
TECH_TARGETS = frozenset({"construct", "fortification", "tech", "vehicle"})


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
        if not 0 <= value <= 6:
            raise InputError(f"{key} is {value}; give a whole number from 0 to 6",
                             field="--set")
        values[key] = value
    if values.get("higher_a") and values.get("higher_b"):
        raise InputError("only one unit can hold the higher ground; set higher_a or "
                         "higher_b, not both", field="--set")
    return values


def _types(final: Final) -> list[str]:
    return [t.name.casefold() for t in final.types]


def _save(catalog: Catalog, defeated: Final, attacker: Final, skill: str) -> int:
    """The type save of `defeated` against `attacker` (0: none)."""
    if skill not in SAVED_SKILLS:
        return 0
    table = {k.casefold(): {a.casefold(): v for a, v in row.items()}
             for k, row in catalog.saves.items()}
    mine = [t.name.casefold() for t in defeated.types if t.category == "tactical"]
    theirs = [t.name.casefold() for t in attacker.types if t.category == "tactical"]
    return max((table.get(d, {}).get(a, 0) for d in mine for a in theirs), default=0)


def _falls(saves: list[int]) -> Fraction:
    """The chance a defeated unit stays defeated through saves of these values."""
    out = Fraction(1)
    for value in saves:
        out *= 1 - Fraction(min(max(value, 0), 6), 6)
    return out


def _pool(final: Final, skill: str, side: str, rerolls: int, smaller: bool,
          name: str) -> Pool:
    pool = final.pools[(skill, side)]
    dice = max(1, pool.dice - 1) if smaller and pool.dice > 0 else pool.dice
    if dice > MAX_DICE:
        raise InputError(f"{name} has {dice} {skill.title()} {side.upper()} dice; the odds "
                         f"are exact for at most {MAX_DICE} a pool, as the rules allow",
                         field=f"skills.{skill}.{side}_dice")
    return Pool.of(dice, pool.bumps, rerolls)


def engage(a: Assessment, b: Assessment, options: EngageOptions, catalog: Catalog,
           known: set[str]) -> Engagement:
    """The exact odds of A assaulting B (see the module's docstring); `catalog` gives the
    save table, `known` the matchup terms there are."""
    fa: Final = a.final
    fb: Final = b.final
    usable = modes(a)
    skill = (options.mode or (usable[0] if usable else "melee")).casefold()
    if skill not in SKILLS:
        raise InputError(f"unknown skill '{options.mode}'; choose one of: {', '.join(SKILLS)}",
                         field="--skill")
    if skill not in usable:
        raise InputError(f"{a.name} cannot assault in {skill.title()} (that needs OFF dice "
                         "and a range of 1 or more)", field="--skill")
    distance = 1 if options.range is None else options.range
    if not 1 <= distance <= fa.ranges[skill]:
        raise InputError(f"{a.name}'s {skill.title()} range is {fa.ranges[skill]}; "
                         f"{distance} is out of it", field="--range")
    if skill == "technical" and not TECH_TARGETS & set(_types(fb)):
        raise InputError(f"Technical assaults target Construct, Fortification, Tech or "
                         f"Vehicle units; {b.name} is none", field="--skill")
    extra = _extras(options, known)
    notes: list[str] = []
    retaliates = (options.retaliation and fb.pools[(skill, "off")].dice > 0
                  and fb.ranges[skill] >= distance
                  and (skill != "technical" or bool(TECH_TARGETS & set(_types(fa)))))
    if options.retaliation and not retaliates:
        notes.append(f"{b.name} cannot retaliate in {skill.title()} at range {distance}")
    high_a, high_b = extra.get("higher_a", 0) > 0, extra.get("higher_b", 0) > 0

    def contests(a_any_off: bool, b_any_off: bool) -> tuple[Fraction, Fraction]:
        """P(A's OFF defeats B), P(B's OFF defeats A), higher ground's re-roll given to
        OFF (True) or DEF for each holder."""
        a_off = _pool(fa, skill, "off", extra.get("support_off_a", 0)
                      + (high_a and a_any_off), high_b, a.name)
        b_def = _pool(fb, skill, "def", extra.get("support_def_b", 0)
                      + extra.get("cover_b", 0) + (high_b and not b_any_off), False, b.name)
        hit_b = chance(a_off, b_def, True)
        if not retaliates:
            return hit_b, Fraction(0)
        b_off = _pool(fb, skill, "off", extra.get("support_off_b", 0)
                      + (high_b and b_any_off), high_a, b.name)
        a_def = _pool(fa, skill, "def", extra.get("support_def_a", 0)
                      + extra.get("cover_a", 0) + (high_a and not a_any_off), False, a.name)
        return hit_b, chance(b_off, a_def, False)

    fall_b = _falls([_save(catalog, fb, fa, skill)]
                    + ([b_flight] if (b_flight := _flight(fa, fb, distance, retaliates))
                       else []))
    fall_a = _falls([_save(catalog, fa, fb, skill)])

    def net(hits: tuple[Fraction, Fraction]) -> Fraction:
        return hits[0] * fall_b - hits[1] * fall_a

    if high_a and retaliates:
        hits = max((contests(True, False), contests(False, False)), key=net)
        notes.append("A spends its higher-ground re-roll on "
                     + ("OFF" if hits == contests(True, False) else "DEF"))
    elif high_b and retaliates:
        hits = min((contests(False, True), contests(False, False)), key=net)
        notes.append("B spends its higher-ground re-roll on "
                     + ("OFF" if hits == contests(False, True) else "DEF"))
    else:
        hits = contests(high_a, False)
    return _engagement(a, b, skill, distance, hits, fall_a, fall_b, retaliates, notes)


def _flight(fa: Final, fb: Final, distance: int, retaliates: bool) -> int:
    """B's flight save: a flier attacked by a non-flier, not retaliating."""
    if fb.flies and not fa.flies and not retaliates:
        return max(0, fb.athletics - distance)
    return 0


def _engagement(a: Assessment, b: Assessment, skill: str, distance: int,
                hits: tuple[Fraction, Fraction], fall_a: Fraction, fall_b: Fraction,
                retaliates: bool, notes: list[str]) -> Engagement:
    b_falls, a_falls = hits[0] * fall_b, hits[1] * fall_a
    a_name, b_name = ((f"{a.name} (A)", f"{b.name} (B)") if a.name == b.name
                      else (a.name, b.name))
    outcomes = (
        Odds("b_falls", f"{b_name} falls, {a_name} stands", b_falls * (1 - a_falls)),
        Odds("a_falls", f"{a_name} falls, {b_name} stands", a_falls * (1 - b_falls)),
        Odds("both", "both fall", a_falls * b_falls),
        Odds("neither", "neither falls", (1 - a_falls) * (1 - b_falls)),
    )
    figures = [Odds("b_defeated", f"{b_name} defeated", b_falls),
               Odds("a_defeated", f"{a_name} defeated", a_falls),
               Odds("b_tally", f"{b_name} loses the tally (before saves)", hits[0])]
    if fall_b != 1:
        figures.append(Odds("b_saves", f"{b_name} saves when defeated", 1 - fall_b))
    if retaliates:
        figures.append(Odds("a_tally", f"{a_name} loses the tally (before saves)", hits[1]))
        if fall_a != 1:
            figures.append(Odds("a_saves", f"{a_name} saves when defeated", 1 - fall_a))
    title = (f"{a.name} assaults {b.name}: {skill.title()} at range {distance}"
             + ("" if retaliates else ", no retaliation"))
    return Engagement(title, skill, outcomes, b_falls, a_falls, tuple(figures), tuple(notes))
