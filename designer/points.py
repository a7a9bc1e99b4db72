"""Whether a game system has points: the one place the shells and exports ask it, so
that what a system without points shows (no totals, caps, budgets or audits) follows
from one answer."""

from __future__ import annotations

from designer.systems import GameSystem


def has_points(game: GameSystem) -> bool:
    """True when the system's rules price units (its cards, tallies and forces carry
    points); False for one that defines none (TACTICS)."""
    return game.PRICED
