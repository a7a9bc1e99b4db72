"""Typing into every kind of field: a choice takes digits and letters as a number field
does, a list searches as it is typed on, the step keys act only where no field wants the
key, and a name being typed is never written back by a re-price."""

from __future__ import annotations

from pathlib import Path

import pytest

from designer.systems import examples_dir
from designer.tui import keys
from designer.tui.app import build_app
from designer.tui.widgets.fields import Cycle
from designer.tui.widgets.lists import MovingList
from tests.tui.helpers import burst, focused_id, settled

pytestmark = pytest.mark.tui

SIZE = (120, 40)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The keys' clock, moved by hand: `clock[0] += 2` is a two-second pause."""
    now = [1000.0]
    monkeypatch.setattr(keys, "key_clock", lambda event: now[0])
    return now


def stats_of(app) -> dict:
    return dict(app.screen.doc.unit.stats)


async def test_a_digit_on_a_stat_choice_sets_it_and_never_changes_step(clock):
    app = build_app(unit_path=examples_dir("op-en") / "units" / "brannoc-tull.yaml",
                    start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("alt+4")
        await settled(pilot)
        assert focused_id(app) == "stat-toughness"
        assert stats_of(app)["toughness"] == 8
        await pilot.press("6")  # the rank's values are 4, 6 and 8
        await settled(pilot)
        assert app.screen.step == 3
        assert stats_of(app)["toughness"] == 6
        clock[0] += 2
        await pilot.press("5")  # no 5: the nearest value, the lower of two as near
        await settled(pilot)
        assert stats_of(app)["toughness"] == 4
        clock[0] += 2
        await pilot.press("1", "0")  # 10 is past every value: the 0 starts afresh
        await settled(pilot)
        assert stats_of(app)["toughness"] == 4
        await pilot.press("x")  # a letter where only numbers are: nothing, and no step
        await settled(pilot)
        assert (app.screen.step, stats_of(app)["toughness"]) == (3, 4)


async def test_letters_on_a_named_choice_pick_the_option_they_start(clock):
    app = build_app(unit_path=examples_dir("tactics") / "units" / "dock-thug.yaml",
                    start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        kind = app.screen.query_one("#kind", Cycle)
        assert focused_id(app) == "kind"
        await pilot.press("h")
        await settled(pilot)
        assert (kind.value, app.screen.doc.unit.kind) == ("heavy", "heavy")
        clock[0] += 2
        await pilot.press("s")
        await settled(pilot)
        assert app.screen.doc.unit.kind == "standard"
        clock[0] += 2
        await pilot.press("m", "i", "n")  # more letters narrow to the option with them all
        await settled(pilot)
        assert app.screen.doc.unit.kind == "minion"
        clock[0] += 2
        await pilot.press("3")  # no option starts with 3: nothing, and no step 3
        await settled(pilot)
        assert (app.screen.step, app.screen.doc.unit.kind) == (0, "minion")


async def test_a_list_searches_as_it_is_typed_on_and_esc_forgets(clock):
    app = build_app(unit_path=examples_dir("op-en") / "units" / "brannoc-tull.yaml",
                    start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("alt+3")
        await settled(pilot)
        forms = app.screen.query_one("#form-list", MovingList)
        assert focused_id(app) == "form-list"
        names = [str(forms.get_option_at_index(i).prompt).split()[0]
                 for i in range(forms.option_count)]
        wanted = names[-1]
        await pilot.press(*wanted[:3].lower())
        await settled(pilot)
        assert forms.highlighted == names.index(wanted)
        assert app.screen.step == 2
        await pilot.press("escape")  # forgets what was typed; the designer stays
        await settled(pilot)
        clock[0] += 0.1
        await pilot.press(*names[0][:2].lower())
        await settled(pilot)
        assert forms.highlighted == 0


async def test_a_list_with_a_search_box_hands_typing_to_the_box(clock):
    app = build_app(unit_path=examples_dir() / "units" / "ash-warden.yaml", start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("alt+6", "down")  # from the search box into the list
        await settled(pilot)
        assert focused_id(app) == "ability-list"
        await pilot.press(*"fleet")
        await settled(pilot)
        assert focused_id(app) == "ability-search"
        assert app.screen.query_one("#ability-search").value == "fleet"


async def test_a_name_being_typed_is_never_written_back_and_undo_still_shows(here):
    app = build_app(unit_path=Path("new.yaml"), start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        burst(app, "shift+tab", "ctrl+u", *"Test Knight", "tab")
        await settled(pilot)
        name = app.screen.query_one("#unit-name")
        assert app.screen.doc.unit.name == "Test Knight"
        await pilot.press("shift+tab", "end", *" II")
        await settled(pilot)
        assert name.value == "Test Knight II" and name.has_focus
        await pilot.press("home", "right")
        await pilot.press("ctrl+z")  # undo while typing: the name before this field's
        # typing (leaving the field ended the step before), shown in the field
        await settled(pilot)
        assert (app.screen.doc.unit.name, name.value) == ("Test Knight", "Test Knight")
        assert name.cursor_position == 1  # the cursor kept its place


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


async def test_the_forces_letters_are_the_tables_and_the_name_takes_them_as_text(here):
    app = build_app()
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        entries = len(app.screen.doc.force.entries)
        assert focused_id(app) == "units"
        footer = {b.binding.key for b in app.active_bindings.values() if b.binding.show}
        assert {"a", "n"} <= footer
        await pilot.press("shift+tab", "shift+tab")
        await settled(pilot)
        assert focused_id(app) == "force-name"
        footer = {b.binding.key for b in app.active_bindings.values() if b.binding.show}
        assert not {"a", "n"} & footer
        await pilot.press("end", *" and des")
        await settled(pilot)
        assert app.screen.doc.force.name.endswith(" and des")
        assert len(app.screen.doc.force.entries) == entries  # no add, new or copy
        assert type(app.screen).__name__ == "ForcesScreen"
