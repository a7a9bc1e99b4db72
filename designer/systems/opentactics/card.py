"""An OpenTactics unit as the neutral card: the rulebook's reference card (types, the
OFF/DEF/RNG grid with dice pips and bumps, athletics with the wing, abilities and gear),
from the unit's final values."""

from __future__ import annotations

from typing import Any

from designer.card import Card, Entry, Row, Section, Stat, Table, Tag, Tone, dice, text
from designer.systems import Assessment
from designer.systems.opentactics.catalog import SKILLS
from designer.systems.opentactics.fold import Final, PickedAbility
from designer.systems.opentactics.models import Unit

HEADS = ("MEL", "BAL", "ARC", "TEC")
ELEMENTAL_MARK = "*"


def bump_text(value: int) -> str:
    """A bump as the card prints it: +1, -1 (ASCII, so every format and font has it)."""
    return f"{value:+d}"


def bumps_text(bumps: list[int]) -> str:
    return " ".join(bump_text(b) for b in bumps)


def unit_card(assessment: Assessment, short: str) -> Card:
    unit: Unit = assessment.unit
    final: Final = assessment.final
    tally = assessment.tally
    pools = final.pools
    rows: list[Row] = []
    sides: tuple[tuple[str, str, Tone], ...] = (("off", "OFF", "attack"),
                                                ("def", "DEF", "defence"))
    for side, label, tone in sides:
        keyed = [pools[(s, side)] for s in SKILLS]
        rows.append(Row(f"{label} dice", tuple(dice(p.dice, tone) for p in keyed),
                        short=label, tone=tone))
        rows.append(Row(f"{label} bumps", tuple(text(bumps_text(p.bumps), tone) for p in keyed),
                        tone=tone, sub=True))
    rows.append(Row("Range", tuple(text(final.ranges[s]) for s in SKILLS), short="RNG"))
    grid = Table(tuple(s.title() for s in SKILLS), tuple(rows), HEADS, key="skills")
    athletics = Stat("Athletics", str(final.athletics), short="ATH",
                     icon="wing" if final.flies else "", note="flies" if final.flies else "",
                     detail="athletics cost doubled" if final.flies else "")
    abilities = Section("Abilities", tuple(_ability(p) for p in final.abilities),
                        key="abilities", glossary=True)
    gear = Section("Equipment", _gears(unit, final), short="Gear", compact=True,
                   key="equipment")
    from_items = Section("Bumps from equipment", _item_bumps(final), compact=True,
                         on_card=False)
    tags = tuple(Tag(t.name, "highlight", ELEMENTAL_MARK) if t.category == "elemental"
                 else Tag(t.name) for t in final.types)
    legend = f"{ELEMENTAL_MARK} elemental" if any(t.mark for t in tags) else ""
    blocks = (grid, athletics, from_items, abilities, gear)
    return Card(unit.name, tally.total, short, tags, blocks, tally, legend=legend,
                final=final_data(unit, final))


def _ability_name(picked: PickedAbility) -> str:
    custom = picked.choice.cost is not None
    return picked.choice.name if custom or picked.entry is None else picked.entry.name


def _ability(picked: PickedAbility) -> Entry:
    choice, entry = picked.choice, picked.entry
    custom = choice.cost is not None
    summary = choice.text or "" if custom or entry is None else entry.summary
    name = _ability_name(picked)
    title = name if choice.rank is None else f"{name} {choice.rank}"
    note = f"from {picked.source}" if picked.source else "custom" if custom else ""
    return Entry(title, note, summary.strip(), rule=name)


def _gears(unit: Unit, final: Final) -> tuple[Entry, ...]:
    return tuple(_gear(choice, item)
                 for choice, item in zip(unit.equipment, final.items, strict=True))


def _gear(choice: Any, item: Any) -> Entry:
    chosen = []
    if choice.range is not None:
        chosen.append(f"range {choice.range}")
    if choice.bumps == "raise":
        chosen.append("bumps raised")
    chosen.extend(a.name if a.rank is None else f"{a.name} {a.rank}" for a in choice.abilities)
    return Entry(item.name if item is not None else choice.item, ", ".join(chosen),
                 ", ".join(item.effects) if item is not None else "not in the equipment table")


def _item_bumps(final: Final) -> tuple[Entry, ...]:
    """'Melee DEF +3 (Heavy Armor)' for every bump an item gave or raised."""
    out = []
    for skill in SKILLS:
        for side in ("off", "def"):
            pool = final.pools[(skill, side)]
            for value, source in zip(pool.bumps, pool.bump_sources(), strict=True):
                if source:
                    out.append(Entry(f"{skill.title()} {side.upper()} {value:+d}", source))
    return tuple(out)


def final_data(unit: Unit, final: Final) -> dict[str, Any]:
    """The values the card prints, innate plus equipment, for the data exports."""
    pools = final.pools
    return {
        "types": [{"name": t.name, "category": t.category} for t in final.types],
        "skills": {
            s: {"off_dice": pools[(s, "off")].dice, "off_bumps": list(pools[(s, "off")].bumps),
                "def_dice": pools[(s, "def")].dice, "def_bumps": list(pools[(s, "def")].bumps),
                "range": final.ranges[s]}
            for s in SKILLS
        },
        "athletics": final.athletics,
        "flies": final.flies,
        "abilities": [{"name": _ability_name(p), "rank": p.choice.rank,
                       "source": p.source or None, "custom": p.choice.cost is not None,
                       "summary": _ability(p).text} for p in final.abilities],
        "equipment": [{"item": g.title, "kind": item.kind if item is not None else "",
                       "choices": g.note, "effects": g.text}
                      for g, item in zip(_gears(unit, final), final.items, strict=True)],
    }


