"""Loading the Open Fire catalog: core.yaml, costing/*.yaml and a module (a bundled id from
modules/, or the path of a module file), validated and cross-checked; problems are
one-line InputErrors naming the file and field. The module a file names is added by
`module_ref`, which reads a module file with `module_file` only when a unit or force
names one: a unit of the core alone never imports the module models."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from designer.catalog_cache import persistent
from designer.errors import InputError
from designer.io import load_mapping, refuse_boolean_keys, validate
from designer.systems.openfire.catalog import Catalog
from designer.systems.openfire.formats import CoreCatalog, CoreFile, Costing
from designer.systems.openfire.formula import FormulaError, parse, parse_rule_cost

#: the names a costing file's formulas may use: what the engine supplies (cost.py)
PER_MODEL_VARIABLES = frozenset({"EW", "FAIL_REF", "HP", "MOV", "ADV", "FLY", "VEH", "P_CMD",
                                 "SKL", "DEF", "CMD"})
WEAPON_VARIABLES = frozenset({"E_DMG", "RF", "MULT", "ATT", "DMG", "PRC", "RNG", "HIT",
                              "CRIT"})


def bundled_root() -> Path:
    from designer.systems import catalog_root

    return catalog_root() / "openfire"


BOOLEAN_FIX = 'quote the key ("on": upgrade)'


def read_catalog_file(path: Path, what: str) -> dict[str, Any]:
    """A catalog file's mapping; a bare on/off/yes/no key refused."""
    data = load_mapping(path, what)
    refuse_boolean_keys(data, path, BOOLEAN_FIX)
    return data


def load_catalog(root: Path) -> Catalog:
    """The core-only catalog of folder `root` (core.yaml, costing/, modules/)."""
    return _load(Path(root).resolve())


@cache
def _load(root: Path) -> Catalog:
    model = _read_core(root)
    return Catalog(model.core, model.costing, None, None, _bundled(root), root)


def _bundled(root: Path) -> tuple[str, ...]:
    """The ids of the modules shipped beside the core."""
    modules = root / "modules"
    return tuple(sorted(p.stem for p in modules.glob("*.yaml"))) if modules.is_dir() else ()


@persistent(CoreCatalog)
def _read_core(root: Path) -> CoreCatalog:
    """The core and the costing files, validated and cross-checked."""
    from designer.systems.openfire.modcheck import check_rules  # read afresh only

    core_path = root / "core.yaml"
    core = validate(CoreFile, read_catalog_file(core_path, "Open Fire core catalog"),
                    file=core_path)
    check_rules(core.rules, core_path, "rules", set())
    costings: dict[str, Costing] = {}
    folder = root / "costing"
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        costing = validate(Costing, read_catalog_file(path, "costing file"), file=path)
        _check_costing(costing, core, path)
        costings[costing.costing] = costing
    if core.default_costing not in costings:
        raise InputError(f"no costing file '{core.default_costing}' in {folder}",
                         file=core_path, field="default_costing")
    return CoreCatalog.model_construct(core=core, costing=costings)


def _check_costing(costing: Costing, core: CoreFile, path: Path) -> None:
    constants = frozenset(costing.constants)
    for key, text in costing.per_model.items():
        _formula(text, PER_MODEL_VARIABLES | constants, path, f"per_model.{key}")
    _formula(costing.weapon, WEAPON_VARIABLES | constants, path, "weapon")
    names = {r.name.casefold(): r for r in core.rules}
    for kind, table, scopes in (("weapon_rules", costing.weapon_rules, ("weapon",)),
                                ("unit_rules", costing.unit_rules, ("unit", "vehicle"))):
        for name, cost in table.items():
            rule = names.get(name.casefold())
            if rule is None or rule.scope not in scopes:
                raise InputError(f"'{name}' is not a core {kind[:-6]} rule", file=path,
                                 field=f"{kind}.{name}")
            try:
                parse_rule_cost(cost, frozenset({"X"}))
            except FormulaError as exc:
                raise InputError(str(exc), file=path, field=f"{kind}.{name}") from None
    for i, name in enumerate(costing.ranged_only):
        if name not in costing.weapon_rules:
            raise InputError(f"'{name}' has no cost under weapon_rules", file=path,
                             field=f"ranged_only[{i}]")


def _formula(text: str, allowed: frozenset[str], path: Path, field: str) -> None:
    try:
        parse(text, allowed)
    except FormulaError as exc:
        raise InputError(str(exc), file=path, field=field) from None
