"""`designer odds --set KEY=N`: a number too large for a term is said to be that, not
"not a whole number"."""

from __future__ import annotations

import pytest

from designer.cli import main
from designer.errors import InputError
from designer.matchup import engage_options
from designer.systems import examples_dir, system

OT = system("opentactics")
UNITS = examples_dir("opentactics") / "units"


@pytest.mark.parametrize(("term", "number"), [("cover_b=1000000", 1_000_000),
                                              ("cover_b= -3 ", -3), ("cover_b=+2", 2)])
def test_a_whole_number_of_any_size_is_read_as_one(term, number):
    assert engage_options(terms=[term], game=OT).extras == (("cover_b", number),)


def test_a_large_term_is_refused_by_its_bounds(capsys):
    args = ["odds", str(UNITS / "iron-lancer.yaml"), str(UNITS / "sky-corsair.yaml")]
    assert main([*args, "--set", "cover_b=1000000"]) == 2
    err = capsys.readouterr().err  # the system's own bounds for the term, whatever they are
    assert err.startswith("designer: error: --set: cover_b is 1000000; give a whole number "
                          "from 0 to ")
    assert err.count("\n") == 1 and "not a whole number" not in err


def test_a_number_of_many_digits_is_too_large_and_words_are_no_number():
    with pytest.raises(InputError, match=r"^--set: cover_b is 1234567890…, a number far too "
                                         r"large for a term$"):
        engage_options(terms=["cover_b=" + "1234567890" * 500], game=OT)
    for text in ("yes", "1.5", "²", ""):
        with pytest.raises(InputError, match="KEY=N with N a whole number"):
            engage_options(terms=[f"cover_b={text}"], game=OT)
