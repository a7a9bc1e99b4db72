"""What the Open Fire step editors share: short texts for attributes, weapons and rules,
the catalog a unit plays (its module's), the edits the steps make of several pure edits,
and `EntryEditor`, the base of the steps that add things to one model entry at a time."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from pydantic import ValidationError
from textual import on
from textual.app import ComposeResult

from designer.escaping import printable
from designer.systems import Step
from designer.systems.openfire import dice, edits
from designer.systems.openfire.catalog import Catalog
from designer.systems.openfire.cost import Final
from designer.systems.openfire.fold import Figure, Shot
from designer.systems.openfire.models import Unit, Weapon
from designer.tui.editors.base import StepEditor, View, pts
from designer.tui.editors.kit.picker import Picker
from designer.tui.widgets.fields import Cycle

OFView = View[Unit, Catalog, Final]
OFEditor = StepEditor[Unit, Catalog, Final]

LEADER = "★"
INCH = "″"
NAME_WIDTH = 18  # the most of an entry's name a field's label shows


def cut(text: str, width: int) -> str:
    """`text` as shown (`printable`), at most `width` characters, an ellipsis marking a
    cut."""
    return printable(text, max(1, width))


def catalog_of(view: OFView) -> Catalog:
    """The catalog the unit plays: the core with the unit's own module."""
    return view.final.catalog


def figures(view: OFView) -> tuple[Figure, ...]:
    return view.final.figures


def entry_title(fig: Figure) -> str:
    """'★ Ranger Sergeant', 'Ranger ×4': the leader marked; shown as written."""
    return printable(f"{LEADER} {fig.label}" if fig.leader else fig.label)


def entry_points(final: Final, index: int) -> str:
    return pts(final.entry_points[index]) if index < len(final.entry_points) else "?"


def rng_text(rng: tuple[int, int] | None) -> str:
    if rng is None:
        return "RNG –"
    low, high = rng
    return f"{high}{INCH}" if low == 0 else f"{low}-{high}{INCH}"


def shot_text(shot: Shot, *, rules: bool = True) -> str:
    """'18″ A2 D1 P1 Rapid Fire': a weapon profile's numbers and rules."""
    numbers = [rng_text(shot.rng)] + [f"{w}{'–' if v is None else v}" for w, v in
                                      (("A", shot.att), ("D", shot.dmg), ("P", shot.prc))]
    text = " ".join(numbers)
    if rules and shot.rules:
        text += " " + ", ".join(r.label for r in shot.rules)
    return text


def weapon_data_text(weapon: Weapon) -> str:
    """A weapon of the unit's own or the module's, before folding: '24″ A2 D1 P1'."""
    if weapon.profiles:
        return f"{len(weapon.profiles)} profiles: " + ", ".join(p.label for p in
                                                               weapon.profiles)
    rng = weapon.rng
    reach = (f"{rng[0]}-{rng[1]}{INCH}" if isinstance(rng, list) else
             "RNG –" if rng is None else f"{rng}{INCH}")
    parts = [reach] + [f"{w}{'–' if v is None else v}" for w, v in
                       (("A", weapon.att), ("D", weapon.dmg), ("P", weapon.prc))]
    if weapon.special:
        parts.append(", ".join(r.label for r in weapon.special))
    return " ".join(parts)


# --- chances ------------------------------------------------------------------------------

#: the re-roll a rule gives a test, and the chance it makes of a target
_REROLLS = {
    "skl": ("Skilled", lambda t: dice.hit(t, skilled=True)),
    "def": ("Resilient", lambda t: 1 - dice.defence_fail(t, resilient=True)),
    "cmd": ("Fearless", lambda t: dice.command_pass(t, fearless=True)),
}


def chance(key: str, value: int | None, fig: Figure | None = None) -> str:
    """'→ 50%': the chance to pass a d12 test against a target; with the re-roll a rule
    of the model gives, '→ 78% Skilled'. Nothing for MOV and HP."""
    if key not in _REROLLS or value is None:
        return ""
    rule, rerolled = _REROLLS[key]
    if fig is not None and fig.has(rule):
        return f"→ {dice.percent(rerolled(value))} {rule}"
    return f"→ {dice.percent(dice.p(value))}"


# --- edits made of several pure edits -------------------------------------------------------


def carried_names(unit: Unit, catalog: Catalog, index: int) -> list[str]:
    """The weapons entry `index` lists, or its module profile's when it lists none."""
    entry = unit.models[index]
    if entry.weapons:
        return [w.name for w in entry.weapons]
    profile = catalog.profile(entry.profile) if entry.profile else None
    return list(profile.weapons) if profile is not None else []


def _listed(unit: Unit, catalog: Catalog, index: int) -> Unit:
    """The entry with its profile's weapons written out, so one can be added or taken
    away without losing the others."""
    if unit.models[index].weapons:
        return unit
    for name in carried_names(unit, catalog, index):
        unit = edits.add_weapon(unit, index, name)
    return unit


def give_weapon(unit: Unit, catalog: Catalog, index: int, name: str) -> Unit:
    return edits.add_weapon(_listed(unit, catalog, index), index, name)


def take_weapon(unit: Unit, catalog: Catalog, index: int, weapon: int) -> Unit:
    return edits.remove_weapon(_listed(unit, catalog, index), index, weapon)


def valid(change: Callable[..., Unit], unit: Unit, *args: Any) -> str | None:
    """None when `change(unit, *args)` makes a unit the file format takes, else why not
    (the editors ask before they post an edit, which must not fail)."""
    try:
        change(unit, *args)
    except ValidationError as exc:
        problem = exc.errors(include_url=False)[0]
        where = ".".join(str(p) for p in problem.get("loc", ()) if isinstance(p, str))
        message = str(problem.get("ctx", {}).get("error", problem["msg"]))
        return f"{where}: {message}" if where else message
    except (KeyError, ValueError) as exc:
        return str(exc)
    return None


# --- a step that adds to one entry at a time ------------------------------------------------


class EntryEditor(OFEditor):
    """A step with an "Add to" choice of the model entry its list adds to."""

    TARGET_ID = "add-target"
    DEFAULT_CLASSES = "of-editor"

    def __init__(self, view: OFView, step: Step, *, id: str | None = None) -> None:
        super().__init__(view, step, id=id)
        self.target = 0

    def target_of(self, view: OFView) -> int:
        return max(0, min(self.target, len(figures(view)) - 1))

    @staticmethod
    def targets(view: OFView) -> list[tuple[Hashable, str]]:
        return [(i, cut(f.name, NAME_WIDTH)) for i, f in enumerate(figures(view))]

    def compose_target(self) -> ComposeResult:
        self.target = self.target_of(self.view)
        yield Cycle("Add to", self.targets(self.view), self.target, id=self.TARGET_ID,
                    classes="add-target")

    def show_targets(self, view: OFView) -> None:
        """The entries to add to, as they are now (one added, renamed or removed)."""
        self.target = self.target_of(view)
        target = self.field_by_id(self.TARGET_ID, Cycle)
        if target is not None:
            options = self.targets(view)
            if options != target.options:
                target.options = options
                target.refresh()
            target.value = self.target

    @on(Cycle.Changed, ".add-target")
    def retarget(self, event: Cycle.Changed) -> None:
        event.stop()
        if isinstance(event.value, int):  # the targets' values are indexes
            self.target = event.value
            self.target_changed()

    def target_changed(self) -> None:
        """The entry added to changed: the list of what it may take is filled again."""
        for picker in self.walk_children(Picker):
            picker.refill()
