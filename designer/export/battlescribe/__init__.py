"""BattleScribe 2.03 export, for BattleScribe, New Recruit and BlueScribe.

`export_battlescribe` takes the unit and roster files of one system and writes, inside
one folder: the system's game system (`<system>.gst`: the "pts" cost type with no default
limit, hidden cost types for amount limits, the profile types its `LISTING` names), one
catalogue (`<first file>.cat`) holding every distinct unit of the files with the force
entries and constraints (`catalogue`, `forces`), a roster (`<roster>.ros`) for each
roster file, and `index.bsi`, the data index of the folder's game systems and
catalogues; with `zipped`, `.gstz` / `.catz` / `.rosz` archives.

Ids are uuid5s of their place (`cards.make_id`), a unit's from its stable file id, so an
export gives the same bytes every time and links survive renames. A game system or
catalogue already in the folder with the same id is read first: its revision is kept
when nothing but the revision would change and goes up by one otherwise, and a game
system keeps every type it declared, so catalogues exported earlier beside it still
resolve. Such files, and rosters and the index we wrote, are updated without
`overwrite`; any other file in the way is only replaced with it. Every file is written by
`write_files`. A system without points (no `Points` capability) is refused before anything is
written.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from designer.errors import InputError
from designer.export import EXTENSIONS, Exported, _refuse_existing, safe_name
from designer.export.battlescribe.cards import (
    ProfileTypes,
    UnitEntry,
    make_id,
    profile_types,
    unit_entry,
)
from designer.export.battlescribe.catalogue import Plan, catalogue
from designer.export.battlescribe.documents import (
    MARK,
    NS,
    ROOTS,
    Declared,
    Indexed,
    SystemIds,
    data_index,
    declared_of,
    game_system,
    serialize,
    zip_archive,
)
from designer.export.battlescribe.forces import cost_names, force_specs, spec_key
from designer.export.battlescribe.reading import KINDS, kind_of, read_document, read_index
from designer.export.battlescribe.rosters import Fielded, RosterHead, roster
from designer.export.document import ExportDoc
from designer.io import write_all
from designer.points import has_points
from designer.systems import Assessment, GameSystem, Progress
from designer.systems.identity import derived_id

SUFFIXES = tuple(f".{kind}{z}" for kind in KINDS for z in ("", "z"))
INDEX = "index.bsi"


def export_battlescribe(docs: Sequence[ExportDoc], *, out: Path, overwrite: bool = False,
                        zipped: bool = False, progress: Progress | None = None) -> Exported:
    """Write the game system, the catalogue, a roster per roster file and the data index
    into folder `out`; return the last roster's path (else the catalogue's) with the
    others in `others`. InputError for files of several systems, an unpriced system, a bad
    folder or a file in the way."""
    game = _game(docs)
    folder = _folder(out)
    z = "z" if zipped else ""
    first = docs[0]
    ids = SystemIds.of(game.NAME)
    catalogue_id = make_id(game.NAME, "catalogue", first.name)
    rosters = [d for d in docs if d.summary is not None and d.force is not None]
    gst_path = folder / f"{safe_name(game.NAME, 'system')}.gst{z}"
    cat_path = folder / f"{safe_name(first.name, first.kind)}.cat{z}"
    ros_paths = [folder / f"{safe_name(d.name, 'roster')}.ros{z}" for d in rosters]
    paths = [gst_path, cat_path, *ros_paths]
    for doc, path in zip(rosters, ros_paths, strict=True):
        if paths.count(path) > 1:
            raise InputError(f"two files would both be written to {path.name}; export "
                             "them apart or rename one", file=doc.source)
    roster_ids = [make_id(catalogue_id, "roster", d.name) for d in rosters]
    old_gst = _existing(gst_path, ids.game, first.source, overwrite)
    old_cat = _existing(cat_path, catalogue_id, first.source, overwrite)
    for path, rid in zip(ros_paths, roster_ids, strict=True):
        _existing(path, rid, first.source, overwrite)
    _existing(folder / INDEX, None, first.source, overwrite)

    pairs = _units(docs)
    total = len(pairs) + len(paths) + 1
    if progress is not None:
        progress(0, total)
    types = profile_types(game.LISTING, (card for card, _ in pairs))
    units, key_of = _entries(game, catalogue_id, pairs, types)
    specs = force_specs(game, catalogue_id, _catalog(first), [u.assessment for u in units],
                        [(d.name, d.force.catalog, d.force.fields) for d in rosters
                         if d.force is not None])
    declared = Declared(types, tuple(cost_names(specs)))
    if old_gst is not None:
        declared = declared.merged(declared_of(old_gst))
    gst_rev, gst = _revised(lambda rev: game_system(ids, game.TITLE, declared, rev), old_gst)
    plan = Plan.of(ids, catalogue_id, first.name, f"{game.UNIT_WORD.capitalize()}s", units,
                   specs)
    cat_rev, cat = _revised(lambda rev: catalogue(plan, rev, gst_rev), old_cat)
    payloads = [gst, cat]
    by_id = {u.id: u for u in units}
    for doc, rid in zip(rosters, roster_ids, strict=True):
        assert doc.summary is not None and doc.force is not None
        lines = [Fielded(by_id[key_of[_key(game, e.assessment)]], e.count, e.label, e.note)
                 for e in doc.force.entries]
        spec = next(s for s in specs if spec_key(s.fields) == spec_key(doc.force.fields))
        head = RosterHead(rid, doc.name, doc.summary.cap, doc.summary.total)
        payloads.append(serialize(roster(plan, head, game.TITLE, spec, (gst_rev, cat_rev),
                                         lines)))
    files = [(path, zip_archive(path.name[:-1], payload) if z else payload)
             for path, payload in zip(paths, payloads, strict=True)]
    fresh = [Indexed(gst_path.name, "gamesystem", ids.game, game.TITLE, gst_rev),
             Indexed(cat_path.name, "catalogue", catalogue_id, first.name, cat_rev)]
    files.append((folder / INDEX, _index(folder, fresh)))
    done = len(pairs)

    def wrote(path: Path) -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, total)

    written = write_files(files, wrote)
    main = Exported(written[-2] if rosters else written[1])
    main.others = tuple(p for p in written if p != main)
    return main


def write_files(files: Sequence[tuple[Path, bytes]],
                wrote: Callable[[Path], None] | None = None) -> list[Path]:
    """Write every (path, bytes) or none (`designer.io.write_all`: a full disk part way
    leaves the folder as it was): the one place this export writes."""
    written = write_all(dict(files))
    if wrote is not None:
        for target in written:
            wrote(target)
    return written


# --- internals ---------------------------------------------------------------------------


def _game(docs: Sequence[ExportDoc]) -> GameSystem:
    if not docs:
        raise InputError("nothing to export", field="FILE")
    games = [_game_of(doc) for doc in docs]
    for doc, game in zip(docs, games, strict=True):
        if game is not games[0]:
            raise InputError(f"is {game.TITLE}, {docs[0].name} is {games[0].TITLE}; export "
                             "the files of one system together", file=doc.source)
    game = games[0]
    if not has_points(game):
        raise InputError(f"{game.TITLE} defines no points, so there is nothing to cost in "
                         "BattleScribe; nothing written", file=docs[0].source,
                         field="--format")
    return game


def _game_of(doc: ExportDoc) -> GameSystem:
    if doc.force is not None:
        return doc.force.game
    if doc.loaded is not None:
        return doc.loaded.system
    raise InputError("holds neither a unit nor a force to export", file=doc.source)


def _catalog(doc: ExportDoc) -> Any:
    if doc.force is not None:
        return doc.force.catalog
    if doc.loaded is not None:
        return doc.loaded.catalog
    raise InputError("holds neither a unit nor a force to export", file=doc.source)


def _units(docs: Sequence[ExportDoc]) -> list[tuple[Any, Assessment]]:
    """Each document's (card, assessment) pairs, in order: a unit's, a roster's entries'."""
    pairs = []
    for doc in docs:
        if doc.summary is not None and doc.force is not None:
            pairs += [(view.card, entry.assessment)
                      for view, entry in zip(doc.summary.entries, doc.force.entries,
                                             strict=True)]
        elif doc.loaded is not None:
            pairs.append((doc.cards[0], doc.loaded.assessment))
    return pairs


def _key(game: GameSystem, assessment: Assessment) -> str:
    return json.dumps(game.unit_data(assessment.unit), sort_keys=True, default=str)


def _entries(game: GameSystem, catalogue_id: str, pairs: Sequence[tuple[Any, Assessment]],
             types: ProfileTypes) -> tuple[list[UnitEntry], dict[str, str]]:
    """A unit entry per distinct unit, and each unit's entry id by its data. A unit keeps
    its own id; another unit with the same id (a copied file) gets one made from it."""
    units: list[UnitEntry] = []
    key_of: dict[str, str] = {}
    used: set[str] = set()
    for card, assessment in pairs:
        key = _key(game, assessment)
        if key in key_of:
            continue
        unit = assessment.unit
        unit_id = game.unit_id(unit) or derived_id(game.NAME, game.unit_name(unit))
        base, n = unit_id, 1
        while unit_id in used:
            n += 1
            unit_id = make_id(base, str(n))
        used.add(unit_id)
        entry_id = make_id(catalogue_id, "unit", unit_id)
        key_of[key] = entry_id
        units.append(unit_entry(game.LISTING, card, types, entry_id, game.unit_data(unit),
                                assessment))
    return units, key_of


def _folder(out: Path) -> Path:
    suffix = out.suffix.lower()
    if not out.is_dir() and suffix in (*SUFFIXES, *EXTENSIONS.values(), ".bsi"):
        raise InputError(f"names a {suffix} file, but the battlescribe format writes "
                         "several files; give a folder", file=out, field="--out")
    if out.exists() and not out.is_dir():
        raise InputError("is a file, not a folder; the battlescribe format writes several "
                         "files into a folder", file=out, field="--out")
    return out


def _existing(target: Path, own_id: str | None, source: Path | None, overwrite: bool
              ) -> ET.Element | None:
    """An earlier export at `target` (our file with id `own_id`; for the index, a data
    index), or None; any other file there is refused unless `overwrite`. The target must
    stay in its folder."""
    if target.resolve().parent != target.parent.resolve():
        raise InputError("the export would land outside the output folder", file=target)
    if not target.exists():
        return None
    _refuse_existing(target, source, True)  # a folder, or the file being exported
    root = _ours(target)
    if root is not None and (own_id is None or root.get("id") == own_id):
        return root
    _refuse_existing(target, source, overwrite)
    return None


def _ours(target: Path) -> ET.Element | None:
    """The root of a file this export may update: one of our game systems or catalogues,
    a roster, or a data index."""
    try:
        root = read_index(target) if target.name == INDEX else read_document(target)
    except InputError:
        return None
    kind = "index" if target.name == INDEX else kind_of(target)
    if kind is None or root.tag != f"{{{NS[kind]}}}{ROOTS[kind]}":
        return None
    if kind in ("gst", "cat") and not root.findtext(f"{{{NS[kind]}}}comment", "").startswith(
            f"{MARK}:"):
        return None
    return root


def _revised(build: Callable[[int], ET.Element], old: ET.Element | None) -> tuple[int, bytes]:
    """The document at its revision: the earlier one's when only the revision would
    differ, one more when anything else changed, 1 when there is none."""
    root = build(0)
    if old is None:
        revision = 1
    else:
        try:
            before = max(0, int(old.get("revision", "0")))
        except ValueError:
            before = 0
        same = _canon(old) == _canon(ET.fromstring(serialize(root)))
        revision = before if same and before else before + 1
    root.set("revision", str(revision))
    return revision, serialize(root)


def _canon(root: ET.Element) -> str:
    """The document's content without its revision, in canonical form."""
    saved = root.attrib.pop("revision", None)
    try:
        return ET.canonicalize(ET.tostring(root, encoding="unicode"), strip_text=True)
    finally:
        if saved is not None:
            root.set("revision", saved)


def _index(folder: Path, fresh: Sequence[Indexed]) -> bytes:
    """The data index of the folder, named after its game systems: the game system and
    catalogue being written, and every other game system and catalogue already there that
    can be read."""
    listed = {f.path: f for f in fresh}
    for path in sorted(folder.iterdir()) if folder.is_dir() else ():
        kind = kind_of(path)
        if kind not in ("gst", "cat") or path.name in listed:
            continue
        try:
            root = read_document(path)
        except InputError:
            continue
        if root.tag != f"{{{NS[kind]}}}{ROOTS[kind]}":
            continue
        revision = root.get("revision", "0")
        listed[path.name] = Indexed(path.name, "gamesystem" if kind == "gst" else "catalogue",
                                    root.get("id", ""), root.get("name", ""),
                                    int(revision) if revision.isdigit() else 0)
    files = [listed[k] for k in sorted(listed)]
    return data_index(", ".join(f.name for f in files if f.kind == "gamesystem"), files)
