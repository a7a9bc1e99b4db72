"""What the app keeps between runs (`designer.settings`): the theme and keys applied at
start, the theme and recent files saved as they change, in a worker, each change made
to the file as it then is (an edit made to it meanwhile is kept)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import work
from textual.app import App

from designer.errors import InputError
from designer.settings import Settings, config_path, update_settings, writable
from designer.tui.keymap import checked_keys

MAX_SHOWN = 5  # notifications for the settings file's problems; the rest are counted


if TYPE_CHECKING:
    from designer.documents import ForceDoc, UnitDoc

    _App = App[Any]  # the app this is mixed into
else:
    _App = object


class KeptSettings(_App):
    """Mixed into the app, which sets `settings` and `settings_problems` (a line for each
    problem the file has: while there is one it is never written), and holds the
    documents it opened (`_force_doc`, `unit_doc`)."""

    settings: Settings
    settings_problems: list[str]
    _force_doc: ForceDoc | None
    unit_doc: UnitDoc | None

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
        if opened:
            self.change_settings(lambda settings: _with_recent(settings, opened))

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
            name = theme.name
            self.change_settings(lambda s: s.model_copy(update={"theme": name}))

    def remember(self, path: Path) -> None:
        """Put `path` first among the recent files the file dialogs offer."""
        self.change_settings(lambda settings: settings.with_recent(path))

    def change_settings(self, change: Callable[[Settings], Settings]) -> None:
        """`change` made to the settings in use, and to the settings file as it is when
        the worker writes it (never while the file has a problem)."""
        self.settings = change(self.settings)
        if writable(self.settings_problems):
            self._save_settings(change)

    @work(thread=True, group="settings")
    def _save_settings(self, change: Callable[[Settings], Settings]) -> None:
        try:
            with _WRITING:  # one change at a time: each reads what the last wrote
                update_settings(change)
        except InputError as exc:
            self.call_from_thread(self.notify, exc.shown(), title="Settings not saved",
                                  severity="warning", markup=False)


_WRITING = threading.Lock()


def _with_recent(settings: Settings, paths: Sequence[Path]) -> Settings:
    for path in paths:
        settings = settings.with_recent(path)
    return settings
