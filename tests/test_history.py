"""The undo history every document keeps: undo, redo, typing merged into one step, a
sealed step, the limit, and dirty meaning "not what was last saved"."""

from __future__ import annotations

from designer.history import History


def test_history_undo_redo_and_dirty():
    h = History("a")
    assert not h.dirty and not h.undo()
    assert h.push("b") and h.push("c")
    assert h.dirty
    assert h.undo() and h.present == "b"
    assert h.redo() and h.present == "c"
    assert not h.redo()
    h.mark_saved("c")
    assert not h.dirty
    h.undo()
    assert h.dirty  # away from the saved snapshot
    h.redo()
    assert not h.dirty
    assert not h.push("c")  # no change, no step


def test_history_merges_typing_into_one_step():
    h = History("")
    for text in ("R", "Ri", "Rid", "Ridge"):
        h.push(text, merge="name")
    h.push("x")
    h.undo()
    assert h.present == "Ridge"
    h.undo()
    assert h.present == ""
    assert not h.undo()


def test_a_sealed_step_keeps_later_typing_apart():
    h = History("")
    for text in ("Test", "Test Knight"):
        h.push(text, merge="name")
    h.seal()  # the field was left
    h.push("Test Knight II", merge="name")
    h.undo()
    assert h.present == "Test Knight"
    h.undo()
    assert h.present == ""


def test_typing_in_another_field_is_a_step_of_its_own():
    h = History((0, 0))
    h.push((1, 0), merge="melee")
    h.push((2, 0), merge="melee")
    h.push((2, 5), merge="ballistic")
    assert h.undo() and h.present == (2, 0)
    assert h.undo() and h.present == (0, 0)


def test_a_save_ends_the_step_being_typed():
    h = History("")
    h.push("Ash", merge="name")
    h.mark_saved("Ash")
    h.push("Ash Warden", merge="name")
    assert h.dirty
    assert h.undo() and h.present == "Ash" and not h.dirty
    assert h.undo() and h.present == "" and h.dirty


def test_typing_back_to_the_saved_value_keeps_the_way_back_to_it():
    saved = ("Ash",)
    h = History(saved)
    h.push(("Ash W",), merge="name")
    h.push(saved, merge="name")  # the very snapshot that was saved
    assert not h.dirty
    h.push(("Ash X",), merge="name")
    assert h.undo() and h.present is saved and not h.dirty
    assert h.undo() and h.present is saved
    assert not h.undo()


def test_a_new_edit_drops_the_redo_future():
    h = History(1)
    h.push(2)
    h.undo()
    h.push(3)
    assert h.present == 3
    assert not h.redo() and h.present == 3


def test_the_history_keeps_its_limit_of_steps():
    h = History(0, limit=3)
    for n in range(1, 6):
        h.push(n)
    undone = []
    while h.undo():
        undone.append(h.present)
    assert undone == [4, 3, 2]
    assert h.redo() and h.present == 3


def test_back_to_the_saved_value_is_not_dirty():
    h = History((1, 2))
    h.push((1, 3))
    assert h.dirty
    h.push((1, 2))  # an equal snapshot, built anew
    assert not h.dirty
