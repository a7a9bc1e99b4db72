"""The help's lines for keys, read from the bindings themselves: the designer screen's,
the fields' and each step editor's. What a binding does is its tooltip, else its
description; its keys are those the settings' `keys:` gave it, so the help says what the
keys do now. No list of keys is kept by hand."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from textual.binding import Binding, BindingType
from textual.keys import format_key
from textual.widget import Widget

from designer.systems import GameSystem
from designer.tui.editors import editors_for
from designer.tui.editors.kit.number_rows import NumberRows
from designer.tui.widgets.fields import Cycle, FieldButton, Row, Spinner, Tick
from designer.tui.widgets.lists import MovingList
from designer.tui.widgets.text import SearchField

Keys = tuple[tuple[str, str], ...]

#: keys the help names in words, as its other lines do (not as the footer's signs)
WORDS = {"enter": "enter", "backspace": "backspace", "delete": "delete"}
#: the fields every step editor is built from, in the order the help lists their keys
FIELDS: tuple[type[Widget], ...] = (Spinner, Cycle, Row, Tick, FieldButton, NumberRows,
                                    MovingList, SearchField)


def key_text(binding: Binding, keymap: Mapping[str, str]) -> str:
    """How the help writes a binding's keys: as the settings remapped them, else as the
    binding shows them (`key_display`), else each key."""
    keys = keymap.get(binding.id) if binding.id else None
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
    is built on (their own keys: a list's home and end, a text's cursor keys), also where
    a field declares them again, as they are, as priority bindings."""
    def said(b: Binding) -> tuple[str, str, str | None, str]:
        return b.key, b.action, b.description, b.tooltip

    textual = {said(b) for c in cls.__mro__ if c.__module__.startswith("textual.")
               for b in vars(c).get("BINDINGS", ()) if isinstance(b, Binding)}
    return [b for c in reversed(cls.__mro__) if "BINDINGS" in vars(c)
            and not c.__module__.startswith("textual.") for b in vars(c)["BINDINGS"]
            if not (isinstance(b, Binding) and said(b) in textual)]


def field_rows(keymap: Mapping[str, str] = {}) -> Keys:
    """The keys of the fields: those several kinds share once, the others with the kind
    they belong to."""
    kinds = [(f.BINDING_GROUP_TITLE or f.__name__, binding_rows(own_bindings(f), keymap))
             for f in FIELDS]
    count = Counter(row for _kind, rows in kinds for row in rows)
    shared = list(dict.fromkeys(row for _kind, rows in kinds for row in rows
                                if count[row] > 1))
    return (*shared, *((keys, f"{kind}: {what}") for kind, rows in kinds
                       for keys, what in rows if count[(keys, what)] == 1))


def step_rows(game: GameSystem, keymap: Mapping[str, str] = {}) -> Keys:
    """Each build step with its guidance, and the keys of the step's own editor."""
    editors = editors_for(game)
    rows: list[tuple[str, str]] = []
    for n, step in enumerate(game.steps(), start=1):
        rows.append((f"{n} {step.title}", step.guidance))
        rows += [(f"  {keys}", what) for keys, what in binding_rows(
            own_bindings(editors[step.key]), keymap)]
    return tuple(rows)
