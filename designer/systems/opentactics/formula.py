"""Ability cost formulas: a number, or a product such as R*2, BO*4, R*AR. `Formula` is a
NamedTuple, as the system contract's records are (contract.py says why)."""

from __future__ import annotations

import re
from typing import NamedTuple

SKILL_LETTERS = {"M": "melee", "B": "ballistic", "A": "arcane", "T": "technical"}
#: the variables a formula may name: R (rank) and skill letter + O (OFF dice),
#: D (DEF dice) or R (range), as the rulebook abbreviates them (AR = Arcane range)
VARIABLES = frozenset({"R"} | {f"{s}{k}" for s in SKILL_LETTERS for k in "ODR"})
_SPLIT = re.compile(r"\s*[*×xX]\s*")


class Formula(NamedTuple):
    """A constant times a product of named values; its text is kept for display."""

    constant: int
    variables: tuple[str, ...]
    text: str
    template: str = ""  # 'R×AR = {R}×{AR}': `worked` fills it in

    @property
    def display(self) -> str:
        return _SPLIT.sub("×", self.text)

    def worked(self, values: dict[str, int]) -> str:
        """The formula with values put in: 'BO×4 = 2×4'."""
        return self.template.format_map(values)

    def evaluate(self, values: dict[str, int]) -> int:
        result = self.constant
        for name in self.variables:
            result *= values[name]
        return result


def parse_formula(spec: int | str) -> Formula:
    """Parse a catalog or unit-file cost; raises ValueError with a readable reason."""
    if isinstance(spec, bool):
        raise ValueError("a cost is a number or a formula such as R*2, not true/false")
    if isinstance(spec, int):
        return Formula(spec, (), str(spec))
    text = str(spec).strip()
    if not text:
        raise ValueError("a cost formula is empty")
    if re.fullmatch(r"-?\d+", text):
        return Formula(int(text), (), text)
    constant = 1
    names: list[str] = []
    for factor in _SPLIT.split(text):
        if re.fullmatch(r"\d+", factor):
            constant *= int(factor)
        elif factor.upper() in VARIABLES:
            names.append(factor.upper())
        else:
            raise ValueError(
                f"cost formula {text!r}: {factor!r} is not a number or one of "
                f"R, MO, MD, MR, BO, BD, BR, AO, AD, AR, TO, TD, TR"
            )
    compact = re.sub(r"\s+", "", text)
    shown = "×".join(f"{{{f.upper()}}}" if f.upper() in VARIABLES else f
                     for f in _SPLIT.split(compact))
    return Formula(constant, tuple(names), compact, f"{_SPLIT.sub('×', compact)} = {shown}")
