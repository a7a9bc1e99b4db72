"""A unit resolved against its catalog: every model entry with its final attributes (module
profile, the entry's own values, upgrades), its special rules (own, the profile's, from
upgrades, implied by Aircraft and Vehicle), and its weapons with their profiles.

Nothing here judges or prices; names the catalog does not know are kept (marked unknown)
for the checks to report.

Its records are NamedTuples, as the system contract's are (contract.py says why); `Figure`
alone stays a frozen dataclass: its fields `count` and `index` would hide a tuple's own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from designer.systems.openfire.catalog import Catalog
from designer.systems.openfire.models import ModelEntry, RuleRef, Unit, Weapon
from designer.systems.openfire.resolve import Rule, implied, resolve_rule

if TYPE_CHECKING:
    from designer.systems.openfire.module import Effect, Profile, Upgrade, WeaponMatch

STATS = ("mov", "skl", "defence", "cmd", "hp")
#: a folded stat: a whole number, none, or (MOV alone, an aircraft's) a range
Stat = int | tuple[int, int] | None
STAT_WORDS = {"mov": "MOV", "skl": "SKL", "defence": "DEF", "def": "DEF", "cmd": "CMD",
              "hp": "HP"}
TARGETS = ("skl", "defence", "cmd")  # d12 targets: lower is better


class Shot(NamedTuple):
    """One profile of a weapon: RNG as (min, max), ATT, DMG, PRC and its rules."""

    label: str
    rng: tuple[int, int] | None
    att: int | None
    dmg: int | None
    prc: int | None
    rules: tuple[Rule, ...]
    field: str

    def has(self, name: str) -> bool:
        return any(r.plays(name) for r in self.rules)

    def x(self, name: str) -> int:
        return max((r.value for r in self.rules if r.plays(name)), default=0)

    @property
    def reach(self) -> int:
        return self.rng[1] if self.rng else 0


class Arm(NamedTuple):
    """A weapon a model carries."""

    name: str
    slot: str
    shots: tuple[Shot, ...]
    source: str  # module, unit, inline, unknown
    field: str
    points: int | None = None
    upgraded: tuple[str, ...] = ()  # upgrades that modified it
    effect_only: bool = False

    @property
    def known(self) -> bool:
        return self.source != "unknown"


class Taken(NamedTuple):
    """An upgrade a model entry took; a weapon modification's `target` is the weapon it
    modifies (the one named, else the first it may modify) and `eligible` those it may."""

    name: str
    upgrade: Upgrade | None
    weapon: str | None
    field: str
    target: str | None = None
    eligible: tuple[str, ...] = ()


@dataclass(frozen=True)
class Figure:
    """A model entry resolved: `count` models alike."""

    index: int
    entry: ModelEntry
    name: str
    count: int
    leader: bool
    profile: Profile | None
    category: str | None
    mov: int | tuple[int, int] | None
    skl: int | None
    defence: int | None
    cmd: int | None
    hp: int | None
    rules: tuple[Rule, ...]
    weapons: tuple[Arm, ...]
    upgrades: tuple[Taken, ...]
    changed: tuple[str, ...] = ()  # how it differs from its module profile

    @property
    def field(self) -> str:
        return f"models[{self.index}]"

    @property
    def label(self) -> str:
        return self.name if self.count == 1 else f"{self.name} ×{self.count}"

    def has(self, name: str) -> bool:
        return any(r.plays(name) for r in self.rules)

    def x(self, name: str) -> int:
        return max((r.value for r in self.rules if r.plays(name)), default=0)

    @property
    def vehicle(self) -> bool:
        return self.has("Vehicle")

    @property
    def top_speed(self) -> int:
        """MOV, or an aircraft's maximum."""
        if isinstance(self.mov, tuple):
            return self.mov[1]
        return self.mov or 0


class Folded(NamedTuple):
    unit: Unit
    catalog: Catalog
    figures: tuple[Figure, ...]
    category: str | None
    leader: int


def leader_index(unit: Unit) -> int:
    """The leader: the entry marked `leader: true`, else the first not marked false."""
    marked = [i for i, m in enumerate(unit.models) if m.leader]
    if marked:
        return marked[0]
    return next((i for i, m in enumerate(unit.models) if m.leader is not False), 0)


def _apply(stats: dict[str, Stat], effect: Effect) -> None:
    for key, value in effect.set.items():
        stats["defence" if key == "def" else key] = value
    for key, steps in effect.improve.items():
        name = "defence" if key == "def" else key
        _shift(stats, name, -steps if name in TARGETS else steps)
    for key, value in effect.add.items():
        _shift(stats, "defence" if key == "def" else key, value)


def _shift(stats: dict[str, Stat], name: str, by: int) -> None:
    value = stats.get(name)
    if isinstance(value, tuple):  # an aircraft's MOV: only the maximum changes [389]
        stats[name] = (value[0], value[1] + by)
    elif isinstance(value, int):
        stats[name] = value + by


def _mov(value: int | list[int] | None) -> int | tuple[int, int] | None:
    return (value[0], value[1]) if isinstance(value, list) else value


def _whole(value: Stat) -> int | None:
    """A stat other than MOV, which no upgrade or entry makes a range."""
    assert not isinstance(value, tuple), "only MOV is a range"
    return value


def _rng(value: int | list[int] | None) -> tuple[int, int] | None:
    if value is None:
        return None
    return (value[0], value[1]) if isinstance(value, list) else (0, value)


def _arm(weapon: Weapon, source: str, field: str, catalog: Catalog,
         points: int | None = None) -> Arm:
    def rules(refs: list[RuleRef], where: str) -> tuple[Rule, ...]:
        return tuple(resolve_rule(r, catalog, "weapon", f"{where}.special[{i}]", "weapon")
                     for i, r in enumerate(refs))

    if weapon.profiles:
        base = rules(weapon.special, field)
        shots = tuple(Shot(p.label, _rng(p.rng), p.att, p.dmg, p.prc,
                           base + rules(p.special, f"{field}.profiles[{i}]"),
                           f"{field}.profiles[{i}]")
                      for i, p in enumerate(weapon.profiles))
    else:
        shots = (Shot("", _rng(weapon.rng), weapon.att, weapon.dmg, weapon.prc,
                      rules(weapon.special, field), field),)
    reach = max((s.reach for s in shots), default=0)
    slot = weapon.slot or ("ranged" if reach > 1 else "melee")
    return Arm(weapon.name, slot, shots, source, field, points,
               effect_only=weapon.effect_only)


def weapon_slot(weapon: Weapon, catalog: Catalog) -> str:
    """The slot a weapon takes: its own, else ranged or melee by its reach."""
    return _arm(weapon, "module", "", catalog).slot


def _weapon(ref: Weapon, unit: Unit, catalog: Catalog, field: str) -> Arm:
    if not ref.reference:
        return _arm(ref, "inline", field, catalog)
    key = ref.name.casefold()
    for i, own in enumerate(unit.weapons):
        if own.name.casefold() == key:
            return _arm(own, "unit", f"weapons[{i}]", catalog)
    found = catalog.weapon(ref.name)
    if found is not None:
        return _arm(found, "module", field, catalog, found.points)
    return Arm(ref.name, "ranged", (), "unknown", field)


def weapon_fits(wanted: WeaponMatch | None, arm: Arm) -> bool:
    """Whether an upgrade that is for `wanted` weapons may modify `arm`."""
    if wanted is None:
        return True
    name = arm.name.casefold()
    return ((wanted.slot is None or arm.slot.casefold() == wanted.slot.casefold())
            and (not wanted.names or name in {n.casefold() for n in wanted.names})
            and name not in {n.casefold() for n in wanted.exclude}
            and (wanted.rule is None or any(s.has(wanted.rule) for s in arm.shots)))


def _target(taken: Taken, arms: list[Arm]) -> Taken:
    """A weapon modification with the weapon it modifies, and those it may."""
    upgrade = taken.upgrade
    if upgrade is None or not upgrade.on_weapon:
        return taken
    eligible = tuple(a.name for a in arms if a.known and weapon_fits(upgrade.for_weapon, a))
    if taken.weapon:
        named = next((a.name for a in arms if a.name.casefold() == taken.weapon.casefold()),
                     None)
        return taken._replace(target=named, eligible=eligible)
    return taken._replace(target=eligible[0] if eligible else None, eligible=eligible)


def _modify(arm: Arm, taken: Taken, catalog: Catalog) -> Arm:
    """`arm` as the weapon modification `taken` leaves it (unchanged if not its target)."""
    upgrade = taken.upgrade
    if upgrade is None or taken.target is None or taken.target != arm.name:
        return arm
    change, effect = upgrade.effect.weapon, upgrade.effect
    gained = tuple(resolve_rule(r, catalog, f"upgrade {upgrade.name}",
                                taken.field, "weapon") for r in effect.weapon_rules)
    shots = []
    for shot in arm.shots:
        rng = shot.rng
        if rng is not None and "rng" in change:
            rng = (rng[0], rng[1] + change["rng"])
        shots.append(shot._replace(
            rng=rng,
            att=None if shot.att is None else shot.att + change.get("att", 0),
            dmg=None if shot.dmg is None else shot.dmg + change.get("dmg", 0),
            prc=None if shot.prc is None else shot.prc + change.get("prc", 0),
            rules=shot.rules + tuple(r for r in gained if r.label.casefold() not in
                                     {h.label.casefold() for h in shot.rules})))
    return arm._replace(shots=tuple(shots), upgraded=(*arm.upgraded, taken.name))


def fold_entry(index: int, entry: ModelEntry, unit: Unit, catalog: Catalog,
               leader: bool) -> Figure:
    where = f"models[{index}]"
    profile = catalog.profile(entry.profile) if entry.profile else None
    stats: dict[str, Stat] = {key: None for key in STATS}
    changed: list[str] = []
    if profile is not None:
        stats.update(mov=_mov(profile.mov), skl=profile.skl, defence=profile.defence,
                     cmd=profile.cmd, hp=profile.hp)
    for key in STATS:
        value = getattr(entry, key)
        if value is None:
            continue
        value = _mov(value) if key == "mov" else value
        if profile is not None and value != stats[key]:
            changed.append(f"{STAT_WORDS[key]} {stats[key]} -> {_show(value)}")
        stats[key] = value
    rules: list[Rule] = []
    if profile is not None:
        rules += [resolve_rule(r, catalog, "profile", f"{where}.profile", "unit")
                  for r in profile.special]
    for i, ref in enumerate(entry.special):
        rule = resolve_rule(ref, catalog, "own", f"{where}.special[{i}]", "unit")
        listed = rule.definition is not None and rule.definition.points is not None
        if profile is not None and not listed and not any(r.name == rule.name
                                                          and r.x == rule.x for r in rules):
            changed.append(f"adds {rule.label}")
        rules.append(rule)
    taken: list[Taken] = []
    for i, chosen in enumerate(entry.upgrades):
        upgrade = catalog.upgrade(chosen.name)
        taken.append(Taken(upgrade.name if upgrade else chosen.name, upgrade, chosen.weapon,
                           f"{where}.upgrades[{i}]"))
        if upgrade is not None:
            _apply(stats, upgrade.effect)
            rules += [resolve_rule(r, catalog, f"upgrade {upgrade.name}",
                                   f"{where}.upgrades[{i}]", "unit")
                      for r in upgrade.effect.add_rules]
    refs = list(entry.weapons)
    if not refs and profile is not None:
        refs = [Weapon(name=n) for n in profile.weapons]
    arms = [_weapon(ref, unit, catalog, f"{where}.weapons[{i}]" if entry.weapons
                    else f"{where}.profile") for i, ref in enumerate(refs)]
    for i, t in enumerate(taken):
        taken[i] = t = _target(t, arms)
        arms = [_modify(a, t, catalog) for a in arms]
    category = (profile.category if profile else None) or unit.category
    return Figure(index, entry, entry.title, entry.count, leader, profile, category,
                  stats["mov"], _whole(stats["skl"]), _whole(stats["defence"]),
                  _whole(stats["cmd"]), _whole(stats["hp"]), tuple(implied(rules, catalog)),
                  tuple(arms),
                  tuple(taken), tuple(changed))


def _show(value: object) -> str:
    if isinstance(value, tuple):
        return f"{value[0]}-{value[1]}"
    return str(value)


def refold(fig: Figure, folded: Folded, **changes: object) -> Figure:
    """A model entry of `folded` folded again with some of its fields changed (without
    its upgrades, say)."""
    return fold_entry(fig.index, fig.entry.model_copy(update=changes), folded.unit,
                      folded.catalog, fig.leader)


def fold(unit: Unit, catalog: Catalog) -> Folded:
    leader = leader_index(unit)
    figures = tuple(fold_entry(i, m, unit, catalog, i == leader)
                    for i, m in enumerate(unit.models))
    category = unit.category
    leading = figures[leader].profile if figures else None
    if category is None and leading is not None:
        category = leading.category
    return Folded(unit, catalog, figures, category, leader)
