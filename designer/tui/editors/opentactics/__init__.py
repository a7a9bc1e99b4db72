"""The OpenTactics step editors: the only TUI code that imports the system itself."""

from __future__ import annotations

from pathlib import Path

from designer.tui.editors import EditorKit
from designer.tui.editors.base import StepEditor
from designer.tui.editors.opentactics.abilities import AbilitiesEditor
from designer.tui.editors.opentactics.equipment import EquipmentEditor
from designer.tui.editors.opentactics.pools import (
    AthleticsEditor,
    BumpsEditor,
    DiceEditor,
    RangeEditor,
)
from designer.tui.editors.opentactics.tally import PrintedTallyEditor
from designer.tui.editors.opentactics.unit_types import TypesEditor

EDITORS: dict[str, type[StepEditor]] = {
    "dice": DiceEditor,
    "bumps": BumpsEditor,
    "range": RangeEditor,
    "athletics": AthleticsEditor,
    "equipment": EquipmentEditor,
    "abilities": AbilitiesEditor,
    "types": TypesEditor,
    "tally": PrintedTallyEditor,
}

KIT = EditorKit(EDITORS, css=(Path(__file__).parent / "editors.tcss",))

__all__ = ["EDITORS", "KIT"]
