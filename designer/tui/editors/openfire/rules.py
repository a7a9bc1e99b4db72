"""Open Fire step five: each entry's special rules with X filled in (a number with ←/→,
an arc cycled), the rules its profile, upgrades, Aircraft and Vehicle bring (in grey),
the list to add from, a rule of one's own, and the unit's abilities."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from designer.escaping import printable
from designer.search import matches
from designer.systems.openfire import edits
from designer.systems.openfire.catalog import Catalog
from designer.systems.openfire.formats import RuleDef
from designer.systems.openfire.resolve import Rule
from designer.systems.openfire.value import IN_FORMULA
from designer.tui.editors.base import View
from designer.tui.editors.openfire.common import (
    EntryEditor,
    catalog_of,
    cut,
    entry_title,
    figures,
    muted,
    valid,
)
from designer.tui.widgets.fields import Cycle, FieldButton, Row, Spinner
from designer.tui.widgets.lists import MovingList
from designer.tui.widgets.shown import set_content
from designer.tui.widgets.text import SearchField, TextField

X_WORDS = {"int": "a number", "arc": "an arc", "none": ""}


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


class RulesEditor(EntryEditor):
    ENTRY_FIELD = "rule-search"
    TARGET_ID = "rule-target"
    BINDINGS = [Binding("delete,x", "remove_arc", "Remove", show=False)]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._rules_key: Hashable = None
        self._list_key: Hashable = None

    def compose_fields(self) -> ComposeResult:
        yield Vertical(id="entry-rules", classes="of-block")
        yield Static("Add a special rule: enter gives it to the entry chosen",
                     classes="group")
        yield from self.compose_target()
        yield SearchField("rule-list", placeholder="Search rules (name or summary)",
                          id="rule-search", compact=True)
        yield MovingList(id="rule-list", classes="of-list")
        yield Static(id="rule-detail", classes="hint")
        yield Static("A rule of your own: its name, cost and what it does", classes="group")
        yield TextField(placeholder="name, e.g. Smoke Launchers", id="custom-rule-name",
                        compact=True, max_length=60)
        yield TextField(placeholder="cost: points, X, or x1.1 for a weapon",
                        id="custom-rule-cost", compact=True, max_length=60)
        yield TextField(placeholder="what it does, in a sentence", id="custom-rule-summary",
                        compact=True, max_length=400)
        yield FieldButton("Add rule", id="add-custom-rule", compact=True,
                          classes="of-button")
        yield Static("Abilities: the unit's own actions, one an activation",
                     classes="group")
        yield Vertical(id="abilities", classes="of-block")
        yield TextField(placeholder="ability name", id="ability-name", compact=True,
                        max_length=60)
        yield TextField(placeholder="what it does", id="ability-text", compact=True,
                        max_length=600)
        yield FieldButton("Add ability", id="add-ability", compact=True, classes="of-button")

    # --- keeping up -------------------------------------------------------------------

    def _key(self, view: View) -> Hashable:
        return (self.entry_structure(view),
                tuple(tuple((r.name, r.source, x_kind(r)) for r in f.rules)
                      for f in figures(view)),
                tuple((a.name, a.text) for a in view.unit.abilities))

    async def update_fields(self, view: View) -> None:
        key = self._key(view)
        if key != self._rules_key:
            self._rules_key = key
            block = self.query_one("#entry-rules", Vertical)
            await block.remove_children()
            await block.mount_all(self._entry_rules(view))
            abilities = self.query_one("#abilities", Vertical)
            await abilities.remove_children()
            await abilities.mount_all(self._abilities(view))
            target = self.query_one("#rule-target", Cycle)
            target.options = [(i, cut(f.name, 18)) for i, f in enumerate(figures(view))]
            self.target = self.target_of(view)
            target.value = self.target
            target.refresh()
        else:
            self._update_rules(view)
        self._fill_list(view)

    def _entry_rules(self, view: View) -> list[Widget]:
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
                out.append(self._own_field(i, r, rule, catalog))
        return out

    @staticmethod
    def _own_field(i: int, r: int, rule: Rule, catalog: Catalog) -> Widget:
        kind = x_kind(rule)
        ids = {"key": (i, r), "id": f"rule-{i}-{r}", "classes": "own-rule"}
        if kind == "int":
            return Spinner(printable(rule.name), rule.x if isinstance(rule.x, int) else 0,
                           minimum=1,
                           maximum=99, removable=True, note=muted("X"), **ids)
        if kind == "arc":
            arcs = list(catalog.core.arcs)
            value = rule.x if isinstance(rule.x, str) else None
            if value is not None and value not in arcs:
                arcs.append(value)
            return Cycle(printable(rule.name), [(a, printable(a)) for a in arcs]
                         + ([(None, "–")] if value is None else []), value, **ids)
        return Row(Content.assemble(printable(rule.label),
                                    muted(" · custom" if rule.custom else "")),
                   **ids)

    def _update_rules(self, view: View) -> None:
        for widget in self.query(".own-rule"):
            i, r = widget.key  # type: ignore[attr-defined]
            entry = view.unit.models[i] if i < len(view.unit.models) else None
            if entry is None or r >= len(entry.special):
                continue
            x = entry.special[r].x
            if isinstance(widget, Spinner) and isinstance(x, int):
                widget.value = x
            elif isinstance(widget, Cycle):
                widget.value = catalog_of(view).arc(x) or x if isinstance(x, str) else x

    def _abilities(self, view: View) -> list[Widget]:
        if not view.unit.abilities:
            return [Static(muted("None yet."), classes="hint")]
        return [Row(Content.assemble((printable(a.name), "bold"),
                                     muted(f" {a.text}" if a.text else "")),
                    key=k, id=f"ability-{k}", classes="ability")
                for k, a in enumerate(view.unit.abilities)]

    def _fill_list(self, view: View) -> None:
        catalog = catalog_of(view)
        search = self.query_one("#rule-search", SearchField).value.strip()
        figs = figures(view)
        fig = figs[self.target_of(view)] if figs else None
        taken = {r.name for r in fig.rules} if fig else set()
        key = (search, catalog.ref, frozenset(taken))
        if key == self._list_key:
            return
        searched = self._list_key is not None and search != self._list_key[0]
        self._list_key = key
        listing = self.query_one("#rule-list", MovingList)
        highlighted = listing.highlighted_option.id if listing.highlighted_option and \
            not searched else None  # a new search starts at its best match
        options = []
        found = [r for r in self._rules(catalog)
                 if matches(search, (r.name, r.summary, *r.aliases))]
        # the rules whose name matches first, then those whose summary does
        found.sort(key=lambda r: not matches(search, (r.name, *r.aliases)))
        for rule in found:
            label = f"{rule.name} (X)" if rule.x != "none" else rule.name
            note = cost_hint(rule, catalog) + (" · has it" if rule.name in taken else "")
            options.append(Option(Content.assemble((printable(label), "bold"), " ", muted(note)),
                                  id=rule.name))
        listing.set_options(options)
        ids = [o.id for o in options]
        if options:
            listing.highlighted = ids.index(highlighted) if highlighted in ids else 0
        self._show_detail()

    @staticmethod
    def _rules(catalog: Catalog) -> list[RuleDef]:
        """The rules a model may take: the core's and the module's, not weapons'."""
        module = catalog.module.special_rules if catalog.module else ()
        return [r for r in (*catalog.core.rules, *module) if r.scope != "weapon"]

    def _show_detail(self) -> None:
        listing = self.query_one("#rule-list", MovingList)
        option = listing.highlighted_option
        detail = self.query_one("#rule-detail", Static)
        rule = catalog_of(self.view).rule(option.id or "") if option is not None else None
        if rule is None:
            set_content(detail, muted("No rule matches the search." if listing.option_count
                                      == 0 else ""))
            return
        x = f" · X is {X_WORDS[rule.x]}" if rule.x != "none" else ""
        line = f" [{rule.line}]" if rule.line else ""
        implies = f" Brings {', '.join(rule.implies)}." if rule.implies else ""
        set_content(detail, Content.assemble((printable(rule.name), "bold"),
                                             printable(f"{x}{line}") + "\n",
                                             muted(f"{rule.summary}{implies}")))

    def target_changed(self) -> None:
        self._fill_list(self.view)

    # --- edits --------------------------------------------------------------------------

    @on(SearchField.Changed, "#rule-search")
    def search(self, event: SearchField.Changed) -> None:
        event.stop()
        self._fill_list(self.view)

    @on(OptionList.OptionHighlighted, "#rule-list")
    def highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._show_detail()

    @on(OptionList.OptionSelected, "#rule-list")
    def add(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        catalog = catalog_of(self.view)
        rule = catalog.rule(event.option.id or "")
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

    @on(Spinner.Changed, ".own-rule")
    def number(self, event: Spinner.Changed) -> None:
        event.stop()
        i, r = event.spinner.key
        self.edit(edits.set_rule_x, i, r, event.value)

    @on(Cycle.Changed, ".own-rule")
    def arc(self, event: Cycle.Changed) -> None:
        event.stop()
        i, r = event.cycle.key
        self.edit(edits.set_rule_x, i, r, event.value)

    @on(Spinner.Removed, ".own-rule")
    @on(Row.Removed, ".own-rule")
    def remove(self, event: Spinner.Removed | Row.Removed) -> None:
        event.stop()
        i, r = event.control.key
        self._remove(i, r)

    def action_remove_arc(self) -> None:
        """delete on a rule whose X is an arc (a Cycle, which has no delete of its own)."""
        focused = self.screen.focused
        if isinstance(focused, Cycle) and "own-rule" in focused.classes:
            self._remove(*focused.key)  # type: ignore[misc]

    def _remove(self, i: int, r: int) -> None:
        left = len(self.view.unit.models[i].special) - 1
        focus = f"rule-{i}-{min(r, left - 1)}" if left > 0 else "rule-search"
        self.edit(edits.remove_rule, i, r, focus=focus)

    @on(TextField.Submitted, "#custom-rule-name, #custom-rule-cost, #ability-name")
    def next_field(self, event: TextField.Submitted) -> None:
        event.stop()
        self.screen.focus_next()

    @on(Button.Pressed, "#add-custom-rule")
    @on(TextField.Submitted, "#custom-rule-summary")
    def add_custom(self, event: Message) -> None:
        event.stop()
        fields = {k: self.query_one(f"#custom-rule-{k}", TextField)
                  for k in ("name", "cost", "summary")}
        name, cost = fields["name"].value.strip(), fields["cost"].value.strip()
        if not name or not cost:
            self.notify("A rule of your own needs a name and a cost.", severity="warning")
            fields["name" if not name else "cost"].focus()
            return
        data = {"name": name, "cost": rule_cost_value(cost),
                "summary": fields["summary"].value.strip() or name}
        i = self.target_of(self.view)
        problem = valid(edits.add_rule, self.view.unit, i, data)
        if problem:
            self.notify(f"Not added: {problem}", severity="error", markup=False)
            return
        for field in fields.values():
            field.value = ""
        self.edit(edits.add_rule, i, data, focus="custom-rule-name")

    @on(Button.Pressed, "#add-ability")
    @on(TextField.Submitted, "#ability-text")
    def add_ability(self, event: Message) -> None:
        event.stop()
        name_field = self.query_one("#ability-name", TextField)
        text_field = self.query_one("#ability-text", TextField)
        name = name_field.value.strip()
        if not name:
            self.notify("Give the ability a name first.", severity="warning")
            name_field.focus()
            return
        problem = valid(edits.add_ability, self.view.unit, name, text_field.value.strip())
        if problem:
            self.notify(f"Not added: {problem}", severity="error", markup=False)
            return
        text = text_field.value.strip()
        name_field.value = text_field.value = ""
        self.edit(edits.add_ability, name, text, focus="ability-name")

    @on(Row.Removed, ".ability")
    def remove_ability(self, event: Row.Removed) -> None:
        event.stop()
        self.edit(edits.remove_ability, event.row.key, focus="ability-name")

