"""The catalog browser: abilities, equipment and types, searchable, with full detail."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static, TabbedContent, TabPane
from textual.widgets.option_list import Option

from designer.render import _type_cost
from designer.systems import bundled_catalog
from designer.tui.widgets.fields import MovingList, SearchField

SECTIONS = ("abilities", "equipment", "types")


def matches(search: str, *texts: str) -> bool:
    return not search or any(search in t.casefold() for t in texts)


class BrowserScreen(Screen):
    CSS_PATH = "browser.tcss"
    BINDINGS = [("escape", "app.back", "Back")]

    def __init__(self, catalog: Any | None = None) -> None:
        super().__init__()
        self.catalog = catalog or bundled_catalog()

    def compose(self) -> ComposeResult:
        yield Header()
        with TabbedContent(id="sections"):
            for section in SECTIONS:
                with TabPane(section.title(), id=f"tab-{section}"):
                    yield SearchField(f"list-{section}", placeholder=f"Search {section}",
                                      id=f"search-{section}", compact=True)
                    with Horizontal(classes="browse"):
                        yield MovingList(id=f"list-{section}", classes="browse-list")
                        with VerticalScroll(classes="detail", can_focus=False):
                            yield Static(id=f"detail-{section}")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.title = "Catalog"
        self.sub_title = "abilities, equipment and types"
        for section in SECTIONS:
            self.fill(section)
        self.query_one("#search-abilities").focus()

    def entries(self, section: str, search: str) -> list[tuple[str, Content]]:
        catalog = self.catalog
        out = []
        if section == "abilities":
            for a in catalog.abilities:
                if matches(search, a.name, a.summary, *a.aliases):
                    out.append((a.name, Content.assemble((a.label.ljust(22), "bold"),
                                                         a.formula.display)))
        elif section == "equipment":
            for item in catalog.equipment:
                if matches(search, item.name, item.kind, *item.effects):
                    out.append((item.name, Content.assemble((item.name.ljust(20), "bold"),
                                                            item.kind)))
        else:
            for t in catalog.types:
                if matches(search, t.name, t.category, t.summary):
                    out.append((t.name, Content.assemble((t.name.ljust(14), "bold"),
                                                         t.category)))
        return out

    def fill(self, section: str) -> None:
        search = self.query_one(f"#search-{section}", SearchField).value.strip().casefold()
        listing = self.query_one(f"#list-{section}", MovingList)
        listing.set_options([Option(prompt, id=name)
                             for name, prompt in self.entries(section, search)])
        if listing.option_count:
            listing.highlighted = 0
        self.show_detail(section)

    def show_detail(self, section: str) -> None:
        listing = self.query_one(f"#list-{section}", MovingList)
        detail = self.query_one(f"#detail-{section}", Static)
        option = listing.highlighted_option
        if option is None:
            detail.update(Content.styled("Nothing matches the search.", "$foreground-muted"))
            return
        detail.update(self.detail(section, option.id or ""))

    def detail(self, section: str, name: str) -> Content:
        catalog = self.catalog
        if section == "abilities":
            a = catalog.ability(name)
            lines = [Content.styled(a.name, "bold $accent"),
                     Content.assemble(("Cost ", "$foreground-muted"), a.formula.display)]
            if a.ranks:
                lines.append(Content.assemble(("Ranks ", "$foreground-muted"), a.ranks.label))
            if a.aliases:
                lines.append(Content.assemble(("Also spelt ", "$foreground-muted"),
                                              ", ".join(a.aliases)))
            offered = [i.name for i in catalog.equipment
                       if any(o.name == a.name for o in i.abilities)]
            if offered:
                lines.append(Content.assemble(("From equipment ", "$foreground-muted"),
                                              ", ".join(offered)))
            lines += [Content(""), Content(a.summary)]
        elif section == "equipment":
            item = catalog.item(name)
            lines = [Content.styled(item.name, "bold $accent"),
                     Content.assemble(("Kind ", "$foreground-muted"), item.kind), Content("")]
            lines += [Content(f"• {effect}") for effect in item.effects] or \
                [Content("• no effects")]
            if item.range is not None and item.range.max != item.range.min:
                lines += [Content(""), Content.styled(
                    f"Pick a range from {item.range.min} to {item.range.max} when carried.",
                    "$foreground-muted")]
            if item.bumps:
                lines.append(Content.styled(
                    "Its bumps go in as new bumps or onto an existing one (up to +4).",
                    "$foreground-muted"))
            lines.append(Content.styled(
                "Equipment costs nothing itself: its effects are priced.", "$foreground-muted"))
        else:
            t = catalog.type(name)
            lines = [Content.styled(t.name, "bold $accent"),
                     Content.assemble(("Category ", "$foreground-muted"), t.category),
                     Content.assemble(("Cost ", "$foreground-muted"),
                                      _type_cost(t, catalog.costs))]
            if t.summary:
                lines += [Content(""), Content(t.summary)]
        return Content("\n").join(lines)

    @on(SearchField.Changed)
    def searched(self, event: SearchField.Changed) -> None:
        event.stop()
        self.fill((event.input.id or "").split("-", 1)[1])

    @on(OptionList.OptionHighlighted)
    def highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.show_detail((event.option_list.id or "").split("-", 1)[1])

    @on(TabbedContent.TabActivated)
    def tab(self, event: TabbedContent.TabActivated) -> None:
        section = (event.pane.id or "").split("-", 1)[1]
        self.query_one(f"#search-{section}").focus()
