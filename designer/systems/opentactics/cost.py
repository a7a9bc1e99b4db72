"""Step eight: the itemised tally of a unit's final values (README, "The cost model").

The designer re-prices at every keypress, so the lines that depend only on the tally table
(a pool of two dice, a +1 bump, a range of 3...) are made once per table by `LineBook` and
reused; lines that depend on the unit (a ranked ability's worked formula) are made fresh.
"""

from __future__ import annotations

from typing import Literal

from designer.systems.opentactics.catalog import SKILLS, CostTable
from designer.systems.opentactics.fold import Final, PickedAbility
from designer.systems.opentactics.formula import SKILL_LETTERS, parse_formula
from designer.systems.opentactics.models import POOL_FIELDS
from designer.tally import Line

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th")
POOL_LABELS = tuple(((skill, side), label) for skill, side, label, _d, _b in POOL_FIELDS)
#: the type categories a unit pays for
PricedCategory = Literal["tactical", "occupation", "elemental"]
_new = tuple.__new__  # a third of the cost of calling the NamedTuple (give every field)


def ordinal(index: int) -> str:
    return ORDINALS[index] if index < len(ORDINALS) else f"{index + 1}th"


class LineBook:
    """The breakdown lines a tally table prices the same way for every unit."""

    RANGE_SPAN = 40  # range and athletics values made ahead; larger ones are made on demand

    def __init__(self, costs: CostTable) -> None:
        self.costs = costs
        top = len(costs.dice) - 1
        self.dice: dict[tuple[tuple[str, str], int], Line] = {
            (key, n): Line("dice", f"{label} {n} {'die' if n == 1 else 'dice'}",
                           costs.dice[min(n, top)])
            for key, label in POOL_LABELS for n in range(1, top + 1)}
        self.bumps: dict[tuple[tuple[str, str], int], Line] = {
            (key, v): Line("bumps", f"{label} {v:+d}", points)
            for key, label in POOL_LABELS for v, points in costs.bumps.items()}
        self.ranges: dict[tuple[str, int], Line] = {
            (skill, v): Line("range", f"{skill.title()} range {v}", v * costs.range_per_point)
            for skill in SKILLS for v in range(1, self.RANGE_SPAN)}
        multiplier = costs.flight_multiplier
        self.athletics = {(v, flies): Line("athletics", f"Athletics {v}, flies (×{multiplier})"
                                           if flies else f"Athletics {v}",
                                           v * costs.athletics_per_point
                                           * (multiplier if flies else 1))
                          for v in range(1, self.RANGE_SPAN) for flies in (False, True)}
        self.surcharges = [Line("abilities", f"{ordinal(i)} ability", points) if points else None
                           for i, points in enumerate(costs.ability_surcharge)]
        self._types: dict[tuple[str, str, int], Line] = {}
        #: (id of catalog Ability, rank, source, values)
        self.abilities: dict[tuple[object, ...], Line] = {}
        self._sourced_bumps: dict[tuple, Line] = {}

    @staticmethod
    def keep(book: dict, key: tuple, line: Line) -> None:
        """Remember a line made on demand; the keys come from the user's units, so the
        book stays bounded."""
        if len(book) < 4096:
            book[key] = line

    def dice_line(self, key: tuple[str, str], label: str, dice: int) -> Line:
        return self.dice.get((key, dice)) or Line(
            "dice", f"{label} {dice} dice", self.costs.dice[-1] if dice > 0 else 0)

    def bump_line(self, key: tuple[str, str], label: str, value: int, source: str) -> Line:
        if not source:
            line = self.bumps.get((key, value))
            if line is not None:
                return line
            return _new(Line, ("bumps", f"{label} {value:+d}", self.costs.bumps.get(value, 0),
                               None))
        line = self._sourced_bumps.get((key, value, source))
        if line is None:
            line = _new(Line, ("bumps", f"{label} {value:+d} ({source})",
                               self.costs.bumps.get(value, 0), None))
            self.keep(self._sourced_bumps, (key, value, source), line)
        return line

    def range_line(self, skill: str, value: int) -> Line:
        return self.ranges.get((skill, value)) or Line(
            "range", f"{skill.title()} range {value}", value * self.costs.range_per_point)

    def athletics_line(self, value: int, flies: bool) -> Line:
        line = self.athletics.get((value, flies))
        if line is None:
            costs = self.costs
            points = value * costs.athletics_per_point
            line = (Line("athletics", f"Athletics {value}, flies (×{costs.flight_multiplier})",
                         points * costs.flight_multiplier) if flies
                    else Line("athletics", f"Athletics {value}", points))
        return line

    def surcharge_line(self, index: int) -> Line | None:
        surcharges = self.surcharges
        return surcharges[index] if index < len(surcharges) else surcharges[-1]

    def type_line(self, name: str, category: PricedCategory, occupation_index: int) -> Line:
        """The line of a type of a priced category: tactical, occupation or elemental."""
        key = (name, category, occupation_index)
        line = self._types.get(key)
        if line is None:
            costs = self.costs
            if category == "tactical":
                free = name.casefold() in costs.tactical_free_keys
                line = Line("types", f"{name} (tactical)", 0 if free else costs.tactical_cost)
            elif category == "occupation":
                points = 0 if occupation_index < costs.occupation_free else \
                    costs.occupation_extra
                line = Line("types", f"{name} ({ordinal(occupation_index)} occupation)", points)
            else:
                line = Line("types", f"{name} (elemental)", costs.elemental_cost)
            self.keep(self._types, key, line)
        return line


_BOOKS: dict[int, tuple[CostTable, LineBook]] = {}


def line_book(costs: CostTable) -> LineBook:
    """The LineBook of a tally table, made once (the table is held so its id stays its own)."""
    found = _BOOKS.get(id(costs))
    if found is None or found[0] is not costs:
        found = _BOOKS[id(costs)] = (costs, LineBook(costs))
    return found[1]


def formula_value(final: Final, name: str, rank: int) -> int:
    """One named value an ability formula may use: R (rank), BO (Ballistic OFF dice),
    AR (Arcane range) and so on."""
    if name == "R":
        return rank
    skill = SKILL_LETTERS[name[0]]
    kind = name[1]
    if kind == "R":
        return final.ranges[skill]
    return final.pools[(skill, "off" if kind == "O" else "def")].dice


def ability_points(picked: PickedAbility, final: Final, costs: CostTable) -> tuple[int, str]:
    """An ability's own cost (before the surcharge) and how it was worked out."""
    choice, entry = picked.choice, picked.entry
    if choice.cost is not None:
        formula = parse_formula(choice.cost)
        ranked = choice.rank is not None
    elif entry is not None:
        formula = entry.formula
        ranked = entry.ranks is not None
    else:
        return 0, "unknown"
    if not formula.variables:
        return formula.constant, ""
    rank = choice.rank if (ranked and choice.rank is not None) else costs.unranked_rank
    values = {name: formula_value(final, name, rank) for name in formula.variables}
    return formula.evaluate(values), formula.worked(values)


def ability_label(picked: PickedAbility) -> str:
    choice = picked.choice
    custom = choice.cost is not None
    name = picked.entry.name if (picked.entry and not custom) else choice.name
    rank = f" {choice.rank}" if choice.rank is not None else ""
    via = f" (from {picked.source})" if picked.source else ""
    return f"{name}{rank}{' (custom)' if custom else ''}{via}"


def ability_line(picked: PickedAbility, final: Final, costs: CostTable, book: LineBook) -> Line:
    """The ability's line; a catalog ability's line is the same whenever its rank, source and
    formula values are, so the book keeps it."""
    choice, entry = picked.choice, picked.entry
    key: tuple[object, ...] | None = None
    if choice.cost is None and entry is not None:
        formula = entry.formula
        if formula.variables:
            rank = choice.rank if (entry.ranks is not None and choice.rank is not None) \
                else costs.unranked_rank
            key = (id(entry), choice.rank, picked.source,
                   tuple([formula_value(final, name, rank) for name in formula.variables]))
        else:
            key = (id(entry), choice.rank, picked.source)
        line = book.abilities.get(key)
        if line is not None:
            return line
    points, how = ability_points(picked, final, costs)
    label = ability_label(picked)
    line = _new(Line, ("abilities", f"{label} [{how}]" if how else label, points, None))
    if key is not None:
        book.keep(book.abilities, key, line)
    return line


def breakdown(final: Final, costs: CostTable) -> list[Line]:
    book = line_book(costs)
    lines: list[Line] = []
    add = lines.append
    pools = final.pools
    for key, label in POOL_LABELS:
        dice = pools[key].dice
        if dice:
            add(book.dice_line(key, label, dice))
    for key, label in POOL_LABELS:
        pool = pools[key]
        if pool.sources is None:
            for value in pool.bumps:
                add(book.bumps.get((key, value)) or book.bump_line(key, label, value, ""))
        else:
            for value, source in zip(pool.bumps, pool.sources, strict=True):
                add(book.bump_line(key, label, value, source))
    ranges = final.ranges
    for skill in SKILLS:
        value = ranges[skill]
        if value > 0:
            add(book.range_line(skill, value))
    if final.athletics > 0:
        add(book.athletics_line(final.athletics, final.flies))
    for index, picked in enumerate(final.abilities):
        add(ability_line(picked, final, costs, book))
        surcharge = book.surcharge_line(index)
        if surcharge is not None:
            add(surcharge)
    occupations = 0
    for picked_type in final.types:
        category = picked_type.category
        if category == "occupation":
            add(book.type_line(picked_type.name, category, occupations))
            occupations += 1
        elif category == "tactical" or category == "elemental":
            add(book.type_line(picked_type.name, category, 0))
    return lines
