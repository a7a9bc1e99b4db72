"""The help screen: what each screen is for, every key, and the game system's build
steps with their guidance."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from designer.systems import GameSystem, Matchups, Points, RosterFormat

Keys = tuple[tuple[str, str], ...]

NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
           "ten", "eleven", "twelve")


def number_word(n: int) -> str:
    return NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)


def or_list(words: Sequence[str]) -> str:
    """'pdf, html or md'."""
    return f"{', '.join(words[:-1])} or {words[-1]}" if len(words) > 1 else "".join(words)


def keys_for(game: GameSystem, sections: Sequence[str] = (), own: Keys = (),
             formats: Sequence[str] = (), ids: Sequence[str] = ()
             ) -> tuple[tuple[str, Keys], ...]:
    """The keys of every screen; `sections` are the catalog browser's, `own` the keys of
    the system's own editors (listed among the designer's), `formats` the exports',
    `ids` the binding ids the settings' `keys:` remaps."""
    steps = len(game.steps())
    word = game.UNIT_WORD
    catalog = game.bundled_catalog()
    roster_format = game.capability(RosterFormat)
    specs = roster_format.entry_fields(catalog, {}) if roster_format else ()
    entry_field = specs[0].label if specs else ""
    budget = game.force_rules(catalog).budget if game.capability(Points) else None
    force_fields = f"the force's name and its {budget.label.lower()} (0 = none)" \
        if budget is not None else "the force's name"
    browser = f" ({', '.join(sections)})" if sections else ""
    return (
        ("Everywhere", (
            ("f1  ?", "this help"),
            ("f2", "the forces screen"),
            ("f3", f"the catalog browser{browser}"),
            ("f4", f"the {word} opened with `designer edit` (when there is one)"),
            ("ctrl+o", f"open a {word} or roster file"),
            ("ctrl+p", "command palette: every command, and Theme to change the colours"),
            ("q  ctrl+q", "quit (asks first when something is not saved)"),
            ("tab  shift+tab", "next / previous field"),
        )),
        (f"{word.title()} designer", (
            ("pgdn  ctrl+n / pgup", "next / previous step"),
            (f"1 … {min(steps, 9)}",
             "go to a step (when the focus is not on a number or text field)"),
            ("ctrl+t", "focus the list of steps (↑/↓ move between steps)"),
            ("← → or - +", "change the focused number; or type it (1 then 0 makes 10)"),
            ("↑ ↓", "previous / next field"),
            *own,
            ("enter  space", "press a button, tick a box, add the highlighted list entry"),
            ("ctrl+s", f"save (a {word} held inside a force saves the force)"),
            ("ctrl+z / ctrl+y", "undo / redo any edit"),
            ("ctrl+e", f"export: {or_list(formats)}" if formats else "export"),
            ("ctrl+l", f"copy as text: the {word}'s stat block (Markdown) onto the "
                       "clipboard, to paste into a chat"),
            *((("f5", f"matchups: the odds against an opponent, live as the {word} "
                      "changes"),) if game.capability(Matchups) is not None else ()),
            ("esc", "back to the force (when opened from one)"),
        )),
        ("Catalog browser", (
            ("type", "search the section (the same search as `designer catalog --search`)"),
            ("enter", f"add the entry to the {word} being designed"),
            ("esc", "back"),
        )),
        ("Forces", (
            ("↑ ↓  enter", f"choose a {word}; enter opens it in the designer"),
            ("+ / -", f"count of the highlighted {word}"),
            ("a  f  n", f"add an example {word}, a {word} file, or a new {word}"),
            ("d  delete", f"duplicate / remove the highlighted {word}"),
            *((("s", f"the highlighted {word}'s {entry_field.lower()}: the next one"),)
              if entry_field else ()),
            ("tab", force_fields),
            ("ctrl+s  ctrl+z  ctrl+y  ctrl+e", "save, undo, redo, export"),
            ("ctrl+l", "copy as text: the force list (Markdown) onto the clipboard"),
            ("enter on ✗ unreadable", f"pick the {word} file again, or remove the entry"),
        )),
        ("Settings", (
            ("", "theme (ctrl+p, Theme), paper, points cap of a new force, recent files "
                 "and keys are kept in the file `designer --config-path` names; keys: "
                 "`keys: {binding-id: keys}`" + (f", ids: {', '.join(ids)}" if ids else "")),
        )),
    )


def help_rows(game: GameSystem, keys: tuple[tuple[str, Keys], ...]) -> ComposeResult:
    """The help as rows of key and meaning; a long meaning wraps in its own column."""
    for title, rows in keys:
        yield Static(Content.styled(title, "bold $accent"), classes="help-title")
        for key, what in rows:
            with Horizontal(classes="help-row"):
                yield Static(Content.styled(f"  {key}", "bold"), classes="help-key")
                yield Static(what, classes="help-what")
    steps = game.steps()
    yield Static(Content.styled(f"The {number_word(len(steps))} build steps", "bold $accent"),
                 classes="help-title")
    for n, step in enumerate(steps, start=1):
        with Horizontal(classes="help-row"):
            yield Static(Content.styled(f"  {n} {step.title}", "bold"), classes="help-key")
            yield Static(step.guidance, classes="help-what")


class HelpScreen(ModalScreen):
    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape,f1,question_mark,q", "dismiss", "Close")]

    def __init__(self, game: GameSystem, *, sections: Sequence[str] = (),
                 own_keys: Keys = (), formats: Sequence[str] = (),
                 ids: Sequence[str] = ()) -> None:
        super().__init__()
        self.game = game
        self.keys = keys_for(game, sections, own_keys, formats, ids)

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog help", id="help") as frame:
            frame.border_title = "Help"
            frame.border_subtitle = "esc closes"
            yield from help_rows(self.game, self.keys)

    def on_mount(self) -> None:
        width = max(len(key) for _title, rows in self.keys for key, _what in rows) + 3
        for key in self.query(".help-key"):
            key.styles.width = width

    def action_dismiss(self) -> None:
        self.dismiss(None)
