"""What the designer remembers between runs: the theme, the default paper size and points
cap, the recent files and the user's own keys.

One YAML file in the platform's config folder (platformdirs; `designer --config-path`
prints it; `DESIGNER_CONFIG` names another, as the tests do). Each setting the file gets
wrong is reported in one line and left at its default, the others used; the file itself
is only written while it has no problem, so a hand edit with a typo is never
overwritten. A path that cannot be read or written never stops the program.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from designer.errors import InputError

MAX_RECENT = 10
ENV = "DESIGNER_CONFIG"


class Settings(BaseModel):
    """The settings file. `keys` maps a binding id (listed in the help screen) to the keys
    that run it, comma-separated, e.g. `{quit: "ctrl+q,f10", export: "ctrl+x"}`."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    theme: str | None = Field(None, max_length=60, description="the Textual theme")
    paper: Literal["a4", "letter"] = Field("a4", description="the default paper size")
    points_cap: int | None = Field(None, ge=0, le=1_000_000,
                                   description="the points cap of a new force")
    recent: list[str] = Field(default_factory=list, max_length=MAX_RECENT * 5,
                              description="the files opened or saved last, newest first")
    keys: dict[str, str] = Field(default_factory=dict,
                                 description="binding id -> keys, comma-separated")

    def with_recent(self, path: Path) -> Settings:
        """These settings with `path` first among the recent files."""
        text = str(path.resolve())
        recent = [text, *(p for p in self.recent if p != text)][:MAX_RECENT]
        return self.model_copy(update={"recent": recent})

    def recent_files(self) -> list[Path]:
        """The recent files that are still there."""
        return [Path(p) for p in self.recent[:MAX_RECENT] if Path(p).is_file()]


def config_path() -> Path:
    """Where the settings live: $DESIGNER_CONFIG, else `config.yaml` in the platform's
    config folder for designer."""
    named = os.environ.get(ENV)
    if named:
        return Path(named).expanduser()
    from platformdirs import user_config_path

    return user_config_path("designer", appauthor=False) / "config.yaml"


def load_settings(path: Path | None = None) -> tuple[Settings, list[str]]:
    """The settings, and one line for each problem found: a setting the file gets wrong
    is left at its default and the rest is used; a file that cannot be read at all (not
    YAML, a folder, a loop of links, no permission) gives the defaults. While there is a
    problem the file is never written (`writable`), so the user's text stays to fix."""
    from designer.io import load_yaml, require_mapping

    path = path or config_path()
    try:
        try:
            os.stat(path)
        except FileNotFoundError:
            return Settings(), []
        data = load_yaml(path)
        if data is None:  # an empty file: the defaults
            return Settings(), []
        data = dict(require_mapping(data, "settings file", file=path))
    except InputError as exc:
        return Settings(), [_said(exc, DEFAULTS_USED)]
    except (OSError, RuntimeError, ValueError) as exc:  # a loop of links, no permission
        return Settings(), [_said(InputError(f"cannot read: {_reason(exc)}", file=path),
                                  DEFAULTS_USED)]
    return _valid_parts(data, path)


DEFAULTS_USED = "the defaults are used and the file is left as it is"


def writable(problems: list[str]) -> bool:
    """Whether the settings may be written back: not while the file has a problem the
    user has yet to fix (writing would drop what they wrote)."""
    return not problems


def _valid_parts(data: dict[Any, Any], path: Path) -> tuple[Settings, list[str]]:
    """The settings from `data` (loaded YAML: its keys may be any scalar), each setting
    (each key binding) pydantic refuses dropped, with its problem said."""
    from pydantic import ValidationError

    from designer.validation import validation_problems

    problems: list[str] = []
    keys = data.get("keys")
    if isinstance(keys, dict):
        data["keys"] = dict(keys)
    while True:
        try:
            return Settings.model_validate(data), problems
        except ValidationError as exc:
            found = validation_problems(exc, Settings, file=path)
            dropped = False
            for problem, error in zip(found, exc.errors(include_url=False), strict=True):
                loc = error["loc"]
                if loc[:1] == ("keys",) and len(loc) > 1 and isinstance(data.get("keys"), dict):
                    dropped |= loc[1] in data["keys"]
                    data["keys"].pop(loc[1], None)
                    problems.append(_said(problem, f"'{loc[1]}' keeps its default keys"))
                else:
                    dropped |= bool(loc) and loc[0] in data
                    data.pop(loc[0] if loc else None, None)
                    problems.append(_said(problem, "it is ignored" if error["type"] ==
                                          "extra_forbidden" else "the default is used"))
            if not dropped:  # nothing left to drop: every setting at its default
                return Settings(), problems


def _said(exc: InputError, then: str) -> str:
    return f"{exc.shown()}; {then}"


def _reason(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc)


def update_settings(change: Callable[[Settings], Settings],
                    path: Path | None = None) -> list[str]:
    """Make `change` to the settings file as it is now and write it back, so that what
    an editor or another designer wrote there meanwhile is kept, not overwritten by what
    this one read at start. While the file has a problem nothing is written, and its
    problems are returned (the user's text stays to fix)."""
    settings, problems = load_settings(path)
    if writable(problems):
        save_settings(change(settings), path)
    return problems


def save_settings(settings: Settings, path: Path | None = None) -> Path:
    """Write the settings atomically, keeping the file's comments; only keys that differ
    from the defaults are written. A path that cannot be written (a folder, a loop of
    links, no permission) is an InputError."""
    from designer.io import save_yaml

    path = path or config_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return save_yaml(path, settings.model_dump(exclude_defaults=True))
    except (OSError, RuntimeError, ValueError) as exc:
        raise InputError(f"cannot write: {_reason(exc)}", file=path) from None
