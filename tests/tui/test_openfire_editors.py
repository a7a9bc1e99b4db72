"""The Open Fire step editors driven by keyboard alone: a squad whose models each have two
weapon options built from an empty file through all seven steps, the d12 chance beside a
target following a keypress, a module unit's profiles, rules with X and upgrades, and
every step at two terminal sizes without a field wrapping."""

from __future__ import annotations

import shutil

import pytest
from textual.widgets import Button, OptionList, Static

from designer.io import load_yaml
from designer.systems import examples_dir, system
from designer.tui.app import build_app
from designer.tui.editors import editors_for
from designer.tui.editors.openfire import EDITORS
from designer.tui.widgets.fields import Cycle, Row, Spinner
from designer.tui.widgets.text import TextField
from designer.units import load_unit_file
from tests.tui.helpers import focused_id, save
from tests.tui.saved_units import designed, without_id

pytestmark = pytest.mark.tui

OPEN_FIRE = system("openfire")
EXAMPLES = examples_dir("openfire") / "units"
WIDE, NARROW = (120, 40), (80, 24)


def unit_of(app):
    return app.screen.doc.unit



def shown(app, selector: str) -> str:
    """The text a widget of the present step shows."""
    return str(app.screen.editor.query_one(selector).render())



def test_every_step_has_its_own_editor():
    assert set(EDITORS) == {s.key for s in OPEN_FIRE.steps()}
    assert editors_for(OPEN_FIRE) == {key: EDITORS[key] for key in EDITORS}


async def test_build_a_squad_with_two_weapon_options_from_an_empty_file(tmp_path,
                                                                        monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "ash-rangers.yaml"  # missing: a new unit named from the file
    app = build_app(game=OPEN_FIRE, unit_path=path, start="edit")
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        # 1 Unit: core only (the module stays none), printed points 74
        assert focused_id(app) == "module"
        assert "none: core only" in shown(app, "#module")
        await pilot.press("tab", "tab")
        assert focused_id(app) == "printed"
        await pilot.press("7", "4")
        # 2 Models: four Rangers and a Sergeant of our own, the new unit's Trooper gone,
        # and the Sergeant made the leader
        await pilot.press("pagedown")
        assert focused_id(app) == "count-0"
        await pilot.press("down", "down")
        assert focused_id(app) == "new-name"
        await pilot.press(*"Ranger", "tab", "4", "tab", "enter")
        assert focused_id(app) == "new-name"
        await pilot.press(*"Ranger Sergeant", "enter")
        assert [(m.title, m.count) for m in unit_of(app).models] == [
            ("Trooper", 1), ("Ranger", 4), ("Ranger Sergeant", 1)]
        await pilot.press("shift+tab", "shift+tab", "shift+tab", "shift+tab")
        assert focused_id(app) == "count-0"
        await pilot.press("delete")
        assert [m.title for m in unit_of(app).models] == ["Ranger", "Ranger Sergeant"]
        await pilot.press("down", "down")
        assert focused_id(app) == "leader"
        await pilot.press("right")
        assert [m.leader for m in unit_of(app).models] == [None, True]
        # 3 Profile: the Rangers' CMD 6; the Sergeant's SKL 6 (its chance follows the
        # key) and CMD 5
        await pilot.press("pagedown")
        assert focused_id(app) == "stat-0-mov"
        await pilot.press("down", "down", "down", "6", "down", "down", "down")
        assert focused_id(app) == "stat-1-skl"
        assert "SKL ◂  7 ▸ → 50%" in shown(app, "#stat-1-skl")
        await pilot.press("6")
        assert "SKL ◂  6 ▸ → 58%" in shown(app, "#stat-1-skl")
        # what a step either way does: nothing yet, as cc1 prices SKL through weapons
        assert shown(app, "#effect-1") == "SKL 5: ±0 · SKL 7: ±0 pts"
        await pilot.press("down", "down", "5")
        # 4 Weapons: three of our own, then a rifle and a blade for each entry
        await pilot.press("pagedown")
        assert focused_id(app) == "weapon-list"  # a step for adding lands on its list
        await pilot.press("tab")
        assert focused_id(app) == "wpn-name"
        for name, numbers, rules in (("Combat Blade", ("1", "2", "1", "0"), "Assault"),
                                     ("Carbine", ("18", "2", "1", "1"), "Rapid Fire"),
                                     ("Long Rifle", ("24", "2", "1", "1"), "Accurate")):
            await pilot.press(*name, "enter")
            for number in numbers:
                await pilot.press(*number, "down")
            await pilot.press(*rules, "enter")
            assert focused_id(app) == "wpn-name"
        await pilot.press("shift+tab")
        assert focused_id(app) == "weapon-list"
        # the list: Combat Blade, Carbine, Long Rifle; first for the Rangers
        await pilot.press("down", "down", "enter", "up", "up", "enter")
        await pilot.press("up")
        assert focused_id(app) == "weapon-target"
        await pilot.press("right", "down", "down", "enter", "up", "enter")
        assert [[w.name for w in m.weapons] for m in unit_of(app).models] == [
            ["Long Rifle", "Combat Blade"], ["Carbine", "Combat Blade"]]
        assert "hit 58% · E_DMG 0.68 vs DEF 7" in str(
            app.screen.editor.query(".preview").first().render())
        # 5 Special rules: the Sergeant is Skilled
        await pilot.press("pagedown")
        assert focused_id(app) == "rule-search"
        await pilot.press("shift+tab", "right", "down", *"skilled", "down", "enter")
        assert unit_of(app).models[1].special[0].name == "Skilled"
        # 6 Upgrades: none without a module; 7 Tally, and save
        await pilot.press("pagedown", "pagedown")
        assert app.screen.step == 6
        assert "cc1: community costing v1" in shown(app, "#costing")
        await save(app, pilot)

    saved = designed(load_yaml(path))
    blade = {"name": "Combat Blade", "rng": 1, "att": 2, "dmg": 1, "prc": 0,
             "special": ["Assault"]}
    assert saved == {
        "system": "openfire",
        "name": "Ash Rangers",
        "points": 74,
        "models": [
            {"name": "Ranger", "count": 4, "mov": 6, "skl": 7, "def": 7, "cmd": 6, "hp": 5,
             "weapons": ["Long Rifle", "Combat Blade"]},
            {"name": "Ranger Sergeant", "leader": True, "mov": 6, "skl": 6, "def": 7,
             "cmd": 5, "hp": 5, "special": ["Skilled"],
             "weapons": ["Carbine", "Combat Blade"]},
        ],
        "weapons": [
            blade,
            {"name": "Carbine", "rng": 18, "att": 2, "dmg": 1, "prc": 1,
             "special": ["Rapid Fire"]},
            {"name": "Long Rifle", "rng": 24, "att": 2, "dmg": 1, "prc": 1,
             "special": ["Accurate"]},
        ],
    }
    tally = load_unit_file(path).tally
    # the bundled Ash Rangers, its weapons written inline: Sergeant profile 9 + weapons
    # 9 + rules 0 (Skilled is in the hit chance) + 4 Rangers x (profile 8 + weapons 6)
    example = load_unit_file(EXAMPLES / "ash-rangers.yaml").tally
    assert tally.total == example.total == 9 + 9 + 4 * (8 + 6) == 74
    assert tally.printed == 74 and tally.issues == []


async def test_the_chance_beside_a_target_follows_each_key(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = build_app(game=OPEN_FIRE, unit_path=tmp_path / "u.yaml", start="edit")
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        await app.screen.action_goto(2)  # 3 Profile: the new unit's Trooper
        await pilot.pause()
        await pilot.press("down")
        assert focused_id(app) == "stat-0-skl"
        seen = []
        for key in ("left", "left", "right", "right", "right"):
            seen.append(shown(app, "#stat-0-skl").split("▸ ")[1])
            await pilot.press(key)
        seen.append(shown(app, "#stat-0-skl").split("▸ ")[1])
        # p(T) = (13 - T) / 12: 7 → 6/12, 6 → 7/12, 5 → 8/12, 8 → 5/12
        assert seen == ["→ 50%", "→ 58%", "→ 67%", "→ 58%", "→ 50%", "→ 42%"]
        assert unit_of(app).models[0].skl == 8
        await pilot.press("ctrl+z")
        assert unit_of(app).models[0].skl == 7
        assert shown(app, "#stat-0-skl").endswith("→ 50%")


async def test_a_module_unit_from_its_profiles_weapons_and_upgrades(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "warden-patrol.yaml"
    app = build_app(game=OPEN_FIRE, unit_path=path, start="edit")
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        # 1 Unit: the Ash Wastes module, category standard
        await pilot.press("right")
        assert unit_of(app).module == "ash-wastes"
        assert "Ash Wastes (demonstration)" in shown(app, "#module-about")
        await pilot.press("down", "right", "right")
        assert focused_id(app) == "category" and unit_of(app).category == "standard"
        # 2 Models: a Ranger Sergeant and a Ranger from the module's profiles, four
        # Rangers, the Trooper gone, and the Sergeant marked leader
        await pilot.press("pagedown", "down", "down", "tab", "tab", "tab")
        assert focused_id(app) == "profile-list"
        await pilot.press("down", "enter", "down", "enter")
        await pilot.press(*["shift+tab"] * 7)
        assert focused_id(app) == "count-0"
        await pilot.press("delete", "down", "4", "down", "right", "left")
        assert [(m.profile, m.count, m.leader) for m in unit_of(app).models] == [
            ("Ranger Sergeant", 1, True), ("Ranger", 4, None)]
        # 4 Weapons: the Sergeant's profile weapons and a Flare Charge
        await pilot.press("pagedown", "pagedown")
        assert focused_id(app) == "weapon-list"
        assert "(profile)" in shown(app, "#weapon-0-0")
        await pilot.press("up")  # from the top of the list to the entry it adds to
        assert focused_id(app) == "weapon-target"
        await pilot.press("down", *["down"] * 9, "enter")
        assert [w.name for w in unit_of(app).models[0].weapons] == [
            "Long Rifle", "Cinder Blade", "Flare Charge"]
        assert unit_of(app).models[1].weapons == []  # still the profile's
        # 6 Upgrades: Drill Master for the Sergeant; Camo Cloaks and Hot Loads on the
        # Long Rifle for the Rangers
        await pilot.press("pagedown", "pagedown")
        assert focused_id(app) == "upgrade-list"
        await pilot.press("down", "down", "enter")
        assert "3 / 4 pts" in str(app.screen.editor.query_one("#room-0").render())
        await pilot.press("up", "up", "up", "right", "down", "enter", "down", "down")
        assert "Hot Loads → Long Rifle" in str(
            app.screen.editor.query_one("#upgrade-list").highlighted_option.prompt)
        await pilot.press("enter")
        await pilot.press("pagedown")
        await save(app, pilot)

    example = EXAMPLES / "warden-patrol.yaml"
    assert designed(load_yaml(path)) == without_id(load_yaml(example))
    # Ranger Sergeant 11 + Long Rifle 2 + Cinder Blade 2 + Flare Charge 1 + Drill
    # Master 3, and four Rangers at 9 + Long Rifle 2 + Camo Cloaks 1 + Hot Loads 1
    assert load_unit_file(path).tally.total == load_unit_file(example).tally.total == \
        11 + 2 + 2 + 1 + 3 + 4 * (9 + 2 + 1 + 1) == 71


async def test_special_rules_with_a_number_or_an_arc(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = build_app(game=OPEN_FIRE, unit_path=tmp_path / "tank.yaml", start="edit")
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        await app.screen.action_goto(4)  # 5 Special rules
        await pilot.pause()
        assert focused_id(app) == "rule-search"
        await pilot.press(*"vulnerable", "down", "enter")
        assert focused_id(app) == "rule-0-0"  # its arc, to set at once
        await pilot.press("right")
        await pilot.press("down", "down", *["backspace"] * 10, *"heavy armour", "down",
                          "enter")
        assert focused_id(app) == "rule-0-1"
        await pilot.press("right")
        assert [r.label for r in unit_of(app).models[0].special] == [
            "Vulnerable (Left)", "Heavy Armour (2)"]
        await pilot.press("ctrl+z")
        assert unit_of(app).models[0].special[1].label == "Heavy Armour (1)"
        await pilot.press("up", "delete")  # the arc's Cycle: delete removes the rule
        assert [r.label for r in unit_of(app).models[0].special] == ["Heavy Armour (1)"]
        assert focused_id(app) == "rule-0-0"  # the rule after it
        # Vehicle brings Vulnerable (Rear), shown in grey under the entry
        await pilot.press("down", "down", *["backspace"] * 12, *"vehicle", "down", "enter")
        given = [str(w.render()) for w in app.screen.editor.query(".given")]
        assert given == ["Vulnerable (Rear) · implied by Vehicle"]
        # a rule of one's own and an ability
        await pilot.press("tab")
        assert focused_id(app) == "custom-rule-name"
        await pilot.press(*"Smoke", "enter", "2", "enter", *"Hides.", "enter")
        assert unit_of(app).models[0].special[-1].to_data() == {
            "name": "Smoke", "cost": 2, "summary": "Hides."}
        await pilot.press("tab", "tab", "tab", "tab")
        assert focused_id(app) == "ability-name"
        await pilot.press(*"Ram", "enter", *"Moves through.", "enter")
        assert [a.to_data() for a in unit_of(app).abilities] == [
            {"name": "Ram", "text": "Moves through."}]


FIELDS = (Spinner, Cycle, Row, Button, TextField)


@pytest.mark.parametrize("size", [WIDE, NARROW], ids=["120x40", "80x24"])
@pytest.mark.parametrize("example", ["ash-rangers", "warden-patrol", "dust-kite",
                                     "scrap-pickers"])
async def test_every_step_fits_without_a_field_wrapping(tmp_path, size, example):
    path = tmp_path / f"{example}.yaml"
    shutil.copy(EXAMPLES / f"{example}.yaml", path)
    app = build_app(game=OPEN_FIRE, unit_path=path, start="edit")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for index, step in enumerate(OPEN_FIRE.steps()):
            await app.screen.action_goto(index)
            await pilot.pause()
            editor = app.screen.editor
            assert type(editor) is EDITORS[step.key]
            fields = [w for w in editor.query("*") if isinstance(w, FIELDS) and w.display]
            lists = [w for w in editor.query(OptionList) if w.display and w.option_count
                     and w.id != "issue-list"]  # the generic tally's findings: prose
            hints = [w for w in editor.query(Static) if w.display]
            assert fields or lists or hints, step.key
            for widget in fields:
                assert widget.size.height == 1, (step.key, widget.id, widget.size)
            for listing in lists:  # one line an option
                assert len(listing._lines) == listing.option_count, (step.key, listing.id)
