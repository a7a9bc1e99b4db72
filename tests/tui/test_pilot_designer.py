"""The unit designer driven by keyboard alone, as a person would."""

from __future__ import annotations

import pytest

from designer.io import load_yaml
from designer.systems import bundled_catalog, system
from designer.tui.app import build_app
from tests.tui.helpers import ASH_WARDEN, focused_id
from tests.tui.saved_units import designed

pytestmark = pytest.mark.tui

SIZE = (120, 40)


def unit_of(app):
    return app.screen.doc.unit


async def test_build_a_unit_from_an_empty_file_through_all_eight_steps(tmp_path,
                                                                       monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "ridge-hunter.yaml"
    app = build_app(unit_path=path, start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert focused_id(app) == "dice-melee-off"
        # the name, then back into step one
        await pilot.press("shift+tab")
        assert focused_id(app) == "unit-name"
        await pilot.press(*["backspace"] * 10, *"Ridge Hunter", "tab")
        # 1 Dice: OFF melee 2, ballistic 1; DEF melee 2, ballistic, arcane, technical 1
        await pilot.press("2", "down", "1", "down", "down", "down",
                          "2", "down", "1", "down", "1", "down", "1")
        # 2 Bumps: a bump on Melee OFF, raised to +2
        await pilot.press("pagedown")
        assert focused_id(app) == "pools/addbump-melee-off"
        await pilot.press("enter", "right")
        # 3 Range: Melee 1 (the bow gives the Ballistic range)
        await pilot.press("pagedown")
        assert focused_id(app) == "range-melee"
        await pilot.press("1")
        # 4 Athletics 5, and it flies
        await pilot.press("pagedown")
        await pilot.press("5", "down", "space")
        # 5 Equipment: a bow at range 7, then a shield
        await pilot.press("pagedown")
        assert focused_id(app) == "item-table"
        await pilot.press(*["down"] * 5, "enter")
        assert focused_id(app) == "item-0-range"
        await pilot.press("right", "right", "down", "down")
        assert focused_id(app) == "item-table"
        await pilot.press("up", "up", "enter")
        # 6 Abilities: Stealth at rank 2, then Hex
        await pilot.press("pagedown")
        assert focused_id(app) == "ability-search"
        await pilot.press(*"stealth", "down", "enter", "up", "shift+tab")
        assert focused_id(app) == "ability-0"
        await pilot.press("right", "tab", *["backspace"] * 7, *"hex", "down", "enter")
        # 7 Types: Infantry and Soldier
        await pilot.press("pagedown")
        assert focused_id(app) == "types-tactical"
        await pilot.press("space", "tab", "down", "down", "down", "space")
        # 8 Tally, and save
        await pilot.press("pagedown")
        assert app.screen.step == 7
        await pilot.press("ctrl+s")
        await app.workers.wait_for_complete()  # the save runs in a worker
        await pilot.pause()
        assert not app.screen.doc.dirty

    saved = designed(load_yaml(path))
    assert saved == {
        "system": "opentactics",
        "name": "Ridge Hunter",
        "types": ["Infantry", "Soldier"],
        "athletics": 5,
        "flight": True,
        "skills": {
            "melee": {"off_dice": 2, "off_bumps": [2], "def_dice": 2, "range": 1},
            "ballistic": {"off_dice": 1, "def_dice": 1},
            "arcane": {"def_dice": 1},
            "technical": {"def_dice": 1},
        },
        "equipment": [{"item": "Bow or Crossbow", "range": 7}, {"item": "Shield"}],
        "abilities": [{"name": "Stealth", "rank": 2}, "Hex"],
    }
    catalog = bundled_catalog()
    game = system("opentactics")
    tally = game.assess(game.parse_unit(saved, catalog), catalog).tally
    # dice 10; bumps +2 (6) and the shield's two +1s (4); range 1 + 7; athletics 5 × 2;
    # Stealth 2 + Hex 4 + 5
    assert tally.total == 10 + 10 + 8 + 10 + 11
    assert tally.issues == []


async def test_the_tally_follows_every_keypress(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = build_app(unit_path=tmp_path / "u.yaml", start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        totals = []
        for key in ("right", "right", "right", "left"):
            await pilot.press(key)
            totals.append(app.screen.doc.tally.total)
        assert totals == [1, 3, 6, 3]
        assert unit_of(app).skills.melee.off_dice == 2


async def test_undo_and_redo_every_edit(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = build_app(unit_path=tmp_path / "u.yaml", start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("3", "down", "2")
        assert (unit_of(app).skills.melee.off_dice, unit_of(app).skills.ballistic.off_dice) \
            == (3, 2)
        await pilot.press("ctrl+z")
        assert unit_of(app).skills.ballistic.off_dice == 0
        await pilot.press("ctrl+z")
        assert unit_of(app).skills.melee.off_dice == 0
        assert app.screen.doc.tally.total == 0
        await pilot.press("ctrl+y", "ctrl+y")
        assert (unit_of(app).skills.melee.off_dice, unit_of(app).skills.ballistic.off_dice) \
            == (3, 2)
        assert app.screen.doc.tally.total == 6 + 3


async def test_unsaved_changes_guard_on_quit(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "u.yaml"
    app = build_app(unit_path=path, start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("2", "ctrl+q")
        await pilot.pause()
        assert app.is_running
        assert type(app.screen).__name__ == "ConfirmDialog"
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running
        assert unit_of(app).skills.melee.off_dice == 2
    assert not path.exists()


async def test_an_unreadable_file_is_refused_and_kept(tmp_path):
    from designer.errors import InputError

    path = tmp_path / "broken.yaml"
    path.write_text("name: [oops\n")
    with pytest.raises(InputError, match="not valid YAML"):
        build_app(unit_path=path, start="edit")
    assert path.read_text() == "name: [oops\n"




async def test_one_assessment_per_keypress(tmp_path, monkeypatch):
    """A value-changing keypress folds, prices and checks the unit once: the editor, the
    stepper, the tally panel and the card preview all draw that one assessment."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ash-warden.yaml").write_text(ASH_WARDEN)
    app = build_app(unit_path=tmp_path / "ash-warden.yaml", start="edit")
    game = app.unit_doc.game
    assessed, carded = [], []
    real_assess, real_card = game.assess, game.card

    def assess(unit, catalog):
        assessed.append(unit)
        return real_assess(unit, catalog)

    def card(assessment):
        carded.append(assessment)
        return real_card(assessment)

    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        monkeypatch.setattr(game, "assess", assess)
        monkeypatch.setattr(game, "card", card)
        for key, step in (("right", 0), ("pagedown", 1), ("pagedown", 2), ("right", 2)):
            assessed.clear()
            carded.clear()
            await pilot.press(key)
            await pilot.pause()
            assert app.screen.step == step
            changed = key == "right"
            assert len(assessed) == (1 if changed else 0), key
            if changed:
                assert assessed[0] is app.screen.doc.unit
                assert [a.unit for a in carded] == [app.screen.doc.unit]
        skills = app.screen.doc.unit.skills
        assert (skills.melee.off_dice, skills.melee.range) == (3, 2)
        card_text = str(app.screen.query_one("#card").render())
        assert "OFF 3" in card_text and "RNG 2" in card_text


async def test_a_custom_ability_from_its_form(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = build_app(unit_path=tmp_path / "u.yaml", start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await app.screen.run_action("goto(5)")  # the abilities step
        await pilot.pause()
        app.screen.query_one("#custom-ability").focus()
        await pilot.press("c")
        await pilot.pause()
        assert type(app.screen).__name__ == "CustomAbilityDialog"
        await pilot.press(*"Ember Oath", "enter", "3", "enter", *"Burns", "enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "DesignerScreen"
        choice = unit_of(app).abilities[0]
        assert (choice.name, choice.cost, choice.text) == ("Ember Oath", 3, "Burns")
        assert focused_id(app) == "ability-list"
        assert app.screen.doc.tally.total == 3


async def test_a_search_that_narrows_a_long_list_leaves_what_is_below_it_in_place(tmp_path):
    """OpenTactics' abilities fill their list: typing a search keeps the list's rows (the
    two abilities found at the top, the rest blank) and the detail under it where it
    was, and so does clearing the search."""
    path = tmp_path / "ash.yaml"
    path.write_text(ASH_WARDEN, encoding="utf-8")
    app = build_app(unit_path=path, start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("alt+6")
        await pilot.pause()
        listing = app.screen.query_one("#ability-list")
        detail = app.screen.query_one("#ability-list-detail")
        rows, below = listing.outer_size.height, detail.region.y
        assert listing.option_count == 80 and rows == 12
        await pilot.press("f", "l")
        await pilot.pause()
        assert [listing.get_option_at_index(i).id for i in range(listing.option_count)] \
            == ["Fleet", "Outflank"]
        assert (listing.outer_size.height, detail.region.y) == (rows, below)
        await pilot.press("backspace", "backspace")
        await pilot.pause()
        assert listing.option_count == 80
        assert (listing.outer_size.height, detail.region.y) == (rows, below)


async def test_on_a_short_screen_a_narrowed_list_shows_its_detail_right_below(tmp_path):
    """At 80x24 there is no room for blank rows: the entries found and their detail are
    what fits."""
    path = tmp_path / "ash.yaml"
    path.write_text(ASH_WARDEN, encoding="utf-8")
    app = build_app(unit_path=path, start="edit")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("alt+6", "f", "l")
        await pilot.pause()
        listing = app.screen.query_one("#ability-list")
        detail = app.screen.query_one("#ability-list-detail")
        assert listing.option_count == 2
        assert listing.outer_size.height == 2
        assert detail.region.y == listing.region.bottom
