"""Text whose drawing is kept (`designer.tui.widgets.drawn`): drawn exactly as Textual
draws the text, once for each way it is drawn; and a step's scroll bar, drawn as strips
straight away (`KeptBar`), exactly as Textual draws it."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.content import Content
from textual.scrollbar import ScrollBarRender
from textual.selection import Selection
from textual.style import Style as VisualStyle
from textual.visual import Visual, visualize
from textual.widgets import Static

from designer.systems import examples_dir
from designer.tui.app import build_app
from designer.tui.widgets.drawn import Drawn, drawn
from designer.tui.widgets.lists import MovingList
from designer.tui.widgets.scroll import KeptBar, LiveScroll

pytestmark = pytest.mark.tui

TEXTS = (Content("plain"), Content(""), Content.styled("bold", "bold $accent"),
         Content.assemble(("✓", "$success"), " 1 Unit 漢字 ", ("12", "italic $warning on $panel")),
         Content("a finding long enough to wrap at the width of the widget, twice over "
                 "at least, with a word-breaking-hyphenated-name"),
         Content("two\nlines"))


class Shown(App):
    CSS = "#right { text-align: right; } #cut { text-wrap: nowrap; text-overflow: ellipsis; }"

    def compose(self) -> ComposeResult:
        yield Static(id="left")
        yield Static(id="right")
        yield Static(id="cut")


def drawings(widget: Static, text: Content, width: int,
             style: VisualStyle | None = None) -> list[list]:
    return [list(strip) for strip in Visual.to_strips(
        widget, text, width, None, widget.visual_style if style is None else style)]


async def test_text_is_drawn_as_textual_draws_it():
    app = Shown()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        for widget in app.query(Static):
            for text in TEXTS:
                for width in (40, 12, 3):
                    kept = drawn(text)
                    assert drawings(widget, kept, width) == drawings(widget, text, width)
                    assert drawings(widget, kept, width) == drawings(widget, text, width)
                    assert kept.get_height(widget.styles, width) == \
                        text.get_height(widget.styles, width)


async def test_text_drawn_again_the_same_way_is_not_drawn_anew(monkeypatch):
    app = Shown()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        widget = app.query_one("#left", Static)
        text = Content.assemble(("kept", "bold $accent"), " once")
        calls: list[int] = []
        draw = Content.render_strips

        def counted(self, *args, **kwargs):
            calls.append(1)
            return draw(self, *args, **kwargs)

        monkeypatch.setattr(Content, "render_strips", counted)
        first = drawings(widget, drawn(text), 30)
        again = drawings(widget, drawn(text), 30)  # another widget's copy of the text
        assert (first, len(calls)) == (again, 1)
        drawings(widget, drawn(text), 29)  # another width
        drawings(widget, drawn(Content.assemble(("kept", "bold $accent"), " twice")), 30)
        assert len(calls) == 3


async def test_kept_text_follows_the_theme():
    app = Shown()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        widget = app.query_one("#left", Static)
        app.theme = "nord"
        await pilot.pause()
        text = Content.styled("accent", "$accent")
        base = VisualStyle()  # the same before and after: only the text's colour moves
        before = drawings(widget, drawn(text), 20, base)
        app.theme = "gruvbox"
        await pilot.pause()
        after = drawings(widget, drawn(text), 20, base)
        assert after != before and after == drawings(widget, text, 20, base)


async def test_text_being_selected_is_drawn_with_the_selection():
    app = Shown()
    async with app.run_test(size=(40, 10)) as pilot:
        widget = app.query_one("#left", Static)
        widget.update(drawn(Content("select me")))
        await pilot.pause()
        plain = list(widget.render_line(0))
        app.screen.selections = {widget: Selection(None, None)}
        await pilot.pause()
        assert list(widget.render_line(0)) != plain


def scrap_pickers() -> App:
    """The designer on Open Fire's Scrap Pickers, whose models step outgrows 120x40 when
    a finding more shows."""
    return build_app(unit_path=examples_dir("openfire") / "units/scrap-pickers.yaml",
                     start="edit")


async def test_a_pickers_entries_are_kept():
    app = scrap_pickers()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("alt+5")
        await pilot.pause()
        listing = app.screen.query_one("#rule-list", MovingList)
        assert listing.option_count >= 3
        assert all(isinstance(listing.get_option_at_index(n).prompt, Drawn)
                   for n in range(listing.option_count))


async def test_a_step_editors_scroll_bar_is_drawn_as_textual_draws_it():
    app = scrap_pickers()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("alt+2", "right")  # a finding more: the step outgrows the screen
        await pilot.pause()
        editor = app.screen.query_one("#step-models", LiveScroll)
        bar = editor.vertical_scrollbar
        assert bar.display and bar.size.height > 20
        width, height = bar.size
        for position in (0, 1.5, 3, 100):
            bar.position = position
            for virtual, window in ((height * 2, height), (height + 1, height),
                                    (height * 9, height)):
                bar.window_virtual_size, bar.window_size = virtual, window
                kept = bar.render()
                bar.renderer = ScrollBarRender  # Textual's own
                try:
                    theirs = bar.render()
                finally:
                    bar.renderer = KeptBar  # type: ignore[misc]
                assert isinstance(kept, KeptBar)
                for style in (bar.visual_style, VisualStyle()):
                    assert [list(s) for s in Visual.to_strips(bar, kept, width, height, style)] \
                        == [list(s) for s in Visual.to_strips(
                            bar, visualize(bar, theirs), width, height, style)]
