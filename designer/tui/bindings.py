"""The key bindings of the app and of each document screen, in one place: what the
settings' `keys:` remaps is checked against them (`keymap`), and the help lists their ids.
The app's own are here so that checking a keymap never imports the app."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import Binding

if TYPE_CHECKING:
    from textual.dom import DOMNode

#: the app's bindings, in force on every screen
APP_BINDINGS: list[Binding] = [
    Binding("ctrl+q", "quit", "Quit", priority=True, id="quit"),
    Binding("q", "quit", "Quit", show=False, id="quit-q"),
    Binding("f1,question_mark", "help", "Help", key_display="f1", id="help"),
    Binding("f2", "show('forces')", "Forces", show=False, id="forces"),
    Binding("f3", "show('browser')", "Catalog", show=False, id="catalog"),
    Binding("f4", "show('unit')", "Unit", show=False, id="unit"),
    Binding("ctrl+o", "open", "Open", show=False, priority=True, id="open"),
]


def screens_bindings() -> dict[str, list[Binding]]:
    """The bindings in force on each document screen: the app's, the screen's own and
    (the forces screen) its table's."""
    from designer.tui.screens.designer import DesignerScreen
    from designer.tui.screens.forces import ForcesScreen
    from designer.tui.widgets.unit_table import UnitTable

    def of(*owners: type[DOMNode]) -> list[Binding]:
        return [*APP_BINDINGS, *(b for owner in owners for b in owner.BINDINGS
                                 if isinstance(b, Binding))]

    return {"forces": of(ForcesScreen, UnitTable, UnitTable.for_entries("entry")),
            "designer": of(DesignerScreen)}


def binding_ids() -> list[str]:
    """The ids of the app's and its screens' key bindings, in order: what the settings'
    `keys:` remaps (the help lists them)."""
    return list(dict.fromkeys(b.id for bindings in screens_bindings().values()
                              for b in bindings if b.id))
