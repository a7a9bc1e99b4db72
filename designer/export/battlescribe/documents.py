"""BattleScribe 2.03 XML: the element helpers every document uses, the game system (cost
types and profile types only, so it stays the same however many exports share it) and
the data index (`index.bsi`) that lists a folder's game systems and catalogues.

Built with ElementTree, so user text is always escaped; characters XML 1.0 cannot hold
(control characters, lone surrogates) become U+FFFD. Elements follow the schema's
sequence order; empty lists are left out. Our documents say they are ours in a first
`<comment>`: "designer:<kind>" and a JSON object, which `designer import` reads back."""

from __future__ import annotations

import io
import json
import re
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from designer.export.battlescribe.cards import ProfileTypes, make_id

VERSION = "2.03"
_SCHEMA = "http://www.battlescribe.net/schema/"
NS = {"gst": _SCHEMA + "gameSystemSchema", "cat": _SCHEMA + "catalogueSchema",
      "ros": _SCHEMA + "rosterSchema", "index": _SCHEMA + "dataIndexSchema"}
ROOTS = {"gst": "gameSystem", "cat": "catalogue", "ros": "roster", "index": "dataIndex"}
COST_NAME = "pts"
MARK = "designer"
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


@dataclass(frozen=True, slots=True)
class SystemIds:
    """The ids the game system declares, which catalogues and rosters refer to."""

    system: str
    game: str
    cost: str

    @classmethod
    def of(cls, system: str) -> SystemIds:
        return cls(system, make_id(system, "gameSystem"), make_id(system, "costType", "pts"))

    def cost_type(self, name: str) -> str:
        """A hidden cost type counting a limit's amount (models, a pool's points)."""
        return make_id(self.system, "costType", "limit", name)

    def profile_type(self, name: str) -> str:
        return make_id(self.system, "profileType", name)

    def characteristic_type(self, type_name: str, name: str) -> str:
        return make_id(self.system, "profileType", type_name, "characteristicType", name)


@dataclass(frozen=True, slots=True)
class Declared:
    """What a game system declares: profile types and the hidden cost types of limits."""

    types: ProfileTypes
    costs: tuple[str, ...]

    def merged(self, old: Declared | None) -> Declared:
        """This with everything `old` declared kept (old order first), so catalogues
        exported earlier beside the game system still find their types."""
        if old is None:
            return self
        types: ProfileTypes = {name: list(chars) for name, chars in old.types.items()}
        for name, chars in self.types.items():
            kept = types.setdefault(name, [])
            kept.extend(c for c in chars if c not in kept)
        return Declared(types, tuple(dict.fromkeys((*old.costs, *self.costs))))


def clean(value: object) -> str:
    return _NOT_XML.sub("\ufffd", str(value))


def marked(kind: str, data: Mapping[str, Any]) -> str:
    """Our comment: "designer:<kind>" and the data as ASCII JSON (any character kept)."""
    return f"{MARK}:{kind} {json.dumps(data, ensure_ascii=True)}"


def game_system(ids: SystemIds, title: str, declared: Declared, revision: int) -> ET.Element:
    root = root_element("gst", id=ids.game, name=title, revision=revision,
                        battleScribeVersion=VERSION)
    sub(root, "comment").text = marked("gameSystem", {"system": ids.system})
    costs = sub(root, "costTypes")
    sub(costs, "costType", id=ids.cost, name=COST_NAME, defaultCostLimit=-1, hidden="false")
    for name in declared.costs:
        sub(costs, "costType", id=ids.cost_type(name), name=name, defaultCostLimit=-1,
            hidden="true")
    listed = sub(root, "profileTypes")
    for type_name, characteristics in declared.types.items():
        kind = sub(listed, "profileType", id=ids.profile_type(type_name), name=type_name)
        chars = sub(kind, "characteristicTypes")
        for char in characteristics:
            sub(chars, "characteristicType", id=ids.characteristic_type(type_name, char),
                name=char)
    return root


def declared_of(root: ET.Element) -> Declared:
    """What a game system read back from a file declares."""
    ns = NS["gst"]
    types: ProfileTypes = {}
    for kind in root.iterfind(f"{{{ns}}}profileTypes/{{{ns}}}profileType"):
        types[kind.get("name", "")] = [
            c.get("name", "") for c in
            kind.iterfind(f"{{{ns}}}characteristicTypes/{{{ns}}}characteristicType")]
    costs = tuple(c.get("name", "") for c in root.iterfind(f"{{{ns}}}costTypes/{{{ns}}}costType")
                  if c.get("hidden") == "true")
    return Declared(types, costs)


@dataclass(frozen=True, slots=True)
class Indexed:
    """A data file as the data index lists it."""

    path: str
    kind: str  # "gamesystem" or "catalogue"
    id: str
    name: str
    revision: int


def data_index(name: str, files: Sequence[Indexed]) -> bytes:
    """`index.bsi`: a zip archive holding `index.xml`, the list of data files."""
    root = root_element("index", battleScribeVersion=VERSION, name=name)
    entries = sub(root, "dataIndexEntries")
    for f in files:
        sub(entries, "dataIndexEntry", filePath=f.path, dataType=f.kind, dataId=f.id,
            dataName=f.name, dataBattleScribeVersion=VERSION, dataRevision=f.revision)
    return zip_archive("index.xml", serialize(root))


def serialize(root: ET.Element) -> bytes:
    """The document as UTF-8 XML with a declaration, indented two spaces."""
    ET.indent(root, space="  ")
    body = ET.tostring(root, encoding="unicode")
    return ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' + body
            + "\n").encode("utf-8")


def zip_archive(name: str, payload: bytes) -> bytes:
    """A zip archive holding `payload` as `name`, with a fixed date so the same content
    gives the same bytes."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        archive.writestr(info, payload)
    return buffer.getvalue()


def root_element(kind: str, **attrs: object) -> ET.Element:
    """The root element, its namespace declared as the default one (ElementTree's own
    default_namespace refuses the schema's unqualified attributes)."""
    return ET.Element(ROOTS[kind], {"xmlns": NS[kind], **_attrs(attrs)})


def sub(parent: ET.Element, tag: str, **attrs: object) -> ET.Element:
    return ET.SubElement(parent, tag, _attrs(attrs))


def _attrs(attrs: dict[str, object]) -> dict[str, str]:
    return {key: clean(value) for key, value in attrs.items()}
