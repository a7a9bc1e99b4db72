"""The keys setting is checked against the designer's bindings: a binding with an unknown
id, a key name no terminal sends or a key given to two actions on one screen is one line
each, and that binding keeps its default keys."""

from __future__ import annotations

import pytest

from designer.tui.keymap import checked_keys, is_key


@pytest.mark.parametrize(("name", "known"), [
    ("ctrl+q", True), ("f10", True), ("shift+tab", True), ("question_mark", True),
    ("alt+1", True), ("ª", True), ("x", True), ("ctrl+qq", False), ("ctrl+ctrl+a", False),
    ("hyper+", False), ("", False), (" ", False), ("bogus", False), ("\x1b", False),
])
def test_a_key_name_is_one_a_terminal_sends(name, known):
    assert is_key(name) is known


def test_unknown_ids_and_key_names_keep_the_defaults():
    usable, problems = checked_keys({"quit": "f10, ctrl+q", "quitt": "f9", "help": "ctrl+qq",
                                     "export": ""}, "c.yaml")
    assert usable == {"quit": "f10,ctrl+q"}
    assert problems == [
        "c.yaml: keys.quitt: unknown binding id 'quitt' (did you mean quit?); the ids are "
        "listed in the help (f1); it is ignored",
        "c.yaml: keys.help: 'ctrl+qq' is not a key name (write e.g. ctrl+q, f10, "
        "shift+tab); 'help' keeps its default keys",
        "c.yaml: keys.export: '' is not a key name (write e.g. ctrl+q, f10, shift+tab); "
        "'export' keeps its default keys"]


def test_a_key_given_to_two_actions_keeps_the_defaults():
    usable, problems = checked_keys({"help": "ctrl+q", "open": "ctrl+q", "save": "ctrl+q",
                                     "export": "ctrl+q"}, "c.yaml")
    assert usable == {}
    assert problems == ["c.yaml: keys: ctrl+q is given to quit, help, open, save and export "
                        "on one screen; help, open, save and export keep their default keys"]
    usable, problems = checked_keys({"quit": "f10", "open": "ctrl+q", "add": "ctrl+s"})
    assert usable == {"quit": "f10", "open": "ctrl+q"}  # ctrl+q is free once quit moved
    assert problems == ["keys: ctrl+s is given to save and add on one screen; add keeps "
                        "its default keys"]


def test_the_defaults_give_no_key_twice():
    assert checked_keys({}) == ({}, [])


def test_the_keys_checked_are_every_binding_the_keys_setting_remaps():
    from designer.tui.app import binding_ids
    from designer.tui.keymap import screens_bindings

    checked = {b.id for bindings in screens_bindings().values() for b in bindings if b.id}
    assert checked == set(binding_ids())
