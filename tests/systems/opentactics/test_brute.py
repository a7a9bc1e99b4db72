"""The odds against the brute force (brute.py), fraction for fraction, on random small
matchups with abilities, elemental types, higher ground, cover, support and the
retaliation choice. A fast sample runs in the default loop; the long run is slow."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from designer.errors import InputError
from designer.systems import EngageOptions, system
from tests.systems.opentactics.brute import assault, side_of

OT = system("opentactics")
CATALOG = OT.bundled_catalog()
ACTING = [a.name for a in CATALOG.abilities if a.assault]
RANKED = {a.name: a.ranks for a in CATALOG.abilities}
TYPES = ["Living", "Undead", "Tech", "Construct", "Vehicle", "Dark", "Troll", "Flier"]
ELEMENTS = ["Earth", "Fire", "Frost", "Lightning", "Water", "Wood"]
TACTICAL = ["Infantry", "Infantry", "Cavalry", "Monster", "Vehicle", "Behemoth"]
SKILLS = ("melee", "ballistic", "arcane", "technical")
FAVOURED = {"melee": ["Crowd Fighter", "Venomous", "Weaken", "Frenzy", "Duelist", "Degrade"],
            "ballistic": ["Aim", "Sharpshooter", "Guerrilla"],
            "arcane": ["Aurora", "Shock", "Freeze", "Cypher"], "technical": ["Bio-Hack"]}


def _unit(rng: random.Random, name: str, skill: str, budget: list[int]) -> dict:
    def dice() -> int:
        n = rng.choice([0, 1, 1, 1, 2]) if budget[0] > 0 else 0
        n = min(n, budget[0])
        budget[0] -= n
        return n

    off, dfn = dice(), dice()
    block = {"off_dice": off, "def_dice": dfn, "range": rng.choice([1, 1, 2])}
    if off and rng.random() < 0.3:
        block["off_bumps"] = [rng.choice([-1, 1, 2])]
    if dfn and rng.random() < 0.3:
        block["def_bumps"] = [rng.choice([-1, 1])]
    skills = {skill: block}
    if skill != "arcane":
        skills["arcane"] = {"range": rng.choice([0, 1, 2, 3])}
    types = [rng.choice(TACTICAL), *rng.sample(TYPES, rng.randint(0, 2)),
             *(["Living"] if rng.random() < 0.4 else []),
             *rng.sample(ELEMENTS, rng.choice([0, 0, 1]))]
    abilities = []
    picks = rng.sample(ACTING, rng.choice([0, 1, 1, 2]))
    if skill in FAVOURED and rng.random() < 0.4:  # what only acts in one skill
        picks = [rng.choice(FAVOURED[skill]), *picks][:2]
    for ability in dict.fromkeys(picks):
        ranks = RANKED[ability]
        abilities.append({"name": ability, "rank": rng.randint(ranks.min, min(ranks.max or 4,
                                                                              4))}
                         if ranks else ability)
    return {"system": "opentactics", "name": name, "types": types,
            "athletics": rng.randint(1, 6), "flight": "Flier" in types, "skills": skills,
            "abilities": abilities}


def random_matchup(rng: random.Random, dice: int = 5):
    skill = rng.choice(SKILLS)
    budget = [dice]
    a, b = _unit(rng, "A", skill, budget), _unit(rng, "B", skill, budget)
    a["skills"][skill]["off_dice"] = max(1, a["skills"][skill]["off_dice"])
    terms = {}
    for term, chance in (("support_off_a", .15), ("support_def_a", .15), ("support_off_b", .15),
                         ("support_def_b", .15), ("cover_a", .2), ("cover_b", .25),
                         ("charge", .2), ("ambush", .2)):
        if rng.random() < chance:
            terms[term] = 1
    if rng.random() < 0.35:
        terms[rng.choice(["higher_a", "higher_b"])] = 1
    if skill == "arcane" and rng.random() < 0.15:
        terms[rng.choice(["aurora", "shock", "freeze"])] = 1
    return a, b, skill, rng.choice([1, 1, 2]), terms, rng.choice(["best", "best", "always",
                                                                   "never"])


def assess(data: dict):
    return OT.assess(OT.parse_unit(data, CATALOG), CATALOG)


def compare(a_data, b_data, skill, distance, terms, retaliation) -> dict | None:
    """The engine's figures and the brute force's; None when A cannot assault."""
    a, b = assess(a_data), assess(b_data)
    brute = assault(side_of(a, skill), side_of(b, skill), skill, distance, terms, retaliation)
    try:
        found = OT.engage(a, b, EngageOptions(skill, distance, retaliation,
                                              tuple(terms.items())))
    except InputError:
        assert brute is None, "the engine refused an assault the brute force makes"
        return None
    assert brute is not None, "the engine made an assault the brute force refuses"
    b_tally, a_tally, both, fall_a, fall_b = brute
    figures = {o.key: o.value for o in found.figures}
    outcomes = {o.key: o.value for o in found.outcomes}
    got = (figures["b_tally"], figures.get("a_tally", Fraction(0)), found.win, found.loss,
           outcomes["both"])
    want = (b_tally, a_tally, b_tally * fall_b, a_tally * fall_a, both * fall_a * fall_b)
    assert got == want, f"engine {got} != brute {want}"
    return {"retaliates": "a_tally" in figures, "notes": found.notes,
            "applied": {u.name for u in found.abilities if u.status == "applied"}}


def run(seed: int, count: int, dice: int = 5) -> list[dict]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        case = random_matchup(rng, dice)
        result = compare(*case)
        if result is not None:
            out.append({"terms": case[4], "retaliation": case[5], **result})
    return out


def covers(seen: list[dict]) -> tuple[int, int, set[str]]:
    """What a sample checked: higher ground with B retaliating; B declining to
    retaliate when it may; the abilities that acted."""
    high = sum(1 for s in seen if ("higher_a" in s["terms"] or "higher_b" in s["terms"])
               and s["retaliates"])
    declined = sum(1 for s in seen if s["retaliation"] == "best" and not s["retaliates"])
    return high, declined, set().union(*(s["applied"] for s in seen))


def test_a_sample_agrees_fraction_for_fraction():
    seen = run(seed=1, count=60, dice=4)
    high, declined, applied = covers(seen)
    assert len(seen) >= 40 and high >= 5 and declined >= 4 and len(applied) >= 18


@pytest.mark.slow
def test_three_hundred_matchups_agree_fraction_for_fraction():
    seen = run(seed=2029, count=300)
    high, declined, applied = covers(seen)
    assert high >= 20 and declined >= 5
    assert applied == set(ACTING)  # every ability that acts in one assault, checked
