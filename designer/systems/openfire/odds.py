"""The exact odds of an Open Fire attack: every model of unit A that carries a weapon
attacks unit B with it once; the distribution of the damage B takes and the chance it
is destroyed, from the dice maths the costing uses (dice.py).

One attack: a Battle Skill test hits (Skilled re-rolls, Torrent always hits, a weapon
without Assault hits only on a 12 in assault range, 1 inch [166]); a hit forces a
defence test a point of DMG (lowered by Heavy Armour, not below 1), each failing with
the costing's defence chance; a critical hit also deals Rending X at once and, with
Impact, counts as a second hit. The attacks are independent, so the unit's damage is
their convolution; damage at or past B's total hit points destroys it.

Assumed, as the costing does: A did not move (Accurate's +2 applies); the line of sight
is clear. Rapid Fire adds an attack a model within half the weapon's maximum range;
Stealth X lowers the roll beyond assault range. B's defence, Heavy Armour, Resilient
and Stealth are its leader's; its hit points are every model's. An attack has no
retaliation in Open Fire: B answers in its own activation.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING

from designer.errors import InputError
from designer.systems import Engagement, EngageOptions, Odds
from designer.systems.openfire import dice
from designer.systems.openfire.fold import Arm, Figure, Shot

if TYPE_CHECKING:
    from designer.systems import Assessment
    from designer.systems.openfire.cost import Final

ASSAULT_RANGE = 1  # inches [61]
Dist = dict[int, Fraction]


def _shots(final: Final) -> list[tuple[str, Figure, Arm, Shot]]:
    """Every (mode name, model entry, weapon, profile) of the unit."""
    out = []
    for fig in final.figures:
        for arm in fig.weapons:
            for shot in arm.shots:
                if shot.att is None or shot.dmg is None:
                    continue
                name = f"{arm.name} ({shot.label})" if shot.label else arm.name
                out.append((name, fig, arm, shot))
    return out


def modes(assessment: Assessment) -> tuple[str, ...]:
    """The unit's weapons (a profile each for a weapon with several), in order."""
    seen: dict[str, None] = {}
    for name, *_ in _shots(assessment.final):
        seen.setdefault(name)
    return tuple(seen)


def binomial(n: int, p: Fraction) -> Dist:
    """How many of `n` independent tests of chance `p` succeed."""
    out: Dist = {0: Fraction(1)}
    for _ in range(n):
        nxt: Dist = {}
        for k, q in out.items():
            nxt[k] = nxt.get(k, Fraction(0)) + q * (1 - p)
            nxt[k + 1] = nxt.get(k + 1, Fraction(0)) + q * p
        out = nxt
    return out


def _add(a: Dist, b: Dist, cap: int) -> Dist:
    """The sum of two independent damages, with everything from `cap` up at `cap`."""
    out: Dist = {}
    for i, p in a.items():
        for j, q in b.items():
            k = min(i + j, cap)
            out[k] = out.get(k, Fraction(0)) + p * q
    return out


def attack(hit: Fraction, crit: Fraction, tests: int, fail: Fraction, rending: int = 0,
           impact: bool = False) -> Dist:
    """The damage of one attack: a hit that is not a 12 forces `tests` defence tests,
    each failing with chance `fail`; a 12 also deals `rending` and, with Impact, another
    `tests` tests."""
    tested = binomial(tests, fail)
    out: Dist = {0: 1 - hit}
    for k, p in tested.items():
        out[k] = out.get(k, Fraction(0)) + (hit - crit) * p
    on_crit = {k + rending: p for k, p in tested.items()}
    if impact:
        on_crit = _add(on_crit, tested, 10 ** 6)
    for k, p in on_crit.items():
        out[k] = out.get(k, Fraction(0)) + crit * p
    return {k: p for k, p in out.items() if p}


def total(attacks: Iterable[tuple[Dist, int]], cap: int) -> Dist:
    """The damage of every attack together, capped at `cap` (destroyed)."""
    out: Dist = {0: Fraction(1)}
    for dist, count in attacks:
        capped: Dist = {}
        for k, p in dist.items():
            capped[min(k, cap)] = capped.get(min(k, cap), Fraction(0)) + p
        for _ in range(count):
            out = _add(out, capped, cap)
    return out


def engage(a: Assessment, b: Assessment, options: EngageOptions) -> Engagement:
    """The exact odds of A's weapon `options.mode` against B (see the module's docstring)."""
    shots = _shots(a.final)
    names = modes(a)
    if not names:
        raise InputError(f"{a.name} has no weapon with attacks and damage", field="--skill")
    mode = options.mode or names[0]
    chosen = [s for s in shots if s[0].casefold() == mode.casefold()]
    if not chosen:
        raise InputError(f"{a.name} has no weapon '{mode}'; choose one of: "
                         f"{', '.join(names)}", field="--skill")
    mode = chosen[0][0]
    reach = max(s[3].reach for s in chosen)
    distance = options.range if options.range is not None else max(reach, ASSAULT_RANGE)
    low = min(s[3].rng[0] if s[3].rng else 0 for s in chosen)
    if not low <= distance <= max(reach, ASSAULT_RANGE) or distance < 0:
        raise InputError(f"{mode} reaches {low} to {reach} inches; {distance} is out of it",
                         field="--range")
    folded = b.final.folded
    figures = folded.figures
    if not figures:
        raise InputError(f"{b.name} has no models to attack", field="models")
    target = figures[folded.leader]
    hp = sum((f.hp or 0) * f.count for f in figures)
    if hp <= 0:
        raise InputError(f"{b.name} has no hit points to lose", field="models")
    notes = ["A did not move; clear line of sight"]
    if len({f.defence for f in figures}) > 1:
        notes.append(f"{b.name}'s defence tests at its leader's DEF {target.defence}")
    armour = target.x("Heavy Armour")
    defence = target.defence if target.defence is not None else 7
    in_assault = distance <= ASSAULT_RANGE
    attacks = []
    count = 0
    for _name, fig, _arm, shot in chosen:
        skl = Fraction(fig.skl if fig.skl is not None else 7)
        if shot.has("Accurate"):
            skl = dice.accurate_target(skl, 1)
        if shot.has("Unwieldy"):
            skl = dice.unwieldy_target(skl)
        if not in_assault:
            skl += target.x("Stealth")
        crit_only = in_assault and not shot.has("Assault") and not shot.has("Torrent")
        options_ = {"skilled": fig.has("Skilled"), "torrent": shot.has("Torrent"),
                    "crit_only": crit_only}
        att = (shot.att or 0) + (1 if shot.has("Rapid Fire") and 2 * distance <= reach
                                 else 0)
        dist = attack(dice.hit(skl, **options_), dice.hit_crit(skl, **options_),
                      dice.damage_per_hit(shot.dmg or 0, armour),
                      dice.defence_fail(defence, shot.prc or 0,
                                        resilient=target.has("Resilient"),
                                        heavy_armour=armour),
                      shot.x("Rending"), shot.has("Impact"))
        attacks.append((dist, att * fig.count))
        count += att * fig.count
    damage = total(attacks, hp)
    # each outcome once: the damage short of destruction that can happen, then destroyed
    outcomes = (*(Odds(f"damage_{k}", f"{k} damage", damage[k])
                  for k in range(hp) if damage.get(k)),
                Odds("destroyed", f"{b.name} destroyed", damage.get(hp, Fraction(0))))
    destroyed = outcomes[-1].value
    expected = sum((k * p for k, p in damage.items()), Fraction(0))
    figures_ = (Odds("hurt", "at least 1 damage", 1 - damage.get(0, Fraction(0))),
                Odds("expected", "expected damage", expected, chance=False),
                Odds("attacks", "attacks", Fraction(count), chance=False))
    inches = "inch" if distance == 1 else "inches"
    title = f"{a.name} attacks {b.name}: {mode} at {distance} {inches} ({hp} HP)"
    return Engagement(title, mode, outcomes, destroyed, Fraction(0), figures_, tuple(notes))
