"""The checks of one Open Fire unit (spec §3.5): errors make it illegal, warnings flag
what is likely unmeant. Codes are stable; each message says how to fix it."""

from __future__ import annotations

from collections.abc import Callable

from designer.io import suggest
from designer.systems.openfire.catalog import Catalog
from designer.systems.openfire.fold import Arm, Figure, Folded, Shot
from designer.systems.openfire.limits import (
    check_limits,
    force_limits,
    options_taken,
    over_limit,
)
from designer.systems.openfire.models import split_rule
from designer.systems.openfire.priced import Priced
from designer.systems.openfire.resolve import Rule
from designer.tally import Issue

Add = Callable[[Issue], None]
SECTION = "`designer catalog {} --system openfire`"


def _error(code: str, message: str, field: str) -> Issue:
    return Issue(f"E-OF-{code}", "error", message, field)


def _warning(code: str, message: str, field: str) -> Issue:
    return Issue(f"W-OF-{code}", "warning", message, field)


def check(folded: Folded, priced: Priced) -> list[Issue]:
    out: list[Issue] = []
    catalog = folded.catalog
    leaders = [i for i, m in enumerate(folded.unit.models) if m.leader]
    if len(leaders) > 1:
        out.append(_error("LEADER-MANY", f"{len(leaders)} entries are marked leader; a unit "
                          "has exactly one leader [57]: keep leader: true on one",
                          f"models[{leaders[1]}].leader"))
    for fig in folded.figures:
        _profile(fig, catalog, out.append)
        _attributes(fig, out.append)
        _rules(fig, fig.rules, "model", catalog, out.append)
        for arm in fig.weapons:
            _weapon(arm, catalog, out.append)
        check_limits(fig, catalog, priced, out.append)
        if fig.has("Fast") and fig.has("Slow"):
            out.append(_warning("FAST-SLOW", f"{fig.name} is both Fast and Slow; Slow never "
                                "advances, so Fast does nothing [438, 482]: drop one",
                                f"{fig.field}.special"))
    _unit_wide(folded, out.append)
    out += priced.issues
    return out


def _profile(fig: Figure, catalog: Catalog, add: Add) -> None:
    name = fig.entry.profile
    if name is None or fig.profile is not None:
        return
    if catalog.module is None:
        add(_error("PROFILE-UNKNOWN", f"profile '{name}' needs a module: name the unit's "
                   "module: or write the attributes out", f"{fig.field}.profile"))
        return
    hint = suggest(name, [p.name for p in catalog.module.profiles])
    add(_error("PROFILE-UNKNOWN", f"{catalog.title} has no profile '{name}'{hint}; see "
               f"{SECTION.format('profiles')}", f"{fig.field}.profile"))


def _attributes(fig: Figure, add: Add) -> None:
    for key, word in (("skl", "SKL"), ("defence", "DEF"), ("cmd", "CMD"), ("hp", "HP")):
        value = getattr(fig, key)
        field = f"{fig.field}.{'def' if key == 'defence' else key}"
        if value is None:
            add(_error("ATTR", f"{fig.name} has no {word}; give {word.lower()}: N or a "
                       "module profile", field))
        elif value < 1:
            add(_error("ATTR", f"{fig.name}: {word} {value} is below 1; attributes are "
                       "whole numbers 1 or more", field))
        elif key != "hp" and value < 2:
            add(_warning("ATTR-RANGE", f"{fig.name}: {word} {value} plays as 2: a 1 always "
                         "fails [118]; use 2", field))
        elif key != "hp" and value > 12:
            add(_warning("ATTR-RANGE", f"{fig.name}: {word} {value} plays as 12: a natural "
                         "12 always succeeds [120]; use 12", field))
    mov, field = fig.mov, f"{fig.field}.mov"
    aircraft = fig.has("Aircraft")
    if mov is None:
        add(_error("ATTR", f"{fig.name} has no MOV; give mov: N (an aircraft [min, max])",
                   field))
    elif isinstance(mov, tuple):
        if min(mov) < 0 or mov[0] > mov[1]:
            add(_error("MOV", f"{fig.name}: MOV {mov[0]}-{mov[1]} is not a range of 0 or "
                       "more with the minimum first", field))
        if not aircraft:
            add(_error("AIRCRAFT-MOV", f"{fig.name} has a min-max MOV but is no Aircraft; "
                       "only aircraft move in a range [387]: give one number", field))
    else:
        if mov < 0:
            add(_error("MOV", f"{fig.name}: MOV {mov} is below 0; give 0 or more", field))
        if aircraft:
            add(_error("AIRCRAFT-MOV", f"{fig.name} is an Aircraft: its MOV is a range "
                       "[387]; write mov: [minimum, maximum]", field))


def _rules(fig: Figure, rules: tuple[Rule, ...], on: str, catalog: Catalog,
           add: Add) -> None:
    explicit = [r for r in rules if r.source in ("own", "weapon")]
    for rule in explicit:
        check_rule(rule, on, catalog, add)
    implied_by = {}
    for rule in rules:
        if rule.definition is not None:
            for text in rule.definition.implies:
                implied_by[split_rule(text)["name"].casefold()] = rule.name
    if on == "model":
        for rule in explicit:
            source = implied_by.get(rule.name.casefold())
            if source and source != rule.name:
                add(_warning("RULE-IMPLIED", f"{fig.name}: {rule.label} already comes with "
                             f"{source}; remove it", rule.field))
        if fig.has("Manoeuvrable") and not fig.vehicle:
            rule = next(r for r in rules if r.name == "Manoeuvrable")
            add(_error("RULE-SCOPE", f"{fig.name}: Manoeuvrable is for vehicles [460]; add "
                       "Vehicle or remove it", rule.field))


def check_rule(rule: Rule, on: str, catalog: Catalog, add: Add) -> None:
    """A rule known (or custom with a summary and a cost), on the kind of thing its
    scope allows (`on`: model or weapon), with the X it needs."""
    definition = rule.definition
    if definition is None:
        ref = rule.ref
        if ref is None or not (ref.summary and ref.cost is not None):
            known = (f"neither an Open Fire rule nor one of {catalog.title}" if catalog.module
                     else "not an Open Fire core rule (a module's rules need the unit's "
                          "module:)")
            add(_error("RULE-UNKNOWN", f"'{rule.name}' is {known}; see "
                       f"{SECTION.format('rules')}, or make it custom: "
                       f"{{name: {rule.name}, summary: ..., cost: N}}", rule.field))
        elif rule.cost_error:
            add(_error("RULE-UNKNOWN", f"custom rule {rule.name}: its cost: "
                       f"{rule.cost_error}", rule.field))
        elif rule.cost is not None and rule.cost.multiplier and on == "model":
            add(_error("RULE-UNKNOWN", f"custom rule {rule.name}: a multiplier cost (x...) "
                       "scales a weapon; give a model rule flat points", rule.field))
        if (rule.scope == "weapon") != (on == "weapon"):
            add(_error("RULE-SCOPE", f"{rule.name} is declared a {rule.scope} rule but is "
                       f"on a {on}; move it or fix its scope", rule.field))
        return
    if (definition.scope == "weapon") != (on == "weapon"):
        where = "weapon's special" if definition.scope == "weapon" else "model's special"
        add(_error("RULE-SCOPE", f"{rule.name} is a {definition.scope} rule "
                   f"[{definition.line or '-'}] but is on a {on}; list it in the "
                   f"{where}", rule.field))
    x = rule.x
    if definition.x == "none" and x is not None:
        add(_error("RULE-X", f"{rule.name} takes no value; write it without ({x})",
                   rule.field))
    elif definition.x == "int" and not (isinstance(x, int) and x >= 1):
        got = "no X" if x is None else f"X {x}"
        add(_error("RULE-X", f"{rule.name} (X) needs a whole number 1 or more; got {got}: "
                   f"write \"{rule.name} (1)\"", rule.field))
    elif definition.x == "arc" and not (isinstance(x, str) and catalog.arc(x)):
        got = "no X" if x is None else f"X {x}"
        add(_error("RULE-X", f"{rule.name} (X) needs an arc ({', '.join(catalog.core.arcs)})"
                   f"; got {got}", rule.field))


def _weapon(arm: Arm, catalog: Catalog, add: Add) -> None:
    if not arm.known:
        names = [w.name for w in catalog.module.weapons] if catalog.module else []
        where = f"the unit's weapons or {catalog.title}" if catalog.module else \
            "the unit's weapons (no module named)"
        add(_error("WEAPON-UNKNOWN", f"weapon '{arm.name}' is in neither {where}"
                   f"{suggest(arm.name, names)}; define it under weapons:", arm.field))
        return
    for shot in arm.shots:
        _shot(arm, shot, catalog, add)


def _shot(arm: Arm, shot: Shot, catalog: Catalog, add: Add) -> None:
    name = f"{arm.name} ({shot.label})" if shot.label else arm.name
    problems = []
    for word, value, least in (("ATT", shot.att, 1), ("DMG", shot.dmg, 1),
                               ("PRC", shot.prc, 0)):
        if arm.effect_only and word != "ATT":
            if value is not None:
                problems.append(f"{word} {value} on an effect-only weapon (remove it, or "
                                "effect_only)")
        elif value is None:
            problems.append(f"no {word}")
        elif value < least:
            problems.append(f"{word} {value} is below {least}")
    if shot.rng is None:
        problems.append("no RNG")
    elif shot.rng[0] < 0 or shot.rng[1] < 1 or shot.rng[0] > shot.rng[1]:
        problems.append(f"RNG {shot.rng[0]}-{shot.rng[1]} is not a range of 1 or more")
    if problems:
        needs = "RNG and ATT 1+, and no DMG or PRC" if arm.effect_only else \
            "RNG, ATT 1+, DMG 1+ and PRC 0+"
        add(_error("WEAPON", f"{name}: {', '.join(problems)}; a weapon has {needs} "
                   "[82-88, 454]", shot.field))
    for rule in shot.rules:
        check_rule(rule, "weapon", catalog, add)
    if shot.rng is not None and shot.reach <= 1 and not arm.effect_only \
            and not shot.has("Assault") and not shot.has("Torrent"):
        add(_warning("MELEE-NO-ASSAULT", f"{name} has RNG {shot.reach} without Assault, so "
                     "it hits only on a 12 [166]; add Assault", shot.field))


def _unit_wide(folded: Folded, add: Add) -> None:
    catalog = folded.catalog
    grenades = sorted({a.name for f in folded.figures for a in f.weapons
                       if any(s.has("Grenade") for s in a.shots)})
    if len(grenades) > 1:
        add(_warning("GRENADES", f"{len(grenades)} Grenade weapons ({', '.join(grenades)}); "
                     "a unit throws only one a activation [512]", "weapons"))
    module = catalog.module
    if module is not None:
        counts = options_taken((f, 1) for f in folded.figures)
        for issue in over_limit(counts, force_limits(catalog), "of this unit",
                                module.army_term, "models"):
            add(issue)
    categories = module.force.categories if module else {}
    category = folded.category
    if categories and category is not None and category.casefold() not in \
            {c.casefold() for c in categories}:
        add(_error("CATEGORY", f"'{category}' is not a category of {catalog.title}; "
                   f"choose one of {', '.join(categories)}", "category"))
    if categories and category is None:
        add(_error("CATEGORY", f"no category; {catalog.title} counts units by category: "
                   f"add category: one of {', '.join(categories)}", "category"))
