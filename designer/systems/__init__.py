"""The game-system contract: everything outside `designer/systems/<name>/` (and a
system's own editors in the designer) reaches a game system only through what this
package exports.

- `system(name)` finds a system (`registry`: entry points of the group
  `designer.systems`); `system_names()` lists them.
- `GameSystem` (`contract`) is what every system does: read, start and write a unit
  (`parse_unit`, `new_unit`, `unit_data`, `rename`, the stable `unit_id`), assess it once
  (`assess` -> `Assessment`: the unit, its final values, its `Tally`), walk its build
  `steps()` (each with the fields it edits, so a finding is filed under its step),
  draw its `card()`, judge a force (`force_rules` -> `ForceRules`: the `Budget` in the
  system's words, checks, `Fact`s with their bounds, the limits the checks enforce),
  browse its catalog (`catalog_sections`) and give its JSON Schemas.
- What only some systems do is a capability (`capabilities`), asked for once:
  `game.capability(Points)` is the system as a `Points`, or None. `Points` (prices
  units), `Matchups` (exact odds, `engagement`'s values), `CatalogPicking`,
  `RosterFormat` (a force's and its entries' own fields as `FieldSpec`s), `EntryOptions`
  (an entry's unit's options as `FieldSpec`s) and `Modules`.
- `listing` says how army-list data (BattleScribe) names a card's parts and states a
  force check's limits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from designer.systems.capabilities import (
    CatalogPicking,
    EntryOptions,
    FieldSpec,
    Matchups,
    Modules,
    Points,
    RosterFormat,
)
from designer.systems.contract import (
    Assessment,
    Budget,
    CatalogRow,
    CatalogSection,
    Fact,
    ForceRules,
    GameSystem,
    Member,
    Progress,
    Step,
)
from designer.systems.registry import (
    DEFAULT_SYSTEM,
    bundled_catalog,
    catalog_root,
    examples_dir,
    forget_systems,
    system,
    system_names,
)

if TYPE_CHECKING:
    from designer.systems.engagement import (
        RETALIATIONS,
        AbilityUse,
        Engagement,
        EngageOptions,
        Odds,
        Retaliation,
    )

#: what `engagement` exports, imported when first asked for: a command that computes no
#: odds (`designer price`) never builds its classes
_ENGAGEMENT = ("RETALIATIONS", "AbilityUse", "Engagement", "EngageOptions", "Odds",
               "Retaliation")


def __getattr__(name: str) -> Any:
    if name in _ENGAGEMENT:
        from designer.systems import engagement

        return getattr(engagement, name)
    raise AttributeError(f"module 'designer.systems' has no attribute '{name}'")


__all__ = [
    "DEFAULT_SYSTEM", "RETALIATIONS", "AbilityUse", "Assessment", "Budget", "CatalogPicking",
    "CatalogRow", "CatalogSection", "EngageOptions", "Engagement", "EntryOptions", "Fact",
    "FieldSpec",
    "ForceRules", "GameSystem", "Matchups", "Member", "Modules", "Odds", "Points",
    "Progress", "Retaliation", "RosterFormat", "Step", "bundled_catalog", "catalog_root",
    "examples_dir", "forget_systems", "system", "system_names",
]
