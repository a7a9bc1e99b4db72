"""`python -m designer` and the `designer` command.

A command that is done has flushed its output; the interpreter's teardown (freeing every
module and object one by one) then adds 20 ms to a 150 ms `designer price`, so the process
ends with `os._exit` instead. Only after the Textual app has run is the normal exit kept:
it restores the terminal in its own exit handlers. pydantic's plugin look-up is skipped
too (`_skip_pydantic_plugins`).

Every command runs without the cyclic garbage collector: its passes over the objects of
the modules being imported took 40-60 ms of the designer's start, and half a second of a
1,000-card PDF export. A command that reads, works out, prints and ends keeps what it
builds alive to the end anyway (peak memory measured the same). The designer's screens
turn it back on once the first screen is drawn, after freezing what start-up built
(`DesignerApp.on_ready`), so its later passes skip those objects.
"""

from __future__ import annotations

import gc
import os
import sys


def run() -> None:
    _skip_pydantic_plugins()
    gc.disable()
    from designer.cli import main

    code = main()
    if "textual" in sys.modules:
        raise SystemExit(code)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:  # the reader went away: what it had is all it wanted
        pass
    except OSError:
        raise SystemExit(code) from None
    os._exit(code)


def _skip_pydantic_plugins() -> None:
    """pydantic looks for plugins (through importlib.metadata, scanning every installed
    package) when it builds its first validator: 15-20 ms of each command. designer uses
    no pydantic plugin, so the command answers that look-up with none; setting
    PYDANTIC_DISABLE_PLUGINS to a list of names (pydantic's own switch) keeps the look-up."""
    name = "pydantic.plugin._loader"
    if name in sys.modules or os.environ.get("PYDANTIC_DISABLE_PLUGINS") not in (None, ""):
        return
    import types

    loader = types.ModuleType(name, "No pydantic plugins: designer uses none.")
    loader.get_plugins = tuple  # type: ignore[attr-defined]
    sys.modules[name] = loader


if __name__ == "__main__":
    run()
