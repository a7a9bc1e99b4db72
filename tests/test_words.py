"""The article a system's title or word takes where the shells put one before it."""

from __future__ import annotations

import pytest

from designer.systems import system


@pytest.mark.parametrize(("name", "expected"), [
    ("op-en", "An Op-En (Oppose - Engage) character file"),
    ("openfire", "An Open Fire 0.3 unit file"),
    ("opentactics", "An OpenTactics 2nd edition unit file"),
    ("tactics", "A TACTICS sheet file")])
def test_a_title_takes_a_or_an_as_it_begins(name, expected):
    from designer.words import indefinite

    game = system(name)
    assert f"{indefinite(game.TITLE, capital=True)} {game.UNIT_WORD} file" == expected
    assert indefinite(game.TITLE).split()[0] == expected.split()[0].lower()
