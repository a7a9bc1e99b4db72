"""`python -m designer` and the `designer` command: the process's start and end, the one
place that sets what is the whole process's (nothing in the library does).

- pydantic looks for plugins (through importlib.metadata, scanning every installed
  package) when it builds its first validator: 15-20 ms of each command. designer uses no
  pydantic plugin, so the command turns the look-up off with pydantic's own switch,
  PYDANTIC_DISABLE_PLUGINS, unless the user has set it.
- Every command runs without the cyclic garbage collector: its passes over the objects
  of the modules being imported took 40-60 ms of the designer's start, and half a second
  of a 1,000-card PDF export. A command that reads, works out, prints and ends keeps what
  it builds alive to the end anyway (peak memory measured the same). The designer's
  screens turn it back on once the first screen is drawn, after freezing what start-up
  built (`DesignerApp.on_ready`).
- At the end, what the command built is frozen out of the collector's sight before the
  interpreter's normal exit: the exit's own collection then skips it (what made a 150 ms
  `designer price` 20 ms slower), while exit handlers and buffered output still run.
"""

from __future__ import annotations

import gc
import os
import sys


def run() -> None:
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    gc.disable()
    from designer.cli import main

    code = main()
    try:
        sys.stdout.flush()
    except OSError:  # the reader went away (what it had is all it wanted), or a full disk
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    gc.freeze()
    raise SystemExit(code)


if __name__ == "__main__":
    run()
