"""At 80x24 nothing a user needs is cut off: tally lines wrap instead of being cut, the
card shows on the last step when there is no room for it beside the tally, the footer's
keys fit, every finding of a force is in reach by keys; and a line priced under another
step says which."""

from __future__ import annotations

from pathlib import Path

import pytest

from designer.systems import examples_dir
from designer.tui.app import build_app
from designer.tui.widgets.footer import KeyFooter
from designer.tui.widgets.force_summary import ForceSummary, problems_content
from designer.tui.widgets.tally import PointsList, fit_lines
from tests.tui.helpers import ASH_WARDEN, focused_id, settled, wait_until

pytestmark = pytest.mark.tui

ARMOURED = """\
name: Armoured
types: [Infantry]
skills:
  melee: {off_dice: 2, def_dice: 2, range: 1}
  ballistic: {def_dice: 1}
equipment:
  - {item: Heavy Armor}
"""


def test_a_long_tally_line_wraps_and_keeps_its_points():
    assert [line.plain for line in fit_lines("athletics cost of flight", "12", 21, 2)] == [
        "  athletics cost   12", "   of flight"]
    assert [line.plain for line in fit_lines("Total", "23", 21)] == ["Total              23"]
    rows = [("Melee DEF +2 (Heavy Armor) → step 2", "6", 2, ""), ("Total", "23", 0, "")]
    assert [[line.plain for line in PointsList.row_lines(rows, w)] for w in (21, 30)] == [
        ["  Melee DEF +2      6", "   (Heavy Armor) →", "   step 2", "Total              23"],
        ["  Melee DEF +2 (Heavy Armor) 6", "   → step 2", "Total                       23"]]
    assert len(PointsList.row_lines(rows, 80)) == 2


async def test_equipment_bumps_say_where_they_are_counted(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "armoured.yaml").write_text(ARMOURED)
    app = build_app(unit_path=Path("armoured.yaml"), start="edit")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("alt+5")
        await pilot.pause()
        screen = app.screen
        equipment = screen.figures(screen.view())[4]
        assert equipment.label == "5 Equipment" and equipment.points is None
        # priced under step 2: said so, with no number of its own
        assert equipment.lines == [("Melee DEF +2 (Heavy Armor) (priced in step 2)", ""),
                                   ("Ballistic DEF +2 (Heavy Armor) (priced in step 2)", "")]
        shown = " ".join(str(screen.query_one("#tally-steps").render()).split())
        assert "Ballistic DEF +2 (Heavy Armor) (priced in step 2)" in shown
        assert "2 Bumps 12" in shown
        # every number the panel shows adds up to the total it shows
        steps = [f.points for f in screen.figures(screen.view()) if f.points is not None]
        total = screen.view().tally.total
        assert sum(steps) == total
        numbers = [int(word) for word in shown.split() if word.isdigit()]
        assert sum(numbers) - sum(range(1, 8)) == total  # less the steps' own numbers


@pytest.mark.parametrize(("size", "beside", "on_last_step"), [
    ((80, 24), False, True), ((120, 40), True, False)])
async def test_the_card_shows_beside_or_on_the_last_step(tmp_path, monkeypatch, size, beside,
                                                         on_last_step):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "warden.yaml").write_text(ASH_WARDEN)
    app = build_app(unit_path=Path("warden.yaml"), start="edit")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("alt+8")
        await settled(pilot)
        screen = app.screen
        assert screen.query_one("#card").display is beside
        card = screen.query_one("#tally-card")
        assert card.display is on_last_step
        # the card preview draws what it shows once it is laid out
        await wait_until(pilot, lambda: "Gear: Bow or Crossbow (range 6)" in str(card.render()),
                         "the card preview drawn")


@pytest.mark.parametrize("start", ["home", "edit"])
async def test_the_footer_keys_fit_80_columns(tmp_path, monkeypatch, start):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "warden.yaml").write_text(ASH_WARDEN)
    app = build_app(unit_path=Path("warden.yaml") if start == "edit" else None, start=start)
    async with app.run_test(size=(80, 24)) as pilot:

        def laid_out() -> list:
            footer = app.screen.query_one(KeyFooter)
            return footer.keys_text() if footer.region.width else []

        await wait_until(pilot, laid_out, "the footer laid out")
        keys = laid_out()
        assert "^q Quit" in keys and "f1 Help" in keys
        line = app.screen.query_one(KeyFooter).render().plain
        assert len(line) <= 80
        assert line.rstrip().endswith("▏^p palette")
        assert all(key in line for key in keys)


async def test_every_finding_of_a_force_is_in_reach_by_keys_at_80x24():
    """The broken convoy's six findings do not fit under its table at 80x24: tab takes
    the focus from the table to the force's structure and problems, and ↓ scrolls to the
    last finding."""
    app = build_app(roster_path=examples_dir("openfire") / "rosters" / "broken-convoy.yaml",
                    start="roster")
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        summary = app.screen.query_one(ForceSummary)
        issues = summary.query_one("#force-issues")
        lines = problems_content(app.screen.doc.force, "").plain.splitlines()
        assert [line for line in lines if "✗" in line] == [
            "✗ 230 points is 30 over the points cap of 200; remove units or lower counts",
            "✗ 2 command unit(s); Ash Wastes (demonstration) needs 1: remove some",
            "✗ 4 elite unit(s); Ash Wastes (demonstration) needs 0 to 2: remove some",
            "✗ 136 points in the elite pool; it holds 60: remove 76 points of elite",
            "✗ 6 models must ride but the transports seat 0; add a Transport or leave "
            "models behind [363]",
            "  ✗ Slag Brute is Bulky and cannot embark [377], but Ash Wastes "
            "(demonstration) carries every model: leave it out"]
        assert lines[-2:] == ["Slag Brutes", lines[-1]]  # under its entry
        assert focused_id(app) == "units"
        assert issues.region.bottom > summary.region.bottom  # out of sight
        await pilot.press("tab")
        await settled(pilot)
        assert app.focused is summary
        assert "↑/↓ Scroll" in app.screen.query_one(KeyFooter).keys_text()
        for _ in range(20):
            if issues.region.bottom <= summary.region.bottom:
                break
            await pilot.press("down")
            await settled(pilot)
        assert issues.region.bottom <= summary.region.bottom  # the last finding in sight
        assert summary.scroll_y == summary.max_scroll_y > 0
