"""The Op-En step editors, in the book's creation order (L932-1019): the only TUI code
that imports the system itself."""

from __future__ import annotations

from pathlib import Path

from designer.tui.editors.base import StepEditor
from designer.tui.editors.op_en.character import (
    FormEditor,
    NameEditor,
    RankEditor,
    TraitEditor,
)
from designer.tui.editors.op_en.equipment import EquipmentEditor
from designer.tui.editors.op_en.stats import StatsEditor
from designer.tui.editors.op_en.talents import TalentsEditor
from designer.tui.editors.op_en.total import TotalEditor

EDITORS: dict[str, type[StepEditor]] = {
    "name": NameEditor,
    "rank": RankEditor,
    "form": FormEditor,
    "stats": StatsEditor,
    "trait": TraitEditor,
    "talents": TalentsEditor,
    "equipment": EquipmentEditor,
    "total": TotalEditor,
}

CSS_PATH = Path(__file__).parent / "editors.tcss"

#: what the help lists for keys of these editors, among the designer's keys
HELP_KEYS = (
    ("enter", "choose the highlighted rank, Form or Trait; take a Skill, Ability or item"),
    ("← →  space", "the Core Stat; a stat's value (it swaps with the stat holding it)"),
    ("delete  x", "remove the focused Skill, Ability or item"),
)

__all__ = ["CSS_PATH", "EDITORS", "HELP_KEYS"]
