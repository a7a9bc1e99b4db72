"""The card, the catalog browser and the schemas of Op-En."""

from __future__ import annotations

from designer.card import Section, Stat, Table
from designer.cli import main
from designer.systems import examples_dir
from designer.systems.op_en.card import change_text, stat_text
from designer.units import load_unit_file
from tests.systems.op_en.conftest import OPEN

UNITS = examples_dir("op-en") / "units"


def card_of(name: str):
    return OPEN.card(load_unit_file(UNITS / f"{name}.yaml").assessment)


def test_the_leaders_card():
    card = card_of("oriel-vane")
    assert (card.title, card.points, card.system) == ("Oriel Vane", 132, "Op-En")
    assert [t.name for t in card.tags] == ["Rank 4 Marshal", "Walker", "Lantern-sworn",
                                           "Leader"]
    grid = card.tables()[0]
    assert [c.plain for c in grid.rows[0].cells] == ['5"', "d12", "d8", "d6", "d8", "d10",
                                                     "d8", "8", "77"]  # 12 + 65
    # Lantern-sworn's Grit +2: one Die Level up, never read as a bonus to the roll
    assert [c.plain for c in grid.rows[1].cells][6] == "+1 lvl"
    stats = {s.short: s for s in card.stats()}
    assert stats["AR"].value == '12"' and stats["AR"].note == "Intellect 10, Lantern-sworn +2"
    assert stats["CR"].value == '0"'
    sections = {s.label: s for s in card.sections()}
    rally = sections["Skills"].entries[0]
    assert (rally.title, rally.note) == ("Rally", "skill, 8 · FT Grit 4+")
    presence = sections["Abilities"].entries[0]
    assert presence.note == "ability, 6 · tokens +1"
    blade = sections["Equipment"].entries[0]
    assert (blade.title, blade.note) == ("Longblade", "12 · melee weapon, damage 3")
    assert sections["Damage Received"].entries[0].title == " ".join(["[ ]"] * 8)
    assert sections["Notes"].entries[0].title.startswith("Keeps the great lantern")
    assert card.final["ar"] == 12 and card.final["tokens"] == 1


def test_a_grant_a_reach_weapon_and_a_shoot_tag():
    brannoc = card_of("brannoc-tull")
    sections = {s.label: s for s in brannoc.sections()}
    arms = sections["Abilities"].entries[0]
    assert arms.note == "ability, free with Marsh Hulk · CR +1"
    cr = next(s for s in brannoc.stats() if s.short == "CR")
    assert (cr.value, cr.note) == ('1"', 'Long Arms +1, Reed Pike 1"')
    sefa = card_of("sefa-quill")
    aim = next(s for s in sefa.sections() if s.label == "Skills").entries[0]
    assert aim.title == "Steady Aim (Shoot)" and aim.note == "skill, 10 · OT Shoot vs Agility"


def test_unarmed_shows_on_the_card(hollowmere):
    card = OPEN.card(OPEN.assess(OPEN.new_unit("Bare", hollowmere), hollowmere))
    gear = next(s for s in card.sections() if s.label == "Equipment")
    assert gear.entries[0].title == "Unarmed"
    assert isinstance(card.blocks[0], Table) and isinstance(card.blocks[1], Stat)
    assert all(isinstance(b, (Table, Stat, Section)) for b in card.blocks)


def test_catalog_sections_and_the_cli(hollowmere, capsys):
    sections = {s.key: s for s in OPEN.catalog_sections(hollowmere)}
    assert list(sections) == ["ranks", "forms", "traits", "skills", "abilities", "equipment"]
    assert [r.name for r in sections["skills"].rows][:6] == [
        "Interact", "Jump", "Sprint", "Climb", "Hide", "Disengage"]
    assert sections["ranks"].rows[3].cells == ("4", "Marshal", "12",
                                               "12 (Core), 10, 8, 8, 6, 6", "3")
    assert sections["equipment"].rows[-1].name == "Unarmed"
    assert main(["catalog", "forms", "--system", "op-en", "--search", "hulk"]) == 0
    out = capsys.readouterr().out
    assert "Marsh Hulk" in out and "Walker" not in out


def test_schemas():
    schemas = OPEN.json_schemas()
    unit = schemas["unit"]["properties"]
    assert {"setting", "core_stat", "rank", "form", "stats", "trait", "skills", "abilities",
            "equipment"} <= set(unit)
    assert {"core", "setting", "ranks", "forms", "traits", "skills", "abilities",
            "equipment"} <= set(schemas["catalog"]["properties"])


def test_steps_follow_the_book():
    assert [s.key for s in OPEN.steps()] == ["name", "rank", "form", "stats", "trait",
                                             "talents", "equipment", "total"]


def test_die_stats_print_as_the_book_writes_their_levels():
    """d3 to d12+ (L99-107): a value past d12 is the d12+ level, never 'd14'; what a Form
    or Trait changed is counted in Die Levels, so '+2' never reads as a bonus."""
    assert [stat_text("fight", v) for v in (2, 4, 12, 14, 16)] == [
        "d3", "d4", "d12", "d12+", "d12+"]
    assert stat_text("body", 14) == "14" and stat_text("move", 5) == '5"'
    assert stat_text("grit", None) == "-"
    assert [change_text("fight", v) for v in (2, -2, 4)] == ["+1 lvl", "-1 lvl", "+2 lvl"]
    assert change_text("body", 1) == "+1" and change_text("fight", 1) == "+1"
