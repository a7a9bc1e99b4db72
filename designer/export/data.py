"""JSON and YAML exports: the normalised unit or roster with its computed totals.

JSON carries everything a program may want (the unit file's data, final values after
equipment, total, breakdown, errors and warnings). YAML is a unit or roster file that
loads back as it is (the totals and breakdowns ride along as comments), with every unit
written inline so the file stands on its own wherever it is saved.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable
from typing import Any

from designer.export.card import CardView, ExportDoc
from designer.io import dump_yaml

Progress = Callable[[int, int], None]


def unit_json(card: CardView, data: dict[str, Any]) -> dict[str, Any]:
    tally = card.tally.as_dict()
    return {
        "kind": "unit",
        "name": card.name,
        "system": data.get("system", "opentactics"),
        "total": card.points,
        "printed": card.printed,
        "legal": card.legal,
        "breakdown": tally["breakdown"],
        "step_totals": card.step_totals(),
        "errors": tally["errors"],
        "warnings": tally["warnings"],
        "final": final_json(card),
        "unit": data,
    }


def final_json(card: CardView) -> dict[str, Any]:
    """The values the card prints: innate plus equipment."""
    return {
        "types": [{"name": t.name, "category": t.category} for t in card.types],
        "skills": {
            s.key: {"off_dice": s.off.dice, "off_bumps": list(s.off.bumps),
                    "def_dice": s.defence.dice, "def_bumps": list(s.defence.bumps),
                    "range": s.range}
            for s in card.skills
        },
        "athletics": card.athletics,
        "flies": card.flies,
        "abilities": [{"name": a.name, "rank": a.rank, "source": a.source or None,
                       "custom": a.custom, "summary": a.summary} for a in card.abilities],
        "equipment": [{"item": e.item, "kind": e.kind, "choices": e.choices,
                       "effects": e.effects} for e in card.equipment],
    }


def doc_json(doc: ExportDoc) -> dict[str, Any]:
    if doc.kind == "unit":
        assert doc.loaded is not None
        return unit_json(doc.cards[0], doc.loaded.unit.to_data())
    assert doc.force is not None
    data = doc.force.as_dict()
    for entry_data, entry in zip(data["entries"], doc.force.entries, strict=True):
        entry_data["unit"] = entry.loaded.unit.to_data()
    return {"kind": "roster", **data}


def render_json(doc: ExportDoc, *, progress: Progress | None = None) -> str:
    out = json.dumps(doc_json(doc), indent=2, ensure_ascii=False) + "\n"
    _done(progress, len(doc.cards))
    return out


def render_yaml(doc: ExportDoc, *, progress: Progress | None = None) -> str:
    """A loadable unit or roster file, with the tally as comments above it."""
    notes: list[str] = [f"Exported by designer {doc.version}; loads as a "
                        f"{doc.kind} file. Computed values are comments and are not read."]
    if doc.kind == "unit":
        assert doc.loaded is not None
        card = doc.cards[0]
        data = doc.loaded.unit.to_data()
        notes += _card_notes(card)
    else:
        assert doc.force is not None and doc.summary is not None
        f = doc.summary
        cap = "no cap" if f.cap is None else f"cap {f.cap}, remaining {f.remaining}"
        notes.append(f"{f.name}: {f.total} points ({cap}), {f.unit_count} units, starting "
                     f"morale {f.morale}, {'legal' if f.legal else 'NOT LEGAL'}")
        notes += [f"  {p.message}" for p in f.problems]
        for e in f.entries:
            notes.append(f"unit {e.number}: {e.name} {e.points} x {e.count} = {e.subtotal}")
        data = {"system": doc.force.system, "name": doc.force.name}
        if doc.force.cap is not None:
            data["points_cap"] = doc.force.cap
        data["units"] = [{"unit": e.loaded.unit.to_data(), "count": e.count}
                         for e in doc.force.entries]
    header = "".join(f"# {_comment_safe(n)}\n" for n in notes)
    out = header + dump_yaml(data)
    _done(progress, len(doc.cards))
    return out


def _card_notes(card: CardView) -> list[str]:
    status = "legal" if card.legal else f"NOT LEGAL ({len(card.errors)} errors)"
    notes = [f"{card.name}: {card.points} points, {status}"]
    if card.audit:
        notes.append(card.audit)
    notes += [f"  {line.step}: {line.item} = {line.points}" for line in card.breakdown]
    notes += [f"  error {i.line()}" for i in card.errors]
    notes += [f"  warning {i.line()}" for i in card.warnings]
    return notes


def _comment_safe(text: str) -> str:
    """One comment line whatever the text holds: YAML also breaks lines at U+0085,
    U+2028 and U+2029, so every control or separator character becomes a space."""
    return "".join(" " if unicodedata.category(ch)[0] in "CZ" and ch != " " else ch
                   for ch in text)


def _done(progress: Progress | None, cards: int) -> None:
    if progress is not None:
        progress(cards, cards)
