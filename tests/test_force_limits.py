"""A system's force limits (what army-list tools are told) say exactly what its force
checks say: for the bundled rosters and for forces built to break each check, the limits
broken are the checks' errors, code for code, and every error code a priced system's
force checks can raise (read from their source) has a limit."""

from __future__ import annotations

import ast
import inspect
import math
import re
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from designer.points import has_points
from designer.roster import Force, load_roster, parse_roster
from designer.systems import examples_dir, system, system_names

PRICED = [name for name in system_names() if has_points(system(name))]
CODE = re.compile(r"E-[A-Z0-9]+(?:-[A-Z0-9]+)+")


def raised(check: Callable[..., Any], seen: set[Any] | None = None) -> set[str]:
    """The error codes (`E-...`) a function can raise: those its source names, and those
    of every designer function it names, followed through the calls."""
    seen = set() if seen is None else seen
    if check in seen:
        return set()
    seen.add(check)
    names = {**check.__globals__, **inspect.getclosurevars(check).nonlocals}
    out = set()
    for node in ast.walk(ast.parse(textwrap.dedent(inspect.getsource(check)))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and CODE.fullmatch(node.value):
            out.add(node.value)
        elif isinstance(node, ast.Name):
            named = names.get(node.id)
            if inspect.isfunction(named) and named.__module__.startswith("designer."):
                out |= raised(named, seen)
    return out


def check_codes(name: str) -> set[str]:
    """Every error a priced system's force checks can raise (the budget aside: the
    generic roster checks the cap, which a roster states as its points limit)."""
    game = system(name)
    return raised(game.force_rules(game.bundled_catalog(), {}).checks)


CHECKS = {name: check_codes(name) for name in PRICED}


def broken(force: Force) -> set[str]:
    """The codes of the limits the force breaks, worked out as an army-list tool would:
    totals of each limit's amounts over the units fielded, `per` raising the maximum."""
    units = [e.assessment for e in force.entries]
    limits = force.rules.limits(units)
    totals = {lim.name: sum(lim.amount(e.assessment) * e.count for e in force.entries)
              for lim in limits}
    out = set()
    for lim in limits:
        high = lim.high
        if high is not None and lim.per is not None:
            high += math.floor(totals[lim.per[1]] / lim.per[0])
        total = totals[lim.name]
        if (lim.low is not None and total < lim.low) or (high is not None and total > high):
            out.add(lim.code)
    return out


def errors(force: Force) -> set[str]:
    return {i.code for i in force.rules.checks(force.members()) if i.severity == "error"}


def roster_data(name: str, data: dict[str, Any], units: list[tuple[str, int]]
                ) -> dict[str, Any]:
    """A roster of the system's example units: (file stem, count) each."""
    folder = examples_dir(name) / "units"
    entries = [{"unit": str(folder / f"{unit}.yaml"), "count": count} for unit, count in units]
    return {"system": name, "name": "Test", **data, "units": entries}


def _roster(name: str, data: dict[str, Any], units: list[tuple[str, int]]) -> Force:
    return parse_roster(roster_data(name, data, units), file=Path("test.yaml"))


#: two entries each fielding a Warden Patrol, whose sergeant takes Drill Master (one model
#: of a convoy may): legal but for that, at the battle size
TWO_DRILL_MASTERS = ({"module": "ash-wastes", "size": "battle"}, [
    ("warden-captain", 1), ("warden-patrol", 1), ("warden-patrol", 1),
    ("convoy-crawler", 2)])


def crafted(name: str) -> Iterator[tuple[str, Force]]:
    """The bundled rosters, then forces built to break each check."""
    for path in sorted((examples_dir(name) / "rosters").glob("*.yaml")):
        yield path.stem, load_roster(path)
    if name == "opentactics":
        yield "over the cap", _roster(name, {"points_cap": 50}, [("ash-warden", 2)])
    if name == "op-en":
        fight = {"setting": "hollowmere", "core_stat": "fight"}
        yield "over the treasury", _roster(name, {**fight, "treasury": 100},
                                           [("oriel-vane", 1)])
        yield "no leader", _roster(name, fight, [("moss", 1)])
        yield "four rank 3, a skill twice", _roster(name, fight, [
            ("oriel-vane", 1), ("brannoc-tull", 2), ("sefa-quill", 2)])
        yield "a lantern twice", _roster(name, fight, [("oriel-vane", 1), ("wick-harrow", 2)])
        yield "built on fight", _roster(name, {**fight, "core_stat": "agility"},
                                        [("oriel-vane", 1)])
        yield "no core stat", _roster(name, {"setting": "hollowmere"}, [("oriel-vane", 1)])
    if name == "openfire":
        ash = {"module": "ash-wastes", "size": "battle"}
        yield "core unit, too few models", _roster(name, ash, [
            ("warden-captain", 1), ("warden-patrol", 1), ("ash-crawler", 1)])
        yield "two drill masters", _roster(name, *TWO_DRILL_MASTERS)


def test_the_codes_the_force_checks_can_raise():
    codes = {name: check_codes(name) for name in PRICED}
    assert codes == {
        "opentactics": set(),
        "op-en": {"E-OPEN-RANK4", "E-OPEN-RANK3", "E-OPEN-RANK1", "E-OPEN-ONCE-PER-OF",
                  "E-OPEN-EQUIP-ONCE", "E-OPEN-CORE-STAT", "E-OPEN-CORE-MISMATCH"},
        "openfire": {"E-OF-MODULE", "E-OF-CATEGORY", "E-OF-POOL", "E-OF-TRANSPORT",
                     "E-OF-FORCE-LIMIT", "E-OF-SIZE"}}


def test_two_entries_taking_an_option_once_a_force_break_its_limit():
    force = _roster("openfire", *TWO_DRILL_MASTERS)
    assert errors(force) == broken(force) == {"E-OF-FORCE-LIMIT"}
    (limit,) = [lim for lim in force.rules.limits([e.assessment for e in force.entries])
                if lim.name == "Models taking Drill Master"]
    assert (limit.code, limit.low, limit.high, limit.units) == \
        ("E-OF-FORCE-LIMIT", None, 1, False)
    assert [limit.amount(e.assessment) for e in force.entries] == [0, 1, 1, 0]


@pytest.mark.parametrize("name", PRICED)
def test_limits_break_exactly_when_the_checks_do(name):
    seen: set[str] = set()
    for label, force in crafted(name):
        assert broken(force) == errors(force), label
        seen |= errors(force)
    assert seen == CHECKS[name]  # every check was broken by some force above


@pytest.mark.parametrize("name", PRICED)
def test_every_check_has_a_limit(name):
    codes: set[str] = set()
    for _, force in crafted(name):
        codes |= {lim.code for lim in force.rules.limits([e.assessment for e in
                                                          force.entries])}
    assert codes - {""} == CHECKS[name]


def test_op_en_rank_1_grows_by_one_for_every_two_ranked_characters():
    (limit,) = [lim for lim in system("op-en").force_rules(
        system("op-en").bundled_catalog(), {"core_stat": "fight"}).limits([])
        if lim.code == "E-OPEN-RANK1"]
    assert (limit.high, limit.per) == (0, (2, "Ranked characters"))
