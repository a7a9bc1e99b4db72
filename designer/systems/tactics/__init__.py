"""TACTICS (from its design notes): character sheets with their table settings, the
structural checks, a printable sheet and encounters with per-side facts. The notes
define no points, so nothing is priced.

Reached through the game-system contract: `SYSTEM` is its `GameSystem`."""

from __future__ import annotations

from designer.systems.tactics.system import Tactics

SYSTEM = Tactics()

__all__ = ["SYSTEM", "Tactics"]
