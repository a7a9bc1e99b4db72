"""The Open Fire step editors: the only TUI code that imports the system itself."""

from __future__ import annotations

from pathlib import Path

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

CSS_PATH = Path(__file__).parent / "editors.tcss"

#: what the help lists for keys of these editors, among the designer's keys
HELP_KEYS = (
    ("← →", "a count, attribute or X; the entry a list adds to (Add to)"),
    ("enter", "add the highlighted profile, weapon, rule or upgrade; load a weapon of "
              "your own into its form"),
    ("delete  x", "remove the focused entry, weapon, rule, ability or upgrade"),
)

__all__ = ["CSS_PATH", "EDITORS", "HELP_KEYS"]
