"""The matchups panel: f5 opens it beside the tally; its odds are worked in a worker
that each edit cancels and restarts, so typing never waits; it shows fair points, and
offers retaliation only where the system has it; systems without odds do not offer it."""

from __future__ import annotations

import asyncio
import time

import pytest

from designer.systems import EngageOptions, examples_dir, system
from designer.tui.app import build_app
from designer.tui.widgets.matchups import MatchupsPanel, percent
from tests.tui.helpers import ASH_WARDEN, wait_until

pytestmark = pytest.mark.tui

SIZE = (170, 45)
OT = system("opentactics")
WAIT = 60  # seconds: the most a worker may take here (a loaded machine)


def shown(app, selector: str) -> str:
    return str(app.screen.query_one(selector).render())


async def worked(app, pilot, shows: str = "") -> MatchupsPanel:
    """Wait (bounded) until the panel has drawn the odds of the unit as it is and the
    options its controls show (and, given `shows`, until its odds say so): a control
    set or a key sent starts the work only once its message is handled."""
    await asyncio.wait_for(app.workers.wait_for_complete(), WAIT)

    def drawn() -> bool:
        panels = app.screen.query(MatchupsPanel)
        if not panels:
            return False
        panel = panels.first()
        return (panel.drawn is not None and panel.drawn[0] is app.screen.doc.assessment
                and panel.drawn[1] == panel.options()
                and shows in shown(app, "#matchup-odds"))

    await wait_until(pilot, drawn, "the odds drawn for the unit and options shown", WAIT)
    return app.screen.query_one(MatchupsPanel)


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
        panel = await worked(app, pilot)
        assert panel.modes == ("melee", "ballistic")
        odds = expected(app, "melee")
        text = shown(app, "#matchup-odds")
        assert odds.title in text and f"{percent(odds.win)} Ash Warden (B) defeated" in text
        field = shown(app, "#matchup-field").replace("\n", " ")
        assert "points per win" in field and "fair points" in field
        assert "10 opponents" in field
        before = odds.win

        # an edit: Melee OFF from 2 dice to 3 (the focus starts on that field)
        assert app.focused.id == "dice-melee-off"
        await pilot.press("right")
        panel = await worked(app, pilot)
        assert app.screen.doc.assessment.final.pools[("melee", "off")].dice == 3
        assert panel.drawn[0] is app.screen.doc.assessment
        odds = expected(app, "melee")
        assert odds.win > before
        assert f"{percent(odds.win)} Ash Warden (B) defeated" in shown(app, "#matchup-odds")

        # another opponent and mode, by the selects
        panel.query_one("#matchup-opponent").value = 3
        panel.query_one("#matchup-mode").value = "ballistic"
        title = expected(app, "ballistic", 3).title
        panel = await worked(app, pilot, shows=title)
        assert shown(app, "#matchup-odds").startswith(title)

        await pilot.press("f5")
        await pilot.pause()
        assert not app.screen.query(MatchupsPanel)


async def test_edits_never_wait_for_the_odds_and_only_the_last_is_drawn(tmp_path):
    path = tmp_path / "ash-warden.yaml"
    path.write_text(ASH_WARDEN, encoding="utf-8")
    app = build_app(unit_path=path, start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        panel = await worked(app, pilot)
        # the panel is asked again for the unit as it is: it returns at once (the work
        # goes to a worker), well within a frame
        start = time.perf_counter()
        panel.show(app.screen.doc.assessment)
        assert time.perf_counter() - start < 0.016
        # edits in a row, each cancelling the work of the one before
        for key in ("right", "left", "right"):
            await pilot.press(key)
        panel = await worked(app, pilot)
        assert app.screen.doc.assessment.final.pools[("melee", "off")].dice == 3
        assert panel.drawn[0] is app.screen.doc.assessment
        odds = expected(app, "melee")
        assert f"{percent(odds.win)} Ash Warden (B) defeated" in shown(app, "#matchup-odds")


async def test_retaliation_is_offered_only_where_the_system_has_it(tmp_path):
    warden = tmp_path / "ash-warden.yaml"
    warden.write_text(ASH_WARDEN, encoding="utf-8")
    app = build_app(unit_path=warden, start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        panel = await worked(app, pilot)
        panel.query_one("#matchup-retaliation").value = "never"
        panel = await worked(app, pilot)
        assert panel.drawn[1].retaliation == "never"
        assert "no retaliation" in shown(app, "#matchup-odds")
    source = examples_dir("openfire") / "units" / "ash-rangers.yaml"
    rangers = tmp_path / source.name
    rangers.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    app = build_app(unit_path=rangers, start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        panel = await worked(app, pilot)
        assert not panel.query("#matchup-retaliation")
        assert "destroyed" in shown(app, "#matchup-odds")


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
