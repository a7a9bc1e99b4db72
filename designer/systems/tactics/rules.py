"""A sheet read under its table settings (`Final`: the values the sheet prints) and the
checks of spec §5, each with a stable code and a one-line fix.

Errors (E-TX-...): KIND, ACTIONS, ATTR, WOUNDS, WEAPON, DISTANCE, AREA.
Warnings (W-TX-...): ACUMEN, POINTS, NO-ATTACK.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from designer.io import suggest
from designer.systems.tactics.models import Sheet, Weapon
from designer.systems.tactics.reference import AREAS, DISTANCE_NAMES, DISTANCES, KINDS, SIZES
from designer.systems.tactics.table import TableSettings
from designer.tally import Issue

LIMIT = 999  # a whole number beyond this is refused as an attribute (no range is given)


def whole(value: Any) -> int | None:
    """`value` when it is a whole number within +-LIMIT (not a boolean), else None."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) <= LIMIT:
        return value
    return None


def written(value: Any, limit: int = 24) -> str:
    """A value as the file wrote it, short enough for a message or a sheet cell."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if abs(value) <= 10**12 else f"a number of {len(str(abs(value)))} digits"
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else str(value)
    text = " ".join(str(value).split())
    return text if len(text) <= limit else text[:limit - 1] + "\u2026"


def _fix(value: Any) -> str:
    """How to write a value that is not a whole number: '13' -> 'write 13'."""
    candidate: Any = None
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        candidate = int(value)
    elif isinstance(value, str):
        try:
            candidate = int(value.strip())
        except ValueError:
            candidate = None
    if whole(candidate) is not None:
        return f"write {candidate} (a whole number, unquoted)"
    return "write a whole number, e.g. 2"


@dataclass(frozen=True, slots=True)
class AreaEffect:
    """One area effect: `kind` (splash, explosion, chain, cloud), a size for an
    explosion, a target count for a chain."""

    kind: str
    size: str = ""
    count: int | None = None

    @property
    def label(self) -> str:
        if self.kind == "explosion":
            return f"explosion {self.size}"
        if self.kind == "chain":
            return f"chain {self.count}"
        return self.kind

    @property
    def short(self) -> str:
        """The label in a narrow table cell: 'expl. med.'."""
        if self.kind == "explosion":
            return "expl. " + {"medium": "med."}.get(self.size, self.size)
        return self.label

    @property
    def key(self) -> str:
        """Its entry in reference.AREA_TEXT."""
        return f"explosion {self.size}" if self.kind == "explosion" else self.kind


@dataclass(frozen=True, slots=True)
class FinalWeapon:
    name: str
    damage: int | None
    precision: int | None
    distance: str | None  # a known band, else None
    areas: tuple[AreaEffect, ...]
    text: str
    source: Weapon


@dataclass(frozen=True, slots=True)
class Final:
    """The sheet's values as it prints them; None where a value is unset or invalid."""

    table: TableSettings
    kind: str | None
    actions: int | None
    precision: int | None
    endurance: int | None
    agility: int | None
    armor: int | None
    shields: int | None
    weapons: tuple[FinalWeapon, ...]

    @property
    def soak(self) -> int | None:
        """Endurance plus Armor: the soak roll's modifier [31]."""
        if self.endurance is None or self.armor is None:
            return None
        return self.endurance + self.armor

    @property
    def max_wounds(self) -> int:
        return self.table.max_wounds


def fold(sheet: Sheet, table: TableSettings) -> Final:
    kind = sheet.kind if isinstance(sheet.kind, str) and sheet.kind in KINDS else None
    actions = whole(sheet.actions)
    if sheet.actions is None and kind in ("standard", "minion"):
        actions = table.actions.allowed(kind)[0]
    shields = whole(sheet.shields)
    return Final(
        table=table, kind=kind, actions=actions,
        precision=whole(sheet.attributes.precision),
        endurance=whole(sheet.attributes.endurance),
        agility=whole(sheet.attributes.agility),
        armor=whole(sheet.armor),
        shields=shields if shields is not None and shields >= 0 else None,
        weapons=tuple(_weapon(w) for w in sheet.weapons),
    )


def _weapon(w: Weapon) -> FinalWeapon:
    distance = w.distance if isinstance(w.distance, str) and w.distance in DISTANCES else None
    areas = tuple(a for a in (_area(k, v) for k, v in _area_items(w.area)) if a is not None)
    return FinalWeapon(w.name, whole(w.damage), whole(w.precision), distance, areas, w.text, w)


def _area_items(area: Any) -> list[tuple[Any, Any]]:
    if area is None:
        return []
    if isinstance(area, str):
        return [(area, None)]
    return list(area.items())


def _area(key: Any, value: Any) -> AreaEffect | None:
    """A known, well-formed area effect, else None (the checks say why)."""
    if key in ("splash", "cloud") and (value is None or value is True):
        return AreaEffect(key)
    if key == "explosion" and isinstance(value, str) and value in SIZES:
        return AreaEffect(key, size=value)
    if key == "chain" and whole(value) is not None and value >= 1:
        return AreaEffect(key, count=value)
    return None


# --- the checks ------------------------------------------------------------------------


def check(sheet: Sheet, final: Final) -> list[Issue]:
    out: list[Issue] = []
    out += _kind_and_actions(sheet, final.table)
    out += _numbers(sheet)
    if sheet.max_wounds is not None:
        out.append(Issue("E-TX-WOUNDS", "error",
                         f"the wound maximum is the table's {final.max_wounds} [33], not "
                         "the sheet's (how tougher creatures take fewer wounds is not "
                         "defined); remove max_wounds", "max_wounds"))
    for i, weapon in enumerate(sheet.weapons):
        out += _weapon_issues(weapon, f"weapons[{i}]")
    if sheet.attributes.acumen is not None:
        out.append(Issue("W-TX-ACUMEN", "warning",
                         "Acumen is in flux in the notes [25] and nothing uses it; it prints "
                         "as written: remove it unless your table rules it",
                         "attributes.acumen"))
    if sheet.points is not None:
        out.append(Issue("W-TX-POINTS", "warning",
                         "TACTICS defines no points, so points is ignored; remove it",
                         "points"))
    if not sheet.weapons and not sheet.presses:
        out.append(Issue("W-TX-NO-ATTACK", "warning",
                         "no weapon and no Press listed: the sheet cannot attack; add a "
                         "weapon or a Press", "weapons"))
    return out


def _kind_and_actions(sheet: Sheet, table: TableSettings) -> list[Issue]:
    out = []
    kind = sheet.kind
    known = isinstance(kind, str) and kind in KINDS
    if not known:
        hint = suggest(kind, KINDS) if isinstance(kind, str) else ""
        out.append(Issue("E-TX-KIND", "error",
                         f"kind '{written(kind)}' is not standard, minion or heavy [5]"
                         f"{hint}; choose one of them", "kind"))
    actions = sheet.actions
    if actions is None and not (known and kind == "heavy"):
        return out
    count = whole(actions)
    if actions is not None and count is None:
        allowed = table.actions.allowed(kind) if known else ()
        fix = f"write {_or(allowed)}" if allowed else _fix(actions)
        out.append(Issue("E-TX-ACTIONS", "error",
                         f"actions '{written(actions)}' is not a whole number; {fix}",
                         "actions"))
        return out
    if not known:
        return out
    allowed = table.actions.allowed(kind)
    if count not in allowed:
        given = "none" if count is None else str(count)
        article = "an" if kind[0] in "aeiou" else "a"
        out.append(Issue("E-TX-ACTIONS", "error",
                         f"{article} {kind} has {_or(allowed)} actions a turn, not {given}; "
                         f"set actions: {_or(allowed)}", "actions"))
    return out


def _or(values: tuple[int, ...]) -> str:
    words = [str(v) for v in values]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _numbers(sheet: Sheet) -> list[Issue]:
    out = []
    named = [(f"attributes.{k}", k.title(), getattr(sheet.attributes, k))
             for k in ("precision", "endurance", "agility")]
    named += [("armor", "Armor", sheet.armor), ("shields", "Shields", sheet.shields)]
    for field, label, value in named:
        if value is None:
            continue
        number = whole(value)
        if number is None:
            extra = (f"beyond +-{LIMIT}" if isinstance(value, int)
                     and not isinstance(value, bool) else "not a whole number")
            fix = "write a smaller number" if extra.startswith("beyond") else _fix(value)
            out.append(Issue("E-TX-ATTR", "error", f"{label} '{written(value)}' is {extra}; "
                             f"{fix}", field))
        elif field == "shields" and number < 0:
            out.append(Issue("E-TX-ATTR", "error",
                             f"Shields {number} is below 0; write 0 for no shields", field))
    return out


def _weapon_issues(w: Weapon, at: str) -> list[Issue]:
    out = []
    for key in ("damage", "precision"):
        value = getattr(w, key)
        if value is None:
            out.append(Issue("E-TX-WEAPON", "error",
                             f"{w.name} gives no {key} ('Damage 14, Precision 13' [29]); "
                             f"add {key}: a whole number", f"{at}.{key}"))
        elif whole(value) is None:
            out.append(Issue("E-TX-WEAPON", "error",
                             f"{w.name} {key} '{written(value)}' is not a whole number; "
                             f"{_fix(value)}", f"{at}.{key}"))
    out += _distance_issues(w, at)
    for key, value in _area_items(w.area):
        problem = _area_problem(key, value)
        if problem:
            out.append(Issue("E-TX-AREA", "error", f"{w.name}: {problem}", f"{at}.area"))
    return out


def _distance_issues(w: Weapon, at: str) -> list[Issue]:
    value = w.distance
    if isinstance(value, str) and value in DISTANCES:
        return []
    bands = ", ".join(DISTANCES[:-1]) + " or " + DISTANCES[-1]
    if value is None:
        return [Issue("E-TX-DISTANCE", "error", f"{w.name} gives no distance; add distance: "
                      f"{bands} [37-42]", f"{at}.distance")]
    guess = None
    if isinstance(value, str):
        word = value.strip().lower()
        guess = next((code for code, name in DISTANCE_NAMES.items()
                      if word in (code.lower(), name.lower())), None)
    fix = f"write {guess}" if guess else f"write one of {bands}"
    return [Issue("E-TX-DISTANCE", "error", f"{w.name} distance '{written(value)}' is not "
                  f"{bands} [37-42]; {fix}", f"{at}.distance")]


def _area_problem(key: Any, value: Any) -> str:
    """Why an area effect is not one the notes know, or '' when it is."""
    if _area(key, value) is not None:
        return ""
    if key not in AREAS:
        hint = suggest(key, AREAS) if isinstance(key, str) else ""
        return (f"area effect '{written(key)}' is not splash, explosion, chain or cloud "
                f"[44-57]{hint}; use one of them")
    if key == "chain":
        return ("a chain needs a target count of 1 or more [55]; write {chain: 3}"
                + ("" if value is None else f", not '{written(value)}'"))
    if key == "explosion":
        shown = "no size" if value is None else f"size '{written(value)}'"
        return (f"an explosion is small, medium or large [48-53], not {shown}; write "
                "{explosion: small}")
    return f"{key} takes no value; write area: {key}"
