"""An Open Fire unit's options as army builders offer them on a force entry: for each
model entry, its model count; for one of a module profile, also a weapon choice for each
slot it may fill (among what the profile may take) and each upgrade open to it (a model
upgrade taken or not, a weapon modification on one of its weapons). Each is set alone,
as a new unit; the rules checks still judge the result (an upgrade over the room)."""

from __future__ import annotations

import re
from typing import Any

from designer.errors import InputError
from designer.systems import FieldSpec
from designer.systems.openfire.catalog import Catalog
from designer.systems.openfire.cost import Final
from designer.systems.openfire.edits import set_count, upgrades_for, weapons_for
from designer.systems.openfire.fold import Figure, fold, weapon_slot
from designer.systems.openfire.models import ModelEntry, Unit, UpgradeRef, Weapon
from designer.systems.openfire.module import Upgrade
from designer.systems.openfire.priced import limits_for

MAX_MODELS = 999  # models of an entry, as the unit file allows
_KEY = re.compile(r"models\[(\d+)\]\.(count|weapon|upgrade)(?:\.(.+))?\Z")


def entry_options(final: Final) -> tuple[FieldSpec, ...]:
    """The options of the unit `final` holds, each with its present value as default;
    labels lead with the model's name when the unit has more than one model entry."""
    out: list[FieldSpec] = []
    many = len(final.figures) > 1
    for fig in final.figures:
        head, key = (f"{fig.name}: " if many else ""), f"models[{fig.index}]"
        out.append(FieldSpec(f"{key}.count", f"{head}Models", "number", default=fig.count,
                             low=1, high=MAX_MODELS, help="how many models alike"))
        if fig.profile is not None:
            out += _weapon_options(final.catalog, fig, key, head)
            out += _upgrade_options(final, fig, key, head)
    return tuple(out)


def with_entry_option(unit: Unit, final: Final, key: str, value: Any) -> Unit:
    """`unit` with option `key` set to `value` (InputError when it has no such option or
    cannot take the value)."""
    spec = next((s for s in entry_options(final) if s.key == key), None)
    found = _KEY.match(key)
    if spec is None or found is None:
        raise InputError(f"{unit.name} has no option '{key}'", field=key)
    _check(spec, value)
    index, what, name = int(found.group(1)), found.group(2), found.group(3) or ""
    if what == "count":
        return set_count(unit, index, value)
    if what == "weapon":
        return _swapped(unit, final, index, name, value)
    return _with_upgrade(unit, index, name, value)


def _check(spec: FieldSpec, value: Any) -> None:
    if spec.kind == "number":
        low, high = spec.low or 0, spec.high if spec.high is not None else MAX_MODELS
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise InputError(f"expected a whole number from {low} to {high}, not {value!r}",
                             field=spec.key)
    elif value not in [v for v, _ in spec.choices]:
        offered = ", ".join(label for _, label in spec.choices)
        raise InputError(f"{value!r} is not one of: {offered}", field=spec.key)


# --- weapons ---------------------------------------------------------------------------


def slot_weapons(catalog: Catalog, fig: Figure) -> dict[str, list[str]]:
    """The slots a model entry of a profile may fill, each with the module's weapons it
    may take there: the slots of what it carries, of its module limits and of its
    profile's `weapon_choices` (when given, the only weapons it may take)."""
    module, profile = catalog.module, fig.profile
    if module is None or profile is None:
        return {}
    allowed = {n.casefold() for n in profile.weapon_choices}
    slots = [a.slot for a in fig.weapons]
    slots += [s for limit in limits_for(fig, catalog) for s in limit.slots]
    out: dict[str, list[str]] = {s: [] for s in slots}
    for weapon in module.weapons:
        if allowed and weapon.name.casefold() not in allowed:
            continue
        slot = weapon_slot(weapon, catalog)
        if allowed or slot in out:
            out.setdefault(slot, []).append(weapon.name)
    return out


def _floor(catalog: Catalog, fig: Figure, slot: str) -> int:
    """The fewest weapons of `slot` the module's limits let the model carry."""
    return max((limit.slots[slot][0] or 0 for limit in limits_for(fig, catalog)
                if slot in limit.slots), default=0)


def _droppable(catalog: Catalog, fig: Figure, slot: str, held: list[str]) -> bool:
    """Whether "none" is a choice of the slot: the module's limits allow none there, the
    model keeps a weapon (a unit file lists none to mean the profile's own) and the
    slot holds one at most (dropping the first of two would show the second)."""
    if _floor(catalog, fig, slot) or len(held) > 1:
        return False
    return not held or len(fig.weapons) > 1


def _weapon_options(catalog: Catalog, fig: Figure, key: str, head: str
                    ) -> list[FieldSpec]:
    out = []
    for slot, names in slot_weapons(catalog, fig).items():
        held = [a.name for a in fig.weapons if a.slot == slot]
        choices: list[tuple[Any, str]] = [(None, "none")] if _droppable(
            catalog, fig, slot, held) else []
        for name in names:
            weapon = catalog.weapon(name)
            points = weapon.points if weapon is not None else None
            choices.append((name, name if points is None else f"{name} ({points} pts)"))
        out.append(FieldSpec(f"{key}.weapon.{slot}", f"{head}{slot.title()}", "choice",
                             tuple(choices), default=held[0] if held else None,
                             help=f"the model's {slot} weapon"))
    return out


def _swapped(unit: Unit, final: Final, index: int, slot: str, new: str | None) -> Unit:
    """The entry's first weapon of `slot` swapped for `new` (None: dropped, and one added
    when it has none); the weapon modifications of the old one follow to the new one
    when they may modify it, else they go with it. Back to the profile's own weapons,
    the entry lists none (as a ready unit does)."""
    fig, entry = final.figures[index], unit.models[index]
    profile = fig.profile
    defaults = list(profile.weapons) if profile is not None else []
    refs = list(entry.weapons) or [Weapon(name=n) for n in defaults]
    at = next((i for i, a in enumerate(fig.weapons) if a.slot == slot), None)
    old = refs[at].name.casefold() if at is not None else None
    if old == (new.casefold() if new is not None else None):
        return unit
    if at is not None:
        del refs[at]
    if new is not None:
        refs.insert(len(refs) if at is None else at, Weapon(name=new))
    if all(r.reference for r in refs) and [r.name for r in refs] == defaults:
        refs = []
    moving = [u for u in entry.upgrades if old and (u.weapon or "").casefold() == old]
    kept = [u for u in entry.upgrades if u not in moving]
    swapped = _with_entry(unit, index, weapons=refs, upgrades=kept)
    if not moving or new is None:
        return swapped
    figure = fold(swapped, final.catalog).figures[index]
    upgrades = [u if u not in moving else u.model_copy(update={"weapon": new})
                for u in entry.upgrades
                if u not in moving or _fits(final.catalog.upgrade(u.name), figure, new)]
    return _with_entry(swapped, index, upgrades=upgrades)


def _fits(upgrade: Upgrade | None, fig: Figure, weapon: str) -> bool:
    return upgrade is not None and weapon in weapons_for(upgrade, fig)


# --- upgrades --------------------------------------------------------------------------


def _upgrade_options(final: Final, fig: Figure, key: str, head: str) -> list[FieldSpec]:
    """Each upgrade open to the model entry, and each it has taken."""
    taken = {t.name.casefold(): t for t in fig.upgrades}
    upgrades = upgrades_for(final, fig.index)
    names = {u.name.casefold() for u in upgrades}
    upgrades += [t.upgrade for t in fig.upgrades
                 if t.upgrade is not None and t.name.casefold() not in names]
    out = []
    for upgrade in upgrades:
        held = taken.get(upgrade.name.casefold())
        price = f"+{upgrade.points}" if isinstance(upgrade.points, int) else upgrade.points
        choices: tuple[tuple[Any, str], ...]
        if upgrade.on_weapon:
            choices = ((None, "no"), *((n, f"on {n}") for n in weapons_for(upgrade, fig)))
            value: Any = held.target if held is not None else None
        else:
            choices = ((False, "no"), (True, "yes"))
            value = held is not None
        out.append(FieldSpec(f"{key}.upgrade.{upgrade.name}", f"{head}{upgrade.name} "
                             f"({price})", "choice", choices, default=value,
                             help=upgrade.summary or upgrade.effect.text()))
    return out


def _with_upgrade(unit: Unit, index: int, name: str, value: Any) -> Unit:
    """The entry with upgrade `name` taken (True, or on the weapon `value`) or not
    (False, None), in its place among the others."""
    upgrades = list(unit.models[index].upgrades)
    at = next((i for i, u in enumerate(upgrades) if u.name.casefold() == name.casefold()),
              None)
    if at is not None:
        del upgrades[at]
    if value is not None and value is not False:
        ref = UpgradeRef(name=name, weapon=None if value is True else value)
        upgrades.insert(len(upgrades) if at is None else at, ref)
    return _with_entry(unit, index, upgrades=upgrades)


def _with_entry(unit: Unit, index: int, **changes: Any) -> Unit:
    models: list[ModelEntry] = list(unit.models)
    models[index] = models[index].model_copy(update=changes)
    return unit.model_copy(update={"models": models})
