"""A module audit as plain aligned text: each entry's listed points beside the formula's
value, the ratio and the fair points; per kind the rank correlation and the scale; the
entries furthest from the module's scale. User text is made printable."""

from __future__ import annotations

from fractions import Fraction

from designer.audit import Audit, AuditEntry
from designer.escaping import printable
from designer.render import aligned
from designer.tally import figure


def furthest_line(entry: AuditEntry, audit: Audit) -> str:
    """'Cinder Hound (profiles): listed 6, fair 13 (7 under the scale)'."""
    off = entry.off or Fraction(0)
    side = "over" if off > 0 else "under"
    return (f"{entry.name} ({entry.kind}): listed {entry.listed}, fair {entry.fair} "
            f"({figure(abs(off))} {side} the scale, {audit.formula} "
            f"{figure(entry.formula)})")


def audit_text(audit: Audit) -> str:
    lines = [printable(f"{audit.title}: listed points beside {audit.formula}"),
             printable(audit.label), ""]
    rows = [["Kind", "Entry", "Listed", audit.formula, "Ratio", "Fair", "Measured"]]
    for e in audit.entries:
        rows.append([e.kind, printable(e.name), figure(e.listed), figure(e.formula),
                     figure(e.ratio), figure(e.fair), printable(e.basis)])
    lines += aligned(rows, right={2, 3, 4, 5})
    lines.append("")
    rows = [["Kind", "Entries", "Spearman", f"Scale (listed / {audit.formula})"]]
    for k in audit.kinds:
        rows.append([k.kind, str(k.count), figure(k.rho), figure(k.scale)])
    lines += aligned(rows, right={1, 2, 3})
    if audit.furthest:
        lines += ["", "Furthest from the module's scale:"]
        lines += [f"  {printable(furthest_line(e, audit))}" for e in audit.furthest]
    lines += ["", *(printable(n) for n in audit.notes)]
    return "\n".join(lines)
