"""TACTICS step four: the sheet's weapons ('Damage 14, Precision 13', a distance band,
an area effect), each a row that delete removes and enter loads into the form; the form
adds a weapon, or changes the one of the same name. The zone legend is under the band."""

from __future__ import annotations

from typing import Any, cast

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static

from designer.systems.tactics import edits
from designer.systems.tactics.reference import AREA_TEXT, DISTANCE_NAMES, DISTANCES, SIZES
from designer.systems.tactics.rules import FinalWeapon
from designer.tui.editors.kit.fields import ChosenRow, FormNumber, at, line
from designer.tui.editors.kit.form import Form
from designer.tui.editors.kit.rows import Rows
from designer.tui.editors.tactics.common import TxEditor, TxView, table_of
from designer.tui.literal import assembled
from designer.tui.widgets.fields import Cycle, FieldButton, Row, Spinner
from designer.tui.widgets.shown import muted, set_content
from designer.tui.widgets.text import TextField

LABEL = 9
NONE = "none"
#: the area choices: (kind, value) -> label
AREAS: list[tuple[str, str]] = [
    (NONE, "none"), ("splash", "splash"), ("cloud", "cloud"),
    *[(f"explosion {s}", f"explosion {s}") for s in SIZES], ("chain", "chain"),
]
START = {"wpn-damage": 10, "wpn-precision": 10, "wpn-chain": 3}


def area_choice(area: object) -> tuple[str, int | None]:
    """The form's area choice for a weapon's area as written, and a chain's count."""
    if isinstance(area, str) and area in ("splash", "cloud"):
        return area, None
    if isinstance(area, dict) and len(area) == 1:
        (kind, value), = area.items()
        if kind == "explosion" and value in SIZES:
            return f"explosion {value}", None
        if kind == "chain" and isinstance(value, int) and not isinstance(value, bool):
            return "chain", value
    return NONE, None


def area_value(choice: str, count: int) -> str | dict[str, int | str] | None:
    """What the sheet stores for an area choice."""
    if choice == NONE:
        return None
    if choice in ("splash", "cloud"):
        return choice
    if choice == "chain":
        return {"chain": count}
    return {"explosion": choice.split(" ", 1)[1]}


def weapon_text(w: FinalWeapon) -> Content:
    """'Sidearm  Damage 14 · Precision 13 · M · explosion small'."""
    source = w.source

    def shown(final: int | None, written: object) -> str:
        return str(final) if final is not None else ("___" if written is None else "?")

    parts = [f"Damage {shown(w.damage, source.damage)}",
             f"Precision {shown(w.precision, source.precision)}",
             w.distance or ("___" if source.distance is None else "?")]
    parts += [a.label for a in w.areas]
    return assembled((w.name, "bold"), "  ", " · ".join(parts))


class WeaponsEditor(TxEditor):
    ENTRY_FIELD = "wpn-name"
    BINDINGS = [Binding("enter", "load", "Load into the form", show=False,
                        tooltip="a weapon's row into the form")]

    def compose_fields(self) -> ComposeResult:
        yield Rows(id="weapons", classes="tx-block")
        yield Static("A weapon: define a name again to change it", classes="group")
        with Form(self._define, required={"wpn-name": "Give the weapon a name first."}):
            yield from line("Name", TextField(placeholder="e.g. Sidearm", id="wpn-name",
                                              compact=True, max_length=60),
                            classes="tx-line", label_classes="tx-label")
            for field_id, label in (("wpn-damage", "Damage"),
                                    ("wpn-precision", "Precision")):
                yield FormNumber(label, START[field_id], maximum=99, label_width=LABEL,
                                 id=field_id, classes="wpn-number")
            yield Cycle("Distance", [(d, f"{d} {DISTANCE_NAMES[d]}") for d in DISTANCES],
                        "C", label_width=LABEL, id="wpn-distance")
            yield Static(id="legend", classes="hint")
            yield Cycle("Area", AREAS, NONE, label_width=LABEL, id="wpn-area")
            yield FormNumber("Targets", START["wpn-chain"], minimum=1, maximum=20,
                             label_width=LABEL, id="wpn-chain", classes="wpn-number")
            yield Static(id="area-about", classes="hint")
            yield FieldButton("Add weapon", id="define-weapon", compact=True,
                              classes="tx-button")

    def on_mount(self) -> None:
        self._show_area()

    async def update_fields(self, view: TxView) -> None:
        await self.query_one("#weapons", Rows).show(self._rows(view))
        set_content(self.query_one("#legend", Static), muted(edits.zone_legend(table_of(view))))

    def _rows(self, view: TxView) -> list[Widget]:
        weapons = view.final.weapons
        if not weapons:
            return [Static(muted("No weapons yet: define one below."), classes="hint")]
        out: list[Widget] = [Static(muted("enter loads a weapon into the form, delete "
                                          "removes it"), classes="hint")]
        out += [ChosenRow(weapon_text(w), remove=at(edits.remove_weapon, i),
                          focus=f"weapon-{i - 1}" if i > 0 else "wpn-name", key=i,
                          id=f"weapon-{i}", classes="weapon") for i, w in enumerate(weapons)]
        return out

    # --- the form -----------------------------------------------------------------------

    @on(Cycle.Changed, "#wpn-area, #wpn-distance")
    def area(self, event: Cycle.Changed) -> None:
        event.stop()
        self._show_area()

    def _show_area(self) -> None:
        choice = str(self.query_one("#wpn-area", Cycle).value)
        chain = self.query_one("#wpn-chain", Spinner)
        chain.display = choice == "chain"
        about = AREA_TEXT.get(choice, "") if choice != NONE else ""
        widget = self.query_one("#area-about", Static)
        widget.display = bool(about)
        if about:
            set_content(widget, muted(about))

    def _define(self, form: dict[str, Any]) -> bool:
        name = form["wpn-name"]
        changes = {"damage": form["wpn-damage"], "precision": form["wpn-precision"],
                   "distance": form["wpn-distance"],
                   "area": area_value(str(form["wpn-area"]), form["wpn-chain"])}
        index = next((i for i, w in enumerate(self.view.unit.weapons)
                      if w.name.casefold() == name.casefold()), None)
        if index is None:
            self.edit(edits.add_weapon, name, **changes, focus="wpn-name")
        else:
            self.edit(edits.update_weapon, index, **changes, focus="wpn-name")
            self.notify(f"{name} changed.", timeout=3)
        return True

    def action_load(self) -> None:
        """Enter on a weapon's row: its values into the form."""
        row = self.screen.focused
        if not isinstance(row, Row) or "weapon" not in row.classes:
            return
        weapon = self.view.unit.weapons[cast(int, row.key)]
        self.query_one("#wpn-name", TextField).value = weapon.name
        for field_id, value in (("wpn-damage", weapon.damage),
                                ("wpn-precision", weapon.precision)):
            if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 99:
                self.query_one(f"#{field_id}", Spinner).value = value
        if weapon.distance in DISTANCES:
            self.query_one("#wpn-distance", Cycle).value = weapon.distance
        choice, count = area_choice(weapon.area)
        self.query_one("#wpn-area", Cycle).value = choice
        if count is not None and 1 <= count <= 20:
            self.query_one("#wpn-chain", Spinner).value = count
        self._show_area()
        self.query_one("#wpn-name", TextField).focus()
