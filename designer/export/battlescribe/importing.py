"""Back from our own BattleScribe files: `import_file` writes the designer unit files a
catalogue holds (each unit entry's comment carries the unit's own file data), or a
roster's file and its units (the roster's force names its catalogue, which must lie
beside it; its force entry's comment carries the force's own fields; its selections,
consecutive ones of one unit grouped, are the entries and counts; its points limit is the
cap, left out when the force's fields imply it, as a setting's starting treasury; a
selection's custom name is its entry's label and its custom notes the entry's note). The
roster may have been edited in BattleScribe or another tool, as long as its units are
our catalogue's.

A file that did not come from designer, or whose data does not load back as designer's,
is refused with the reason: nothing is guessed and nothing written. Every file is checked
before the first is written, an existing file is only replaced when asked to, and the
files are written all together or none (`designer.io.write_all`)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from designer.errors import InputError
from designer.export import safe_name
from designer.export.battlescribe.documents import COST_NAME, NS, ROOTS
from designer.export.battlescribe.held import (
    HeldUnit,
    catalogue_system,
    held_forces,
    held_units,
)
from designer.export.battlescribe.reading import kind_of, read_document
from designer.export.battlescribe.rosters import selection_id
from designer.io import dump_yaml, write_all
from designer.roster import join_roster, parse_roster, split_roster
from designer.systems import system


def import_file(path: Path, out: Path, *, overwrite: bool = False) -> list[Path]:
    """Write the designer files `path` (a .cat/.catz or .ros/.rosz we exported) holds into
    folder `out`; return the paths written. InputError naming the file and the reason."""
    kind = kind_of(path)
    if kind == "gst":
        raise InputError("is a game system; import a catalogue (.cat) or a roster (.ros)",
                         file=path)
    root = read_document(path)
    if kind is None or root.tag != f"{{{NS[kind]}}}{ROOTS[kind]}":
        raise InputError(f"is not a BattleScribe {ROOTS.get(kind or '', 'data file')}",
                         file=path)
    if kind == "cat":
        files = _unit_files(held_units(root, path), out)
    else:
        files = _roster_files(root, path, out)
    if out.exists() and not out.is_dir():
        raise InputError("is a file, not a folder", file=out, field="--out")
    for target, _ in files:
        if target.exists() and not overwrite:
            raise InputError("exists; pass --force to overwrite", file=target)
        if target.exists() and target.resolve() == path.resolve():
            raise InputError("is the file being imported; choose another --out", file=target)
    return write_all(dict(files))  # all of them or none (a full disk part way)


# --- internals ---------------------------------------------------------------------------


def _unit_files(units: dict[str, HeldUnit], out: Path) -> list[tuple[Path, str]]:
    """A file per unit, named after it (a name met again gets -2, -3 ...)."""
    files, used = [], set()
    for unit in units.values():
        stem = base = safe_name(unit.name, "unit")
        n = 1
        while stem in used:
            n += 1
            stem = f"{base}-{n}"
        used.add(stem)
        files.append((out / f"{stem}.yaml", dump_yaml(unit.data)))
    return files


def _roster_files(root: ET.Element, path: Path, out: Path) -> list[tuple[Path, str]]:
    ns = NS["ros"]
    forces = root.findall(f"{{{ns}}}forces/{{{ns}}}force")
    if len(forces) != 1:
        raise InputError(f"holds {len(forces)} forces; a designer roster is one force",
                         file=path)
    force = forces[0]
    cat_root, cat_path = _catalogue_beside(path, force.get("catalogueId", ""),
                                           force.get("catalogueName", ""))
    game = system(catalogue_system(cat_root, cat_path), file=cat_path)
    units = held_units(cat_root, cat_path)
    fields = _force_fields(cat_root, force.get("entryId", ""), path)
    unit_files = _unit_files(units, out)
    file_of = {eid: target.name for eid, (target, _) in zip(units, unit_files, strict=True)}
    entries = _entries(force, root.get("id", ""), path)
    used = set()
    lines = []
    for line in entries:
        if line.entry_id not in units:
            raise InputError(f"a selection is no unit of catalogue '{cat_root.get('name')}'"
                             f" (entry {line.entry_id})", file=path)
        used.add(line.entry_id)
        lines.append({"unit": file_of[line.entry_id], "count": line.count, **line.own()})
    generic: dict[str, Any] = {"system": game.NAME, "name": root.get("name", ""),
                               "units": lines}
    cap = _cap(root)
    implied, _ = split_roster(game, join_roster(game, generic, fields), path)
    if cap is not None and implied.get("points_cap") != cap:  # a cap the fields imply
        generic = {"system": game.NAME, "name": generic["name"], "points_cap": cap,
                   "units": lines}                          # (a setting's treasury) is left
    data = join_roster(game, generic, fields)
    target = out / f"{safe_name(generic['name'], 'roster')}.yaml"
    # the roster must load back before anything is written: checked with its units inline
    inline = [{"unit": units[line.entry_id].data, "count": line.count, **line.own()}
              for line in entries]
    parse_roster(join_roster(game, {**generic, "units": inline}, fields), file=path)
    return [*(f for eid, f in zip(units, unit_files, strict=True) if eid in used),
            (target, dump_yaml(data))]


def _catalogue_beside(path: Path, catalogue_id: str, name: str) -> tuple[ET.Element, Path]:
    """Our catalogue with id `catalogue_id` in the roster's folder."""
    for candidate in sorted(path.parent.iterdir()):
        if kind_of(candidate) != "cat":
            continue
        try:
            root = read_document(candidate)
        except InputError:
            continue
        if root.get("id") == catalogue_id:
            return root, candidate
    raise InputError(f"needs its catalogue '{name}' (id {catalogue_id}) beside it; put the "
                     ".cat file exported with it in the same folder", file=path)


def _force_fields(cat_root: ET.Element, entry_id: str, path: Path) -> dict[str, Any]:
    for force in held_forces(cat_root):
        if force.id == entry_id:
            return force.fields
    raise InputError("its force is of no designer force entry of its catalogue", file=path)


@dataclass(frozen=True, slots=True)
class _Line:
    """A roster entry read from selections: the unit entry, how many, label and note."""

    entry_id: str
    count: int
    label: str = ""
    note: str = ""

    def own(self) -> dict[str, str]:
        """The label and note as a roster file writes them (only those set)."""
        return {k: v for k, v in (("label", self.label), ("note", self.note)) if v}


def _entries(force: ET.Element, roster_id: str, path: Path) -> list[_Line]:
    """The roster's entries: consecutive selections of one unit with one custom name and
    notes are one entry, unless the next one's id is the one our export gives a new
    entry's first."""
    ns = NS["ros"]
    out: list[_Line] = []
    for selection in force.iterfind(f"{{{ns}}}selections/{{{ns}}}selection"):
        try:
            times = int(selection.get("number", "1"))
        except ValueError:
            raise InputError(f"selection '{selection.get('name')}' has number "
                             f"{selection.get('number')!r}", file=path) from None
        if times < 1:
            continue
        line = _Line(selection.get("entryId", ""), times, selection.get("customName") or "",
                     selection.findtext(f"{{{ns}}}customNotes") or "")
        starts = selection.get("id") == selection_id(roster_id, len(out) + 1, 1)
        last = out[-1] if out else None
        if last is not None and not starts and \
                (last.entry_id, last.label, last.note) == (line.entry_id, line.label, line.note):
            out[-1] = replace(last, count=last.count + times)
        else:
            out.append(line)
    return out


def _cap(root: ET.Element) -> int | None:
    ns = NS["ros"]
    for limit in root.iterfind(f"{{{ns}}}costLimits/{{{ns}}}costLimit"):
        if limit.get("name") == COST_NAME:
            try:
                value = float(limit.get("value", "-1"))
            except ValueError:
                return None
            return None if value < 0 else int(value)
    return None

