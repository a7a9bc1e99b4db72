"""The searched picker: a search box, the list it filters, and the detail of the entry
highlighted; enter picks it. What a step adds from its catalog (Skills, items, rules,
abilities, upgrades) or chooses (a rank, a Form) is picked this way.

The editor gives the options for a search, the detail of an option and what picking one
does; `StepEditor.sync` fills the picker again after each edit. A fill that leaves the
same entries only puts the prompts that changed in place (no layout pass), a new search
highlights its best match, and otherwise the highlight stays on its entry.

An option's text is a catalog's or the unit's (a house-rules catalog is the user's own):
the editor makes its prompt with `designer.tui.literal.assembled` (each name as written)
and the picker shows a plain-text prompt or heading as written itself."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from designer.tui.literal import literal
from designer.tui.widgets.drawn import drawn
from designer.tui.widgets.lists import MovingList
from designer.tui.widgets.shown import DetailText, muted
from designer.tui.widgets.text import SearchField

#: the id prefix of a heading between the entries (highlighted, never picked)
HEAD = "head-"


def heading(text: str | Content, key: str) -> Option:
    """A heading option between the entries of a list (a kind of item, a category)."""
    return Option(literal(text, style="bold") if isinstance(text, str) else text,
                  id=f"{HEAD}{key}")


def as_written(option: Option) -> Option:
    """`option` with a plain-text prompt shown as written (never read as markup), its
    drawing kept: a search fills the list anew at each key, with entries drawn before."""
    prompt = option.prompt
    if isinstance(prompt, str):
        prompt = literal(prompt)
    if not isinstance(prompt, Content):
        return option
    return Option(drawn(prompt), id=option.id, disabled=option.disabled)


def pickable(option: Option) -> bool:
    return option.id is not None and not option.disabled and not option.id.startswith(HEAD)


def shape(option: Option) -> tuple[Any, ...]:
    """What an option shows: two options of one shape look the same."""
    prompt = option.prompt
    text = (prompt.plain, prompt.spans) if isinstance(prompt, Content) else (str(prompt), ())
    return option.id, option.disabled, text


class Picker(Vertical):
    """A list to pick from (`options(search)`), with a search box above it (`search`
    gives its placeholder) and the highlighted entry's `detail` below it; enter calls
    `pick` with the entry's id. `chosen()` names the entry to highlight when the one
    highlighted is gone (a step that chooses one: the chosen one)."""

    DEFAULT_CSS = "Picker { height: auto; }"

    def __init__(self, list_id: str, *, options: Callable[[str], list[Option]],
                 pick: Callable[[str], None], detail: Callable[[str], Content] | None = None,
                 search: str | None = None, search_id: str | None = None,
                 empty: str = "Nothing matches the search.",
                 chosen: Callable[[], str | None] | None = None,
                 list_classes: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.list_id, self.search_id, self.placeholder = list_id, search_id, search
        self.given, self.pick, self.detail = options, pick, detail
        self.empty, self.chosen, self.list_classes = empty, chosen, list_classes
        self._shown: tuple[tuple[Any, ...], ...] | None = None
        self._search = ""

    def options(self, search: str) -> list[Option]:
        """The options for `search`, each shown as written."""
        return [as_written(o) for o in self.given(search)]

    def compose(self) -> ComposeResult:
        if self.placeholder is not None:
            yield SearchField(self.list_id, placeholder=self.placeholder, id=self.search_id,
                              compact=True, classes="picker-search")
        options = self.options("")  # a new search box is empty
        self._shown = tuple(shape(o) for o in options)
        listing = MovingList(*options, id=self.list_id, classes=self.list_classes)
        self.highlight(listing, options, None)
        yield listing
        if self.detail is not None:
            yield DetailText(id=f"{self.list_id}-detail", classes="hint picker-detail")

    @property
    def listing(self) -> MovingList:
        return self.query_one(f"#{self.list_id}", MovingList)

    @property
    def search_text(self) -> str:
        if self.placeholder is None:
            return ""
        return self.query_one(SearchField).value.strip()

    def refill(self, *, restart: bool = False) -> None:
        """Fill the list for the search and the unit as they are; `restart` highlights
        the first entry (another entry of the unit is added to)."""
        search = self.search_text
        options = self.options(search)
        shown = tuple(shape(o) for o in options)
        listing = self.listing
        if not search:
            self.keep_rows(listing, len(options))
        if shown != self._shown or restart:
            old, self._shown = self._shown or (), shown
            searched, self._search = search != self._search, search
            if not (searched or restart) and [s[:2] for s in old] == [s[:2] for s in shown]:
                for n, (was, now) in enumerate(zip(old, shown, strict=True)):
                    if was != now:  # the same entries, a mark or a price moved
                        listing.replace_option_prompt_at_index(n, options[n].prompt)
            else:
                option = listing.highlighted_option
                kept = option.id if option is not None and not (searched or restart) \
                    else None
                bar = listing.show_vertical_scrollbar
                listing.set_options(options)
                self.highlight(listing, options, kept)
                if listing.styles.auto_dimensions or listing.show_vertical_scrollbar != bar:
                    # its height or its scroll bar changed: laid out in this keypress's
                    # paint, not a frame later when the list reports in
                    self.screen.refresh(repaint=False, layout=True)
        self.show_detail()

    def on_mount(self) -> None:
        if not self.search_text:
            self.keep_rows(self.listing, self.listing.option_count)

    @staticmethod
    def keep_rows(listing: MovingList, count: int) -> None:
        """A list whose entries fill the rows it may take keeps those rows while a search
        narrows it: what is below it stays in place as the user types, and a key redraws
        the list and its detail alone, not every field below them."""
        most = listing.styles.max_height
        listing.set_class(most is not None and count >= most.value, "-full")

    def highlight(self, listing: MovingList, options: list[Option], kept: str | None) -> None:
        """The entry highlighted before, else the chosen one, else the first entry."""
        ids = [o.id for o in options]
        if kept not in ids and self.chosen is not None:
            kept = self.chosen()
        if kept in ids:
            listing.highlighted = ids.index(kept)
        elif options:
            listing.highlighted = next((n for n, o in enumerate(options) if pickable(o)), 0)

    def show_detail(self) -> None:
        if self.detail is None:
            return
        listing = self.listing
        option = listing.highlighted_option
        if option is None or not option.id:
            shown = muted(self.empty) if listing.option_count == 0 else Content("")
        else:
            shown = self.detail(option.id)
        self.query_one(DetailText).show(shown)

    @on(SearchField.Changed)
    def _searched(self, event: SearchField.Changed) -> None:
        event.stop()
        self.refill()

    @on(OptionList.OptionHighlighted)
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.show_detail()

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if pickable(event.option) and event.option.id:
            self.pick(event.option.id)
