"""OpenTactics 2nd edition: unit model, catalog, cost model, checks, build steps and card.

Reached through the game-system contract: `SYSTEM` is its `GameSystem`."""

from __future__ import annotations

from designer.systems.opentactics.system import OpenTactics

SYSTEM = OpenTactics()

__all__ = ["SYSTEM", "OpenTactics"]
