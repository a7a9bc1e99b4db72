"""The force list: a force on as few pages as it fits, as army-list players know it (Army
Forge, New Recruit), then every rule it names, once.

Its head is the force's name and system, then the system's own facts (budget and total,
morale, treasury, structure; a TACTICS encounter's sides) and whether the force is legal.
Each entry is its count and name with its points, its keywords, its tables (stats,
weapons), stat lines, and its sections with the special rules by name; what a card keeps
to mark in play (wound tracks, hit point boxes) is left out. The PDF (`pdf_list`) and the
HTML (templates/list.html.j2) lay this out.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from designer.card import Card, Section, Stat, Table, points_text
from designer.entries import labelled_name
from designer.export.card_text import GREY, INK, section_paragraphs
from designer.export.document import ExportDoc
from designer.export.fit import Run
from designer.export.glossary import Rule, credits, glossary


@dataclass(frozen=True, slots=True)
class ListEntry:
    count: int
    card: Card
    points: int | None  # the entry's points (count × each), None without points
    label: str = ""  # the entry's own name in this force ("Knight Squad A")
    note: str = ""

    @property
    def heading(self) -> str:
        name = labelled_name(self.label, self.card.title)
        return f"{self.count}\u00d7 {name}" if self.count != 1 else name

    @property
    def points_text(self) -> str:
        if self.points is None:
            return ""
        each = self.card.points
        more = f" ({each} each)" if self.count != 1 and each is not None else ""
        return f"{self.points} pts{more}"

    @property
    def keywords(self) -> str:
        return ", ".join(t.name + t.mark for t in self.card.tags)

    @property
    def tables(self) -> list[Table]:
        return [t for t in self.card.tables() if not t.record]

    @property
    def stats(self) -> list[Stat]:
        return self.card.stats()

    @property
    def sections(self) -> list[Section]:
        """The sections a card prints, its rules by name, without its boxes to mark."""
        return [s for s in self.card.sections()
                if s.on_card and not s.record and s.entries]

    def body(self, shared: frozenset[tuple[str, str]] = frozenset()) -> list[list[Run]]:
        """The entry's text under its tables: its stat lines, then each section as a card
        prints it; a full section's entries that other entries share (`shared`, as
        (title, text)) by name only, their text being in the list's rules."""
        out: list[list[Run]] = [[Run(self.stat_line(), "", INK)]] if self.stats else []
        for section in self.sections:
            if section.compact or section.glossary:
                out += section_paragraphs(section)
                continue
            label = section.short or section.label
            if all((e.title, e.text) in shared for e in section.entries):
                out.append([Run(f"{label}: ", "B", INK),
                            Run(", ".join(e.title for e in section.entries), "", INK)])
                continue
            entries = tuple(e if (e.title, e.text) not in shared else replace(e, text="")
                            for e in section.entries)
            out.append([Run(f"{label}:", "B", GREY)])
            out += section_paragraphs(replace(section, entries=entries))
        return out

    def stat_line(self) -> str:
        """'Tests d12 · Formation 4"': every stat line's label and value."""
        return " \u00b7 ".join(f"{s.short or s.label} {s.value}" for s in self.stats)


@dataclass(frozen=True, slots=True)
class ListGroup:
    """Entries under a heading: a TACTICS side with its facts; one unnamed group when
    the entries have no side."""

    name: str
    facts: str
    entries: tuple[ListEntry, ...]


@dataclass(frozen=True, slots=True)
class ForceList:
    title: str
    system: str
    figures: str  # "609 of 750 points (141 remaining) · 7 units · Core Stat: Fight"
    status: str
    legal: bool
    problems: tuple[str, ...]
    groups: tuple[ListGroup, ...]
    rules: tuple[Rule, ...]
    credits: tuple[str, ...]
    version: str
    #: (title, text) of the entries of full sections that several list entries share:
    #: printed by name in each, in full once among the rules
    shared: frozenset[tuple[str, str]] = frozenset()


def force_list(doc: ExportDoc) -> ForceList:
    """The list of a roster (its entries, with counts) or of one unit."""
    f = doc.summary
    if f is None:
        card = doc.cards[0]
        entry = ListEntry(1, card, card.points)
        status = "legal" if card.legal else f"NOT LEGAL: {len(card.errors)} error(s)"
        figures = points_text(card.points) if card.points is not None else ""
        return ForceList(card.title, card.system, figures, status, card.legal,
                         tuple(i.line() for i in card.errors),
                         (ListGroup("", "", (entry,)),), tuple(glossary(doc.cards)),
                         tuple(credits(doc.cards)), doc.version)
    parts = []
    if f.priced:
        parts.append(f"{f.total} of {f.cap} points ({f.left_text()})" if f.cap is not None
                     else f"{f.total} points")
    parts.append(f"{f.unit_count} {f.units_word if f.unit_count != 1 else f.unit_word}")
    parts += [f"{fact.label}: {fact.figure()}" for fact in f.facts if not fact.group]
    groups = tuple(
        ListGroup(name, " \u00b7 ".join(f"{fact.short} {fact.figure()}" for fact in facts),
                  tuple(ListEntry(e.count, e.card, e.subtotal if f.priced else None,
                                  e.label, e.note) for e in entries))
        for name, facts, entries in f.sections())
    status = f"legal: {f.legal_note()}" if f.legal else "NOT LEGAL"
    problems = tuple(p.message + (f": {'; '.join(d.strip() for d in p.details)}"
                                  if p.details else "") for p in f.problems)
    shared = _shared([e for g in groups for e in g.entries])
    rules = sorted([*glossary(doc.cards), *(Rule(t, x) for t, x in shared)],
                   key=lambda r: (r.name.casefold(), r.users))
    return ForceList(f.name, f.system_title, " \u00b7 ".join(parts), status, f.legal, problems,
                     groups, tuple(rules), tuple(credits(doc.cards)), doc.version,
                     frozenset(shared))


def _shared(entries: list[ListEntry]) -> list[tuple[str, str]]:
    """(title, text) of each full-section entry with a text that two or more distinct
    units print (a weapon's description, a sheet's reminders): a list prints it once."""
    seen: dict[tuple[str, str], set[str]] = {}
    for e in entries:
        for section in e.sections:
            if section.compact or section.glossary:
                continue
            for item in section.entries:
                if item.text.strip():
                    seen.setdefault((item.title, item.text), set()).add(e.card.title)
    return [key for key, users in seen.items() if len(users) > 1]


def cell_text(table: Table, row_index: int, column: int) -> str:
    """A list's table cell: its plain text, a die count as its number, a sub row's small
    print joined to the cell above ('2 +1 +2'), '-' for nothing."""
    rows = table.rows
    row = rows[row_index]
    cells = row.cells
    text = cells[column].plain if column < len(cells) else ""
    for sub in rows[row_index + 1:]:
        if not sub.sub:
            break
        extra = sub.cells[column].plain if column < len(sub.cells) else ""
        if extra:
            text = f"{text} {extra}".strip()
    return text or "-"
