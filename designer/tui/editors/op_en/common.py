"""What the Op-En step editors share: short words for stats and changes, the few edits
the steps make of several pure edits (a new rank keeps the allocation's order, a new
Core Stat takes the Core value with it, a value from the pool swaps with its holder),
and `PickEditor`, the base of the steps that choose one entry from a list."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from designer.escaping import printable
from designer.systems.op_en import edits
from designer.systems.op_en.catalog import DIE_STATS, Catalog, cost_label
from designer.systems.op_en.cost import Final
from designer.systems.op_en.models import Character
from designer.tally import Issue
from designer.tui.editors.base import StepEditor, View
from designer.tui.literal import literal
from designer.tui.widgets.lists import MovingList
from designer.tui.widgets.shown import DetailText, set_content
from designer.tui.widgets.tally import issue_content
from designer.tui.widgets.text import SearchField

#: the card's three-letter stat names (its narrow Stats row)
ABBREVIATIONS = {"move": "MOV", "fight": "FGT", "toughness": "TGH", "shoot": "SHT",
                 "agility": "AGI", "intellect": "INT", "grit": "GRT", "body": "BDY"}
CHOSEN, OTHER = "●", " "


def muted(text: str) -> Content:
    """Text in the muted style, shown as written (it often holds a name)."""
    return literal(text, style="$foreground-muted", keep_lines=True)


def changes(modifiers: dict[str, int], *, ar: int = 0, cr: int = 0,
            short: bool = False) -> str:
    """'Toughness +2, Agility -2' (or 'TGH+2 AGI-2' with short), with AR and CR."""
    if short:
        parts = [f"{ABBREVIATIONS.get(s, s)}{v:+d}" for s, v in modifiers.items()]
        parts += [f"{w}{v:+d}" for w, v in (("AR", ar), ("CR", cr)) if v]
        return " ".join(parts)
    parts = [f"{s.title()} {v:+d}" for s, v in modifiers.items()]
    parts += [f"{w} {v:+d}\"" for w, v in (("AR", ar), ("CR", cr)) if v]
    return ", ".join(parts)


def talents_word(n: int) -> str:
    """'1 Skill or Ability', '3 Skills or Abilities'."""
    return "1 Skill or Ability" if n == 1 else f"{n} Skills or Abilities"


def ranks_text(ranks: Iterable[int]) -> str:
    return ", ".join(map(str, ranks))


def cost_text(cost: Any) -> str:
    """'6' for a fixed cost, 'Fight' for one priced at a stat."""
    return cost_label(cost)


def rank_number(view: View) -> int | None:
    return view.final.rank.rank if view.final.rank is not None else view.unit.rank


# --- edits made of several pure edits --------------------------------------------------------


def complete(unit: Character) -> bool:
    """Whether every die stat has a value."""
    return all(unit.stats.get(s) is not None for s in DIE_STATS)


def choose_rank(unit: Character, catalog: Catalog, number: int) -> Character:
    """The rank `number`, its values laid out in the order the old ones were: the stat
    that held the highest of the others takes the new highest, and so on (ties in the
    card's order). A character with no allocation yet gets the card's order."""
    moved = edits.set_rank(unit, number)
    rank = catalog.rank(number)
    core = unit.core_stat
    if rank is None or core not in catalog.core.die_stats:
        return moved
    if not complete(unit):
        return edits.allocate(moved, catalog)
    rest = [s for s in catalog.core.die_stats if s != core]
    order = sorted(rest, key=lambda s: (-(unit.stats.get(s) or 0), rest.index(s)))
    values = sorted(rank.stats.others, reverse=True)
    moved = edits.set_stat(moved, core, rank.stats.core)
    for stat, value in zip(order, values, strict=False):
        moved = edits.set_stat(moved, stat, value)
    return moved


def choose_core(unit: Character, catalog: Catalog, stat: str) -> Character:
    """`stat` as the Core Stat, the rank's Core value moved into it (swapped with the
    stat holding it); with nothing allocated yet, the rank's values laid out."""
    moved = edits.set_core_stat(unit, stat)
    rank = catalog.rank(unit.rank)
    if rank is None:
        return moved
    if not any(unit.stats.get(s) is not None for s in DIE_STATS):
        return edits.allocate(moved, catalog)
    core_value = rank.stats.core
    if moved.stats.get(stat) == core_value:
        return moved
    holders = [s for s in DIE_STATS if moved.stats.get(s) == core_value]
    if unit.core_stat in holders:  # the old Core Stat first
        holders.remove(unit.core_stat)
        holders.insert(0, unit.core_stat)
    return edits.swap_stats(moved, stat, holders[0]) if holders else moved


def assign(unit: Character, stat: str, value: int) -> Character:
    """Give `stat` the pool's `value`: it swaps with the other stat (not the Core Stat)
    that holds it, so the allocation stays the rank's values; else it is set."""
    holder = next((s for s in DIE_STATS if s not in (stat, unit.core_stat)
                   and unit.stats.get(s) == value), None)
    if holder is not None and unit.stats.get(stat) is not None:
        return edits.swap_stats(unit, stat, holder)
    return edits.set_stat(unit, stat, value)


def talent_entry(catalog: Catalog, kind: str, name: str) -> Any:
    return catalog.skill(name) if kind == "skills" else catalog.ability(name)


def now_text(final: Final, catalog: Catalog, name: str) -> str:
    """What an entry costs at today's final stats ('8')."""
    now = edits.cost_now(final, catalog, name)
    return "?" if now is None else str(now)


def show_findings(editor: StepEditor, issues: list[Issue]) -> None:
    """Show `issues` where the editor shows its step's findings (for a step that also
    shows findings filed under another step)."""
    widget = editor.query_one(".step-issues", Static)
    if widget.display != bool(issues):
        widget.display = bool(issues)
    if issues:
        set_content(widget, Content("\n").join(issue_content(i) for i in issues))


# --- entries added from a searched list -----------------------------------------------------


class SearchedListEditor(StepEditor):
    """A step that adds entries found in a searched list (Skills and Abilities, the
    equipment): the search box, the list it filters and the highlighted entry's detail.
    Subclasses fill the list, show the detail and add the entry chosen (enter)."""

    SEARCH_ID: ClassVar[str]
    LIST_ID: ClassVar[str]

    def compose_search(self, placeholder: str) -> ComposeResult:
        yield SearchField(self.LIST_ID, placeholder=placeholder, id=self.SEARCH_ID,
                          compact=True, classes="add-search")
        yield MovingList(id=self.LIST_ID, classes="add-list")

    def fill_list(self, view: View) -> None:
        raise NotImplementedError

    def show_detail(self) -> None:
        raise NotImplementedError

    @on(SearchField.Changed, ".add-search")
    def search(self, event: SearchField.Changed) -> None:
        event.stop()
        self.fill_list(self.view)

    @on(OptionList.OptionHighlighted, ".add-list")
    def highlighted_entry(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.show_detail()


# --- one choice from a list ------------------------------------------------------------------


class PickEditor(StepEditor):
    """A step that chooses one entry from a list (enter chooses): the list, a heading
    above it and the highlighted entry's detail below it. Subclasses give the options,
    what choosing one does, and the detail."""

    LIST_ID: ClassVar[str] = "pick-list"
    HEADING: ClassVar[str] = ""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._list_key: Hashable = None

    def compose_fields(self) -> ComposeResult:
        yield from self.compose_before()
        yield Static(Content.styled(self.HEADING, "bold"), classes="group pick-heading")
        yield MovingList(id=self.LIST_ID, classes="pick-list")
        yield DetailText(id=f"{self.LIST_ID}-detail", classes="hint pick-detail")
        yield from self.compose_after()

    def compose_before(self) -> ComposeResult:
        yield from ()

    def compose_after(self) -> ComposeResult:
        yield from ()

    # what a subclass gives
    def options(self, view: View) -> list[tuple[str, Content]]:
        """(id, prompt) of each entry, the chosen one marked."""
        return []

    def chosen_id(self, view: View) -> str | None:
        return None

    def detail(self, view: View, option_id: str) -> Content:
        return Content("")

    def choose(self, option_id: str) -> None:
        """Post the edit that chooses `option_id`."""

    # keeping up
    async def update_fields(self, view: View) -> None:
        options = self.options(view)
        listing = self.query_one(f"#{self.LIST_ID}", MovingList)
        key = tuple((i, p.plain, tuple(p.spans)) for i, p in options)
        if key != self._list_key:
            first, old = self._list_key is None, self._list_key or ()
            self._list_key = key
            if [k[0] for k in old] == [i for i, _ in options]:
                # the same entries, a mark moved: new prompts, no layout pass
                for n, (_, prompt) in enumerate(options):
                    if old[n][1:] != key[n][1:]:
                        listing.replace_option_prompt_at_index(n, prompt)
                self.show_detail()
                return
            highlighted = listing.highlighted_option.id if listing.highlighted_option \
                else None
            listing.set_options([Option(p, id=i) for i, p in options])
            ids = [i for i, _ in options]
            if first or highlighted not in ids:
                highlighted = self.chosen_id(view)
            if ids:
                listing.highlighted = ids.index(highlighted) if highlighted in ids else 0
        self.show_detail()

    def show_detail(self) -> None:
        listing = self.query_one(f"#{self.LIST_ID}", MovingList)
        option = listing.highlighted_option
        shown = self.detail(self.view, option.id) if option is not None and option.id \
            else Content("")
        self.query_one(f"#{self.LIST_ID}-detail", DetailText).show(shown)

    @on(OptionList.OptionHighlighted, ".pick-list")
    def highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.show_detail()

    @on(OptionList.OptionSelected, ".pick-list")
    def selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            self.choose(event.option.id)


def marked(chosen: bool, *parts: Any) -> Content:
    """An option's prompt: the chosen mark, then its parts (their text shown as
    written: a setting's names are the user's own when it is their folder)."""
    shown = [printable(p) if isinstance(p, str) else (printable(p[0]), p[1])
             if isinstance(p, tuple) else p for p in parts]
    return Content.assemble((CHOSEN if chosen else OTHER, "bold $accent"), " ", *shown)
