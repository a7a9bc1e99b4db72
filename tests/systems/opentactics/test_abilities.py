"""Each ability that acts inside one assault (26 of the catalog's 80) and each elemental
type, against a case worked by hand from the rules (core rules l.N as in the catalog),
the arithmetic beside the assertion. One die a pool where it can be: one OFF die beats
one DEF die on 15 of 36 rolls (l.78: it must show more)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from designer.errors import InputError
from designer.systems import EngageOptions, system
from tests.systems.opentactics.brute import assault, side_of
from tests.systems.opentactics.brute_game import Assault

OT = system("opentactics")
CATALOG = OT.bundled_catalog()
PLAIN = F(15, 36)
ONE_REROLL_OFF = F(125, 216)  # OFF re-rolls its losing die: 15/36 + sum_d d(6-d)/6 / 36
ONE_REROLL_DEF = F(55, 216)  # DEF re-rolls its losing die: sum_o (o-1)^2/6 / 36
TWO_OFF_VS_ONE = F(161, 216)  # max of two >= the DEF die: 1 - sum_k k^2 / 216, k<6
TWICE = F(21, 36)  # one OFF die counted twice also wins a tie: 15 + 6


def unit(name: str, skills: dict, abilities: tuple = (), types: tuple = ("Infantry",),
         **extra):
    data = {"system": "opentactics", "name": name, "types": list(types), "athletics": 4,
            "skills": skills, "abilities": list(abilities), **extra}
    return OT.assess(OT.parse_unit(data, CATALOG), CATALOG)


def odds(a, b, skill="melee", distance=1, retaliation="best", **terms):
    return OT.engage(a, b, EngageOptions(skill, distance, retaliation, tuple(terms.items())))


def tally(engagement, key="b_tally"):
    return {o.key: o.value for o in engagement.figures}[key]


def used(engagement, name):
    return next(u for u in engagement.abilities if u.name == name).status


def pool(off=0, dfn=0, reach=1, **more):
    return {"off_dice": off, "def_dice": dfn, "range": reach if off else 0, **more}


ONE = pool(1, 1)
TARGET = pool(0, 1)  # a DEF die, nothing to retaliate with


def test_aim_doubles_the_ballistic_range_of_the_assault():  # l.227
    plain = unit("A", {"ballistic": pool(1, reach=2)})
    aimed = unit("A", {"ballistic": pool(1, reach=2)}, ["Aim"])
    b = unit("B", {"ballistic": TARGET})
    with pytest.raises(InputError, match="range is 2; 3 is out of it"):
        odds(plain, b, "ballistic", 3)
    found = odds(aimed, b, "ballistic", 3)  # range 2 x 2 = 4
    assert found.win == PLAIN and used(found, "Aim") == "applied"


def test_ambush_is_a_plus_two_off_bump_when_set():  # l.229
    a = unit("A", {"melee": ONE}, ["Ambush"])
    # the die shows 3,4,5,6,6,6 and beats the DEF die on 2+3+4+5+5+5 = 24 of 36
    assert odds(a, unit("B", {"melee": TARGET}), ambush=1).win == F(24, 36)
    assert odds(a, unit("B", {"melee": TARGET})).win == PLAIN


def test_anti_armor_and_monster_slayer_lower_the_defeated_units_saves():  # l.231, l.285
    vehicle = unit("V", {"melee": TARGET}, types=("Vehicle",))
    monster = unit("M", {"melee": TARGET}, types=("Monster",))
    # Vehicle against Infantry saves on 1-5: 15/36 x 1/6; one lower, on 1-4: x 2/6
    assert odds(unit("A", {"melee": ONE}), vehicle).win == PLAIN * F(1, 6)
    assert odds(unit("A", {"melee": ONE}, ["Anti-Armor"]), vehicle).win == PLAIN * F(2, 6)
    # Monster against Infantry saves on 1-3: x 3/6; one lower: x 4/6
    assert odds(unit("A", {"melee": ONE}, ["Monster Slayer"]), monster).win == PLAIN * F(4, 6)
    assert odds(unit("A", {"melee": ONE}, ["Anti-Armor"]), monster).win == PLAIN * F(3, 6)


def test_aurora_is_chosen_when_it_serves_a_and_forced_by_its_term():  # l.233
    b = unit("B", {"arcane": TARGET}, types=("Infantry", "Undead"))
    a = unit("A", {"arcane": pool(2, reach=1)}, ["Aurora"])
    # regular: two OFF dice against one, 161/216; Aurora: one die counted twice, 21/36
    assert odds(a, b, "arcane").win == TWO_OFF_VS_ONE
    assert odds(a, b, "arcane", aurora=1).win == TWICE
    # at range 2 only Aurora's doubled range reaches: A makes it without being told
    found = odds(a, b, "arcane", 2)
    assert found.win == TWICE and "Aurora" in found.title


def test_bio_hack_allows_technical_assaults_on_living_units():  # l.234
    hacker = unit("A", {"technical": ONE}, ["Bio-Hack"], types=("Infantry", "Living"))
    living = unit("B", {"technical": ONE}, types=("Infantry", "Living"))
    with pytest.raises(InputError, match="Technical assaults target"):
        odds(unit("A", {"technical": ONE}), living, "technical")
    found = odds(hacker, living, "technical")
    # B cannot answer in Technical: A is Living and B has no Bio-Hack
    assert found.win == PLAIN and found.loss == 0
    both = odds(hacker, unit("B", {"technical": ONE}, ["Bio-Hack"], types=("Living",)),
                "technical")
    assert tally(both, "a_tally") == PLAIN  # B's Bio-Hack lets it answer


def test_blinding_light_takes_a_die_from_an_assault_within_its_arcane_range():  # l.241
    a = unit("A", {"melee": pool(2)})
    b = unit("B", {"melee": TARGET, "arcane": {"range": 1}}, ["Blinding Light"])
    assert odds(a, b).win == PLAIN  # two OFF dice less one
    far = unit("B", {"melee": TARGET}, ["Blinding Light"])  # Arcane range 0
    assert odds(a, far).win == TWO_OFF_VS_ONE


def test_crowd_fighter_denies_support_in_melee():  # l.250
    b = unit("B", {"melee": TARGET})
    assert odds(unit("A", {"melee": ONE}), b, support_def_b=1).win == ONE_REROLL_DEF
    assert odds(unit("A", {"melee": ONE}, ["Crowd Fighter"]), b, support_def_b=1).win == PLAIN


def test_cypher_takes_its_rank_in_arcane_off_dice_from_an_adjacent_unit():  # l.255
    a = unit("A", {"arcane": pool(3, reach=2)})
    b = unit("B", {"arcane": TARGET}, [{"name": "Cypher", "rank": 2}])
    assert odds(a, b, "arcane").win == PLAIN  # three dice less two
    # at range 2 it is not adjacent: three dice, the max beats the DEF die or ties it
    # with dice to spare: 1 - sum_k k^3 / 6^4, k < 6
    assert odds(a, b, "arcane", 2).win == 1 - F(sum(k ** 3 for k in range(6)), 6 ** 4)


def test_degrade_negates_the_ability_that_serves_a_most():  # l.256
    a = unit("A", {"melee": ONE}, ["Ambush", "Regeneration"])
    b = unit("B", {"melee": TARGET}, ["Degrade"])
    found = odds(a, b, ambush=1)
    assert found.win == PLAIN  # Ambush's +2 gone
    assert any("negates A's Ambush" in n for n in found.notes)
    assert odds(a, b, ambush=1, charge=1).win == F(24, 36)  # charged: no Degrade


def test_duelist_rerolls_one_enemy_die_of_its_choice():  # l.261
    a = unit("A", {"melee": ONE}, ["Duelist"])
    b = unit("B", {"melee": TARGET})
    # losing (o <= d), A re-rolls B's die: it wins on the (o-1) faces under o:
    # 15/36 + sum_o (o-1)(7-o)/6 / 36 = 90/216 + 35/216
    assert odds(a, b).win == F(90 + 35, 216) == ONE_REROLL_OFF
    assert odds(a, b, support_def_b=1).win == ONE_REROLL_DEF  # B has an adjacent ally


def test_exploit_takes_a_def_die_but_not_the_last():  # l.263
    a = unit("A", {"melee": ONE}, ["Exploit"])
    # 2 DEF dice: the OFF die must beat the higher: sum_o ((o-1)/6)^2 / 6 = 55/216
    assert odds(unit("A", {"melee": ONE}), unit("B", {"melee": pool(0, 2)})).win == F(55, 216)
    assert odds(a, unit("B", {"melee": pool(0, 2)})).win == PLAIN
    assert odds(a, unit("B", {"melee": TARGET})).win == PLAIN  # one die stays


def test_fate_weaver_rerolls_one_die_of_its_own_test():  # l.264
    a = unit("A", {"melee": ONE}, ["Fate Weaver"])
    # losing (o <= d), A re-rolls its die (wins on 6-d faces) or B's (on o-1): the better
    extra = sum(F(max(6 - d, o - 1), 6) for o in range(1, 7) for d in range(o, 7))
    assert odds(a, unit("B", {"melee": TARGET})).win == PLAIN + extra / 36


def test_freeze_adds_frost_and_a_minus_one_bump():  # l.270
    a = unit("A", {"arcane": pool(1, reach=2)}, ["Freeze"])
    water = unit("B", {"arcane": TARGET}, types=("Infantry", "Water"))
    # the die shows 1,1,2,3,4,5, counted twice against Water (Frost): a tie wins too,
    # so it wins where the DEF die is at most it: 1+1+2+3+4+5 = 16 of 36
    assert odds(a, water, "arcane", freeze=1).win == F(16, 36)
    chosen = odds(a, water, "arcane")  # untold, A still takes it: 16/36 beats 15/36
    assert chosen.win == F(16, 36) and "Freeze" in chosen.title
    # against a target without Water it would win 0+0+1+2+3+4 = 10 of 36: A does not
    assert odds(a, unit("B", {"arcane": TARGET}), "arcane").win == PLAIN


def test_frenzy_rerolls_all_off_dice_in_melee():  # l.271
    a = unit("A", {"melee": ONE, "ballistic": pool(1)}, ["Frenzy"])
    assert odds(a, unit("B", {"melee": TARGET})).win == ONE_REROLL_OFF
    assert odds(a, unit("B", {"ballistic": TARGET}), "ballistic").win == PLAIN


def test_guerrilla_adds_a_def_bump_in_cover():  # l.273
    b = unit("B", {"melee": TARGET}, ["Guerrilla"])
    # B's die shows min(6, d+1); the OFF die o beats it, then B's cover re-roll (the bump
    # lost on the new face) still loses on the o-1 faces under o
    expected = sum(F(o - 1, 6) for o in range(1, 7) for d in range(1, 7)
                   if o > min(6, d + 1)) / 36
    assert odds(unit("A", {"melee": ONE}), b, cover_b=1).win == expected
    assert odds(unit("A", {"melee": ONE}), b).win == PLAIN  # no cover, no bump


def test_hex_rerolls_one_die_of_the_enemys_test_after_the_bumps():  # l.276
    b = unit("B", {"melee": TARGET, "arcane": {"range": 1}}, ["Hex"])
    # A winning (o > d): B re-rolls A's die (A still wins on 6-d) or its own (on o-1)
    expected = sum(F(min(6 - d, o - 1), 6) for o in range(1, 7) for d in range(1, o)) / 36
    assert odds(unit("A", {"melee": ONE}), b).win == expected
    assert odds(unit("A", {"melee": pool(1, reach=2)}), b, distance=2).win == PLAIN


def test_phase_and_regeneration_are_saves_of_three():  # l.291, l.295
    a = unit("A", {"melee": ONE, "arcane": pool(1)})
    for ability in ("Phase", "Regeneration"):
        b = unit("B", {"melee": TARGET, "arcane": TARGET}, [ability])
        assert odds(a, b).win == PLAIN * F(3, 6)
        assert odds(a, b, "arcane").win == PLAIN  # neither in an Arcane assault
    phased = unit("A", {"melee": ONE}, ["Phase"])
    assert odds(phased, unit("B", {"melee": TARGET}, ["Phase"])).win == PLAIN


def test_powerful_charge_is_a_plus_one_bump_when_charging():  # l.293
    a = unit("A", {"melee": ONE}, ["Powerful Charge"])
    # 2,3,4,5,6,6 beats the DEF die 1+2+3+4+5+5 = 20 of 36
    assert odds(a, unit("B", {"melee": TARGET}), charge=1).win == F(20, 36)
    assert odds(a, unit("B", {"melee": TARGET})).win == PLAIN


def test_sharpshooter_denies_cover_in_ballistic():  # l.304
    b = unit("B", {"ballistic": TARGET})
    shooter = unit("A", {"ballistic": ONE}, ["Sharpshooter"])
    assert odds(unit("A", {"ballistic": ONE}), b, "ballistic", cover_b=1).win == ONE_REROLL_DEF
    assert odds(shooter, b, "ballistic", cover_b=1).win == PLAIN


def test_shock_is_a_lightning_assault_counting_twice_against_living():  # l.305
    a = unit("A", {"arcane": pool(2, reach=1)}, ["Shock"])
    b = unit("B", {"arcane": TARGET}, types=("Infantry", "Living"))
    assert odds(a, b, "arcane").win == TWO_OFF_VS_ONE  # regular serves A better
    assert odds(a, b, "arcane", shock=1).win == TWICE  # one die, counted twice


def test_stealth_negates_the_assault_on_its_rank():  # l.308
    b = unit("B", {"melee": TARGET}, [{"name": "Stealth", "rank": 2}])
    # in cover: A wins 55/216; B rolls its d6 and negates on 1-2: x 4/6
    found = odds(unit("A", {"melee": ONE}), b, cover_b=1)
    assert found.win == ONE_REROLL_DEF * F(4, 6)
    assert odds(unit("A", {"melee": ONE}), b).win == PLAIN  # no cover, no Stealth


def test_stout_rerolls_all_def_dice():  # l.309
    b = unit("B", {"melee": TARGET}, ["Stout"])
    assert odds(unit("A", {"melee": ONE}), b).win == ONE_REROLL_DEF
    from designer.systems import examples_dir
    from designer.units import load_unit_file

    units = examples_dir("opentactics") / "units"
    lancer = load_unit_file(units / "iron-lancer.yaml").assessment
    titan = load_unit_file(units / "mountain-titan.yaml").assessment
    assert tally(odds(lancer, titan)) == F(7733, 62208)  # the design note's figure


def test_venomous_rerolls_a_living_enemys_def_die_after_the_rerolls():  # l.323
    a = unit("A", {"melee": ONE}, ["Venomous"])
    living = unit("B", {"melee": TARGET}, types=("Infantry", "Living"))
    assert odds(a, living).win == ONE_REROLL_OFF  # as Duelist: B's losing die again
    assert odds(a, unit("B", {"melee": TARGET})).win == PLAIN


def test_weaken_takes_a_melee_off_die_from_a_living_enemy_in_range():  # l.325
    a = unit("A", {"melee": pool(2)}, types=("Infantry", "Living"))
    b = unit("B", {"melee": TARGET, "arcane": {"range": 1}}, ["Weaken"])
    assert odds(a, b).win == PLAIN
    assert odds(unit("A", {"melee": pool(2)}), b).win == TWO_OFF_VS_ONE  # not Living


# --- elemental types (l.114-130) ---------------------------------------------------------

@pytest.mark.parametrize("attacker,target", [
    ("Fire", "Frost"), ("Fire", "Wood"), ("Frost", "Water"), ("Lightning", "Tech"),
    ("Lightning", "Water"), ("Water", "Fire"), ("Water", "Earth")])
def test_an_added_type_counts_off_twice_against_its_targets(attacker, target):
    a = unit("A", {"arcane": pool(1, reach=1)}, types=("Infantry", attacker))
    b = unit("B", {"arcane": TARGET}, types=("Infantry", target))
    found = odds(a, b, "arcane")
    assert found.win == TWICE and any(f"adds {attacker}" in n for n in found.notes)


@pytest.mark.parametrize("target,assault,term", [
    ("Earth", "Shock", "shock"), ("Wood", "Freeze", "freeze")])
def test_earth_and_wood_count_def_twice_against_their_assaults(target, assault, term):
    # two OFF dice (Shock: three less one; Freeze: two with a - bump on the lower):
    # against one DEF die counted twice the higher must beat it, 1 - sum_d d^2 / 216
    dice = 3 if assault == "Shock" else 2
    a = unit("A", {"arcane": pool(dice, reach=1)}, [assault])
    b = unit("B", {"arcane": TARGET}, types=("Infantry", target))
    plain = unit("B", {"arcane": TARGET})
    assert odds(a, b, "arcane", **{term: 1}).win == F(125, 216)
    assert odds(a, plain, "arcane", **{term: 1}).win == TWO_OFF_VS_ONE


def test_b_takes_the_favourable_type_where_its_types_conflict():
    # Lightning counts OFF twice against Water, Earth counts DEF twice against Lightning:
    # an Earth and Water target takes its DEF twice, the OFF once; A then adds nothing
    a = unit("A", {"arcane": pool(2, reach=1)}, types=("Infantry", "Lightning"))
    b = unit("B", {"arcane": TARGET}, types=("Infantry", "Earth", "Water"))
    assert odds(a, b, "arcane").win == TWO_OFF_VS_ONE


# --- higher ground and the retaliation choice ----------------------------------------------

def test_higher_ground_rerolls_a_die_chosen_with_the_dice_in_view():
    # one die a pool, A on higher ground, B retaliating: A places its re-roll on its OFF
    # or its DEF die seeing all four dice: the net edge 2149/7776 (27.6%), against
    # 35/216 (16.2%) had it chosen before the roll (the worked search: the brute force)
    a, b = unit("A", {"melee": ONE}), unit("B", {"melee": ONE})
    found = odds(a, b, higher_a=1)
    assert found.win - found.loss == F(2149, 7776)


def test_higher_ground_against_stout_is_placed_as_the_dice_are_rolled(monkeypatch):
    """The rules put the higher ground's re-roll in the re-roll phase (l.100), after
    Stout's at the end of the roll phase (l.309); the odds place it as the dice are
    rolled (README, Matchups). One die a pool, A on higher ground (B's OFF pool stays at
    one die), B with Stout, B always retaliating, no saves; over the 6**4 rolls:

    - as the odds read it: A names its OFF die (test 1) or its DEF die (test 2) seeing
      the four dice; B, seeing that, re-rolls its DEF die or keeps it (the better for
      its net, A's kills less its own); then each test's re-roll phase: A's tally chance
      17849/46656, B's 2159/7776 (net 10.49%);
    - in the rules' order: B re-rolls or keeps its DEF die seeing the four dice and
      foreseeing A's choice; A then names the die seeing the four as they stand: A's
      tally chance 4625/11664, B's 6695/23328 (net 10.95%), from the brute force played
      in that order. Foreseeing it in every test costs a search over pairs of both
      tests' states, which the odds do not make (README, Matchups); a note says so
      wherever something is chosen before the re-roll phase (bumps too: a + bump held
      back can sway the holder's choice)."""
    a, b = unit("A", {"melee": ONE}), unit("B", {"melee": ONE}, ["Stout"])
    found = odds(a, b, retaliation="always", higher_a=1)
    assert (tally(found), tally(found, "a_tally")) == (F(17849, 46656), F(2159, 7776))
    assert any("before the re-roll phase" in n for n in found.notes)
    monkeypatch.setattr(Assault, "late", True)
    rules = assault(side_of(a, "melee"), side_of(b, "melee"), "melee", 1, {"higher_a": 1},
                    "always")
    assert rules is not None and rules[:2] == (F(4625, 11664), F(6695, 23328))
    # with nothing acting before the re-roll phase the two orders agree
    plain = unit("B", {"melee": ONE})
    rules = assault(side_of(a, "melee"), side_of(plain, "melee"), "melee", 1,
                    {"higher_a": 1}, "always")
    found = odds(a, plain, retaliation="always", higher_a=1)
    assert rules is not None and rules[:2] == (tally(found), tally(found, "a_tally"))
    assert not any("before the re-roll phase" in n for n in found.notes)


def test_a_bump_held_back_can_sway_the_higher_grounds_choice_in_the_rules_order(monkeypatch):
    # one die a pool in Arcane (no saves); B on higher ground with a +2 OFF bump, A with a
    # +1 DEF bump, B always retaliating. Rolled A 3 against B's DEF 1, B's OFF 1 against
    # A's DEF 2: the odds have B name its DEF die as the dice are rolled (its OFF +2
    # against A's DEF +1 ties at 3; its DEF re-rolled, A still wins 2/6; its OFF
    # re-rolled, it wins 3/6 and A surely: net -1/3 against -1/2), then both bump.
    # In the rules' order A holds its bump back; if B then bumps, A answers (3 against 3
    # again); so B passes, the phase ends at 1 against 2, and B, its net -1/3 either
    # way, re-rolls its OFF die for its own kills (4/6)
    a = unit("A", {"arcane": pool(1, 1, def_bumps=[1])})
    b = unit("B", {"arcane": pool(1, 1, off_bumps=[2])})
    found = odds(a, b, "arcane", retaliation="always", higher_b=1)
    assert (tally(found), tally(found, "a_tally")) == (F(227, 864), F(155, 288))
    monkeypatch.setattr(Assault, "late", True)
    rules = assault(side_of(a, "arcane"), side_of(b, "arcane"), "arcane", 1,
                    {"higher_b": 1}, "always")
    assert rules is not None and rules[:2] == (F(353, 1296), F(355, 648))


def test_a_flier_chooses_whether_to_retaliate():
    # Athletics 6 at range 1: a flight save of 5 unless it retaliates (l.92)
    a = unit("A", {"ballistic": pool(1, 1, reach=2)})
    kite = unit("K", {"ballistic": pool(1, 1, reach=2, off_bumps=[-1])}, flight=True,
                athletics=6)
    best, always = odds(a, kite, "ballistic"), odds(a, kite, "ballistic", retaliation="always")
    never = odds(a, kite, "ballistic", retaliation="never")
    # retaliating, its OFF die shows 1,1,2,3,4,5 and beats A's 10 of 36; it falls 15/36
    assert (always.win, always.loss) == (PLAIN, F(10, 36))
    # not retaliating it saves on 1-5: it falls 15/36 x 1/6, A never
    assert (never.win, never.loss) == (PLAIN * F(1, 6), 0)
    # B's net: 10/36 - 15/36 = -5/36 against -15/216: it keeps its flight save
    assert (best.win, best.loss) == (never.win, never.loss)
    assert any("chooses not to retaliate" in n for n in best.notes)
    # forced not to answer, the note says so, not that it chose
    assert any("retaliation is set to never" in n for n in never.notes)
    assert not any("chooses" in n for n in never.notes)
    # a flier that gains more by answering does answer
    bold = unit("K", {"ballistic": pool(1, 1, reach=2)}, flight=True, athletics=5)
    # answering: net 15/36 - 15/36 = 0; not: -(15/36 x 2/6)
    assert odds(a, bold, "ballistic").loss == PLAIN
