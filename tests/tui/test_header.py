"""The screens' header: the palette's icon, the title and sub-title centred between it
and the clock's space, in one line that a new title repaints without a layout."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.command import CommandPalette
from textual.geometry import Region

from designer.tui.widgets.header import CLOCK_WIDTH, ICON_WIDTH, PALETTE_TIP, TitleHeader
from tests.tui.helpers import refreshes

pytestmark = pytest.mark.tui


class Titled(App):
    def compose(self) -> ComposeResult:
        yield TitleHeader()

    def on_mount(self) -> None:
        self.title, self.sub_title = "Unit", "Ash Warden"


def shown(app: App) -> str:
    return app.query_one(TitleHeader).render().plain


async def test_the_title_is_centred_between_the_icon_and_the_clock():
    app = Titled()
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        title = "Unit — Ash Warden"
        room = 60 - ICON_WIDTH - CLOCK_WIDTH
        left = (room - len(title)) // 2
        assert shown(app) == " ⭘" + " " * 6 + " " * left + title + \
            " " * (room - left - len(title) + CLOCK_WIDTH)
        app.sub_title = "a sub-title far too long for the room between the two ends"
        await pilot.pause()
        line = shown(app)
        assert len(line) == 60 and line[ICON_WIDTH:].startswith("Unit — a sub-title")
        assert line[:60 - CLOCK_WIDTH].endswith("…") and line.endswith(" " * CLOCK_WIDTH)


async def test_a_new_title_repaints_the_header_line_and_asks_for_no_layout(monkeypatch):
    app = Titled()
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        header = app.query_one(TitleHeader)
        calls = refreshes(header, monkeypatch)
        app.screen.sub_title = "Ash Warden · modified"
        await pilot.pause()
        assert "Unit — Ash Warden · modified" in shown(app)
        assert calls == [((Region(0, 0, 60, 1),), {})]


async def test_the_icon_opens_the_palette_and_says_so_under_the_mouse():
    app = Titled()
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        header = app.query_one(TitleHeader)
        plain = app.screen.get_style_at(20, 0).bgcolor
        await pilot.hover(TitleHeader, offset=(2, 0))
        await pilot.pause()
        assert header.tooltip == PALETTE_TIP
        assert app.screen.get_style_at(2, 0).bgcolor != plain
        await pilot.hover(TitleHeader, offset=(20, 0))
        await pilot.pause()
        assert header.tooltip is None and app.screen.get_style_at(2, 0).bgcolor == plain
        await pilot.click(TitleHeader, offset=(20, 0))  # the title: nothing
        await pilot.pause()
        assert not isinstance(app.screen, CommandPalette)
        await pilot.click(TitleHeader, offset=(2, 0))
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
