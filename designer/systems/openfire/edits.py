"""Edits of an Open Fire unit for the designer: each takes a unit and returns a new one,
never changing its input (lists are replaced, not changed in place), so an undo history
can share them. New values go through the file format's validation (pydantic's
ValidationError on a bad one). Queries at the end answer what the build steps show: a
target's d12 chance, a weapon's expected damage, implied rules, the upgrade room."""

from __future__ import annotations

from typing import Any

from designer.systems.openfire import dice
from designer.systems.openfire.catalog import Catalog
from designer.systems.openfire.cost import Final
from designer.systems.openfire.fold import STAT_WORDS, Figure, weapon_fits
from designer.systems.openfire.models import (
    Ability,
    ModelEntry,
    RuleRef,
    Unit,
    UpgradeRef,
    Weapon,
    split_rule,
)
from designer.systems.openfire.module import Upgrade
from designer.systems.openfire.priced import limits_for, matches
from designer.systems.openfire.value import num, shot_value

STAT_KEYS = ("mov", "skl", "def", "cmd", "hp")


def _update(unit: Unit, **changes: Any) -> Unit:
    return unit.model_copy(update=changes)


def _entry(unit: Unit, index: int, **changes: Any) -> Unit:
    models = list(unit.models)
    models[index] = models[index].model_copy(update=changes)
    return _update(unit, models=models)


def _without(items: list, index: int) -> list:
    out = list(items)
    del out[index]
    return out


# --- step one: the unit ----------------------------------------------------------------


def set_name(unit: Unit, name: str) -> Unit:
    return _update(unit, name=name.strip())


def set_module(unit: Unit, module: str | None) -> Unit:
    """The module the unit plays (a bundled id or a module file), or None for the core."""
    return _update(unit, module=module or None)


def set_category(unit: Unit, category: str | None) -> Unit:
    return _update(unit, category=category or None)


def set_printed_points(unit: Unit, points: int | None) -> Unit:
    return _update(unit, points=points)


def set_notes(unit: Unit, notes: str) -> Unit:
    return _update(unit, notes=notes)


# --- step two: the models ----------------------------------------------------------------


def add_model(unit: Unit, name: str, *, count: int = 1, **stats: Any) -> Unit:
    """A model entry of your own: `mov`, `skl`, `def`, `cmd`, `hp` as keywords."""
    entry = ModelEntry.model_validate({"name": name, "count": count, **stats})
    return _update(unit, models=[*unit.models, entry])


def add_profile_model(unit: Unit, catalog: Catalog, profile: str, count: int = 1) -> Unit:
    """A model entry from the module's profile `profile` (KeyError when it has none)."""
    found = catalog.profile(profile)
    if found is None:
        raise KeyError(profile)
    entry = ModelEntry(profile=found.name, count=count)
    return _update(unit, models=[*unit.models, entry])


def remove_model(unit: Unit, index: int) -> Unit:
    """Remove an entry; the last one stays (a unit has at least one model [40])."""
    if len(unit.models) == 1:
        return unit
    return _update(unit, models=_without(unit.models, index))


def set_count(unit: Unit, index: int, count: int) -> Unit:
    return _entry(unit, index, count=max(1, min(999, count)))


def set_leader(unit: Unit, index: int) -> Unit:
    """Make entry `index` the leader: marked true, every other mark cleared."""
    models = [m.model_copy(update={"leader": True if i == index else None})
              for i, m in enumerate(unit.models)]
    return _update(unit, models=models)


def set_profile(unit: Unit, index: int, profile: str | None) -> Unit:
    return _entry(unit, index, profile=profile)


# --- step three: the profile -------------------------------------------------------------


def set_stat(unit: Unit, index: int, key: str, value: int | tuple[int, int] | None) -> Unit:
    """MOV (a number, or (min, max) for an aircraft), SKL, DEF, CMD or HP; None clears
    it (back to the module profile's value)."""
    if key not in STAT_KEYS:
        raise ValueError(f"expected one of {', '.join(STAT_KEYS)}, not {key!r}")
    data = unit.models[index].to_data()
    if value is None:
        data.pop(key, None)
    else:
        data[key] = list(value) if isinstance(value, tuple) else value
    models = list(unit.models)
    models[index] = ModelEntry.model_validate(data)
    return _update(unit, models=models)


# --- step four: weapons ------------------------------------------------------------------


def add_weapon(unit: Unit, index: int, name: str) -> Unit:
    """A weapon by name: the unit's own or the module's."""
    entry = unit.models[index]
    return _entry(unit, index, weapons=[*entry.weapons, Weapon(name=name)])


def remove_weapon(unit: Unit, index: int, weapon: int) -> Unit:
    return _entry(unit, index, weapons=_without(unit.models[index].weapons, weapon))


def define_weapon(unit: Unit, data: dict[str, Any]) -> Unit:
    """Add a weapon of the unit's own (or replace the one of that name)."""
    weapon = Weapon.model_validate(data)
    kept = [w for w in unit.weapons if w.name.casefold() != weapon.name.casefold()]
    return _update(unit, weapons=[*kept, weapon])


def remove_local_weapon(unit: Unit, weapon: int) -> Unit:
    return _update(unit, weapons=_without(unit.weapons, weapon))


# --- step five: special rules and abilities -----------------------------------------------


def add_rule(unit: Unit, index: int, rule: str | dict[str, Any]) -> Unit:
    """'Heavy Armour (1)', 'Skilled' or {name, x, summary, cost, scope}."""
    ref = RuleRef.model_validate(split_rule(rule) if isinstance(rule, str) else rule)
    entry = unit.models[index]
    return _entry(unit, index, special=[*entry.special, ref])


def set_rule_x(unit: Unit, index: int, rule: int, x: int | str | None) -> Unit:
    special = list(unit.models[index].special)
    special[rule] = RuleRef.model_validate({**special[rule].model_dump(exclude_none=True),
                                            "x": x})
    return _entry(unit, index, special=special)


def remove_rule(unit: Unit, index: int, rule: int) -> Unit:
    return _entry(unit, index, special=_without(unit.models[index].special, rule))


def add_ability(unit: Unit, name: str, text: str = "") -> Unit:
    ability = Ability.model_validate({"name": name, "text": text})
    return _update(unit, abilities=[*unit.abilities, ability])


def remove_ability(unit: Unit, index: int) -> Unit:
    return _update(unit, abilities=_without(unit.abilities, index))


# --- step six: upgrades ------------------------------------------------------------------


def add_upgrade(unit: Unit, index: int, name: str, weapon: str | None = None) -> Unit:
    entry = unit.models[index]
    ref = UpgradeRef.model_validate({"name": name, "weapon": weapon})
    return _entry(unit, index, upgrades=[*entry.upgrades, ref])


def remove_upgrade(unit: Unit, index: int, upgrade: int) -> Unit:
    return _entry(unit, index, upgrades=_without(unit.models[index].upgrades, upgrade))


# --- queries ------------------------------------------------------------------------------


def chance_text(key: str, value: int | None) -> str:
    """'SKL 7 -> 50%': a target's chance on a d12; MOV and HP as they are."""
    word = STAT_WORDS.get(key, key.upper())
    if value is None:
        return f"{word} -"
    if key in ("skl", "def", "defence", "cmd"):
        return f"{word} {value} -> {dice.percent(dice.p(value))}"
    return f"{word} {value}"


def weapon_preview(final: Final, index: int, weapon: int) -> str:
    """'Long Rifle: hit 58%, E_DMG 0.68 vs DEF 7' for each profile of a model's weapon."""
    fig = final.figures[index]
    arm = fig.weapons[weapon]
    costing = final.catalog.costing
    parts = []
    for shot in arm.shots:
        worth = shot_value(shot, fig, costing, final.catalog)
        head = f"{shot.label}: " if shot.label else ""
        parts.append(f"{head}hit {dice.percent(worth.hit)}, E_DMG {num(worth.e_dmg)} vs "
                     f"DEF {costing.reference.defence}")
    return f"{arm.name}: " + "; ".join(parts) if parts else f"{arm.name}: unknown"


def implied_rules(final: Final, index: int) -> list[str]:
    """What Aircraft and Vehicle bring to a model (the step shows them in grey)."""
    return [r.label for r in final.figures[index].rules if r.implied]


def formation(final: Final) -> int:
    """Inches from the leader: 8 when every model is a Skirmisher [478], else 4 [59]."""
    figures = final.figures
    return 8 if figures and all(f.has("Skirmishers") for f in figures) else 4


def upgrades_for(final: Final, index: int) -> list[Upgrade]:
    """The module's upgrades open to model entry `index` (a weapon modification only
    when it carries a weapon the upgrade may modify)."""
    module = final.catalog.module
    fig = final.figures[index]
    return [u for u in (module.upgrades if module else ()) if matches(u.for_, fig)
            and (not u.on_weapon or bool(weapons_for(u, fig)))]


def weapons_for(upgrade: Upgrade, fig: Figure) -> list[str]:
    """The weapons of a model entry that a weapon modification may modify."""
    return [a.name for a in fig.weapons if a.known and weapon_fits(upgrade.for_weapon, a)]


def upgrade_room(final: Final, index: int) -> tuple[int, int | None]:
    """(upgrade points a model of the entry carries, the module's cap or None)."""
    fig = final.figures[index]
    caps = [r.upgrade_points_max for r in limits_for(fig, final.catalog)
            if r.upgrade_points_max is not None]
    return final.upgrade_points[index], min(caps) if caps else None
