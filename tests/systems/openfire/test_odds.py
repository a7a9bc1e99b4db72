"""Open Fire attack odds: hand-worked cases, and a brute force over every d12 face written
here from the rules text (a test passes on its target or more, a 1 fails, a 12 passes)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from designer.errors import InputError
from designer.systems import EngageOptions, system
from designer.systems.openfire.odds import attack, binomial, total

OF = system("openfire")
TWELFTH = Fraction(1, 12)


def unit(name: str, weapons: list | None = None, count: int = 1, hp: int = 1,
         defence: int = 7, skl: int = 7, special: list | None = None):
    model = {"name": name, "count": count, "mov": 6, "skl": skl, "def": defence, "cmd": 7,
             "hp": hp, "special": special or [], "weapons": weapons or []}
    data = {"system": "openfire", "name": name, "models": [model]}
    catalog = OF.catalog_for(data)
    return OF.assess(OF.parse_unit(data, catalog), catalog)


def passes(face: int, target: int, modifier: int = 0) -> bool:
    return face != 1 and (face == 12 or face + modifier >= target)


def brute(attacks: int, skl: int, dmg: int, prc: int, defence: int, rending: int = 0,
          impact: bool = False, skilled: bool = False) -> dict[int, Fraction]:
    """The damage of `attacks` attacks, every face of every die enumerated."""
    def defence_tests(n: int) -> dict[int, Fraction]:
        out = {0: Fraction(1)}
        for _ in range(n):
            nxt: dict[int, Fraction] = {}
            for k, p in out.items():
                for face in range(1, 13):
                    lost = 0 if passes(face, defence, -prc) else 1
                    nxt[k + lost] = nxt.get(k + lost, Fraction(0)) + p * TWELFTH
            out = nxt
        return out

    def one() -> dict[int, Fraction]:
        out: dict[int, Fraction] = {}
        faces = [(f, TWELFTH) for f in range(1, 13)]
        if skilled:  # a failed roll that is not a 1 is rolled again
            faces = [(f, TWELFTH) for f in range(1, 13) if passes(f, skl) or f == 1] + [
                (g, TWELFTH * TWELFTH) for f in range(2, 13) if not passes(f, skl)
                for g in range(1, 13)]
        for face, p in faces:
            if not passes(face, skl):
                out[0] = out.get(0, Fraction(0)) + p
                continue
            tests = defence_tests(dmg)
            if face == 12:
                extra = defence_tests(dmg) if impact else {0: Fraction(1)}
                tests = _convolve(_convolve(tests, extra), {rending: Fraction(1)})
            for k, q in tests.items():
                out[k] = out.get(k, Fraction(0)) + p * q
        return out

    result = {0: Fraction(1)}
    for _ in range(attacks):
        result = _convolve(result, one())
    return result


def _convolve(a: dict[int, Fraction], b: dict[int, Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for i, p in a.items():
        for j, q in b.items():
            out[i + j] = out.get(i + j, Fraction(0)) + p * q
    return out


def capped(dist: dict[int, Fraction], cap: int) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for k, p in dist.items():
        out[min(k, cap)] = out.get(min(k, cap), Fraction(0)) + p
    return {k: p for k, p in out.items() if p}


def damage(odds) -> dict[int, Fraction]:
    out = {}
    for o in odds.outcomes:
        k = int(o.key.split("_")[1]) if o.key.startswith("damage_") else len(odds.outcomes) - 1
        if o.value:
            out[k] = o.value
    return out


def test_one_attack_against_one_hit_point_by_hand():
    # SKL 7 hits on 7-12 (1/2); DEF 7 fails on 1-6 (1/2): destroyed 1/4
    a = unit("Shooter", [{"name": "Rifle", "rng": 24, "att": 1, "dmg": 1, "prc": 0}])
    b = unit("Target")
    odds = OF.engage(a, b, EngageOptions("Rifle"))
    assert odds.win == Fraction(1, 4)
    assert [o.value for o in odds.outcomes] == [Fraction(3, 4), Fraction(1, 4)]


def test_rending_wounds_on_a_twelve():
    # a non-12 hit (5/12) fails defence half the time, a 12 (1/12) deals 1 at once: 7/24
    a = unit("Shooter", [{"name": "Ripper", "rng": 24, "att": 1, "dmg": 1, "prc": 0,
                          "special": ["Rending (1)"]}])
    assert OF.engage(a, unit("Target"), EngageOptions("Ripper")).win == Fraction(7, 24)


def test_two_attacks_against_two_hit_points():
    a = unit("Pair", [{"name": "Rifle", "rng": 24, "att": 1, "dmg": 1, "prc": 0}], count=2)
    odds = OF.engage(a, unit("Target", hp=2), EngageOptions("Rifle"))
    assert damage(odds) == {0: Fraction(9, 16), 1: Fraction(6, 16), 2: Fraction(1, 16)}
    figures = {f.key: f.value for f in odds.figures}
    assert figures["expected"] == Fraction(1, 2) and figures["attacks"] == 2


@pytest.mark.parametrize("att,skl,dmg,prc,defence,rending,impact,skilled", [
    (2, 7, 1, 0, 7, 0, False, False),
    (2, 5, 2, 1, 6, 1, False, False),
    (1, 8, 2, 0, 5, 0, True, False),
    (2, 9, 1, 2, 8, 0, False, True),
    (1, 6, 3, 1, 9, 2, True, True),
])
def test_the_distribution_matches_every_face(att, skl, dmg, prc, defence, rending,
                                             impact, skilled):
    rules = ([f"Rending ({rending})"] if rending else []) + (["Impact"] if impact else [])
    weapon = {"name": "Gun", "rng": 24, "att": att, "dmg": dmg, "prc": prc, "special": rules}
    a = unit("A", [weapon], skl=skl, special=["Skilled"] if skilled else [])
    b = unit("B", hp=5, defence=defence)
    odds = OF.engage(a, b, EngageOptions("Gun", range=24))
    expected = capped(brute(att, skl, dmg, prc, defence, rending, impact, skilled), 5)
    assert damage(odds) == expected
    assert sum(o.value for o in odds.outcomes) == 1


def test_a_weapon_without_assault_hits_only_on_a_twelve_in_assault_range():
    rifle = {"name": "Rifle", "rng": 24, "att": 1, "dmg": 1, "prc": 0}
    a = unit("Shooter", [rifle])
    near = OF.engage(a, unit("Target"), EngageOptions("Rifle", range=1))
    assert near.win == TWELFTH * Fraction(1, 2)


def test_heavy_armour_and_stealth():
    gun = {"name": "Gun", "rng": 24, "att": 1, "dmg": 2, "prc": 1}
    a = unit("A", [gun])
    # Heavy Armour (1): DMG 2 -> 1 and PRC 1 -> 0: one test failing 1/2 after a 1/2 hit
    armoured = unit("B", special=["Heavy Armour (1)"])
    assert OF.engage(a, armoured, EngageOptions("Gun", range=12)).win == Fraction(1, 4)
    # Stealth (2) at range: hits on 9+ (4/12); PRC 1 makes DEF 7 fail on 1-7 (7/12)
    hidden = unit("C", special=["Stealth (2)"])
    odds = OF.engage(a, hidden, EngageOptions("Gun", range=12))
    hit, fail = Fraction(4, 12), Fraction(7, 12)
    assert odds.win == hit * (1 - (1 - fail) ** 2)


def test_out_of_range_and_unknown_weapons_are_input_errors():
    a = unit("A", [{"name": "Pistol", "rng": 12, "att": 1, "dmg": 1, "prc": 0}])
    with pytest.raises(InputError, match="reaches 0 to 12 inches; 13 is out of it"):
        OF.engage(a, unit("B"), EngageOptions("Pistol", range=13))
    with pytest.raises(InputError, match="no weapon 'Cannon'"):
        OF.engage(a, unit("B"), EngageOptions("Cannon"))


def test_the_pieces_convolve_exactly():
    assert binomial(2, Fraction(1, 3)) == {0: Fraction(4, 9), 1: Fraction(4, 9),
                                           2: Fraction(1, 9)}
    one = attack(Fraction(1, 2), TWELFTH, 1, Fraction(1, 2))
    assert one == {0: Fraction(3, 4), 1: Fraction(1, 4)}
    assert total([(one, 3)], 2) == {0: Fraction(27, 64), 1: Fraction(27, 64),
                                    2: Fraction(10, 64)}
