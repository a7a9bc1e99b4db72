"""What every step editor shares, whatever the game system: the `View` it is given,
the messages it posts (`EditUnit`, `GoToStep`, `RunAction`) and `StepEditor`, the base
that shows the step's guidance and the findings filed under the step."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast

from textual.app import ComposeResult
from textual.content import Content
from textual.css.query import NoMatches
from textual.message import Message
from textual.widget import Widget
from textual.widgets import OptionList, Static

from designer.systems import Assessment, GameSystem, Step
from designer.tally import Issue, Line, Tally
from designer.tui.editors.kit.picker import Picker
from designer.tui.widgets.scroll import LiveScroll
from designer.tui.widgets.shown import Findings, StepFindings
from designer.tui.widgets.tally import issue_content

#: the class of the fields bound to the unit (`kit.fields`): `sync` shows each the view
BOUND = "bound"

U = TypeVar("U")  # the system's unit
C = TypeVar("C")  # its catalog
F = TypeVar("F")  # a unit's final values
W = TypeVar("W", bound=Widget)


class BoundField(Protocol):
    def show_view(self, view: View) -> None: ...


@dataclass(frozen=True, slots=True)
class View(Generic[U, C, F]):
    """What every editor is shown: the system, its catalog and the unit's assessment
    (the unit, its final values and its tally), worked out once per edit. A system's
    editors see it with their own types (`View[Unit, Catalog, Final]`)."""

    game: GameSystem[U, C, F]
    catalog: C
    assessment: Assessment[U, F]
    #: the edit came from outside the step's fields (undo, redo, a catalog pick): a text
    #: field being typed in shows it too
    external: bool = False

    @property
    def unit(self) -> U:
        return self.assessment.unit

    @property
    def final(self) -> F:
        return self.assessment.final

    @property
    def tally(self) -> Tally:
        return self.assessment.tally

    def issues_of(self, key: str) -> list[Issue]:
        """The findings the system files under the step `key`."""
        return [i for i in self.tally.issues if self.game.step_of(i.field) == key]


class EditUnit(Message):
    """An editor asks for an edit: `change` makes the new unit from the present one.

    The change is applied to the unit as it is when the screen handles the message (not
    as the editor last saw it), so quick keys queued one behind another all count.
    `merge` groups keystrokes into one undo step; `focus` names the widget to focus once
    the editor has caught up."""

    def __init__(self, change: Callable[[Any], Any], merge: Hashable | None = None,
                 focus: str | None = None) -> None:
        super().__init__()
        self.change = change
        self.merge = merge
        self.focus = focus


class GoToStep(Message):
    """An editor asks the designer to show the step `key`."""

    def __init__(self, key: str) -> None:
        super().__init__()
        self.key = key


class RunAction(Message):
    """An editor asks the screen to run one of its actions ("save", "export", ...)."""

    def __init__(self, action: str) -> None:
        super().__init__()
        self.action = action


def pts(points: int) -> str:
    return f"{points} pt" if abs(points) == 1 else f"{points} pts"


def let_go_of_focus(widgets: Sequence[Widget]) -> None:
    """Take the focus off `widgets` and what is inside them, before they are removed or
    composed again: else Textual hands it on to another field (the unit's name)
    meanwhile, which repaints the footer twice and is where a key could land before the
    focus comes back."""
    focused = widgets[0].screen.focused if widgets else None
    if focused is not None and any(w is focused or w in focused.ancestors for w in widgets):
        focused.screen.set_focus(None)


async def compose_again(widget: Widget) -> None:
    """`widget` composed again, the focus held inside it let go first."""
    let_go_of_focus([widget])
    await widget.recompose()


class StepEditor(LiveScroll, Generic[U, C, F], can_focus=False):
    """Base of the step editors: the step's guidance, its fields, and its findings.

    A subclass composes its fields, says which changes need them rebuilt
    (`structure`) and updates them in place otherwise (`update_fields`); the kit's bound
    fields and pickers `sync` keeps up to date itself. Edits are `EditUnit` messages
    (`edit()`, or a kit field's own). The class methods tell the designer's side panels
    what the step adds to the tally."""

    #: False for a step whose choices are priced under other steps (its points show –)
    OWN_POINTS: ClassVar[bool] = True
    #: the id of the field the focus lands on whenever the step is entered (pgdn, pgup,
    #: alt+N, a click, the palette); None: its first field. A step for adding lands on
    #: its search box or its list, not on what was added already.
    ENTRY_FIELD: ClassVar[str | None] = None

    def __init__(self, view: View[U, C, F], step: Step, *, id: str | None = None) -> None:
        super().__init__(id=id, classes=f"step-editor {self.DEFAULT_CLASSES}".strip())
        self.view = view
        self.step = step

    @property
    def key(self) -> str:
        return self.step.key

    # what the step adds to the tally (asked of the class by the stepper and tally panel)
    @classmethod
    def tally_lines(cls, key: str, view: View[U, C, F]) -> list[Line]:
        """The tally lines the side panel itemises under this step."""
        return [line for line in view.tally.breakdown if line.step == key]

    @classmethod
    def step_points(cls, key: str, tally: Tally) -> int | None:
        """The points this step adds, or None when it has none of its own."""
        if not cls.OWN_POINTS:
            return None
        return sum(line.points for line in tally.breakdown if line.step == key)

    # composition
    def compose(self) -> ComposeResult:
        if self.step.guidance:
            yield Static(self.step.guidance, classes="intro")
        yield from self.compose_fields()
        findings = StepFindings(classes="step-issues")
        findings.display = False  # until the step has a finding
        yield findings

    def compose_fields(self) -> ComposeResult:
        yield from ()

    # keeping up with the unit
    def structure(self, view: View[U, C, F]) -> Hashable:
        """Changes in this value need the editor rebuilt; other changes update in place."""
        return None

    async def sync(self, view: View[U, C, F], focus: str | None = None) -> None:
        rebuild = self.structure(view) != self.structure(self.view)
        self.view = view
        focused = self.screen.focused
        keep = focus or (focused.id if focused is not None and focused.id and
                         self in focused.ancestors else None)
        if rebuild:
            highlights = {w.id: w.highlighted for w in self.query(OptionList) if w.id}
            await compose_again(self)
            for widget in self.query(OptionList):
                index = highlights.get(widget.id or "")
                if index is not None and index < widget.option_count:
                    widget.highlighted = index
            if keep:
                self.focus_id(keep)
        await self.update_fields(view)
        # a walk, not a query: a selector matched against every field cost more than
        # showing them (0.3 ms a query on a step of 60 widgets)
        for field in self.walk_children(Widget):
            if isinstance(field, Picker):
                field.refill()
            elif field.has_class(BOUND):
                cast(BoundField, field).show_view(view)
        if focus and not rebuild:
            self.focus_id(focus)
        if focused is not None and self.screen.focused is None:
            # what had the focus is gone (undo took its row away): the step's entry field
            entry = self.entry_field()
            if entry is not None:
                self.screen.set_focus(entry)
        self.show_issues(view)

    def field_by_id(self, widget_id: str, kind: type[W]) -> W | None:
        """The widget of the step with the id `widget_id`, or None when it has none. By
        id: a selector query matches every widget of the step, which cost more than
        showing them (0.2-0.3 ms a query on a step of 60 widgets)."""
        try:
            return self.query_one(f"#{widget_id}", kind)
        except NoMatches:
            return None

    def focus_id(self, widget_id: str) -> None:
        focused = self.screen.focused
        if focused is not None and focused.id == widget_id and self in focused.ancestors:
            return  # where it is already: an edit's usual case, spared a query
        found = self.field_by_id(widget_id, Widget)
        if found is not None:
            self.screen.set_focus(found)  # at once, before any queued key

    async def update_fields(self, view: View[U, C, F]) -> None:
        """Bring the fields up to date without rebuilding them."""

    def findings(self, view: View[U, C, F]) -> list[Issue]:
        """The findings the step shows: those filed under it."""
        return view.issues_of(self.key)

    def show_issues(self, view: View[U, C, F]) -> None:
        """The step's findings; once shown, blank lines while it has none (their height
        kept, `StepFindings`)."""
        mine = self.findings(view)
        widget = self.query_one(".step-issues", Findings)
        if mine and not widget.display:
            widget.display = True
        if widget.display:
            widget.show(Content("\n").join(issue_content(i) for i in mine))

    def entry_field(self) -> Widget | None:
        """Where the focus lands when the step is entered, however it is entered."""
        if self.ENTRY_FIELD is not None:
            widget = self.field_by_id(self.ENTRY_FIELD, Widget)
            if widget is not None and widget.focusable:
                return widget
        return next((w for w in self.walk_children(Widget) if w.focusable), None)

    def edit(self, change: Callable[..., Any], *args: Any, merge: Hashable | None = None,
             focus: str | None = None, **kwargs: Any) -> None:
        """Ask for `change(unit, *args, **kwargs)` to be made to the present unit."""
        self.post_message(EditUnit(lambda unit: change(unit, *args, **kwargs), merge, focus))
