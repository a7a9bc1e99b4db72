"""The shapes the PDF draws besides text: dice (rounded squares with a pip) and icons
(the wing of a unit that flies), as polygons and ready-made PDF paths."""

from __future__ import annotations

import math
from functools import lru_cache

# A wing in a 6 × 4 unit box: the mark of a unit that flies.
WING: tuple[tuple[float, float], ...] = (
    (0.0, 4.0), (0.6, 2.2), (1.8, 0.9), (3.6, 0.15), (6.0, 0.0), (5.2, 0.9), (6.0, 1.2),
    (4.8, 1.95), (5.5, 2.3), (4.2, 2.95), (4.7, 3.3), (2.9, 3.75), (1.6, 4.0),
)
ICONS = {"wing": (WING, 6.0 / 4.0)}  # name -> polygon in a box 4 units tall, its w/h


def _rounded_square(radius: float, steps: int = 3) -> tuple[tuple[float, float], ...]:
    """A unit square with rounded corners as a polygon: a die drawn this way costs half
    of fpdf2's rounded rectangle, and a 100-card export draws thousands of them."""
    points = []
    for cx, cy, start in ((1 - radius, radius, -90), (1 - radius, 1 - radius, 0),
                          (radius, 1 - radius, 90), (radius, radius, 180)):
        for k in range(steps + 1):
            angle = math.radians(start + 90 * k / steps)
            points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return tuple(points)


DIE = _rounded_square(0.2)
#: a Bézier circle's control distance as a fraction of its radius (fpdf2 draws the same)
_KAPPA = 4 / 3 * (math.sqrt(2) - 1)


@lru_cache(maxsize=256)
def dice_paths(count: int, size: float) -> tuple[str, str]:
    """The PDF paths of `count` dice `size` points wide, centred on the origin (y up):
    the filled rounded squares, and their pips (filled circles), as fill operations."""
    gap = size * 0.22
    span = count * size + (count - 1) * gap
    squares, pips = [], []
    r = size * 0.13
    c = _KAPPA * r
    for i in range(count):
        left = -span / 2 + i * (size + gap)
        points = [(left + px * size, size / 2 - py * size) for px, py in DIE]
        squares.append(" ".join(f"{x:.3f} {y:.3f} {'l' if n else 'm'}"
                                for n, (x, y) in enumerate(points)) + " h f")
        x = left + size / 2
        pips.append(f"{x + r:.3f} 0 m {x + r:.3f} {c:.3f} {x + c:.3f} {r:.3f} {x:.3f} {r:.3f} c "
                    f"{x - c:.3f} {r:.3f} {x - r:.3f} {c:.3f} {x - r:.3f} 0 c "
                    f"{x - r:.3f} {-c:.3f} {x - c:.3f} {-r:.3f} {x:.3f} {-r:.3f} c "
                    f"{x + c:.3f} {-r:.3f} {x + r:.3f} {-c:.3f} {x + r:.3f} 0 c f")
    return " ".join(squares), " ".join(pips)
