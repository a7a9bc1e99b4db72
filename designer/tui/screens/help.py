"""The help screen: what each screen is for, every key, and the game system's build
steps with their guidance.

The designer's keys are read from the bindings themselves (the designer screen's, the
fields' and each step editor's: what a binding does is its tooltip, else its
description), with the keys the settings' `keys:` gave them, so the help says what the
keys do now."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from textual.actions import parse
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.keys import format_key
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Static

from designer.systems import GameSystem
from designer.tui.editors import editors_for
from designer.tui.widgets.fields import Cycle, FieldButton, Row, Spinner, Tick
from designer.tui.widgets.lists import MovingList
from designer.tui.widgets.text import SearchField

Keys = tuple[tuple[str, str], ...]

#: keys the help names in words, as its other lines do (not as the footer's signs)
WORDS = {"enter": "enter", "backspace": "backspace", "delete": "delete"}
#: the fields every step editor is built from, in the order the help lists their keys
FIELDS: tuple[type[Widget], ...] = (Spinner, Cycle, Row, Tick, FieldButton, MovingList,
                                    SearchField)

NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
           "ten", "eleven", "twelve")


def number_word(n: int) -> str:
    return NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)


def or_list(words: Sequence[str]) -> str:
    """'pdf, html or md'."""
    return f"{', '.join(words[:-1])} or {words[-1]}" if len(words) > 1 else "".join(words)


def key_text(binding: Binding, keymap: Mapping[str, str]) -> str:
    """How the help writes a binding's keys: as the settings remapped them, else as the
    binding shows them (`key_display`), else each key."""
    keys = keymap.get(binding.id or "") if binding.id else None
    if keys is None and binding.key_display:
        return binding.key_display
    return "  ".join(WORDS.get(k.strip()) or format_key(k.strip())
                     for k in (keys or binding.key).split(","))


def runs(keys: list[str]) -> list[str]:
    """Digits in a row written as a span: '1 … 9'."""
    if len(keys) > 2 and all(k.isdigit() and len(k) == 1 for k in keys) and \
            [int(k) for k in keys] == list(range(int(keys[0]), int(keys[-1]) + 1)):
        return [f"{keys[0]} … {keys[-1]}"]
    return keys


def binding_rows(bindings: Iterable[BindingType], keymap: Mapping[str, str] = {}) -> Keys:
    """(keys, what they do) for each thing `bindings` do: the bindings that do one thing
    on one row."""
    rows: dict[str, list[str]] = {}
    for binding in bindings:
        if not isinstance(binding, Binding):
            continue
        what = binding.tooltip or binding.description
        if what:
            keys = rows.setdefault(what, [])
            text = key_text(binding, keymap)
            if text not in keys:
                keys.append(text)
    return tuple(("  ".join(runs(keys)), what) for what, keys in rows.items())


def own_bindings(cls: type) -> list[BindingType]:
    """The bindings `cls` and its bases declare, but for those of the Textual widgets it
    is built on (their own keys: a list's home and end, a text's cursor keys)."""
    return [b for c in reversed(cls.__mro__) if "BINDINGS" in vars(c)
            and not c.__module__.startswith("textual.") for b in vars(c)["BINDINGS"]]


def field_rows(keymap: Mapping[str, str] = {}) -> Keys:
    """The keys of the fields: those several kinds share once, the others with the kind
    they belong to."""
    kinds = [(f.BINDING_GROUP_TITLE or f.__name__, binding_rows(own_bindings(f), keymap))
             for f in FIELDS]
    count: dict[tuple[str, str], int] = {}
    for _kind, rows in kinds:
        for row in rows:
            count[row] = count.get(row, 0) + 1
    shared = list(dict.fromkeys(row for _kind, rows in kinds for row in rows
                                if count[row] > 1))
    return (*shared, *((keys, f"{kind}: {what}") for kind, rows in kinds
                       for keys, what in rows if count[(keys, what)] == 1))


def designer_rows(game: GameSystem, formats: Sequence[str],
                  keymap: Mapping[str, str]) -> Keys:
    """The designer screen's keys that serve the system's steps."""
    from designer.tui.screens.designer import DesignerScreen

    offered = [b for b in DesignerScreen.BINDINGS if isinstance(b, Binding)
               and DesignerScreen.game_offers(game, *parse(b.action)[1:])]
    return tuple((keys, f"{what}: {or_list(formats)}" if what == "export" and formats
                  else what) for keys, what in binding_rows(offered, keymap))


def keys_for(game: GameSystem, sections: Sequence[str] = (), formats: Sequence[str] = (),
             ids: Sequence[str] = (), keymap: Mapping[str, str] = {}
             ) -> tuple[tuple[str, Keys], ...]:
    """The keys of every screen; `sections` are the catalog browser's, `formats` the
    exports', `ids` the binding ids the settings' `keys:` remaps and `keymap` what it
    remapped them to."""
    word = game.UNIT_WORD
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
            ("a  f  n", f"add an example {word}, a {word} file, or a new {word}"),
            ("d  delete", f"duplicate / remove the highlighted {word}"),
            *((("s", f"the highlighted {word}'s {game.ENTRY_KEYS[0]}: the next one"),)
              if game.ENTRY_KEYS else ()),
            ("tab", "the force's name and its points cap (0 = no cap)"),
            ("ctrl+s  ctrl+z  ctrl+y  ctrl+e", "save, undo, redo, export"),
            ("enter on ✗ unreadable", f"pick the {word} file again, or remove the entry"),
        )),
        ("Settings", (
            ("", "theme (ctrl+p, Theme), paper, points cap of a new force, recent files "
                 "and keys are kept in the file `designer --config-path` names; keys: "
                 "`keys: {binding-id: keys}`" + (f", ids: {', '.join(ids)}" if ids else "")),
        )),
    )


def step_rows(game: GameSystem, keymap: Mapping[str, str] = {}) -> Keys:
    """Each build step with its guidance, and the keys of the step's own editor."""
    editors = editors_for(game)
    rows: list[tuple[str, str]] = []
    for n, step in enumerate(game.steps(), start=1):
        rows.append((f"{n} {step.title}", step.guidance))
        rows += [(f"  {keys}", what) for keys, what in binding_rows(
            own_bindings(editors[step.key]), keymap)]
    return tuple(rows)


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

    def action_dismiss(self) -> None:
        self.dismiss(None)
