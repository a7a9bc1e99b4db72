"""Tracks for each model of an entry: a roster entry of count N prints its card or sheet
once, then the card's `record` tables and sections (a wound track, hit point boxes)
N times, each copy labelled with its number, on cards or sheets of the card's own layout
("Dock Thug: tracks 1-3 of 6"), so that no two creatures share one track."""

from __future__ import annotations

from dataclasses import replace

from designer.card import Block, Card, Section, Table, Tag
from designer.export.document import ExportDoc
from designer.tally import Tally

#: how many rows (a main row 1, a sub row half, a section 2, a table's head 0.8) one
#: tracks card or sheet holds
ROOM = {"card": 16.0, "sheet": 15.5}


def record_blocks(card: Card) -> list[Table | Section]:
    return [b for b in card.blocks
            if isinstance(b, (Table, Section)) and b.record
            and (not isinstance(b, Section) or (b.on_card and b.entries))]


def _weight(blocks: list[Table | Section]) -> float:
    """The rows one copy of the blocks takes (a table's head is shared by the copies)."""
    return sum(sum(0.5 if r.sub else 1.0 for r in b.rows) if isinstance(b, Table)
               else 2.0 for b in blocks)


def _copy(block: Table | Section, number: int) -> Table | Section:
    """One creature's copy of a record block, each row or entry labelled with its
    number ('2 · Wounds')."""
    if isinstance(block, Table):
        rows = tuple(r if r.sub else replace(r, label=f"{number} \u00b7 {r.label}",
                                             short=f"{number} \u00b7 {r.short or r.label}")
                     for r in block.rows)
        return replace(block, rows=rows)
    return replace(block, label=f"{number} \u00b7 {block.label}",
                   short=f"{number} \u00b7 {block.short or block.label}")


def tracks_for(card: Card, count: int) -> list[Card]:
    """The tracks cards of an entry of `count` of `card`: none when it has no record
    blocks or counts one."""
    blocks = record_blocks(card)
    if count < 2 or not blocks:
        return []
    heads = 0.8 * sum(isinstance(b, Table) for b in blocks)
    per = max(1, int((ROOM[card.layout] - heads) // max(_weight(blocks), 1.0)))
    out = []
    for start in range(1, count + 1, per):
        end = min(count, start + per - 1)
        copies: list[Block] = []
        for number in range(start, end + 1):
            # a table's copies share one head: the rows of each copy follow the last
            for block in blocks:
                copy = _copy(block, number)
                previous = next((c for c in copies if isinstance(c, Table)
                                 and isinstance(copy, Table) and c.columns == copy.columns
                                 and c.key == copy.key and c.record), None)
                if isinstance(copy, Table) and isinstance(previous, Table):
                    index = copies.index(previous)
                    copies[index] = replace(previous, rows=previous.rows + copy.rows)
                else:
                    copies.append(copy)
        span = f"{start}" if start == end else f"{start}-{end}"
        out.append(Card(f"{card.title}: tracks {span} of {count}", None, card.system,
                        (Tag(f"one track for each of {count}", keyword=False),),
                        tuple(copies), Tally(card.title), layout=card.layout))
    return out


def with_tracks(doc: ExportDoc) -> list[tuple[Card, list[Card]]]:
    """Each card of the document with the tracks cards of the entries that use it."""
    tracks: dict[int, list[Card]] = {id(c): [] for c in doc.cards}
    if doc.summary is not None:
        for entry in doc.summary.entries:
            tracks[id(entry.card)] += tracks_for(entry.card, entry.count)
    return [(c, tracks[id(c)]) for c in doc.cards]


def is_tracks(card: Card) -> bool:
    """Whether a card holds tracks only (it gets no record sheet of its own)."""
    return all(isinstance(b, (Table, Section)) and b.record for b in card.blocks)

