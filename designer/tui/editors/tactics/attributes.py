"""TACTICS steps two and three: Precision, Endurance, Agility and Armor with the live
soak line ("Soak: d20 + 3"), Acumen shown but disabled (in flux in the notes); and the
shields maximum beside the table's fixed wound track."""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial

from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Static

from designer.systems.tactics import edits
from designer.systems.tactics.models import Sheet
from designer.systems.tactics.reference import ACUMEN_NOTE, INCAPACITATED
from designer.systems.tactics.rules import whole
from designer.tui.editors.kit.fields import EditButton, NumberField, at
from designer.tui.editors.tactics.common import TxEditor, TxView, table_of
from designer.tui.widgets.shown import muted, set_content

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


def value_of(unit: Sheet, key: str) -> object:
    if key == "armor":
        return unit.armor
    return getattr(unit.attributes, key)


def shown_value(key: str, view: TxView) -> int:
    return whole(value_of(view.unit, key)) or 0


def set_number(unit: Sheet, key: str, value: int) -> Sheet:
    return edits.set_armor(unit, value) if key == "armor" else \
        edits.set_attribute(unit, key, value)


class AttributesEditor(TxEditor):
    def structure(self, view: TxView) -> Hashable:
        return view.unit.attributes.acumen is None

    def compose_fields(self) -> ComposeResult:
        view = self.view
        for key, (label, _attr, signed, _note) in NUMBERS.items():
            yield NumberField(view, label, partial(shown_value, key), at(set_number, key),
                              note=partial(self._note, key), minimum=0 if not signed else -LIMIT,
                              maximum=LIMIT, signed=signed, key=key, label_width=LABEL,
                              id=f"attr-{key}", classes="attr")
        acumen = NumberField(view, "Acumen", partial(shown_value, "acumen"),
                             at(edits.set_attribute, "acumen"), note=self._acumen_note,
                             remove=at(edits.set_attribute, "acumen", None),
                             remove_focus="attr-armor", minimum=-LIMIT, maximum=LIMIT,
                             signed=True, label_width=LABEL, id="attr-acumen")
        acumen.disabled = view.unit.attributes.acumen is None
        yield acumen
        yield Static(id="soak", classes="tx-soak")

    @staticmethod
    def _note(key: str, view: TxView, value: int) -> Content:
        note = NUMBERS[key][3]
        return Content.assemble(("blank", "$warning"), muted(f"  {note}")) \
            if value_of(view.unit, key) is None else muted(note)

    @staticmethod
    def _acumen_note(view: TxView, value: int) -> Content:
        return muted(ACUMEN_NOTE) if view.unit.attributes.acumen is None else Content.styled(
            "in flux in the notes [25]: delete removes it", "$warning")

    async def update_fields(self, view: TxView) -> None:
        final = view.final
        parts = [f"Endurance {final.endurance if final.endurance is not None else '___'}",
                 f"Armor {final.armor if final.armor is not None else '___'}"]
        set_content(self.query_one("#soak", Static), Content.assemble(
            (edits.soak_text(final), "bold $accent"), muted(f"  ({' + '.join(parts)})")))


def shields_of(view: TxView) -> int:
    shields = whole(view.unit.shields)
    return shields if shields and shields > 0 else 0


class DefencesEditor(TxEditor):
    def structure(self, view: TxView) -> Hashable:
        return view.unit.max_wounds is not None

    def compose_fields(self) -> ComposeResult:
        yield NumberField(self.view, "Shields", shields_of, edits.set_shields,
                          note=lambda view, shields: muted(
                              "none: unshielded" if not shields else
                              f"{'□' * min(shields, 20)} regenerates 1 a turn"),
                          maximum=LIMIT, label_width=LABEL, id="shields")
        yield Static(id="wounds", classes="tx-block")
        if self.view.unit.max_wounds is not None:
            yield EditButton("Use the table's wounds", edits.clear_max_wounds, focus="shields",
                             id="clear-wounds", classes="tx-button")

    async def update_fields(self, view: TxView) -> None:
        wounds = table_of(view).max_wounds
        lines = [Content.assemble(("Wounds", "bold"), f"   {wounds}, the table's: "
                                  "fixed for every sheet"),
                 muted(f"At {wounds}: {INCAPACITATED}.")]
        set_content(self.query_one("#wounds", Static), Content("\n").join(lines))
