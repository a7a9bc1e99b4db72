"""Reading BattleScribe files safely: a bounded read of the file (or of the one XML file a
`.gstz`/`.catz`/`.rosz` archive holds, however its header claims its size), and XML with
no document type declaration at all, so no entity is ever declared or expanded and
nothing is fetched from the network. A BattleScribe file never has one."""

from __future__ import annotations

import contextlib
import xml.etree.ElementTree as ET
import zipfile
import zlib
from pathlib import Path
from xml.parsers import expat

from designer.errors import InputError

MAX_READ = 64 * 1024 * 1024  # a data file larger than this is not one of ours
KINDS = ("gst", "cat", "ros")


class _Declared(Exception):
    """The document declares a DTD."""


class _Started(Exception):
    """The root element started: nothing can declare one any more."""


def kind_of(path: Path) -> str | None:
    """"gst", "cat" or "ros" for a (zipped) BattleScribe file name, else None."""
    suffix = path.suffix.lower().lstrip(".")
    kind = suffix[:-1] if suffix.endswith("z") else suffix
    return kind if kind in KINDS else None


def read_document(path: Path) -> ET.Element:
    """The root element of the BattleScribe file at `path`; InputError naming the file
    and the reason when it cannot be read, is not XML, or declares a DTD."""
    kind = kind_of(path)
    if kind is None:
        raise InputError("is not a BattleScribe file (.gst, .cat or .ros, or zipped: .gstz, "
                         ".catz, .rosz)", file=path)
    return _parsed(_bytes(path, kind, zipped=path.suffix.lower().endswith("z")), path)


def _parsed(data: bytes, path: Path) -> ET.Element:
    try:
        return parse_xml(data)
    except _Declared:
        raise InputError("declares a document type (entities); BattleScribe files never "
                         "do, so it is not read", file=path) from None
    except (ET.ParseError, expat.ExpatError, ValueError) as exc:
        raise InputError(f"is not well-formed XML ({exc})", file=path) from None


def read_index(path: Path) -> ET.Element:
    """The root element of a data index (`index.bsi`: a zip archive holding index.xml)."""
    try:
        with zipfile.ZipFile(path) as archive, archive.open("index.xml") as member:
            data = member.read(MAX_READ + 1)
    except KeyError:
        raise InputError("holds no index.xml", file=path) from None
    except (zipfile.BadZipFile, zlib.error, EOFError):
        raise InputError("is not a zip archive it can read", file=path) from None
    except (OSError, RuntimeError, NotImplementedError) as exc:
        raise InputError(f"cannot read: {getattr(exc, 'strerror', None) or exc}",
                         file=path) from None
    if len(data) > MAX_READ:
        raise InputError(f"unpacks to over {MAX_READ // 1_048_576} MB", file=path)
    return _parsed(data, path)


def parse_xml(data: bytes) -> ET.Element:
    """XML without a document type declaration (_Declared when it has one)."""
    scan = expat.ParserCreate()

    def declared(*_: object) -> None:
        raise _Declared

    def started(*_: object) -> None:
        raise _Started

    scan.StartDoctypeDeclHandler = declared
    scan.EntityDeclHandler = declared
    scan.StartElementHandler = started
    with contextlib.suppress(_Started):
        scan.Parse(data, True)
    return ET.fromstring(data)


# --- internals ---------------------------------------------------------------------------


def _bytes(path: Path, kind: str, zipped: bool) -> bytes:
    try:
        if not path.is_file():
            raise InputError("no such file" if not path.exists() else "is not a regular file",
                             file=path)
        if path.stat().st_size > MAX_READ:
            raise InputError(f"is over {MAX_READ // 1_048_576} MB", file=path)
        if not zipped:
            return path.read_bytes()
        with zipfile.ZipFile(path) as archive:
            inner = [i for i in archive.infolist() if i.filename.lower().endswith(f".{kind}")]
            if len(inner) != 1:
                raise InputError(f"holds {len(inner)} .{kind} files; a .{kind}z holds one",
                                 file=path)
            with archive.open(inner[0]) as member:
                data = member.read(MAX_READ + 1)
            if len(data) > MAX_READ:
                raise InputError(f"unpacks to over {MAX_READ // 1_048_576} MB", file=path)
            return data
    except (zipfile.BadZipFile, zlib.error, EOFError):
        raise InputError("is not a zip archive it can read", file=path) from None
    except (OSError, RuntimeError, NotImplementedError) as exc:
        raise InputError(f"cannot read: {getattr(exc, 'strerror', None) or exc}",
                         file=path) from None
