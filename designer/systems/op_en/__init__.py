"""Op-En ("Oppose - Engage"): character model, core and setting catalogs, costs, checks
of a character and of an Opposing Force, build steps and card.

Reached through the game-system contract: `SYSTEM` is its `GameSystem`."""

from __future__ import annotations

from designer.systems.op_en.system import OpEn

SYSTEM = OpEn()

__all__ = ["SYSTEM", "OpEn"]
