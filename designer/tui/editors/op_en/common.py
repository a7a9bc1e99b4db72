"""What the Op-En step editors share: short words for stats and changes, the few edits
the steps make of several pure edits (a new rank keeps the allocation's order, a new
Core Stat takes the Core value with it, a value from the pool swaps with its holder),
and `PickEditor`, the base of the steps that choose one entry from a list."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Static
from textual.widgets.option_list import Option

from designer.systems.op_en import edits
from designer.systems.op_en.catalog import (
    DIE_STATS,
    STATS,
    Catalog,
    Cost,
    Modifiers,
    Talent,
    cost_label,
)
from designer.systems.op_en.cost import Final
from designer.systems.op_en.headings import SHORT_COLUMNS
from designer.systems.op_en.models import Character
from designer.tui.editors.base import StepEditor, View
from designer.tui.editors.kit.picker import Picker
from designer.tui.literal import Part, assembled

OpEnView = View[Character, Catalog, Final]
OpEnEditor = StepEditor[Character, Catalog, Final]

#: the card's three-letter stat names (its narrow Stats row), by stat
ABBREVIATIONS: dict[str, str] = dict(zip(STATS, SHORT_COLUMNS[:len(STATS)], strict=True))
CHOSEN, OTHER = "●", " "


def changes(modifiers: Modifiers, *, ar: int = 0, cr: int = 0,
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


def cost_text(cost: Cost) -> str:
    """'6' for a fixed cost, 'Fight' for one priced at a stat."""
    return cost_label(cost)


def rank_number(view: OpEnView) -> int | None:
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


def talent_entry(catalog: Catalog, kind: str, name: str) -> Talent | None:
    return catalog.skill(name) if kind == "skills" else catalog.ability(name)


def now_text(final: Final, catalog: Catalog, name: str) -> str:
    """What an entry costs at today's final stats ('8')."""
    now = edits.cost_now(final, catalog, name)
    return "?" if now is None else str(now)


# --- one choice from a list ------------------------------------------------------------------


class PickEditor(OpEnEditor):
    """A step that chooses one entry from a list (enter chooses): the list, a heading
    above it and the highlighted entry's detail below it. Subclasses give the options
    (the chosen one marked), the one chosen, what choosing one does, and the detail."""

    LIST_ID: ClassVar[str] = "pick-list"
    HEADING: ClassVar[str] = ""

    def compose_fields(self) -> ComposeResult:
        yield Static(Content.styled(self.HEADING, "bold"), classes="group pick-heading")
        yield Picker(self.LIST_ID, options=self.options, detail=self.detail,
                     pick=self.choose, chosen=self.chosen_id, list_classes="pick-list")
        yield from self.compose_after()

    def compose_after(self) -> ComposeResult:
        yield from ()

    def options(self, search: str) -> list[Option]:
        return []

    def chosen_id(self) -> str | None:
        return None

    def detail(self, option_id: str) -> Content:
        return Content("")

    def choose(self, option_id: str) -> None:
        """Post the edit that chooses `option_id`."""


def marked(chosen: bool, *parts: Part) -> Content:
    """An option's prompt: the chosen mark, then its parts, shown as written (a
    setting's names are the user's own when it is their folder)."""
    return assembled((CHOSEN if chosen else OTHER, "bold $accent"), " ", *parts)
