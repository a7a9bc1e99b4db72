"""The OpenTactics step editors: the only TUI code that imports the system itself."""

from __future__ import annotations

from pathlib import Path

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

CSS_PATH = Path(__file__).parent / "editors.tcss"

#: what the help lists for keys of these editors, among the designer's keys
HELP_KEYS = (
    ("delete  x", "remove the focused bump, ability or custom type"),
    ("c", "a custom ability (on the abilities step)"),
)

__all__ = ["CSS_PATH", "EDITORS", "HELP_KEYS"]
