"""More of the app driven as a person would: export, quick keys, empty files, the launch
error path, a force's unit opened in the designer and back, the quit guard's answers."""

from __future__ import annotations

import gc
import sys
import weakref
from pathlib import Path

import pytest

from designer.io import load_yaml
from designer.tui import SWITCH_INTERVAL, launch
from designer.tui.app import DesignerApp, build_app
from designer.tui.collector import due_generation
from designer.tui.widgets.points_bar import PointsBar
from tests.tui.helpers import burst, settled, wait_until

pytestmark = pytest.mark.tui

SIZE = (120, 40)
SMALL = (80, 24)

UNIT_YAML = """\
system: opentactics
name: Ash Warden
types: [Infantry, Elf, Living, Warrior]
athletics: 6
skills:
  melee:     {off_dice: 2, def_dice: 2, range: 1}
  ballistic: {off_dice: 2, off_bumps: [1], def_dice: 1, range: 2}
  arcane:    {def_dice: 1}
  technical: {def_dice: 1}
equipment:
  - {item: Bow or Crossbow, range: 6}
"""


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def fake_export(monkeypatch: pytest.MonkeyPatch) -> list[dict]:
    """designer.export.export_doc replaced by a recorder that writes a small file."""
    import designer.export

    calls: list[dict] = []

    def export_doc(doc, fmt, *, out=None, paper="a4", overwrite=False, progress=None):
        calls.append({"doc": doc, "fmt": fmt, "out": out, "paper": paper,
                      "overwrite": overwrite})
        if progress is not None:
            progress(1, 1)
        target = Path(out or "exports") / f"export.{fmt}"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("exported")
        return target

    monkeypatch.setattr(designer.export, "export_doc", export_doc, raising=False)
    return calls


async def settle(pilot, app) -> None:
    await app.workers.wait_for_complete()
    await pilot.pause()


# --- export ---------------------------------------------------------------------------------


async def test_export_dialog_exports_the_unit_in_memory(here, fake_export):
    (here / "ash-warden.yaml").write_text(UNIT_YAML)
    app = build_app(unit_path=Path("ash-warden.yaml"), start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+e")
        await pilot.pause()
        assert type(app.screen).__name__ == "ExportDialog"
        assert "Exports the saved file." in str(app.screen.query_one(".message").render())
        await pilot.press("right", "enter")  # html
        await settle(pilot, app)
        status = str(app.screen.query_one("#export-status").render())
        assert "Wrote exports/export.html" in status
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "DesignerScreen"
    assert len(fake_export) == 1
    call = fake_export[0]
    doc = call["doc"]
    assert (doc.kind, doc.name, doc.source) == ("unit", "Ash Warden", Path("ash-warden.yaml"))
    assert (call["fmt"], call["out"], call["paper"], call["overwrite"]) == \
        ("html", Path("exports"), "a4", False)


async def test_export_of_unsaved_changes_exports_what_is_on_screen(here, fake_export):
    (here / "ash-warden.yaml").write_text(UNIT_YAML)
    app = build_app(unit_path=Path("ash-warden.yaml"), start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("right")  # Melee OFF 2 -> 3, not saved
        await pilot.pause()
        await pilot.press("ctrl+e")
        await pilot.pause()
        assert "unsaved changes included" in str(app.screen.query_one(".message").render())
        await pilot.press("enter")
        await settle(pilot, app)
    call = fake_export[0]
    assert call["fmt"] == "pdf"
    doc = call["doc"]
    assert doc.loaded.unit.skills.melee.off_dice == 3  # the unit in memory, no copy on disk
    assert doc.cards[0].points == doc.loaded.tally.total
    assert sorted(p.name for p in here.iterdir()) == ["ash-warden.yaml", "exports"]
    assert load_yaml(here / "ash-warden.yaml")["skills"]["melee"]["off_dice"] == 2


async def test_export_of_a_force_exports_the_force_on_screen(here, fake_export):
    app = build_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("plus")  # one more Levy Spearman: 337 + 17
        await pilot.pause()
        await pilot.press("ctrl+e")
        await pilot.pause()
        await pilot.press("right", "right", "right", "right", "enter")  # md, in exports/
        await settle(pilot, app)
    doc = fake_export[0]["doc"]
    assert (doc.kind, doc.name, fake_export[0]["fmt"]) == ("roster", "Northern Raid", "md")
    assert doc.summary.total == 337 + 17
    assert (here / "exports" / "export.md").is_file()


async def test_export_errors_are_shown_in_one_line(here, monkeypatch):
    from designer.errors import InputError

    def export_doc(doc, fmt, **kwargs):
        raise InputError("exists; pass --force to overwrite", file="exports/ash-warden.pdf")

    import designer.export

    monkeypatch.setattr(designer.export, "export_doc", export_doc, raising=False)
    (here / "ash-warden.yaml").write_text(UNIT_YAML)
    app = build_app(unit_path=Path("ash-warden.yaml"), start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+e", "enter")
        await settle(pilot, app)
        status = str(app.screen.query_one("#export-status").render())
    assert status == "ash-warden.pdf: exists; tick Overwrite to replace it"


# --- keys arriving faster than the screen redraws ------------------------------------------


async def test_a_burst_of_keys_on_one_field_all_counts(here):
    app = build_app(unit_path=Path("u.yaml"), start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        burst(app, "right", "right", "right", "left")
        await settled(pilot)
        assert app.screen.doc.unit.skills.melee.off_dice == 2
        assert app.screen.query_one("#dice-melee-off").value == 2
        burst(app, "ctrl+z", "ctrl+z")  # 0 → 1 → 2 → 3 → 2: back to 3, then to 2
        await settled(pilot)
        assert app.screen.doc.unit.skills.melee.off_dice == 2
        assert app.screen.query_one("#dice-melee-off").value == 2


async def test_a_burst_across_fields_all_counts(here):
    app = build_app(unit_path=Path("u.yaml"), start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        burst(app, "2", "down", "1", "down", "down", "down", "3")  # a very fast typist
        await settled(pilot)
        skills = app.screen.doc.unit.skills
        assert (skills.melee.off_dice, skills.ballistic.off_dice, skills.melee.def_dice) == \
            (2, 1, 3)


async def test_edits_queued_before_the_screen_catches_up_all_count(here):
    """Two fields changed before the screen has applied either: each edit is made to the
    unit as it is when applied, so neither undoes the other."""
    app = build_app(unit_path=Path("u.yaml"), start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.query_one("#dice-melee-off").action_change(1)
        screen.query_one("#dice-ballistic-off").action_change(1)
        screen.query_one("#dice-arcane-def").action_digit(3)
        await pilot.pause()
        skills = screen.doc.unit.skills
        assert (skills.melee.off_dice, skills.ballistic.off_dice, skills.arcane.def_dice) == \
            (1, 1, 3)
        assert [s.value for s in screen.query("#step-dice Spinner")][:2] == [1, 1]
        assert screen.doc.tally.total == 1 + 1 + 6


# --- files ----------------------------------------------------------------------------------


async def test_an_empty_file_opens_as_a_new_unit_and_is_saved_there(here):
    path = here / "blank-knight.yaml"
    path.write_text("")
    app = build_app(unit_path=path, start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.doc.unit.name == "Blank Knight"
        await pilot.press("1", "ctrl+s")
        await settle(pilot, app)
        assert not app.screen.doc.dirty
    saved = load_yaml(path)
    assert saved["name"] == "Blank Knight"
    assert saved["skills"] == {"melee": {"off_dice": 1}}


async def test_the_tally_steps_save_button_saves(here):
    """The buttons of the last step run the screen's actions: Save writes the file."""
    path = here / "ash-warden.yaml"
    path.write_text(UNIT_YAML)
    app = build_app(unit_path=path, start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("1")
        await settle(pilot, app)
        assert screen.doc.dirty
        edited = screen.doc.game.unit_data(screen.doc.unit)
        assert edited["skills"]["melee"]["off_dice"] == 1
        await screen.action_goto(len(screen.steps) - 1)
        await pilot.pause()
        await pilot.click("#do-save")
        await settled(pilot)
        assert not screen.doc.dirty
    assert load_yaml(path) == edited


def test_launch_refuses_an_unreadable_file_in_one_line(here, capsys):
    path = here / "broken.yaml"
    path.write_text("name: [oops\n")
    assert launch("edit", path) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert err[0].startswith("designer: error: ") and "not valid YAML" in err[0]
    assert path.read_text() == "name: [oops\n"


def test_launch_refuses_a_roster_that_is_not_a_roster(here, capsys):
    path = here / "raid.yaml"
    path.write_text("name: Raid\nunits: 3\n")
    assert launch("roster", path) == 2
    assert "raid.yaml" in capsys.readouterr().err
    assert path.read_text() == "name: Raid\nunits: 3\n"


def test_launch_runs_the_app_with_a_short_switch_interval_and_puts_it_back(here,
                                                                           monkeypatch):
    """The app's frames are written by a thread of Textual's: while the app runs, the
    interpreter hands over to it within SWITCH_INTERVAL; the caller's interval is back
    afterwards."""
    (here / "ash-warden.yaml").write_text(UNIT_YAML)
    seen: list[float] = []
    monkeypatch.setattr(DesignerApp, "run", lambda self: seen.append(sys.getswitchinterval()))
    before = sys.getswitchinterval()
    assert before != SWITCH_INTERVAL
    assert launch("edit", here / "ash-warden.yaml") == 0
    assert seen == [SWITCH_INTERVAL]
    assert sys.getswitchinterval() == before


async def test_save_as_writes_the_new_file_and_keeps_the_old(here):
    (here / "ash-warden.yaml").write_text(UNIT_YAML)
    app = build_app(unit_path=Path("ash-warden.yaml"), start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("right")
        await app.screen.run_action("save_as")
        await pilot.pause()
        assert type(app.screen).__name__ == "PathDialog"
        field = app.screen.query_one("#path")
        assert field.value == "ash-warden.yaml"
        field.value = "copies/warden-2"
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.screen.doc.path == Path("copies/warden-2.yaml")
        assert not app.screen.doc.dirty
    assert load_yaml(here / "copies" / "warden-2.yaml")["skills"]["melee"]["off_dice"] == 3
    assert load_yaml(here / "ash-warden.yaml")["skills"]["melee"]["off_dice"] == 2


# --- a force's unit in the designer ---------------------------------------------------------


async def test_open_a_forces_unit_edit_it_and_go_back(here):
    app = build_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        forces = app.screen
        before = forces.doc.force.total
        await pilot.press("enter")  # Levy Spearman, 17 points, 4 of them
        await pilot.pause()
        assert type(app.screen).__name__ == "DesignerScreen"
        assert app.screen.sub_title.startswith("Levy Spearman · in force ")
        await pilot.press("right")  # Melee OFF 1 -> 2: +2 points
        await pilot.pause()
        assert app.screen.doc.tally.total == 19
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is forces
        entry = forces.doc.force.entries[0]
        assert (entry.unit.name, entry.tally.total, entry.count) == ("Levy Spearman", 19, 4)
        assert forces.doc.force.total == before + 4 * 2
        assert forces.doc.dirty
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert forces.doc.force.total == before
        assert not forces.doc.dirty


async def test_a_new_unit_from_the_forces_screen(here):
    app = build_app(roster_path=here / "raid.yaml", start="roster")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert type(app.screen).__name__ == "DesignerScreen"
        await pilot.press("2", "escape")
        await pilot.pause()
        entries = app.screen.doc.force.entries
        assert [(e.unit.name, e.tally.total) for e in entries] == [("New Unit", 3)]


async def test_a_new_unit_from_the_add_dialog(here):
    """Add, then "A new unit": the new unit joins the force and opens in the designer."""
    app = build_app(roster_path=here / "raid.yaml", start="roster")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        forces = app.screen
        await pilot.press("a")
        await pilot.pause()
        await pilot.click("#choice-new")
        await settled(pilot)
        assert type(app.screen).__name__ == "DesignerScreen"
        assert [e.unit.name for e in forces.doc.force.entries] == ["New Unit"]


async def test_the_cap_spinner_and_the_bar(here):
    app = build_app(roster_path=here / "raid.yaml", start="roster")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("a", "enter")
        await pilot.pause()
        await pilot.press("enter")  # Ash Warden, 38
        await pilot.pause()
        app.screen.query_one("#force-cap").focus()
        await pilot.pause()
        await pilot.press("backspace", "backspace", "backspace", "3", "0")  # cap 30
        await pilot.pause()
        assert app.screen.doc.force.cap == 30
        assert app.screen.query_one(PointsBar).has_class("-over")
        await pilot.press("0")  # 300
        await pilot.pause()
        assert app.screen.doc.force.cap == 300
        assert not app.screen.query_one(PointsBar).has_class("-over")


# --- the quit guard -------------------------------------------------------------------------


async def test_the_guard_quits_without_saving_when_told(here):
    path = here / "u.yaml"
    app = build_app(unit_path=path, start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("2", "q")
        await pilot.pause()
        assert type(app.screen).__name__ == "ConfirmDialog"
        await pilot.press("right")  # from "Save and quit" to "Quit without saving"
        assert app.focused.id == "choice-discard"
        await pilot.press("enter")
        await pilot.pause()
        assert not app.is_running
    assert not path.exists()


async def test_the_guard_saves_and_quits(here):
    path = here / "u.yaml"
    app = build_app(unit_path=path, start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("2", "ctrl+q")
        await pilot.pause()
        assert app.screen.query("#choice-save")
        await pilot.press("enter")  # the first answer: Save and quit
        await settle(pilot, app)
        assert not app.is_running
    assert load_yaml(path)["skills"]["melee"]["off_dice"] == 2


async def test_nothing_to_lose_quits_at_once(here):
    app = build_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running


# --- browser, help, palette, small terminal -------------------------------------------------


async def test_browser_search_and_detail(here):
    app = build_app(start="browser")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press(*"stealth")
        await pilot.pause()
        listing = app.screen.query_one("#list-abilities")
        assert [o.prompt.plain.split()[0] for o in listing.options] == ["Stealth"]
        detail = str(app.screen.query_one("#detail-abilities").render())
        assert "Stealth" in detail and "Ranks 1–4" in detail and "R×1" in detail


async def test_browser_searches_as_the_cli_does(here):
    """'reroll' finds the abilities whose text says 're-roll', as `designer catalog
    --search` does; every catalog section has its tab, the save table's notes included."""
    from designer.render import catalog_tables
    from designer.systems import system

    game = system("opentactics")
    app = build_app(start="browser")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*"reroll")
        await pilot.pause()
        names = [o.prompt.plain.split("  ")[0].strip()
                 for o in app.screen.query_one("#list-abilities").options]
        cli = next(catalog_tables(game.catalog_sections(game.bundled_catalog()),
                                  "abilities", "reroll"))
        assert len(names) == cli.row_count >= 5
        tabs = [pane.id for pane in app.screen.query("TabPane")]
        assert tabs == ["tab-abilities", "tab-equipment", "tab-types", "tab-saves"]
        app.screen.query_one("#sections").active = "tab-saves"
        await pilot.pause()
        detail = str(app.screen.query_one("#detail-saves").render())
        assert "Pairs not listed have no save." in detail


async def test_help_opens_and_closes(here):
    app = build_app()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "ForcesScreen"


async def test_every_step_fits_a_small_terminal(here):
    """At 80×24 each step's fields keep their full width: no number row wraps."""
    (here / "ash-warden.yaml").write_text(UNIT_YAML)
    app = build_app(unit_path=Path("ash-warden.yaml"), start="edit")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        for _step in range(8):
            screen = app.screen
            for spinner in screen.editor.query("Spinner"):
                assert spinner.size.height == 1, (screen.step, spinner.id)
            assert screen.query_one("#stepper").size.width >= 13
            await pilot.press("pagedown")
            await pilot.pause()


async def test_the_palette_draws_from_the_system(here):
    (here / "ash-warden.yaml").write_text(UNIT_YAML)
    app = build_app(unit_path=Path("ash-warden.yaml"), start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        titles = {c.title: c.help for c in app.get_system_commands(app.screen)}
        assert [t for t in titles if t.startswith("Step ")] == [
            "Step 1: Dice", "Step 2: Bumps", "Step 3: Range", "Step 4: Athletics",
            "Step 5: Equipment", "Step 6: Abilities", "Step 7: Types", "Step 8: Tally"]
        assert titles["Export…"] == ("Export as pdf, html, list, list-html, md, txt, json or "
                                     "yaml (ctrl+e)")
        assert titles["Copy as text"] == ("Put the stat block on the clipboard as Markdown, "
                                          "to paste into a chat (ctrl+l)")
        assert titles["Help"] == "Keys and the eight steps (f1)"
        assert titles["Catalog browser"] == "Abilities, equipment, types and saves (f3)"
        # the file keeps no id yet: the one derived from system and name, until saved
        assert titles["Unit id"] == ("32e87638-884a-5dfa-b7f8-0c01dff35dc9: what exports "
                                     "link to; a rename keeps it")
        await pilot.press("f2")
        await pilot.pause()
        titles = {c.title for c in app.get_system_commands(app.screen)}
        assert {"Add an example unit", "Add a unit from a file", "New unit"} <= titles


class Cyclic:
    """An object in a cycle of its own: only a pass of the collector frees it."""

    def __init__(self) -> None:
        self.me = self


async def test_started_without_the_collector_the_app_collects_between_keys(here):
    """`designer` starts every command without the cyclic garbage collector; once its
    first screen is drawn the app freezes what start-up built and runs the collector's
    passes itself, after a key's frame, Python's own passes only as a backstop."""
    (here / "warden.yaml").write_text(UNIT_YAML)
    app = build_app(unit_path=Path("warden.yaml"), start="edit")
    frozen, thresholds = gc.get_freeze_count(), gc.get_threshold()
    gc.disable()
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert gc.isenabled()
            assert gc.get_freeze_count() > frozen
            assert gc.get_threshold() == (50000, 20, 100)
            app.collector_timer.pause()  # the pass after a key alone, not the timer's
            garbage = [Cyclic() for _ in range(6000)]  # more than a pass waits for
            first = weakref.ref(garbage[0])
            del garbage
            assert first() is not None and due_generation() is not None
            await pilot.press("right")
            await settled(pilot)
            await wait_until(pilot, lambda: first() is None, "the pass after the key")
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)
        gc.enable()


def test_a_pass_is_due_for_the_oldest_generation_past_its_threshold(monkeypatch):
    for counts, due in [((10, 0, 0), None), ((5001, 0, 0), 0), ((5001, 21, 0), 1),
                        ((0, 21, 101), 2), ((0, 0, 101), 2), ((5000, 20, 100), None)]:
        monkeypatch.setattr(gc, "get_count", lambda c=counts: c)
        assert due_generation() == due


async def test_started_with_the_collector_the_app_leaves_it_alone(here):
    (here / "warden.yaml").write_text(UNIT_YAML)
    app = build_app(unit_path=Path("warden.yaml"), start="edit")
    frozen, thresholds = gc.get_freeze_count(), gc.get_threshold()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert gc.isenabled() and gc.get_freeze_count() == frozen
        assert gc.get_threshold() == thresholds
