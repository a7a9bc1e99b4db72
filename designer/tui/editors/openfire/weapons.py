"""Open Fire step four: the weapons each entry carries, each profile with its chance to
hit and expected damage against the reference defender, the slots a module allows, the
list to add from (the unit's own weapons and the module's) and the form for a weapon of
the unit's own (one profile at a time for a weapon of several)."""

from __future__ import annotations

from collections import Counter
from typing import Any, cast

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static
from textual.widgets.option_list import Option

from designer.systems.openfire import dice, edits
from designer.systems.openfire.catalog import Catalog
from designer.systems.openfire.fold import Arm, Figure
from designer.systems.openfire.priced import limits_for
from designer.systems.openfire.value import num, shot_value
from designer.tui.editors.base import pts
from designer.tui.editors.kit.fields import ChosenRow, FormNumber, at
from designer.tui.editors.kit.form import Form
from designer.tui.editors.kit.picker import Picker
from designer.tui.editors.kit.rows import Rows
from designer.tui.editors.openfire.common import (
    EntryEditor,
    OFView,
    catalog_of,
    entry_title,
    figures,
    give_weapon,
    shot_text,
    take_weapon,
    valid,
    weapon_data_text,
)
from designer.tui.literal import assembled
from designer.tui.widgets.fields import FieldButton, Row, Spinner
from designer.tui.widgets.shown import muted
from designer.tui.widgets.text import TextField

#: the form's numbers: id -> (label, start, lowest, highest)
FORM = {"wpn-rng": ("RNG", 24, 0, 99), "wpn-att": ("ATT", 1, 1, 20),
        "wpn-dmg": ("DMG", 1, 1, 20), "wpn-prc": ("PRC", 0, 0, 12)}


def slot_use(fig: Figure, catalog: Catalog) -> str:
    """'ranged 1/2 · melee 1/1': the weapons in each slot the module limits."""
    limits: dict[str, list[int | None]] = {}
    for rule in limits_for(fig, catalog):
        limits.update(rule.slots)
    if not limits:
        return ""
    used = Counter(a.slot for a in fig.weapons)
    return " · ".join(f"{slot} {used.get(slot, 0)}/{'any' if high is None else high}"
                      for slot, (_low, high) in limits.items())


def split_rules(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


class WeaponsEditor(EntryEditor):
    ENTRY_FIELD = "weapon-list"
    TARGET_ID = "weapon-target"
    BINDINGS = [Binding("enter", "load", "Load into the form", show=False,
                        tooltip="a weapon of your own into the form (on its row)")]

    def compose_fields(self) -> ComposeResult:
        yield Rows(id="carried", classes="of-block")
        yield Static("Add a weapon: enter gives it to the entry chosen", classes="group")
        yield from self.compose_target()
        yield Picker("weapon-list", options=self._options, pick=self._add,
                     list_classes="of-list")
        yield Static("A weapon of your own (define a name again to change it)",
                     classes="group")
        with Form(self._define, sends=("wpn-rules", "wpn-label"),
                  required={"wpn-name": "Give the weapon a name first."}):
            yield TextField(placeholder="name, e.g. Carbine", id="wpn-name", compact=True,
                            max_length=60)
            ids = list(FORM)
            for pair in (ids[:2], ids[2:]):
                with Horizontal(classes="of-pair"):
                    for field_id in pair:
                        label, start, low, high = FORM[field_id]
                        yield FormNumber(label, start, minimum=low, maximum=high,
                                         id=field_id, classes="wpn-number")
            yield TextField(placeholder="rules, e.g. Rapid Fire, Rending (1)",
                            id="wpn-rules", compact=True, max_length=200)
            yield TextField(placeholder="profile label, for a weapon of several",
                            id="wpn-label", compact=True, max_length=60)
            yield FieldButton("Define", id="define-weapon", compact=True,
                              classes="of-button")
        yield Rows(id="own-weapons", classes="of-block")

    # --- keeping up -------------------------------------------------------------------

    async def update_fields(self, view: OFView) -> None:
        await self.query_one("#carried", Rows).show(self._carried(view))
        await self.query_one("#own-weapons", Rows).show(self._own(view))
        self.show_targets(view)

    def _carried(self, view: OFView) -> list[Widget]:
        catalog = catalog_of(view)
        out: list[Widget] = []
        for i, fig in enumerate(figures(view)):
            head = Content.assemble((entry_title(fig), "bold"))
            slots = slot_use(fig, catalog)
            if slots:
                head += muted(f" · {slots}")
            out.append(Static(head, classes="group entry-head"))
            if not fig.weapons:
                out.append(Static(muted("No weapons yet: add one from the list below."),
                                  classes="hint"))
            from_profile = not view.unit.models[i].weapons
            for w, arm in enumerate(fig.weapons):
                out.append(ChosenRow(self._arm_text(arm, from_profile),
                                     remove=at(take_weapon, catalog, i, w),
                                     focus=f"weapon-{i}-{w - 1}" if w > 0 else "weapon-list",
                                     id=f"weapon-{i}-{w}", classes="carried"))
                out += [Static(muted(line), classes="hint preview")
                        for line in self._preview(arm, fig, view)]
        return out

    @staticmethod
    def _arm_text(arm: Arm, from_profile: bool) -> Content:
        text = assembled((arm.name, "bold"))
        if not arm.known:
            return text + Content.styled(" unknown: define it or remove it", "$error")
        if len(arm.shots) == 1:
            text += assembled(f" {shot_text(arm.shots[0])}")
        else:
            text += f" {len(arm.shots)} profiles"
        if arm.points is not None:
            text += muted(f" {pts(arm.points)}")
        if from_profile:
            text += muted(" (profile)")
        return text

    @staticmethod
    def _preview(arm: Arm, fig: Figure, view: OFView) -> list[str]:
        """Each profile's chance to hit and expected damage: 'hit 58% · E_DMG 0.68 vs
        DEF 7'."""
        catalog = catalog_of(view)
        costing = catalog.costing
        lines = []
        for shot in arm.shots:
            worth = shot_value(shot, fig, costing, catalog)
            text = (f"hit {dice.percent(worth.hit)} · E_DMG {num(worth.e_dmg)} vs DEF "
                    f"{costing.reference.defence}")
            if len(arm.shots) > 1:
                text = f"{shot.label} {shot_text(shot, rules=False)}: {text}"
            lines.append(text)
        return lines

    def _own(self, view: OFView) -> list[Widget]:
        weapons = view.unit.weapons
        if not weapons:
            return []
        out: list[Widget] = [Static(muted("Yours: enter loads one into the form, delete "
                                          "removes it"), classes="hint")]
        out += [Row(assembled((w.name, "bold"), " ", muted(weapon_data_text(w))),
                    key=k, id=f"own-weapon-{k}", classes="own-weapon")
                for k, w in enumerate(weapons)]
        return out

    def _choices(self) -> list[str]:
        """The weapons the list offers: the unit's own, then the module's."""
        own = [w.name for w in self.view.unit.weapons]
        module = catalog_of(self.view).module
        taken = {n.casefold() for n in own}
        return own + [w.name for w in (module.weapons if module else ())
                      if w.name.casefold() not in taken]

    def _options(self, search: str) -> list[Option]:
        module = catalog_of(self.view).module
        listed = {w.name: w for w in (module.weapons if module else ())}
        own = {w.name: w for w in self.view.unit.weapons}
        options = []
        for n, name in enumerate(self._choices()):
            if name in own:
                prompt = assembled((name, "bold"), " ", muted(weapon_data_text(own[name])))
            else:
                w = listed[name]
                price = "no points" if w.points is None else pts(w.points)
                prompt = assembled((name, "bold"), f" {price} ", muted(weapon_data_text(w)))
            options.append(Option(prompt, id=f"choice-{n}"))
        return options or [Option(muted("None yet: define one below."), disabled=True)]

    def _add(self, option_id: str) -> None:
        name = self._choices()[int(option_id.split("-")[1])]
        self.edit(give_weapon, catalog_of(self.view), self.target_of(self.view), name,
                  focus="weapon-list")

    @on(Row.Removed, ".own-weapon")
    def undefine(self, event: Row.Removed) -> None:
        event.stop()
        k = cast(int, event.row.key)
        name = self.view.unit.weapons[k].name
        users = [m.title for m in self.view.unit.models
                 if any(w.name.casefold() == name.casefold() for w in m.weapons)]
        if users:
            self.notify(f"{name} is carried by {', '.join(users)}: take it from them first.",
                        severity="warning")
            return
        self.edit(edits.remove_local_weapon, k, focus="wpn-name")

    # --- the form -----------------------------------------------------------------------

    def _define(self, form: dict[str, Any]) -> bool:
        data = self._form_data(form)
        problem = valid(edits.define_weapon, self.view.unit, data)
        if problem:
            self.notify(f"Not defined: {problem}", severity="error", markup=False)
            return False
        self.notify(f"{data['name']} defined: add it from the list to an entry.", timeout=3)
        self.edit(edits.define_weapon, data, focus="wpn-name")
        return True

    def _form_data(self, form: dict[str, Any]) -> dict[str, Any]:
        name, label = form["wpn-name"], form["wpn-label"]
        numbers = {FORM[i][0].lower(): form[i] for i in FORM}
        rules = split_rules(form["wpn-rules"])
        if not label:
            return {"name": name, **numbers, "special": rules}
        old = next((w for w in self.view.unit.weapons
                    if w.name.casefold() == name.casefold()), None)
        profiles = [p.model_dump(exclude_none=True) for p in (old.profiles if old else ())
                    if p.label.casefold() != label.casefold()]
        return {"name": name, "profiles": [*profiles, {"label": label, **numbers,
                                                        "special": rules}]}

    def action_load(self) -> None:
        """Enter on a weapon of the unit's own: its numbers into the form."""
        row = self.screen.focused
        if not isinstance(row, Row) or "own-weapon" not in row.classes:
            return
        weapon = self.view.unit.weapons[cast(int, row.key)]
        source = weapon.profiles[0] if weapon.profiles else weapon
        self.query_one("#wpn-name", TextField).value = weapon.name
        self.query_one("#wpn-label", TextField).value = getattr(source, "label", "")
        rng = source.rng[1] if isinstance(source.rng, list) else source.rng
        for field_id, value in (("wpn-rng", rng), ("wpn-att", source.att),
                                ("wpn-dmg", source.dmg), ("wpn-prc", source.prc)):
            if value is not None:
                self.query_one(f"#{field_id}", Spinner).value = value
        self.query_one("#wpn-rules", TextField).value = ", ".join(
            r.label for r in source.special)
        self.query_one("#wpn-name", TextField).focus()
