"""Step eight: the itemised tally of a unit's final values (DESIGN §4)."""

from __future__ import annotations

from designer.systems.opentactics.catalog import SKILLS, CostTable
from designer.systems.opentactics.fold import Final, PickedAbility
from designer.systems.opentactics.formula import parse_formula
from designer.systems.opentactics.models import POOL_FIELDS
from designer.tally import Line

RANGE_LABELS = {s: f"{s.title()} range" for s in SKILLS}
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th")
# Lines are built with tuple.__new__: a third of the cost of calling the NamedTuple, and
# pricing runs at every keypress in the designer.
_new = tuple.__new__


def formula_values(final: Final) -> dict[str, int]:
    """The named values an ability formula may use (BO = Ballistic OFF dice, AR = ...)."""
    values: dict[str, int] = {}
    for skill in SKILLS:
        letter = skill[0].upper()
        values[f"{letter}O"] = final.pools[(skill, "off")].dice
        values[f"{letter}D"] = final.pools[(skill, "def")].dice
        values[f"{letter}R"] = final.ranges[skill]
    return values


def ability_points(picked: PickedAbility, final: Final, costs: CostTable) -> tuple[int, str]:
    """An ability's own cost (before the surcharge) and how it was worked out."""
    choice, entry = picked.choice, picked.entry
    if choice.cost is not None:
        formula = parse_formula(choice.cost)
        ranked = choice.rank is not None
    elif entry is not None:
        formula = entry.formula
        ranked = entry.ranked
    else:
        return 0, "unknown"
    if formula.is_fixed:
        return formula.constant, ""
    rank = choice.rank if (ranked and choice.rank is not None) else costs.unranked_rank
    values = formula_values(final)
    values["R"] = rank
    return formula.evaluate(values), formula.worked(values)


def ability_label(picked: PickedAbility) -> str:
    choice = picked.choice
    name = picked.entry.name if (picked.entry and choice.cost is None) else choice.name
    rank = f" {choice.rank}" if choice.rank is not None else ""
    custom = " (custom)" if choice.cost is not None else ""
    via = f" (from {picked.source})" if picked.source else ""
    return f"{name}{rank}{custom}{via}"


def breakdown(final: Final, costs: CostTable) -> list[Line]:
    lines: list[Line] = []
    add = lines.append
    pools = final.pools
    dice_costs = costs.dice
    top = len(dice_costs) - 1
    for skill, side, label, _dice, _bumps in POOL_FIELDS:
        dice = pools[(skill, side)].dice
        if dice:
            word = "die" if dice == 1 else "dice"
            add(_new(Line, ("dice", f"{label} {dice} {word}",
                            dice_costs[min(max(dice, 0), top)])))
    bump_costs = costs.bumps
    for skill, side, label, _dice, _bumps in POOL_FIELDS:
        pool = pools[(skill, side)]
        if pool.sources is None:
            for value in pool.bumps:
                add(_new(Line, ("bumps", f"{label} {value:+d}", bump_costs.get(value, 0))))
        else:
            for value, source in zip(pool.bumps, pool.sources, strict=True):
                via = f" ({source})" if source else ""
                add(_new(Line, ("bumps", f"{label} {value:+d}{via}",
                                bump_costs.get(value, 0))))
    for skill in SKILLS:
        value = final.ranges[skill]
        if value > 0:
            add(_new(Line, ("range", f"{RANGE_LABELS[skill]} {value}",
                            value * costs.range_per_point)))
    if final.athletics > 0:
        points = final.athletics * costs.athletics_per_point
        if final.flies:
            add(_new(Line, ("athletics", f"Athletics {final.athletics}, flies "
                                         f"(×{costs.flight_multiplier})",
                            points * costs.flight_multiplier)))
        else:
            add(_new(Line, ("athletics", f"Athletics {final.athletics}", points)))
    surcharges = costs.ability_surcharge
    for index, picked in enumerate(final.abilities):
        points, how = ability_points(picked, final, costs)
        label = ability_label(picked)
        add(_new(Line, ("abilities", f"{label} [{how}]" if how else label, points)))
        surcharge = surcharges[min(index, len(surcharges) - 1)]
        if surcharge:
            add(_new(Line, ("abilities", f"{ORDINALS[min(index, 9)]} ability", surcharge)))
    occupations = 0
    for picked in final.types:
        category = picked.category
        if category == "tactical":
            free = picked.name.casefold() in costs.tactical_free_keys
            add(_new(Line, ("types", f"{picked.name} (tactical)",
                            0 if free else costs.tactical_cost)))
        elif category == "occupation":
            occupations += 1
            points = 0 if occupations <= costs.occupation_free else costs.occupation_extra
            add(_new(Line, ("types", f"{picked.name} ({ORDINALS[min(occupations - 1, 9)]} "
                                     "occupation)", points)))
        elif category == "elemental":
            add(_new(Line, ("types", f"{picked.name} (elemental)", costs.elemental_cost)))
    return lines
