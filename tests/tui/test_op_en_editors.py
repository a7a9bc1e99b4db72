"""The Op-En step editors driven by keyboard alone: a Rank 4 Leader and a Rank 1 Hand
built from empty files through all eight steps in the book's order, every step at two
terminal sizes without a field wrapping, and illegal choices showing their findings."""

from __future__ import annotations

import shutil

import pytest
from textual.widgets import Button, OptionList, Static

from designer.io import load_yaml
from designer.systems import examples_dir, system
from designer.tui.app import build_app
from designer.tui.editors import editors_for
from designer.tui.editors.op_en import EDITORS
from designer.tui.widgets.fields import Cycle, Row, Spinner
from designer.tui.widgets.shown import Findings
from designer.tui.widgets.text import TextField
from tests.tui.helpers import focused_id, save
from tests.tui.saved_units import designed, without_id

pytestmark = pytest.mark.tui

OP_EN = system("op-en")
EXAMPLES = examples_dir("op-en") / "units"
WIDE, NARROW = (120, 40), (80, 24)


def unit_of(app):
    return app.screen.doc.unit



def shown(app, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def findings(app) -> str:
    """The step's findings as one text (their lines, wrapped to the width, joined)."""
    return " ".join(str(app.screen.editor.query_one(".step-issues", Findings).render()).split())



def test_every_step_has_its_own_editor():
    assert set(EDITORS) == {s.key for s in OP_EN.steps()}
    assert editors_for(OP_EN) == {key: EDITORS[key] for key in EDITORS}


async def test_build_the_rank_4_leader_from_an_empty_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "leader.yaml"
    app = build_app(game=OP_EN, unit_path=path, start="edit")
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        # a new character: Rank 1, the first Form, Fight as Core Stat, values laid out
        assert (unit_of(app).rank, unit_of(app).form, unit_of(app).core_stat) == \
            (1, "Walker", "fight")
        # 1 Name, then the Core Stat: Toughness takes the Core value 8, Fight back
        assert focused_id(app) == "core-stat"
        await pilot.press("shift+tab")
        assert focused_id(app) == "unit-name"
        await pilot.press(*["backspace"] * 6, *"Oriel Vane", "tab")
        assert focused_id(app) == "core-stat"
        await pilot.press("right")
        assert (unit_of(app).core_stat, unit_of(app).stats.toughness,
                unit_of(app).stats.fight) == ("toughness", 8, 6)
        await pilot.press("left")
        assert (unit_of(app).core_stat, unit_of(app).stats.fight) == ("fight", 8)
        await pilot.press("down", *"Keeps the great lantern of Hollowmere causeway.")
        # 2 Rank 4 Marshal: its values in the order of the present ones
        await pilot.press("pagedown")
        assert focused_id(app) == "rank-list"
        await pilot.press("down", "down", "down", "enter")
        assert unit_of(app).rank == 4
        assert unit_of(app).stats.to_data() == {"fight": 12, "toughness": 10, "shoot": 8,
                                               "agility": 8, "intellect": 6, "grit": 6}
        assert "talents 3" in str(app.screen.query_one("#rank-list", OptionList)
                                  .get_option("4").prompt)
        # 3 Form: Walker, chosen already
        await pilot.press("pagedown")
        assert focused_id(app) == "form-list"
        await pilot.press("enter")
        # 4 Stats: Fight locked at 12; Intellect up twice (each value swaps with its holder)
        await pilot.press("pagedown")
        assert focused_id(app) == "stat-toughness"
        assert not app.screen.query("#stat-fight")
        await pilot.press("down", "down", "down")
        assert focused_id(app) == "stat-intellect"
        await pilot.press("right", "right")
        assert unit_of(app).stats.to_data() == {"fight": 12, "toughness": 8, "shoot": 6,
                                               "agility": 8, "intellect": 10, "grit": 6}
        assert "= 63" in shown(app, "#stat-total")  # 5+12+8+6+8+10+6+8, before the Trait
        # 5 Trait: Lantern-sworn, Grit 6 +2 shown on the Stats step
        await pilot.press("pagedown")
        assert focused_id(app) == "trait-list"
        await pilot.press(*["down"] * 5, "enter")
        assert unit_of(app).trait == "Lantern-sworn"
        await app.screen.action_goto(3)
        assert "→  8 +2 Lantern-sworn" in shown(app, "#final-grit")
        await app.screen.action_goto(5)
        # 6 Skills & Abilities: three, found by search; the counter follows
        assert focused_id(app) == "talent-search"
        assert "0 of 3 chosen" in shown(app, "#talent-count")
        await pilot.press(*"rally", "down", "enter")
        assert focused_id(app) == "talent-list"
        await pilot.press("shift+tab", *["backspace"] * 5, *"commanding", "down", "enter")
        await pilot.press("shift+tab", *["backspace"] * 10, *"duelist", "down", "enter")
        assert [c.name for c in unit_of(app).skills] == ["Rally"]
        assert [c.name for c in unit_of(app).abilities] == ["Commanding Presence", "Duelist"]
        assert "3 of 3 chosen  (full)" in shown(app, "#talent-count")
        # 7 Equipment: Longblade, Scale Hauberk, Buckler, Poultice (headers between kinds)
        await pilot.press("pagedown")
        assert focused_id(app) == "item-search"
        await pilot.press("down", "down", "enter", *["down"] * 8, "enter",
                          "down", "down", "enter", *["down"] * 6, "enter")
        assert [c.name for c in unit_of(app).equipment] == \
            ["Longblade", "Scale Hauberk", "Buckler", "Poultice"]
        assert "Weapons 1/3 · Armour 1/1 · Shields 1/1" in shown(app, "#slots")
        # 8 Total Cost: the printed cost for the audit, and save
        await pilot.press("pagedown")
        assert app.screen.step == 7
        assert focused_id(app) == "printed"
        await pilot.press(*"132")
        assert 'AR 12"' in shown(app, "#ranges")  # Intellect 10 + Lantern-sworn 2
        await save(app, pilot)
        tally = app.screen.doc.tally

    saved = designed(load_yaml(path))
    assert saved == {
        "system": "op-en",
        "setting": "hollowmere",
        "name": "Oriel Vane",
        "cost": 132,
        "core_stat": "fight",
        "rank": 4,
        "form": "Walker",
        "stats": {"fight": 12, "toughness": 8, "shoot": 6, "agility": 8, "intellect": 10,
                  "grit": 6},
        "trait": "Lantern-sworn",
        "skills": ["Rally"],
        "abilities": ["Commanding Presence", "Duelist"],
        "equipment": ["Longblade", "Scale Hauberk", "Buckler", "Poultice"],
        "notes": "Keeps the great lantern of Hollowmere causeway.",
    }
    assert saved == without_id(load_yaml(EXAMPLES / "oriel-vane.yaml"))  # the bundled example
    # Rank 12 + stats 65 (5+12+8+6+8+10+8+8, Grit 6 +2 Lantern-sworn) + Walker 2
    # + Lantern-sworn 5 + Rally 8 (Grit 8) + Commanding Presence 6 + Duelist 12 (Fight 12)
    # + Longblade 12 (Fight 12) + Scale Hauberk 6 + Buckler 2 + Poultice 2 = 132
    assert tally.total == 12 + 65 + 2 + 5 + 8 + 6 + 12 + 12 + 6 + 2 + 2 == 132
    assert tally.issues == []
    assert tally.audit() and tally.printed == tally.total


async def test_build_a_rank_1_hand_from_an_empty_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "moss.yaml"
    app = build_app(game=OP_EN, unit_path=path, start="edit")
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        assert unit_of(app).name == "Moss"  # from the file's name
        # 1 Name: Fight stays the Core Stat
        assert focused_id(app) == "core-stat"
        # 2 Rank 2 and back to Rank 1: the values follow, in order
        await pilot.press("pagedown", "down", "enter")
        assert unit_of(app).rank == 2
        assert unit_of(app).stats.to_data() == {"fight": 8, "toughness": 8, "shoot": 6,
                                               "agility": 6, "intellect": 4, "grit": 4}
        await pilot.press("up", "enter")
        assert unit_of(app).rank == 1
        # 3 Form: Marsh Hulk is not open to Rank 1
        await pilot.press("pagedown")
        forms = app.screen.query_one("#form-list", OptionList)
        assert [forms.get_option_at_index(i).id for i in range(forms.option_count)] == \
            ["Walker", "Stoutling", "Longstrider"]
        assert "Not open to Rank 1: Marsh Hulk (Rank 3, 4)" in shown(app, "#form-closed")
        await pilot.press("enter")
        # 4 Stats: Agility up to 6 swaps with Toughness, and back
        await pilot.press("pagedown", "down", "down")
        assert focused_id(app) == "stat-agility"
        await pilot.press("right")
        assert (unit_of(app).stats.agility, unit_of(app).stats.toughness) == (6, 4)
        await pilot.press("left")
        assert (unit_of(app).stats.agility, unit_of(app).stats.toughness) == (4, 6)
        # 5 Trait: none (legal, with its warning)
        await pilot.press("pagedown")
        assert focused_id(app) == "trait-list"
        await pilot.press("enter")
        assert unit_of(app).trait is None
        assert "no Trait: legal" in findings(app)
        # 6 Skills & Abilities: closed at Rank 1, with the reason
        await pilot.press("pagedown")
        assert app.screen.query_one("#talent-list").disabled
        assert app.screen.query_one("#talent-search").disabled
        assert "Rank 1 takes no Skills or Abilities" in shown(app, "#talent-reason")
        assert "Hide" in shown(app, "#universal") and "0 pts" in shown(app, "#universal")
        # 7 Equipment: Unarmed until Throwing Knives, then a Padded Coat
        await pilot.press("pagedown")
        assert "fights Unarmed" in shown(app, "#unarmed")
        await pilot.press("down", "down", "down", "down", "enter")
        assert not app.screen.query_one("#unarmed").display
        await pilot.press(*["down"] * 5, "enter")
        assert [c.name for c in unit_of(app).equipment] == ["Throwing Knives", "Padded Coat"]
        # 8 Total Cost, and save
        await pilot.press("pagedown")
        await save(app, pilot)
        tally = app.screen.doc.tally

    saved = designed(load_yaml(path))
    assert saved == {
        "system": "op-en",
        "setting": "hollowmere",
        "name": "Moss",
        "core_stat": "fight",
        "rank": 1,
        "form": "Walker",
        "stats": {"fight": 8, "toughness": 6, "shoot": 6, "agility": 4, "intellect": 4,
                  "grit": 4},
        "equipment": ["Throwing Knives", "Padded Coat"],
    }
    assert saved == without_id(load_yaml(EXAMPLES / "moss.yaml"))
    # Rank 0 + stats 45 (5+8+6+6+4+4+4+8) + Walker 2 + Throwing Knives 2 + Padded Coat 3
    assert tally.total == 0 + 45 + 2 + 2 + 3 == 52
    assert [i.code for i in tally.issues] == ["W-OPEN-NO-TRAIT"]


async def test_a_file_with_only_a_name_is_built_from_nothing(tmp_path, monkeypatch):
    """What `designer edit` opens for a file holding `system: op-en` and a name: no Core
    Stat, rank, Form or stats; each step says what it waits for."""
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "new-hero.yaml"
    path.write_text("system: op-en\nname: New Hero\n")
    app = build_app(game=OP_EN, unit_path=path, start="edit")
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        assert "no Core Stat" in findings(app)
        await app.screen.action_goto(3)
        assert "Choose a rank (step 2) first" in str(
            app.screen.editor.query(".hint").first().render())
        await app.screen.action_goto(0)
        await pilot.press("right")  # Fight; nothing to lay out without a rank
        assert unit_of(app).core_stat == "fight"
        assert unit_of(app).stats.to_data() == {}
        await pilot.press("pagedown", "down", "down", "enter")  # Rank 3: the card's order
        assert unit_of(app).stats.to_data() == {"fight": 10, "toughness": 8, "shoot": 8,
                                               "agility": 6, "intellect": 6, "grit": 4}
        await pilot.press("pagedown", "enter")  # Walker
        await app.screen.action_goto(7)
        # Rank 8 + stats 55 (5+10+8+8+6+6+4+8) + Walker 2
        assert app.screen.doc.tally.total == 8 + 55 + 2 == 65
        assert [i.code for i in app.screen.doc.tally.issues] == \
            ["W-OPEN-NO-TRAIT", "W-OPEN-UNARMED", "W-OPEN-TALENT-UNUSED"]


FIELDS = (Spinner, Cycle, Row, Button, TextField)


@pytest.mark.parametrize("size", [WIDE, NARROW], ids=["120x40", "80x24"])
@pytest.mark.parametrize("example", ["oriel-vane", "moss"])
async def test_every_step_fits_without_a_field_wrapping(tmp_path, size, example):
    path = tmp_path / f"{example}.yaml"
    shutil.copy(EXAMPLES / f"{example}.yaml", path)
    app = build_app(game=OP_EN, unit_path=path, start="edit")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for index, step in enumerate(OP_EN.steps()):
            await app.screen.action_goto(index)
            await pilot.pause()
            editor = app.screen.editor
            assert type(editor) is EDITORS[step.key]
            fields = [w for w in editor.query("*") if isinstance(w, FIELDS) and w.display]
            lists = [w for w in editor.query(OptionList) if w.display and w.option_count
                     and w.id != "issue-list"]  # the generic tally's findings: prose
            assert fields or lists, step.key
            for widget in fields:
                assert widget.size.height == 1, (step.key, widget.id, widget.size)
            for listing in lists:  # one line an option
                assert len(listing._lines) == listing.option_count, (step.key, listing.id)
            for final in editor.query(".stat-final"):
                assert final.size.height == 1, final.id


async def test_an_illegal_choice_shows_its_finding(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "hulk.yaml"
    app = build_app(game=OP_EN, unit_path=path, start="edit")
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        # Rank 3 takes Marsh Hulk, then Rank 1 may not: the Form step says so
        await pilot.press("pagedown", "down", "down", "enter", "pagedown")
        await pilot.press(*["down"] * 3, "enter")
        assert unit_of(app).form == "Marsh Hulk"
        await pilot.press("pageup", "up", "up", "enter", "pagedown")
        assert unit_of(app).rank == 1
        assert "Marsh Hulk is open to Rank 3, 4 only" in findings(app)
        forms = app.screen.query_one("#form-list", OptionList)
        assert "not this rank" in str(forms.get_option("Marsh Hulk").prompt)
        assert "E-OPEN-FORM-RANK" in [i.code for i in app.screen.doc.tally.errors]
        # Stoutling and Ironhide on Toughness 6: 10, legal
        await pilot.press("home", "down", "enter")  # Stoutling (Marsh Hulk is listed last)
        assert unit_of(app).form == "Stoutling"
        await app.screen.action_goto(4)
        await pilot.press(*["down"] * 3)
        assert "With it: Toughness 10" in shown(app, "#trait-list-detail")
        await pilot.press("enter")
        assert unit_of(app).trait == "Ironhide"
        # an Arbalest at Rank 1: taken, with the unmet prerequisites as its finding
        await app.screen.action_goto(6)
        await pilot.press("down", *["down"] * 6)
        assert "✗ R3-4 SHT8+" in str(app.focused.highlighted_option.prompt)
        await pilot.press("enter")
        assert [c.name for c in unit_of(app).equipment] == ["Arbalest"]
        assert "Arbalest needs Rank 3, 4, Shoot 8+ (final 6)" in findings(app)
        # undo takes it back
        await pilot.press("ctrl+z")
        assert unit_of(app).equipment == []


async def test_a_stat_made_illegal_by_form_and_trait(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "brute.yaml"
    path.write_text("system: op-en\nname: Brute\ncore_stat: fight\nrank: 4\n"
                    "form: Stoutling\nstats: {fight: 12, toughness: 10, shoot: 8, "
                    "agility: 8, intellect: 6, grit: 6}\n")
    app = build_app(game=OP_EN, unit_path=path, start="edit")
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        await app.screen.action_goto(4)
        # Ironhide: Toughness 10 +2 Stoutling +2 = 14
        await pilot.press("down", "down", "down")
        assert "With it: Toughness 14, not allowed (4 to 12 in steps of 2)" in \
            shown(app, "#trait-list-detail")
        await pilot.press("enter")
        assert "final Toughness is 14" in findings(app)  # the L972 re-check, here too
        await app.screen.action_goto(3)
        assert "→ 14 +4 Form and Trait" in shown(app, "#final-toughness")
        assert "final Toughness is 14" in findings(app)


async def test_talents_beyond_the_allowance_are_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "warden.yaml"
    path.write_text("system: op-en\nname: Warden\ncore_stat: fight\nrank: 3\nform: Walker\n"
                    "stats: {fight: 10, toughness: 8, shoot: 8, agility: 6, intellect: 6, "
                    "grit: 4}\nskills: [Rally]\n")
    app = build_app(game=OP_EN, unit_path=path, start="edit")
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        await app.screen.action_goto(5)
        assert "1 of 1 chosen  (full)" in shown(app, "#talent-count")
        await pilot.press(*"duelist", "down", "enter")
        await pilot.pause()
        assert [c.name for c in unit_of(app).abilities] == []
        assert any("Rank 3 takes 1 Skill or Ability" in n.message
                   for n in app._notifications)
        # the chosen row removes with delete, and the rank's allowance opens again
        await pilot.press("shift+tab", "shift+tab")
        assert focused_id(app) == "talent-skills-0"
        await pilot.press("delete")
        assert unit_of(app).skills == []
        assert focused_id(app) == "talent-list"
        await pilot.press("enter")
        assert [c.name for c in unit_of(app).abilities] == ["Duelist"]
