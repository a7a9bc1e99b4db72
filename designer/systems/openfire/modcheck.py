"""A module file checked when it loads, beyond its shape: names used once, rules that
exist, fit where they are written (a weapon rule an upgrade gives goes to the weapon)
and take the X they need, module rules that act as a core rule of their kind, upgrade
points formulas of WP, weapon names that exist, the weapon rule an upgrade's weapons
must have, the profile and model rule an upgrade, a pool or a per-model limit is for,
and limits that name real groups. The first problem is a one-line InputError
naming the file and the field, with the fix."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from designer.errors import InputError
from designer.io import suggest
from designer.systems.openfire.catalog import Catalog
from designer.systems.openfire.formats import RuleDef
from designer.systems.openfire.formula import FormulaError, parse, parse_rule_cost
from designer.systems.openfire.models import RuleRef, split_rule
from designer.systems.openfire.priced import WP
from designer.systems.openfire.resolve import resolve_rule
from designer.systems.openfire.rules import check_rule
from designer.tally import Issue

if TYPE_CHECKING:
    from designer.systems.openfire.module import Match, Module


def check_rules(rules: tuple[RuleDef, ...], path: Path, where: str, seen: set[str]) -> None:
    """Rule definitions: each name used once, costs that parse, implied rules known."""
    for i, rule in enumerate(rules):
        for name in (rule.name, *rule.aliases):
            key = name.casefold()
            if key in seen:
                raise InputError(f"'{name}' is named twice; a rule name is used once",
                                 file=path, field=f"{where}[{i}].name")
            seen.add(key)
        if rule.cost is not None:
            try:
                parse_rule_cost(rule.cost, frozenset({"X"}))
            except FormulaError as exc:
                raise InputError(str(exc), file=path, field=f"{where}[{i}].cost") from None
    for i, rule in enumerate(rules):
        for j, implied in enumerate(rule.implies):
            if split_rule(implied)["name"].casefold() not in seen:
                raise InputError(f"unknown rule '{implied}'", file=path,
                                 field=f"{where}[{i}].implies[{j}]")


def check_module(module: Module, catalog: Catalog, path: Path) -> None:
    """`catalog` is the core with `module`; raises at the module's first problem."""
    core = catalog.core
    check_rules(module.special_rules, path, "special_rules",
                {n.casefold() for r in core.rules for n in (r.name, *r.aliases)})
    for i, rule in enumerate(module.special_rules):
        _module_rule(rule, catalog, path, f"special_rules[{i}]")
    for kind in ("profiles", "weapons", "upgrades"):
        seen: set[str] = set()
        for i, entry in enumerate(getattr(module, kind)):
            if entry.name.casefold() in seen:
                raise InputError(f"'{entry.name}' is listed twice", file=path,
                                 field=f"{kind}[{i}].name")
            seen.add(entry.name.casefold())
    if module.costing.fallback not in catalog.costings:
        raise InputError(f"no costing file '{module.costing.fallback}'; known: "
                         f"{', '.join(catalog.costings)}", file=path, field="costing.fallback")
    weapons = [w.name for w in module.weapons]
    for i, profile in enumerate(module.profiles):
        where = f"profiles[{i}]"
        _rules(profile.special, "model", catalog, path, f"{where}.special")
        _known(profile.weapons, weapons, path, f"{where}.weapons")
        _known(profile.weapon_choices, weapons, path, f"{where}.weapon_choices")
        choices = {n.casefold() for n in profile.weapon_choices}
        for j, name in enumerate(profile.weapons):
            if choices and name.casefold() not in choices:
                raise InputError(f"{profile.name} carries {name} but may not choose it: "
                                 "add it to weapon_choices", file=path,
                                 field=f"{where}.weapons[{j}]")
    for i, weapon in enumerate(module.weapons):
        _rules(weapon.special, "weapon", catalog, path, f"weapons[{i}].special")
        for j, shot in enumerate(weapon.profiles):
            _rules(shot.special, "weapon", catalog, path,
                   f"weapons[{i}].profiles[{j}].special")
    for i in range(len(module.upgrades)):
        _upgrade(module, i, catalog, path, weapons)
    _matches(module, catalog, path)
    _per_model(module, path)
    force = module.force
    if force.default_size is not None and force.default_size not in force.sizes:
        raise InputError(f"'{force.default_size}' is not one of the sizes", file=path,
                         field="force.default_size")


def _module_rule(rule: RuleDef, catalog: Catalog, path: Path, where: str) -> None:
    if rule.points is not None and rule.scope == "weapon":
        raise InputError(f"{rule.name}: listed points are for a rule a model adds; a "
                         "weapon's points cover its rules: remove points", file=path,
                         field=f"{where}.points")
    if rule.points is not None and rule.x != "none":
        raise InputError(f"{rule.name}: a rule with listed points takes no X: give it "
                         "x: none or drop points", file=path, field=f"{where}.points")
    if rule.acts_as is None:
        return
    acts = catalog.rule(rule.acts_as)
    if acts is None or not catalog.core_rule(acts.name):
        names = [r.name for r in catalog.core.rules]
        raise InputError(f"'{rule.acts_as}' is not a core rule{suggest(rule.acts_as, names)}"
                         "; acts_as names the core rule this one plays as", file=path,
                         field=f"{where}.acts_as")
    if (acts.scope == "weapon") != (rule.scope == "weapon"):
        raise InputError(f"{rule.name} is a {rule.scope} rule but acts as {acts.name}, a "
                         f"{acts.scope} rule: give it scope: {acts.scope}", file=path,
                         field=f"{where}.scope")
    if acts.x != rule.x:
        raise InputError(f"{rule.name} takes X {rule.x} but acts as {acts.name}, which "
                         f"takes X {acts.x}: give it x: {acts.x}", file=path,
                         field=f"{where}.x")


def _rules(refs: Iterable[RuleRef], on: str, catalog: Catalog, path: Path,
           where: str) -> None:
    """Each rule known (or custom with a summary and a cost), on the right kind of thing,
    with the X it needs: the unit checks' own judgement, raised at the first."""
    for j, ref in enumerate(refs):
        found: list[Issue] = []
        rule = resolve_rule(ref, catalog, "module", f"{where}[{j}]",
                            "weapon" if on == "weapon" else "unit")
        check_rule(rule, on, catalog, found.append)
        if found:
            raise InputError(found[0].message, file=path, field=f"{where}[{j}]")


def _known(names: Iterable[str], weapons: list[str], path: Path, where: str) -> None:
    known = {w.casefold() for w in weapons}
    for j, name in enumerate(names):
        if name.casefold() not in known:
            raise InputError(f"unknown weapon '{name}'{suggest(name, weapons)}", file=path,
                             field=f"{where}[{j}]")


def _upgrade(module: Module, i: int, catalog: Catalog, path: Path, weapons: list[str]
             ) -> None:
    upgrade = module.upgrades[i]
    where = f"upgrades[{i}]"
    effect = upgrade.effect
    for j, ref in enumerate(effect.add_rules):
        rule = catalog.rule(ref.name)
        if rule is not None and rule.scope == "weapon":
            raise InputError(f"{rule.name} is a weapon rule: an upgrade gives it to the "
                             "weapon it modifies under effect.weapon_rules", file=path,
                             field=f"{where}.effect.add_rules[{j}]")
    for j, ref in enumerate(effect.weapon_rules):
        rule = catalog.rule(ref.name)
        if rule is not None and rule.scope != "weapon":
            raise InputError(f"{rule.name} is a {rule.scope} rule: an upgrade gives it to "
                             "the model under effect.add_rules", file=path,
                             field=f"{where}.effect.weapon_rules[{j}]")
    _rules(effect.add_rules, "model", catalog, path, f"{where}.effect.add_rules")
    _rules(effect.weapon_rules, "weapon", catalog, path, f"{where}.effect.weapon_rules")
    if upgrade.target == "model" and (effect.weapon or effect.weapon_rules
                                      or upgrade.for_weapon):
        raise InputError(f"{upgrade.name} changes a weapon but says target: model: drop "
                         "target, or its weapon changes", file=path, field=f"{where}.target")
    if upgrade.for_weapon is not None:
        _known(upgrade.for_weapon.names, weapons, path, f"{where}.for_weapon.names")
        _known(upgrade.for_weapon.exclude, weapons, path, f"{where}.for_weapon.exclude")
        if upgrade.for_weapon.rule is not None:
            _named_rule(upgrade.for_weapon.rule, catalog, path, f"{where}.for_weapon.rule",
                        weapon=True)
    if isinstance(upgrade.points, str):
        try:
            formula = parse(upgrade.points, WP)
        except FormulaError as exc:
            raise InputError(str(exc), file=path, field=f"{where}.points") from None
        if formula.variables and not upgrade.on_weapon:
            raise InputError(f"{upgrade.name}'s points use WP, the points of the weapon it "
                             "modifies, but it modifies none: add for_weapon or target: "
                             "weapon", file=path, field=f"{where}.points")


#: how a rule named by `for_weapon.rule` (a weapon's) or by a match (a model's) is spoken of
_NAMED = {True: ("for_weapon.rule", "a weapon rule", "a model's rule goes under for: rule"),
          False: ("a match", "a model's rule", "an upgrade's weapons go under for_weapon")}


def _named_rule(name: str, catalog: Catalog, path: Path, field: str, *, weapon: bool
                ) -> None:
    """A rule an upgrade's weapons must have (`weapon`) or a match's models: of that kind,
    by name alone and spelt as the rules spell it (things are matched by their rules'
    names; a weapon's exactly, a model's in any case)."""
    where, kind, elsewhere = _NAMED[weapon]
    written = name.strip()
    parts = split_rule(written)
    if "x" in parts:
        raise InputError(f"'{written}' gives an X; {where} names the rule alone: write "
                         f"rule: {parts['name']}", file=path, field=field)
    rule = catalog.rule(written)
    if rule is None:
        module = catalog.module.special_rules if catalog.module else ()
        names = [r.name for r in (*catalog.core.rules, *module)
                 if (r.scope == "weapon") == weapon]
        known = f"names {kind} of Open Fire or of {catalog.title}" if weapon else \
            f"names {kind}"
        raise InputError(f"unknown rule '{written}'{suggest(written, names)}; {where} "
                         f"{known}", file=path, field=field)
    if (rule.scope == "weapon") != weapon:
        raise InputError(f"{rule.name} is a {rule.scope} rule; {where} names {kind} "
                         f"({elsewhere})", file=path, field=field)
    if (rule.name != written) if weapon else (rule.name.casefold() != written.casefold()):
        raise InputError(f"'{written}' is written {rule.name} in the rules: write rule: "
                         f"{rule.name}", file=path, field=field)


def _matches(module: Module, catalog: Catalog, path: Path) -> None:
    """The models each upgrade, pool and per-model limit is for."""
    for i, upgrade in enumerate(module.upgrades):
        _match(upgrade.for_, module, catalog, path, f"upgrades[{i}].for")
    for i, pool in enumerate(module.force.pools):
        _match(pool.match, module, catalog, path, f"force.pools[{i}].match")
    for i, limit in enumerate(module.per_model):
        _match(limit.match, module, catalog, path, f"per_model[{i}].match")


def _match(match: Match, module: Module, catalog: Catalog, path: Path, where: str) -> None:
    """A profile the module lists and a model's rule spelt as the rules spell it: models
    are matched by those names, so any other would match none, and the upgrade, pool or
    limit would apply to no model without a word."""
    if match.profile is not None:
        names = [p.name for p in module.profiles]
        if match.profile.strip().casefold() not in {n.casefold() for n in names}:
            raise InputError(f"unknown profile '{match.profile}'"
                             f"{suggest(match.profile, names)}; it would match no model",
                             file=path, field=f"{where}.profile")
    if match.rule is not None:
        _named_rule(match.rule, catalog, path, f"{where}.rule", weapon=False)


def _per_model(module: Module, path: Path) -> None:
    groups = {u.group for u in module.upgrades if u.group}
    for i, rule in enumerate(module.per_model):
        for group in rule.groups:
            if group not in groups:
                raise InputError(f"no upgrade is in group '{group}'"
                                 f"{suggest(group, sorted(groups))}; give upgrades "
                                 f"group: {group}", file=path,
                                 field=f"per_model[{i}].groups.{group}")
        for slot in rule.extra_copy_cost:
            if slot in rule.extra_weapon_cost:
                raise InputError(f"{slot} has both extra_copy_cost and extra_weapon_cost; "
                                 "extra_weapon_cost already prices copies: keep one",
                                 file=path, field=f"per_model[{i}].extra_copy_cost.{slot}")
