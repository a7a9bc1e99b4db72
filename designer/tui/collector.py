"""When the cyclic garbage collector runs in the designer: between keys, not inside the
frame of one.

A keypress leaves a few thousand short-lived objects in cycles (messages, strips, the
widgets an edit made and dropped); Python's collector then ran when their count passed
its threshold, wherever that fell: in about one keypress in two, inside the frame, a
pass of 1.0-1.5 ms (an OpenTactics bump added or undone, on a pseudo-terminal). The app
runs the same passes itself, once a key's effects are done and its frame painted
(`collect_if_due`, with the thresholds Python would use), and every second while no
key comes; Python's own passes stay on behind them, at a threshold ten times as high,
for work that makes garbage without a key (a long worker, say)."""

from __future__ import annotations

import gc

#: young objects, then passes of the younger generation, after which a generation is
#: collected (Python's: 700, 10, 10; each keypress makes thousands)
THRESHOLDS = (5000, 20, 100)
#: Python's own passes, behind the app's: ten times as many young objects
BACKSTOP = (THRESHOLDS[0] * 10, *THRESHOLDS[1:])
#: seconds between passes run while no key comes
EVERY = 1.0


def pace_collector() -> None:
    """What start-up built lives as long as the app: frozen out of every pass; then the
    collector back on (the `designer` command starts with it off), at the backstop."""
    gc.freeze()
    gc.set_threshold(*BACKSTOP)
    gc.enable()


def due_generation() -> int | None:
    """The oldest generation due a pass, as Python picks it, or None."""
    counts = gc.get_count()
    for generation in (2, 1, 0):
        if counts[generation] > THRESHOLDS[generation]:
            return generation
    return None


def collect_if_due() -> None:
    """A pass of the generation due one, if any."""
    generation = due_generation()
    if generation is not None:
        gc.collect(generation)
