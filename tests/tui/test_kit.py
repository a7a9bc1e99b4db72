"""The editor kit on its own: bound fields post the edit they make, the picker keeps its
highlight and puts changed prompts in place, a new search highlights its best match, the
rows of what was chosen are kept when only their text changes, a form says what it
lacks; and the help's lines for keys come from the bindings."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static
from textual.widgets.option_list import Option

from designer.systems import system
from designer.tui.editors.base import EditUnit, View
from designer.tui.editors.kit.fields import (
    ChoiceField,
    ChosenRow,
    EditButton,
    NumberField,
    TextLine,
    at,
)
from designer.tui.editors.kit.form import Form
from designer.tui.editors.kit.keys import binding_rows, field_rows, step_rows
from designer.tui.editors.kit.picker import Picker, heading
from designer.tui.editors.kit.rows import Rows
from designer.tui.screens.help import keys_for
from designer.tui.widgets.fields import FieldButton, Row
from designer.tui.widgets.text import TextField


def view_of(unit: dict[str, Any]) -> View:
    return View(system("opentactics"), None, SimpleNamespace(unit=unit))  # type: ignore[arg-type]


# --- the help's lines, from the bindings ----------------------------------------------------


def test_bindings_that_do_one_thing_make_one_line_with_the_keys_the_settings_give():
    rows = binding_rows([Binding("left,minus", "change(-1)", "Less", tooltip="one less"),
                         Binding("delete,x", "remove", "Remove", id="remove"),
                         Binding("backspace", "erase", "Erase", key_display="⌫ back")],
                        keymap={"remove": "f9"})
    assert rows == (("←  -", "one less"), ("f9", "Remove"), ("⌫ back", "Erase"))
    steps = [Binding(str(n), f"goto({n})", f"Step {n}", tooltip="go to a step")
             for n in (1, 2, 3)]
    assert binding_rows(steps) == (("1 … 3", "go to a step"),)


def test_the_fields_keys_are_listed_once_each_shared_ones_without_their_kind():
    rows = field_rows()
    assert rows.count(("delete  x", "remove it (a chosen entry, a bump)")) == 1
    assert rows.count(("0 … 9", "type the number (1 then 0 makes 10)")) == 1
    assert ("↓  tab", "rows of numbers: the row below") in rows
    assert ("→  space", "choice: the next choice (or type the first letters of one)") in rows
    assert ("enter", "list: add or choose the highlighted entry (typing seeks one)") in rows


def test_each_step_lists_the_keys_its_own_editor_binds():
    rows = step_rows(system("opentactics"))
    at_abilities = [r[0] for r in rows].index("6 Abilities")
    assert rows[at_abilities + 1] == ("  c", "an ability of your own")
    assert not rows[at_abilities + 2][0].startswith("  ")  # the next step
    fire = step_rows(system("openfire"))
    assert ("  enter", "a weapon of your own into the form (on its row)") in fire


def test_the_designer_keys_follow_the_keymap_and_what_the_system_offers():
    keys = dict(keys_for(system("opentactics"), formats=("pdf", "md"),
                         keymap={"save": "f10"}))
    designer = keys["Unit designer"]
    assert designer[0] == ("f10", "save (a design held inside a force saves the force)")
    assert ("ctrl+e", "export: pdf or md") in designer
    assert ("1 … 8", "go to a step (when the focus is not on a number or text field)") \
        in designer
    assert any(key == "f5" for key, _ in designer)
    sheet = dict(keys_for(system("tactics")))[f"{system('tactics').UNIT_WORD.title()} designer"]
    assert not any(key == "f5" for key, _ in sheet)  # TACTICS has no matchups
    assert ("1 … 6", "go to a step (when the focus is not on a number or text field)") \
        in sheet


def test_the_forces_keys_name_the_entries_own_fields():
    """l names every field a system's entries keep, s the first choice among them."""
    encounter = dict(dict(keys_for(system("tactics")))["Forces"])
    assert encounter["l"] == "the highlighted entry's label, note and side"
    assert encounter["s"] == "the highlighted sheet's side: the next one"
    force = dict(dict(keys_for(system("opentactics")))["Forces"])
    assert force["l"] == "the highlighted entry's label and note" and "s" not in force
    assert force["tab"] == ("the force's name and its points cap (0 = none); from the "
                            "table, the force's structure and problems (↑ ↓ scroll them)")


# --- the widgets ------------------------------------------------------------------------------


class Bench(App):
    """One kit widget at a time, with the edits it asks for applied to a dict."""

    def __init__(self, make: Any) -> None:
        super().__init__()
        self.make = make  # the widgets, made in the app
        self.unit: dict[str, Any] = {"n": 3, "notes": "old"}
        self.focus_after: list[str | None] = []

    def compose(self) -> ComposeResult:
        yield from self.make()

    @on(EditUnit)
    def edited(self, message: EditUnit) -> None:
        self.unit = message.change(self.unit)
        self.focus_after.append(message.focus)


class Watching(Vertical):
    """A container that notes each edit that passes through it on its way up."""

    def __init__(self, *children: Any) -> None:
        super().__init__(*children)
        self.seen: list[str | None] = []

    @on(EditUnit)
    def passing(self, message: EditUnit) -> None:
        self.seen.append(message.focus)


@pytest.mark.tui
async def test_a_press_and_a_number_post_their_edit_straight_to_the_screen():
    """A press's edit and a number's go to the screen at once, not up through each
    container around the field (each was a task switch before the edit); a choice's,
    which shows its change itself, bubbles up, its change painted meanwhile."""
    def set_n(unit: dict, value: int) -> dict:
        return {**unit, "n": value}

    view = view_of({"n": 3, "notes": "old", "pick": "a"})
    app = Bench(lambda: [Watching(
        EditButton("+ add", at(set_n, 9), focus="after-press", id="b"),
        NumberField(view, "N", lambda v: v.unit["n"], set_n, focus="after-number", id="n"),
        ChoiceField(view, "C", [("a", "A"), ("b", "B")], lambda v: v.unit["pick"],
                    lambda unit, pick: {**unit, "pick": pick}, focus="after-choice",
                    id="c"))])
    async with app.run_test() as pilot:
        app.query_one("#b").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert app.unit["n"] == 9 and app.focus_after == ["after-press"]
        app.query_one("#n").focus()
        await pilot.press("right")
        await pilot.pause()
        assert app.unit["n"] == 4 and app.focus_after == ["after-press", "after-number"]
        app.query_one("#c").focus()
        await pilot.press("right")
        await pilot.pause()
        assert app.unit["pick"] == "b" and app.focus_after[-1] == "after-choice"
        assert app.query_one(Watching).seen == ["after-choice"]


@pytest.mark.tui
async def test_bound_fields_show_the_view_and_post_the_edit_they_make():
    def set_n(unit: dict, value: int) -> dict:
        return {**unit, "n": value}

    view = view_of({"n": 3, "notes": "old"})
    app = Bench(lambda: [
        NumberField(view, "N", lambda v: v.unit["n"], set_n, id="n",
                    note=lambda v, value: f"{value} of 9", remove=at(set_n, 0),
                    remove_focus="notes"),
        TextLine(view, lambda v: v.unit["notes"], lambda unit, text: {**unit, "notes": text},
                 id="notes")])
    async with app.run_test() as pilot:
        number, notes = app.query_one(NumberField), app.query_one(TextLine)
        assert (number.value, number.note, notes.value) == (3, "3 of 9", "old")
        number.focus()
        await pilot.press("right")
        await pilot.pause()
        assert app.unit["n"] == 4
        number.show_view(view_of({"n": 7, "notes": "new"}))
        assert (number.value, number.note) == (7, "7 of 9")
        await pilot.press("delete")
        await pilot.pause()
        assert app.unit["n"] == 0 and app.focus_after[-1] == "notes"
        notes.focus()
        await pilot.press("end", "!")
        await pilot.pause()
        assert app.unit["notes"] == "old!"
        notes.show_view(view_of({"n": 0, "notes": "from undo"}))
        assert notes.value == "old!"  # being typed in: what the user typed stands
        notes.show_view(View(view.game, None, SimpleNamespace(unit={"notes": "redo"}),  # type: ignore[arg-type]
                             external=True))
        assert notes.value == "redo"


class Catalog:
    """What a picker is given: its options for a search, their detail, what was picked."""

    def __init__(self) -> None:
        self.names = ["Alder", "Birch", "Cedar"]
        self.marks: dict[str, str] = {}
        self.picked: list[str] = []

    def options(self, search: str) -> list[Option]:
        found = [n for n in self.names if search.casefold() in n.casefold()]
        return [heading("Trees", "trees")] * bool(found) + [
            Option(Content(f"{n}{self.marks.get(n, '')}"), id=n) for n in found]

    def detail(self, option_id: str) -> Content:
        return Content(f"about {option_id}")


@pytest.mark.tui
async def test_the_picker_keeps_its_highlight_and_a_new_search_starts_at_its_best_match():
    trees = Catalog()
    app = Bench(lambda: [Picker("tree-list", search="Search trees", search_id="tree-search",
                                options=trees.options, detail=trees.detail,
                                pick=trees.picked.append)])
    async with app.run_test() as pilot:
        picker = app.query_one(Picker)
        listing = picker.listing
        detail = app.query_one("#tree-list-detail", Static)
        assert listing.highlighted == 1  # the first entry, not the heading
        assert str(detail.render()) == "about Alder"
        listing.focus()
        await pilot.press("down", "enter")
        assert trees.picked == ["Birch"]
        trees.marks["Birch"] = " (taken)"
        alder = listing.get_option_at_index(1)
        picker.refill()  # the same entries: the changed prompt in place, the highlight kept
        assert listing.get_option_at_index(1) is alder  # not filled again
        assert listing.highlighted == 2
        assert listing.get_option_at_index(2).prompt.plain == "Birch (taken)"
        app.query_one("#tree-search", TextField).focus()
        await pilot.press("e", "d")
        await pilot.pause()
        assert [listing.get_option_at_index(i).id for i in range(listing.option_count)] == \
            ["head-trees", "Cedar"]
        assert listing.highlighted == 1 and str(detail.render()) == "about Cedar"
        listing.focus()
        await pilot.press("up", "enter")  # a heading is never picked
        assert trees.picked == ["Birch"]
        await pilot.press("x")  # typed on the list: into its search box, nothing matches
        await pilot.pause()
        assert app.query_one("#tree-search", TextField).value == "edx"
        assert listing.option_count == 0
        assert str(detail.render()) == "Nothing matches the search."


@pytest.mark.tui
async def test_rows_are_kept_when_only_their_text_changes():
    app = Bench(lambda: [Rows()])
    async with app.run_test() as pilot:
        rows = app.query_one(Rows)
        await rows.show([ChosenRow("Alder", id="row-0"), Static("a hint")])
        first = list(rows.children)
        await rows.show([ChosenRow("Alder 2 pts", id="row-0"), Static("another hint")])
        kept = list(rows.children)
        assert kept == first  # the same widgets: nothing mounted again
        assert str(kept[0].render()) == "Alder 2 pts"
        assert str(kept[1].render()) == "another hint"
        await rows.show([ChosenRow("Birch", id="row-1")])
        assert [w.id for w in rows.children] == ["row-1"]
        assert isinstance(rows.children[0], Row)
        await pilot.pause()


@pytest.mark.tui
async def test_rows_mount_or_remove_only_the_rows_that_came_or_went():
    def rows_of(*names: str) -> list[Any]:
        return [Static("head", classes="group"),
                *[ChosenRow(n, id=f"row-{n}") for n in names], Static("foot", classes="hint")]

    app = Bench(lambda: [Rows()])
    async with app.run_test() as pilot:
        rows = app.query_one(Rows)
        await rows.show(rows_of("a", "b"))
        before = list(rows.children)
        await rows.show(rows_of("a", "b", "c"))  # one added before the last
        after = list(rows.children)
        assert [w.id for w in after] == [None, "row-a", "row-b", "row-c", None]
        assert after[:3] == before[:3] and after[4] is before[3]  # the rest kept
        await rows.show(rows_of("a", "c"))  # one taken from the middle
        assert list(rows.children) == [after[0], after[1], after[3], after[4]]
        # a row of another class is not kept in place of one of the same kind and id
        await rows.show([Static("head", classes="hint"), *rows_of("a", "c")[1:]])
        assert rows.children[0] is not after[0] and rows.children[0].has_class("hint")
        await pilot.pause()


@pytest.mark.tui
async def test_a_form_says_what_it_lacks_and_empties_its_texts_once_sent():
    sent: list[dict] = []

    class FormBench(App):
        def compose(self) -> ComposeResult:
            with Form(lambda values: sent.append(values) or True, sends=("what",),
                      required={"name": "Give it a name first."}):
                yield TextField(id="name")
                yield TextField(id="what")
                yield FieldButton("Add", id="add")

    app = FormBench()
    async with app.run_test() as pilot:
        app.query_one("#add").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert sent == [] and app.focused.id == "name"
        assert [n.message for n in app._notifications] == ["Give it a name first."]
        await pilot.press(*" Oak ", "enter")
        assert app.focused.id == "what"  # enter on a text not sending moves on
        await pilot.press(*"shade", "enter")
        await pilot.pause()
        assert sent == [{"name": "Oak", "what": "shade"}]
        assert app.query_one("#name", TextField).value == ""


@pytest.mark.tui
async def test_every_kit_widget_shows_a_hostile_name_as_written():
    """A name with markup, escape sequences, NUL and an override, handed to each kit
    widget as plain text: each shows it as written and sends no control character."""
    from designer.tui.editors.kit.fields import Toggle, line
    from designer.tui.literal import assembled
    from designer.tui.widgets.shown import muted
    from tests.tui.test_hostile_names import HOSTILE, SHOWN, assert_shown

    view = view_of({"n": 3, "pick": "a"})

    def options(search: str) -> list[Option]:
        return [heading(f"H {HOSTILE}", "h"), Option(f"O {HOSTILE}", id="o"),
                Option(assembled(("A ", "bold"), (HOSTILE, "bold"), " ", muted(HOSTILE)),
                       id="a")]

    def widgets() -> ComposeResult:
        yield Picker("names", options=options, pick=lambda _: None,
                     detail=lambda option_id: assembled(("D ", "bold"), HOSTILE))
        yield ChosenRow(f"R {HOSTILE}", id="row")
        yield NumberField(view, f"N {HOSTILE}", lambda v: v.unit["n"],
                          note=lambda v, n: HOSTILE)
        yield ChoiceField(view, f"C {HOSTILE}", [("a", f"V {HOSTILE}")],
                          lambda v: v.unit["pick"])
        yield Toggle(view, f"T {HOSTILE}", lambda v: True, lambda unit, on: unit)
        yield EditButton(f"B {HOSTILE}", lambda unit: unit)
        yield from line(f"L {HOSTILE}", Static("field"))

    class Tall(Bench):  # each widget as high as its lines (the editors' stylesheet's)
        CSS = "Screen > * { height: auto; } Spinner, Cycle, Row { height: 1; }"

    app = Tall(widgets)
    async with app.run_test(size=(200, 40)) as pilot:
        await pilot.pause()
        app.query_one(Picker).listing.highlighted = 2
        await pilot.pause()
        assert_shown(app, *(f"{mark} {SHOWN}"[:40] for mark in "HOADRNCVTBL"))
        number = app.query_one(NumberField)
        number.show_view(view_of({"n": 4, "pick": "a"}))
        assert number.note == SHOWN


class Blocks(App):
    CSS = "#shared { height: 8; } #shared .tall { height: 1fr; } Rows Static { height: auto; }"

    def compose(self) -> ComposeResult:
        yield Rows(Static("one"), Static("two\nlines"), Static("three"), id="own")
        yield Rows(Static("one"), Static("share", classes="tall"), id="shared")


@pytest.mark.tui
async def test_rows_stand_as_tall_as_they_are_and_a_share_takes_the_rest():
    """A block of rows is placed as at no height (its rows are as tall as they are); a
    row that takes a share of the block's height is placed at the block's height."""
    app = Blocks()
    async with app.run_test(size=(30, 20)) as pilot:
        await pilot.pause()
        own = app.query_one("#own", Rows)
        assert [row.region.height for row in own.children] == [1, 2, 1]
        assert own.region.height == 4
        shared = app.query_one("#shared", Rows)
        assert [row.region.height for row in shared.children] == [1, 7]
