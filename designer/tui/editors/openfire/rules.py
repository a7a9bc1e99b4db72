"""Open Fire step five: each entry's special rules with X filled in (a number with ←/→,
an arc cycled), the rules its profile, upgrades, Aircraft and Vehicle bring (in grey),
the list to add from, a rule of one's own, and the unit's abilities."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, cast

from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static
from textual.widgets.option_list import Option

from designer.search import matches
from designer.systems.openfire import edits
from designer.systems.openfire.catalog import Catalog
from designer.systems.openfire.formats import RuleDef
from designer.systems.openfire.models import Unit
from designer.systems.openfire.resolve import Rule
from designer.systems.openfire.value import IN_FORMULA
from designer.tui.editors.kit.fields import ChoiceField, ChosenRow, NumberField, at
from designer.tui.editors.kit.form import Form
from designer.tui.editors.kit.picker import Picker
from designer.tui.editors.kit.rows import Rows
from designer.tui.editors.openfire.common import (
    EntryEditor,
    OFView,
    catalog_of,
    entry_title,
    figures,
    valid,
)
from designer.tui.literal import assembled
from designer.tui.widgets.fields import Cycle, FieldButton
from designer.tui.widgets.shown import muted
from designer.tui.widgets.text import TextField

X_WORDS = {"int": "a number", "arc": "an arc", "none": ""}
NEEDS = "A rule of your own needs a name and a cost."


def x_kind(rule: Rule) -> str:
    """How the rule's X is edited: 'int', 'arc' or 'none'."""
    if rule.definition is not None:
        return rule.definition.x
    if isinstance(rule.x, int):
        return "int"
    return "arc" if isinstance(rule.x, str) else "none"


def cost_hint(rule: RuleDef, catalog: Catalog) -> str:
    """What the costing formula makes of a rule: 'cc1 X-1', 'in the dice maths'."""
    costing = catalog.costing
    if catalog.core_rule(rule.name):
        text = next((v for k, v in costing.unit_rules.items()
                     if k.casefold() == rule.name.casefold()), None)
        if text is not None:
            return f"{costing.costing} {text}"
        return "in the dice maths" if rule.name in IN_FORMULA else f"{costing.costing} 0"
    return f"module {rule.cost}" if rule.cost is not None else "module"


def own_index(rule: Rule) -> int | None:
    """The rule's place in its entry's `special`, when it is the entry's own."""
    if rule.source != "own" or ".special[" not in rule.field:
        return None
    return int(rule.field.rsplit("[", 1)[1].rstrip("]"))


def rule_cost_value(text: str) -> int | float | str:
    """A custom rule's cost as the file holds it: 2, 0.5 or a text such as X or x1.1."""
    text = text.strip()
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return text


def rule_number(index: int, rule: int, view: OFView) -> int:
    """The X of the entry's own rule that takes a number (0 while it has none: the rule's
    finding says so)."""
    x = view.unit.models[index].special[rule].x
    return x if isinstance(x, int) else 0


def rule_arc(index: int, rule: int, catalog: Catalog, view: OFView) -> str | None:
    """The arc the entry's own rule names, as its choice shows it."""
    x = view.unit.models[index].special[rule].x
    return (catalog.arc(x) or x) if isinstance(x, str) else None


class RulesEditor(EntryEditor):
    ENTRY_FIELD = "rule-search"
    TARGET_ID = "rule-target"
    BINDINGS = [Binding("delete,x", "remove_arc", "Remove", show=False,
                        tooltip="remove the rule (one whose X is an arc too)")]

    def compose_fields(self) -> ComposeResult:
        yield Rows(id="entry-rules", classes="of-block")
        yield Static("Add a special rule: enter gives it to the entry chosen",
                     classes="group")
        yield from self.compose_target()
        yield Picker("rule-list", search="Search rules (name or summary)",
                     search_id="rule-search", options=self._options, detail=self._detail,
                     pick=self._add, empty="No rule matches the search.",
                     list_classes="of-list")
        yield Static("A rule of your own: its name, cost and what it does", classes="group")
        with Form(self._add_custom, sends=("custom-rule-summary",),
                  required={"custom-rule-name": NEEDS, "custom-rule-cost": NEEDS}):
            yield TextField(placeholder="name, e.g. Smoke Launchers", id="custom-rule-name",
                            compact=True, max_length=60)
            yield TextField(placeholder="cost: points, X, or x1.1 for a weapon",
                            id="custom-rule-cost", compact=True, max_length=60)
            yield TextField(placeholder="what it does, in a sentence",
                            id="custom-rule-summary", compact=True, max_length=400)
            yield FieldButton("Add rule", id="add-custom-rule", compact=True,
                              classes="of-button")
        yield Static("Abilities: the unit's own actions, one an activation",
                     classes="group")
        yield Rows(id="abilities", classes="of-block")
        with Form(self._add_ability, sends=("ability-text",),
                  required={"ability-name": "Give the ability a name first."}):
            yield TextField(placeholder="ability name", id="ability-name", compact=True,
                            max_length=60)
            yield TextField(placeholder="what it does", id="ability-text", compact=True,
                            max_length=600)
            yield FieldButton("Add ability", id="add-ability", compact=True,
                              classes="of-button")

    # --- keeping up -------------------------------------------------------------------

    async def update_fields(self, view: OFView) -> None:
        await self.query_one("#entry-rules", Rows).show(self._entry_rules(view))
        await self.query_one("#abilities", Rows).show(self._abilities(view))
        self.show_targets(view)

    def _entry_rules(self, view: OFView) -> list[Widget]:
        catalog = catalog_of(view)
        out: list[Widget] = []
        for i, fig in enumerate(figures(view)):
            out.append(Static(Content.styled(entry_title(fig), "bold"),
                              classes="group entry-head"))
            if not fig.rules:
                out.append(Static(muted("No special rules."), classes="hint"))
            for rule in fig.rules:
                r = own_index(rule)
                if r is None:
                    out.append(Static(muted(f"{rule.label} · {rule.source}"),
                                      classes="hint given"))
                    continue
                out.append(self._own_field(view, i, r, rule, catalog))
        return out

    def _own_field(self, view: OFView, i: int, r: int, rule: Rule, catalog: Catalog) -> Widget:
        kind = x_kind(rule)
        left = len(view.unit.models[i].special) - 1
        focus = f"rule-{i}-{min(r, left - 1)}" if left > 0 else "rule-search"
        remove = at(edits.remove_rule, i, r)
        key, field_id = (i, r), f"rule-{i}-{r}"
        if kind == "int":
            return NumberField(view, rule.name, partial(rule_number, i, r),
                               at(edits.set_rule_x, i, r), minimum=1, maximum=99,
                               remove=remove, remove_focus=focus, note=muted("X"), key=key,
                               id=field_id, classes="own-rule")
        if kind == "arc":
            arcs = list(catalog.core.arcs)
            value = rule.x if isinstance(rule.x, str) else None
            if value is not None and value not in arcs:
                arcs.append(value)
            return ChoiceField(view, rule.name, [(a, a) for a in arcs] + (
                [(None, "–")] if value is None else []), partial(rule_arc, i, r, catalog),
                at(edits.set_rule_x, i, r), key=key, id=field_id, classes="own-rule")
        return ChosenRow(assembled(rule.label, muted(" · custom" if rule.custom else "")),
                         remove=remove, focus=focus, key=key, id=field_id, classes="own-rule")

    def _abilities(self, view: OFView) -> list[Widget]:
        if not view.unit.abilities:
            return [Static(muted("None yet."), classes="hint")]
        return [ChosenRow(assembled((a.name, "bold"), muted(f" {a.text}" if a.text else "")),
                          remove=at(edits.remove_ability, k), focus="ability-name",
                          id=f"ability-{k}", classes="ability")
                for k, a in enumerate(view.unit.abilities)]

    def _options(self, search: str) -> list[Option]:
        view = self.view
        catalog = catalog_of(view)
        figs = figures(view)
        taken = {r.name for r in figs[self.target_of(view)].rules} if figs else set()
        found = [r for r in self._rules(catalog)
                 if matches(search, (r.name, r.brief, *r.aliases))]
        # the rules whose name matches first, then those whose summary does
        found.sort(key=lambda r: not matches(search, (r.name, *r.aliases)))
        options = []
        for rule in found:
            label = f"{rule.name} (X)" if rule.x != "none" else rule.name
            note = cost_hint(rule, catalog) + (" · has it" if rule.name in taken else "")
            options.append(Option(assembled((label, "bold"), " ", muted(note)),
                                  id=rule.name))
        return options

    @staticmethod
    def _rules(catalog: Catalog) -> list[RuleDef]:
        """The rules a model may take: the core's and the module's, not weapons'."""
        module = catalog.module.special_rules if catalog.module else ()
        return [r for r in (*catalog.core.rules, *module) if r.scope != "weapon"]

    def _detail(self, name: str) -> Content:
        rule = catalog_of(self.view).rule(name)
        if rule is None:
            return Content("")
        x = f" · X is {X_WORDS[rule.x]}" if rule.x != "none" else ""
        line = f" [{rule.line}]" if rule.line else ""
        implies = f" Brings {', '.join(rule.implies)}." if rule.implies else ""
        return assembled((rule.name, "bold"), f"{x}{line}", Content("\n"),
                         muted(f"{rule.brief}{implies}"))

    # --- edits --------------------------------------------------------------------------

    def _add(self, name: str) -> None:
        catalog = catalog_of(self.view)
        rule = catalog.rule(name)
        if rule is None:
            return
        i = self.target_of(self.view)
        data: dict[str, Any] = {"name": rule.name}
        if rule.x == "int":
            data["x"] = 1
        elif rule.x == "arc":
            arcs = catalog.core.arcs
            data["x"] = "Rear" if "Rear" in arcs else arcs[0]
        r = len(self.view.unit.models[i].special)
        self.edit(edits.add_rule, i, data,
                  focus=f"rule-{i}-{r}" if rule.x != "none" else "rule-list")

    def action_remove_arc(self) -> None:
        """delete on a rule whose X is an arc (a Cycle, which has no delete of its own)."""
        focused = self.screen.focused
        if isinstance(focused, Cycle) and "own-rule" in focused.classes:
            i, r = cast(tuple[int, int], focused.key)
            left = len(self.view.unit.models[i].special) - 1
            self.edit(edits.remove_rule, i, r,
                      focus=f"rule-{i}-{min(r, left - 1)}" if left > 0 else "rule-search")

    def _add_custom(self, form: dict[str, Any]) -> bool:
        name = form["custom-rule-name"]
        data = {"name": name, "cost": rule_cost_value(form["custom-rule-cost"]),
                "summary": form["custom-rule-summary"] or name}
        i = self.target_of(self.view)
        return self._posted(edits.add_rule, i, data, focus="custom-rule-name")

    def _add_ability(self, form: dict[str, Any]) -> bool:
        return self._posted(edits.add_ability, form["ability-name"], form["ability-text"],
                            focus="ability-name")

    def _posted(self, change: Callable[..., Unit], *args: Any, focus: str) -> bool:
        """Whether `change` makes a unit the file format takes: then it is made; else
        why not is said."""
        problem = valid(change, self.view.unit, *args)
        if problem:
            self.notify(f"Not added: {problem}", severity="error", markup=False)
            return False
        self.edit(change, *args, focus=focus)
        return True
