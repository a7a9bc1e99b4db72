"""BattleScribe 2.03 export, for BattleScribe, New Recruit and BlueScribe.

`export_battlescribe` writes, inside one folder, a game system file (`<system>.gst`: the
"pts" cost type with the force's budget as default limit, the profile types, a category
for the system's units and a force entry), a catalogue (`<name>.cat`) holding each
distinct unit of the unit or roster file as a root selection entry, and for a roster a
`<name>.ros` of the force; with `zipped`, `.gstz` / `.catz` / `.rosz` archives holding
the one XML file each, as BattleScribe writes them. What each card becomes is told in
`cards`; the XML in `documents`.

Ids are uuid5s of the system, the unit's name and a path inside it, so the same unit
exports with the same ids and rosters built in those tools keep pointing at it. A game
system or catalogue already in the folder with the same id is read first: its revision
is kept when nothing but the revision would change and goes up by one otherwise, and a
game system keeps every profile type and characteristic it declared, so catalogues
exported earlier beside it still resolve. Such a file is updated without `overwrite`;
any other file in the way is only replaced with it. A system whose rules define no
points (`PRICED` False) has nothing to cost, and is refused before anything is written.
"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Callable
from pathlib import Path

from designer.errors import InputError
from designer.export import EXTENSIONS, Exported, _refuse_existing, safe_name
from designer.export.battlescribe.cards import (
    make_id,
    merge_types,
    profile_types,
    unit_entries,
)
from designer.export.battlescribe.documents import (
    NS,
    ROOTS,
    Fielded,
    Names,
    SystemIds,
    catalogue,
    declared_types,
    game_system,
    roster,
    serialize,
)
from designer.export.document import ExportDoc
from designer.io import write_all
from designer.systems import GameSystem, Progress

KINDS = ("gst", "cat", "ros")
SUFFIXES = tuple(f".{kind}{z}" for kind in KINDS for z in ("", "z"))
MAX_READ = 64 * 1024 * 1024  # an existing file larger than this is not ours to compare


def export_battlescribe(doc: ExportDoc, *, out: Path, overwrite: bool = False,
                        zipped: bool = False, progress: Progress | None = None) -> Exported:
    """Write the game system, the catalogue and (for a roster) the roster into folder
    `out`; return the roster's path (a unit's: the catalogue's) with the others in
    `others`. InputError for an unpriced system, a bad folder or a file in the way."""
    game = _game(doc)
    if not game.PRICED:
        raise InputError(f"{game.TITLE} defines no points, so there is nothing to cost in "
                         "BattleScribe; nothing written", file=doc.source, field="--format")
    folder = _folder(out)
    stem = safe_name(doc.name, doc.kind)
    z = "z" if zipped else ""
    targets = {"gst": folder / f"{safe_name(game.NAME, 'system')}.gst{z}",
               "cat": folder / f"{stem}.cat{z}"}
    if doc.summary is not None:
        targets["ros"] = folder / f"{stem}.ros{z}"
    ids = SystemIds.of(game.NAME)
    names = Names(game.TITLE, f"{game.UNIT_WORD.capitalize()}s", f"{game.SHORT} force")
    own = {"gst": ids.game, "cat": make_id(game.NAME, "catalogue", doc.kind, doc.name),
           "ros": make_id(game.NAME, "roster", doc.name)}
    old = {kind: _existing(target, kind, own[kind], doc.source, overwrite, zipped)
           for kind, target in targets.items()}

    total = len(doc.cards) + len(targets)
    if progress is not None:
        progress(0, total)
    types = profile_types(doc.cards)
    units = unit_entries(game.NAME, doc.cards, types)
    if progress is not None:
        progress(len(doc.cards), total)
    declared = types if old["gst"] is None else merge_types(
        types, declared_types(old["gst"], "gst"))
    limit = _limit(doc, game)
    gst_rev, gst = _revised(lambda rev: game_system(ids, names, declared, limit, rev),
                            old["gst"], "gst")
    cat_rev, cat = _revised(lambda rev: catalogue(ids, names, own["cat"], doc.name, units,
                                                  rev, gst_rev), old["cat"], "cat")
    payloads = {"gst": gst, "cat": cat}
    if doc.summary is not None:
        by_card = {id(card): unit for card, unit in zip(doc.cards, units, strict=True)}
        lines = [Fielded(by_card[id(e.card)], e.count) for e in doc.summary.entries]
        payloads["ros"] = serialize(roster(
            ids, names, own["ros"], doc.name, doc.summary.total, limit, own["cat"],
            doc.name, (gst_rev, cat_rev), lines))

    written = write_all({target: _zip(target.name[:-1], payloads[kind]) if zipped
                         else payloads[kind] for kind, target in targets.items()})
    if progress is not None:
        progress(total, total)
    main = Exported(written[-1])
    main.others = tuple(written[:-1])
    return main


# --- internals ---------------------------------------------------------------------------


def _game(doc: ExportDoc) -> GameSystem:
    if doc.force is not None:
        return doc.force.game
    if doc.loaded is not None:
        return doc.loaded.system
    raise InputError("holds neither a unit nor a force to export", file=doc.source)


def _limit(doc: ExportDoc, game: GameSystem) -> int | None:
    """The force's budget; for one unit, the system's default budget (if any)."""
    if doc.summary is not None:
        return doc.summary.cap
    if doc.loaded is not None:
        return game.force_rules(doc.loaded.catalog).default_budget
    return None


def _folder(out: Path) -> Path:
    suffix = out.suffix.lower()
    if not out.is_dir() and suffix in (*SUFFIXES, *EXTENSIONS.values()):
        raise InputError(f"names a {suffix} file, but the battlescribe format writes "
                         "several files; give a folder", file=out, field="--out")
    if out.exists() and not out.is_dir():
        raise InputError("is a file, not a folder; the battlescribe format writes several "
                         "files into a folder", file=out, field="--out")
    return out


def _existing(target: Path, kind: str, own_id: str, source: Path | None, overwrite: bool,
              zipped: bool) -> ET.Element | None:
    """An earlier export of this very document at `target` (same root and id), or None;
    any other file there is refused unless `overwrite`. The target must stay in `out`."""
    base = target.parent.resolve()
    if target.resolve().parent != base:
        raise InputError("the export would land outside the output folder", file=target)
    if not target.exists():
        return None
    _refuse_existing(target, source, True)  # a folder, or the file being exported
    root = _read(target, kind, zipped)
    if root is not None and root.tag == f"{{{NS[kind]}}}{ROOTS[kind]}" \
            and root.get("id") == own_id:
        return root
    _refuse_existing(target, source, overwrite)
    return None


def _read(target: Path, kind: str, zipped: bool) -> ET.Element | None:
    try:
        if zipped:
            with zipfile.ZipFile(target) as archive:
                inner = [i for i in archive.infolist() if i.filename.endswith(f".{kind}")]
                if not inner or inner[0].file_size > MAX_READ:
                    return None
                data = archive.read(inner[0])
        else:
            if target.stat().st_size > MAX_READ:
                return None
            data = target.read_bytes()
        return ET.fromstring(data)
    except (OSError, zipfile.BadZipFile, ET.ParseError, ValueError, RuntimeError):
        return None


def _revised(build: Callable[[int], ET.Element], old: ET.Element | None, kind: str
             ) -> tuple[int, bytes]:
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


def _zip(name: str, payload: bytes) -> bytes:
    """A zip archive holding `payload` as `name`, with a fixed date so the same content
    gives the same bytes."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        archive.writestr(info, payload)
    return buffer.getvalue()
