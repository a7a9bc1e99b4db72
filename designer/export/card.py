"""What every export shows, worked out once: a unit's card (final values after equipment,
its tally and findings) and a force's summary. The formats only lay these out."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from designer import __version__
from designer.errors import InputError
from designer.roster import Force
from designer.tally import Issue, Line, Tally
from designer.units import LoadedUnit

Kind = Literal["unit", "roster"]


def points_text(points: int) -> str:
    return f"{points} point" if points in (1, -1) else f"{points} points"


def bump_text(value: int) -> str:
    """A bump as the card prints it: +1, -1 (ASCII, so every format and font has it)."""
    return f"{value:+d}"


@dataclass(frozen=True, slots=True)
class PoolView:
    """One final dice pool: how many dice and the bumps beneath them (with their items)."""

    dice: int
    bumps: tuple[int, ...] = ()
    sources: tuple[str, ...] = ()

    @property
    def bumps_text(self) -> str:
        return " ".join(bump_text(b) for b in self.bumps)

    def bumps_explained(self) -> str:
        """Bumps with the item that gave each, e.g. '+2 (Heavy Armor)'."""
        return ", ".join(f"{bump_text(b)} ({s})" if s else bump_text(b)
                         for b, s in zip(self.bumps, self.sources, strict=True))


@dataclass(frozen=True, slots=True)
class SkillView:
    key: str  # melee, ballistic, arcane, technical
    label: str
    off: PoolView
    defence: PoolView
    range: int


@dataclass(frozen=True, slots=True)
class TypeView:
    name: str
    category: str

    @property
    def elemental(self) -> bool:
        return self.category == "elemental"


@dataclass(frozen=True, slots=True)
class AbilityView:
    name: str
    rank: int | None
    summary: str
    source: str = ""  # the item that grants it
    custom: bool = False

    @property
    def title(self) -> str:
        return self.name if self.rank is None else f"{self.name} {self.rank}"


@dataclass(frozen=True, slots=True)
class EquipmentView:
    item: str
    kind: str
    choices: str  # what the unit chose: range value, raised bumps, abilities
    effects: str  # what the item does, as the rulebook's table words it

    @property
    def label(self) -> str:
        return f"{self.item} ({self.choices})" if self.choices else self.item


@dataclass(slots=True)
class CardView:
    name: str
    points: int
    system_title: str
    types: list[TypeView]
    skills: list[SkillView]
    athletics: int
    flies: bool
    abilities: list[AbilityView]
    equipment: list[EquipmentView]
    tally: Tally
    printed: int | None = None

    @property
    def legal(self) -> bool:
        return self.tally.legal

    @property
    def errors(self) -> list[Issue]:
        return self.tally.errors

    @property
    def warnings(self) -> list[Issue]:
        return self.tally.warnings

    @property
    def breakdown(self) -> list[Line]:
        return self.tally.breakdown

    @property
    def audit(self) -> str | None:
        """'printed 49, tally 60' when a printed value disagrees with the tally."""
        if self.printed is None or self.printed == self.points:
            return None
        return self.tally.audit()

    @property
    def types_text(self) -> str:
        return ", ".join(t.name for t in self.types)

    @property
    def ranges_text(self) -> str:
        return ", ".join(str(s.range) for s in self.skills)

    def step_totals(self) -> dict[str, int]:
        return self.tally.step_totals()


@dataclass(frozen=True, slots=True)
class EntryView:
    number: int
    name: str
    count: int
    points: int
    subtotal: int
    source: str  # the path the roster names, or "inline"
    card: CardView


@dataclass(frozen=True, slots=True)
class Problem:
    """Why a force is not legal: a force-level finding, or an illegal unit and its errors."""

    message: str
    details: tuple[str, ...] = ()


@dataclass(slots=True)
class ForceView:
    name: str
    system_title: str
    cap: int | None
    total: int
    remaining: int | None
    unit_count: int
    morale: int
    counters: int
    legal: bool
    problems: list[Problem]  # empty when the force is legal
    entries: list[EntryView]


@dataclass(slots=True)
class ExportDoc:
    """A loaded unit or roster file with everything its exports show."""

    kind: Kind
    name: str
    source: Path | None
    cards: list[CardView]  # one per distinct unit
    loaded: LoadedUnit | None = None
    force: Force | None = None
    summary: ForceView | None = None
    version: str = field(default=__version__)

    @property
    def title(self) -> str:
        return f"{self.name} \u2013 force roster" if self.kind == "roster" else self.name


# --- building -----------------------------------------------------------------------------


def card_view(loaded: LoadedUnit, tally: Tally | None = None) -> CardView:
    """The card of a loaded unit: its final values (equipment folded in) and tally."""
    if loaded.system.NAME != "opentactics":
        raise InputError(f"exporting {loaded.system.NAME} units is not supported yet",
                         file=loaded.path, field="system")
    from designer.systems.opentactics.catalog import SKILLS
    from designer.systems.opentactics.fold import fold

    unit, catalog = loaded.unit, loaded.catalog
    tally = tally if tally is not None else loaded.price()
    final = fold(unit, catalog)
    skills = []
    for skill in SKILLS:
        sides = []
        for side in ("off", "def"):
            pool = final.pools[(skill, side)]
            sides.append(PoolView(pool.dice, tuple(pool.bumps), tuple(pool.bump_sources())))
        skills.append(SkillView(skill, skill.title(), sides[0], sides[1],
                                final.ranges[skill]))
    abilities = []
    for picked in final.abilities:
        choice, entry = picked.choice, picked.entry
        custom = choice.cost is not None
        if custom or entry is None:
            name, summary = choice.name, choice.text or ""
        else:
            name, summary = entry.name, entry.summary
        abilities.append(AbilityView(name, choice.rank, summary.strip(), picked.source, custom))
    equipment = []
    for choice, item in zip(unit.equipment, final.items, strict=True):
        chosen = []
        if choice.range is not None:
            chosen.append(f"range {choice.range}")
        if choice.bumps == "raise":
            chosen.append("bumps raised")
        chosen.extend(a.name if a.rank is None else f"{a.name} {a.rank}"
                      for a in choice.abilities)
        equipment.append(EquipmentView(
            item.name if item is not None else choice.item,
            item.kind if item is not None else "",
            ", ".join(chosen),
            ", ".join(item.effects) if item is not None else "not in the equipment table"))
    from designer.systems.opentactics import TITLE

    return CardView(
        name=unit.name,
        points=tally.total,
        system_title=TITLE,
        types=[TypeView(t.name, t.category) for t in final.types],
        skills=skills,
        athletics=final.athletics,
        flies=final.flies,
        abilities=abilities,
        equipment=equipment,
        tally=tally,
        printed=unit.points,
    )


def unit_doc(loaded: LoadedUnit) -> ExportDoc:
    card = card_view(loaded)
    return ExportDoc("unit", card.name, loaded.path, [card], loaded=loaded)


def roster_doc(force: Force) -> ExportDoc:
    """A force's summary and its cards: one card per distinct unit, however many entries
    or models use it (the summary shows the counts)."""
    cards: list[CardView] = []
    seen: dict[str, CardView] = {}
    entries: list[EntryView] = []
    for number, entry in enumerate(force.entries, start=1):
        key = json.dumps(entry.loaded.unit.to_data(), sort_keys=True, default=str)
        card = seen.get(key)
        if card is None:
            card = card_view(entry.loaded, entry.tally)
            seen[key] = card
            cards.append(card)
        entries.append(EntryView(number, card.name, entry.count, entry.tally.total,
                                 entry.subtotal, entry.source or "inline", card))
    morale, counters = force.rules()
    problems = [Problem(issue.message) for issue in force.issues
                if issue.code != "E-UNIT-ILLEGAL"]
    for number, entry in enumerate(force.entries, start=1):
        errors = entry.tally.errors
        if errors:
            problems.append(Problem(
                f"unit {number}, {entry.tally.name}, is not legal ({len(errors)} error"
                f"{'s' if len(errors) > 1 else ''})", tuple(e.line() for e in errors)))
    from designer.systems import system

    summary = ForceView(
        name=force.name,
        system_title=system(force.system).TITLE,
        cap=force.cap,
        total=force.total,
        remaining=force.remaining,
        unit_count=force.unit_count,
        morale=morale,
        counters=counters,
        legal=force.legal,
        problems=problems,
        entries=entries,
    )
    return ExportDoc("roster", force.name, force.path, cards, force=force, summary=summary)


def stat_blocks(doc: ExportDoc, force_block: Callable[[ForceView], list[str]],
                card_block: Callable[[CardView], list[str]], separator: list[str],
                footer: str, progress: Callable[[int, int], None] | None = None) -> str:
    """The force summary (for a roster) and each card's stat block, one after another: the
    shape the Markdown and text exports share."""
    out: list[str] = []
    if doc.summary is not None:
        out += force_block(doc.summary)
    total = len(doc.cards)
    if progress is not None:
        progress(0, total)
    for i, card in enumerate(doc.cards, start=1):
        if out:
            out += separator
        out += card_block(card)
        if progress is not None:
            progress(i, total)
    out.append(footer)
    return "\n".join(out) + "\n"
