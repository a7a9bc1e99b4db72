"""Every key obeyed in order: a key reaches the widget focused once the previous key's
effects are done.

Textual routes a key to the widget focused when the app reads it, while that widget
handles it later, in its own task, and what the handling sets off (a re-price, a
rebuilt editor, a focus move) later still, in the widgets it bubbles up to. A fast
typist or a paste reads several keys in between: they went to a field that was about
to lose the focus, or typed into a name while the re-price of its previous letter
wrote it back. The gate holds a key while the previous one is still being handled,
and lets it through once the widget it went to and each widget above it, up to the
app, has nothing left to do. A quiet keyboard never waits.
"""

from __future__ import annotations

import time
from collections import deque

from textual import events
from textual.app import App
from textual.message import Message
from textual.message_pump import MessagePump
from textual.messages import Prompt
from textual.timer import Timer
from textual.widget import Widget

#: seconds: a digit typed later than this after another starts afresh (a number field), a
#: letter starts a new search (a list)
TYPING_PAUSE = 1.0
def key_clock(event: events.Event) -> float:
    """When a key was pressed: the moment the terminal's input was read and the key made
    (a busy app may get to it much later). Tests replace this to move time by hand."""
    return event.time

#: seconds after which a key whose effects never report done lets the next one through
#: (a widget removed before it could say so); only a safety net, never a timing rule
STUCK_AFTER = 2.0
#: walks up the widgets after which a key that keeps them busy lets the next one through
MAX_WALKS = 20


class KeyGate(App):
    """The app's part of the gate: keys (and pastes) in arrival order, one at a time."""

    _held: deque[tuple[events.Key | events.Paste, float]]
    _busy = False
    #: when the key being handled arrived: a digit's or a letter's place in what is being
    #: typed is decided by when it was pressed, not by when a busy app got to it
    key_time: float | None = None
    _generation = 0
    _watchdog: Timer | None = None
    _activity = 0  # messages the watched widgets have handled
    _watched: list[MessagePump] = []  # replaced as a whole, never changed in place

    async def on_event(self, event: events.Event) -> None:
        if not isinstance(event, (events.Key, events.Paste)) or event.is_forwarded:
            await super().on_event(event)
            return
        if not hasattr(self, "_held"):
            self._held = deque()
        if self._busy:
            self._held.append((event, key_clock(event)))
            return
        await self._dispatch_key(event, key_clock(event))

    async def _dispatch_key(self, event: events.Key | events.Paste, arrived: float) -> None:
        """Handle one key as Textual does, then wait for what it set off."""
        self._busy = True
        self.key_time = arrived
        self._generation += 1
        generation = self._generation
        target: Widget = self.focused or self.screen
        try:
            await super().on_event(event)
        finally:
            chain: list[MessagePump] = [target, *target.ancestors_with_self[1:]]
            self._watch(chain)
            self._walk(generation, chain, 0, self._activity, 0)

    def _watch(self, chain: list[MessagePump]) -> None:
        """Count the messages the widgets of `chain` (not the app, which reads the keys)
        handle from now on: a walk during which none was handled finds them done."""
        for pump in self._watched:
            pump.message_signal.unsubscribe(self)
        self._watched = [pump for pump in chain[:-1] if pump.is_running]
        for pump in self._watched:
            pump.message_signal.subscribe(self, self._note, immediate=True)

    def _note(self, message: Message) -> None:
        if not isinstance(message, Prompt):  # the walk's own nudge to an idle widget
            self._activity += 1

    def _walk(self, generation: int, chain: list[MessagePump], index: int, seen: int,
              walks: int) -> None:
        """Wait for each widget of `chain` in turn, bottom up, to run out of messages
        (what the key set off bubbles up this chain). A walk during which they handled
        anything (an action of the app's posted a message back down, say) is walked
        again; the first quiet walk lets the next key through."""
        if generation != self._generation:
            return
        while index < len(chain) and not chain[index].is_running:
            index += 1  # removed meanwhile: nothing more will come from it
        if index == len(chain):
            if self._activity != seen and walks < MAX_WALKS:
                self._walk(generation, chain, 0, self._activity, walks + 1)
            else:
                self._release(generation)
            return
        if self._watchdog is None:
            self._watchdog = self.set_interval(STUCK_AFTER, self._unstick, pause=True)
        self._watchdog.reset()
        self._watchdog.resume()
        chain[index].call_next(self._walk, generation, chain, index + 1, seen, walks)

    def _release(self, generation: int) -> None:
        if generation != self._generation:
            return
        if self._watchdog is not None:
            self._watchdog.pause()
        if self._held:
            self.call_later(self._dispatch_key, *self._held.popleft())
        else:
            self._busy = False
            self.key_time = None
            self._watch([])
            self.keys_done()

    def keys_done(self) -> None:
        """Every key read so far has been handled, all it set off done: work put off to
        keep keys quick (the app's garbage collection) may run now."""

    def _unstick(self) -> None:
        """The safety net: the key's effects never reported done."""
        if self._busy:
            self._release(self._generation)

    @property
    def keys_settled(self) -> bool:
        """Whether every key read so far has been handled, with all it set off."""
        return not self._busy


def key_time(app: App) -> float:
    """When the key being handled was pressed (now, for an edit not made by a key)."""
    arrived = getattr(app, "key_time", None)
    return time.monotonic() if arrived is None else arrived
