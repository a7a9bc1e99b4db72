"""An Open Fire unit as the neutral card (spec §3.7): the models with MOV SKL DEF CMD HP
(the leader marked), the weapons with RNG ATT DMG PRC (profiles indented), the tests'
footnote, formation, the vehicle figures (half-HP threshold, Transport, aircraft MOV),
each model's rules with X filled in, the special rules they name (a module's own in
full), abilities, the record sheet's HP boxes and stress track, the costing source and
the rules' attribution."""

from __future__ import annotations

from typing import Any

from designer.card import Card, Entry, Row, Section, Stat, Table, Tag, boxes, text
from designer.systems import Assessment
from designer.systems.openfire.cost import Final
from designer.systems.openfire.fold import Arm, Figure, Shot
from designer.systems.openfire.headings import MODEL_COLUMNS, WEAPON_COLUMNS
from designer.systems.openfire.models import Unit
from designer.systems.openfire.resolve import Rule

FOOTNOTE = "roll ≥ value on d12; 1 fails, 12 succeeds"
MAX_BOXES = 60  # HP boxes drawn for one entry; more are written as a number


def _value(value: int | None) -> str:
    return "-" if value is None else str(value)


def mov_text(mov: int | tuple[int, int] | None) -> str:
    if mov is None:
        return "-"
    if isinstance(mov, tuple):
        return f'{mov[0]}-{mov[1]}"'
    return f'{mov}"'


def rng_text(rng: tuple[int, int] | None) -> str:
    if rng is None:
        return "-"
    return f'{rng[0]}-{rng[1]}"' if rng[0] else f'{rng[1]}"'


def _model_row(fig: Figure, squad: bool) -> Row:
    """A model entry's row; in a unit of several models the leader's is marked (L)."""
    count = f" ×{fig.count}" if fig.count > 1 else ""
    leader = " (leader)" if fig.leader and squad else ""
    cells = (text(mov_text(fig.mov)), text(_value(fig.skl)), text(_value(fig.defence)),
             text(_value(fig.cmd)), text(_value(fig.hp)))
    return Row(f"{fig.name}{count}{leader}", cells, short=f"{fig.name}{count}"
               + (" (L)" if leader else ""), tone="highlight" if leader else "")


def _shot_cells(shot: Shot) -> tuple:
    return (text(rng_text(shot.rng)), text(_value(shot.att)), text(_value(shot.dmg)),
            text(_value(shot.prc)))


def _weapons(final: Final) -> list[Arm]:
    """Each weapon of the unit once, in the order the models carry them."""
    seen: dict[str, Arm] = {}
    for fig in final.figures:
        for arm in fig.weapons:
            key = arm.name if not arm.upgraded else f"{arm.name}+{'+'.join(arm.upgraded)}"
            seen.setdefault(key, arm)
    return list(seen.values())


def _arm_title(arm: Arm) -> str:
    return arm.name + (f" ({', '.join(arm.upgraded)})" if arm.upgraded else "")


def _weapon_rows(arms: list[Arm]) -> list[Row]:
    rows: list[Row] = []
    for arm in arms:
        if len(arm.shots) == 1:
            rows.append(Row(_arm_title(arm), _shot_cells(arm.shots[0])))
            continue
        rows.append(Row(_arm_title(arm), tuple(text("") for _ in WEAPON_COLUMNS)))
        rows += [Row(f"· {shot.label}", _shot_cells(shot), tone="muted")
                 for shot in arm.shots]
    return rows


def _shot_rules(arm: Arm) -> str:
    """'Rapid Fire', or per profile for a weapon with several: 'Sweep: Torrent'."""
    if len(arm.shots) == 1:
        return ", ".join(dict.fromkeys(r.label for r in arm.shots[0].rules))
    return "; ".join(f"{s.label}: {', '.join(dict.fromkeys(r.label for r in s.rules))}"
                     for s in arm.shots if s.rules)


def rule_label(rule: Rule) -> str:
    """'Vulnerable (Rear) (with Vehicle)', 'Stealth (1) (from Camo Cloaks)', 'Skilled'."""
    if rule.implied:
        return f"{rule.label} (with {rule.source.removeprefix('implied by ')})"
    if rule.source.startswith("upgrade "):
        return f"{rule.label} (from {rule.source.removeprefix('upgrade ')})"
    return rule.label


def _half(hp: int | None) -> int:
    """HP left at which a vehicle has lost more than half its HP [358]."""
    return max(0, ((hp or 0) - 1) // 2)


def _stats(final: Final) -> list[Stat]:
    figures = final.figures
    skirmish = bool(figures) and all(f.has("Skirmishers") for f in figures)
    out = [Stat("Tests", "d12", note=FOOTNOTE)]
    if final.models > 1:
        out.append(Stat("Formation", '8"' if skirmish else '4"',
                        note="from the leader, +1\" a height level, in its sight"
                             + (" (Skirmishers)" if skirmish else "")))
    for fig in figures:
        if fig.has("Aircraft"):
            out.append(Stat("Aircraft", mov_text(fig.mov),
                            note=f"{fig.name}: forward only, at least the minimum; "
                                 "changes touch the maximum"))
        if fig.vehicle:
            out.append(Stat("Half HP", f"{_half(fig.hp)} HP left", short="Damaged",
                            note=f"{fig.name}: -2 MOV, -2 on all tests; Vulnerable (Rear)"))
        if fig.has("Transport"):
            out.append(Stat("Transport", f"{fig.x('Transport')} models", short="Carries",
                            note="none with Vehicle, Transport or Bulky"))
    return out


def _loadout(fig: Figure, squad: bool) -> Entry:
    parts = []
    own = [rule_label(r) for r in fig.rules if r.scope != "weapon"]
    if own:
        parts.append(", ".join(dict.fromkeys(own)))
    if fig.weapons:
        parts.append("carries " + ", ".join(_arm_title(a) for a in fig.weapons))
    return Entry(fig.name + (f" ×{fig.count}" if fig.count > 1 else ""),
                 "leader" if fig.leader and squad else "",
                 "; ".join(parts) or "no rules or weapons")


def _summaries(final: Final) -> list[Entry]:
    seen: dict[str, Entry] = {}
    for fig in final.figures:
        rules = list(fig.rules) + [r for a in fig.weapons for s in a.shots for r in s.rules]
        for rule in rules:
            if rule.name in seen:
                continue
            definition = rule.definition
            note = f"line {definition.line}" if definition and definition.line else \
                ("custom" if rule.custom else "")
            seen[rule.name] = Entry(rule.name + (" (X)" if definition and definition.x
                                                 != "none" else ""), note,
                                    rule.text or "not described")
    return list(seen.values())


def _boxes(fig: Figure) -> Entry:
    hp = max(0, fig.hp or 0)
    track = boxes(hp) if hp <= MAX_BOXES else f"{hp} HP"
    if fig.count == 1:
        return Entry(f"{fig.name} {track}")
    return Entry(f"{fig.name} ×{fig.count}, each {track}")


def unit_card(assessment: Assessment, short: str, attribution: str) -> Card:
    unit: Unit = assessment.unit
    final: Final = assessment.final
    tally = assessment.tally
    catalog = final.catalog
    squad = final.models > 1
    blocks: list[Any] = [Table(MODEL_COLUMNS, tuple(_model_row(f, squad)
                                                    for f in final.figures), key="models")]
    arms = _weapons(final)
    if arms:
        blocks.append(Table(WEAPON_COLUMNS, tuple(_weapon_rows(arms)), key="weapons"))
    blocks += _stats(final)
    blocks.append(Section("Models", tuple(_loadout(f, squad) for f in final.figures)))
    upgraded = [Entry(f.name, "", ", ".join(t.name for t in f.upgrades))
                for f in final.figures if f.upgrades]
    if upgraded:  # what they change is on the card already: its rules, weapons, values
        blocks.append(Section("Upgrades", tuple(upgraded), compact=True, on_card=False))
    weapon_rules = [Entry(_arm_title(a), _shot_rules(a)) for a in arms
                    if any(s.rules for s in a.shots)]
    if weapon_rules:
        blocks.append(Section("Weapon rules", tuple(weapon_rules), short="Weapons",
                              compact=True))
    if unit.abilities:
        blocks.append(Section("Abilities", tuple(Entry(a.name, "", a.text)
                                                 for a in unit.abilities), key="abilities",
                              glossary=True))
    module = catalog.module  # a module's own points: the listed mode
    if module is not None and catalog.mode == "listed":
        cost = Entry(f"module-listed ({module.module})"
                     + (f"; some by {catalog.costing.costing}" if any(
                         i.code == "W-OF-FORMULA-PRICED" for i in tally.issues) else ""))
    else:
        cost = Entry(f"{catalog.costing.costing}: {catalog.costing.label}")
    # the tags name how the unit was priced; the record sheet and text exports say more
    blocks.append(Section("Points", (cost,), compact=True, on_card=False))
    blocks.append(Section("Hit points", tuple(_boxes(f) for f in final.figures),
                          short="HP", compact=True, record=True))
    blocks.append(Section("Stress", (Entry(boxes(3), "0-3; -1 MOV and SKL each"),),
                          compact=True, record=True))
    if unit.notes:
        blocks.append(Section("Notes", (Entry(unit.notes.strip()),), compact=True))
    # the rules the models and weapons name, defined once in a printout's glossary
    blocks.append(Section("Special rules", tuple(_summaries(final)), short="Rules",
                          key="rules", on_card=False, glossary=True))
    tags = [Tag(final.category or "no category", keyword=final.category is not None),
            Tag(final.source, keyword=False)]
    tags.append(Tag(catalog.title if catalog.module else "core rules only", "muted",
                    keyword=False))
    if any(f.has("Aircraft") for f in final.figures):
        tags.append(Tag("Aircraft", "highlight"))
    elif any(f.vehicle for f in final.figures):
        tags.append(Tag("Vehicle", "highlight"))
    return Card(unit.name, tally.total, short, tuple(tags), tuple(blocks), tally,
                credit=attribution, final=final_data(final))


def final_data(final: Final) -> dict[str, Any]:
    """The values the card prints, for the data exports."""

    def shot(s: Shot) -> dict[str, Any]:
        return {"label": s.label or None, "rng": list(s.rng) if s.rng else None,
                "att": s.att, "dmg": s.dmg, "prc": s.prc,
                "special": [r.label for r in s.rules]}

    catalog = final.catalog
    return {
        "module": catalog.ref,
        "category": final.category,
        "costing": final.source,
        "models": [{
            "name": f.name, "count": f.count, "leader": f.leader,
            "profile": f.profile.name if f.profile else None,
            "mov": list(f.mov) if isinstance(f.mov, tuple) else f.mov,
            "skl": f.skl, "def": f.defence, "cmd": f.cmd, "hp": f.hp,
            "special": [rule_label(r) for r in f.rules],
            "weapons": [{"name": a.name, "slot": a.slot, "source": a.source,
                         "upgraded": list(a.upgraded),
                         "profiles": [shot(s) for s in a.shots]} for a in f.weapons],
            "upgrades": [t.name for t in f.upgrades],
            "points": final.entry_points[f.index] if f.index < len(final.entry_points)
            else None,
        } for f in final.figures],
    }
