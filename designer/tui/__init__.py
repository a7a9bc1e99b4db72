"""The Textual designer: a thin shell over the core.

`launch()` is what the CLI calls; `designer.tui.app.build_app()` builds the app for it
and for tests. Importing this package does not import Textual: `launch` does, late.
"""

from __future__ import annotations

import sys
from pathlib import Path

COMMANDS = ("home", "edit", "roster")
#: how long the app's thread may hold the interpreter while the output thread waits to
#: send a frame: key to paint 0.80-0.95x of the default's on the paint benchmark's steps
SWITCH_INTERVAL = 0.001


def launch(command: str = "home", path: Path | None = None, *,
           system: str | None = None) -> int:
    """Run the app: "home" (the example force), "edit" UNIT.yaml or "roster" ROSTER.yaml
    (a missing file is a new one, saved there), on the game system `system` (default:
    the default one; a file that names its system brings it). A file that cannot be read
    is reported on stderr in one line, the app does not start, and the file is left as
    it is. Returns the exit code (0, or 2 for unreadable input)."""
    from designer.errors import InputError

    if command not in COMMANDS:
        raise ValueError(f"command must be one of {', '.join(COMMANDS)}, not {command!r}")
    if command in ("edit", "roster") and path is None:
        raise ValueError(f"'{command}' needs a file path")
    from designer.tui.app import build_app

    try:
        from designer.systems import system as system_named

        game = system_named(system) if system is not None else None
        if command == "edit" and path is not None:
            app = build_app(game=game, unit_path=Path(path), start="edit")
        elif command == "roster" and path is not None:
            app = build_app(game=game, roster_path=Path(path), start="roster")
        else:
            app = build_app(game=game)
    except InputError as exc:
        print(f"designer: error: {exc.shown()}", file=sys.stderr)
        return 2
    # Textual writes each frame from a thread of its own: under Python's default 5 ms
    # switch interval a painted frame could wait that long for the interpreter while the
    # app goes on with what the paint set off (a frame of its own)
    switch = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_INTERVAL)
    try:
        app.run()
    finally:
        sys.setswitchinterval(switch)
    return app.return_code or 0
