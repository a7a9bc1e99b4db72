"""The formula engine: exact fractions, only arithmetic, readable errors."""

from __future__ import annotations

from fractions import Fraction

import pytest

from designer.systems.openfire.formula import FormulaError, number, parse, parse_rule_cost


def test_arithmetic_is_exact():
    assert parse("0.1 + 0.2")({}) == Fraction(3, 10)
    assert parse("EW / 4")({"EW": Fraction(60, 7)}) == Fraction(15, 7)
    assert parse("0.5 * (MOV + ADV) * FLY * VEH")(
        {"MOV": 8, "ADV": 3, "FLY": 1, "VEH": Fraction(3, 4)}) == Fraction(33, 8)
    assert parse("-X + max(1, min(X, 3))")({"X": 5}) == -2
    assert parse("1e2")({}) == 100
    assert parse(2.5)({}) == Fraction(5, 2)
    assert parse("EW / 4").variables == {"EW"}
    assert number(0.25) == Fraction(1, 4)


@pytest.mark.parametrize(("text", "words"), [
    ("__import__('os')", "the only functions are min(...) and max(...)"),
    ("open('x')", "the only functions are min(...) and max(...)"),
    ("2 ** 10", "only + - * / are allowed"),
    ("'a' + 'b'", "is not a number"),
    ("X if X else 1", "is not arithmetic"),
    ("X.real", "is not arithmetic"),
    ("[1, 2]", "is not arithmetic"),
    ("lambda: 1", "is not arithmetic"),
    ("1 +", "cannot read"),
    ("", "the formula is empty"),
    ("1" + " + 1" * 150, "over 200 characters"),
    ("min()", "the only functions"),
    ("True", "is not a number"),
])
def test_anything_but_arithmetic_is_refused(text, words):
    with pytest.raises(FormulaError) as caught:
        parse(text)
    assert words in str(caught.value)


def test_names_and_values():
    with pytest.raises(FormulaError, match="names HP2; the variables are EW, HP"):
        parse("HP2 / 4", frozenset({"EW", "HP"}))
    with pytest.raises(FormulaError, match="no value for X"):
        parse("X")({})
    with pytest.raises(FormulaError, match="divides by zero"):
        parse("1 / (X - 1)")({"X": 1})
    with pytest.raises(FormulaError):
        parse(True)
    with pytest.raises(FormulaError):
        number(float("inf"))


def test_rule_costs_are_points_or_multipliers():
    flat = parse_rule_cost("X - 1", frozenset({"X"}))
    assert not flat.multiplier and flat.formula({"X": 3}) == 2 and flat.text == "X - 1"
    times = parse_rule_cost("x1.1")
    assert times.multiplier and times.formula({}) == Fraction(11, 10) and times.text == "x1.1"
    assert parse_rule_cost("×0.75").formula({}) == Fraction(3, 4)
    assert parse_rule_cost(2).formula({}) == 2
    with pytest.raises(FormulaError):
        parse_rule_cost("x", frozenset())  # a bare name x is no multiplier and unknown


def test_a_cached_number_is_never_taken_for_a_boolean():
    """parse keeps each formula it has read; True == 1 in Python, yet True is refused."""
    assert parse(1)({}) == 1
    with pytest.raises(FormulaError, match="not true or false"):
        parse(True)
    assert parse("2*X", frozenset({"X"})) is parse("2*X", frozenset({"X"}))


def test_a_kept_number_is_exact_and_never_a_boolean():
    """number keeps what it has read (typed): 1, 1.0 and "1" are each read once, and
    True is refused however often 1 has been read."""
    assert number(0.1) == Fraction(1, 10) and number(0.1) is number(0.1)
    assert number(1) == number(1.0) == number("1") == 1
    for _ in range(2):
        with pytest.raises(FormulaError, match="not true or false"):
            number(True)
    assert parse("0.25 * X + 0.1")({"X": 2}) == Fraction(3, 5)
