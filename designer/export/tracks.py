"""Tracks for each model of an entry: a roster entry of count N prints N tracks, one per
creature, and no more. An entry of one marks the boxes its card or sheet carries (the
card's `record` tables and sections: a wound track, hit point boxes). An entry of several
prints its card or sheet once without those boxes, then the boxes N times, each copy
labelled with its number, on cards or sheets of the card's own layout ("Dock Thug: tracks
1-3 of 6", or by the entry's label: "Wharf Gang (Dock Thug): tracks 1-3 of 6"), so that
no two creatures share one track and none is left over."""

from __future__ import annotations

from dataclasses import replace

from designer.card import Block, Card, Section, Table, Tag
from designer.export.document import EntryView, ExportDoc
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


def without_record(card: Card) -> Card:
    """The card without the boxes its tracks print (they are on its tracks cards)."""
    record = {id(b) for b in record_blocks(card)}
    return replace(card, blocks=tuple(b for b in card.blocks if id(b) not in record))


def tracks_for(card: Card, count: int, name: str = "") -> list[Card]:
    """The tracks cards of an entry of `count` of `card`, headed by the entry's `name`
    (its label with the unit's name; the card's title when not given): none when it has
    no record blocks."""
    blocks = record_blocks(card)
    if count < 1 or not blocks:
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
        span = f"track {start}" if start == end else f"tracks {start}-{end}"
        each = f"one track for each of {count}" if count > 1 else "one track"
        out.append(Card(f"{name or card.title}: {span} of {count}", None, card.system,
                        (Tag(each, keyword=False),),
                        tuple(copies), Tally(card.title), layout=card.layout))
    return out


def with_tracks(doc: ExportDoc) -> list[tuple[Card, list[Card]]]:
    """Each card of the document as it prints, with the tracks cards of the entries that
    use it. The card's own boxes are the track of the first entry of one that uses it
    (a unit's card keeps them too); every other entry's tracks are cards of their own,
    and a card that no entry of one uses prints without boxes."""
    if doc.summary is None:
        return [(c, []) for c in doc.cards]
    entries: dict[int, list[EntryView]] = {id(c): [] for c in doc.cards}
    for entry in doc.summary.entries:
        entries[id(entry.card)].append(entry)
    out: list[tuple[Card, list[Card]]] = []
    for c in doc.cards:
        uses = entries[id(c)]
        single = next((e for e in uses if e.count == 1), None)
        tracks = [t for e in uses if e is not single
                  for t in tracks_for(c, e.count, e.shown_name)]
        out.append((c if single is not None or not tracks else without_record(c), tracks))
    return out


def is_tracks(card: Card) -> bool:
    """Whether a card holds tracks only (it gets no record sheet of its own)."""
    return all(isinstance(b, (Table, Section)) and b.record for b in card.blocks)

