"""The step editors of every game system, behind one registry.

A system's editors live in `designer.tui.editors.<NAME, - as _>` (the only TUI code that
may import the system itself); that module holds:

- `EDITORS`: step key -> `StepEditor` subclass;
- optionally `CSS_PATH` (the editors' stylesheet) and `HELP_KEYS` (the help's lines for
  keys of its own editors).

`editors_for(game)` finds it with importlib, so generic code never names a system; a
step without an editor gets `GuideEditor` (its guidance, findings and the card), and a
last step without one the generic `TallyEditor`. `register_editors` adds a kit for a
system outside this package (a test's toy system, a plug-in).
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
           "TallyEditor", "View", "editor_css", "editors_for", "help_keys",
           "register_editors"]


@dataclass(frozen=True)
class EditorKit:
    """What a system brings to the designer."""

    editors: Mapping[str, type[StepEditor]] = field(default_factory=dict)
    css: tuple[Path, ...] = ()
    help_keys: tuple[tuple[str, str], ...] = ()


_kits: dict[str, EditorKit] = {}


def register_editors(name: str, mapping: Mapping[str, type[StepEditor]], *,
                     css: tuple[Path, ...] = (),
                     help_keys: tuple[tuple[str, str], ...] = ()) -> None:
    """Use `mapping` (step key -> editor) for the system `name`."""
    _kits[name] = EditorKit(dict(mapping), tuple(css), tuple(help_keys))


def unregister_editors(name: str) -> None:
    _kits.pop(name, None)


def kit_for(game: GameSystem) -> EditorKit:
    kit = _kits.get(game.NAME)
    if kit is not None:
        return kit
    module_name = f"{__name__}.{game.NAME.replace('-', '_')}"
    try:
        module = import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise
        kit = EditorKit()  # a system without editors of its own: every step is generic
    else:
        css = getattr(module, "CSS_PATH", None)
        kit = EditorKit(dict(getattr(module, "EDITORS", {})), (Path(css),) if css else (),
                        tuple(getattr(module, "HELP_KEYS", ())))
    _kits[game.NAME] = kit
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


def help_keys(game: GameSystem) -> tuple[tuple[str, str], ...]:
    """The help's lines for keys of the system's own editors."""
    return kit_for(game).help_keys

