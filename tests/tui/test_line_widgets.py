"""Widgets that repaint only what changed (issue 15): the line-drawn tally, stepper and
card preview mark only their changed lines dirty, a layout only when their height
changes; the card preview is not drawn while out of view and catches up when it comes
back; a list's detail keeps the tallest height it has had at a width."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget
from textual.widgets import Input, Static

from designer.systems import examples_dir
from designer.tui.app import build_app
from designer.tui.editors.kit.number_rows import Heading, NumberRows
from designer.tui.editors.kit.rows import Rows
from designer.tui.widgets import tally as tally_module
from designer.tui.widgets.card import CardPreview
from designer.tui.widgets.fields import Cycle, Row, Spinner
from designer.tui.widgets.footer import KeyFooter
from designer.tui.widgets.lines import LineWidget, same
from designer.tui.widgets.lists import MovingList
from designer.tui.widgets.shown import DetailText, Findings
from designer.tui.widgets.tally import PointsList
from designer.tui.widgets.text import TextField
from tests.tui.helpers import draws, refreshes, settled

pytestmark = pytest.mark.tui


class Listing(LineWidget):
    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.texts: list[Content] = [Content("one"), Content("two"), Content("three")]

    def lay_out(self, width: int) -> list[Content]:
        return list(self.texts)


class Holder(App):
    def compose(self) -> ComposeResult:
        yield Listing()
        yield DetailText(id="detail")


def ash_warden() -> App:
    """The designer on OpenTactics' Ash Warden, whose tally and card show at 120x40."""
    return build_app(unit_path=examples_dir("opentactics") / "units" / "ash-warden.yaml",
                     start="edit")


async def step_melee_off(app: App, pilot) -> None:
    """Melee OFF 2 -> 3 dice: a tally row, the step's points and the card's points change."""
    app.screen.set_focus(app.screen.query_one("#dice-melee-off"))
    await pilot.press("right")
    await pilot.pause()


def test_lines_that_look_alike_are_the_same_only_with_the_same_styles():
    assert same(Content("Total 38"), Content("Total 38"))
    assert not same(Content.styled("Total 38", "bold"), Content("Total 38"))
    assert Content.styled("Total 38", "bold") == Content("Total 38")  # why `same` exists


async def test_a_changed_line_is_the_only_one_repainted(monkeypatch):
    app = Holder()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        listing = app.query_one(Listing)
        calls = refreshes(listing, monkeypatch)
        listing.texts[1] = Content.styled("two", "bold")  # the same text, a new style
        listing.update_lines()
        assert calls == [((Region(0, 1, 40, 1),), {})]
        calls.clear()
        listing.update_lines()  # nothing changed: nothing repainted
        assert calls == []
        listing.texts.append(Content("four"))  # one line more: a new height
        listing.update_lines()
        assert calls == [((), {"layout": True})]
        await pilot.pause()
        assert listing.size.height == 4
        assert [strip.text for strip in (listing.render_line(y) for y in range(4))] == [
            text.ljust(40) for text in ("one", "two", "three", "four")]


async def test_a_line_is_drawn_as_textual_draws_a_one_line_text():
    app = Holder()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        listing = app.query_one(Listing)
        style = listing.visual_style
        for line in (Content("plain"), Content(""), Content.styled("bold", "bold $accent"),
                     Content.assemble(("✓", "$success"), " 1 Unit 漢字 ",
                                      ("12", "italic $warning on $panel")),
                     Content("x" * 45)):  # wider than the widget: cut at its width
            drawn = listing.line_strip(line, 40, style)
            assert list(drawn) == list(Visual.to_strips(listing, line, 40, 1, style,
                                                        pad=True)[0])
            assert drawn.cell_length == 40


async def test_lines_below_the_last_follow_the_theme():
    app = Holder()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        listing = app.query_one(Listing)
        listing.styles.height = 5
        await pilot.pause()
        before = listing.render_line(4)
        assert before.text == " " * 40
        app.theme = "textual-light" if app.theme != "textual-light" else "nord"
        await pilot.pause()
        after = listing.render_line(4)
        assert after.text == " " * 40
        assert after != before and after == Strip.blank(40, listing.rich_style)


class Framed(App):
    CSS = """
    #plain { padding: 0 2; background: $panel; }
    #boxed { border: round $accent; }
    """

    def compose(self) -> ComposeResult:
        yield Listing(id="plain")
        yield Listing(id="boxed")


async def test_lines_moved_down_are_not_drawn_again_and_look_as_textual_draws_them(
        monkeypatch):
    app = Framed()
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        listing = app.query_one("#plain", Listing)
        real = Widget.render_lines  # Textual's own, to compare with
        drawn_by = draws(Widget, monkeypatch)
        listing.texts.insert(0, Content.styled("zero", "bold"))
        listing.update_lines()
        await pilot.pause()
        whole = Region(0, 0, 40, 4)
        drawn = listing.render_lines(whole)
        assert [strip.text for strip in drawn] == [
            f"  {text}".ljust(40) for text in ("zero", "one", "two", "three")]
        # Textual was asked for the new line alone; the three moved down were kept
        assert [crop for widget, crop in drawn_by if widget is listing] == \
            [Region(0, 0, 40, 1)]
        listing._framed.clear()  # drawn afresh by Textual: the same segments
        assert [list(strip) for strip in drawn] == \
            [list(strip) for strip in real(listing, whole)]
        boxed = app.query_one("#boxed", Listing)
        lines = [strip.text for strip in boxed.render_lines(Region(0, 0, 40, 5))]
        assert lines[0].startswith("╭") and lines[1].startswith("│one")


class Keyed(Static, can_focus=True):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("delete", "remove", "Remove")]


class KeysHolder(App):
    def compose(self) -> ComposeResult:
        yield Keyed("a removable row", id="row")
        yield Input(id="name")
        yield KeyFooter()


async def test_the_focus_going_back_and_forth_draws_each_footer_once(monkeypatch):
    app = KeysHolder()
    async with app.run_test(size=(60, 6)) as pilot:
        footer = app.query_one(KeyFooter)
        drawn: list[str] = []
        real = footer.line_strip

        def line_strip(line, width, style):
            drawn.append(line.plain.strip())
            return real(line, width, style)

        monkeypatch.setattr(footer, "line_strip", line_strip)
        shown, counts = [], []
        for target in ("#name", "#row", "#name", "#row"):
            app.set_focus(app.query_one(target))
            await pilot.pause()
            shown.append(footer.keys_text())
            counts.append(len(drawn))
        assert shown[0] == shown[2] and shown[1] == shown[3]
        assert "del Remove" in shown[1] and "del Remove" not in shown[0]
        # the row's line was drawn at the start (the row had the focus), the name's once
        assert counts == [1, 1, 1, 1]
        assert drawn == ["▏^p palette"]


class Heights(App):
    def compose(self) -> ComposeResult:
        yield Listing()
        yield Findings("one finding")
        yield Rows()
        yield Spinner("Dice", 2)
        yield Cycle("Die", [(6, "d6"), (8, "d8")], 6)
        yield Row("a chosen entry")
        yield NumberRows([Heading("head", Content("Melee OFF"), "+ add bump")])


async def test_a_height_change_asks_for_one_layout_not_two(monkeypatch):
    """The layout that places a widget of a new height sets its virtual size: that must
    not ask for a layout again (a second layout, a frame later, with nothing to place)."""
    app = Heights()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        for widget in (app.query_one(Listing), app.query_one(Findings), app.query_one(Rows),
                       app.query_one(Spinner), app.query_one(Cycle), app.query_one(Row),
                       app.query_one(NumberRows)):
            calls = refreshes(widget, monkeypatch)
            widget.virtual_size = Size(40, widget.virtual_size.height + 3)
            assert [kwargs for _, kwargs in calls if kwargs.get("layout")] == [], widget


class Found(App):
    CSS = "Findings { width: 30; }"

    def compose(self) -> ComposeResult:
        yield Findings("✗ one finding")
        yield Static("below", id="below")


async def test_a_finding_changed_repaints_its_own_lines_wrapped_as_a_static_wraps(
        monkeypatch):
    """A finding more lays the findings out once; a finding changed repaints its lines
    alone; a long one wraps at spaces as a Static wraps it."""
    app = Found()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        findings = app.query_one(Findings)
        long = "! a warning long enough to wrap onto a second line"
        findings.show(Content(f"✗ one finding\n{long}"))
        await pilot.pause()
        assert findings.render().plain.split("\n") == \
            ["✗ one finding", "! a warning long enough to", "wrap onto a second line"]
        assert app.query_one("#below").region.y == 3
        calls = refreshes(findings, monkeypatch)
        findings.show(Content(f"✗ one finding changed\n{long}"))
        await pilot.pause()
        assert calls == [((Region(0, 0, 30, 1),), {})]
        assert findings.render().plain.startswith("✗ one finding changed\n")


class Typed(App):
    CSS = "MovingList { height: 5; }"

    def compose(self) -> ComposeResult:
        yield TextField(id="name")
        yield MovingList(*[f"entry {n}" for n in range(9)])  # more than it shows


async def test_typing_or_filling_a_list_of_a_fixed_height_asks_for_no_layout(monkeypatch):
    """A text field sets its virtual size at each key, and a list as it is filled: neither
    changes the size of the widget, and neither may ask for a layout of the screen."""
    app = Typed()
    async with app.run_test(size=(40, 10)) as pilot:
        name, listing = app.query_one(TextField), app.query_one(MovingList)
        name.focus()
        await pilot.pause()
        calls = {w: refreshes(w, monkeypatch) for w in (name, listing)}
        await pilot.press(*"a longer name than fits")
        listing.set_options([f"entry {n}" for n in range(12)])
        await pilot.pause()
        assert name.value == "a longer name than fits"
        assert listing.option_count == 12 and listing.region.height == 5
        assert {w: [kw for _, kw in c if kw.get("layout")] for w, c in calls.items()} == \
            {name: [], listing: []}


async def test_a_search_that_narrows_a_full_list_lays_nothing_out(monkeypatch):
    """A list that fills its rows keeps them, and its scroll bar, while a search narrows
    it: the entries found fit, and nothing on the screen moves."""
    app = ash_warden()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("alt+6")
        await pilot.pause()
        listing = app.screen.query_one("#ability-list", MovingList)
        before = (listing.region, listing.option_count)
        calls = {w: refreshes(w, monkeypatch) for w in (app.screen, listing)}
        await pilot.press("z")
        await pilot.pause()
        assert listing.region == before[0] and 0 < listing.option_count < before[1] < 99
        assert listing.option_count < listing.size.height  # the entries found fit
        assert {w: [kw for _, kw in c if kw.get("layout")] for w, c in calls.items()} == \
            {app.screen: [], listing: []}


async def test_a_detail_keeps_its_tallest_height_at_a_width():
    app = Holder()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        detail = app.query_one(DetailText)
        detail.show(Content("a\nb\nc"))
        await pilot.pause()
        assert detail.size.height == 3
        detail.show(Content("just one line"))
        await pilot.pause()
        assert detail.size.height == 3
        assert str(detail.render()).split("\n") == ["just one line", "", ""]
        await pilot.resize_terminal(60, 10)  # a new width: it fits its text again
        await pilot.pause()
        detail.show(Content("one line at sixty"))
        await pilot.pause()
        assert detail.size.height == 1


async def test_the_tally_repaints_only_the_rows_a_keypress_changed(monkeypatch):
    app = ash_warden()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        tally = app.screen.query_one("#tally-steps", PointsList)
        before = [line.plain for line in tally.lines_at(tally.content_size.width)]
        calls = refreshes(tally, monkeypatch)
        await step_melee_off(app, pilot)
        after = [line.plain for line in tally.lines_at(tally.content_size.width)]
        changed = [y for y, (was, now) in enumerate(zip(before, after, strict=True))
                   if was != now]
        assert [before[y].split()[:3] for y in changed] == [["1", "Dice", "12"],
                                                            ["Melee", "OFF", "2"]]
        assert calls == [(tuple(Region(0, y, tally.content_size.width, 1)
                                for y in changed), {})]


async def test_the_tally_wraps_only_the_rows_a_keypress_changed(monkeypatch):
    app = ash_warden()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        wrapped: list[str] = []
        real = tally_module.label_lines

        def label_lines(label, points, width, indent=0):
            wrapped.append(label)
            return real(label, points, width, indent)

        monkeypatch.setattr(tally_module, "label_lines", label_lines)
        await step_melee_off(app, pilot)
        # the rows whose text changed at most (one laid out before, by another test in
        # this process, is not wrapped again either)
        assert set(wrapped) <= {"1 Dice", "Melee OFF 3 dice"}


async def test_a_card_out_of_view_catches_up_when_it_comes_back(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    source = examples_dir("openfire") / "units" / "warden-patrol.yaml"
    Path("patrol.yaml").write_text(source.read_text())
    app = build_app(unit_path=Path("patrol.yaml"), start="edit")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        card = app.screen.query_one("#card", CardPreview)
        assert card.in_view()
        await pilot.press("alt+2", "tab")  # the models step: its long tally pushes the
        await pilot.pause()                # card below the screen's edge
        assert not card.in_view()
        drawn = card.lines_at(card.content_size.width)
        points = app.screen.doc.tally.total
        await pilot.press("right")  # one model more
        await pilot.pause()
        assert app.screen.doc.tally.total > points
        # not drawn while out of view: the points in its border are the old ones
        assert str(card.border_subtitle) == f"{points} pts"
        assert [line.plain for line in card.lines_at(card.content_size.width)] == [
            line.plain for line in drawn]
        await pilot.press("alt+1")  # back where the card shows: it catches up
        await pilot.pause()
        await pilot.pause()
        assert card.in_view()
        assert str(card.border_subtitle) == f"{app.screen.doc.tally.total} pts"
        assert card.lines_at(card.content_size.width) == card.lay_out(
            card.content_size.width)


async def test_new_points_repaint_the_cards_lower_edge_not_the_whole_card(monkeypatch):
    app = ash_warden()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        card = app.screen.query_one("#card", CardPreview)
        assert card.in_view()
        width, height = card.outer_size
        assert card.render_lines(Region(0, 0, width, height))[-1].text.endswith(
            f" {app.screen.doc.tally.total} pts ─╯")
        calls: list[tuple[Region, ...]] = []  # what the card asks Textual to repaint
        real = Widget.refresh

        def refresh(widget, *regions, **kwargs):
            if widget is card:
                calls.append(regions)
            return real(widget, *regions, **kwargs)

        monkeypatch.setattr(Widget, "refresh", refresh)
        await step_melee_off(app, pilot)
        assert str(card.border_subtitle) == f"{app.screen.doc.tally.total} pts"
        assert calls and all(calls)  # never the whole card
        edge = Region(0, height - 1, width, 1)
        assert edge in [region.translate(card.content_offset)
                        for regions in calls for region in regions]
        lines = card.render_lines(Region(0, 0, width, height))
        assert lines[-1].text.endswith(f" {app.screen.doc.tally.total} pts ─╯")
        assert lines[0].text.startswith("╭─ Ash Warden ─")


def test_the_card_preview_never_breaks_a_box_across_lines():
    """'[ ] [ ]' wraps between boxes, never inside one ('[' at one line's end)."""
    from textual.content import Content

    from designer.tui.widgets.card import wrap_keeping_boxes

    line = Content.assemble(("HP: ", "bold"), "Ash Crawler " + " ".join(["[ ]"] * 14))
    for width in (12, 21, 30, 34):
        lines = [piece.plain for piece in wrap_keeping_boxes(line, width)]
        assert all(len(text) <= width for text in lines), width
        assert " ".join(lines) == line.plain
        assert all(text.count("[") == text.count("]") for text in lines)
    assert [p.plain for p in wrap_keeping_boxes(line, 30)] == [
        "HP: Ash Crawler [ ] [ ] [ ]", "[ ] [ ] [ ] [ ] [ ] [ ] [ ]", "[ ] [ ] [ ] [ ]"]
    assert wrap_keeping_boxes(line, 30)[0].spans[0].style == "bold"  # styles kept
    assert [p.plain for p in wrap_keeping_boxes(Content("x" * 25 + " yy"), 10)] == [
        "x" * 10, "x" * 10, "xxxxx yy"]


async def test_a_finding_that_comes_and_goes_keeps_the_step_findings_height():
    """Open Fire's models step: a second Scrap Boss adds a finding, one takes it away.
    The step's findings keep the height they grew to, the lines left blank, so stepping
    the count to and fro lays nothing out."""
    app = build_app(unit_path=examples_dir("openfire") / "units" / "scrap-pickers.yaml",
                    start="edit")
    async with app.run_test(size=(120, 40)) as pilot:
        await settled(pilot)
        await pilot.press("alt+2")
        await settled(pilot)
        findings = app.screen.editor.query_one(".step-issues", Findings)
        short = findings.region.height
        await pilot.press("right")  # two bosses: a finding more
        await settled(pilot)
        tall = findings.region.height
        assert tall > short
        screen = app.screen
        layouts: list[object] = []
        screen.screen_layout_refresh_signal.subscribe(screen, layouts.append)
        seen = []
        for key in ("left", "right", "left"):
            await pilot.press(key)
            await settled(pilot)
            seen.append(("convoy" in findings.render().plain, findings.region.height))
        assert seen == [(False, tall), (True, tall), (False, tall)]
        assert layouts == []
