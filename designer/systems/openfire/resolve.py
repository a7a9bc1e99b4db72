"""Special rules resolved against the catalog: each rule as it applies to a model or a
weapon (its canonical name, X, where it came from, the core rule a module's rule acts
as), and the rules that others imply (Aircraft brings Vehicle, Flying and Support). `Rule`
is a NamedTuple, as the system contract's records are (contract.py says why)."""

from __future__ import annotations

from typing import NamedTuple

from designer.systems.openfire.catalog import Catalog
from designer.systems.openfire.formats import RuleDef
from designer.systems.openfire.formula import FormulaError, RuleCost, parse_rule_cost
from designer.systems.openfire.models import RuleRef, rule_text, split_rule


class Rule(NamedTuple):
    """A special rule as it applies: canonical name, X, where it came from."""

    name: str
    x: int | str | None
    scope: str
    source: str  # own, profile, upgrade <name>, implied by <rule>, weapon
    field: str
    definition: RuleDef | None = None
    cost: RuleCost | None = None  # a custom rule's cost
    cost_error: str = ""
    ref: RuleRef | None = None
    acts_as: str | None = None  # the core rule a module's rule plays as in the dice maths

    @property
    def label(self) -> str:
        return rule_text(self.name, self.x)

    def plays(self, name: str) -> bool:
        """Whether it is the rule `name` or a module's rule acting as it."""
        return self.name == name or self.acts_as == name

    @property
    def known(self) -> bool:
        return self.definition is not None

    @property
    def custom(self) -> bool:
        return self.definition is None and self.ref is not None and self.ref.custom

    @property
    def implied(self) -> bool:
        return self.source.startswith("implied")

    @property
    def value(self) -> int:
        return self.x if isinstance(self.x, int) else 0

    @property
    def summary(self) -> str:
        """What it does where space is short (see RuleDef.brief); a custom rule's
        summary."""
        if self.definition is not None:
            return self.definition.brief
        return (self.ref.summary or "") if self.ref else ""

    @property
    def text(self) -> str:
        """What it does in full, for a glossary (see RuleDef.full); a custom rule has its
        summary only."""
        if self.definition is not None:
            return self.definition.full
        return self.summary


def resolve_rule(ref: RuleRef, catalog: Catalog, source: str, field: str,
                 default_scope: str) -> Rule:
    definition = catalog.rule(ref.name)
    x = ref.x
    if isinstance(x, str) and x.strip().lstrip("+-").isdigit() and len(x.strip()) <= 4:
        x = int(x)
    if definition is not None:
        if definition.x == "arc" and isinstance(x, str):
            x = catalog.arc(x) or x
        acts = catalog.rule(definition.acts_as) if definition.acts_as else None
        return Rule(definition.name, x, definition.scope, source, field, definition, ref=ref,
                    acts_as=acts.name if acts else None)
    cost, error = None, ""
    if ref.cost is not None:
        try:
            cost = parse_rule_cost(ref.cost, frozenset({"X"}))
        except FormulaError as exc:
            error = str(exc)
    return Rule(ref.name.strip(), x, ref.scope or default_scope, source, field, None, cost,
                error, ref)


def implied(rules: list[Rule], catalog: Catalog) -> list[Rule]:
    """The rules Aircraft and Vehicle (and any rule with `implies`) bring, once each."""
    out = list(rules)
    queue = list(rules)
    while queue:
        rule = queue.pop(0)
        if rule.definition is None:
            continue
        for text in rule.definition.implies:
            parts = split_rule(text)
            ref = RuleRef(name=parts["name"], x=parts.get("x"))
            new = resolve_rule(ref, catalog, f"implied by {rule.name}", rule.field, "unit")
            if any(r.name == new.name and r.x == new.x for r in out):
                continue
            out.append(new)
            queue.append(new)
    return out
