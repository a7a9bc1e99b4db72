"""The catalog browser: the game system's catalog sections (abilities, equipment, ...),
one tab each, searchable the way `designer catalog --search` is, with each entry's full
detail and the section's notes."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import OptionList, Static, TabbedContent, TabPane
from textual.widgets.option_list import Option

from designer.escaping import printable
from designer.search import matches
from designer.systems import CatalogRow, CatalogSection, GameSystem
from designer.tui.frame import LeanScreen
from designer.tui.literal import literal
from designer.tui.widgets.footer import KeyFooter
from designer.tui.widgets.header import TitleHeader
from designer.tui.widgets.lists import MovingList
from designer.tui.widgets.text import SearchField

#: a column whose cells are all this short is shown in the list; longer ones (effects,
#: notes) only in the detail pane
LIST_COLUMN = 24


def tab_label(section: CatalogSection) -> str:
    """'Abilities' from 'Abilities (step six)'."""
    return section.title.split(" (", 1)[0]


def and_list(words: list[str]) -> str:
    return f"{', '.join(words[:-1])} and {words[-1]}" if len(words) > 1 else "".join(words)


def list_widths(section: CatalogSection) -> list[tuple[int, int]]:
    """(column, width) of the columns the list shows: the first, and every short one."""
    out = []
    for i in range(len(section.columns)):
        width = max((len(row.cells[i]) for row in section.rows if i < len(row.cells)),
                    default=0)
        if i == 0 or width <= LIST_COLUMN:
            out.append((i, width))
    return out


def prompt(row: CatalogRow, widths: list[tuple[int, int]]) -> Content:
    parts: list[str | Content | tuple[str, str]] = []
    last = len(widths) - 1
    for n, (i, width) in enumerate(widths):
        cell = printable(row.cells[i]) if i < len(row.cells) else ""
        text = cell if n == last else cell.ljust(width + 2)
        parts.append((text, "bold") if n == 0 else text)
    return Content.assemble(*parts)


class BrowserScreen(LeanScreen):
    CSS_PATH = "browser.tcss"
    BINDINGS = [("escape", "app.back", "Back")]

    class Picked(Message):
        """An entry was picked (enter): the app adds it to the unit being designed."""

        def __init__(self, section: str, name: str) -> None:
            super().__init__()
            self.section = section
            self.name = name

    #: the unit that enter adds a picked entry to (set by the app), or None
    target: reactive[str | None] = reactive(None)

    def __init__(self, game: GameSystem, catalog: object | None = None) -> None:
        super().__init__()
        self.game = game
        self.catalog = catalog if catalog is not None else game.bundled_catalog()
        self.sections = {s.key: s for s in game.catalog_sections(self.catalog)}
        self.widths = {key: list_widths(s) for key, s in self.sections.items()}
        self.shown: dict[str, list[CatalogRow]] = {}

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        with TabbedContent(id="sections"):
            for key, section in self.sections.items():
                with TabPane(tab_label(section), id=f"tab-{key}"):
                    yield SearchField(f"list-{key}",
                                      placeholder=f"Search {tab_label(section).lower()}",
                                      id=f"search-{key}", compact=True)
                    with Horizontal(classes="browse"):
                        yield MovingList(id=f"list-{key}", classes="browse-list")
                        with VerticalScroll(classes="detail", can_focus=False):
                            yield Static(id=f"detail-{key}")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.title = "Catalog"
        self.sub_title = and_list([tab_label(s).lower() for s in self.sections.values()])
        for key in self.sections:
            self.fill(key)
        if self.sections:
            self.query_one(f"#search-{next(iter(self.sections))}").focus()

    def rows(self, key: str, search: str) -> list[CatalogRow]:
        """The section's rows that the search matches (in their cells or search texts)."""
        return [row for row in self.sections[key].rows
                if matches(search, (*row.cells, *row.search))]

    def fill(self, key: str) -> None:
        search = self.query_one(f"#search-{key}", SearchField).value.strip()
        listing = self.query_one(f"#list-{key}", MovingList)
        rows = self.shown[key] = self.rows(key, search)
        widths = self.widths[key]
        listing.set_options([Option(prompt(row, widths), id=str(n))
                             for n, row in enumerate(rows)])
        if listing.option_count:
            listing.highlighted = 0
        self.show_detail(key)

    def show_detail(self, key: str) -> None:
        listing = self.query_one(f"#list-{key}", MovingList)
        detail = self.query_one(f"#detail-{key}", Static)
        option = listing.highlighted_option
        notes = [Content.styled(note, "$foreground-muted") for note in self.sections[key].notes]
        if option is None:
            detail.update(Content("\n\n").join(
                [Content.styled("Nothing matches the search.", "$foreground-muted"), *notes]))
            return
        row = self.shown[key][int(option.id or 0)]
        parts = [literal(row.name, style="bold $accent")]
        if row.detail:  # a catalog's text: a house-rules catalog is the user's own
            parts.append(literal(row.detail, keep_lines=True))
        if self.target:
            parts.append(Content.styled(f"\nenter adds it to {printable(self.target)}",
                                        "italic $foreground-muted"))
        detail.update(Content("\n").join(parts) + (Content("\n\n") + Content("\n").join(notes)
                                                   if notes else Content("")))

    @on(SearchField.Changed)
    def searched(self, event: SearchField.Changed) -> None:
        event.stop()
        self.fill((event.input.id or "").split("-", 1)[1])

    def show_entry(self, key: str, name: str) -> None:
        """Bring up the section `key` searched for the entry `name`, highlighted."""
        if key not in self.sections:
            return
        self.query_one(TabbedContent).active = f"tab-{key}"
        field = self.query_one(f"#search-{key}", SearchField)
        with field.prevent(SearchField.Changed):
            field.value = name
        self.fill(key)
        listing = self.query_one(f"#list-{key}", MovingList)
        for n, row in enumerate(self.shown[key]):
            if row.name == name:
                listing.highlighted = n
                break
        listing.focus()

    def watch_target(self) -> None:
        if self.is_mounted:
            for key in self.sections:
                self.show_detail(key)

    @on(OptionList.OptionSelected)
    def picked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        key = (event.option_list.id or "").split("-", 1)[1]
        row = self.shown[key][int(event.option.id or 0)]
        self.post_message(self.Picked(key, row.name))

    @on(OptionList.OptionHighlighted)
    def highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.show_detail((event.option_list.id or "").split("-", 1)[1])

    @on(TabbedContent.TabActivated)
    def tab(self, event: TabbedContent.TabActivated) -> None:
        key = (event.pane.id or "").split("-", 1)[1]
        self.query_one(f"#search-{key}").focus()
