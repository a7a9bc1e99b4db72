"""The Open Fire catalog as browsable sections: the core's special rules (and a module's),
the costing formula, and a module's profiles, weapons, upgrades and force rules (the
catalog's module, else the bundled default). A module's profiles, weapons and upgrades
show their listed points beside what the fallback formula makes of them, as
`designer module audit` measures them."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from designer.systems import CatalogRow, CatalogSection
from designer.systems.openfire.audit import module_audit
from designer.systems.openfire.card import mov_text, rng_text
from designer.systems.openfire.catalog import Catalog
from designer.systems.openfire.formats import RuleDef
from designer.systems.openfire.models import Weapon, WeaponProfile
from designer.systems.openfire.module import Module
from designer.systems.openfire.module_ref import with_module
from designer.systems.openfire.value import num


def _module(catalog: Catalog) -> Catalog | None:
    if catalog.module is not None:
        return catalog
    default = catalog.core.default_module
    if default and default in catalog.bundled:
        return with_module(catalog, default)
    return None


def catalog_sections(catalog: Catalog) -> tuple[CatalogSection, ...]:
    moduled = _module(catalog)
    sections = [_rules(catalog, moduled), _costing(catalog)]
    if moduled is not None and moduled.module is not None:
        module = moduled.module
        worth = _formula_values(moduled)
        formula = moduled.costing.costing
        sections += [s for s in (_profiles(module, worth, formula),
                                 _weapons(module, worth, formula),
                                 _upgrades(module, worth, formula), _force(module)) if s.rows]
    return tuple(sections)


@lru_cache(maxsize=8)  # the palette asks for the sections at every keystroke
def _formula_values(catalog: Catalog) -> dict[tuple[str, str], str]:
    """What the fallback formula makes of each audited entry, for people ('8.39')."""
    return {(e.kind, e.name): "-" if e.formula is None else num(e.formula)
            for e in module_audit(catalog, catalog.ref or "").entries}


def _rule_row(rule: RuleDef, source: str) -> CatalogRow:
    x = {"none": "", "int": "number", "arc": "arc"}[rule.x]
    title = rule.name + (" (X)" if x else "")
    extras = []
    if rule.implies:
        extras.append("implies " + ", ".join(rule.implies))
    if rule.aliases:
        extras.append("also written " + ", ".join(rule.aliases))
    if rule.cost is not None:
        extras.append(f"cost {rule.cost}")
    detail = (f"{source}, {rule.scope} rule" + (f", line {rule.line}" if rule.line else "")
              + (f"\nX: {x}" if x else "") + "".join(f"\n{e}" for e in extras)
              + f"\n\n{rule.full}")
    return CatalogRow(rule.name, (title, rule.scope, x or "-",
                                  str(rule.line) if rule.line else source, rule.brief),
                      detail, tuple(rule.aliases))


def _rules(catalog: Catalog, moduled: Catalog | None) -> CatalogSection:
    rows = [_rule_row(r, "core") for r in catalog.core.rules]
    if moduled is not None and moduled.module is not None:
        rows += [_rule_row(r, moduled.module.module) for r in moduled.module.special_rules]
    return CatalogSection("rules", f"Special rules: {catalog.core.title}",
                          ("Rule", "Scope", "X", "Line", "Summary"), tuple(rows),
                          notes=(catalog.core.attribution, *catalog.core.readings))


def _costing(catalog: Catalog) -> CatalogSection:
    c = catalog.costing
    ref, assume = c.reference, c.assumptions
    rows = [(f"per model: {k}", v) for k, v in c.per_model.items()]
    rows.append(("per weapon", c.weapon))
    rows.append(("reference", f"DEF {ref.defence}, incoming PRC {ref.prc}, attacker SKL "
                              f"{ref.skl}"))
    rows.append(("assumptions", f"stationary {assume.stationary} (Accurate), half range "
                                f"{assume.half_range} (Rapid Fire)"))
    adv = c.advance
    rows.append(("ADV, FLY, VEH", f"ADV {_n(adv.normal)} (Fast {_n(adv.fast)}, Slow "
                                  f"{_n(adv.slow)}); FLY {_n(c.flying)}; VEH {_n(c.vehicle)}"))
    rows.append(("carried", f"best x{_n(c.carried.best)}, others x{_n(c.carried.others)}; "
                            f"vehicles: {c.carried.vehicle}"))
    rows.append(("range factor", ", ".join(f"{k}: {_n(v)}" for k, v in
                                           sorted(c.range_factor.items()))
                 + f", more: {_n(c.range_above)}"))
    rows += [(f"weapon rule: {k}", str(v)) for k, v in c.weapon_rules.items()]
    rows += [(f"unit rule: {k}", str(v)) for k, v in c.unit_rules.items()]
    rows.append(("rounding", f"{c.rounding.replace('_', ' ')}, each line"))
    return CatalogSection("costing", f"Costing {c.costing}: {c.title}", ("Part", "Formula"),
                          tuple(CatalogRow(k, (k, v), f"{k}\n\n{v}") for k, v in rows),
                          notes=(c.label, *c.notes))


def _value(value: int | None) -> str:
    return "-" if value is None else str(value)


def _n(value: float) -> str:
    """1.0 as '1', 0.75 as '0.75'."""
    return f"{value:g}"


def _points(points: int | None) -> str:
    return "-" if points is None else str(points)


def _profiles(module: Module, worth: dict[tuple[str, str], str], formula: str
              ) -> CatalogSection:
    rows = []
    for p in module.profiles:
        mov = (p.mov[0], p.mov[1]) if isinstance(p.mov, list) else p.mov
        stats = f"MOV {mov_text(mov)} " \
                f"SKL {p.skl} DEF {p.defence} CMD {p.cmd} HP {p.hp}"
        rules = ", ".join(r.label for r in p.special)
        detail = (f"{p.category or 'no category'}; {_points(p.points)} points\n{stats}"
                  + (f"\nRules: {rules}" if rules else "")
                  + (f"\nWeapons: {', '.join(p.weapons)}" if p.weapons else "")
                  + (f"\n\n{p.summary}" if p.summary else ""))
        rows.append(CatalogRow(p.name, (p.name, p.category or "-", stats, rules,
                                        _points(p.points),
                                        worth.get(("profiles", p.name), "-")), detail))
    return CatalogSection("profiles", f"Profiles: {module.title}",
                          ("Profile", "Category", "Attributes", "Rules", "Listed", formula),
                          tuple(rows))


def _weapons(module: Module, worth: dict[tuple[str, str], str], formula: str
             ) -> CatalogSection:
    rows = []
    for w in module.weapons:
        shots: Sequence[Weapon | WeaponProfile] = w.profiles or [w]
        stats = "; ".join((f"{s.label}: " if isinstance(s, WeaponProfile) and s.label else "")
                          + f"RNG {rng_text(_rng(s.rng))} ATT {_value(s.att)} DMG "
                            f"{_value(s.dmg)} PRC {_value(s.prc)}" for s in shots)
        sources: tuple[Weapon | WeaponProfile, ...] = (w, *w.profiles)
        rules = ", ".join(r.label for s in sources for r in s.special)
        notes = [n for n in ("effect only: no damage roll" if w.effect_only else "",
                             f"at most {w.force_max} in a {module.army_term}"
                             if w.force_max is not None else "", w.summary) if n]
        rows.append(CatalogRow(w.name, (w.name, w.slot or "-", stats, rules,
                                        _points(w.points),
                                        worth.get(("weapons", w.name), "-")),
                               f"{stats}\n{rules}" + "".join(f"\n\n{n}" for n in notes)))
    return CatalogSection("weapons", f"Weapons: {module.title}",
                          ("Weapon", "Slot", "Profile", "Rules", "Listed", formula),
                          tuple(rows))


def _rng(value: int | list[int] | None) -> tuple[int, int] | None:
    if value is None:
        return None
    return (value[0], value[1]) if isinstance(value, list) else (0, value)


def _upgrades(module: Module, worth: dict[tuple[str, str], str], formula: str
              ) -> CatalogSection:
    rows = []
    for u in module.upgrades:
        on = (f"; modifies one of {u.for_weapon.text() if u.for_weapon else 'its weapons'}"
              if u.on_weapon else "")
        limits = [f"{u.group} group" if u.group else "",
                  f"at most {u.force_max} in a {module.army_term}"
                  if u.force_max is not None else ""]
        detail = (f"For {u.for_.text()}{on}; {u.points} points\n{u.effect.text()}"
                  + "".join(f"\n{n}" for n in limits if n)
                  + (f"\n\n{u.summary}" if u.summary else ""))
        rows.append(CatalogRow(u.name, (u.name, u.for_.text(), u.effect.text(),
                                        str(u.points), worth.get(("upgrades", u.name), "-")),
                               detail))
    return CatalogSection("upgrades", f"Upgrades: {module.title}",
                          ("Upgrade", "For", "Effect", "Listed", formula), tuple(rows))


def _span(limit: list[int | None]) -> str:
    low, high = limit
    return f"{low or 0}-{high}" if high is not None else f"{low or 0}+"


def _force(module: Module) -> CatalogSection:
    f = module.force
    rows = [(f"size: {name}", f"{s.points} points, {_span(s.models)} models"
             + (" (default)" if name == f.default_size else ""))
            for name, s in f.sizes.items()]
    rows += [(f"pool: {p.name}", f"{p.cap} points of {p.match.text()}") for p in f.pools]
    rows += [(f"category: {name}", f"{_span(limit)} units")
             for name, limit in f.categories.items()]
    if f.transport_capacity:
        rows.append(("transport", "Transport seats for every model that is not a "
                                  "Vehicle or Transport; Bulky models cannot ride"))
    for rule in module.per_model:
        parts = [f"{slot} {_span(limit)}" for slot, limit in rule.slots.items()]
        parts += [f"another {slot} copy x{_n(v)}" for slot, v in rule.extra_copy_cost.items()]
        if rule.upgrade_points_max is not None:
            parts.append(f"upgrades up to {rule.upgrade_points_max} points")
        rows.append((f"per model: {rule.match.text()}", "; ".join(parts)))
    rows += [(f"surcharge on {s.on}", f"{s.add:+d} when the weapon costs "
                                      f"{s.when.weapon_points_min} or more")
             for s in module.surcharges]
    rows.append(("costing", f"{module.costing.mode}, else {module.costing.fallback}"))
    return CatalogSection("force", f"Force rules: {module.title} ({module.army_term})",
                          ("Rule", "Detail"),
                          tuple(CatalogRow(k, (k, v), f"{k}\n\n{v}") for k, v in rows))
