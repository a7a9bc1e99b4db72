"""A change is painted whole, in one frame, on a real pseudo-terminal (Pilot does not
reproduce a terminal's timing): a bump added on OpenTactics' bumps step (a new row, so a
new layout) shows its row, the card's OFF line, the stepper's points and the header's
"modified" together, not the row first and the rest a frame or two later. The footer's
keys follow a frame later by design (read once the frame is painted)."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from designer.systems import examples_dir
from tests.benchmarks.terminal import Terminal, alt

pytestmark = [pytest.mark.slow, pytest.mark.tui]

ROOT = Path(__file__).resolve().parents[2]
ENTER, UNDO = b"\r", b"\x1a"
#: seconds: the pieces of one frame arrive together; frames come at most 60 a second
SAME_FRAME = 0.008

#: what the keypress changes, each read off the screen
PARTS: dict[str, Callable[[str], object]] = {
    "row": lambda text: text.count("◂"),
    "card": lambda text: re.findall(r"│ OFF [^│]*│", text),
    "stepper": lambda text: re.findall(r"2 Bumps\s+\d+", text),
    "header": lambda text: "· modified" in text,
}


def arrivals(term: Terminal, before: str, timeout: float = 5.0) -> dict[str, float]:
    """When the output that changed each part (from the screen `before`) arrived."""
    was = {name: read(before) for name, read in PARTS.items()}
    seen: dict[str, float] = {}
    while len(seen) < len(PARTS):
        for arrived, data in term.gather(timeout, quiet=0.1):
            term.stream.feed(data)
            text = term.text()
            for name, read in PARTS.items():
                if name not in seen and read(text) != was[name]:
                    seen[name] = arrived
    return seen


def test_an_added_bump_and_its_undo_are_each_painted_in_one_frame(tmp_path):
    unit = examples_dir("opentactics") / "units" / "ash-warden.yaml"
    env = {"DESIGNER_CONFIG": str(tmp_path / "config.yaml")}
    with Terminal([sys.executable, "-m", "designer", "edit", str(unit)], (120, 40),
                  env=env, cwd=str(ROOT)) as term:
        term.wait_for("STEPS", timeout=60)
        term.drain(0.5)
        for _ in range(4):
            for key in (ENTER, UNDO):
                if key == ENTER:  # the focus on the first pool's "+ add bump"
                    term.send(alt("2"))
                    term.drain(0.3)
                before = term.text()
                term.send(key)
                seen = arrivals(term, before)
                spread = max(seen.values()) - min(seen.values())
                assert spread < SAME_FRAME, (key, {k: round((v - min(seen.values())) * 1000, 1)
                                                   for k, v in seen.items()})
                term.drain(0.2)
