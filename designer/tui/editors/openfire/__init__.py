"""The Open Fire step editors: the only TUI code that imports the system itself."""

from __future__ import annotations

from pathlib import Path

from designer.tui.editors import EditorKit
from designer.tui.editors.base import StepEditor
from designer.tui.editors.openfire.profile import ProfileEditor
from designer.tui.editors.openfire.rules import RulesEditor
from designer.tui.editors.openfire.unit import ModelsEditor, UnitEditor
from designer.tui.editors.openfire.upgrades import CostingTallyEditor, UpgradesEditor
from designer.tui.editors.openfire.weapons import WeaponsEditor

EDITORS: dict[str, type[StepEditor]] = {
    "unit": UnitEditor,
    "models": ModelsEditor,
    "profile": ProfileEditor,
    "weapons": WeaponsEditor,
    "rules": RulesEditor,
    "upgrades": UpgradesEditor,
    "tally": CostingTallyEditor,
}

KIT = EditorKit(EDITORS, css=(Path(__file__).parent / "editors.tcss",))

__all__ = ["EDITORS", "KIT"]
