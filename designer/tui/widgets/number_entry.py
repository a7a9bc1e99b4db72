"""What the keys of a whole number do and how it is shown, wherever it is: a field of
its own (`Spinner`) or a row among others (`NumberRows`)."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content

from designer.tui.keys import TYPING_PAUSE

LEFT, RIGHT = "◂", "▸"


class Typed:
    """What has been typed into a field so far: a key pressed within TYPING_PAUSE of the
    previous one adds to it (1 then 0 makes 10, e then x seeks "ex"), a later one starts
    afresh. Keys are timed by when they were pressed, not when a busy app got to them."""

    def __init__(self) -> None:
        self.text = ""
        self.at = 0.0

    def add(self, character: str, now: float) -> str:
        self.text = (self.text if now - self.at <= TYPING_PAUSE else "") + character
        self.at = now
        return self.text

    def clear(self) -> None:
        self.text = ""


class NumberEntry:
    """What the keys of a whole number do, wherever it is shown (a field of its own, a
    row among others): ←/→ step it (through `choices`, when it has them), a typed digit
    replaces it unless it follows another within TYPING_PAUSE (1 then 0 makes 10), a
    number past the bounds is not taken and the digit starts afresh, backspace takes
    the last digit off. Each gives the value asked for, or None when nothing changes."""

    def __init__(self, *, minimum: int = 0, maximum: int = 99,
                 choices: Sequence[int] | None = None, step: int = 1) -> None:
        self.choices = tuple(sorted(choices)) if choices else None
        self.minimum = self.choices[0] if self.choices else minimum
        self.maximum = self.choices[-1] if self.choices else maximum
        self.step = step
        self.typed = Typed()

    def taken(self, value: int, current: int) -> int | None:
        """`value` within the bounds, or None when it is not a choice or not a change."""
        value = max(self.minimum, min(self.maximum, value))
        if self.choices and value not in self.choices:
            return None
        return value if value != current else None

    def stepped(self, current: int, delta: int) -> int | None:
        self.typed.clear()
        if self.choices:
            index = self.choices.index(current) if current in self.choices else 0
            index = max(0, min(len(self.choices) - 1, index + delta))
            return self.taken(self.choices[index], current)
        return self.taken(current + delta * self.step, current)

    def digit(self, current: int, digit: int, now: float) -> int | None:
        """The value with `digit` typed at `now`; raises ValueError when the number typed
        is out of bounds (the field says so: a bell)."""
        typed = self.typed.add(str(digit), now)
        if int(typed) > self.maximum:
            typed = self.typed.text = str(digit)  # past the bound: the digit starts afresh
        typed = self.typed.text = typed.lstrip("0") or "0"
        value = int(typed)
        if value > self.maximum or value < self.minimum:
            self.typed.clear()
            raise ValueError(value)
        return self.taken(value, current)

    def erased(self, current: int) -> int | None:
        typed = self.typed.text
        typed = self.typed.text = typed[:-1] if typed else str(abs(current))[:-1]
        return self.taken(int(typed or "0") if not self.choices else current, current)


def shown_number(value: int, signed: bool) -> str:
    return f"{value:+d}" if signed else str(value)


def value_width(entry: NumberEntry, signed: bool) -> int:
    """The cells the widest value of `entry` takes."""
    return max(len(shown_number(entry.minimum, signed)),
               len(shown_number(entry.maximum, signed)))


def between_arrows(shown: str, note: str | Content, focused: bool) -> Content:
    """A value between its arrows, and its note: "◂ +1 ▸ Slightly superhuman", a number
    or a choice stepped with ←/→."""
    parts: list[str | Content | tuple[str, str]] = [
        (LEFT, "$foreground-muted"), " ", (shown, "bold reverse" if focused else "bold"), " ",
        (RIGHT, "$foreground-muted")]
    if note:
        parts += [" ", note]
    return Content.assemble(*parts)
