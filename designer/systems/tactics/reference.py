"""What the TACTICS design notes say, in our own words, with the lines they come from
([N] cites a line of the notes): kinds, action types, distance bands, area effects, and
what the notes leave open. The checks, the sheet and the catalog browser read these."""

from __future__ import annotations

from designer.systems.tactics.table import TableSettings

KINDS: dict[str, str] = {
    "standard": "Most creatures: the standard action count [5].",
    "minion": "Minions act less: the minion action count [5]. The notes give them no "
              "other rule.",
    "heavy": "Heavies: slow, brutish ones act less, others as usual [5]. The notes give "
             "them no other rule.",
}

ACTION_TYPES: dict[str, str] = {
    "Maneuver": "Cover, repositioning, aiming, drawing a weapon: usually a bonus. A "
                "Maneuver can always be taken as a React [7].",
    "Press": "An offensive action against a resisting target: shooting, pinning, "
             "disarming. Each Press gives later Presses that turn a penalty, whose size "
             "the notes do not give [9].",
    "React": "Taken against a Press, at most one a turn, chosen before any roll; it comes "
             "out of the defender's own actions [11, 13].",
}

#: the distance bands [37-42], in order
DISTANCES: tuple[str, ...] = ("I", "C", "M", "F", "S")
DISTANCE_NAMES = {"I": "Immediate", "C": "Close", "M": "Medium", "F": "Far", "S": "Sight"}

#: the area effects [44-57] and their parameter: a size, a target count, or none
AREAS: tuple[str, ...] = ("splash", "explosion", "chain", "cloud")
SIZES: tuple[str, ...] = ("small", "medium", "large")
AREA_TEXT: dict[str, str] = {
    "splash": "Also hits whoever shares the target's zone feature (cover, a cloud) or is "
              "at Immediate range of it [46].",
    "explosion small": "Everyone in the zone rolls Agility (a dodge means out of the "
                       "radius), then soak [48-49].",
    "explosion medium": "Cannot be dodged normally: brace and soak [51].",
    "explosion large": "Several zones: the centre zone as a medium explosion, the others "
                       "as small ones [53].",
    "chain": "Hits up to the given number of targets within a zone or range [55].",
    "cloud": "Creates a zone feature on the creatures hit; they can move out of it, or be "
             "moved back in [57].",
}

#: the sheet's reminder of how an attack resolves [23, 29-31]
RESOLVE = ("Agility roll vs Precision: each point short adds 1 damage; soak subtracts; "
           "what remains are wounds.")
PRECISION_NOTE = "which Precision applies, the weapon's or the character's, is the table's call."
ENDURANCE_NOTE = "listed as offensive in the notes [19], used for soak [27, 31]."
ACUMEN_NOTE = "in flux in the notes [25]; left blank"
INCAPACITATED = "incapacitated (dead if same source or scene; any further wound kills)"
FOOTER = "Based on the TACTICS design notes; no points system."

#: what the notes leave undefined or contradictory, and what this tool does about it
OPEN_QUESTIONS: tuple[tuple[str, str, str], ...] = (
    ("Points, costs, budgets", "-", "None defined: nothing is priced, no cap is checked."),
    ("Press penalty", "9", "A table setting, printed as a blank until filled in."),
    ("Dodge and minimum-damage thresholds", "23", "Not printed; the sheet says each point "
     "short adds 1 damage."),
    ("Natural 1s and 20s", "-", "Not mentioned; nothing printed."),
    ("Wounds for tougher creatures", "33", "No conversion: every sheet uses the table's "
     "wound maximum."),
    ("Shields: one point per wound, or all wounds", "35", "Printed as boxes; the table "
     "decides."),
    ("Shield cool-down check", "35", "A table setting, printed as a blank until filled in."),
    ("Weapon or character Precision", "23, 29", "Both printed; the table decides."),
    ("Endurance: offensive or soak", "19, 27", "Printed under Soak, with a footnote."),
    ("Acumen", "25", "In flux: printed blank, or as written with a warning."),
    ("Attribute ranges", "-", "None given: any whole number is accepted."),
)


def distance_legend(table: TableSettings) -> str:
    """'I, C, M <= 3 zones, F <= 5, S': the bands with the table's zone counts."""
    return (f"I immediate, C close (same zone), M up to {table.zones.medium} zones, "
            f"F up to {table.zones.far}, S sight")


def distance_text(code: str, table: TableSettings) -> str:
    return {
        "I": "Same zone, with unhindered access [38].",
        "C": "Same zone [39].",
        "M": f"Up to {table.zones.medium} zones away [40].",
        "F": f"Up to {table.zones.far} zones away [41].",
        "S": "Any distance, limited only by sight [42].",
    }[code]


def penalty_text(table: TableSettings, earlier: int) -> str:
    """A Press's penalty after `earlier` Presses that turn: '', '-2', '-4' when the table
    sets a number, its words when it sets words, a blank to fill in when it sets none."""
    if earlier <= 0:
        return ""
    value = table.press_penalty
    if value is None:
        return "penalty ___"
    if isinstance(value, int):
        return f"penalty {-abs(value) * earlier:+d}"
    return f"penalty {value}" + (f" x{earlier}" if earlier > 1 else "")


def blank(value: int | str | None) -> str:
    return "___" if value is None else str(value)
