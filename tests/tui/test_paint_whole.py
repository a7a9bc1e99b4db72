"""What a key repaints adds up to the whole screen, on a real pseudo-terminal.

The designer repaints only what an edit changed: the lines of the tally and the stepper
that moved, a field, a finding; a container whose content grows or shrinks is laid out
again but not repainted whole (`LiveScroll`). Each case here sends keys that change
what is shown (a finding comes and goes, so a scrollbar does; a row is added and taken
away), then compares the screen with the one the app paints whole after a resize away
and back: a line left as it was before the key would differ."""

from __future__ import annotations

import sys

import pytest

from designer.systems import examples_dir
from tests.benchmarks.terminal import KEYS, Terminal, alt

pytestmark = [pytest.mark.slow, pytest.mark.tui]

SIZE = (120, 40)
AWAY = (100, 30)
UNDO = b"\x1a"
SHIFT_TAB = b"\x1b[Z"
QUIET = 0.4  # seconds without output: the app has painted what the keys set off

#: per case: the system, an example unit, and groups of keys after each of which the
#: screen is compared with a whole repaint
CASES = {
    # the Scrap Boss count: a second one breaks the one-Arc-Lance limit, and the finding
    # that says so pushes the Models step past the editor's height (its scrollbar comes
    # and goes) and fills the tally's findings
    "openfire finding": ("openfire", "units/scrap-pickers.yaml",
                         [[alt("2")], [KEYS["right"]], [KEYS["left"]],
                          [KEYS["right"], KEYS["right"]], [KEYS["left"], KEYS["left"]]]),
    # a melee bump added (a row mounted, the focus on it) and undone
    "opentactics bump": ("opentactics", "units/ash-warden.yaml",
                         [[alt("2")], [KEYS["enter"]], [UNDO], [alt("2"), KEYS["enter"]],
                          [KEYS["right"]], [UNDO], [UNDO]]),
    # Tab from the last field of a step onto the steps, shift+Tab back: the current
    # step's line shows whether the steps have the focus (no text field takes the focus
    # here: its blinking cursor would differ from one paint to the next)
    "tactics steps focus": ("tactics", "units/sergeant-vale.yaml",
                            [[alt("3")], [KEYS["tab"]], [SHIFT_TAB], [KEYS["tab"]]]),
}


@pytest.mark.parametrize("case", list(CASES))
def test_what_keys_repaint_adds_up_to_the_whole_screen(case, tmp_path):
    system, unit, groups = CASES[case]
    argv = [sys.executable, "-m", "designer", "edit", str(examples_dir(system) / unit)]
    with Terminal(argv, SIZE, env={"DESIGNER_CONFIG": str(tmp_path / "config.yaml")}
                  ) as term:
        term.wait_for("STEPS", timeout=60)
        term.drain(QUIET)
        for n, keys in enumerate(groups):
            for key in keys:
                term.send(key)
                term.drain(0.1)
            term.drain(QUIET)
            painted, text = term.look(), term.text().split("\n")
            term.resize(AWAY)
            term.drain(QUIET)
            term.resize(SIZE)
            term.drain(QUIET)
            whole, repainted = term.look(), term.text().split("\n")
            stale = [f"line {y}: {text[y].rstrip()!r} is {repainted[y].rstrip()!r} when "
                     "painted whole (in its text or its colours)"
                     for y in range(SIZE[1]) if painted[y] != whole[y]]
            assert not stale, f"after key group {n} ({keys}):\n" + "\n".join(stale)
