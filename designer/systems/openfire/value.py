"""What a costing formula (cc1 by default) makes of one model: the values of its profile,
its weapons and its special rules, exact, each with the figures that explain it.

The engine supplies the formulas' variables from the dice maths (dice.py):

- per model: FAIL_REF = FAIL(DEF + max(0, PRC_ref - Heavy Armour X)), Resilient making
  it 1/12 + (F - 1/12)F; EW = HP / FAIL_REF x p(SKL_ref) / p(SKL_ref + Stealth X);
  MOV (an aircraft's maximum); ADV (Fast, Slow); FLY; VEH; P_CMD (Fearless re-rolls);
- per weapon profile: HIT (Accurate SKL - 2 x stationary, Unwieldy SKL + 2, Skilled
  re-rolls, Torrent always, RNG 1 or less without Assault only on a 12), CRIT,
  E_DMG = ATT' (HIT x DMG x FAIL(DEF_ref + PRC) + CRIT x Rending X + CRIT x DMG x FAIL
  with Impact; 0 for an effect-only weapon, which has no DMG), ATT' = ATT + half_range
  with Rapid Fire; RF (range factor); MULT (the product of the weapon's rule
  multipliers). A module's rule that acts as a core rule counts as that rule here.

Its records are NamedTuples, as the system contract's are (contract.py says why).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from designer.systems.openfire import dice
from designer.systems.openfire.catalog import Catalog
from designer.systems.openfire.fold import Arm, Figure, Shot
from designer.systems.openfire.formats import Costing
from designer.systems.openfire.formula import FormulaError, RuleCost, parse, parse_rule_cost
from designer.systems.openfire.resolve import Rule

#: rules whose worth the dice maths and the formulas carry, not a flat cost
IN_FORMULA = frozenset({"Skilled", "Resilient", "Fearless", "Stealth", "Fast", "Slow",
                        "Flying", "Vehicle", "Heavy Armour", "Accurate", "Unwieldy",
                        "Rapid Fire", "Rending", "Torrent", "Impact"})


def num(value: Fraction | int) -> str:
    """A value for people: at most two decimals, no trailing zeros ('4.5', '2.14')."""
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def round_half_up(value: Fraction) -> int:
    return int((value + Fraction(1, 2)).__floor__())


class Part(NamedTuple):
    """A named piece of a value: 'toughness 2.14'."""

    name: str
    value: Fraction
    why: str = ""

    def text(self) -> str:
        return f"{self.name} {num(self.value)}" + (f" ({self.why})" if self.why else "")


def _constants(costing: Costing) -> dict[str, Fraction]:
    """The costing's constants as exact fractions (shared: read it only)."""
    return _exact(tuple(costing.constants.items()))


@lru_cache(maxsize=64)
def _exact(constants: tuple[tuple[str, float | int], ...]) -> dict[str, Fraction]:
    """Every shot and model of a force reads the same few constants: a decimal is parsed
    into a fraction once, not once per formula."""
    return {k: Fraction(repr(v)) for k, v in constants}


@lru_cache(maxsize=1024, typed=True)
def _n(value: float | int) -> Fraction:
    """A YAML number as an exact fraction (0.1 is 1/10); made once per value."""
    return Fraction(repr(value)) if isinstance(value, float) else Fraction(value)


def profile_value(fig: Figure, costing: Costing) -> tuple[Fraction, list[Part]]:
    """The per-model components (toughness, mobility, command in cc1)."""
    ref = costing.reference
    defence = fig.defence if fig.defence is not None else ref.defence
    hp = fig.hp if fig.hp is not None else 1
    armour = fig.x("Heavy Armour")
    prc = max(0, ref.prc - armour)
    fail_ref = dice.defence_fail(defence, prc, resilient=fig.has("Resilient"))
    stealth = dice.stealth_factor(ref.skl, fig.x("Stealth"))
    ew = Fraction(hp) / fail_ref * stealth
    adv = costing.advance
    advance = _n(adv.slow if fig.has("Slow") else adv.fast if fig.has("Fast") else adv.normal)
    fly = _n(costing.flying) if fig.has("Flying") else Fraction(1)
    veh = _n(costing.vehicle) if fig.vehicle else Fraction(1)
    cmd = fig.cmd if fig.cmd is not None else 7
    p_cmd = dice.command_pass(cmd, fearless=fig.has("Fearless"))
    values = {**_constants(costing), "EW": ew, "FAIL_REF": fail_ref, "HP": Fraction(hp),
              "MOV": Fraction(fig.top_speed), "ADV": advance, "FLY": fly, "VEH": veh,
              "P_CMD": p_cmd, "SKL": Fraction(fig.skl or 0), "DEF": Fraction(defence),
              "CMD": Fraction(cmd)}
    tough = [f"HP {hp} / fails {dice.percent(fail_ref)} vs PRC {prc}"]
    if fig.has("Resilient"):
        tough.append("Resilient")
    if stealth != 1:
        tough.append(f"Stealth x{num(stealth)}")
    move = [f"MOV {fig.top_speed} + {num(advance)}"]
    move += [w for w, f in (("Flying", fly), ("Vehicle", veh)) if f != 1]
    why = {"toughness": f"EW {num(ew)}: " + ", ".join(tough), "mobility": ", ".join(move),
           "command": f"CMD {cmd} passes {dice.percent(p_cmd)}"
                      + (" with Fearless" if fig.has("Fearless") else "")}
    parts = [Part(name, parse(text)(values), why.get(name, ""))
             for name, text in costing.per_model.items()]
    return sum((p.value for p in parts), Fraction(0)), parts


def range_factor(reach: int, costing: Costing) -> Fraction:
    for threshold in sorted(costing.range_factor):
        if reach <= threshold:
            return _n(costing.range_factor[threshold])
    return _n(costing.range_above)


def rule_cost(rule: Rule, costing: Costing, catalog: Catalog) -> RuleCost | None:
    """What a rule is worth in the formula: cc1's table for a core rule, the module's
    `cost` for a module rule (else the table's for the core rule it acts as), the
    file's for a custom one; None when it has none."""
    definition = rule.definition
    if definition is not None and catalog.core_rule(rule.name):
        return _table_cost(rule.name, definition.scope, costing)
    if definition is not None:
        if definition.cost is not None:
            return parse_rule_cost(definition.cost, frozenset({"X"}))
        return _table_cost(rule.acts_as, definition.scope, costing) if rule.acts_as else None
    return rule.cost


def _table_cost(name: str, scope: str, costing: Costing) -> RuleCost | None:
    table = costing.weapon_rules if scope == "weapon" else costing.unit_rules
    text = next((v for k, v in table.items() if k.casefold() == name.casefold()), None)
    return None if text is None else parse_rule_cost(text, frozenset({"X"}))


class ShotValue(NamedTuple):
    shot: Shot
    value: Fraction
    hit: Fraction
    e_dmg: Fraction
    why: str


def shot_value(shot: Shot, fig: Figure, costing: Costing, catalog: Catalog) -> ShotValue:
    ref, assume = costing.reference, costing.assumptions
    skl = Fraction(fig.skl if fig.skl is not None else ref.skl)
    notes = []
    if shot.has("Accurate"):
        skl = dice.accurate_target(skl, _n(assume.stationary))
        notes.append("Accurate")
    if shot.has("Unwieldy"):
        skl = dice.unwieldy_target(skl)
        notes.append("Unwieldy")
    att = Fraction(shot.att or 0)
    if shot.has("Rapid Fire"):
        att = dice.rapid_fire_attacks(att, _n(assume.half_range))
    crit_only = shot.reach <= 1 and not shot.has("Assault") and not shot.has("Torrent")
    if crit_only:
        notes.append("only on a 12")
    skilled = fig.has("Skilled")
    if skilled:
        notes.append("Skilled")
    options = {"skilled": skilled, "torrent": shot.has("Torrent"), "crit_only": crit_only}
    hit = dice.hit(skl, **options)
    crit = dice.hit_crit(skl, **options)
    dmg, prc = shot.dmg or 0, shot.prc or 0
    e_dmg = Fraction(0) if shot.dmg is None else dice.expected_damage(  # effect only
        att, skl, dmg, prc, ref.defence, **options, rending=shot.x("Rending"),
        impact=shot.has("Impact"))
    rf = range_factor(shot.reach, costing)
    mult, flat, rules = Fraction(1), Fraction(0), []
    for rule in shot.rules:
        cost = rule_cost(rule, costing, catalog)
        if cost is None or ((rule.acts_as or rule.name) in costing.ranged_only
                            and shot.reach <= 1):
            continue
        worth = cost.formula({"X": rule.value})
        if cost.multiplier:
            mult *= worth
            rules.append(f"{rule.label} x{num(worth)}")
        else:
            flat += worth
            rules.append(f"{rule.label} +{num(worth)}")
    values = {**_constants(costing), "E_DMG": e_dmg, "RF": rf, "MULT": mult, "ATT": att,
              "DMG": Fraction(dmg), "PRC": Fraction(prc), "RNG": Fraction(shot.reach),
              "HIT": hit, "CRIT": crit}
    value = parse(costing.weapon)(values) + flat
    why = (f"hit {dice.percent(hit)}" + (f" {', '.join(notes)}" if notes else "")
           + f", E_DMG {num(e_dmg)} vs DEF {ref.defence}, range x{num(rf)}"
           + (f", {', '.join(rules)}" if rules else ""))
    return ShotValue(shot, value, hit, e_dmg, why)


class ArmValue(NamedTuple):
    arm: Arm
    value: Fraction
    shots: tuple[ShotValue, ...]

    @property
    def why(self) -> str:
        if len(self.shots) == 1:
            return self.shots[0].why
        return "; ".join(f"{s.shot.label} {num(s.value)}: {s.why}" for s in self.shots)


def arm_value(arm: Arm, fig: Figure, costing: Costing, catalog: Catalog) -> ArmValue:
    """A weapon's worth: its best profile whole, each other profile at `others` (one
    profile is used per attack [79])."""
    shots = tuple(shot_value(s, fig, costing, catalog) for s in arm.shots)
    ordered = sorted((s.value for s in shots), reverse=True)
    others = _n(costing.carried.others)
    value = (ordered[0] + others * sum(ordered[1:], Fraction(0))) if ordered else Fraction(0)
    return ArmValue(arm, value, shots)


def shares(arms: list[ArmValue], fig: Figure, costing: Costing) -> list[Fraction]:
    """How much of each weapon's value the model counts, in the order given: every one
    whole for a vehicle [346], else the best whole and each other at `others` (a model
    attacks with one weapon [306]); of equal values the first taken is the best."""
    rule = costing.carried
    if fig.vehicle and rule.vehicle == "all":
        return [Fraction(1)] * len(arms)
    order = sorted(range(len(arms)), key=lambda i: -arms[i].value)
    best, others = _n(rule.best), _n(rule.others)
    out = [others] * len(arms)
    if order:
        out[order[0]] = best
    return out


def carried(arms: list[ArmValue], fig: Figure, costing: Costing
            ) -> tuple[Fraction, list[str]]:
    """The weapons a model carries: their values by their shares, best first (in the
    order given for a vehicle)."""
    weights = shares(arms, fig, costing)
    order = list(range(len(arms)))
    if not (fig.vehicle and costing.carried.vehicle == "all"):
        order.sort(key=lambda i: -arms[i].value)
    total, parts = Fraction(0), []
    for i in order:
        a, share = arms[i], weights[i]
        total += share * a.value
        lead = "" if share == 1 else f"{num(share)} x "
        parts.append(f"{lead}{a.arm.name} {num(a.value)} ({a.why})")
    return total, parts


def entry_worth(fig: Figure, costing: Costing, catalog: Catalog) -> Fraction:
    """What the formula makes of one model of the entry, exact: its profile, the weapons
    it carries and its rules' flat costs (its three lines before rounding)."""
    arms = [arm_value(a, fig, costing, catalog) for a in fig.weapons if a.known]
    weapons, _ = carried(arms, fig, costing)
    return (profile_value(fig, costing)[0] + weapons
            + rules_value(fig.rules, costing, catalog)[0])


def rules_value(rules: tuple[Rule, ...], costing: Costing, catalog: Catalog
                ) -> tuple[Fraction, list[str], list[str]]:
    """The flat costs of a model's unit rules: (total, priced parts, rules the formulas
    already carry)."""
    total, parts, carried_by = Fraction(0), [], []
    seen: set[tuple[str, object]] = set()
    for rule in rules:
        key = (rule.name, rule.x)
        if rule.scope == "weapon" or key in seen:
            continue
        seen.add(key)
        try:
            cost = rule_cost(rule, costing, catalog)
        except FormulaError:
            cost = None
        if cost is None or cost.multiplier:
            if (rule.acts_as or rule.name) in IN_FORMULA:
                carried_by.append(rule.label)
            continue
        worth = cost.formula({"X": rule.value})
        total += worth
        parts.append(f"{rule.label} {num(worth)}")
    return total, parts, carried_by
