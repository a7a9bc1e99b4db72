"""BattleScribe 2.03 export, for BattleScribe, New Recruit and BlueScribe.

`export_battlescribe` takes the unit and roster files of one system and writes, inside
one folder: the system's game system (`<system>.gst`: the "pts" cost type with no default
limit, hidden cost types for amount limits, the profile types its `LISTING` names), the
system's one catalogue (`<system>-<unit word>s.cat`) with the force entries and
constraints (`catalogue`, `forces`), a roster (`<roster>.ros`) for each roster file, and
`index.bsi`, the data index of the folder's game systems and catalogues; with `zipped`,
`.gstz` / `.catz` / `.rosz` archives.

Ids are uuid5s of their place (`cards.make_id`): the catalogue's of the system's name, a
unit entry's of that and the unit's stable file id (`stock`), so an export gives the same
bytes every time, whatever the files are called or their order, and links survive
renames. The catalogue holds every distinct unit of the files and keeps the units and
force entries the one already in the folder held (`held`), so units exported at
different times are fielded together. A game system or catalogue already in the folder
with the same id is read first: its revision is kept when nothing but the revision would
change and goes up by one otherwise, and a game system keeps every type it declared, so
catalogues exported earlier beside it still resolve. Such files, and rosters and the
index we wrote, are updated without `overwrite`; any other file in the way is only
replaced with it. Every file is written by `write_files`. A system without points (no
`Points` capability) is refused before anything is written.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from designer.errors import InputError
from designer.export import EXTENSIONS, Exported, _refuse_existing, safe_name
from designer.export.battlescribe.cards import make_id, profile_types, unit_entry
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
from designer.export.battlescribe.forces import (
    cost_names,
    force_specs,
    roster_force_name,
    spec_key,
)
from designer.export.battlescribe.held import HeldUnit, held_forces, held_units
from designer.export.battlescribe.reading import KINDS, kind_of, read_document, read_index
from designer.export.battlescribe.rosters import Fielded, RosterHead, roster
from designer.export.battlescribe.stock import stock, unit_key
from designer.export.document import ExportDoc
from designer.io import write_all
from designer.points import has_points
from designer.systems import Assessment, GameSystem, Progress

SUFFIXES = tuple(f".{kind}{z}" for kind in KINDS for z in ("", "z"))
INDEX = "index.bsi"


def export_battlescribe(docs: Sequence[ExportDoc], *, out: Path, overwrite: bool = False,
                        zipped: bool = False, progress: Progress | None = None) -> Exported:
    """Write the game system, the catalogue, a roster per roster file and the data index
    into folder `out`; return the last roster's path (else the catalogue's) with the
    others in `others`. InputError for files of several systems, an unpriced system, a bad
    folder, a file in the way, or a catalogue there whose units no longer load (unless
    `overwrite`: then those are left out)."""
    game = _game(docs)
    folder = _folder(out)
    z = "z" if zipped else ""
    first = docs[0]
    ids = SystemIds.of(game.NAME)
    catalogue_id = make_id(game.NAME, "catalogue")
    catalogue_name = f"{game.SHORT} {game.UNIT_WORD}s"
    rosters = [d for d in docs if d.summary is not None and d.force is not None]
    gst_path = folder / f"{safe_name(game.NAME, 'system')}.gst{z}"
    cat_path = folder / f"{safe_name(f'{game.NAME} {game.UNIT_WORD}s', 'units')}.cat{z}"
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

    fresh = _units(docs)
    total = len(fresh) + len(paths) + 1
    if progress is not None:
        progress(0, total)
    held, kept = _held(game, old_cat, cat_path, overwrite)
    stocked, key_of = stock(game, catalogue_id, fresh, held)
    types = profile_types(game.LISTING, (s.card for s in stocked))
    units = [unit_entry(game.LISTING, s.card, types, s.id, game.unit_data(s.assessment.unit),
                        s.assessment) for s in stocked]
    forces = sorted((d.force for d in rosters if d.force is not None), key=lambda f: f.name)
    own = [(roster_force_name(game, f.name), f.catalog, f.fields) for f in forces]
    specs = force_specs(game, catalogue_id,
                        [f.catalog for f in forces] + [s.catalog for s in stocked],
                        [u.assessment for u in units], kept + own)
    declared = Declared(types, tuple(cost_names(specs)))
    if old_gst is not None:
        declared = declared.merged(declared_of(old_gst))
    gst_rev, gst = _revised(lambda rev: game_system(ids, game.TITLE, declared, rev), old_gst)
    plan = Plan.of(ids, catalogue_id, catalogue_name, f"{game.UNIT_WORD.capitalize()}s",
                   units, specs)
    cat_rev, cat = _revised(lambda rev: catalogue(plan, rev, gst_rev), old_cat)
    payloads = [gst, cat]
    by_id = {u.id: u for u in units}
    for doc, rid in zip(rosters, roster_ids, strict=True):
        assert doc.summary is not None and doc.force is not None
        lines = [Fielded(by_id[key_of[unit_key(game, e.assessment)]], e.count, e.label,
                         e.note) for e in doc.force.entries]
        spec = next(s for s in specs if spec_key(s.fields) == spec_key(doc.force.fields))
        head = RosterHead(rid, doc.name, doc.summary.cap, doc.summary.total)
        payloads.append(serialize(roster(plan, head, game.TITLE, spec, (gst_rev, cat_rev),
                                         lines)))
    files = [(path, zip_archive(path.name[:-1], payload) if z else payload)
             for path, payload in zip(paths, payloads, strict=True)]
    listed = [Indexed(gst_path.name, "gamesystem", ids.game, game.TITLE, gst_rev),
              Indexed(cat_path.name, "catalogue", catalogue_id, catalogue_name, cat_rev)]
    files.append((folder / INDEX, _index(folder, listed)))
    done = len(fresh)

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


def _units(docs: Sequence[ExportDoc]) -> list[tuple[Any, Assessment, Any]]:
    """Each document's (card, assessment, catalog) triples, in order: a unit's, a roster's
    entries' (on the force's catalog)."""
    out = []
    for doc in docs:
        if doc.summary is not None and doc.force is not None:
            out += [(view.card, entry.assessment, doc.force.catalog)
                    for view, entry in zip(doc.summary.entries, doc.force.entries,
                                           strict=True)]
        elif doc.loaded is not None:
            out.append((doc.cards[0], doc.loaded.assessment, doc.loaded.catalog))
    return out


def _held(game: GameSystem, old: ET.Element | None, path: Path, overwrite: bool
          ) -> tuple[dict[str, HeldUnit], list[tuple[str, Any, dict[str, Any]]]]:
    """The units (by entry id) and the force entries (name, catalog, fields) of the
    catalogue already at `path`, which the new one keeps. InputError when one no longer
    loads (a unit file's rules changed, a module file moved), unless `overwrite`: then it
    is left out."""
    if old is None:
        return {}, []
    try:
        units = held_units(old, path, skip=overwrite)
    except InputError as exc:
        raise InputError(f"{exc.problem}; pass --force to leave out of the catalogue what "
                         "no longer loads", file=path, field=exc.field) from None
    forces = []
    for force in held_forces(old):
        try:
            forces.append((force.name, game.catalog_for(force.fields, path), force.fields))
        except InputError as exc:
            if not overwrite:
                raise InputError(f"force entry '{force.name}' does not load back: "
                                 f"{exc.problem}; pass --force to leave out of the "
                                 "catalogue what no longer loads", file=path) from None
    return units, forces


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
