"""An edit's frame (`tui/frame.py`): a paint draws only the widgets a change reaches, and
work put off until the frame is painted waits for it, though Textual runs
`call_after_refresh` callbacks at once while a batch is open."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.geometry import Region, Size, Spacing
from textual.map_geometry import MapGeometry
from textual.widgets import Static

from designer.tui.frame import LeanScreen, after_frame, moved_areas, one_frame
from designer.tui.widgets.scroll import LiveScroll
from tests.tui.helpers import draws

pytestmark = pytest.mark.tui


class Lines(LeanScreen):
    def compose(self) -> ComposeResult:
        yield Static("one", id="one")


class Framed(App):
    def get_default_screen(self) -> Lines:
        return Lines()


async def test_work_put_off_runs_once_the_frame_is_painted():
    app = Framed()
    async with app.run_test(size=(30, 10)) as pilot:
        await pilot.pause()
        screen = app.screen
        happened: list[str] = []
        screen.screen_layout_refresh_signal.subscribe(
            screen, lambda _screen: happened.append("laid out and painted"))
        async with one_frame(app):
            await screen.mount(Static("two\nlines"))
            after_frame(screen.query_one("#one"), lambda: happened.append("put off"))
            after_frame(screen.query_one("#one"), lambda: happened.append("then this"))
        await pilot.pause()
        # (the new Static lays the screen out a second time, for its own virtual size)
        assert happened[:3] == ["laid out and painted", "put off", "then this"]
        after_frame(screen.query_one("#one"), lambda: happened.append("no frame"))
        await pilot.pause()
        assert happened[-1] == "no frame"


class Stack(LeanScreen):
    def compose(self) -> ComposeResult:
        for name in ("top", "middle", "bottom"):
            yield Static(name, id=name)


class Stacked(App):
    def get_default_screen(self) -> Stack:
        return Stack()


async def test_a_paint_draws_the_widgets_changed_not_those_between_them(monkeypatch):
    """Textual drew every widget inside the box around the changes (here the middle
    line, between two changed lines) and showed only the lines changed."""
    app = Stacked()
    async with app.run_test(size=(30, 5)) as pilot:
        await pilot.pause()
        drawn = draws(Static, monkeypatch)
        app.screen.query_one("#top", Static).update("top changed")
        app.screen.query_one("#bottom", Static).update("bottom changed")
        await pilot.pause()
        assert sorted(widget.id for widget, _ in drawn) == ["bottom", "top"]
        assert app.screen.get_widget_at(3, 1)[0].id == "middle"


class Grown(LeanScreen):
    def compose(self) -> ComposeResult:
        with LiveScroll():
            yield Static("a field", id="field")
            yield Static("a finding", id="finding")


class Growing(App):
    CSS = "LiveScroll { height: 2; scrollbar-gutter: stable; } Static { height: auto; }"

    def get_default_screen(self) -> Grown:
        return Grown()


async def test_content_grown_in_place_paints_what_moved_not_the_whole_container(
        monkeypatch):
    """A finding a line longer changes its container's virtual size, in place: Textual
    marked the whole container, and drew every widget in it again."""
    app = Growing()
    async with app.run_test(size=(30, 10)) as pilot:
        await pilot.pause()
        holder = app.screen.query_one(LiveScroll)
        drawn = draws(Static, monkeypatch)
        before = holder.region
        app.screen.query_one("#finding", Static).update("a finding\non two lines")
        await pilot.pause()
        assert holder.region == before and holder.virtual_size.height == 3  # was 2
        ids = [widget.id for widget, _ in drawn]
        assert "finding" in ids and "field" not in ids


def test_what_a_layout_changed_is_where_widgets_moved_came_or_went():
    def at(y: int, height: int = 1, virtual: int = 1) -> MapGeometry:
        region = Region(0, y, 10, height)
        return MapGeometry(region, ((0, 0, 0),), Region(0, 0, 10, 10), Size(10, virtual),
                           region.size, region, Spacing())

    stays, grows, moves, goes, comes = (Static(), Static(), Static(), Static(), Static())
    old = {stays: at(0), grows: at(1, 3, 3), moves: at(4), goes: at(5)}
    new = {stays: at(0), grows: at(1, 3, 9), moves: at(6), comes: at(7, 2)}
    assert moved_areas(old, new) == {Region(0, 4, 10, 1), Region(0, 6, 10, 1),
                                     Region(0, 5, 10, 1), Region(0, 7, 10, 2)}
