"""A reference model of what keys do to the designer's fields, written from what each
field promises a user (not from its code): what a burst of keys should leave in every
field, and where the focus should be after each key. The stress test on a pseudo-terminal
compares the designer with it.

Fields: a text field (Textual's Input: the text is selected when the field is reached by
Tab; a printable key replaces a selection or inserts at the cursor; backspace, ←, →,
home, end), a number field (a typed digit replaces the value unless it follows another
within a second; past the bounds it starts afresh, and a number outside them is refused;
←/→ and -/+ step it; backspace takes a digit off), a choice of named options (←/→ and
space step round; letters seek the option they start, one letter again and again stepping
through those it starts) and the steps list. Tab and shift+tab go round the fields in
order; ↑/↓ do the same from a number field or a choice; pgdn then pgup, or pgup on the
first step, lands on the step's entry field."""

from __future__ import annotations

import random
import string
from collections.abc import Callable
from dataclasses import dataclass, field

PAUSE = 1.0  # seconds after which typing starts afresh
SAFE_LETTERS = "".join(c for c in string.ascii_letters if c not in "qxjkQXJK")


@dataclass
class Text:
    value: str
    max_length: int
    cursor: int = 0
    anchor: int = 0  # the selection runs from anchor to cursor

    def focus(self) -> None:
        self.anchor, self.cursor = 0, len(self.value)

    def key(self, key: str) -> None:
        start, end = sorted((self.anchor, self.cursor))
        if len(key) == 1:
            new = self.value[:start] + key + self.value[end:]
            if len(new) <= self.max_length:
                self.value, self.cursor = new, start + 1
            else:
                self.cursor = end if start != end else self.cursor
        elif key == "backspace":
            if start != end:
                self.value, self.cursor = self.value[:start] + self.value[end:], start
            elif start > 0:
                self.value, self.cursor = self.value[:start - 1] + self.value[start:], start - 1
        elif key == "left":
            self.cursor = start if start != end else max(0, self.cursor - 1)
        elif key == "right":
            self.cursor = end if start != end else min(len(self.value), self.cursor + 1)
        elif key == "home":
            self.cursor = 0
        elif key == "end":
            self.cursor = len(self.value)
        self.anchor = self.cursor


@dataclass
class Number:
    value: int
    minimum: int
    maximum: int
    typed: str = ""
    typed_at: float = -100.0

    def focus(self) -> None:
        self.typed = ""

    def _set(self, value: int) -> None:
        self.value = max(self.minimum, min(self.maximum, value))

    def key(self, key: str, now: float) -> None:
        if key.isdigit():
            typed = (self.typed if now - self.typed_at <= PAUSE else "") + key
            self.typed_at = now
            if int(typed) > self.maximum:
                typed = key
            typed = typed.lstrip("0") or "0"
            if not self.minimum <= int(typed) <= self.maximum:
                self.typed = ""
                return
            self.typed = typed
            self._set(int(typed))
        elif key in ("left", "right", "minus", "plus"):
            self.typed = ""
            self._set(self.value + (1 if key in ("right", "plus") else -1))
        elif key == "backspace":
            self.typed = self.typed[:-1] if self.typed else str(abs(self.value))[:-1]
            self._set(int(self.typed or "0"))


@dataclass
class Choice:
    value: str
    options: list[tuple[str, str]]  # (value, label)
    typed: str = ""
    typed_at: float = -100.0

    def focus(self) -> None:
        self.typed = ""

    def key(self, key: str, now: float) -> None:
        values = [v for v, _ in self.options]
        here = values.index(self.value)
        if key in ("left", "right", "space"):
            self.typed = ""
            self.value = values[(here + (-1 if key == "left" else 1)) % len(values)]
            return
        typed = (self.typed if now - self.typed_at <= PAUSE else "") + key
        self.typed_at = now
        wanted = typed.casefold()
        labels = [(v, label.strip().casefold()) for v, label in self.options]
        if len(set(wanted)) == 1:  # the same letter again: the next option it starts
            order = labels[here + 1:] + labels[:here + 1]
            wanted = wanted[0]
        else:
            order = labels[here:] + labels[:here]
        match = next((v for v, label in order if label.startswith(wanted)), None)
        if match is None:
            self.typed = typed[:-1]
        else:
            self.typed, self.value = typed, match


@dataclass
class Designer:
    """One step of the designer: its fields in focus order (the steps list among them,
    as None), the name field's id and the step's entry field."""

    fields: dict[str, Text | Number | Choice | None]
    name_id: str
    entry: str
    focus: str = ""
    #: the document's name: the last non-blank text the name field held
    name: str = ""
    order: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.order = list(self.fields)
        self.focus = self.entry
        name = self.fields[self.name_id]
        assert isinstance(name, Text)
        self.name = name.value.strip()

    def _move(self, to: str) -> None:
        self.focus = to
        target = self.fields[to]
        if target is not None:
            target.focus()

    def _step(self, delta: int) -> None:
        order = self.order
        self._move(order[(order.index(self.focus) + delta) % len(order)])

    def key(self, key: str, now: float) -> None:
        """What `key`, pressed at `now`, does."""
        here = self.fields[self.focus]
        if key in ("tab", "shift+tab"):
            self._step(1 if key == "tab" else -1)
        elif key in ("up", "down") and isinstance(here, (Number, Choice)):
            self._step(1 if key == "down" else -1)
        elif key in ("step-back", "enter"):  # pgdn then pgup / pgup on the first step
            self._move(self.entry)
        elif isinstance(here, Text):
            before = here.value
            here.key(" " if key == "space" else key)
            if self.focus == self.name_id and here.value != before and here.value.strip():
                self.name = here.value.strip()
            elif self.focus != self.name_id and here.value != before:
                self._redrawn()
        elif isinstance(here, (Number, Choice)):
            before_value = here.value
            here.key(key, now)
            if here.value != before_value:
                self._redrawn()

    def _redrawn(self) -> None:
        """An edit redraws the designer: the name field, when it is not being typed in,
        shows the unit's name again (a name emptied and left is never the unit's)."""
        name = self.fields[self.name_id]
        assert isinstance(name, Text)
        if name.value.strip() != self.name:
            name.value = self.name
            name.cursor = name.anchor = min(name.cursor, len(self.name))

    def keys_for_focus(self, rng: random.Random) -> str:
        """A key a user might press where the focus is (the model's focus: if the
        designer's differs, the keys land elsewhere and the fields show it)."""
        here = self.fields[self.focus]
        moves = ["tab", "shift+tab", "step-back"]
        if here is None:  # the steps list
            return rng.choice(["tab", "shift+tab", "enter"])
        if isinstance(here, Text):
            pool = [*rng.choice([string.ascii_letters, string.digits, " "]),
                    "backspace", "left", "right", "home", "end", "space"]
            if self.focus == self.name_id:
                pool.append("enter")
            return rng.choice(pool * 3 + moves)
        if isinstance(here, Number):
            pool = [*string.digits, "left", "right", "minus", "plus", "backspace", "up",
                    "down", rng.choice(SAFE_LETTERS)]
            return rng.choice(pool * 2 + moves)
        pool = [*string.ascii_lowercase[:8], rng.choice(string.digits), "left", "right",
                "space", "up", "down"]
        pool += [label.strip()[0].lower() for _, label in here.options]
        return rng.choice(pool * 2 + moves)

    def burst(self, rng: random.Random, now: float, size: int,
              send: Callable[[str], float] | None = None) -> list[str]:
        """`size` keys as the model sees them, applied to the model as they are made.
        `send` types a key and says when, in seconds after `now`: a key is applied at
        the time it was really typed (a busy machine can hold a typist back)."""
        out = []
        for _ in range(size):
            key = self.keys_for_focus(rng)
            if key == "enter" and self.focus == self.name_id and not self.name_field_text():
                key = "tab"
            out.append(key)
            self.key(key, now + (send(key) if send is not None else 0.0))
        return out

    def name_field_text(self) -> str:
        name = self.fields[self.name_id]
        assert isinstance(name, Text)
        return name.value.strip()
