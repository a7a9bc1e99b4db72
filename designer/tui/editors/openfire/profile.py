"""Open Fire step three: each entry's MOV, SKL, DEF, CMD and HP, the targets with their
d12 chance beside them ("SKL ◂ 7 ▸ → 50%"), and under the entry what one step either way
would do to the points."""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial
from typing import cast

from textual import events
from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Static

from designer.systems import Step
from designer.systems.openfire import edits
from designer.systems.openfire.fold import Figure
from designer.systems.openfire.models import Unit
from designer.tui.editors.kit.fields import NumberField
from designer.tui.editors.openfire.common import (
    OFEditor,
    OFView,
    chance,
    entry_points,
    entry_title,
    figures,
)
from designer.tui.widgets.shown import muted, set_content

#: spinner key -> (label, the model entry's attribute, lowest, highest)
STATS: dict[str, tuple[str, str, int, int]] = {
    "mov": ("MOV", "mov", 0, 99),
    "skl": ("SKL", "skl", 2, 12),
    "def": ("DEF", "defence", 2, 12),
    "cmd": ("CMD", "cmd", 2, 12),
    "hp": ("HP", "hp", 1, 99),
}
MOV_MIN, MOV_MAX = "movmin", "movmax"


def aircraft_mov(fig: Figure) -> bool:
    """Whether the entry's MOV is edited as a [min, max] range (an aircraft's)."""
    return isinstance(base_value(fig, "mov"), (list, tuple)) or fig.has("Aircraft")


def base_value(fig: Figure, key: str) -> int | list[int] | tuple[int, int] | None:
    """The entry's own value, else its module profile's (before upgrades)."""
    attr = STATS[key][1]
    own = getattr(fig.entry, attr)
    if own is not None:
        return own
    return getattr(fig.profile, attr) if fig.profile is not None else None


def final_value(fig: Figure, key: str) -> int | list[int] | tuple[int, int] | None:
    return getattr(fig, STATS[key][1])


def mov_pair(fig: Figure) -> tuple[int, int]:
    value = base_value(fig, "mov")
    if isinstance(value, (list, tuple)):
        return int(value[0]), int(value[1])
    return (value or 0, value or 0)


class ProfileEditor(OFEditor):
    DEFAULT_CLASSES = "of-editor"

    def __init__(self, view: OFView, step: Step, *, id: str | None = None) -> None:
        super().__init__(view, step, id=id)
        self._effect: tuple[Unit, str, str] | None = None  # (unit, spinner id, text)

    def structure(self, view: OFView) -> Hashable:
        return tuple((f.name, aircraft_mov(f)) for f in figures(view))

    def compose_fields(self) -> ComposeResult:
        view = self.view
        figs = figures(view)
        width = 7 if any(aircraft_mov(f) for f in figs) else 3
        for i, fig in enumerate(figs):
            yield Static(id=f"entry-head-{i}", classes="group entry-head")
            rows = [(MOV_MIN, "MOV min", 0, 99), (MOV_MAX, "MOV max", 0, 99)] \
                if aircraft_mov(fig) else []
            rows += [(key, label, low, high) for key, (label, _attr, low, high)
                     in STATS.items() if key != "mov" or not aircraft_mov(fig)]
            for key, label, low, high in rows:
                yield NumberField(view, label, partial(self._value, i, key),
                                  partial(self._set, i, key), note=partial(self._note, i, key),
                                  minimum=low, maximum=high, key=(i, key), label_width=width,
                                  id=f"stat-{i}-{key}", classes="stat")
            yield Static(id=f"effect-{i}", classes="hint effect")

    async def update_fields(self, view: OFView) -> None:
        for i, fig in enumerate(figures(view)):
            head = Content.assemble((entry_title(fig), "bold"), " · ",
                                    entry_points(view.final, i))
            if fig.profile is not None:
                head += muted(" · module profile" if fig.profile.name == fig.name
                              else f" · profile {fig.profile.name}")
            if fig.changed:
                head += muted(f" (changed: {', '.join(fig.changed)})")
            set_content(self.query_one(f"#entry-head-{i}", Static), head)
        self.show_effect(view)

    @staticmethod
    def _value(i: int, key: str, view: OFView) -> int:
        fig = figures(view)[i]
        if key in (MOV_MIN, MOV_MAX):
            return mov_pair(fig)[key == MOV_MAX]
        value = base_value(fig, key)
        return value if isinstance(value, int) else 0

    def _set(self, i: int, key: str, unit: Unit, value: int, view: OFView | None = None
             ) -> Unit:
        fig = figures(view or self.view)[i]
        if key in (MOV_MIN, MOV_MAX):
            low, high = mov_pair(fig)
            return edits.set_stat(unit, i, "mov",
                                  (value, high) if key == MOV_MIN else (low, value))
        return edits.set_stat(unit, i, key, _stored(fig, key, value))

    @staticmethod
    def _note(i: int, key: str, view: OFView, value: int) -> Content:
        """The chance of the value as it plays (after upgrades), and what changed it."""
        if key in (MOV_MIN, MOV_MAX):
            return Content("")
        fig = figures(view)[i]
        base, final = base_value(fig, key), final_value(fig, key)
        if base is None:
            return Content.styled("missing", "$error")
        text = chance(key, final, fig) if isinstance(final, int) else ""
        if final != base:
            shown = "-".join(map(str, final)) if isinstance(final, tuple) else str(final)
            text = f"{shown} upgraded {text}".rstrip()
        return Content.styled(text, "$accent" if text.startswith("→") else "$foreground-muted")

    # what a change does to the points: only the focused field's, worked out once, after
    # the paint of the edit itself (two more pricings never hold back the field and total)
    def show_effect(self, view: OFView) -> None:
        focused = self.screen.focused if self.is_attached else None
        spinner = focused if isinstance(focused, NumberField) and focused.parent is self \
            and "stat" in focused.classes else None
        for i in range(len(figures(view))):
            widget = self.query_one(f"#effect-{i}", Static)
            if spinner is None or cast(tuple[int, str], spinner.key)[0] != i:
                if widget.display:
                    widget.display = False
                continue
            kept = self._kept_effect(view, spinner)
            if kept is not None:
                self._show_effect_text(widget, kept)
            else:  # the line shown until then is the last value's, a frame old
                self.call_after_refresh(self._work_out_effect, view, spinner, widget)

    def _work_out_effect(self, view: OFView, spinner: NumberField, widget: Static) -> None:
        if view is self.view and spinner is self.screen.focused:  # not yet overtaken
            self._show_effect_text(widget, self._effect_text(view, spinner))

    @staticmethod
    def _show_effect_text(widget: Static, text: str) -> None:
        if widget.display != bool(text):
            widget.display = bool(text)
        if text:
            set_content(widget, muted(text))

    def _kept_effect(self, view: OFView, spinner: NumberField) -> str | None:
        kept = self._effect
        if kept is not None and kept[0] is view.unit and kept[1] == spinner.id:
            return kept[2]
        return None

    def _effect_text(self, view: OFView, spinner: NumberField) -> str:
        kept = self._kept_effect(view, spinner)
        if kept is not None:
            return kept
        i, key = cast(tuple[int, str], spinner.key)
        label = spinner.label.strip()
        value = spinner.read(view)  # the view's: the field is shown it after this
        parts = []
        for near in (value - 1, value + 1):
            if not spinner.entry.minimum <= near <= spinner.entry.maximum:
                continue
            changed = self._changed(view, i, key, near)
            if changed is None:
                continue
            delta = view.game.assess(changed, view.catalog).tally.total - view.tally.total
            parts.append(f"{label} {near}: {'±0' if delta == 0 else f'{delta:+d}'}")
        text = f"{' · '.join(parts)} pts" if parts else ""
        catalog = view.final.catalog
        fig = figures(view)[i]
        if text and catalog.mode == "listed" and fig.profile is not None \
                and fig.profile.points is not None and not fig.changed:
            text += f" ({catalog.costing.costing} prices a changed profile)"
        self._effect = (view.unit, spinner.id or "", text)
        return text

    def _changed(self, view: OFView, i: int, key: str, value: int) -> Unit | None:
        """The unit with the entry's `key` at `value`, or None when that cannot be."""
        try:
            return self._set(i, key, view.unit, value, view)
        except ValueError:  # pydantic's ValidationError is one
            return None

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self.show_effect(self.view)


def _stored(fig: Figure, key: str, value: int) -> int | None:
    """What the entry stores for `value`: nothing when it is its profile's (so a module
    profile stays unchanged and keeps its listed points)."""
    if fig.profile is not None and getattr(fig.profile, STATS[key][1]) == value:
        return None
    return value
