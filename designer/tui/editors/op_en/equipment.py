"""Op-En step seven: what the character carries within its slots (3 weapons, 1 armour,
1 shield, 3 items, 3 consumables), each item's prerequisites against the final stats,
its price now, and the Unarmed attack when no weapon is carried."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static
from textual.widgets.option_list import Option

from designer.search import matches
from designer.systems.op_en import edits
from designer.systems.op_en.catalog import KINDS, Item
from designer.systems.op_en.cost import Final, Picked
from designer.tui.editors.kit.fields import ChosenRow, at
from designer.tui.editors.kit.picker import HEAD, Picker, heading
from designer.tui.editors.kit.rows import Rows
from designer.tui.editors.op_en.common import (
    ABBREVIATIONS,
    OpEnEditor,
    OpEnView,
    cost_text,
    now_text,
    ranks_text,
)
from designer.tui.literal import assembled, literal
from designer.tui.widgets.shown import muted, set_content

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
    return assembled((picked.name.ljust(width), "bold"), " ", muted(picked.how.ljust(9)),
                     f" {picked.price:>2} pts")


class EquipmentEditor(OpEnEditor):
    ENTRY_FIELD = "item-search"

    def compose_fields(self) -> ComposeResult:
        yield Static(id="slots", classes="group")
        yield Rows(id="carried")
        yield Static(id="unarmed", classes="hint")
        yield Picker("item-list", search="Search equipment", search_id="item-search",
                     options=self._options, detail=self._detail, pick=self._add)

    async def update_fields(self, view: OpEnView) -> None:
        final, catalog = view.final, view.catalog
        slots = edits.slots(final, catalog)
        counters = [f"{PLURALS[kind]} {n}/{most}" for kind, (n, most) in slots.items()]
        set_content(self.query_one("#slots", Static), Content(
            " · ".join(counters[:3]) + "\n" + " · ".join(counters[3:])))
        await self.query_one("#carried", Rows).show(self._carried_rows(view))
        unarmed = self.query_one("#unarmed", Static)
        unarmed.display = not final.weapons
        if not final.weapons:
            fist = catalog.unarmed
            set_content(unarmed, muted(f"No weapon: fights {fist.name} ({fist.attack}, "
                                       f"damage {fist.base_damage}, 0 pts)."))

    def _carried_rows(self, view: OpEnView) -> list[Widget]:
        items = view.final.items
        if not items:
            return [Static(muted("Nothing carried yet: pick from the list below."),
                           classes="hint")]
        width = max(len(p.name) for p in items)
        return [ChosenRow(carried_row(p, width), remove=at(edits.remove_item, n),
                          focus="item-list", id=f"carried-{n}", classes="carried-row")
                for n, p in enumerate(items)]

    def _options(self, search: str) -> list[Option]:
        catalog, final = self.view.catalog, self.view.final
        slots = edits.slots(final, catalog)
        width = max((len(i.name) for i in catalog.equipment), default=0)
        carried = {p.name.casefold() for p in final.items}
        options: list[Option] = []
        for kind in KINDS:
            shown = [i for i in catalog.equipment if i.kind == kind and matches(
                search, (i.name, i.summary, i.profile))]
            if not shown:
                continue
            n, most = slots[kind]
            options.append(heading(Content.assemble((PLURALS[kind], "bold"), muted(
                f"  {n} of {most}" + ("  full" if n >= most else ""))), kind))
            for item in shown:
                lacking = unmet(item, final)
                if lacking:
                    flag = literal("✗ " + " ".join(lacking), style="$warning")
                elif item.once_per_of and item.name.casefold() in carried:
                    flag = muted("one per OF")
                elif short_needs(item):
                    flag = muted("✓ " + " ".join(short_needs(item)))
                else:
                    basis = cost_text(item.cost)
                    flag = muted("" if basis.isdigit() else basis)
                options.append(Option(assembled(
                    (item.name.ljust(width), "bold"),
                    f" {now_text(final, catalog, item.name):>2} pts ", flag),
                    id=f"item:{item.name}"))
        return options

    def _detail(self, option_id: str) -> Content:
        view = self.view
        if option_id.startswith(HEAD):
            kind = option_id.removeprefix(HEAD)
            n, most = edits.slots(view.final, view.catalog)[kind]
            return muted(f"{PLURALS[kind]}: {n} of {most} carried.")
        item = view.catalog.item(option_id.split(":", 1)[1])
        if item is None:
            return Content("")
        basis = cost_text(item.cost)
        how = f"cost {basis}" if basis.isdigit() else f"cost = final {basis}"
        lines = [assembled((item.name, "bold"), f" · {how} · "
                           f"{now_text(view.final, view.catalog, item.name)} now"),
                 muted(item.profile)]
        wanted = needs(item)
        if wanted:
            lacking = unmet(item, view.final)
            lines.append(literal(
                "Needs " + ", ".join(wanted) + (": not met" if lacking else ": met"),
                style="$warning" if lacking else "$foreground-muted"))
        if item.summary:
            lines.append(muted(item.summary))
        return Content("\n").join(lines)

    def _add(self, option_id: str) -> None:
        view = self.view
        item = view.catalog.item(option_id.split(":", 1)[1])
        if item is None:
            return
        n, most = edits.slots(view.final, view.catalog)[item.kind]
        if n >= most:
            self.notify(f"A character carries up to {most} {PLURALS[item.kind].lower()}; "
                        "remove one first (delete on a carried one).", severity="warning")
            return
        self.edit(edits.add_item, view.catalog, item.name, focus="item-list")
