"""The bump phase searched turn by turn over whole tables, for every pair of what each
side has left of its bumps (the engine's way before bumps.py took its shortcut): the
reference the shortcut is checked against, on pools a few bumps deep."""

from __future__ import annotations

from functools import cache

from designer.systems.opentactics.contest import Contest
from designer.systems.opentactics.dice import index, replaced, results, without
from designer.systems.opentactics.tables import Table, best, transpose


def must_bump(roll: tuple[int, ...], bumps: tuple[int, ...]) -> bool:
    """A player holding a - bump may not pass while it has a die to use it on."""
    return bool(roll) and any(b < 0 for b in bumps)


def bump_search(leaf: Table, test: Contest) -> Table:
    """The bump phase played out: from the initiator, each turn one bump on one of the
    mover's own dice or a pass (not while holding a - bump and a die); it ends when
    both pass in turn. Worked over every OFF result against every DEF result at once,
    backwards over the bumps each side has left (fewer first)."""
    n_o, n_d = test.off.dice, test.dfn.dice
    words, n_rows, n_cols = leaf.words, leaf.n_rows, leaf.n_cols
    # per (OFF bumps left, DEF bumps left): OFF to move (by columns), DEF to move (rows),
    # neither having just passed
    values: dict = {}
    for ob in _sub_bumps(test.off.bumps):
        for db in _sub_bumps(test.dfn.bumps):
            off_best = _bumped(ob, n_o, lambda left, db=db: values[(left, db)][1], n_cols,
                               words, True)
            def_best = _bumped(db, n_d, lambda left, ob=ob: values[(ob, left)][0], n_rows,
                               words, False)
            off_pass, def_pass = not must_bump((1,) * n_o, ob), not must_bump((1,) * n_d, db)
            off_passed = _with_pass(off_best, leaf.rows if off_pass else None, n_cols, words,
                                    True)
            def_passed = _with_pass(def_best, leaf.cols if def_pass else None, n_rows, words,
                                    False)
            if off_best is None:  # OFF can only pass: DEF moves as if it just passed
                off_move = transpose(def_passed, n_rows, words)
                off_cols = def_passed
            else:
                off_move = _with_pass(off_best, transpose(def_passed, n_rows, words)
                                      if off_pass else None, n_cols, words, True)
                off_cols = transpose(off_move, n_cols, words)
            if def_best is None:
                def_rows = off_passed
            else:
                def_move = _with_pass(def_best, transpose(off_passed, n_cols, words)
                                      if def_pass else None, n_rows, words, False)
                def_rows = transpose(def_move, n_rows, words)
            values[(ob, db)] = (off_cols, def_rows, off_move)
    start = values[(test.off.bumps, test.dfn.bumps)]
    rows = start[2] if test.off_first else start[1]
    return Table(rows, n_rows, n_cols, words, leaf.exp)


def _sub_bumps(bumps: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every sub-multiset of a pool's bumps, smaller first."""
    out: set[tuple[int, ...]] = {()}
    for bump in bumps:
        out |= {tuple(sorted((*s, bump))) for s in out}
    return sorted(out, key=len)


def _bumped(bumps: tuple[int, ...], n: int, then, n_fields: int, words: int, high: bool
            ) -> list[int] | None:
    """Per result of `n` dice, the best single bump: the best of the lines (of the table
    the other side then moves in) each bump on each face leads to; None without bumps."""
    if not bumps or n == 0:
        return None
    options: list[dict[int, int]] = [{} for _ in results(n)]
    for bump in sorted(set(bumps)):
        lines = then(without(bumps, bump))
        for i, targets in enumerate(_bump_targets(n, bump)):
            for t in targets:
                options[i][id(lines[t])] = lines[t]  # a line reached twice counts once
    return [best(list(o.values()), n_fields, words, high) if len(o) > 1
            else next(iter(o.values())) for o in options]


def _with_pass(bumped: list[int] | None, passing: list[int] | None, n_fields: int,
               words: int, high: bool) -> list[int]:
    """Per line, the better of its best bump and (when it may pass) the pass."""
    if bumped is None:
        assert passing is not None
        return list(passing)
    if passing is None:
        return bumped
    return [best((b, p), n_fields, words, high) for b, p in zip(bumped, passing,
                                                                strict=True)]


@cache
def _bump_targets(n: int, bump: int) -> tuple[tuple[int, ...], ...]:
    """Per result of `n` dice, the results one `bump` on each distinct face makes."""
    where = index(n)
    return tuple(tuple(where[replaced(roll, v, min(6, max(1, v + bump)))]
                       for v in sorted(set(roll), reverse=True)) for roll in results(n))
