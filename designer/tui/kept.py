"""What the app keeps between runs (`designer.settings`): the theme and keys applied at
start, the theme and recent files saved as they change, in a worker."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual import work

from designer.errors import InputError, printable
from designer.settings import Settings, save_settings


class KeptSettings:
    """Mixed into the app, which sets `settings` and `settings_problem` (the one-line
    reason the file could not be read, when it could not: then it is never written)."""

    settings: Settings
    settings_problem: str | None

    def apply_settings(self) -> None:
        """The saved theme and keys; a settings file that could not be read is said once
        (and left as it is)."""
        settings = self.settings
        if settings.theme and settings.theme in self.available_themes:
            self.theme = settings.theme
        if settings.keys:
            self.set_keymap(settings.keys)
        if self.settings_problem:
            self.notify(f"{self.settings_problem} (the defaults are used; the file is left "
                        "as it is)", title="Settings not read", severity="warning",
                        timeout=8, markup=False)
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        opened = [doc.path for doc in (self._force_doc, self.unit_doc)
                  if doc is not None and doc.path is not None and doc.exists]
        for path in opened:
            self.settings = self.settings.with_recent(path)
        if opened:
            self.change_settings(self.settings)

    def _theme_changed(self, theme: Any) -> None:
        if theme.name != self.settings.theme:
            self.change_settings(self.settings.model_copy(update={"theme": theme.name}))

    def remember(self, path: Path) -> None:
        """Put `path` first among the recent files the file dialogs offer."""
        self.change_settings(self.settings.with_recent(path))

    def change_settings(self, settings: Settings) -> None:
        self.settings = settings
        if self.settings_problem is None:
            self._save_settings(settings)

    @work(thread=True, exclusive=True, group="settings")
    def _save_settings(self, settings: Settings) -> None:
        try:
            save_settings(settings)
        except (InputError, OSError) as exc:
            message = exc.shown() if isinstance(exc, InputError) else printable(str(exc))
            self.call_from_thread(self.notify, message, title="Settings not saved",
                                  severity="warning", markup=False)
