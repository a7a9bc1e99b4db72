"""A change is painted whole, in one frame, on a real pseudo-terminal (Pilot does not
reproduce a terminal's timing): a bump added on OpenTactics' bumps step (a new row, so a
new layout) shows its row, the card's OFF line, the stepper's points and the header's
"modified" together, not the row first and the rest a frame or two later. The footer's
keys follow a frame later by design (read once the frame is painted).

The terminal here says it supports synchronized output, as most terminals now do: the
app then sends each frame between a begin and an end mark, which tells the frames apart
exactly. Timed by arrival instead, a frame of more than 4 KB comes in two reads of the
pseudo-terminal, which a loaded machine can hold apart longer than a frame lasts."""

from __future__ import annotations

import re
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from designer.systems import examples_dir
from tests.benchmarks.terminal import Terminal, alt

pytestmark = [pytest.mark.slow, pytest.mark.tui]

ROOT = Path(__file__).resolve().parents[2]
ENTER, UNDO = b"\r", b"\x1a"
#: the app's question whether the terminal supports synchronized output, the answer yes,
#: and the mark that ends each frame then
SYNC_QUERY, SYNC_YES, FRAME_END = b"\x1b[?2026$p", b"\x1b[?2026;2$y", b"\x1b[?2026l"

#: what the keypress changes, each read off the screen
PARTS: dict[str, Callable[[str], object]] = {
    "row": lambda text: text.count("◂"),
    "card": lambda text: re.findall(r"│ OFF [^│]*│", text),
    "stepper": lambda text: re.findall(r"2 Bumps\s+\d+", text),
    "header": lambda text: "· modified" in text,
}


def frames(term: Terminal, before: str, timeout: float = 5.0) -> dict[str, int]:
    """In which frame after the key (1 for the first) each part changed (from the screen
    `before`)."""
    was = {name: read(before) for name, read in PARTS.items()}
    seen: dict[str, int] = {}
    pending, frame = b"", 0
    deadline = time.monotonic() + timeout
    while len(seen) < len(PARTS):
        assert time.monotonic() < deadline, (seen, term.text())
        for _, data in term.gather(timeout, quiet=0.1):
            *done, pending = (pending + data).split(FRAME_END)
            for drawn in done:
                term.stream.feed(drawn + FRAME_END)
                frame += 1
                text = term.text()
                for name, read in PARTS.items():
                    if name not in seen and read(text) != was[name]:
                        seen[name] = frame
    term.stream.feed(pending)
    return seen


def test_an_added_bump_and_its_undo_are_each_painted_in_one_frame(tmp_path):
    unit = examples_dir("opentactics") / "units" / "ash-warden.yaml"
    env = {"DESIGNER_CONFIG": str(tmp_path / "config.yaml")}
    with Terminal([sys.executable, "-m", "designer", "edit", str(unit)], (120, 40),
                  env=env, cwd=str(ROOT)) as term:
        term.wait_for_output(SYNC_QUERY, timeout=60)
        term.send(SYNC_YES)
        term.wait_for("STEPS", timeout=60)
        term.drain(0.5)
        for _ in range(4):
            for key in (ENTER, UNDO):
                if key == ENTER:  # the cursor on the first pool's "+ add bump"
                    term.send(alt("2"))
                    term.drain(0.3)
                before = term.text()
                term.send(key)
                seen = frames(term, before)
                assert len(set(seen.values())) == 1, (key, seen)
                term.drain(0.2)
