"""The step editors of every game system, behind one registry.

A system's editors live in `designer.tui.editors.<NAME, - as _>` (the only TUI code that
may import the system itself), which holds them as one typed `EditorKit` named `KIT`: the
editor of each step it has one for and the editors' stylesheets.

`kit_for(game)` finds it (one import, kept), so generic code never names a system; a step
without an editor gets `GuideEditor` (its guidance, findings and the card), and a last
step without one the generic `TallyEditor`. `register_editors` adds a kit for a system
outside this package (a test's toy system, a plug-in).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path

from designer.systems import GameSystem
from designer.tui.editors.base import EditUnit, GoToStep, RunAction, StepEditor, View
from designer.tui.editors.fallback import GuideEditor
from designer.tui.editors.tally import TallyEditor

__all__ = ["EditUnit", "EditorKit", "GoToStep", "GuideEditor", "RunAction", "StepEditor",
           "TallyEditor", "View", "editor_css", "editors_for", "kit_for",
           "register_editors"]


@dataclass(frozen=True)
class EditorKit:
    """What a system brings to the designer."""

    #: step key -> the step's editor (a step not named gets a generic one)
    editors: Mapping[str, type[StepEditor]] = field(default_factory=dict)
    #: the editors' stylesheets
    css: tuple[Path, ...] = ()


_kits: dict[str, EditorKit] = {}


def register_editors(name: str, editors: Mapping[str, type[StepEditor]], *,
                     css: tuple[Path, ...] = ()) -> None:
    """Use `editors` (step key -> editor) for the system `name`."""
    _kits[name] = EditorKit(dict(editors), tuple(css))


def unregister_editors(name: str) -> None:
    _kits.pop(name, None)


def kit_for(game: GameSystem) -> EditorKit:
    """The system's editor kit: its package's `KIT`, or none of its own."""
    kit = _kits.get(game.NAME)
    if kit is None:
        kit = _kits[game.NAME] = _imported_kit(f"{__name__}.{game.NAME.replace('-', '_')}")
    return kit


def _imported_kit(module_name: str) -> EditorKit:
    try:
        module = import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise
        return EditorKit()  # a system without editors of its own: every step is generic
    kit = module.KIT
    if not isinstance(kit, EditorKit):
        raise TypeError(f"{module_name}.KIT is a {type(kit).__name__}, not an EditorKit")
    return kit


def editors_for(game: GameSystem) -> dict[str, type[StepEditor]]:
    """The editor of each of the system's steps, in step order."""
    own = kit_for(game).editors
    steps = game.steps()
    last = steps[-1].key if steps else ""
    return {step.key: own.get(step.key) or (TallyEditor if step.key == last else GuideEditor)
            for step in steps}


def editor_css(game: GameSystem) -> list[Path]:
    """The stylesheets of the system's editors."""
    return list(kit_for(game).css)

