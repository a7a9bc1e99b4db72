"""The system-neutral card: what every export and the TUI preview draw.

A game system turns an assessed unit into a `Card` (its `card()` member); the formats
only lay the card's blocks out. A block is one of:

- `Table`: columns with rows of cells; a cell is text, a die count drawn as pips, or an
  icon; a row may be a `sub` row (small print under the row above, e.g. bumps);
- `Stat`: one labelled value on a line, with an optional icon and note;
- `Section`: a labelled list of entries (abilities, equipment, weapons), each a title,
  an optional note and an optional text.

A table or section may carry a `key` saying what it holds, which data exports read through
the system's `LISTING` instead of its display text.

Tones name the role of a colour, not the colour: `attack` and `defence` (OpenTactics'
red and blue dice), `highlight` (an elemental type), `muted`. Each format maps them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from designer.tally import Issue, Line, Tally

Tone = Literal["", "attack", "defence", "highlight", "muted"]
CellKind = Literal["text", "dice", "icon"]


@dataclass(frozen=True, slots=True)
class Cell:
    """One table cell: `text`, or `dice` pips (`count` of them), or an `icon` by name."""

    kind: CellKind = "text"
    text: str = ""
    count: int = 0
    tone: Tone = ""

    @property
    def plain(self) -> str:
        """The cell as plain text (a die count as its number, "-" for none)."""
        if self.kind == "dice":
            return str(self.count)
        return self.text


def text(value: object, tone: Tone = "") -> Cell:
    return Cell("text", str(value), tone=tone)


def dice(count: int, tone: Tone = "") -> Cell:
    return Cell("dice", count=count, tone=tone)


@dataclass(frozen=True, slots=True)
class Row:
    """A table row. `label` names it in text exports ("OFF dice"); `short` is what a card
    prints in its label column ("OFF", "" under a row it belongs to)."""

    label: str
    cells: tuple[Cell, ...]
    short: str = ""
    tone: Tone = ""
    sub: bool = False


@dataclass(frozen=True, slots=True)
class Table:
    """Columns and rows; `key` names what the table holds for data exports (the system's
    `LISTING` says what each key is), never shown."""

    columns: tuple[str, ...]
    rows: tuple[Row, ...]
    short_columns: tuple[str, ...] = ()  # three-letter heads for narrow previews
    key: str = ""
    #: boxes to mark in play (a wound track): printed once for each creature of an entry,
    #: left out of a force list
    record: bool = False

    @property
    def heads(self) -> tuple[str, ...]:
        return self.short_columns or self.columns


@dataclass(frozen=True, slots=True)
class Stat:
    """`Athletics: 10` with, e.g., the wing icon and the note "flies"; `detail` adds a
    word on a roomier sheet ("athletics cost doubled")."""

    label: str
    value: str
    short: str = ""
    icon: str = ""
    note: str = ""
    detail: str = ""


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry of a section: 'Stealth 2 (from Cloak): effect'."""

    title: str
    note: str = ""
    text: str = ""
    #: the name a rules glossary gives the text under ("Hex" for the card's "Hex 2");
    #: "" for the title
    rule: str = ""

    @property
    def rule_name(self) -> str:
        return self.rule or self.title

    @property
    def label(self) -> str:
        """The entry in a comma-separated list: 'Bow or Crossbow (range 6)'."""
        return f"{self.title} ({self.note})" if self.note else self.title


@dataclass(frozen=True, slots=True)
class Section:
    """A labelled list. `compact` sections print as one line of entry labels on a card
    ('Gear: ...'); `on_card` False keeps a section to the roomier text exports.

    A `glossary` section holds special rules: a printout names its entries on the card
    and prints each entry's text once, in the printout's rules glossary (a roster's last
    page, a unit's second side). A `record` section holds boxes to mark in play (hit
    points, damage): cards and sheets print it, once for each model of an entry; a
    force list leaves it out."""

    label: str
    entries: tuple[Entry, ...]
    short: str = ""
    compact: bool = False
    on_card: bool = True
    key: str = ""  # what the section holds, for data exports (as a Table's key)
    glossary: bool = False
    record: bool = False


Block = Table | Stat | Section


@dataclass(frozen=True, slots=True)
class Tag:
    """A word under the card's title; a `keyword` one (a type, a rank) is also the unit's
    category in army-list data, the rest (how it was priced, its module) only shown."""

    name: str
    tone: Tone = ""
    mark: str = ""  # e.g. "*" for an elemental type, explained by the card's legend
    keyword: bool = True


@dataclass(frozen=True, slots=True)
class Card:
    """A unit's card: title, points (None for a system without points), tags, blocks, and
    the tally and findings behind the points."""

    title: str
    points: int | None
    system: str  # the short name printed in the card's footer
    tags: tuple[Tag, ...]
    blocks: tuple[Block, ...]
    tally: Tally
    legend: str = ""  # explains tag marks: "* elemental"
    #: "card": a poker-size card plus a record sheet four to a page; "sheet": a
    #: half-page sheet two to a page and no card (a character sheet, as TACTICS prints)
    layout: Literal["card", "sheet"] = "card"
    #: the rules' attribution (a licence's credit): printed once in a printout, beside its
    #: rules glossary, and with the stat block in the text exports
    credit: str = ""
    final: dict = field(default_factory=dict, compare=False, hash=False)  # for data exports

    @property
    def printed(self) -> int | None:
        return self.tally.printed

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

    def step_totals(self) -> dict[str, int]:
        return self.tally.step_totals()

    def tables(self) -> list[Table]:
        return [b for b in self.blocks if isinstance(b, Table)]

    def stats(self) -> list[Stat]:
        return [b for b in self.blocks if isinstance(b, Stat)]

    def sections(self) -> list[Section]:
        return [b for b in self.blocks if isinstance(b, Section)]


#: a box to tick on a printed card or sheet (the printouts never break a line inside it)
BOX = "[ ]"


def boxes(count: int) -> str:
    """`count` boxes in a row: '[ ] [ ] [ ]'."""
    return " ".join([BOX] * count)


def points_text(points: int) -> str:
    """'1 point', '12 points': the one way points are written out."""
    return f"{points} point" if points in (1, -1) else f"{points} points"
