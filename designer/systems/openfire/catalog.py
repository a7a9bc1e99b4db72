"""The Open Fire catalog: the core rules (`catalog/openfire/core.yaml`), costing files
(`costing/*.yaml`) and, when a unit or force names one, a module (one YAML file:
profiles, weapons, upgrades, special rules, force rules, costing mode).

The core defines no points [170, 192-194]: every cost and limit is module data, or comes
from a costing file whose numbers and assumptions are data too.
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from designer.systems.openfire.formats import CoreFile, Costing, RuleDef

if TYPE_CHECKING:
    from designer.systems.openfire.module import Module, ModuleWeapon, Profile, Upgrade


def _keyed(entries: Any) -> dict[str, Any]:
    return {e.name.casefold(): e for e in entries}


class Catalog:
    """The core rules, the costing files and at most one module, with case-insensitive
    lookups. `ref` is what a file's `module:` writes to reach the module (None: core
    only); `bundled` lists the modules shipped beside the core."""

    def __init__(self, core: CoreFile, costings: dict[str, Costing],
                 module: Module | None = None, ref: str | None = None,
                 bundled: tuple[str, ...] = (), root: Path | None = None) -> None:
        self.core = core
        self.costings = costings
        self.module = module
        self.ref = ref
        self.bundled = bundled
        self.root = root

    @cached_property
    def _rules(self) -> dict[str, RuleDef]:
        index: dict[str, RuleDef] = {}
        for rule in (*self.core.rules, *(self.module.special_rules if self.module else ())):
            for name in (rule.name, *rule.aliases):
                index.setdefault(name.casefold(), rule)
        return index

    @cached_property
    def _module_index(self) -> dict[str, dict[str, Any]]:
        m = self.module
        if m is None:
            return {"profile": {}, "weapon": {}, "upgrade": {}}
        return {"profile": _keyed(m.profiles), "weapon": _keyed(m.weapons),
                "upgrade": _keyed(m.upgrades)}

    def rule(self, name: str) -> RuleDef | None:
        return self._rules.get(name.strip().casefold())

    @cached_property
    def _core_rules(self) -> dict[str, RuleDef]:
        return {r.name.casefold(): r for r in self.core.rules}

    def core_rule(self, name: str) -> bool:
        """Whether `name` is a rule of the core rules (not only a module's): the rule
        found is one of the core's (looked up by name, not by comparing every rule)."""
        rule = self.rule(name)
        if rule is None:
            return False
        core = self._core_rules.get(rule.name.casefold())
        return core is not None and (core is rule or core == rule)

    def profile(self, name: str) -> Profile | None:
        return self._module_index["profile"].get(name.casefold())

    def weapon(self, name: str) -> ModuleWeapon | None:
        return self._module_index["weapon"].get(name.casefold())

    def upgrade(self, name: str) -> Upgrade | None:
        return self._module_index["upgrade"].get(name.casefold())

    @property
    def mode(self) -> str:
        """'listed' (the module's points) or 'formula' (a costing file prices all)."""
        return self.module.costing.mode if self.module else "formula"

    @property
    def costing(self) -> Costing:
        wanted = self.module.costing.fallback if self.module else self.core.default_costing
        return self.costings.get(wanted) or self.costings[self.core.default_costing]

    @property
    def title(self) -> str:
        return self.module.title if self.module else self.core.title

    def arc(self, text: str) -> str | None:
        """The arc `text` names ('rear', 'Rear Arc'), or None."""
        word = text.strip().casefold().removesuffix(" arc").strip()
        return next((a for a in self.core.arcs if a.casefold() == word), None)
