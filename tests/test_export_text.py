"""Markdown and plain-text exports: complete stat blocks (every stat, type, bump,
equipment choice and ability) and a force summary, with user text kept harmless."""

from __future__ import annotations

import pytest
import yaml

from designer.export import export_path, load_doc, render
from designer.systems import examples_dir

UNITS = examples_dir() / "units"
ROSTERS = examples_dir() / "rosters"


def test_text_stat_block_of_the_steam_witch_exactly():
    out = render(load_doc(UNITS / "steam-witch.yaml"), "txt")
    lines = out.splitlines()
    assert lines[0] == "Steam Witch" + " " * 56 + "60 points"
    assert lines[1] == "Types: Cavalry, Human, Living, Mage"
    assert lines[3:9] == [
        "           Melee  Ballistic  Arcane  Technical",
        "OFF dice   1      0          2       1",
        "OFF bumps  -1     -          +1      -",
        "DEF dice   2      2          2       2",
        "DEF bumps  -      +1         -       -",
        "Range      1      0          6       1",
    ]
    assert "Athletics: 10, flies" in lines
    assert "Equipment: none" in lines
    assert "Audit: printed 49, tally 60" in lines
    assert "Status: legal" in lines
    assert "Tally: dice 17 + bumps 2 + range 8 + athletics 20 + abilities 11 + types 2 = 60" \
        in out.replace("\n  ", " ")


@pytest.mark.parametrize("fmt", ["md", "txt"])
def test_every_example_unit_is_complete(fmt):
    for path in sorted(UNITS.glob("*.yaml")):
        doc = load_doc(path)
        (card,) = doc.cards
        out = " ".join(render(doc, fmt).split())  # joined across wrapped lines
        out = out.replace("\\", "")  # Markdown escapes
        assert card.title in out and f"{card.points} points" in out
        for t in card.tags:
            assert t.name in out
        for table in card.tables():
            for column in table.columns:
                assert column in out
            for row in table.rows:
                assert row.label in out
                for cell in row.cells:
                    assert cell.plain in out  # bumps (+1 -1) and ranges among them
        for stat in card.stats():
            assert f"{stat.label}:{'**' if fmt == 'md' else ''} {stat.value}" in out
        for section in card.sections():
            for e in section.entries:
                assert e.title in out and e.note in out and e.text in out
                if e.note.startswith("from "):  # an ability an item grants
                    assert f"({e.note})" in out
        assert f"Athletics:{'**' if fmt == 'md' else ''} " in out


def test_equipment_bumps_are_credited_to_their_items():
    out = render(load_doc(UNITS / "iron-lancer.yaml"), "md")
    assert "**Bumps from equipment:** Melee DEF +3 (Heavy Armor); Ballistic DEF +2 " \
        "(Heavy Armor)" in out
    assert "- Heavy Armor: bumps raised (" in out
    assert "- Polearm: Impale (" in out
    assert "- **Impale** (from Polearm): " in out


@pytest.mark.parametrize("fmt", ["md", "txt"])
@pytest.mark.parametrize("roster", ["northern-raid.yaml", "titans-folly.yaml"])
def test_example_rosters_have_summary_and_every_unit(tmp_path, fmt, roster):
    doc = load_doc(ROSTERS / roster)
    out = export_path(ROSTERS / roster, fmt, out=tmp_path).read_text(encoding="utf-8")
    f = doc.summary
    assert f.name.replace("'", "") in out.replace("'", "")
    assert [fact.key for fact in f.facts] == ["starting_morale", "activation_counters"]
    for fact in f.facts:
        assert f"{fact.label}: {fact.value}" in out
    for e in f.entries:
        assert e.name in out
    for card in doc.cards:
        assert card.title in out and f"{card.points} points" in out
    if f.legal:
        assert "legal" in out.lower() and "NOT LEGAL" not in out
    else:
        assert "NOT LEGAL" in out
        for p in f.problems:
            assert p.message in out.replace("\n    ", " ")


def test_markdown_roster_table_rows_and_total():
    out = render(load_doc(ROSTERS / "titans-folly.yaml"), "md")
    assert "| 1 | Mountain Titan | 2 | 56 | 112 | legal |" in out
    assert "| | **Total** | **5** | | **327** | of 300 |" in out
    assert "**Points 327 / 300** (27 over)" in out
    assert "- 327 points is 27 over the points cap of 300; remove units or lower counts" in out


def test_markdown_escapes_user_text(tmp_path):
    source = tmp_path / "u.yaml"
    source.write_text(yaml.safe_dump({
        "name": "*Bold* | [link](http://x) <b>", "types": ["Infantry"],
        "abilities": [{"name": "A_b", "cost": 1, "text": "line one\nline two | `code`"}]}))
    out = render(load_doc(source), "md")
    assert "# \\*Bold\\* \\| \\[link\\](http://x) \\<b\\> \u2013 1 point" in out
    assert "- **A\\_b** (custom): line one line two \\| \\`code\\`" in out


def test_text_drops_control_characters(tmp_path):
    source = tmp_path / "u.yaml"
    source.write_text(yaml.safe_dump({"name": "Red\x1b[31m Alert", "types": ["Infantry"]}))
    out = render(load_doc(source), "txt")
    assert "\x1b" not in out
    assert out.startswith("Red [31m Alert")


@pytest.mark.parametrize(("roster", "words"), [
    ("op-en/examples/rosters/lantern-company.yaml",
     ["The Lantern Company - Opposing Force roster", "Total Cost: 609 of 750 (141 remaining)",
      "Characters: 7", "every character is legal", "#  Character     Count  Cost  Subtotal"]),
    ("tactics/examples/rosters/dock-ambush.yaml",
     ["Dock Ambush - encounter roster", "Sheets: 9", "(every sheet is legal)",
      "#  Sheet          Side     Count  Status"]),
])
def test_a_roster_prints_in_its_systems_words(roster, words):
    """An Op-En roster is an Opposing Force of characters at a cost; a TACTICS one an
    encounter of sheets: the printouts say so, as the forces screen does."""
    from designer.export.document import roster_doc
    from designer.roster import load_roster
    from designer.systems import catalog_root

    doc = roster_doc(load_roster(catalog_root() / roster))
    out = render(doc, "txt")
    for word in words:
        assert word in out, word
    assert "Unit" not in out and "force roster" not in out
    md = render(doc, "md")
    assert f"\u2013 {words[0].split(' - ')[1]}" in md
