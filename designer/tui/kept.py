"""What the app keeps between runs (`designer.settings`): the theme and keys applied at
start, the theme and recent files saved as they change, in a worker."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual import work

from designer.errors import InputError
from designer.settings import Settings, config_path, save_settings, writable
from designer.tui.keymap import checked_keys

MAX_SHOWN = 5  # notifications for the settings file's problems; the rest are counted


class KeptSettings:
    """Mixed into the app, which sets `settings` and `settings_problems` (a line for each
    problem the file has: while there is one it is never written)."""

    settings: Settings
    settings_problems: list[str]

    def apply_settings(self) -> None:
        """The saved theme and keys (those that can be applied); each problem of the
        settings file is said once, and the file left as it is."""
        settings = self.settings
        if settings.theme and settings.theme in self.available_themes:
            self.theme = settings.theme
        if settings.keys:
            keys, problems = checked_keys(settings.keys, config_path())
            self.set_keymap(keys)
            self.settings_problems += problems
        self.say_settings_problems()
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        opened = [doc.path for doc in (self._force_doc, self.unit_doc)
                  if doc is not None and doc.path is not None and doc.exists]
        for path in opened:
            self.settings = self.settings.with_recent(path)
        if opened:
            self.change_settings(self.settings)

    def say_settings_problems(self) -> None:
        """A notification for each problem, the first few: `designer --config-path`
        lists them all."""
        shown = self.settings_problems[:MAX_SHOWN]
        more = len(self.settings_problems) - len(shown)
        for n, problem in enumerate(shown, start=1):
            last = n == len(shown)
            tail = (f" (and {more} more: designer --config-path lists them)"
                    if last and more else "")
            self.notify(problem + tail, title="Settings", severity="warning", timeout=10,
                        markup=False)

    def _theme_changed(self, theme: Any) -> None:
        if theme.name != self.settings.theme:
            self.change_settings(self.settings.model_copy(update={"theme": theme.name}))

    def remember(self, path: Path) -> None:
        """Put `path` first among the recent files the file dialogs offer."""
        self.change_settings(self.settings.with_recent(path))

    def change_settings(self, settings: Settings) -> None:
        self.settings = settings
        if writable(self.settings_problems):
            self._save_settings(settings)

    @work(thread=True, exclusive=True, group="settings")
    def _save_settings(self, settings: Settings) -> None:
        try:
            save_settings(settings)
        except InputError as exc:
            self.call_from_thread(self.notify, exc.shown(), title="Settings not saved",
                                  severity="warning", markup=False)
