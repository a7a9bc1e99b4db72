"""The matchups panel: f5 opens it beside the tally, its odds follow each edit of the
unit in the same frame, and systems without matchup odds do not offer it."""

from __future__ import annotations

import time

import pytest

from designer.systems import EngageOptions, examples_dir, system
from designer.tui.app import build_app
from designer.tui.widgets.matchups import MatchupsPanel, percent
from tests.tui.helpers import ASH_WARDEN

pytestmark = pytest.mark.tui

SIZE = (170, 45)
OT = system("opentactics")


def shown(app, selector: str) -> str:
    return str(app.screen.query_one(selector).render())


def expected(app, mode: str, opponent: int = 0):
    panel = app.screen.query_one(MatchupsPanel)
    return OT.engage(app.screen.doc.assessment, panel.field[opponent].assessment,
                     EngageOptions(mode))


async def test_f5_opens_the_panel_and_the_odds_follow_an_edit(tmp_path):
    path = tmp_path / "ash-warden.yaml"
    path.write_text(ASH_WARDEN, encoding="utf-8")
    app = build_app(unit_path=path, start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not app.screen.query(MatchupsPanel)
        await pilot.press("f5")
        await pilot.pause()
        panel = app.screen.query_one(MatchupsPanel)
        assert panel.modes == ("melee", "ballistic")
        odds = expected(app, "melee")
        text = shown(app, "#matchup-odds")
        assert odds.title in text and f"{percent(odds.win)} Ash Warden (B) defeated" in text
        before = odds.win

        # an edit: Melee OFF from 2 dice to 3 (the focus starts on that field)
        assert app.focused.id == "dice-melee-off"
        await pilot.press("right")
        await pilot.pause()
        assert app.screen.doc.assessment.final.pools[("melee", "off")].dice == 3
        odds = expected(app, "melee")
        assert odds.win > before
        assert f"{percent(odds.win)} Ash Warden (B) defeated" in shown(app, "#matchup-odds")

        # the whole panel worked again for one assessment: within a frame
        start = time.perf_counter()
        panel.show(app.screen.doc.assessment)
        took = time.perf_counter() - start
        assert took < 0.016, f"the panel took {took * 1000:.1f} ms"

        # another opponent and mode, by the selects
        panel.query_one("#matchup-opponent").value = 3
        panel.query_one("#matchup-mode").value = "ballistic"
        await pilot.pause()
        odds = expected(app, "ballistic", 3)
        assert odds.title in shown(app, "#matchup-odds")
        field = shown(app, "#matchup-field")
        assert "points per win" in field and "10 opponents" in field.replace("\n", " ")

        await pilot.press("f5")
        await pilot.pause()
        assert not app.screen.query(MatchupsPanel)


async def test_a_system_without_odds_does_not_offer_the_panel(tmp_path):
    source = next((examples_dir("tactics") / "units").glob("*.yaml"))
    path = tmp_path / source.name
    path.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    app = build_app(unit_path=path, start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.check_action("matchups", ()) is False
        await pilot.press("f5")
        await pilot.pause()
        assert not app.screen.query(MatchupsPanel)
