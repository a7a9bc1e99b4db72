"""The help screen: what each screen is for and every key."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from designer.tui.guide import INTRO, STEPS

KEYS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    ("Everywhere", (
        ("f1  ?", "this help"),
        ("f2", "the forces screen"),
        ("f3", "the catalog browser (abilities, equipment, types)"),
        ("f4", "the unit opened with `designer edit` (when there is one)"),
        ("ctrl+o", "open a unit or roster file"),
        ("ctrl+p", "command palette: every command, and Theme to change the colours"),
        ("q  ctrl+q", "quit (asks first when something is not saved)"),
        ("tab  shift+tab", "next / previous field"),
    )),
    ("Unit designer", (
        ("pgdn  ctrl+n / pgup", "next / previous step"),
        ("1 … 8", "go to a step (when the focus is not on a number or text field)"),
        ("ctrl+t", "focus the list of steps (↑/↓ move between steps)"),
        ("← → or - +", "change the focused number; or type it (1 then 0 makes 10)"),
        ("↑ ↓", "previous / next field"),
        ("delete  x", "remove the focused bump, ability or custom type"),
        ("enter  space", "press a button, tick a box, add the highlighted list entry"),
        ("c", "a custom ability (on the abilities step)"),
        ("ctrl+s", "save (a unit held inside a force saves the force)"),
        ("ctrl+z / ctrl+y", "undo / redo any edit"),
        ("ctrl+e", "export: pdf, html, md, txt, json or yaml"),
        ("esc", "back to the force (when opened from one)"),
    )),
    ("Forces", (
        ("↑ ↓  enter", "choose a unit; enter opens it in the designer"),
        ("+ / -", "count of the highlighted unit"),
        ("a  f  n", "add an example unit, a unit file, or a new unit"),
        ("d  delete", "duplicate / remove the highlighted unit"),
        ("tab", "the force's name and its points cap (0 = no cap)"),
        ("ctrl+s  ctrl+z  ctrl+y  ctrl+e", "save, undo, redo, export"),
    )),
)


KEY_WIDTH = max(len(key) for _title, keys in KEYS for key, _what in keys) + 3


def help_rows() -> ComposeResult:
    """The help as rows of key and meaning; a long meaning wraps in its own column."""
    for title, keys in KEYS:
        yield Static(Content.styled(title, "bold $accent"), classes="help-title")
        for key, what in keys:
            with Horizontal(classes="help-row"):
                yield Static(Content.styled(f"  {key}", "bold"), classes="help-key")
                yield Static(what, classes="help-what")
    yield Static(Content.styled("The eight build steps", "bold $accent"), classes="help-title")
    for n, (key, title, _short) in enumerate(STEPS, start=1):
        with Horizontal(classes="help-row"):
            yield Static(Content.styled(f"  {n} {title}", "bold"), classes="help-key")
            yield Static(INTRO[key], classes="help-what")


class HelpScreen(ModalScreen):
    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape,f1,question_mark,q", "dismiss", "Close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog help", id="help") as frame:
            frame.border_title = "Help"
            frame.border_subtitle = "esc closes"
            yield from help_rows()

    def on_mount(self) -> None:
        for key in self.query(".help-key"):
            key.styles.width = KEY_WIDTH

    def action_dismiss(self) -> None:
        self.dismiss(None)
