"""The TACTICS step editors driven by keyboard alone: Sergeant Vale (shields, three
weapons with an explosion and a chain, the action lists) built from an empty file and
saved as the bundled example; the live soak line; every step at two terminal sizes
without a field wrapping; and no points anywhere on the designer screen."""

from __future__ import annotations

import shutil

import pytest
from textual.widget import Widget
from textual.widgets import Button, OptionList

from designer.io import dump_yaml, load_yaml
from designer.systems import examples_dir, system
from designer.tui.app import build_app
from designer.tui.editors import editors_for
from designer.tui.editors.tactics import EDITORS
from designer.tui.widgets.fields import Cycle, Row, Spinner
from designer.tui.widgets.footer import KeyFooter
from designer.tui.widgets.stepper import Stepper
from designer.tui.widgets.tally import TallyPanel
from designer.tui.widgets.text import TextField
from tests.tui.helpers import focused_id, save
from tests.tui.saved_units import designed, without_id

pytestmark = pytest.mark.tui

TACTICS = system("tactics")
EXAMPLES = examples_dir("tactics") / "units"
WIDE, NARROW = (120, 40), (80, 24)
ALL = ["dock-thug", "harbour-brute", "sergeant-vale", "warden-drone"]


def sheet_of(app):
    return app.screen.doc.unit



def shown(app, selector: str) -> str:
    return str(app.screen.editor.query_one(selector).render())


def rendered(root: Widget) -> str:
    """The text `root` and every widget in it show."""
    parts = []
    for widget in [root, *root.query("*")]:
        if not widget.display:
            continue
        try:
            parts.append(str(widget.render()))
        except Exception:  # a container renders nothing of its own
            continue
    return "\n".join(parts)



def test_every_step_has_its_own_editor():
    assert set(EDITORS) == {s.key for s in TACTICS.steps()}
    assert editors_for(TACTICS) == {key: EDITORS[key] for key in EDITORS}


async def test_build_sergeant_vale_from_an_empty_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "sergeant-vale.yaml"  # missing: a new sheet named from the file
    app = build_app(game=TACTICS, unit_path=path, start="edit")
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        # 1 Identity: a standard creature, its 3 actions fixed; the notes
        assert focused_id(app) == "kind"
        assert "●●● 3" in shown(app, "#actions-fixed")
        await pilot.press("down")
        assert focused_id(app) == "notes"
        await pilot.press(*"Leads the dock patrol.", "enter")
        # 2 Attributes, with the soak line following the keys
        await pilot.press("pagedown")
        assert focused_id(app) == "attr-precision"
        assert "Soak: d20 + ___" in shown(app, "#soak")
        await pilot.press("1", "3", "down", "1", "down", "2", "down", "2")
        assert "Soak: d20 + 3" in shown(app, "#soak")
        assert app.screen.editor.query_one("#attr-acumen").disabled
        # 3 Defences: three shields
        await pilot.press("pagedown")
        assert focused_id(app) == "shields"
        await pilot.press("3")
        assert "20, the table's" in shown(app, "#wounds")
        # 4 Weapons: a sidearm, a frag charge (small explosion), an arc lash (chain 3)
        await pilot.press("pagedown")
        assert focused_id(app) == "wpn-name"
        await pilot.press(*"Sidearm", "enter", "1", "4", "down", "1", "3", "down",
                          "right", "down", "down", "enter")
        assert focused_id(app) == "wpn-name"
        await pilot.press(*"Frag Charge", "enter", "1", "2", "down", "1", "2", "down",
                          "down", "right", "right", "right", "down", "enter")
        await pilot.press(*"Arc Lash", "enter", "8", "down", "1", "2", "down", "left",
                          "down", "right", "right", "right", "down")
        assert focused_id(app) == "wpn-chain"
        await pilot.press("down", "enter")
        assert [w.name for w in sheet_of(app).weapons] == ["Sidearm", "Frag Charge",
                                                           "Arc Lash"]
        assert "Damage 12 · Precision 12 · M · explosion small" in shown(app, "#weapon-1")
        # 5 Actions: two Maneuvers, a Press, a React
        await pilot.press("pagedown")
        assert focused_id(app) == "add-maneuvers"
        await pilot.press(*"Take Cover", "enter", *"Aim", "enter", "tab")
        assert focused_id(app) == "add-presses"
        await pilot.press(*"Suppressing Fire", "enter", "tab", *"Brace", "enter")
        # 6 Sheet: no findings; save
        await pilot.press("pagedown")
        assert app.screen.step == 5
        assert "the sheet is legal" in str(
            app.screen.editor.query_one("#issue-list", OptionList).get_option_at_index(0)
            .prompt)
        await save(app, pilot)

    assert designed(load_yaml(path)) == without_id(load_yaml(EXAMPLES / "sergeant-vale.yaml"))


async def test_a_weapon_row_loads_into_the_form_and_changes_or_goes(tmp_path):
    path = tmp_path / "warden-drone.yaml"
    shutil.copy(EXAMPLES / "warden-drone.yaml", path)
    app = build_app(game=TACTICS, unit_path=path, start="edit")
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        await app.screen.action_goto(3)
        await pilot.pause()
        assert focused_id(app) == "wpn-name"  # the step is for adding first
        await pilot.press("shift+tab", "shift+tab")  # up through the weapons' rows
        assert focused_id(app) == "weapon-1"
        await pilot.press("up")
        assert focused_id(app) == "weapon-0"
        await pilot.press("enter")  # Mortar Pod into the form
        assert focused_id(app) == "wpn-name"
        assert app.screen.editor.query_one("#wpn-area", Cycle).value == "explosion medium"
        await pilot.press("enter", "1", "6", "down", "down", "down", "right", "down",
                          "enter")  # damage 16, a large explosion
        assert sheet_of(app).weapons[0].to_data() == {
            "name": "Mortar Pod", "damage": 16, "precision": 12, "distance": "F",
            "area": {"explosion": "large"}}
        app.screen.set_focus(app.screen.editor.query_one("#weapon-1"))
        await pilot.press("delete")
        assert [w.name for w in sheet_of(app).weapons] == ["Mortar Pod", "Spotlight Laser"]
        assert focused_id(app) == "weapon-0"


async def test_a_heavy_chooses_its_actions_and_acumen_is_removed(tmp_path):
    path = tmp_path / "brute.yaml"
    data = load_yaml(EXAMPLES / "harbour-brute.yaml")
    data["attributes"]["acumen"] = 2
    path.write_text(dump_yaml(data), encoding="utf-8")
    app = build_app(game=TACTICS, unit_path=path, start="edit")
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        await pilot.press("down")
        assert focused_id(app) == "actions"
        await pilot.press("right")
        assert sheet_of(app).actions == 3
        await pilot.press("up", "left", "left")  # kind: heavy -> minion -> standard
        assert (sheet_of(app).kind, sheet_of(app).actions) == ("standard", 3)
        await pilot.press("right")  # minion: 2 actions
        assert (sheet_of(app).kind, sheet_of(app).actions) == ("minion", 2)
        await app.screen.action_goto(1)
        await pilot.pause()
        acumen = app.screen.editor.query_one("#attr-acumen", Spinner)
        assert not acumen.disabled
        app.screen.set_focus(acumen)
        await pilot.press("delete")
        assert sheet_of(app).attributes.acumen is None
        assert app.screen.editor.query_one("#attr-acumen").disabled


FIELDS = (Spinner, Cycle, Row, Button, TextField)


@pytest.mark.parametrize("size", [WIDE, NARROW], ids=["120x40", "80x24"])
@pytest.mark.parametrize("example", ALL)
async def test_every_step_fits_and_shows_no_points(tmp_path, size, example):
    path = tmp_path / f"{example}.yaml"
    shutil.copy(EXAMPLES / f"{example}.yaml", path)
    data = load_yaml(path)
    if example == "dock-thug":  # a sheet with the fixes the last step offers
        data.update(points=12, max_wounds=10)
        path.write_text(dump_yaml(data), encoding="utf-8")
    app = build_app(game=TACTICS, unit_path=path, start="edit")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for index, step in enumerate(TACTICS.steps()):
            await app.screen.action_goto(index)
            await pilot.pause()
            editor = app.screen.editor
            assert type(editor) is EDITORS[step.key]
            fields = [w for w in editor.query("*") if isinstance(w, FIELDS) and w.display]
            assert fields, step.key
            for widget in fields:
                assert widget.size.height == 1, (step.key, widget.id, widget.size)
            lists = [w for w in editor.query(OptionList) if w.display and w.option_count
                     and w.id != "issue-list"]
            for listing in lists:
                assert len(listing._lines) == listing.option_count, (step.key, listing.id)
            screen_text = "\n".join(rendered(w) for w in (
                app.screen.query_one(Stepper), app.screen.query_one(TallyPanel), editor))
            assert "legal" in screen_text and "1 Identity" in screen_text  # it renders
            for word in ("pts", "Total", "Audit"):
                assert word not in screen_text, (step.key, word)
            assert not [w for w in app.screen.query("#total, #audit")
                        if w.display and "pts" in str(w.render())]


async def test_an_encounters_sides_are_shown_and_set_with_s(tmp_path, monkeypatch):
    """The forces screen has a Side column; `s` moves the highlighted entry to the next
    side, a new sheet starts on none, and the save writes each under its side."""
    monkeypatch.chdir(tmp_path)
    shutil.copytree(examples_dir("tactics"), tmp_path / "tx")
    path = tmp_path / "tx" / "rosters" / "dock-ambush.yaml"
    app = build_app(roster_path=path, start="roster")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        table = screen.query_one("#units")
        assert [str(c.label) for c in table.columns.values()][:3] == ["Sheet", "×", "Side"]
        assert [str(table.get_row_at(i)[2]) for i in range(4)] == [
            "players", "enemies", "enemies", "enemies"]
        assert "s Side" in screen.query_one(KeyFooter).keys_text()
        table.focus()
        table.move_cursor(row=3)
        await pilot.press("s")  # the drone joins the players
        await pilot.pause()
        facts = {f.key: f.value for f in screen.doc.force.facts()}
        assert facts["players_creatures"] == 2 and facts["enemies_creatures"] == 7
        await pilot.press("n")  # a new sheet: on the side a new entry takes, until s
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert str(table.get_row_at(4)[2]) == "players"
        await pilot.press("s")
        await pilot.pause()
        assert str(table.get_row_at(4)[2]) == "enemies"
        await save(app, pilot)
    sides = load_yaml(path)["sides"]
    assert [e["sheet"] for e in sides["players"]][:2] == ["../units/sergeant-vale.yaml",
                                                          "../units/warden-drone.yaml"]
    assert [e["sheet"] for e in sides["enemies"]][:2] == ["../units/dock-thug.yaml",
                                                          "../units/harbour-brute.yaml"]
    assert len(sides["players"]) == 2 and sides["enemies"][2]["sheet"]["name"] == "New Sheet"
