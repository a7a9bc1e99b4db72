"""An assault's worked result as the contract's Engagement: the exclusive outcomes, the
figures, what was chosen, and what each ability did, did not do here, or never does in
one assault."""

from __future__ import annotations

from typing import TYPE_CHECKING

from designer.systems import AbilityUse, Engagement, Odds
from designer.systems.opentactics.effects import Variant

if TYPE_CHECKING:
    from designer.systems.opentactics.assault import Matchup, Plan, Result


def engagement(r: Result, degrade: bool, retaliation: str = "best") -> Engagement:
    m = r.matchup
    a, b = m.a, m.b
    b_def, a_def = r.b_def, r.a_def
    both = r.both * r.fall_a * r.fall_b
    a_name, b_name = m.label(True), m.label(False)
    outcomes = (
        Odds("b_falls", f"{b_name} falls, {a_name} stands", b_def - both),
        Odds("a_falls", f"{a_name} falls, {b_name} stands", a_def - both),
        Odds("both", "both fall", both),
        Odds("neither", "neither falls", 1 - b_def - a_def + both),
    )
    figures = [Odds("b_defeated", f"{b_name} defeated", b_def),
               Odds("a_defeated", f"{a_name} defeated", a_def),
               Odds("b_tally", f"{b_name} loses the tally (before saves)", r.b)]
    if r.fall_b != 1:
        figures.append(Odds("b_saves", f"{b_name} saves when defeated", 1 - r.fall_b))
    if r.retaliates:
        figures.append(Odds("a_tally", f"{a_name} loses the tally (before saves)", r.a))
        if r.fall_a != 1:
            figures.append(Odds("a_saves", f"{a_name} saves when defeated", 1 - r.fall_a))
    kind = f" ({m.variant_name()})" if m.variant is not None else ""
    title = (f"{a.name} assaults {b.name}: {m.skill.title()}{kind} at range {m.distance}"
             + ("" if r.retaliates else ", no retaliation"))
    return Engagement(title, m.skill, outcomes, b_def, a_def, tuple(figures),
                      tuple(_notes(r, degrade, retaliation)), tuple(_uses(r)))


def _notes(r: Result, degrade: bool, retaliation: str) -> list[str]:
    m, p = r.matchup, r.plan
    out = []
    if m.negated:
        out.append(f"{m.label(False)} negates {m.label(True)}'s {m.negated} (Degrade)"
                   + ("; no assault is left to make" if p is None else ""))
    elif degrade:
        out.append(f"{m.label(False)} negates none of {m.label(True)}'s abilities (Degrade)")
    if p is None:
        return out
    if m.variant is not None:
        out.append(f"{m.label(True)} makes a {m.variant_name()} assault in place of a regular one")
    if m.added_types:
        out.append(f"{m.label(True)} adds {', '.join(sorted(t.title() for t in m.added_types))} "
                   "to its assault")
    if p.test1.off_twice:
        out.append(f"{m.label(True)}'s OFF results count twice")
    if p.test1.def_twice:
        out.append(f"{m.label(False)}'s DEF results count twice")
    from designer.systems.opentactics.plan import can_retaliate

    if not r.retaliates:
        out.append(_no_retaliation(m, can_retaliate(m), retaliation))
    if any(not c.roll for c in p.crosses):
        out.append("the higher ground's re-roll: its holder names the pool it serves as the "
                   "dice are rolled, seeing them" + (_earlier if _acts_earlier(p) else ""))
    if len(p.crosses) > 1:
        from designer.systems.opentactics.both import in_view

        seen = in_view(p.crosses)
        for c in p.crosses:
            if c is not seen:
                out.append(f"{m.label(c.by_a)}'s {c.source} names the test it serves "
                           "before the roll")
    if r.stealth:
        out.append(f"{m.label(False)} rolls for Stealth: the assault is negated on a d6 of "
                   f"{p.negate} or less")
    return out


_earlier = (" (the rules give it in the re-roll phase: what acts before the re-roll "
            "phase here, after that choice, its holder would see first)")


def _acts_earlier(p: Plan) -> bool:
    """Whether anything in either test is chosen between the roll and the re-roll phase
    (re-rolls at the end of the roll phase, Duelist's die, bumps, Hex)."""
    tests = [t for t in (p.test1, p.test2) if t is not None]
    return len(p.crosses) > 1 or any(t.windows or t.bump_windows or t.off.bumps
                                     or t.dfn.bumps for t in tests)


def _no_retaliation(m: Matchup, able: bool, retaliation: str) -> str:
    """Why B does not answer: it cannot, the options forbid it, or it chose not to."""
    if not able:
        return f"{m.label(False)} cannot retaliate in {m.skill.title()} at range {m.distance}"
    if retaliation == "never":
        return f"{m.label(False)} does not retaliate: retaliation is set to never"
    return f"{m.label(False)} chooses not to retaliate"


def _uses(r: Result) -> list[AbilityUse]:
    m, p = r.matchup, r.plan
    used = p.used if p is not None else {}
    out = []
    for of_a in (True, False):
        for picked in (m.a if of_a else m.b).final.abilities:
            out.append(_use(m, of_a, picked, used))
    return out


def _use(m: Matchup, of_a: bool, picked, used: dict) -> AbilityUse:
    name = picked.choice.name
    entry = picked.entry
    label = m.label(of_a)
    if entry is None or picked.choice.custom:
        return AbilityUse(label, name, "idle",
                          "a custom ability: the catalog declares no effect for it")
    key = f"{'A' if of_a else 'B'}: {entry.name}"
    if of_a and m.negated == entry.name:
        return AbilityUse(label, entry.name, "idle", "negated by Degrade")
    if not of_a and any(e.effect == "degrade" for e in entry.assault or ()
                        if hasattr(e, "when") and m.holds(e.when, False)):
        return AbilityUse(label, entry.name, "applied",
                          f"negates {m.label(True)}'s {m.negated}" if m.negated else
                          f"negating none of {m.label(True)}'s abilities serves it best")
    if entry.outside_assault:
        return AbilityUse(label, entry.name, "outside", entry.outside_assault)
    if key in used:
        return AbilityUse(label, entry.name, "applied", used[key])
    variants = [e for e in entry.assault or () if isinstance(e, Variant)]
    if variants and of_a and m.variant in variants:
        return AbilityUse(label, entry.name, "applied",
                          f"a {m.variant_name()} assault in place of a regular one")
    if variants and of_a:
        return AbilityUse(label, entry.name, "idle",
                          f"a regular assault serves {label} better"
                          if all(v.skill == m.skill for v in variants)
                          else f"only in place of a {variants[0].skill.title()} assault")
    reasons = [m.unmet(e.when, of_a) for e in entry.assault or ()]
    return AbilityUse(label, entry.name, "idle",
                      next((x for x in reasons if x), "it changes nothing here"))
