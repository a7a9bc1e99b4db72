"""Edits of a TACTICS sheet for a designer: each takes a sheet and returns a new one,
never changing its input (lists are replaced, not changed in place), so an undo history
can share them. Queries at the end answer what the build steps show."""

from __future__ import annotations

from typing import Any

from designer.systems.tactics.models import Action, Attributes, Sheet, Weapon
from designer.systems.tactics.reference import distance_legend
from designer.systems.tactics.rules import Final, whole
from designer.systems.tactics.table import TableSettings

ACTION_LISTS = ("maneuvers", "presses", "reacts")
ATTRIBUTES = ("precision", "endurance", "agility", "acumen")


def _update(sheet: Sheet, **changes: Any) -> Sheet:
    return sheet.model_copy(update=changes)


# --- step one: identity --------------------------------------------------------------------


def set_name(sheet: Sheet, name: str) -> Sheet:
    return _update(sheet, name=name.strip() or sheet.name)


def action_choices(kind: str, table: TableSettings) -> tuple[int, ...]:
    """The action counts a kind may have under the table: (3,), (2,), (2, 3)."""
    return table.actions.allowed(kind)


def set_kind(sheet: Sheet, kind: str, table: TableSettings) -> Sheet:
    """The kind, with its action count: fixed for standard and minion; a heavy keeps its
    count when the table allows it, else takes the table's highest."""
    choices = action_choices(kind, table)
    if not choices:
        return _update(sheet, kind=kind)
    actions = whole(sheet.actions)
    keep = actions if actions in choices else max(choices)
    return _update(sheet, kind=kind, actions=keep)


def set_actions(sheet: Sheet, actions: int | None) -> Sheet:
    return _update(sheet, actions=actions)


# --- steps two and three: attributes and defences ------------------------------------------


def set_attribute(sheet: Sheet, attribute: str, value: int | None) -> Sheet:
    """Precision, Endurance, Agility or Acumen; None leaves it blank."""
    if attribute not in ATTRIBUTES:
        raise ValueError(f"unknown attribute {attribute!r}")
    attributes = Attributes(**{**sheet.attributes.model_dump(), attribute: value})
    return _update(sheet, attributes=attributes)


def set_armor(sheet: Sheet, armor: int) -> Sheet:
    return _update(sheet, armor=armor)


def set_shields(sheet: Sheet, shields: int) -> Sheet:
    return _update(sheet, shields=max(0, shields))


def clear_max_wounds(sheet: Sheet) -> Sheet:
    """Drop a sheet's own wound maximum: the table's applies (the fix of E-TX-WOUNDS)."""
    return _update(sheet, max_wounds=None)


def clear_points(sheet: Sheet) -> Sheet:
    """Drop an ignored points value (the fix of W-TX-POINTS)."""
    return _update(sheet, points=None)


# --- step four: weapons ------------------------------------------------------------------


def add_weapon(sheet: Sheet, name: str, damage: int | None = None,
               precision: int | None = None, distance: str | None = None,
               area: str | dict[str, Any] | None = None) -> Sheet:
    weapon = Weapon(name=name, damage=damage, precision=precision, distance=distance,
                    area=area)
    return _update(sheet, weapons=[*sheet.weapons, weapon])


def update_weapon(sheet: Sheet, index: int, **changes: Any) -> Sheet:
    """Weapon `index` with fields changed (damage=14, distance='M', area=None, ...)."""
    weapons = list(sheet.weapons)
    weapons[index] = Weapon(**{**weapons[index].model_dump(), **changes})
    return _update(sheet, weapons=weapons)


def set_area(sheet: Sheet, index: int, kind: str | None, value: Any = None) -> Sheet:
    """A weapon's area effect: None for none; splash or cloud; explosion with a size;
    chain with a target count."""
    if kind is None:
        area: Any = None
    elif kind in ("splash", "cloud"):
        area = kind
    else:
        area = {kind: value}
    return update_weapon(sheet, index, area=area)


def remove_weapon(sheet: Sheet, index: int) -> Sheet:
    return _update(sheet, weapons=[w for i, w in enumerate(sheet.weapons) if i != index])


def move_weapon(sheet: Sheet, index: int, offset: int) -> Sheet:
    weapons = list(sheet.weapons)
    target = max(0, min(len(weapons) - 1, index + offset))
    weapons.insert(target, weapons.pop(index))
    return _update(sheet, weapons=weapons)


# --- step five: known actions ----------------------------------------------------------------


def _check_list(which: str) -> None:
    if which not in ACTION_LISTS:
        raise ValueError(f"unknown action list {which!r}; one of {', '.join(ACTION_LISTS)}")


def add_action(sheet: Sheet, which: str, name: str, text: str = "") -> Sheet:
    """A Maneuver, Press or React (`which`: maneuvers, presses, reacts)."""
    _check_list(which)
    return _update(sheet, **{which: [*getattr(sheet, which), Action(name=name, text=text)]})


def remove_action(sheet: Sheet, which: str, index: int) -> Sheet:
    _check_list(which)
    kept = [a for i, a in enumerate(getattr(sheet, which)) if i != index]
    return _update(sheet, **{which: kept})


def set_notes(sheet: Sheet, notes: str) -> Sheet:
    return _update(sheet, notes=notes)


# --- queries -------------------------------------------------------------------------------


def soak_text(final: Final) -> str:
    """The attributes step's live line: 'Soak: d20 + 3'."""
    soak = final.soak
    return f"Soak: {final.table.dice} " + ("+ ___" if soak is None else f"{soak:+d}"
                                           .replace("+", "+ ").replace("-", "- "))


def zone_legend(table: TableSettings) -> str:
    """The weapons step's distance legend."""
    return distance_legend(table)
