"""Reading the pages poppler draws: an 8-bit greyscale or RGB PNG (what `pdftoppm -png`
writes, the printouts' visual references) decoded with the standard library, and the
difference between two such images."""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

SIGNATURE = b"\x89PNG\r\n\x1a\n"


@dataclass(frozen=True)
class Image:
    width: int
    height: int
    channels: int  # 1 grey, 3 RGB
    pixels: bytes  # row by row, `channels` bytes a pixel (0 dark, 255 light)


def read_png(path: Path) -> Image:
    """A non-interlaced 8-bit greyscale (colour type 0) or RGB (2) PNG."""
    data = path.read_bytes()
    assert data.startswith(SIGNATURE), f"{path} is not a PNG"
    at, chunks, header = len(SIGNATURE), [], None
    while at < len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        at += 12 + length
    assert header is not None, f"{path} has no header"
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (0, 2) and interlace == 0, (
        f"{path}: not an 8-bit grey or RGB, non-interlaced PNG")
    channels = 1 if colour == 0 else 3
    raw = zlib.decompress(b"".join(chunks))
    return Image(width, height, channels, _unfilter(raw, width * channels, height, channels))


def _unfilter(raw: bytes, stride: int, height: int, bpp: int) -> bytes:
    """The scanlines with PNG's filters undone (`bpp` bytes a pixel)."""
    out = bytearray(stride * height)
    previous = bytearray(stride)
    at = 0
    for y in range(height):
        kind = raw[at]
        line = bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        if kind == 1:  # Sub
            for x in range(bpp, stride):
                line[x] = (line[x] + line[x - bpp]) & 0xFF
        elif kind == 2:  # Up
            line = bytearray((a + b) & 0xFF for a, b in zip(line, previous, strict=True))
        elif kind == 3:  # Average
            for x in range(stride):
                left = line[x - bpp] if x >= bpp else 0
                line[x] = (line[x] + ((left + previous[x]) >> 1)) & 0xFF
        elif kind == 4:  # Paeth
            for x in range(stride):
                a = line[x - bpp] if x >= bpp else 0
                b = previous[x]
                c = previous[x - bpp] if x >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) \
                    & 0xFF
        out[y * stride:(y + 1) * stride] = line
        previous = line
    return bytes(out)


@dataclass(frozen=True)
class Difference:
    mean: float  # mean absolute difference a channel of a pixel, 0 to 255
    changed: int  # channels that differ by more than a quarter of the range


def difference(one: Image, other: Image) -> Difference:
    """How far apart two images of one size are, channel by channel."""
    assert (one.width, one.height, one.channels) == (other.width, other.height,
                                                     other.channels), (
        f"sizes differ: {one.width}x{one.height} and {other.width}x{other.height}")
    total = changed = 0
    for a, b in zip(one.pixels, other.pixels, strict=True):
        d = a - b if a > b else b - a
        total += d
        changed += d > 64
    return Difference(total / len(one.pixels), changed)
