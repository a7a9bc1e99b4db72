"""Open Fire 0.3: units of models with profiles and weapons, the core's special rules,
modules as data (profiles, weapons, upgrades, force rules, listed points), the d12 dice
maths and a documented costing formula (cc1) for what a module does not price; checks of
a unit and of a force, build steps and card.

Reached through the game-system contract: `SYSTEM` is its `GameSystem`."""

from __future__ import annotations

from designer.systems.openfire.system import OpenFire

SYSTEM = OpenFire()

__all__ = ["SYSTEM", "OpenFire"]
