"""The stepper down the designer's left side: the system's build steps, each marked
done, needing attention or not yet visited, with the points each step adds."""

from __future__ import annotations

from collections.abc import Sequence

from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive

from designer.systems import GameSystem, Step
from designer.tally import Tally
from designer.tui.widgets.lines import LineWidget

MARKS = {
    "done": ("✓", "$success"),
    "warning": ("!", "$warning"),
    "error": ("✗", "$error"),
    "todo": ("·", "$foreground-muted"),
}


MAX_STEP_KEYS = 9  # the digit keys that go to a step
#: alt+1…alt+9 as terminals send them: Textual reads ESC and a digit as the character
#: macOS types for option+digit (¡ ™ £ ¢ ∞ § ¶ • ª), so both name each step key
STEP_KEYS = tuple(f"alt+{n},{key}" for n, key in enumerate(
    ("inverted_exclamation_mark", "trade_mark_sign", "pound_sign", "cent_sign", "infinity",
     "section_sign", "pilcrow_sign", "bullet", "ª"), start=1))


class Stepper(LineWidget, can_focus=True):
    """Up/down move between steps (the editor follows); enter goes into the step."""

    BINDINGS = [
        Binding("up,k", "move(-1)", "Previous step", show=False),
        Binding("down,j", "move(1)", "Next step", show=False),
        Binding("enter,right", "enter", "Edit step", show=False),
    ]

    current: reactive[int] = reactive(0, layout=False, repaint=False)

    class Selected(Message):
        """The user picked a step: with the arrows (the focus stays on the steps), or
        with a click (`enter`: the focus goes into the step, as with any way in)."""

        def __init__(self, index: int, enter: bool = False) -> None:
            super().__init__()
            self.index = index
            self.enter = enter

    class Entered(Message):
        """The user asked to go into the current step's editor."""

    def __init__(self, steps: Sequence[Step], *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.steps = tuple(steps)
        self.marks: list[str] = ["todo"] * len(self.steps)
        self.points: list[int | None] = [None] * len(self.steps)

    def show(self, marks: list[str], points: list[int | None]) -> None:
        if marks != self.marks or points != self.points:
            self.marks, self.points = list(marks), list(points)
            self.update_lines()

    def watch_current(self) -> None:
        self.update_lines()

    def lay_out(self, width: int) -> list[Content]:
        lines: list[Content] = [Content.styled("STEPS", "bold $foreground-muted")]
        for i, step in enumerate(self.steps):
            mark, style = MARKS[self.marks[i]]
            name = step.title if width >= 14 else step.label
            head = Content.assemble((mark, style), f" {i + 1} {name}")
            points = self.points[i]
            if points is not None and width >= 18:
                tail = str(points)
                head = head.pad_right(max(1, width - len(head) - len(tail))) + tail
            if i == self.current:
                head = head.pad_right(max(0, width - len(head))).stylize(
                    "bold reverse" if self.has_focus else "bold $text on $primary-muted")
            lines.append(head)
        return lines

    def watch_has_focus(self, has_focus: bool) -> None:
        """The current step's look follows the focus. Not on Focus and Blur: a widget's
        own handlers run before Textual's, which is what sets `has_focus`, so the line
        was laid out with the focus it had before (Tab onto the steps left the current
        one looking unfocused)."""
        super().watch_has_focus(has_focus)
        self.update_lines()

    def on_click(self, event: events.Click) -> None:
        index = event.y - 1
        if 0 <= index < len(self.steps):
            self.post_message(self.Selected(index, enter=True))

    def action_move(self, delta: int) -> None:
        index = max(0, min(len(self.steps) - 1, self.current + delta))
        if index != self.current:
            self.post_message(self.Selected(index))

    def action_enter(self) -> None:
        self.post_message(self.Entered())


def step_marks(game: GameSystem, keys: Sequence[str], tally: Tally, visited: set[int]
               ) -> list[str]:
    """Each step's mark: its worst finding (the system files each under the step that
    edits its field), else done or todo as it was visited; the last step's is the
    unit's verdict."""
    found: dict[str, str] = {}
    for issue in tally.issues:
        step = game.step_of(issue.field)
        if issue.severity == "error" or step not in found:
            found[step] = issue.severity
    marks = []
    last = len(keys) - 1
    for i, key in enumerate(keys):
        if i == last:
            marks.append("error" if tally.errors else "warning" if tally.warnings
                         else "done")
        elif key in found:
            marks.append(found[key])
        else:
            marks.append("done" if i in visited else "todo")
    return marks
