"""A TACTICS character sheet as the neutral card (spec §7): kind and action pips, the
React box and the Press boxes with their penalties; Precision, Agility, Acumen and Soak;
the shield and wound tracks as rows of boxes; the weapons table; the known actions; and
the rules the sheet reminds of, in our words. There are no points anywhere."""

from __future__ import annotations

from typing import Any

from designer.card import BOX, Card, Cell, Entry, Row, Section, Stat, Table, Tag, dice, text
from designer.systems import Assessment
from designer.systems.tactics.models import Action, Sheet
from designer.systems.tactics.reference import (
    ACUMEN_NOTE,
    AREA_TEXT,
    ENDURANCE_NOTE,
    FOOTER,
    INCAPACITATED,
    PRECISION_NOTE,
    RESOLVE,
    blank,
    distance_legend,
    penalty_text,
)
from designer.systems.tactics.rules import Final, FinalWeapon, written

SHORT = "TACTICS \u00b7 no points"
TRACK = 10  # boxes to a row of a track
MAX_SHIELD_ROWS = 2
UNUSED = "x"  # a box the track does not reach
NONE = "\u2013"


def value_text(final_value: int | None, raw: Any) -> str:
    """A number as the sheet prints it: the value, what the file wrote when that is not
    a whole number, or a blank to fill in."""
    if final_value is not None:
        return str(final_value)
    return "___" if raw is None else written(raw, 12)


def modifier(value: int | None) -> str:
    if value is None:
        return "+ ___"
    return f"+ {value}" if value >= 0 else f"\u2212 {-value}"


def soak_line(final: Final) -> str:
    """'d20 + 3': the soak roll, or with blanks where Endurance or Armor is unset."""
    return f"{final.table.dice} {modifier(final.soak)}"


def unit_card(assessment: Assessment) -> Card:
    sheet: Sheet = assessment.unit
    final: Final = assessment.final
    table = final.table
    kind = final.kind or written(sheet.kind, 16)
    actions = final.actions
    tags = [Tag(kind.title(), "highlight" if final.kind == "heavy" else "")]
    tags.append(Tag(f"{actions} actions" if actions is not None
                    else f"actions {value_text(None, sheet.actions)}"))
    tags.append(Tag(table.dice))
    if final.shields:
        tags.append(Tag("shielded", "defence"))
    blocks: list[Any] = [_turn(final), *_attributes(sheet, final), _track(final),
                         _shield_stat(final), Stat(f"At {final.max_wounds} wounds",
                                                   "incapacitated",
                                                   short=f"At {final.max_wounds}",
                                                   note=INCAPACITATED.split("(", 1)[1]
                                                   .rstrip(")"))]
    if sheet.weapons:
        blocks += [_weapons(sheet, final), _area_notes(final)]
    blocks += [_actions("Maneuvers (also as Reacts)", sheet.maneuvers, "Maneuvers"),
               _actions("Presses", sheet.presses), _actions("Reacts", sheet.reacts)]
    if sheet.notes.strip():
        blocks.append(Section("Notes", (Entry(sheet.notes.strip()),), compact=True))
    blocks.append(_rules(final))
    return Card(sheet.name, None, SHORT, tuple(tags), tuple(blocks), assessment.tally,
                final=final_data(sheet, final), layout="sheet")


def _turn(final: Final) -> Table:
    """Action pips, the React box and a box per Press with its penalty [5-13]."""
    presses = max(1, min(3, final.actions or 3))
    columns = ("Actions", "React", *(f"Press {n}" for n in range(1, presses + 1)))
    row = Row("Turn", (dice(final.actions or 0), text(BOX),
                       *(text(BOX) for _ in range(presses))), short="Turn")
    small = Row("Turn notes", (text("per turn", "muted"), text("one a turn", "muted"),
                               *(text(penalty_text(final.table, n) or "no penalty", "muted")
                                 for n in range(presses))), short="", sub=True)
    return Table(columns, (row, small), ("ACT", "RCT", *(f"P{n}" for n in range(1, presses
                                                                              + 1))),
                 record=True)


def _attributes(sheet: Sheet, final: Final) -> list[Stat]:
    attrs = sheet.attributes
    dice_word = final.table.dice
    acumen = (Stat("Acumen", "___", short="ACU", note=ACUMEN_NOTE) if attrs.acumen is None
              else Stat("Acumen", written(attrs.acumen, 12), short="ACU",
                        note="as written; in flux in the notes [25]"))
    endurance = value_text(final.endurance, attrs.endurance)
    armor = value_text(final.armor, sheet.armor)
    return [
        Stat("Precision", value_text(final.precision, attrs.precision), short="PRE",
             note="offense: the number an Agility roll must reach"),
        Stat("Agility", f"{dice_word} {modifier(final.agility)}", short="AGI",
             note="defense roll against Precision" + (
                 "" if final.agility is not None or attrs.agility is None
                 else f" (written '{written(attrs.agility, 12)}')")),
        acumen,
        Stat("Soak", soak_line(final), short="Soak",
             note=f"Endurance* {endurance} + Armor {armor}",
             detail="*Endurance: see the footnote"),
    ]


def _track(final: Final) -> Table:
    """Shield and wound boxes, ten to a row; a box past the maximum is marked unused."""
    rows: list[Row] = []
    shields = final.shields or 0
    shown = min(shields, TRACK * MAX_SHIELD_ROWS)
    for start in range(0, shown, TRACK):
        label = "Shields" if start == 0 else f"Shields {start + 1}-{start + TRACK}"
        rows.append(Row(label, _boxes(shown - start), short="Shields" if start == 0
                        else f"{start + 1}-{start + TRACK}", tone="defence"))
    wounds = final.max_wounds
    for start in range(0, wounds, TRACK):
        label = "Wounds" if start == 0 else f"Wounds {start + 1}-{start + TRACK}"
        rows.append(Row(label, _boxes(wounds - start), short="Wounds" if start == 0
                        else f"{start + 1}-{start + TRACK}", tone="attack"))
    columns = tuple(str(n) for n in range(1, TRACK + 1))
    return Table(columns, tuple(rows), record=True)


def _boxes(left: int) -> tuple[Cell, ...]:
    return tuple(text("") if n < left else text(UNUSED, "muted") for n in range(TRACK))


def _shield_stat(final: Final) -> Stat:
    check = blank(final.table.cool_down_check)
    if not final.shields:
        return Stat("Shields", "none", short="Shields",
                    note="unshielded: vulnerable to wounds [35]")
    more = (f" (track shows {TRACK * MAX_SHIELD_ROWS})"
            if final.shields > TRACK * MAX_SHIELD_ROWS else "")
    return Stat("Shields", f"{final.shields} max{more}", short="Shields",
                note=f"shielded {BOX} regain 1 a turn; at 0 cool-down check: {check}")


def _weapons(sheet: Sheet, final: Final) -> Table:
    rows: list[Row] = []
    for weapon, fw in zip(sheet.weapons, final.weapons, strict=True):
        areas = ", ".join(a.short for a in fw.areas) or (
            "" if weapon.area is None else written(weapon.area, 16))
        rows.append(Row(fw.name, (
            text(value_text(fw.damage, weapon.damage), "attack"),
            text(value_text(fw.precision, weapon.precision)),
            text(fw.distance or value_text(None, weapon.distance)),
            text(areas or NONE))))
        note = _weapon_note(fw)
        if note:
            rows.append(Row(f"{fw.name}: note", (text(""), text(""), text(""),
                                                 text(note, "highlight")), short="", sub=True))
    return Table(("Damage", "Precision", "Distance", "Area"), tuple(rows),
                 ("DMG", "PRE", "DIS", "AREA"))


def _area_notes(final: Final) -> Section:
    """What each area effect does, for the roomier exports (not on the printed sheet)."""
    entries = [Entry(f"{w.name}: {a.label}", "", AREA_TEXT[a.key],
                     rule=a.key[:1].upper() + a.key[1:])
               for w in final.weapons for a in w.areas]
    entries += [Entry(w.name, "", w.text) for w in final.weapons if w.text]
    return Section("Weapon notes", tuple(entries), on_card=False, glossary=True)


def _weapon_note(fw: FinalWeapon) -> str:
    for area in fw.areas:
        if area.key == "explosion medium":
            return "no normal dodge"
        if area.key == "explosion large":
            return "centre: no dodge"
    return ""


def _actions(label: str, actions: list[Action], short: str = "") -> Section:
    return Section(label, tuple(Entry(a.name, "", a.text) for a in actions), short=short,
                   compact=True, glossary=True)


def _rules(final: Final) -> Section:
    return Section("Rules", (
        Entry("Resolve", text=RESOLVE),
        Entry("Distances", text=distance_legend(final.table) + "."),
        Entry("Precision", text=PRECISION_NOTE),
        Entry("*Endurance", text=ENDURANCE_NOTE),
        Entry("Sheet", text=FOOTER),
    ))


def final_data(sheet: Sheet, final: Final) -> dict[str, Any]:
    """The values the sheet prints, for the data exports."""
    table = final.table
    return {
        "kind": final.kind,
        "actions": final.actions,
        "precision": final.precision,
        "agility": final.agility,
        "endurance": final.endurance,
        "armor": final.armor,
        "soak": final.soak,
        "shields": final.shields,
        "max_wounds": final.max_wounds,
        "weapons": [{"name": w.name, "damage": w.damage, "precision": w.precision,
                     "distance": w.distance, "area": [a.label for a in w.areas],
                     "area_text": [AREA_TEXT[a.key] for a in w.areas]}
                    for w in final.weapons],
        "maneuvers": [a.name for a in sheet.maneuvers],
        "presses": [a.name for a in sheet.presses],
        "reacts": [a.name for a in sheet.reacts],
        "press_penalty": table.press_penalty,
        "cool_down_check": table.cool_down_check,
        "zones": {"medium": table.zones.medium, "far": table.zones.far},
    }
