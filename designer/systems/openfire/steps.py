"""Building an Open Fire unit in seven steps (spec §3.6), with advice in our own words."""

from __future__ import annotations

from designer.systems import Step

GUIDANCE: dict[str, str] = {
    "unit": "Name the unit and, to play a module, name it: its profiles, weapons, upgrades "
            "and force rules come with it, and so do its points. Without a module the unit "
            "is priced by community costing v1 (cc1), our own formula, not the book's. The "
            "category (command, standard, ...) is what a module counts. A printed points "
            "value is audited against the tally.",
    "models": "List the models: a module profile or your own attributes, how many alike, "
              "and the leader (the first entry unless one says leader: true). Every model "
              "stays within 4 inches of the leader (8 with Skirmishers), one more a height "
              "level, and in its sight [59, 478].",
    "profile": "MOV in inches (an aircraft a [min, max] range), then SKL, DEF and CMD: d12 "
               "targets, roll that or more, a 1 always fails and a 12 always succeeds, so "
               "2 to 12 is the range that plays and lower is better. HP are the damage a "
               "model takes before it is removed.",
    "weapons": "Pick module weapons or write your own: RNG (a maximum or [min, max]), ATT "
               "tests, DMG defence tests a hit, PRC off each defence roll, and rules. A "
               "model attacks with one weapon, a vehicle with all of them; without Assault "
               "a weapon hits in assault range only on a 12 [166, 306, 346].",
    "rules": "Special rules with X filled in: a number (Heavy Armour (1)) or an arc "
             "(Vulnerable (Rear)). Aircraft brings Vehicle, Flying and Support; Vehicle "
             "brings Vulnerable (Rear). A rule of your own needs a summary and a cost. "
             "Abilities are the unit's own actions, one an activation [282].",
    "upgrades": "Only with a module that lists upgrades: each changes attributes, weapons "
                "or rules and costs its points, within the module's cap a model.",
    "tally": "The points line by line with their source (module-listed or the formula), "
             "what each is worth and why, the findings with their fixes, and the audit "
             "against a printed value.",
}

_PROFILE = tuple(f"models[*].{stat}*" for stat in ("mov", "skl", "def", "cmd", "hp"))
#: the fields each step edits (field-path patterns, `Step.fields`): a model's own fields
#: are on the models step unless a later step edits them
FIELDS: dict[str, tuple[str, ...]] = {
    "unit": ("name*", "module*", "category*", "points*", "notes*"),
    "models": ("models*",),
    "profile": _PROFILE,
    "weapons": ("models[*].weapons*", "weapons*"),
    "rules": ("models[*].special*", "abilities*"),
    "upgrades": ("models[*].upgrades*",),
}

#: the steps in order; keys match tally `Line.step`
STEPS: tuple[Step, ...] = tuple(
    Step(key, title, GUIDANCE[key], short, FIELDS.get(key, ()))
    for key, title, short in (
        ("unit", "Unit", "Unit"),
        ("models", "Models", "Models"),
        ("profile", "Profile", "Profile"),
        ("weapons", "Weapons", "Weapons"),
        ("rules", "Special rules", "Rules"),
        ("upgrades", "Upgrades", "Upgrades"),
        ("tally", "Tally", "Tally"),
    ))
