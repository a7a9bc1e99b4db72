"""What the designer remembers between runs: the theme, the default paper size and points
cap, the recent files and the user's own keys.

One YAML file in the platform's config folder (platformdirs; `designer --config-path`
prints it; `DESIGNER_CONFIG` names another, as the tests do). A setting the file gets
wrong is reported in one line and left at its default; the file itself is only written
when it was readable, so a hand edit with a typo is never overwritten.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

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


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The settings, and the one-line problem when the file could not be used as a whole
    (then the defaults stand in and `save_settings` leaves the file alone)."""
    from designer.io import load_yaml, require_mapping, validate

    path = path or config_path()
    if not path.exists():
        return Settings(), None
    try:
        data = load_yaml(path)
        if data is None:  # an empty file: the defaults
            return Settings(), None
        return validate(Settings, require_mapping(data, "settings", file=path),
                        file=path), None
    except InputError as exc:
        return Settings(), exc.shown()


def save_settings(settings: Settings, path: Path | None = None) -> Path:
    """Write the settings atomically, keeping the file's comments; only keys that differ
    from the defaults are written."""
    from designer.io import save_yaml

    path = path or config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    return save_yaml(path, settings.model_dump(exclude_defaults=True))
