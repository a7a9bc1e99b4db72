"""The Op-En catalog as browsable sections: the setting's ranks, Forms, Traits, Skills
(the universal ones first), Abilities and Equipment, for `designer catalog` and the TUI."""

from __future__ import annotations

from designer.systems import CatalogRow, CatalogSection
from designer.systems.op_en.card import test_text
from designer.systems.op_en.catalog import TEST_WORDS, Catalog, Modifiers, Talent, cost_label


def _ranks_text(ranks: tuple[int, ...]) -> str:
    return ", ".join(map(str, ranks)) if ranks else "all"


def _mods(modifiers: Modifiers) -> str:
    return ", ".join(f"{stat.title()} {value:+d}" for stat, value in modifiers.items())


def catalog_sections(catalog: Catalog) -> tuple[CatalogSection, ...]:
    return (_ranks(catalog), _forms(catalog), _traits(catalog), _skills(catalog),
            _abilities(catalog), _equipment(catalog))


def _ranks(catalog: Catalog) -> CatalogSection:
    rows = []
    for r in catalog.ranks:
        values = f"{r.stats.core} (Core), " + ", ".join(map(str, r.stats.others))
        allowance = catalog.max_talents(r.rank)
        detail = (f"Cost {r.cost} plus the stat total\nStats {values}\nSkills or Abilities "
                  f"at creation: {allowance}" + (f"\n\n{r.summary}" if r.summary else ""))
        rows.append(CatalogRow(r.title, (str(r.rank), r.title, str(r.cost), values,
                                         str(allowance)), detail))
    setting = catalog.setting
    return CatalogSection("ranks", f"Ranks (step two): {setting.title}",
                          ("Rank", "Title", "Cost", "Stat values", "Talents"), tuple(rows),
                          notes=(f"Starting treasury {setting.starting_treasury}.",
                                 "One Rank 4 Leader, up to three Rank 3, any Rank 2, Rank 1 "
                                 "for at most half the OF."))


def _forms(catalog: Catalog) -> CatalogSection:
    rows = []
    for f in catalog.forms:
        extras = _mods(f.modifiers)
        if f.grants:
            extras = ", ".join(filter(None, [extras, "grants " + ", ".join(f.grants)]))
        detail = (f"Cost {f.cost}\nMove {f.move}\", Body {f.body}\nRanks "
                  f"{_ranks_text(f.ranks)}" + (f"\n{extras}" if extras else "")
                  + (f"\n\n{f.summary}" if f.summary else ""))
        rows.append(CatalogRow(f.name, (f.name, str(f.cost), f'{f.move}"', str(f.body),
                                        extras, _ranks_text(f.ranks)), detail))
    return CatalogSection("forms", "Forms (step three)",
                          ("Form", "Cost", "Move", "Body", "Changes", "Ranks"), tuple(rows))


def _traits(catalog: Catalog) -> CatalogSection:
    rows = []
    for t in catalog.traits:
        changes = ", ".join(filter(None, [_mods(t.modifiers),
                                          f"AR {t.ar:+d}" if t.ar else "",
                                          f"CR {t.cr:+d}" if t.cr else ""]))
        detail = f"Cost {t.cost}" + (f"\n{changes}" if changes else "") + \
            (f"\n\n{t.summary}" if t.summary else "")
        rows.append(CatalogRow(t.name, (t.name, str(t.cost), changes, t.summary), detail))
    return CatalogSection("traits", "Traits (step five)",
                          ("Trait", "Cost", "Changes", "Effect"), tuple(rows))


def _talent_row(entry: Talent, kind: str) -> CatalogRow:
    test = test_text(entry) if entry.test else ""
    cost = cost_label(entry.price)
    extras = [f"{w} {v:+d}" for w, v in (("AR", entry.ar), ("CR", entry.cr),
                                         ("tokens", entry.tokens)) if v]
    if entry.counts_as:
        extras.append(f"counts as {entry.counts_as.title()}")
    if entry.repeatable:
        extras.append("repeatable")
    lines = [f"{kind}; cost {cost}" + ("" if isinstance(entry.price, int)
                                       else " (the final value)"),
             f"Ranks {_ranks_text(entry.ranks)}"]
    if test:
        lines.append(f"{TEST_WORDS[entry.test or 'BT']}: {test}")
    lines += extras + (["", entry.summary] if entry.summary else [])
    return CatalogRow(entry.name, (entry.name, cost, test, ", ".join(extras), entry.summary),
                      "\n".join(lines))


def _skills(catalog: Catalog) -> CatalogSection:
    rows = [CatalogRow(u.name, (u.name, "free", test_text(u), "universal" + (
        f", counts as {u.counts_as.title()}" if u.counts_as else ""), u.summary),
                       f"Universal skill: every character has it, free.\n"
                       f"{TEST_WORDS[u.test]}: {test_text(u)}\n\n{u.summary}")
            for u in catalog.universal_skills]
    rows += [_talent_row(s, "Skill") for s in catalog.skills]
    return CatalogSection("skills", "Skills (step six)",
                          ("Skill", "Cost", "Test", "Notes", "Effect"), tuple(rows),
                          notes=("Once per OF unless repeatable; universal skills are free "
                                 "to all.",))


def _abilities(catalog: Catalog) -> CatalogSection:
    rows = tuple(_talent_row(a, "Ability") for a in catalog.abilities)
    return CatalogSection("abilities", "Abilities (step six)",
                          ("Ability", "Cost", "Test", "Notes", "Effect"), rows)


def _equipment(catalog: Catalog) -> CatalogSection:
    rows = []
    for item in catalog.equipment:
        needs = [f"{s.title()} {v}+" for s, v in item.requires.minimums().items()]
        needs += [*item.requires.skills, *item.requires.abilities]
        if item.ranks:
            needs.insert(0, f"Rank {_ranks_text(item.ranks)}")
        cost = cost_label(item.cost)
        detail = (f"Cost {cost}\n{item.profile}"
                  + (f"\nNeeds {', '.join(needs)}" if needs else "")
                  + (f"\n\n{item.summary}" if item.summary else ""))
        rows.append(CatalogRow(item.name, (item.name, item.kind, cost, item.profile,
                                           ", ".join(needs)), detail, (item.summary,)))
    unarmed = catalog.unarmed
    rows.append(CatalogRow(unarmed.name, (unarmed.name, "weapon", "0",
                                          f"{unarmed.attack}, damage {unarmed.base_damage}",
                                          "no weapon carried"),
                           f"Every character without a weapon fights {unarmed.name}.\n\n"
                           f"{unarmed.summary}"))
    slots = catalog.core.slots
    return CatalogSection("equipment", "Equipment (step seven)",
                          ("Item", "Kind", "Cost", "Profile", "Needs"), tuple(rows),
                          notes=(f"Up to {slots.weapon} weapons, {slots.armour} armour, "
                                 f"{slots.shield} shield, {slots.item} items, "
                                 f"{slots.consumable} consumables.",))
