"""`python -m designer` and the `designer` command: the process's start and end, the one
place that sets what is the whole process's (nothing in the library does).

- pydantic looks for plugins (through importlib.metadata, scanning every installed
  package) when it builds its first validator: 15-20 ms of each command. designer uses no
  pydantic plugin, so the command turns the look-up off with pydantic's own switch,
  PYDANTIC_DISABLE_PLUGINS, unless the user has set it. Switched off, pydantic's loader
  still imports importlib.metadata (another 15-20 ms) only to find it has nothing to
  load: while every plugin is off, a stand-in answers `get_plugins()` with none, and
  hands any other question (a name a later pydantic asks of its loader, a plugin switched
  back on) to pydantic's own loader, imported then.
- Every command runs without the cyclic garbage collector: its passes over the objects
  of the modules being imported took 40-60 ms of the designer's start, and half a second
  of a 1,000-card PDF export. A command that reads, works out, prints and ends keeps what
  it builds alive to the end anyway (peak memory measured the same). The designer's
  screens turn it back on once the first screen is drawn, after freezing what start-up
  built (`DesignerApp.on_ready`).
- ctrl+c ends any command with exit code 130 and no traceback, while it starts too.
- At the end, what the command built is frozen out of the collector's sight before the
  interpreter's normal exit: the exit's own collection then skips it (what made a 150 ms
  `designer price` 20 ms slower), while exit handlers and buffered output still run.
"""

from __future__ import annotations

import gc
import os
import sys
from types import ModuleType
from typing import Any

PLUGINS_OFF = ("__all__", "1", "true")  # the values pydantic reads as "every plugin off"
LOADER = "pydantic.plugin._loader"


class PluginsOff(ModuleType):
    """Stands in for pydantic's plugin loader while every plugin is off."""

    def get_plugins(self, *args: Any, **kwargs: Any) -> Any:
        if os.environ.get("PYDANTIC_DISABLE_PLUGINS") in PLUGINS_OFF:
            return ()
        return self._real().get_plugins(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):  # what the import system asks of any module
            raise AttributeError(name)
        return getattr(self._real(), name)

    def _real(self) -> ModuleType:
        """pydantic's own loader, in place of the stand-in from now on."""
        import importlib

        if sys.modules.get(LOADER) is self:
            del sys.modules[LOADER]
        real = importlib.import_module(LOADER)
        sys.modules[LOADER] = real
        return real


def plugins_off() -> None:
    """PYDANTIC_DISABLE_PLUGINS set (unless the user set it otherwise), and the stand-in
    loader in place while it says every plugin is off."""
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    if os.environ["PYDANTIC_DISABLE_PLUGINS"] in PLUGINS_OFF and LOADER not in sys.modules:
        sys.modules[LOADER] = PluginsOff(LOADER)


def run() -> None:
    try:
        plugins_off()
        gc.disable()
        from designer.cli import main
    except KeyboardInterrupt:  # ctrl+c while the command starts: the same quiet 130
        raise SystemExit(130) from None
    code = main()
    try:
        sys.stdout.flush()
    except OSError:  # the reader went away (what it had is all it wanted), or a full disk
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    gc.freeze()
    raise SystemExit(code)


if __name__ == "__main__":
    run()
