"""A module audit: every priced entry of a game module with the module's listed points
beside what a costing formula makes of it, and what is drawn from them (the rank
correlation and the module's own scale per kind, the entries furthest from that scale
with the points that would put them on it). A system's `module_audit` returns one; the
shells print it, as JSON or as an HTML report."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any


def _figure(value: Fraction | None) -> dict[str, Any] | None:
    return None if value is None else {"exact": str(value), "value": float(value)}


@dataclass(frozen=True)
class AuditEntry:
    """One priced entry: its kind (profiles, weapons, ...), the module's points for it
    (None when it lists none), the formula's value (None when the formula cannot say),
    how it was measured (`basis`, and the one-entry unit priced), and against the
    module's scale: `fair` points and how far the listed points are `off` it."""

    kind: str
    name: str
    listed: int | None
    formula: Fraction | None
    basis: str = ""
    unit: dict[str, Any] | None = None
    fair: int | None = None
    off: Fraction | None = None

    @property
    def ratio(self) -> Fraction | None:
        """Listed points over the formula's value."""
        if self.listed is None or not self.formula:
            return None
        return Fraction(self.listed) / self.formula

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "listed": self.listed,
                "formula": _figure(self.formula), "ratio": _figure(self.ratio),
                "fair": self.fair, "off": _figure(self.off), "basis": self.basis,
                "unit": self.unit}


@dataclass(frozen=True)
class AuditKind:
    """A kind of entry: how many have both figures, their rank correlation (Spearman's
    rho, None under two entries or when one side is all alike) and the module's scale,
    its listed points over the formula's values (None when the formula gives none)."""

    kind: str
    count: int
    rho: float | None
    scale: Fraction | None

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "count": self.count, "rho": self.rho,
                "scale": _figure(self.scale)}


@dataclass(frozen=True)
class Audit:
    """A module's entries beside a formula (`formula` its short name, `label` its full
    one), per kind, and the entries furthest from the module's own scale."""

    title: str
    source: str
    formula: str
    label: str
    entries: tuple[AuditEntry, ...]
    kinds: tuple[AuditKind, ...]
    furthest: tuple[AuditEntry, ...] = ()
    notes: tuple[str, ...] = field(default=())

    def as_dict(self) -> dict[str, Any]:
        return {"title": self.title, "source": self.source, "formula": self.formula,
                "label": self.label, "kinds": [k.as_dict() for k in self.kinds],
                "entries": [e.as_dict() for e in self.entries],
                "furthest": [{"kind": e.kind, "name": e.name} for e in self.furthest],
                "notes": list(self.notes)}
