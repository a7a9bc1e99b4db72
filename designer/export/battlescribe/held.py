"""What a catalogue we wrote holds, read back: its system, each unit entry's own file data
(carried in the entry's comment) loaded as designer's, and each force entry's fields.
`designer import` writes these back as files; the export keeps them in the catalogue it
writes over one, so units exported earlier stay fieldable beside new ones.

A catalogue that did not come from designer, or whose data does not load back as
designer's, is refused with the reason (InputError): nothing is guessed."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from designer.errors import InputError
from designer.export.battlescribe.documents import MARK, NS
from designer.systems import system
from designer.units import LoadedUnit, parse_unit_data


@dataclass(frozen=True, slots=True)
class HeldUnit:
    """A unit entry of our catalogue: its name, the unit's file data and the unit."""

    name: str
    data: dict[str, Any]
    loaded: LoadedUnit[Any, Any]


@dataclass(frozen=True, slots=True)
class HeldForce:
    """A force entry of our catalogue: its id, name and the force fields it stands for."""

    id: str
    name: str
    fields: dict[str, Any]


def marked_data(element: ET.Element, ns: str, kind: str) -> dict[str, Any] | None:
    """The data our comment on `element` carries, or None when it has none of ours."""
    text = element.findtext(f"{{{ns}}}comment") or ""
    head = f"{MARK}:{kind} "
    if not text.startswith(head):
        return None
    try:
        data = json.loads(text[len(head):])
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def catalogue_system(root: ET.Element, path: Path) -> str:
    """The system of our catalogue `root`; InputError for one we did not write."""
    head = marked_data(root, NS["cat"], "catalogue")
    if head is None or not isinstance(head.get("system"), str):
        raise InputError("was not written by designer (its catalogue has no designer "
                         "comment); only designer's own BattleScribe exports come back",
                         file=path)
    system(head["system"], file=path)  # an unknown system is refused here
    return head["system"]


def held_units(root: ET.Element, path: Path, *, skip: bool = False) -> dict[str, HeldUnit]:
    """Each unit entry of our catalogue by entry id, its data loaded as the unit file it
    came from (paths in it taken from the catalogue's folder). An entry that does not load
    is refused, or with `skip` left out."""
    ns = NS["cat"]
    own = catalogue_system(root, path)
    out = {}
    for entry in root.iterfind(f"{{{ns}}}selectionEntries/{{{ns}}}selectionEntry"):
        try:
            out[entry.get("id", "")] = _held_unit(entry, own, path)
        except InputError:
            if not skip:
                raise
    return out


def held_forces(root: ET.Element) -> list[HeldForce]:
    """Each force entry of our catalogue that says which force fields it stands for."""
    ns = NS["cat"]
    out = []
    for entry in root.iterfind(f"{{{ns}}}forceEntries/{{{ns}}}forceEntry"):
        data = marked_data(entry, ns, "force")
        if data is not None and isinstance(data.get("fields"), dict):
            out.append(HeldForce(entry.get("id", ""), entry.get("name", ""), data["fields"]))
    return out


# --- internals ---------------------------------------------------------------------------


def _held_unit(entry: ET.Element, own: str, path: Path) -> HeldUnit:
    ns = NS["cat"]
    data = marked_data(entry, ns, "unit")
    label = entry.get("name", "")
    if data is None:
        raise InputError(f"unit entry '{label}' carries no designer data; it was not "
                         "written by designer", file=path)
    try:
        loaded = parse_unit_data(data, file=path, field_prefix=f"'{label}'")
    except InputError as exc:
        raise InputError(f"unit '{label}' does not load back: {exc.problem}",
                         file=path, field=exc.field) from None
    if own != loaded.system.NAME:
        raise InputError(f"unit '{label}' is {loaded.system.NAME}, the catalogue {own}",
                         file=path)
    return HeldUnit(loaded.system.unit_name(loaded.unit), data, loaded)
