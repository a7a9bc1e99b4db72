"""The printed sheet as the neutral card (spec §7): no points; action pips, React and
Press boxes with penalties; Precision, Agility, Acumen, Soak; 20 wound boxes and the
shield boxes; the weapons table; the rules in our words."""

from __future__ import annotations

from designer.card import Section, Table
from designer.systems.tactics.table import Catalog, TableSettings
from designer.units import load_unit_file
from tests.systems.tactics.conftest import TX, UNITS, weapon


def card_of(path):
    loaded = load_unit_file(path)
    return TX.card(loaded.assessment)


def block(card, kind, first):
    return next(b for b in card.blocks if isinstance(b, kind)
                and (b.columns[0] if kind is Table else b.label) == first)


def test_the_sheet_has_no_points_and_its_tags():
    card = card_of(UNITS / "sergeant-vale.yaml")
    assert card.points is None and card.tally.breakdown == []
    assert card.title == "Sergeant Vale" and card.system == "TACTICS \u00b7 no points"
    assert [t.name for t in card.tags] == ["Standard", "3 actions", "d20", "shielded"]


def test_turn_row_pips_react_and_press_boxes():
    turn = block(card_of(UNITS / "sergeant-vale.yaml"), Table, "Actions")
    assert turn.columns == ("Actions", "React", "Press 1", "Press 2", "Press 3")
    main, notes = turn.rows
    assert main.cells[0].kind == "dice" and main.cells[0].count == 3
    assert [c.text for c in main.cells[1:]] == ["[ ]"] * 4
    assert notes.sub and [c.text for c in notes.cells] == [
        "per turn", "one a turn", "no penalty", "penalty ___", "penalty ___"]
    minion = block(card_of(UNITS / "dock-thug.yaml"), Table, "Actions")
    assert minion.columns == ("Actions", "React", "Press 1", "Press 2")
    assert minion.rows[0].cells[0].count == 2


def test_a_filled_press_penalty_is_printed(make):
    table = TableSettings(press_penalty=2, cool_down_check="Acumen vs 12")
    catalog = Catalog(table, UNITS)
    card = TX.card(TX.assess(make(), catalog))
    turn = block(card, Table, "Actions")
    assert [c.text for c in turn.rows[1].cells[2:]] == ["no penalty", "penalty -2",
                                                        "penalty -4"]
    shields = next(s for s in card.stats() if s.label == "Shields")
    assert shields.value == "2 max"
    assert shields.note == "shielded [ ] regain 1 a turn; at 0 cool-down check: Acumen vs 12"


def test_attributes_and_soak():
    card = card_of(UNITS / "sergeant-vale.yaml")
    stats = {s.label: s for s in card.stats()}
    assert stats["Precision"].value == "13"
    assert stats["Agility"].value == "d20 + 2"
    assert (stats["Acumen"].value, stats["Acumen"].note) == (
        "___", "in flux in the notes [25]; left blank")
    assert stats["Soak"].value == "d20 + 3"
    assert stats["Soak"].note == "Endurance* 1 + Armor 2"
    brute = {s.label: s for s in card_of(UNITS / "harbour-brute.yaml").stats()}
    assert brute["Agility"].value == "d20 \u2212 1" and brute["Soak"].value == "d20 + 7"


def test_blank_attributes_print_as_blanks(make):
    card = TX.card(TX.assess(make(attributes={}, armor=2), TX.bundled_catalog()))
    stats = {s.label: s for s in card.stats()}
    assert stats["Precision"].value == "___"
    assert stats["Agility"].value == "d20 + ___"
    assert (stats["Soak"].value, stats["Soak"].note) == ("d20 + ___",
                                                         "Endurance* ___ + Armor 2")


def test_wound_track_is_twenty_boxes_and_shields_three():
    track = block(card_of(UNITS / "sergeant-vale.yaml"), Table, "1")
    assert track.columns == tuple(str(n) for n in range(1, 11))
    rows = {r.label: [c.text for c in r.cells] for r in track.rows}
    assert list(rows) == ["Shields", "Wounds", "Wounds 11-20"]
    assert rows["Shields"] == [""] * 3 + ["x"] * 7
    assert rows["Wounds"] == rows["Wounds 11-20"] == [""] * 10
    no_shields = block(card_of(UNITS / "dock-thug.yaml"), Table, "1")
    assert [r.label for r in no_shields.rows] == ["Wounds", "Wounds 11-20"]
    down = next(s for s in card_of(UNITS / "dock-thug.yaml").stats()
                if s.label == "At 20 wounds")
    assert (down.value, down.note) == (
        "incapacitated", "dead if same source or scene; any further wound kills")


def test_weapons_table_with_area_and_medium_explosion_note():
    card = card_of(UNITS / "warden-drone.yaml")
    weapons = block(card, Table, "Damage")
    rows = [(r.label, [c.text for c in r.cells], r.sub) for r in weapons.rows]
    assert rows == [
        ("Mortar Pod", ["15", "12", "F", "expl. med."], False),
        ("Mortar Pod: note", ["", "", "", "no normal dodge"], True),
        ("Gas Canister", ["6", "11", "M", "cloud"], False),
        ("Spotlight Laser", ["11", "14", "S", "\u2013"], False),
    ]
    notes = block(card, Section, "Weapon notes")
    assert not notes.on_card
    assert notes.entries[0].title == "Mortar Pod: explosion medium"
    assert notes.entries[0].text == "Cannot be dodged normally: brace and soak [51]."


def test_invalid_values_print_as_written(make):
    card = TX.card(TX.assess(make(weapons=[weapon(damage="14", distance="far")]),
                             TX.bundled_catalog()))
    row = block(card, Table, "Damage").rows[0]
    assert [c.text for c in row.cells] == ["14", "12", "far", "\u2013"]
    assert not card.legal


def test_action_lists_and_rules_section():
    card = card_of(UNITS / "warden-drone.yaml")
    sections = {s.label: s for s in card.sections()}
    assert [e.title for e in sections["Maneuvers (also as Reacts)"].entries] == [
        "Hover", "Target Lock"]
    assert sections["Maneuvers (also as Reacts)"].short == "Maneuvers"
    assert sections["Reacts"].entries[0].text == "Spend the React before the Agility roll."
    rules = {e.title: e.text for e in sections["Rules"].entries}
    assert rules["Resolve"] == ("Agility roll vs Precision: each point short adds 1 damage; "
                                "soak subtracts; what remains are wounds.")
    assert rules["Distances"] == ("I immediate, C close (same zone), M up to 3 zones, F up "
                                  "to 5, S sight.")
    assert rules["Sheet"] == "Based on the TACTICS design notes; no points system."
    assert card.sections()[-1].label == "Rules"  # it fills the bottom of the sheet


def test_final_data_for_the_data_exports():
    final = card_of(UNITS / "sergeant-vale.yaml").final
    assert final["soak"] == 3 and final["max_wounds"] == 20 and final["shields"] == 3
    assert final["press_penalty"] is None and final["zones"] == {"medium": 3, "far": 5}
    assert final["weapons"][1]["area"] == ["explosion small"]



def test_the_pdf_prints_half_page_sheets_two_to_a_page_and_no_poker_card(tmp_path):
    from pypdf import PdfReader

    from designer.export import export_path
    from designer.systems import examples_dir

    folder = examples_dir("tactics")
    unit = PdfReader(export_path(folder / "units" / "sergeant-vale.yaml", "pdf",
                                 out=tmp_path))
    # the sheet, then its second side with the rules it names: no poker card page
    assert len(unit.pages) == 2
    back = " ".join(unit.pages[1].extract_text().split())
    assert "Sergeant Vale" in back and "Explosion small: Everyone in the zone" in back
    encounter = PdfReader(export_path(folder / "rosters" / "dock-ambush.yaml", "pdf",
                                      out=tmp_path))
    # the summary, four distinct sheets and two of the six thugs' tracks two to a page,
    # then the rules
    assert len(encounter.pages) == 5
    second = encounter.pages[1].extract_text()
    assert "Sergeant Vale" in second and "Dock Thug" in second
