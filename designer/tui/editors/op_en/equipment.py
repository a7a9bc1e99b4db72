"""Op-En step seven: what the character carries within its slots (3 weapons, 1 armour,
1 shield, 3 items, 3 consumables), each item's prerequisites against the final stats,
its price now, and the Unarmed attack when no weapon is carried."""

from __future__ import annotations

from collections.abc import Hashable

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from designer.escaping import printable
from designer.search import matches
from designer.systems import Step
from designer.systems.op_en import edits
from designer.systems.op_en.catalog import KINDS, Item
from designer.systems.op_en.cost import Final, Picked
from designer.tui.editors.base import View
from designer.tui.editors.op_en.common import (
    ABBREVIATIONS,
    SearchedListEditor,
    cost_text,
    muted,
    now_text,
    ranks_text,
)
from designer.tui.widgets.fields import Row
from designer.tui.widgets.lists import MovingList
from designer.tui.widgets.shown import DetailText, set_content
from designer.tui.widgets.text import SearchField

PLURALS = {"weapon": "Weapons", "armour": "Armour", "shield": "Shields", "item": "Items",
           "consumable": "Consumables"}


def short_ranks(ranks: tuple[int, ...]) -> str:
    """'R3-4' for ranks 3 and 4, 'R2/4' for 2 and 4."""
    ordered = sorted(ranks)
    if len(ordered) > 1 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"R{ordered[0]}-{ordered[-1]}"
    return "R" + "/".join(map(str, ordered))


def unmet(item: Item, final: Final) -> list[str]:
    """The prerequisites `item` lacks, shortly: 'R3-4', 'SHT8+', a talent."""
    out = []
    if item.ranks and (final.rank is None or final.rank.rank not in item.ranks):
        out.append(short_ranks(item.ranks))
    for stat, least in item.requires.minimums().items():
        if final.value(stat) < least:
            out.append(f"{ABBREVIATIONS[stat]}{least}+")
    talents = {p.name.casefold() for p in final.talents}
    out += [n for n in (*item.requires.skills, *item.requires.abilities)
            if n.casefold() not in talents]
    return out


def short_needs(item: Item) -> list[str]:
    """Every prerequisite of `item`, shortly: 'R3-4', 'SHT8+'."""
    out = [short_ranks(item.ranks)] if item.ranks else []
    out += [f"{ABBREVIATIONS[s]}{v}+" for s, v in item.requires.minimums().items()]
    return [*out, *item.requires.skills, *item.requires.abilities]


def needs(item: Item) -> list[str]:
    """Every prerequisite of `item`, in words."""
    out = [f"Rank {ranks_text(item.ranks)}"] if item.ranks else []
    out += [f"{s.title()} {v}+" for s, v in item.requires.minimums().items()]
    return [*out, *item.requires.skills, *item.requires.abilities]


def carried_row(picked: Picked, width: int) -> Content:
    return Content.assemble((printable(picked.name).ljust(width), "bold"), " ",
                            muted(picked.how.ljust(9)), f" {picked.price:>2} pts")


class EquipmentEditor(SearchedListEditor):
    SEARCH_ID = ENTRY_FIELD = "item-search"
    LIST_ID = "item-list"

    def __init__(self, view: View, step: Step, *, id: str | None = None) -> None:
        super().__init__(view, step, id=id)
        self._carried_key: Hashable = None
        self._list_key: Hashable = None

    def compose_fields(self) -> ComposeResult:
        yield Static(id="slots", classes="group")
        yield Vertical(id="carried")
        yield Static(id="unarmed", classes="hint")
        yield from self.compose_search("Search equipment")
        yield DetailText(id="item-detail", classes="hint")

    async def update_fields(self, view: View) -> None:
        final, catalog = view.final, view.catalog
        slots = edits.slots(final, catalog)
        counters = [f"{PLURALS[kind]} {n}/{most}" for kind, (n, most) in slots.items()]
        set_content(self.query_one("#slots", Static), Content(
            " · ".join(counters[:3]) + "\n" + " · ".join(counters[3:])))
        key = tuple((p.field, p.name) for p in final.items)
        carried = self.query_one("#carried", Vertical)
        if key != self._carried_key:
            self._carried_key = key
            await carried.remove_children()
            await carried.mount_all(self._carried_rows(view))
        else:
            width = max((len(p.name) for p in final.items), default=0)
            for row, picked in zip(carried.query(Row), final.items, strict=False):
                row.text = carried_row(picked, width)
        unarmed = self.query_one("#unarmed", Static)
        if final.weapons:
            unarmed.display = False
        else:
            fist = catalog.unarmed
            unarmed.display = True
            set_content(unarmed, muted(f"No weapon: fights {fist.name} ({fist.attack}, "
                                       f"damage {fist.base_damage}, 0 pts)."))
        self.fill_list(view)

    def _carried_rows(self, view: View) -> list[Widget]:
        items = view.final.items
        if not items:
            return [Static(muted("Nothing carried yet: pick from the list below."),
                           classes="hint")]
        width = max(len(p.name) for p in items)
        return [Row(carried_row(p, width), key=n, id=f"carried-{n}", classes="carried-row")
                for n, p in enumerate(items)]

    def fill_list(self, view: View) -> None:
        catalog, final = view.catalog, view.final
        search = self.query_one("#item-search", SearchField).value.strip()
        slots = edits.slots(final, catalog)
        key = (search, tuple(slots.items()), tuple(final.stats.items()),
               final.rank.rank if final.rank else None,
               frozenset(p.name.casefold() for p in (*final.talents, *final.items)))
        if key == self._list_key:
            return
        self._list_key = key
        listing = self.query_one("#item-list", MovingList)
        highlighted = listing.highlighted_option.id if listing.highlighted_option else None
        width = max((len(i.name) for i in catalog.equipment), default=0)
        carried = {p.name.casefold() for p in final.items}
        options: list[Option] = []
        for kind in KINDS:
            shown = [i for i in catalog.equipment if i.kind == kind and matches(
                search, (i.name, i.summary, i.profile))]
            if not shown:
                continue
            n, most = slots[kind]
            options.append(Option(Content.assemble((PLURALS[kind], "bold"), muted(
                f"  {n} of {most}" + ("  full" if n >= most else ""))),
                id=f"head-{kind}"))
            for item in shown:
                lacking = unmet(item, final)
                if lacking:
                    flag = Content.styled("✗ " + " ".join(lacking), "$warning")
                elif item.once_per_of and item.name.casefold() in carried:
                    flag = muted("one per OF")
                elif short_needs(item):
                    flag = muted("✓ " + " ".join(short_needs(item)))
                else:
                    basis = cost_text(item.cost)
                    flag = muted("" if basis.isdigit() else basis)
                options.append(Option(Content.assemble(
                    (printable(item.name).ljust(width), "bold"),
                    f" {now_text(final, catalog, item.name):>2} pts ", flag),
                    id=f"item:{item.name}"))
        listing.set_options(options)
        ids = [o.id for o in options]
        if highlighted in ids:
            listing.highlighted = ids.index(highlighted)
        else:
            listing.highlighted = next((n for n, o in enumerate(options)
                                        if ":" in (o.id or "")), None)
        self.show_detail()

    def show_detail(self) -> None:
        listing = self.query_one("#item-list", MovingList)
        option = listing.highlighted_option
        detail = self.query_one("#item-detail", DetailText)
        item = self.view.catalog.item(option.id.split(":", 1)[1]) \
            if option is not None and option.id and ":" in option.id else None
        if option is not None and option.id and option.id.startswith("head-"):
            kind = option.id[5:]
            n, most = edits.slots(self.view.final, self.view.catalog)[kind]
            detail.show(muted(f"{PLURALS[kind]}: {n} of {most} carried."))
            return
        if item is None:
            detail.show(muted("Nothing matches the search.")
                        if listing.option_count == 0 else Content(""))
            return
        view = self.view
        basis = cost_text(item.cost)
        how = f"cost {basis}" if basis.isdigit() else f"cost = final {basis}"
        lines = [Content.assemble((printable(item.name), "bold"), f" · {how} · "
                                  f"{now_text(view.final, view.catalog, item.name)} now"),
                 muted(item.profile)]
        wanted = needs(item)
        if wanted:
            lacking = unmet(item, view.final)
            lines.append(Content.styled(
                "Needs " + ", ".join(wanted) + (": not met" if lacking else ": met"),
                "$warning" if lacking else "$foreground-muted"))
        if item.summary:
            lines.append(muted(item.summary))
        detail.show(Content("\n").join(lines))

    # edits
    @on(OptionList.OptionSelected, "#item-list")
    def add(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if not event.option.id or ":" not in event.option.id:
            return
        view = self.view
        item = view.catalog.item(event.option.id.split(":", 1)[1])
        if item is None:
            return
        n, most = edits.slots(view.final, view.catalog)[item.kind]
        if n >= most:
            self.notify(f"A character carries up to {most} {PLURALS[item.kind].lower()}; "
                        "remove one first (delete on a carried one).", severity="warning")
            return
        self.edit(edits.add_item, view.catalog, item.name, focus="item-list")

    @on(Row.Removed, ".carried-row")
    def remove(self, event: Row.Removed) -> None:
        event.stop()
        self.edit(edits.remove_item, event.row.key, focus="item-list")
