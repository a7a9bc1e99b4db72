"""An Op-En character as the neutral card: the core book's Character Card (L919-930).
Name, rank and title, Total Cost; the Stats row (Move in inches, die stats as dice,
Body, the row's Cost: rank Cost plus stat total); AR and CR; Skills, Abilities and
Equipment with their costs; Form and Trait; Damage Received as Body boxes; notes."""

from __future__ import annotations

from typing import Any

from designer.card import Card, Entry, Row, Section, Stat, Table, Tag, boxes, text
from designer.systems import Assessment
from designer.systems.op_en.catalog import (
    DIE_STATS,
    STATS,
    Catalog,
    Form,
    Item,
    Talent,
    Trait,
    UniversalSkill,
)
from designer.systems.op_en.cost import Final, Picked
from designer.systems.op_en.headings import COLUMNS, SHORT_COLUMNS
from designer.systems.op_en.models import Character


def stat_text(stat: str, value: int | None) -> str:
    """'5"' for Move, a die stat as the book writes its Die Level ('d8'; 'd12+' above
    d12, 'd3' below d4), '8' for Body, '-' when not set."""
    if value is None:
        return "-"
    if stat == "move":
        return f'{value}"'
    if stat not in DIE_STATS:
        return str(value)
    return "d12+" if value > 12 else "d3" if value < 4 else f"d{value}"


def change_text(stat: str, change: int) -> str:
    """What a Form or Trait changed: a die stat by Die Levels ('+1 lvl', one level being
    2), so it never reads as a bonus to the roll; another stat by its value ('+1')."""
    if stat in DIE_STATS and change % 2 == 0:
        return f"{change // 2:+d} lvl"
    return f"{change:+d}"


def test_text(entry: Talent | UniversalSkill) -> str:
    """'FT Grit 4+', 'OT Shoot vs Agility', 'BT Agility'."""
    if entry.test is None:
        return ""
    stat = (entry.stat or "").title()
    out = f"{entry.test} {stat}".strip()
    if entry.op_stat:
        out += f" vs {entry.op_stat.title()}"
    elif isinstance(entry.target, int):
        out += f" {entry.target}+"
    elif entry.target:
        out += f", target {entry.target}"
    return out


def talent_title(picked: Picked) -> str:
    entry = picked.entry
    counts = getattr(entry, "counts_as", None)
    return f"{picked.name} ({counts.title()})" if counts else picked.name


def _talent(picked: Picked) -> Entry:
    entry = picked.entry
    cost = f"free with {picked.source}" if picked.granted else str(picked.price)
    note = [f"{picked.kind}, {cost}"]
    if isinstance(entry, (Talent, UniversalSkill)) and test_text(entry):
        note.append(test_text(entry))
    if isinstance(entry, Talent):
        note += [f"{word} {value:+d}" for word, value in
                 (("AR", entry.ar), ("CR", entry.cr), ("tokens", entry.tokens)) if value]
    summary = (picked.choice.text if picked.choice and picked.choice.text else
               getattr(entry, "summary", "") or ("custom" if picked.custom else ""))
    return Entry(talent_title(picked), " · ".join(note), summary.strip(), rule=picked.name)


def _item(picked: Picked) -> Entry:
    item = picked.entry
    note = [str(picked.price)]
    if isinstance(item, Item):
        note.append(item.profile)
    else:
        note.append(f"custom {picked.item_kind}")
    summary = (picked.choice.text if picked.choice and picked.choice.text else
               item.summary if isinstance(item, Item) else "")
    return Entry(picked.name, " · ".join(note), summary.strip())


def unit_card(assessment: Assessment, short: str) -> Card:
    unit: Character = assessment.unit
    final: Final = assessment.final
    catalog = final.catalog
    tally = assessment.tally
    rank = final.rank
    row_cost = sum(line.points for line in tally.breakdown if line.step in ("rank", "stats"))
    cells = (*(text(stat_text(s, final.stats[s])) for s in STATS), text(row_cost))
    rows = [Row("Stats", cells)]
    changes = _modifier_row(final)
    if changes is not None:
        rows.append(changes)
    grid = Table(COLUMNS, tuple(rows), SHORT_COLUMNS, key="stats")
    reach = [f'{p.name} {final.weapon_cr(p.entry)}"' for p in final.weapons
             if isinstance(p.entry, Item) and p.entry.reach]
    ar = Stat("Awareness Range", f'{final.ar}"', short="AR", note=", ".join(final.ar_parts))
    cr = Stat("Combat Range", f'{final.cr}"', short="CR",
              note=", ".join([*final.cr_parts, *reach]))
    unarmed = catalog.unarmed
    gear = [_item(p) for p in final.items]
    if not final.weapons:
        gear.insert(0, Entry(unarmed.name, f"0 · {unarmed.attack}, damage "
                             f"{unarmed.base_damage}", unarmed.summary))
    body = final.stats["body"] or 0
    blocks: list[Any] = [
        grid, ar, cr,
        Section("Form and Trait", tuple(
            [Entry(f.name, f"Form {f.cost}", f.summary) for f in final.forms]
            + [Entry(t.name, f"Trait {t.cost}", t.summary) for t in final.traits]),
            short="Form", compact=True, key="form_trait", glossary=True),
        Section("Skills", tuple(_talent(p) for p in final.skills), key="skills",
                glossary=True),
        Section("Abilities", tuple(_talent(p) for p in final.abilities), key="abilities",
                glossary=True),
        Section("Equipment", tuple(gear), key="equipment"),
        Section("Damage Received", (Entry(boxes(body)),) if body else (),
                short="Damage", compact=True, record=True),
    ]
    if unit.notes:
        blocks.append(Section("Notes", (Entry(unit.notes.strip()),), compact=True))
    if unit.experience:
        blocks.append(Section("Experience", (Entry(str(unit.experience)),), compact=True))
    ranked = rank is not None or unit.rank is not None
    tags = [Tag(rank.label if rank else f"Rank {unit.rank}" if unit.rank is not None
                else "no rank yet", "" if ranked else "muted", keyword=ranked)]
    tags += [Tag(f.name) for f in final.forms] + [Tag(t.name) for t in final.traits]
    if unit.rank == 4:
        tags.append(Tag("Leader", "highlight"))
    return Card(unit.name, tally.total, short, tuple(tags), tuple(blocks), tally,
                final=final_data(unit, final, catalog))


def _modifier_row(final: Final) -> Row | None:
    """Under the Stats row, what the Form and Trait changed ('+2'), when anything."""
    changes: dict[str, int] = {}
    sources: tuple[Form | Trait, ...] = (*final.forms, *final.traits)
    for source in sources:
        for stat, value in source.modifiers.items():
            changes[stat] = changes.get(stat, 0) + value
    if not any(changes.values()):
        return None
    cells = (*(text(change_text(s, changes[s]) if changes.get(s) else "", "muted")
               for s in STATS),
             text(""))
    return Row("Form and Trait changes", cells, short="", tone="muted", sub=True)


def final_data(unit: Character, final: Final, catalog: Catalog) -> dict[str, Any]:
    """The values the card prints, for the data exports."""

    def picked(p: Picked) -> dict[str, Any]:
        return {"name": p.name, "cost": p.price, "how": p.how, "source": p.source or None,
                "custom": p.custom}

    rank = final.rank
    return {
        "setting": catalog.ref,
        "rank": unit.rank,
        "title": rank.title if rank else None,
        "core_stat": unit.core_stat,
        "form": [f.name for f in final.forms],
        "trait": [t.name for t in final.traits],
        "stats": dict(final.stats),
        "ar": final.ar,
        "cr": final.cr,
        "skills": [picked(p) for p in final.skills],
        "abilities": [picked(p) for p in final.abilities],
        "equipment": [{**picked(p), "kind": p.item_kind} for p in final.items],
        "unarmed": not final.weapons,
        "tokens": final.tokens,
    }


def universal_strip(catalog: Catalog) -> str:
    """'Interact (FT Intellect), Jump (FT Agility 4+), ...': the free skills of all."""
    return ", ".join(f"{u.name} ({test_text(u)})" for u in catalog.universal_skills)

