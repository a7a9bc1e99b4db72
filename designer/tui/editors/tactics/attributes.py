"""TACTICS steps two and three: Precision, Endurance, Agility and Armor with the live
soak line ("Soak: d20 + 3"), Acumen shown but disabled (in flux in the notes); and the
shields maximum beside the table's fixed wound track."""

from __future__ import annotations

from collections.abc import Hashable

from textual import on
from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Button, Static

from designer.systems.tactics import edits
from designer.systems.tactics.reference import ACUMEN_NOTE, INCAPACITATED
from designer.systems.tactics.rules import whole
from designer.tui.editors.base import View
from designer.tui.editors.tactics.common import TxEditor, muted, show_static, table_of
from designer.tui.widgets.fields import FieldButton, Spinner

LABEL = 9
LIMIT = 99  # the notes give no ranges; the spinners go this far either way

#: spinner id -> (label, attribute, signed, note)
NUMBERS: dict[str, tuple[str, str, bool, str]] = {
    "precision": ("Precision", "precision", False, "what a defender's Agility roll must "
                  "reach"),
    "endurance": ("Endurance", "endurance", True, "soak; offensive in the notes [19]"),
    "agility": ("Agility", "agility", True, "d20 + Agility avoids an attack"),
    "armor": ("Armor", "armor", True, "soak: d20 + Endurance + Armor"),
}


def value_of(unit: object, key: str) -> object:
    if key == "armor":
        return unit.armor  # type: ignore[attr-defined]
    return getattr(unit.attributes, key)  # type: ignore[attr-defined]


class AttributesEditor(TxEditor):
    def structure(self, view: View) -> Hashable:
        return view.unit.attributes.acumen is None

    def compose_fields(self) -> ComposeResult:
        for key, (label, _attr, signed, _note) in NUMBERS.items():
            value = whole(value_of(self.view.unit, key))
            yield Spinner(label, value or 0, minimum=0 if not signed else -LIMIT,
                          maximum=LIMIT, signed=signed, key=key, label_width=LABEL,
                          id=f"attr-{key}", classes="attr")
        acumen = whole(self.view.unit.attributes.acumen)
        spinner = Spinner("Acumen", acumen or 0, minimum=-LIMIT, maximum=LIMIT, signed=True,
                          removable=True, label_width=LABEL, id="attr-acumen")
        spinner.disabled = self.view.unit.attributes.acumen is None
        yield spinner
        yield Static(id="soak", classes="tx-soak")

    async def update_fields(self, view: View) -> None:
        unit = view.unit
        for spinner in self.query(".attr").results(Spinner):
            raw = value_of(unit, spinner.key)
            value = whole(raw)
            spinner.value = value or 0
            note = NUMBERS[spinner.key][3]
            spinner.note = (Content.assemble(("blank", "$warning"), muted(f"  {note}"))
                            if raw is None else muted(note))
        acumen = self.query_one("#attr-acumen", Spinner)
        raw = unit.attributes.acumen
        acumen.value = whole(raw) or 0
        acumen.note = muted(ACUMEN_NOTE) if raw is None else Content.styled(
            "in flux in the notes [25]: delete removes it", "$warning")
        final = view.final
        parts = [f"Endurance {final.endurance if final.endurance is not None else '___'}",
                 f"Armor {final.armor if final.armor is not None else '___'}"]
        show_static(self.query_one("#soak", Static), Content.assemble(
            (edits.soak_text(final), "bold $accent"), muted(f"  ({' + '.join(parts)})")))

    @on(Spinner.Changed, ".attr")
    def number(self, event: Spinner.Changed) -> None:
        event.stop()
        key = event.spinner.key
        if key == "armor":
            self.edit(edits.set_armor, event.value)
        else:
            self.edit(edits.set_attribute, key, event.value)

    @on(Spinner.Changed, "#attr-acumen")
    def acumen(self, event: Spinner.Changed) -> None:
        event.stop()
        self.edit(edits.set_attribute, "acumen", event.value)

    @on(Spinner.Removed, "#attr-acumen")
    def no_acumen(self, event: Spinner.Removed) -> None:
        event.stop()
        self.edit(edits.set_attribute, "acumen", None, focus="attr-armor")


class DefencesEditor(TxEditor):
    def structure(self, view: View) -> Hashable:
        return view.unit.max_wounds is not None

    def compose_fields(self) -> ComposeResult:
        shields = whole(self.view.unit.shields)
        yield Spinner("Shields", shields if shields and shields > 0 else 0, maximum=LIMIT,
                      label_width=LABEL, id="shields")
        yield Static(id="wounds", classes="tx-block")
        if self.view.unit.max_wounds is not None:
            yield FieldButton("Use the table's wounds", id="clear-wounds", compact=True,
                              classes="tx-button")

    async def update_fields(self, view: View) -> None:
        shields = whole(view.unit.shields)
        spinner = self.query_one("#shields", Spinner)
        spinner.value = shields if shields and shields > 0 else 0
        spinner.note = muted("none: unshielded" if not shields else
                             f"{'□' * min(shields, 20)} regenerates 1 a turn")
        wounds = table_of(view).max_wounds
        lines = [Content.assemble(("Wounds", "bold"), f"   {wounds}, the table's: "
                                  "fixed for every sheet"),
                 muted(f"At {wounds}: {INCAPACITATED}.")]
        show_static(self.query_one("#wounds", Static), Content("\n").join(lines))

    @on(Spinner.Changed, "#shields")
    def shields(self, event: Spinner.Changed) -> None:
        event.stop()
        self.edit(edits.set_shields, event.value)

    @on(Button.Pressed, "#clear-wounds")
    def clear_wounds(self, event: Button.Pressed) -> None:
        event.stop()
        self.edit(edits.clear_max_wounds, focus="shields")
