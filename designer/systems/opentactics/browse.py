"""The OpenTactics catalog as browsable sections: abilities, equipment, types and the
save table, for `designer catalog` and the TUI's browser."""

from __future__ import annotations

from designer.systems import CatalogRow, CatalogSection
from designer.systems.opentactics.catalog import Catalog, CostTable, TypeEntry
from designer.systems.opentactics.effects import effect_words


def catalog_sections(catalog: Catalog) -> tuple[CatalogSection, ...]:
    return (_abilities(catalog), _equipment(catalog), _types(catalog), _saves(catalog))


def _abilities(catalog: Catalog) -> CatalogSection:
    rows = []
    for a in catalog.abilities:
        lines = [f"Cost {a.formula.display}"]
        if a.ranks:
            lines.append(f"Ranks {a.ranks.label}")
        if a.aliases:
            lines.append(f"Also spelt {', '.join(a.aliases)}")
        offered = [i.name for i in catalog.equipment
                   if any(o.name == a.name for o in i.abilities)]
        if offered:
            lines.append(f"From equipment {', '.join(offered)}")
        lines += ["", a.summary, ""]
        if a.assault:
            lines += ["In one assault:", *(f"• {effect_words(e)}" for e in a.assault)]
        else:
            lines.append(f"Outside one assault: {a.outside_assault}")
        rows.append(CatalogRow(a.name, (a.name, a.ranks.label if a.ranks else "",
                                        a.formula.display, a.summary),
                               "\n".join(lines), tuple(a.aliases)))
    return CatalogSection("abilities", "Abilities (step six)",
                          ("Ability", "Ranks", "Cost", "Effect"), tuple(rows))


def _equipment(catalog: Catalog) -> CatalogSection:
    rows = []
    for item in catalog.equipment:
        effects = ", ".join(item.effects)
        lines = [f"Kind {item.kind}", ""]
        lines += [f"• {effect}" for effect in item.effects] or ["• no effects"]
        if item.range is not None and item.range.max != item.range.min:
            lines += ["", f"Pick a range from {item.range.min} to {item.range.max} when "
                          "carried."]
        if item.bumps:
            lines.append("Its bumps go in as new bumps or onto an existing one (up to "
                         f"{catalog.costs.max_bump:+d}).")
        lines.append("Equipment costs nothing itself: its effects are priced.")
        rows.append(CatalogRow(item.name, (item.name, item.kind, effects), "\n".join(lines)))
    return CatalogSection("equipment", "Equipment (step five)", ("Item", "Kind", "Effects"),
                          tuple(rows))


def _types(catalog: Catalog) -> CatalogSection:
    costs = catalog.costs
    rows = []
    for t in catalog.types:
        cost = type_cost(t, costs)
        detail = f"Category {t.category}\nCost {cost}" + (f"\n\n{t.summary}" if t.summary
                                                          else "")
        rows.append(CatalogRow(t.name, (t.name, t.category, cost, t.summary), detail))
    return CatalogSection("types", "Types (step seven)", ("Type", "Category", "Cost", "Notes"),
                          tuple(rows))


def _saves(catalog: Catalog) -> CatalogSection:
    """The save table: a defeated unit of one tactical type against an attacker of
    another rolls this or under on a d6 to survive."""
    rows = []
    for defender, against in catalog.saves.items():
        listing = ", ".join(f"{attacker} {value}" for attacker, value in against.items())
        detail = (f"A defeated {defender} unit saves on a d6 roll of the value or under, "
                  "by the attacker's tactical type:\n\n"
                  + "\n".join(f"• against {a}: {v} or under" for a, v in against.items()))
        rows.append(CatalogRow(defender, (defender, listing), detail))
    return CatalogSection("saves", "Saves (Melee and Ballistic assaults)",
                          ("Defeated unit", "Save (d6, equal or under) by attacker"),
                          tuple(rows),
                          notes=("Pairs not listed have no save.",))


def type_cost(entry: TypeEntry, costs: CostTable) -> str:
    if entry.category == "tactical":
        return "free" if entry.name in costs.tactical_free else f"+{costs.tactical_cost}"
    if entry.category == "occupation":
        return f"first free, +{costs.occupation_extra} after"
    if entry.category == "elemental":
        return f"+{costs.elemental_cost}"
    return "free"
