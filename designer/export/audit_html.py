"""A module audit as one self-contained HTML page: a scatter plot of each entry's listed
points against the formula's value (inline SVG: no script, nothing fetched; an entry's
name and figures show as its tooltip), each kind's scale as a dashed line, the furthest
entries named on the plot, and the tables of `designer module audit`. Jinja2
autoescapes every value, so a module's text is text on the page and nothing more."""

from __future__ import annotations

import math
from dataclasses import dataclass

from designer.audit import Audit, AuditEntry
from designer.export.html import environment
from designer.render_audit import furthest_line
from designer.tally import figure

WIDTH, HEIGHT = 720, 460
LEFT, RIGHT, TOP, BOTTOM = 60, 20, 20, 48
#: each kind's colour and marker, so the plot reads without colour too
STYLES = {"profiles": ("#1f5fbf", "circle"), "weapons": ("#c2561b", "square"),
          "upgrades": ("#2b8a3e", "triangle"), "rules": ("#7b3fa0", "diamond")}
OTHER = ("#444444", "circle")
SIZE = 5.5  # a marker's half width


@dataclass(frozen=True, slots=True)
class Mark:
    """One entry on the plot: where, its marker and colour, its tooltip and label."""

    x: float
    y: float
    shape: str
    colour: str
    tip: str
    label: str

    @property
    def polygon(self) -> str:
        s = SIZE
        corners = ([(0, -s * 1.15), (s * 1.1, s * 0.8), (-s * 1.1, s * 0.8)]
                   if self.shape == "triangle" else
                   [(0, -s * 1.3), (s * 1.3, 0), (0, s * 1.3), (-s * 1.3, 0)])
        return " ".join(f"{self.x + dx:.1f},{self.y + dy:.1f}" for dx, dy in corners)


@dataclass(frozen=True, slots=True)
class Axis:
    top: float  # the largest value shown
    ticks: tuple[float, ...]


def nice_axis(largest: float) -> Axis:
    """0 to a round value at or above `largest`, with 4 to 8 round ticks."""
    largest = max(largest, 1.0)
    raw = largest / 5
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    top = math.ceil(largest / step) * step
    count = round(top / step)
    return Axis(top, tuple(round(i * step, 6) for i in range(count + 1)))


def _px(value: float, axis: Axis, span: float) -> float:
    return value / axis.top * span


def plot(audit: Audit) -> dict[str, object]:
    """What the template draws: axes, ticks, scale lines and marks, in pixels."""
    shown = [e for e in audit.entries if e.listed is not None and e.formula is not None]
    xs = nice_axis(max((float(e.formula or 0) for e in shown), default=1) * 1.05)
    ys = nice_axis(max((float(e.listed or 0) for e in shown), default=1) * 1.05)
    width, height = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def at(x: float, y: float) -> tuple[float, float]:
        return LEFT + _px(x, xs, width), TOP + height - _px(y, ys, height)

    named = {(e.kind, e.name) for e in audit.furthest}
    marks = []
    for e in shown:
        x, y = at(float(e.formula or 0), float(e.listed or 0))
        colour, shape = STYLES.get(e.kind, OTHER)
        marks.append(Mark(round(x, 1), round(y, 1), shape, colour, _tip(e, audit),
                          e.name if (e.kind, e.name) in named else ""))
    lines = []
    for k in audit.kinds:
        if k.scale is None or k.scale <= 0:
            continue
        end = min(xs.top, ys.top / float(k.scale))
        (x1, y1), (x2, y2) = at(0, 0), at(end, end * float(k.scale))
        lines.append({"x1": x1, "y1": y1, "x2": round(x2, 1), "y2": round(y2, 1),
                      "colour": STYLES.get(k.kind, OTHER)[0],
                      "tip": f"{k.kind}: listed = {figure(k.scale)} x {audit.formula}"})
    return {"width": WIDTH, "height": HEIGHT, "left": LEFT, "top": TOP,
            "right": WIDTH - RIGHT, "bottom": TOP + height,
            "xticks": [(round(at(t, 0)[0], 1), figure(t)) for t in xs.ticks],
            "yticks": [(round(at(0, t)[1], 1), figure(t)) for t in ys.ticks],
            "marks": marks, "lines": lines, "size": SIZE}


def _tip(entry: AuditEntry, audit: Audit) -> str:
    return (f"{entry.name} ({entry.kind}): listed {entry.listed}, {audit.formula} "
            f"{figure(entry.formula)}, fair {figure(entry.fair)}")


def legend(audit: Audit) -> list[dict[str, str]]:
    return [{"kind": k.kind, "colour": STYLES.get(k.kind, OTHER)[0],
             "shape": STYLES.get(k.kind, OTHER)[1]} for k in audit.kinds if k.count]


def audit_html(audit: Audit, version: str) -> str:
    template = environment().get_template("audit.html.j2")
    return template.render(audit=audit, plot=plot(audit), legend=legend(audit),
                           figure=figure, furthest=[furthest_line(e, audit)
                                                    for e in audit.furthest],
                           version=version)
