"""The help screen: what each screen is for, every key, and the game system's build
steps with their guidance. The designer's keys are read from its live bindings (the
screen's, the fields' and each step editor's: `kit.keys`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from textual.actions import parse
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from designer.force_fields import stepped_field
from designer.systems import EntryOptions, GameSystem, Points, RosterFormat
from designer.tui.editors.kit.keys import (
    Keys,
    binding_rows,
    field_rows,
    key_text,
    step_rows,
)

NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
           "ten", "eleven", "twelve")


def number_word(n: int) -> str:
    return NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)


def or_list(words: Sequence[str]) -> str:
    """'pdf, html or md'."""
    return f"{', '.join(words[:-1])} or {words[-1]}" if len(words) > 1 else "".join(words)


def designer_rows(game: GameSystem, formats: Sequence[str],
                  keymap: Mapping[str, str]) -> Keys:
    """The designer screen's keys that serve the system's steps."""
    from designer.tui.screens.designer import DesignerScreen

    offered = [b for b in DesignerScreen.BINDINGS if isinstance(b, Binding)
               and DesignerScreen.game_offers(game, *parse(b.action)[1:])]
    return tuple((keys, f"{what}: {or_list(formats)}" if what == "export" and formats
                  else what) for keys, what in binding_rows(offered, keymap))


def table_keys(keymap: Mapping[str, str]) -> dict[str, str]:
    """The forces table's one-letter actions by binding id, as the settings remapped
    them: the help names the keys the table obeys."""
    from designer.tui.widgets.unit_table import UnitTable

    return {b.id: key_text(b, keymap) for b in UnitTable.BINDINGS
            if isinstance(b, Binding) and b.id}


def keys_for(game: GameSystem, sections: Sequence[str] = (), formats: Sequence[str] = (),
             ids: Sequence[str] = (), keymap: Mapping[str, str] = {}
             ) -> tuple[tuple[str, Keys], ...]:
    """The keys of every screen; `sections` are the catalog browser's, `formats` the
    exports', `ids` the binding ids the settings' `keys:` remaps and `keymap` what it
    remapped them to."""
    word = game.UNIT_WORD
    catalog = game.bundled_catalog()
    roster_format = game.capability(RosterFormat)
    specs = roster_format.entry_fields(catalog, {}) if roster_format else ()
    stepped = stepped_field(specs)
    entry_field = stepped.label if stepped is not None else ""
    own = ["label", "note", *(spec.label.lower() for spec in specs)]
    budget = game.force_rules(catalog).budget if game.capability(Points) else None
    force_fields = f"the force's name and its {budget.label.lower()} (0 = none)" \
        if budget is not None else "the force's name"
    browser = f" ({', '.join(sections)})" if sections else ""
    table = table_keys(keymap)
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
        (f"{word.title()} designer", designer_rows(game, formats, keymap)),
        ("Fields of the steps", field_rows(keymap)),
        ("Catalog browser", (
            ("type", "search the section (the same search as `designer catalog --search`)"),
            ("enter", f"add the entry to the {word} being designed"),
            ("esc", "back"),
        )),
        ("Forces", (
            ("↑ ↓  enter", f"choose a {word}; enter opens it in the designer"),
            ("+ / -", f"count of the highlighted {word}"),
            (table["add"], f"add a {word}: an example, a file or a new one (it asks which)"),
            (f"{table['add-example']}  {table['add-file']}  {table['new']}",
             f"add an example {word}, a {word} file, or a new {word}"),
            (table["open-unit"], f"open the highlighted {word} in the designer"),
            (f"{table['duplicate']}  {table['remove']}",
             f"duplicate / remove the highlighted {word}"),
            (table["label"], f"the highlighted entry's {', '.join(own[:-1])} and {own[-1]}"),
            *(((table["entry-options"], f"the highlighted {word}'s options (what an army "
                                        "builder offers on an entry), priced as they "
                                        "change"),) if game.capability(EntryOptions) else ()),
            *(((keymap.get("entry-key", "s"),
                f"the highlighted {word}'s {entry_field.lower()}: the next one"),)
              if entry_field else ()),
            ("tab", f"{force_fields}; from the table, the force's structure and problems "
                    "(↑ ↓ scroll them)"),
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


def help_rows(game: GameSystem, keys: tuple[tuple[str, Keys], ...],
              keymap: Mapping[str, str] = {}) -> ComposeResult:
    """The help as rows of key and meaning; a long meaning wraps in its own column."""
    steps = f"The {number_word(len(game.steps()))} build steps"
    for title, rows in (*keys, (steps, step_rows(game, keymap))):
        yield Static(Content.styled(title, "bold $accent"), classes="help-title")
        for key, what in rows:
            with Horizontal(classes="help-row"):
                yield Static(Content.styled(f"  {key}", "bold"), classes="help-key")
                yield Static(what, classes="help-what")


class HelpScreen(ModalScreen):
    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape,f1,question_mark,q", "dismiss", "Close")]

    def __init__(self, game: GameSystem, *, sections: Sequence[str] = (),
                 formats: Sequence[str] = (), ids: Sequence[str] = (),
                 keymap: Mapping[str, str] = {}) -> None:
        super().__init__()
        self.game = game
        self.keymap = keymap
        self.keys = keys_for(game, sections, formats, ids, keymap)

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog help", id="help") as frame:
            frame.border_title = "Help"
            frame.border_subtitle = "esc closes"
            yield from help_rows(self.game, self.keys, self.keymap)

    def on_mount(self) -> None:
        width = max(len(key) for _title, rows in self.keys for key, _what in rows) + 3
        for key in self.query(".help-key"):
            key.styles.width = width
