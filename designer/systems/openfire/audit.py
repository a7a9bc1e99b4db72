"""The module workbench (`designer module audit`): every priced entry of a module (its
profiles, weapons, upgrades and rules with listed points) with its listed points beside
what the fallback formula (cc1) makes of it. Each entry is measured by pricing a
one-entry unit exactly as `designer price` does, so the two always agree:

- a profile: the profile alone (its rules, without its weapons);
- a weapon: carried alone by the formula's reference attacker (SKL 7 in cc1), in the
  category of the module's first profile of that SKL;
- an upgrade: on the first profile it fits, modifying the first weapon it may (a module
  weapon is added when the profile carries none), worth what the unit loses without it;
- a rule with listed points: added to the first profile without it, likewise.

Per kind: Spearman's rank correlation (ties take the mean of their ranks; exact up to the
final square root), the module's own scale (its listed points over cc1's values) and the
points that would put each entry on it ("fair"), furthest first.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from designer.audit import Audit, AuditEntry, AuditKind
from designer.errors import InputError
from designer.systems.openfire.catalog import Catalog
from designer.systems.openfire.cost import price
from designer.systems.openfire.fold import fold, weapon_fits
from designer.systems.openfire.models import Unit
from designer.systems.openfire.module import CostingChoice, Module, Profile, Upgrade
from designer.systems.openfire.priced import matches
from designer.systems.openfire.value import round_half_up

KINDS = ("profiles", "weapons", "upgrades", "rules")
FURTHEST = 5  # entries listed as furthest from the module's scale


def ranks(values: Sequence[Fraction | int]) -> list[Fraction]:
    """1-based ranks; equal values share the mean of the ranks they span."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [Fraction(0)] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for i in order[start:end + 1]:
            out[i] = Fraction(start + end + 2, 2)
        start = end + 1
    return out


def spearman(xs: Sequence[Fraction | int], ys: Sequence[Fraction | int]) -> float | None:
    """Spearman's rho: Pearson's correlation of the (tie-averaged) ranks, worked out in
    exact fractions up to one square root; None under two pairs or with a side all
    alike."""
    if len(xs) != len(ys) or len(xs) < 2:
        return None
    rx, ry = ranks(xs), ranks(ys)
    mean = Fraction(len(xs) + 1, 2)
    cov = sum(((a - mean) * (b - mean) for a, b in zip(rx, ry, strict=True)), Fraction(0))
    vx = sum(((a - mean) ** 2 for a in rx), Fraction(0))
    vy = sum(((b - mean) ** 2 for b in ry), Fraction(0))
    if vx == 0 or vy == 0:
        return None
    return math.copysign(math.sqrt(cov * cov / (vx * vy)), cov)


def _listed(catalog: Catalog) -> Catalog:
    """The catalog with its module priced by its listed points (an audit compares them
    whatever mode the module plays in)."""
    module = catalog.module
    assert module is not None
    if module.costing.mode == "listed":
        return catalog
    choice = CostingChoice(mode="listed", fallback=module.costing.fallback)
    return Catalog(catalog.core, catalog.costings, module.model_copy(update={
        "costing": choice}), catalog.ref, catalog.bundled, catalog.root)


def _measure(catalog: Catalog, kind: str, name: str, data: dict[str, Any], basis: str
             ) -> AuditEntry:
    unit = Unit.model_validate(data)
    unit._catalog = catalog
    worths = price(fold(unit, catalog)).worths
    worth = next((w for w in worths if w.kind == kind[:-1] and w.name == name
                  and w.entry == 0), None)
    return AuditEntry(kind, name, worth.listed if worth else None,
                      worth.formula if worth else None, basis, data)


def _unit(catalog: Catalog, name: str, entry: dict[str, Any], category: str | None
          ) -> dict[str, Any]:
    data: dict[str, Any] = {"system": "openfire", "module": catalog.ref, "name": name}
    if category:
        data["category"] = category
    data["models"] = [entry]
    return data


def _profiles(catalog: Catalog, module: Module) -> list[AuditEntry]:
    return [_measure(catalog, "profiles", p.name, _unit(catalog, p.name, {"profile": p.name},
                                                        p.category), "the profile and its rules")
            for p in module.profiles]


def _reference_category(catalog: Catalog, module: Module) -> str | None:
    """The reference attacker's category, so that its units are legal as `designer price`
    sees them: that of the module's first profile of the reference SKL (its line model),
    else the first category the module counts; none in a module that counts none."""
    categories = module.force.categories
    if not categories:
        return None
    known = {c.casefold() for c in categories}
    skl = catalog.costing.reference.skl
    return next((p.category for p in module.profiles if p.skl == skl and p.category
                 and p.category.casefold() in known), next(iter(categories)))


def _weapons(catalog: Catalog, module: Module) -> list[AuditEntry]:
    ref = catalog.costing.reference
    category = _reference_category(catalog, module)
    out = []
    for weapon in module.weapons:
        carrier = {"name": "Reference attacker", "mov": 6, "skl": ref.skl,
                   "def": ref.defence, "cmd": 7, "hp": 5, "weapons": [weapon.name]}
        out.append(_measure(catalog, "weapons", weapon.name,
                            _unit(catalog, weapon.name, carrier, category),
                            f"carried alone at SKL {ref.skl}"))
    return out


def _fitting(catalog: Catalog, upgrade: Upgrade) -> tuple[Profile, list[str], str | None] | None:
    """The first profile an upgrade fits: (profile, its weapons, the weapon modified)."""
    module = catalog.module
    assert module is not None
    extras = [None, *(w.name for w in module.weapons if w.points is not None)]
    for extra in extras:
        for profile in module.profiles:
            weapons = [*profile.weapons, *([extra] if extra else [])]
            data = _unit(catalog, "probe", {"profile": profile.name, "weapons": weapons},
                         profile.category)
            unit = Unit.model_validate(data)
            fig = fold(unit, catalog).figures[0]
            if not matches(upgrade.for_, fig):
                continue
            if not upgrade.on_weapon:
                return profile, weapons, None
            fits = [a.name for a in fig.weapons if weapon_fits(upgrade.for_weapon, a)]
            if fits:
                return profile, weapons, fits[-1] if extra else fits[0]
    return None


def _upgrades(catalog: Catalog, module: Module) -> list[AuditEntry]:
    out = []
    for upgrade in module.upgrades:
        found = _fitting(catalog, upgrade)
        if found is None:
            out.append(AuditEntry("upgrades", upgrade.name, None, None,
                                  "no profile of the module may take it"))
            continue
        profile, weapons, weapon = found
        taken: Any = upgrade.name if weapon is None else {"name": upgrade.name,
                                                          "weapon": weapon}
        entry: dict[str, Any] = {"profile": profile.name}
        if list(weapons) != list(profile.weapons):
            entry["weapons"] = weapons
        entry["upgrades"] = [taken]
        basis = f"on {profile.name}" + (f", modifying {weapon}" if weapon else "")
        out.append(_measure(catalog, "upgrades", upgrade.name,
                            _unit(catalog, upgrade.name, entry, profile.category), basis))
    return out


def _rules(catalog: Catalog) -> list[AuditEntry]:
    module = catalog.module
    assert module is not None
    out = []
    for rule in module.special_rules:
        if rule.points is None:
            continue
        profile = next((p for p in module.profiles if not any(
            catalog.rule(r.name) is rule for r in p.special)), None)
        if profile is None:
            out.append(AuditEntry("rules", rule.name, rule.points, None,
                                  "every profile has it already"))
            continue
        entry = {"profile": profile.name, "special": [rule.name]}
        out.append(_measure(catalog, "rules", rule.name,
                            _unit(catalog, rule.name, entry, profile.category),
                            f"added to {profile.name}"))
    return out


def _judged(entries: list[AuditEntry], scale: Fraction | None) -> list[AuditEntry]:
    out = []
    for e in entries:
        fair = off = None
        if scale is not None and e.formula is not None:
            fair = round_half_up(e.formula * scale)
            if e.listed is not None:
                off = e.listed - e.formula * scale
        out.append(AuditEntry(e.kind, e.name, e.listed, e.formula, e.basis, e.unit, fair,
                              off))
    return out


def module_audit(catalog: Catalog, source: str) -> Audit:
    """The audit of the module of `catalog` (read from `source`)."""
    catalog = _listed(catalog)
    module = catalog.module
    assert module is not None
    measured = {"profiles": _profiles(catalog, module), "weapons": _weapons(catalog, module),
                "upgrades": _upgrades(catalog, module), "rules": _rules(catalog)}
    entries: list[AuditEntry] = []
    kinds = []
    for kind in KINDS:
        both = [e for e in measured[kind] if e.listed is not None and e.formula is not None]
        worth = sum((e.formula for e in both if e.formula is not None), Fraction(0))
        scale = Fraction(sum(e.listed or 0 for e in both)) / worth if worth > 0 else None
        kinds.append(AuditKind(kind, len(both), spearman(
            [e.listed or 0 for e in both], [e.formula or 0 for e in both]), scale))
        entries += _judged(measured[kind], scale)
    judged = [e for e in entries if e.off is not None]
    furthest = sorted(judged, key=lambda e: (-abs(e.off or 0), e.kind, e.name))[:FURTHEST]
    costing = catalog.costing
    notes = (f"{costing.costing} values are exact; a line's points are rounded half up.",
             f"Weapons are measured on {costing.costing}'s reference attacker (SKL "
             f"{costing.reference.skl}); an upgrade or an added rule is what a unit "
             "loses without it.",
             "Scale: a kind's listed points over its cc1 values; fair points put an entry "
             "on that scale.")
    return Audit(module.title, source, costing.costing, costing.label, tuple(entries),
                 tuple(kinds), tuple(furthest), notes)


def audit_file(path: Path, base: Catalog) -> Audit:
    """The audit of a module file (or a bundled module's id)."""
    from designer.systems.openfire.module_ref import with_module

    if str(path) in base.bundled:
        return module_audit(with_module(base, str(path)), str(path))
    if not path.is_file():
        raise InputError(f"no such module file; name a module file or a bundled module "
                         f"({', '.join(base.bundled) or 'none'})", file=path)
    return module_audit(with_module(base, str(path.resolve())), str(path))
