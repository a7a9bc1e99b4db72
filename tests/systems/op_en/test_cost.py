"""Every cost rule of the spec (§1.3), with the arithmetic written out and exact totals."""

from __future__ import annotations

import pytest

from tests.systems.op_en.conftest import OPEN, data


def lines(tally):
    return [(line.step, line.item, line.points) for line in tally.breakdown]


def test_the_clean_warden_line_by_line(make, assess):
    tally = assess(make()).tally
    assert lines(tally) == [
        ("rank", "Rank 3 Warden", 8),
        ("form", "Form: Walker", 2),
        ("stats", "Stat total 5+10+8+8+6+6+4+8", 55),
        ("trait", "Trait: Drilled", 2),
        ("talents", "Skill: Whirl (Fight 10)", 10),
        ("equipment", "Hatchet (fixed)", 3),
        ("equipment", "Sling (fixed)", 2),
    ]
    assert tally.total == 82
    assert tally.issues == []


@pytest.mark.parametrize(("rank", "total"), [
    # Rank Cost + stat total + Walker 2 + Drilled 2 + Hatchet 3 + Sling 2 (+ Whirl at 3, 4)
    (1, 0 + (5 + 8 + 6 + 6 + 4 + 4 + 4 + 8) + 9),        # 54
    (2, 4 + (5 + 8 + 8 + 6 + 6 + 4 + 4 + 8) + 9),        # 62
    (3, 8 + 55 + 9 + 10),                                # 82
    (4, 12 + (5 + 12 + 8 + 6 + 8 + 10 + 6 + 8) + 9 + 12),  # 96: Whirl at Fight 12
])
def test_rank_cost_is_the_rank_cost_plus_the_stat_total(make, assess, rank, total):
    assert assess(make(rank=rank)).tally.total == total


def test_form_sets_move_and_body_changes_stats_and_costs(make, assess):
    # Stoutling: Move 4, Body 10, Toughness 8+2, Agility 6-2; cost 4
    final = assess(make(form="Stoutling")).final
    assert (final.stats["move"], final.stats["body"]) == (4, 10)
    assert (final.stats["toughness"], final.stats["agility"]) == (10, 4)
    # 8 + (4+10+10+8+4+6+4+10 = 56) + Stoutling 4 + Drilled 2 + Whirl 10 + 5 = 85
    assert assess(make(form="Stoutling")).tally.total == 85


def test_trait_costs_on_top_of_the_stats_it_changes(make, assess):
    # Fen-wise 3 instead of Drilled 2: Move 5+1, Intellect 6+2 -> stat total 58
    tally = assess(make(trait="Fen-wise")).tally
    assert ("trait", "Trait: Fen-wise", 3) in lines(tally)
    assert ("stats", "Stat total 6+10+8+8+6+8+4+8", 58) in lines(tally)
    assert tally.total == 8 + 58 + 2 + 3 + 10 + 5 == 86


def test_no_trait_costs_nothing(make, assess):
    assert assess(make(trait=None)).tally.total == 80


def test_a_skill_costs_the_final_value_of_its_stat(make, assess):
    # Marsh Hulk raises Fight to 12: Whirl costs 12, not the allocated 10 (L980-984)
    tally = assess(make(form="Marsh Hulk")).tally
    assert ("talents", "Skill: Whirl (Fight 12)", 12) in lines(tally)


def test_the_books_example_a_fight_8_skill_costs_8(make, assess):
    tally = assess(make(stats={"fight": 10, "toughness": 8, "shoot": 8, "agility": 6,
                               "intellect": 6, "grit": 4}, skills=["Shield Bash"],
                        form="Walker")).tally
    assert ("talents", "Skill: Shield Bash (Fight 10)", 10) in lines(tally)
    low = assess(make(core_stat="grit", skills=["Shield Bash"],
                      stats={"grit": 10, "fight": 8, "toughness": 8, "shoot": 6,
                             "agility": 6, "intellect": 4})).tally
    assert ("talents", "Skill: Shield Bash (Fight 8)", 8) in lines(low)


def test_abilities_fixed_or_at_their_stat(make, assess):
    fixed = assess(make(rank=4, skills=[], abilities=["Commanding Presence"])).tally
    assert ("talents", "Ability: Commanding Presence (fixed)", 6) in lines(fixed)
    stat = assess(make(skills=[], abilities=["Keen Eye"])).tally
    assert ("talents", "Ability: Keen Eye (Intellect 6)", 6) in lines(stat)


def test_equipment_fixed_or_at_its_stat(make, assess):
    tally = assess(make(equipment=["Longblade", "Tower Shield", "Signal Lantern"])).tally
    assert lines(tally)[-3:] == [("equipment", "Longblade (Fight 10)", 10),
                                 ("equipment", "Tower Shield (Toughness 8)", 8),
                                 ("equipment", "Signal Lantern (Intellect 6)", 6)]


def test_a_form_grant_is_free_beyond_the_form(make, assess):
    # Marsh Hulk 8 grants Long Arms (cost 4 when bought) at 0, outside the allowance
    tally = assess(make(form="Marsh Hulk")).tally
    assert ("talents", "Ability: Long Arms (with Marsh Hulk)", 0) in lines(tally)
    # 8 + (5+12+8+8+6+4+4+11 = 58) + 8 + 2 + 12 + 0 + 5 = 93
    assert tally.total == 93
    assert tally.issues == []


def test_paid_fixes_the_price_a_campaign_paid(make, assess):
    tally = assess(make(skills=[{"name": "Whirl", "paid": 8}])).tally
    assert ("talents", "Skill: Whirl (paid 8)", 8) in lines(tally)
    assert tally.total == 80


def test_custom_entries_at_a_cost_or_a_stat(make, assess):
    tally = assess(make(skills=[{"name": "Eel Grip", "cost": 5}],
                        equipment=["Hatchet", {"name": "Net", "stat": "agility",
                                               "kind": "weapon"}])).tally
    assert ("talents", "Skill: Eel Grip (fixed)", 5) in lines(tally)
    assert ("equipment", "Net (Agility 6)", 6) in lines(tally)


def test_the_stat_total_reading_is_a_catalog_setting(hollowmere, tmp_path):
    """R3, "stats are free": `stat_total_is_cost: false` drops the stat total line."""
    from tests.systems.op_en.test_catalog import copy_setting

    folder = copy_setting(tmp_path, overrides="{stat_total_is_cost: false}")
    catalog = OPEN.load_catalog(folder)
    tally = OPEN.assess(OPEN.parse_unit(data(), catalog), catalog).tally
    assert [line.step for line in tally.breakdown].count("stats") == 0
    assert tally.total == 82 - 55


def test_the_rank_cost_is_the_stat_sum_reading(tmp_path):
    """R1, "Rank Cost is the stat sum": every rank's cost 0 in ranks.yaml."""
    from tests.systems.op_en.test_catalog import copy_setting

    folder = copy_setting(tmp_path, rank_costs=0)
    catalog = OPEN.load_catalog(folder)
    tally = OPEN.assess(OPEN.parse_unit(data(), catalog), catalog).tally
    assert tally.total == 82 - 8


def test_awareness_and_combat_range(make, assess):
    final = assess(make(trait="Lantern-sworn", skills=[], abilities=["Keen Eye"])).final
    # AR = Intellect 6 + Lantern-sworn 2 + Keen Eye 3
    assert final.ar == 11 and final.ar_parts == ("Intellect 6", "Lantern-sworn +2",
                                                "Keen Eye +3")
    assert final.cr == 0
    hulk = assess(make(form="Marsh Hulk", equipment=["Reed Pike"])).final
    assert hulk.cr == 1  # Long Arms
    pike = next(p.entry for p in hulk.items if p.name == "Reed Pike")
    assert hulk.weapon_cr(pike) == 1
    plain = assess(make(equipment=["Reed Pike"])).final
    assert plain.cr == 0 and plain.weapon_cr(pike) == 1  # Reach 1" is the pike's own CR


def test_total_is_the_sum_of_the_breakdown_and_is_audited(make, assess):
    tally = assess(make(cost=80)).tally
    assert tally.total == sum(line.points for line in tally.breakdown) == 82
    assert tally.audit() == "printed 80, tally 82"
