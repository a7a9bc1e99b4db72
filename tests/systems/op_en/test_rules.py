"""Every check of one character (spec §1.4, §4.1), each triggered on purpose, with its
field and a message that says how to fix it."""

from __future__ import annotations

import pytest

from designer.systems.op_en.models import Character, Choice, ItemChoice
from tests.systems.op_en.conftest import OPEN, data


def test_clean_character_has_no_findings(codes):
    assert codes() == []


# --- rank, form, trait ---------------------------------------------------------------------


@pytest.mark.parametrize("rank", [0, 5])
def test_rank_not_in_the_table(issue, rank):
    found = issue("E-OPEN-RANK", rank=rank, skills=[])
    assert found.field == "rank" and "choose one of 1, 2, 3, 4" in found.message


def test_no_rank(issue):
    assert issue("E-OPEN-RANK", rank=None).message == "no rank; choose one of 1, 2, 3, 4"


def test_no_form_or_two(codes, issue):
    assert "E-OPEN-FORM" in codes(form=None)
    assert issue("E-OPEN-FORM", form=["Walker", "Stoutling"]).message == \
        "2 Forms; a character has exactly one: keep one"


def test_unknown_form_built_without_a_file(hollowmere):
    unit = Character.model_validate({**data(), "form": "Bog Wight"})  # bypasses the names
    codes = [i.code for i in OPEN.assess(unit, hollowmere).tally.issues]
    assert "E-OPEN-FORM" in codes


def test_form_closed_to_the_rank(issue):
    found = issue("E-OPEN-FORM-RANK", rank=2, form="Marsh Hulk")
    assert found.message == "Marsh Hulk is open to Rank 3, 4 only; choose another Form"


def test_more_than_one_trait(issue):
    assert issue("E-OPEN-TRAIT-MANY", trait=["Drilled", "Quickhand"]).field == "trait"


def test_trait_closed_to_the_rank(tmp_path):
    from tests.systems.op_en.test_catalog import copy_setting

    folder = copy_setting(tmp_path)
    path = folder / "traits.yaml"
    path.write_text(path.read_text().replace("cost: 2\n", "cost: 2\n    ranks: [4]\n", 1))
    catalog = OPEN.load_catalog(folder)
    tally = OPEN.assess(OPEN.parse_unit(data(), catalog), catalog).tally
    assert [i.code for i in tally.issues] == ["E-OPEN-TRAIT-RANK"]


# --- stats ---------------------------------------------------------------------------------


def test_core_stat_missing_or_move(codes, issue):
    assert issue("E-OPEN-CORE-STAT", core_stat=None).field == "core_stat"
    assert "Move cannot be the Core Stat" in issue("E-OPEN-CORE-STAT",
                                                   core_stat="move").message


def test_allocation_not_the_ranks_values(issue):
    found = issue("E-OPEN-STAT-ARRAY", stats={"fight": 10, "toughness": 10, "shoot": 8,
                                              "agility": 6, "intellect": 6, "grit": 4})
    assert found.message == ("allocated 10, 10, 8, 6, 6, 4; this rank gives 10 to fight and "
                             "8, 8, 6, 6, 4 to the rest")


def test_a_stat_left_unallocated(issue):
    found = issue("E-OPEN-STAT-ARRAY", stats={"fight": 10, "toughness": 8, "shoot": 8,
                                              "agility": 6, "intellect": 6})
    assert found.field == "stats.grit"


def test_core_value_swapped_out_of_the_core_stat(codes, issue):
    swapped = {"fight": 8, "toughness": 10, "shoot": 8, "agility": 6, "intellect": 6,
               "grit": 4}
    assert [c for c in codes(stats=swapped) if c.startswith("E-")] == ["E-OPEN-CORE-VALUE"]
    assert issue("E-OPEN-CORE-VALUE", stats=swapped).field == "stats.fight"


def test_a_final_stat_outside_four_to_twelve_is_range_only(codes, issue):
    # Rank 4 Fight 12 in the Marsh Hulk: 14
    found = codes(rank=4, form="Marsh Hulk", skills=["Whirl", "Rally", "Taunt"])
    assert "E-OPEN-STAT-RANGE" in found and "E-OPEN-STAT-STEP" not in found
    # Stoutling takes Agility 4 to 2; Move and Body are bounded too (Ironhide Body 11)
    low = issue("E-OPEN-STAT-RANGE", rank=1, form="Stoutling")
    assert low.field == "stats.agility" and "final Agility is 2" in low.message


def test_move_and_body_range(tmp_path):
    from tests.systems.op_en.test_catalog import copy_setting

    folder = copy_setting(tmp_path)
    path = folder / "forms.yaml"
    path.write_text(path.read_text().replace("body: 11", "body: 12"))
    catalog = OPEN.load_catalog(folder)
    unit = OPEN.parse_unit(data(form="Marsh Hulk", trait="Ironhide"), catalog)
    found = [i for i in OPEN.assess(unit, catalog).tally.issues]
    assert [(i.code, i.field) for i in found] == [("E-OPEN-STAT-RANGE", "form")]
    lifted = copy_setting(tmp_path / "lifted", overrides="{move_body_range: [2, 14]}")
    (lifted / "forms.yaml").write_text(path.read_text())
    catalog = OPEN.load_catalog(lifted)
    assert OPEN.assess(OPEN.parse_unit(data(form="Marsh Hulk", trait="Ironhide"), catalog),
                       catalog).tally.issues == []


def test_an_odd_die_stat(tmp_path):
    from tests.systems.op_en.test_catalog import copy_setting

    folder = copy_setting(tmp_path)
    path = folder / "traits.yaml"
    path.write_text(path.read_text().replace("modifiers: {shoot: 2}", "modifiers: {shoot: 1}"))
    catalog = OPEN.load_catalog(folder)
    tally = OPEN.assess(OPEN.parse_unit(data(trait="Quickhand"), catalog), catalog).tally
    assert [(i.code, i.field) for i in tally.issues] == [("E-OPEN-STAT-STEP", "stats.shoot")]


# --- Skills and Abilities ------------------------------------------------------------------


def test_rank_1_takes_no_talents(issue):
    found = issue("E-OPEN-TALENT-RANK1", rank=1, skills=["Whirl"])
    assert found.field == "skills[0]"


def test_talent_count_above_the_allowance(issue, codes):
    assert issue("E-OPEN-TALENT-COUNT", rank=2, skills=["Whirl"]).message == \
        "1 Skills and Abilities; Rank 2 takes 0 at creation: remove 1"
    found = issue("E-OPEN-TALENT-COUNT", skills=["Whirl", "Taunt"])
    assert found.field == "skills[1]"
    assert "E-OPEN-TALENT-COUNT" not in codes(rank=4, skills=["Whirl", "Taunt"],
                                              abilities=["Duelist"])


def test_a_form_grant_is_outside_the_allowance(codes):
    assert codes(form="Marsh Hulk") == []


def test_talent_twice_on_one_character(issue):
    found = issue("E-OPEN-TALENT-TWICE", rank=4, skills=["Rally", "Rally"])
    assert found.field == "skills[1]"


def test_buying_what_the_form_grants(issue):
    found = issue("E-OPEN-TALENT-TWICE", form="Marsh Hulk", skills=[],
                  abilities=["Long Arms"])
    assert "the Form already grants it" in found.message


def test_talent_closed_to_the_rank(issue):
    found = issue("E-OPEN-TALENT-RANK", skills=[], abilities=["Commanding Presence"])
    assert found.message == "Commanding Presence is open to Rank 4 only; choose another"


def test_buying_a_universal_skill(make, assess):
    tally = assess(make(skills=["Sprint"])).tally
    assert [(i.code, i.field) for i in tally.errors] == [("E-OPEN-UNIVERSAL", "skills[0]")]
    assert ("talents", "Skill: Sprint (universal)", 0) in [(x.step, x.item, x.points)
                                                          for x in tally.breakdown]


def test_unknown_talent_built_without_a_file(hollowmere):
    unit = Character.model_validate(data()).model_copy(
        update={"abilities": [Choice(name="Levitate")]})
    found = [i for i in OPEN.assess(unit, hollowmere).tally.issues
             if i.code == "E-OPEN-TALENT-UNKNOWN"]
    assert found and found[0].field == "abilities[0]"


def test_unknown_trait_built_without_a_file(hollowmere):
    unit = Character.model_validate({**data(), "trait": "Moonborn"})
    codes = [i.code for i in OPEN.assess(unit, hollowmere).tally.issues]
    assert codes == ["E-OPEN-TALENT-UNKNOWN"]


# --- Equipment -----------------------------------------------------------------------------


def test_slots(issue):
    found = issue("E-OPEN-EQUIP-SLOTS", equipment=["Hatchet", "Sling", "Longblade", "Reed Pike"])
    assert found.message == "4 weapon entries; a character carries up to 3: remove 1"
    assert issue("E-OPEN-EQUIP-SLOTS", equipment=["Hatchet", "Buckler", "Tower Shield"]) \
        .message.startswith("2 shield entries")


def test_prerequisites_on_rank_and_final_stats(issue, codes):
    assert codes(equipment=["Arbalest"]) == []  # Rank 3, Shoot 8
    found = issue("E-OPEN-EQUIP-PREREQ", rank=2, equipment=["Arbalest"])
    assert found.message == ("Arbalest needs Rank 3, 4, Shoot 8+ (final 6); meet it or choose "
                             "other equipment")
    assert found.field == "equipment[0]"
    # the prerequisite reads the final stat: Longstrider takes Toughness 8 to 6
    assert "E-OPEN-EQUIP-PREREQ" in codes(form="Longstrider",
                                          equipment=["Hatchet", "Scale Hauberk"])


def test_one_per_of_item_twice_on_one_character(issue):
    found = issue("E-OPEN-EQUIP-ONCE", equipment=["Hatchet", "Signal Lantern",
                                                  "Signal Lantern"])
    assert found.field == "equipment[2]"


def test_unknown_item_built_without_a_file(hollowmere):
    unit = Character.model_validate(data()).model_copy(
        update={"equipment": [ItemChoice(name="Blunderbuss")]})
    codes = [i.code for i in OPEN.assess(unit, hollowmere).tally.issues]
    assert "E-OPEN-EQUIP-UNKNOWN" in codes


# --- warnings ------------------------------------------------------------------------------


def test_no_trait_is_legal_with_a_warning(make, assess):
    tally = assess(make(trait=None)).tally
    assert tally.legal and [i.code for i in tally.warnings] == ["W-OPEN-NO-TRAIT"]


def test_unarmed(issue):
    assert issue("W-OPEN-UNARMED", equipment=["Padded Coat"]).message == (
        "no weapon: fights Unarmed (damage 1); add a weapon unless that is the point")


def test_allowance_unused(issue, codes):
    assert issue("W-OPEN-TALENT-UNUSED", rank=4).message == (
        "1 of 3 Skills or Abilities chosen; Rank 4 may take 2 more")
    assert "W-OPEN-TALENT-UNUSED" in codes(skills=[])
    assert "W-OPEN-TALENT-UNUSED" not in codes(rank=2)


def test_a_shoot_talent_without_a_ranged_weapon(issue, codes):
    assert issue("W-OPEN-COUNTS-AS", skills=["Steady Aim"], equipment=["Hatchet"]).field \
        == "skills[0]"
    assert "W-OPEN-COUNTS-AS" not in codes(skills=["Steady Aim"])  # the Sling shoots


def test_paid_differs_from_today(issue):
    found = issue("W-OPEN-PAID", skills=[{"name": "Whirl", "paid": 8}])
    assert found.message == "Whirl was paid 8; at today's stats it would cost 10: priced at 8"


def test_custom_entries_are_flagged(issue):
    assert issue("W-OPEN-CUSTOM", equipment=["Hatchet", {"name": "Net", "cost": 2}]).field \
        == "equipment[1]"


def test_every_finding_files_under_a_build_step(make, assess):
    keys = {s.key for s in OPEN.steps()}
    unit = make(rank=4, form=["Marsh Hulk", "Walker"], trait=["Drilled", "Ironhide"],
                skills=["Sprint", "Steady Aim"], equipment=["Padded Coat", "Scale Hauberk"])
    tally = assess(unit).tally
    assert len(tally.issues) >= 5
    assert {OPEN.step_of(i.field) for i in tally.issues} <= keys
    assert OPEN.step_of("stats.fight") == "stats" and OPEN.step_of("abilities[0]") == "talents"
    assert OPEN.step_of("core_stat") == "stats" and OPEN.step_of("units[0]") == "total"


def test_prerequisite_skill_or_ability(tmp_path):
    from tests.systems.op_en.test_catalog import copy_setting

    folder = copy_setting(tmp_path)
    path = folder / "equipment.yaml"
    path.write_text(path.read_text().replace(
        "range: 12, cost: 2,", "range: 12, cost: 2, requires: {skills: [Steady Aim]},"))
    catalog = OPEN.load_catalog(folder)

    def found(**fields):
        unit = OPEN.parse_unit(data(**fields), catalog)
        return [(i.code, i.message) for i in OPEN.assess(unit, catalog).tally.errors]

    assert found() == [("E-OPEN-EQUIP-PREREQ", "Sling needs Steady Aim; meet it or choose "
                                               "other equipment")]
    assert found(skills=["Steady Aim"]) == []
