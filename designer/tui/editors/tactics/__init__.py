"""The TACTICS step editors (spec §6): the only TUI code that imports the system itself.
Nothing here shows points: TACTICS has none."""

from __future__ import annotations

from pathlib import Path

from designer.tui.editors import EditorKit
from designer.tui.editors.base import StepEditor
from designer.tui.editors.tactics.actions import ActionListsEditor
from designer.tui.editors.tactics.attributes import AttributesEditor, DefencesEditor
from designer.tui.editors.tactics.identity import IdentityEditor
from designer.tui.editors.tactics.sheet import SheetEditor
from designer.tui.editors.tactics.weapons import WeaponsEditor

EDITORS: dict[str, type[StepEditor]] = {
    "identity": IdentityEditor,
    "attributes": AttributesEditor,
    "defences": DefencesEditor,
    "weapons": WeaponsEditor,
    "action_lists": ActionListsEditor,
    "sheet": SheetEditor,
}

KIT = EditorKit(EDITORS, css=(Path(__file__).parent / "editors.tcss",))

__all__ = ["EDITORS", "KIT"]
