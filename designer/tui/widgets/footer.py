"""The footer of the keys: what the focused widget and its screen answer to, on one line.

It is drawn as one line of text, not built of a widget per key as Textual's footer is:
every focus move may change the keys shown (a removable row adds `del Remove`), and
composing a row of key widgets again costs a keypress about ten milliseconds of paint,
where drawing a line costs well under one (and nothing for a line drawn before: the
focus going back and forth between two fields shows the same two lines)."""

from __future__ import annotations

from typing import NamedTuple

from textual import events
from textual.content import Content
from textual.screen import Screen

from designer.tui.frame import after_frame
from designer.tui.widgets.lines import LineWidget


class ShownKey(NamedTuple):
    key: str  # the key pressed when the entry is clicked
    display: str  # how the key is written ("^s", "alt+1…9")
    description: str
    enabled: bool


class KeyFooter(LineWidget, can_focus=False):
    """The shown bindings of the focused widget, its ancestors and the app (one per
    action, the first bound), the command palette's key at the right end; a click on a
    key presses it."""

    COMPONENT_CLASSES = {"key-footer--key", "key-footer--description"}
    DEFAULT_CSS = """
    KeyFooter {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        & > .key-footer--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        & > .key-footer--description {
            color: $footer-description-foreground;
        }
    }
    """

    _keys: tuple[ShownKey, ...] = ()
    _palette: ShownKey | None = None
    #: (from, to, key) of each key on the line last drawn, for clicks
    _spans: tuple[tuple[int, int, str], ...] = ()

    #: keys to read again once the frame being made is painted
    _behind = False

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)
        self.read_keys()

    def bindings_changed(self, screen: Screen) -> None:
        """Read the keys again once the frame is painted, as Textual's own footer does:
        reading them takes half a millisecond, which a focus move would otherwise add
        to its keypress before the field it moved to is painted."""
        if not self._behind:
            self._behind = True
            after_frame(self, self.read_keys)

    def read_keys(self) -> None:
        self._behind = False
        if not self.is_attached:  # its screen closed meanwhile
            return
        screen = self.screen
        if screen is not self.app.screen:
            # a dialog on top: the keys stay as they were, since a key's `screen.`
            # action would now be checked against the dialog (shown where it does not
            # apply); they are read again when the screen is back on top
            return
        keys, palette = self.shown(screen)
        if (keys, palette) != (self._keys, self._palette):
            self._keys, self._palette = keys, palette
            self.update_lines()

    def shown(self, screen: Screen) -> tuple[tuple[ShownKey, ...], ShownKey | None]:
        """The keys to show and the command palette's (None without a palette)."""
        app = self.app
        seen: set[str] = set()
        keys: list[ShownKey] = []
        palette = None
        for key, (_node, binding, enabled, _tooltip) in screen.active_bindings.items():
            shown = ShownKey(key, app.get_key_display(binding), binding.description,
                             enabled)
            if key == app.COMMAND_PALETTE_BINDING:
                palette = shown if app.ENABLE_COMMAND_PALETTE else None
            elif binding.show and binding.action not in seen:
                seen.add(binding.action)
                keys.append(shown)
        return tuple(keys), palette

    def keys_text(self) -> list[str]:
        """Each key shown as it reads ("^q Quit"), the palette's last."""
        return [f"{k.display} {k.description}".strip()
                for k in (*self._keys, *([self._palette] if self._palette else []))]

    def lay_out(self, width: int) -> list[Content]:
        key_style = self.get_visual_style("key-footer--key")
        words_style = self.get_visual_style("key-footer--description")
        parts: list[Content] = []
        spans: list[tuple[int, int, str]] = []
        at = 0
        for shown in self._keys:
            entry = Content.assemble((shown.display, key_style), " ",
                                     (shown.description, words_style))
            if not shown.enabled:
                entry = entry.stylize("dim")
            spans.append((at, at + len(entry), shown.key))
            parts.append(entry)
            at += len(entry) + 1
        line = Content(" ").join(parts)
        if self._palette is not None:
            palette = Content.assemble("▏", (self._palette.display, key_style), " ",
                                       (self._palette.description, words_style))
            if len(line) + 1 + len(palette) > width:  # short of room: the palette's key
                palette = Content.assemble("▏", (self._palette.display, key_style))
            room = width - len(palette)
            if len(line) > room - 1:
                line = line.truncate(max(0, room - 2), ellipsis=True)
            start = max(len(line) + 1, room)
            spans = [s for s in spans if s[1] <= len(line)]
            spans.append((start + 1, start + len(palette), self._palette.key))
            line = Content.assemble(line, " " * (start - len(line)), palette)
        elif len(line) > width:
            line = line.truncate(width, ellipsis=True)
            spans = [s for s in spans if s[1] <= len(line) - 1]
        self._spans = tuple(spans)
        return [line]

    def on_click(self, event: events.Click) -> None:
        for start, end, key in self._spans:
            if start <= event.x < end:
                event.stop()
                self.app.simulate_key(key)
                return
