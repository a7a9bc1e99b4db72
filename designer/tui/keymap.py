"""The `keys:` setting checked against the designer's key bindings before it is applied:
an unknown binding id, a key name no terminal sends, or a key given to two actions on one
screen is said in one line each, and the binding keeps its default keys (four actions on
ctrl+q would otherwise leave no way to quit)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from textual.binding import Binding
from textual.keys import Keys, key_to_character

from designer.errors import InputError
from designer.tui.bindings import screens_bindings
from designer.validation import suggest

MODIFIERS = frozenset({"ctrl", "shift", "alt", "meta", "super", "hyper"})
#: the names Textual gives keys that are no character (f1, escape, pageup, ...)
_NAMED = frozenset(k.value.rsplit("+", 1)[-1] for k in Keys if not k.value.startswith("<"))


def is_key(name: str) -> bool:
    """True when `name` is a key Textual can report: modifiers joined by + to a key's
    name or character (ctrl+q, f10, shift+tab, question_mark, ?)."""
    *mods, key = name.split("+")
    if not key or len(set(mods)) != len(mods) or not MODIFIERS.issuperset(mods):
        return False
    if len(key) == 1:
        return key.isprintable() and not key.isspace()
    return key in _NAMED or key_to_character(key) is not None


def _split(keys: str) -> list[str]:
    return [k.strip() for k in keys.split(",") if k.strip()]


def checked_keys(keys: Mapping[str, str], file: str | Path | None = None
                 ) -> tuple[dict[str, str], list[str]]:
    """The user's keys that can be applied (binding id -> keys), and one line for each
    that cannot: the binding then keeps its default keys."""
    screens = screens_bindings()
    ids = list(dict.fromkeys(b.id for bindings in screens.values() for b in bindings
                             if b.id))
    problems: list[str] = []
    usable: dict[str, str] = {}
    for binding_id, value in keys.items():
        where = f"keys.{binding_id}"
        if binding_id not in ids:
            hint = suggest(binding_id, ids)
            problems.append(_line(f"unknown binding id '{binding_id}'{hint}; the ids are "
                                  "listed in the help (f1); it is ignored", file, where))
        elif bad := [k for k in _split(value) if not is_key(k)] or (
                [] if _split(value) else [value]):
            problems.append(_line(f"'{bad[0]}' is not a key name (write e.g. ctrl+q, f10, "
                                  f"shift+tab); '{binding_id}' keeps its default keys",
                                  file, where))
        else:
            usable[binding_id] = ",".join(_split(value))
    while clash := _clash(screens, usable):
        key, actions = clash
        mine = [a for a in actions if a in usable]
        for binding_id in mine:
            del usable[binding_id]
        problems.append(_line(f"{key} is given to {_and(actions)} on one screen; "
                              f"{_and(mine)} {'keeps its' if len(mine) == 1 else 'keep their'}"
                              " default keys", file, "keys"))
    return usable, problems


def _clash(screens: dict[str, list[Binding]], usable: Mapping[str, str]
           ) -> tuple[str, list[str]] | None:
    """A key that `usable` gives to a second action on one screen, with the actions
    (binding ids, or the action of a binding that has none)."""
    for bindings in screens.values():
        taken: dict[str, list[str]] = {}
        for binding in bindings:
            name = binding.id or binding.action
            keys = usable.get(binding.id or "", binding.key)
            for key in _split(keys):
                actions = taken.setdefault(key, [])
                if name not in actions:
                    actions.append(name)
        for key, actions in taken.items():
            if len(actions) > 1 and any(a in usable for a in actions):
                return key, actions
    return None


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _line(problem: str, file: str | Path | None, field: str) -> str:
    return InputError(problem, file=file, field=field).shown()
