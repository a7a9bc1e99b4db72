"""The printed card (spec §3.7) and the data the exports carry."""

from __future__ import annotations

from designer.card import Section, Stat, Table
from designer.export import export_path
from designer.systems import examples_dir
from designer.units import load_unit_file
from tests.systems.openfire.conftest import OPENFIRE

UNITS = examples_dir("openfire") / "units"


def card(name: str):
    return OPENFIRE.card(load_unit_file(UNITS / f"{name}.yaml").assessment)


def section(c, label: str) -> Section:
    return next(s for s in c.sections() if s.label == label)


def stat(c, label: str) -> Stat:
    return next(s for s in c.stats() if s.label == label)


def test_a_squad_card():
    c = card("ash-rangers")
    assert (c.title, c.points, c.system) == ("Ash Rangers", 74, "Open Fire 0.3")
    assert [t.name for t in c.tags] == ["no category", "cc1 default", "core rules only"]
    models, weapons = c.tables()
    assert models.columns == ("MOV", "SKL", "DEF", "CMD", "HP")
    assert [(r.short, [x.plain for x in r.cells]) for r in models.rows] == [
        ("Ranger Sergeant (L)", ['6"', "6", "7", "5", "5"]),
        ("Ranger ×4", ['6"', "7", "7", "6", "5"])]
    assert weapons.columns == ("RNG", "ATT", "DMG", "PRC")
    assert [r.label for r in weapons.rows] == ["Carbine", "Combat Blade", "Long Rifle"]
    assert stat(c, "Tests").note == "roll ≥ value on d12; 1 fails, 12 succeeds"
    assert stat(c, "Formation").value == '4"'
    assert section(c, "Weapon rules").entries[0].label == "Carbine (Rapid Fire)"
    hp = section(c, "Hit points").entries
    assert hp[0].title == "Ranger Sergeant [ ] [ ] [ ] [ ] [ ]"
    assert hp[1].title.startswith("Ranger ×4, each [ ]")
    assert section(c, "Stress").compact
    assert section(c, "Stress").record and section(c, "Hit points").record
    points = section(c, "Points")
    assert points.entries[0].title == (
        "cc1: community costing v1, designer's own default, not from the Open Fire book")
    assert not points.on_card  # the tags say how it was priced
    assert c.credit == "Open Fire core rules 0.3, open-source-tabletop, CC BY 4.0"
    rules = section(c, "Special rules")
    summaries = {e.title: e for e in rules.entries}
    assert summaries["Skilled"].note == "line 472"
    # defined once in a printout's glossary; the models' lines name them
    assert rules.glossary and not rules.on_card
    assert section(c, "Models").entries[1].text == "carries Long Rifle, Combat Blade"
    patrol = card("warden-patrol")  # what the upgrades change shows; their names do not
    assert section(patrol, "Models").entries[1].text == (
        "Stealth (1) (from Camo Cloaks); carries Long Rifle (Hot Loads)")
    upgrades = section(patrol, "Upgrades")
    assert not upgrades.on_card and [(e.title, e.text) for e in upgrades.entries] == [
        ("Ranger Sergeant", "Drill Master"), ("Ranger", "Camo Cloaks, Hot Loads")]


def test_vehicle_and_aircraft_figures():
    crawler = card("ash-crawler")
    assert stat(crawler, "Half HP").value == "5 HP left"  # 12 HP: more than 6 lost
    assert stat(crawler, "Transport").value == "6 models"
    assert "Vulnerable (Rear) (with Vehicle)" in section(crawler, "Models").entries[0].text
    assert not [s for s in crawler.stats() if s.label == "Formation"]  # one model
    assert [t.name for t in crawler.tags][-1] == "Vehicle"
    kite = card("dust-kite")
    assert stat(kite, "Aircraft").value == '12-24"'
    assert kite.tables()[0].rows[0].cells[0].plain == '12-24"'
    assert [t.name for t in kite.tags] == ["vehicle", "module-listed",
                                           "Ash Wastes (demonstration)", "Aircraft"]


def test_profiles_are_indented_and_upgrades_shown():
    pickers = card("scrap-pickers")
    rows = [(r.label, [x.plain for x in r.cells]) for r in pickers.tables()[1].rows]
    assert rows[:3] == [("Arc Lance", ["", "", "", ""]),
                        ("· Focused", ['18"', "1", "3", "3"]),
                        ("· Sweep", ['8"', "3", "1", "0"])]
    assert "Arc Lance (Sweep: Torrent)" in [e.label for e in
                                            section(pickers, "Weapon rules").entries]
    captain = card("warden-captain")
    rows = [(r.label, r.cells[0].plain) for r in captain.tables()[1].rows]
    assert ("Service Pistol (Long Barrel)", '18"') in rows
    assert section(captain, "Abilities").entries[0].title == "Clear the Road"


ASHBORN_TEXT = ("This model ignores the movement penalty of ash, cinder and scree terrain, "
                "and does not count it as difficult when it advances.")


def test_a_module_rule_prints_its_own_text_in_the_glossary(tmp_path):
    # Ashborn has a summary and its own text: the glossary, where rules print in full,
    # gives the text; a core rule, which has a summary only, its summary
    glossary = {e.title: e for e in section(card("scrap-pickers"), "Special rules").entries}
    assert glossary["Ashborn"].text == ASHBORN_TEXT
    assert glossary["Torrent"].text == ("Every attack hits; dice are still rolled for "
                                        "critical effects.")
    text = export_path(UNITS / "scrap-pickers.yaml", "txt", out=tmp_path).read_text()
    assert " ".join(text.split()).count(ASHBORN_TEXT) == 1
    assert "Moves through ash and cinder terrain at full rate." not in text


def test_data_exports_carry_the_final_values(tmp_path):
    import json

    c = card("warden-patrol")
    final = c.final
    assert final["module"] == "ash-wastes" and final["costing"] == "module-listed"
    ranger = final["models"][1]
    assert ranger["special"] == ["Stealth (1) (from Camo Cloaks)"] and ranger["points"] == 52
    assert ranger["weapons"][0]["profiles"][0]["prc"] == 2  # Hot Loads
    written = export_path(UNITS / "warden-patrol.yaml", "json", out=tmp_path)
    data = json.loads(written.read_text())
    assert data["final"]["models"][0]["upgrades"] == ["Drill Master"]
    assert data["unit"]["models"][1]["upgrades"] == [
        "Camo Cloaks", {"name": "Hot Loads", "weapon": "Long Rifle"}]


def test_the_text_export_draws_it(tmp_path):
    text = export_path(UNITS / "magma-wyrm.yaml", "txt", out=tmp_path).read_text()
    assert "Magma Wyrm" in text and "Heavy Armour (2)" in text
    assert "CC BY 4.0" in text and "Rending (X)" in text
    assert isinstance(card("magma-wyrm").blocks[0], Table)
