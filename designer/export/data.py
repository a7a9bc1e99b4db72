"""JSON and YAML exports: the normalised unit or roster with its computed totals.

JSON carries everything a program may want (the unit file's data, the final values the
card prints, total, breakdown, errors and warnings). YAML is a unit or roster file that
loads back as it is (the totals and breakdowns ride along as comments), with every unit
written inline so the file stands on its own wherever it is saved.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import replace
from typing import Any

from designer.card import Card
from designer.export.document import ExportDoc
from designer.io import dump_yaml
from designer.points import has_points
from designer.roster import roster_data
from designer.systems import GameSystem, Progress


def unit_json(card: Card, data: dict[str, Any], system: str,
              priced: bool = True) -> dict[str, Any]:
    """A unit's JSON; one of a system without points (`priced` False) carries no total,
    printed value, breakdown or step totals."""
    tally = card.tally.as_dict()
    points = {"total": card.points, "printed": card.printed} if priced else {}
    lines = {"breakdown": tally["breakdown"], "step_totals": card.step_totals()} \
        if priced else {}
    return {
        "kind": "unit",
        "name": card.title,
        "system": system,
        **points,
        "legal": card.legal,
        **lines,
        "errors": tally["errors"],
        "warnings": tally["warnings"],
        "final": card.final,
        "unit": data,
    }


def unit_data(game: GameSystem, unit: Any) -> dict[str, Any]:
    """The unit as its file holds it, without the printed points a system without
    points ignores (a TACTICS sheet's `points:`)."""
    data = game.unit_data(unit)
    if not has_points(game):
        data.pop("points", None)
    return data


def doc_json(doc: ExportDoc) -> dict[str, Any]:
    if doc.kind == "unit":
        assert doc.loaded is not None
        loaded = doc.loaded
        return unit_json(doc.cards[0], unit_data(loaded.system, loaded.unit),
                         loaded.system.NAME, has_points(loaded.system))
    assert doc.force is not None
    force = doc.force
    data = force.as_dict()
    for entry_data, entry in zip(data["entries"], force.entries, strict=True):
        entry_data.update(entry.own())  # its label and note, as the roster file has them
        entry_data["unit"] = unit_data(force.game, entry.unit)
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
        loaded = doc.loaded
        data = unit_data(loaded.system, loaded.unit)
        notes += _card_notes(doc.cards[0])
    else:
        assert doc.force is not None and doc.summary is not None
        force, f = doc.force, doc.summary
        figures = []
        if f.priced:
            cap = (f" (cap {f.cap}, {f.left_text()})" if f.cap is not None
                   else " (no cap)" if f.budgeted else "")
            figures.append(f"{f.total} points{cap}")
        figures.append(f"{f.unit_count} {f.units_word}")
        figures += [f"{fact.label}: {fact.figure()}" for fact in f.facts]
        figures.append("legal" if f.legal else "NOT LEGAL")
        notes.append(f"{f.name}: {', '.join(figures)}")
        notes += [f"  {p.message}" for p in f.problems]
        for e in f.entries:
            each = f" {e.points} x {e.count} = {e.subtotal}" if f.priced else f" x {e.count}"
            notes.append(f"unit {e.number}: {e.shown_name}{each}")
        # every unit inline, so the file loads wherever it is saved
        game = force.game
        entries = [replace(e, file=None) if e.broken or has_points(game) else
                   replace(e, file=None, assessment=e.assessment._replace(
                       unit=game.parse_unit(unit_data(game, e.unit), force.catalog)))
                   for e in force.entries]
        data = roster_data(force.with_entries(entries))
        if not has_points(game):
            data.pop("points_cap", None)
    header = "".join(f"# {_comment_safe(n)}\n" for n in notes)
    out = header + dump_yaml(data)
    _done(progress, len(doc.cards))
    return out


def _card_notes(card: Card) -> list[str]:
    status = "legal" if card.legal else f"NOT LEGAL ({len(card.errors)} errors)"
    if card.points is None:
        notes = [f"{card.title}: {status}"]
    else:
        notes = [f"{card.title}: {card.points} points, {status}"]
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
