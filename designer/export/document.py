"""What every export shows, worked out once: each unit's neutral card (drawn by its game
system from one assessment) and a force's summary. The formats only lay these out."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from designer import __version__
from designer.card import Card
from designer.entries import labelled_name
from designer.errors import InputError
from designer.points import has_points
from designer.roster import Force
from designer.systems import Fact, Progress
from designer.units import LoadedUnit

Kind = Literal["unit", "roster"]


@dataclass(frozen=True, slots=True)
class EntryView:
    number: int
    name: str
    count: int
    points: int
    subtotal: int
    source: str  # the path the roster names, or "inline"
    card: Card
    fields: tuple[tuple[str, str], ...] = ()  # the entry's own fields (a TACTICS side)
    label: str = ""  # the entry's own name in this force ("Knight Squad A")
    note: str = ""

    def field(self, key: str) -> str:
        return dict(self.fields).get(key, "")

    @property
    def shown_name(self) -> str:
        """The entry's label with its unit's name, or the name: what a printout calls it."""
        return labelled_name(self.label, self.name)


@dataclass(frozen=True, slots=True)
class Problem:
    """Why a force is not legal: a force-level finding, or an illegal unit and its errors."""

    message: str
    details: tuple[str, ...] = ()


@dataclass(slots=True)
class ForceView:
    name: str
    system_title: str
    budget: str | None  # "Points cap", "Treasury", or None when the system has none
    priced: bool
    cap: int | None
    total: int
    remaining: int | None
    unit_count: int
    facts: list[Fact]
    legal: bool
    problems: list[Problem]  # empty when the force is legal
    entries: list[EntryView]
    #: the entries' own fields, each a column of the force's table (a TACTICS side)
    entry_keys: tuple[str, ...] = ()
    #: the system's words: one design (unit, character, sheet), a roster of them (force,
    #: Opposing Force, encounter), the heading of a unit's price (Pts, Cost)
    unit_word: str = "unit"
    force_word: str = "force"
    price_heading: str = "Pts"
    #: what a total is called ("Points", "Total Cost")
    total_word: str = "Points"

    @property
    def units_word(self) -> str:
        """'units', 'characters', 'sheets'."""
        return f"{self.unit_word}s"

    @property
    def roster_word(self) -> str:
        """'force roster', 'Opposing Force roster', 'encounter roster'."""
        return f"{self.force_word} roster"

    @property
    def roster_heading(self) -> str:
        """'Force roster', 'Opposing Force roster', 'Encounter roster': a line's start."""
        return self.roster_word[:1].upper() + self.roster_word[1:]

    @property
    def budgeted(self) -> bool:
        """Whether totals are measured against a budget (the system prices units and
        names a budget, set or not)."""
        return self.priced and self.budget is not None

    @property
    def over(self) -> bool:
        return self.priced and self.cap is not None and self.total > self.cap

    def figures(self) -> list[tuple[str, str, bool]]:
        """The force's figures as (LABEL, value, bad): the budget, the total and what
        remains when the system has them, the unit count, then the system's facts of the
        whole force with their bounds, bad when under or over (a group's facts are shown
        with their group: `fact_groups`)."""
        out = self.headline()
        out += [(f.label.upper(), f.figure(), f.state in ("under", "over"))
                for f in self.facts if not f.group]
        return out

    def boxed(self, box_w: float) -> tuple[list[tuple[str, str, bool]],
                                           list[tuple[str, str, bool]]]:
        """The figures split into those whose value fits a box `box_w` mm wide at a
        figure's size (11 pt bold) and the rest, each printed on a line of its own."""
        from designer.export.fit import pdf_safe, width

        boxed: list[tuple[str, str, bool]] = []
        lines: list[tuple[str, str, bool]] = []
        for label, value, bad in self.figures():
            fits = width(pdf_safe(value), "B", 11) <= box_w
            (boxed if fits else lines).append((label, value, bad))
        return boxed, lines

    def fact_groups(self) -> list[tuple[str, list[Fact]]]:
        """The facts that count a part of the force (a side), by group, in order."""
        groups: dict[str, list[Fact]] = {}
        for f in self.facts:
            if f.group:
                groups.setdefault(f.group, []).append(f)
        return list(groups.items())

    def sections(self) -> list[tuple[str, list[Fact], list[EntryView]]]:
        """The entries by their first own field (a TACTICS side), each with the fact
        group of the same name: (name, facts, entries); one unnamed section holding
        every entry when the system's entries have no fields."""
        if not self.entry_keys:
            return [("", [], list(self.entries))]
        key = self.entry_keys[0]
        groups = {name.casefold(): facts for name, facts in self.fact_groups()}
        named: dict[str, list[EntryView]] = {}
        for name, _ in self.fact_groups():
            named[name] = []
        for e in self.entries:
            value = e.field(key) or "unassigned"
            found = next((n for n in named if n.casefold() == value.casefold()), value)
            named.setdefault(found, []).append(e)
        return [(name, groups.get(name.casefold(), []), entries)
                for name, entries in named.items()]

    def headline(self) -> list[tuple[str, str, bool]]:
        """(LABEL, value, bad) of the budget, the total, what remains (when the system
        has them) and the unit count."""
        out: list[tuple[str, str, bool]] = []
        if self.budgeted:
            assert self.budget is not None
            out.append((self.budget.upper(), "none" if self.cap is None else str(self.cap),
                        False))
        if self.priced:
            out.append(("TOTAL", str(self.total), self.over))
        if self.budgeted:
            left = self.remaining
            if left is not None and left < 0:
                out.append(("OVER", str(-left), True))
            else:
                out.append(("REMAINING", "\u2013" if left is None else str(left), False))
        out.append((self.units_word.upper(), str(self.unit_count), False))
        return out

    def left_text(self) -> str:
        """'163 remaining' or '27 over': what is left of the budget, in words."""
        left = self.remaining or 0
        return f"{left} remaining" if left >= 0 else f"{-left} over"

    def legal_note(self) -> str:
        """'within its points cap; every unit is legal', in the budget's own name and
        the system's word for a unit."""
        every = f"every {self.unit_word} is legal"
        if not self.budgeted:
            return every
        assert self.budget is not None
        budget = self.budget.lower()
        within = f"within its {budget}" if self.cap is not None else f"no {budget} set"
        return f"{within}; {every}"


@dataclass(slots=True)
class ExportDoc:
    """A loaded unit or roster file with everything its exports show."""

    kind: Kind
    name: str
    source: Path | None
    cards: list[Card]  # one per distinct unit
    loaded: LoadedUnit | None = None
    force: Force | None = None
    summary: ForceView | None = None
    version: str = field(default=__version__)

    @property
    def title(self) -> str:
        if self.kind == "roster" and self.summary is not None:
            return f"{self.name} \u2013 {self.summary.roster_word}"
        return self.name


# --- building -----------------------------------------------------------------------------


#: what a screen hands the exports of the document it edits: a unit with its system, or
#: a force (unsaved changes included)
Snapshot = LoadedUnit[Any, Any] | Force


def snapshot_doc(snapshot: Snapshot) -> ExportDoc:
    """The export document of a screen's snapshot."""
    return roster_doc(snapshot) if isinstance(snapshot, Force) else unit_doc(snapshot)


def unit_doc(loaded: LoadedUnit) -> ExportDoc:
    card = loaded.system.card(loaded.assessment)
    return ExportDoc("unit", card.title, loaded.path, [card], loaded=loaded)


def roster_doc(force: Force) -> ExportDoc:
    """A force's summary and its cards: one card per distinct unit, however many entries
    or models use it (the summary shows the counts). A force with broken entries (units
    that could not be read) is refused: there is nothing to print for them."""
    if force.broken:
        first = force.broken[0]
        n = len(force.broken)
        raise InputError(f"{n} unit entr{'ies' if n > 1 else 'y'} could not be read; repair or "
                         f"remove {'them' if n > 1 else 'it'} before exporting",
                         file=force.path, field=f"units[{first}].unit")
    game = force.game
    cards: list[Card] = []
    seen: dict[str, Card] = {}
    entries: list[EntryView] = []
    entry_keys = tuple(spec.key for spec in force.entry_specs)
    for number, entry in enumerate(force.entries, start=1):
        key = json.dumps(game.unit_data(entry.unit), sort_keys=True, default=str)
        card = seen.get(key)
        if card is None:
            card = game.card(entry.assessment)
            seen[key] = card
            cards.append(card)
        fields = tuple((key, str(entry.fields[key])) for key in entry_keys
                       if entry.fields.get(key) is not None)
        entries.append(EntryView(number, card.title, entry.count, entry.tally.total,
                                 entry.subtotal, entry.source or "inline", card, fields,
                                 entry.label, entry.note))
    problems = [Problem(issue.message) for issue in force.issues
                if issue.severity == "error" and issue.code != "E-UNIT-ILLEGAL"]
    for number, entry in enumerate(force.entries, start=1):
        errors = entry.tally.errors
        if errors:
            problems.append(Problem(
                f"{game.UNIT_WORD} {number}, {entry.tally.name}, is not legal ({len(errors)} error"
                f"{'s' if len(errors) > 1 else ''})", tuple(e.line() for e in errors)))
    summary = ForceView(
        name=force.name,
        system_title=game.TITLE,
        budget=force.budget.label if force.budget is not None else None,
        priced=has_points(game),
        cap=force.cap if force.budgeted else None,
        total=force.total,
        remaining=force.remaining,
        unit_count=force.unit_count,
        facts=force.facts(),
        legal=force.legal,
        problems=problems,
        entries=entries,
        entry_keys=entry_keys,
        unit_word=game.UNIT_WORD,
        force_word=game.FORCE_WORD,
        price_heading=force.points.POINTS_COLUMN if force.points is not None else "",
        total_word=force.points.PRICE_WORD if force.points is not None else "",
    )
    return ExportDoc("roster", force.name, force.path, cards, force=force, summary=summary)


def stat_blocks(doc: ExportDoc, force_block: Callable[[ForceView], list[str]],
                card_block: Callable[[Card], list[str]], separator: list[str],
                footer: str, progress: Progress | None = None) -> str:
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
