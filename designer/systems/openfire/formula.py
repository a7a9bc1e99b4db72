"""Costing formulas: arithmetic on exact fractions, never `eval`.

A formula is `+ - * /`, parentheses, unary minus, numbers (decimals are exact: 0.1 is
1/10), variable names and `min(...)` / `max(...)`. The text is read with `ast.parse`
and only those node kinds are accepted; anything else is a `FormulaError` naming what.

A rule's cost may also be a multiplier, written `x1.1` (or `×1.1`): it scales a weapon's
value instead of adding points.

Its records are NamedTuples, as the system contract's are (contract.py says why).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

MAX_LENGTH = 200
MAX_NODES = 200
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_OPS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/"}
_FUNCTIONS = {"min": min, "max": max}


class FormulaError(ValueError):
    """A formula that cannot be read or worked out; the message says why."""


class Formula(NamedTuple):
    """A parsed expression; `variables` are the names it needs."""

    text: str
    tree: ast.expr
    variables: frozenset[str]

    def __call__(self, values: Mapping[str, Fraction | int]) -> Fraction:
        return _evaluate(self.tree, values, self.text)


class RuleCost(NamedTuple):
    """A rule's cost: flat points (a formula, may use X) or a multiplier (`x1.1`)."""

    formula: Formula
    multiplier: bool

    @property
    def text(self) -> str:
        return f"x{self.formula.text}" if self.multiplier else self.formula.text


@lru_cache(maxsize=1024, typed=True)  # a formula's numbers, read at every evaluation
def number(value: int | float | str) -> Fraction:
    """A number from YAML as an exact fraction: 0.25 is 1/4, not a binary float."""
    if isinstance(value, bool):
        raise FormulaError("expected a number, not true or false")
    try:
        return Fraction(repr(value) if isinstance(value, float) else value)
    except (ValueError, ZeroDivisionError, OverflowError, TypeError):
        raise FormulaError(f"expected a number, got {value!r}") from None


@lru_cache(maxsize=2048, typed=True)  # a unit prices the same few formulas many times
def parse(text: int | float | str, allowed: frozenset[str] | None = None) -> Formula:
    """A formula; with `allowed`, a name outside it is an error. Formulas are immutable,
    so one parse serves every unit (typed: `True` is refused, never taken for `1`)."""
    if isinstance(text, bool):
        raise FormulaError("expected a formula or a number, not true or false")
    if isinstance(text, (int, float)):
        number(text)
        text = repr(text) if isinstance(text, float) else str(text)
    if not isinstance(text, str):
        raise FormulaError(f"expected a formula or a number, got {type(text).__name__}")
    source = text.strip()
    if not source:
        raise FormulaError("the formula is empty")
    if len(source) > MAX_LENGTH:
        raise FormulaError(f"the formula is over {MAX_LENGTH} characters")
    try:
        tree = ast.parse(source, mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        raise FormulaError(f"cannot read {source!r} as arithmetic") from None
    nodes = list(ast.walk(tree))
    if len(nodes) > MAX_NODES:
        raise FormulaError(f"{source!r} is too long a formula")
    names: set[str] = set()
    for node in nodes:
        _check(node, source, names)
    if allowed is not None:
        unknown = sorted(names - allowed)
        if unknown:
            raise FormulaError(f"{source!r} names {', '.join(unknown)}; the variables are "
                               f"{', '.join(sorted(allowed))}")
    return Formula(source, tree.body, frozenset(names))


@lru_cache(maxsize=2048, typed=True)
def parse_rule_cost(value: int | float | str, allowed: frozenset[str] | None = None
                    ) -> RuleCost:
    """`2`, `X`, `0.5*X`, `X-1` (flat points) or `x1.1` / `×0.75` (a multiplier)."""
    if isinstance(value, str):
        text = value.strip()
        if text[:1] in ("x", "×") and not _NAME.fullmatch(text):
            return RuleCost(parse(text[1:], frozenset()), True)
    return RuleCost(parse(value, allowed), False)


def _check(node: ast.AST, source: str, names: set[str]) -> None:
    if isinstance(node, (ast.Expression, ast.Load, ast.UnaryOp, ast.USub, ast.UAdd)):
        return
    if isinstance(node, ast.BinOp):
        if type(node.op) not in _OPS:
            raise FormulaError(f"{source!r}: only + - * / are allowed")
        return
    if type(node) in _OPS:
        return
    if isinstance(node, ast.Constant):
        if isinstance(node.value, bool) or not isinstance(node.value, (int, float)):
            raise FormulaError(f"{source!r}: {node.value!r} is not a number")
        return
    if isinstance(node, ast.Name):
        if node.id not in _FUNCTIONS:
            names.add(node.id)
        return
    if isinstance(node, ast.Call):
        func = node.func
        if not (isinstance(func, ast.Name) and func.id in _FUNCTIONS) or node.keywords \
                or not node.args:
            raise FormulaError(f"{source!r}: the only functions are min(...) and max(...)")
        return
    raise FormulaError(f"{source!r}: {type(node).__name__.lower()} is not arithmetic")


def _evaluate(node: ast.expr, values: Mapping[str, Fraction | int], source: str
              ) -> Fraction:
    if isinstance(node, ast.Constant):
        return number(node.value)
    if isinstance(node, ast.Name):
        if node.id not in values:
            raise FormulaError(f"{source!r}: no value for {node.id}")
        return Fraction(values[node.id])
    if isinstance(node, ast.UnaryOp):
        inner = _evaluate(node.operand, values, source)
        return -inner if isinstance(node.op, ast.USub) else inner
    if isinstance(node, ast.BinOp):
        left = _evaluate(node.left, values, source)
        right = _evaluate(node.right, values, source)
        if isinstance(node.op, ast.Add):
            return left + right
        if isinstance(node.op, ast.Sub):
            return left - right
        if isinstance(node.op, ast.Mult):
            return left * right
        if right == 0:
            raise FormulaError(f"{source!r} divides by zero")
        return left / right
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        args = [_evaluate(arg, values, source) for arg in node.args]
        return _FUNCTIONS[node.func.id](args)
    raise FormulaError(f"{source!r}: cannot work out {type(node).__name__}")
