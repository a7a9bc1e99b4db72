"""The rulebook's eight build steps with its advice for each, in our own words, for the
designer to show beside the fields it concerns."""

from __future__ import annotations

from designer.systems import Step

INTRO: dict[str, str] = {
    "dice": "Give each skill an OFF (attack) and a DEF (defence) pool of 0 to 3 dice. "
            "With no DEF dice in a skill the unit loses every such assault; no OFF dice "
            "just means it never attacks with that skill.",
    "bumps": "Each pool with at least one die may take bumps: +1 to +4 above human, or "
             "-1 below. An ordinary human has none. Each bump is priced on its own.",
    "range": "Ranges are usually 0 or 1: 0 means no attack with that skill, 1 reaches "
             "the adjacent increments. Range costs its value in points.",
    "athletics": "How far and how nimbly the unit moves. Athletics costs its value; a "
                 "unit that flies pays double.",
    "equipment": "Items add bumps, range, athletics and abilities to the unit's own "
                 "values. They cost nothing themselves: their effects are priced. Do not "
                 "stack two weapons or two armours; keep the better one.",
    "abilities": "Up to three special abilities, or none. The first costs what it says; "
                 "the second and third cost 5 more each. Abilities picked with equipment "
                 "count toward the three.",
    "types": "Types name what the unit is. Most are free: a tactical type other than "
             "Infantry costs 2, every occupation after the first costs 1, and each "
             "elemental type costs 2.",
    "tally": "Every component priced, the total, and each problem with how to fix it.",
}

RANGE: dict[str, str] = {
    "melee": "1 for a human-sized unit with Melee OFF dice; 1 more for a large one that "
             "covers four or more increments.",
    "ballistic": "Nearly always 0 before weapons: a bow or gun adds its own range. A human "
                 "may add up to 1 more, a keen-eyed elf 1 to 3.",
    "arcane": "A measure of magical potency: for a human mage between 1 and 2 × its "
              "Arcane OFF dice; try 3 × for something mightier, like a dragon.",
    "technical": "Keep it close to the Melee range: gadgets are worked hands-on. Gear such "
                 "as a digital assistant or nano-drones adds more.",
}

ATHLETICS = (
    "An ordinary human has 3 to 5; a slow, heavy folk (a dwarf) 2 to 3; a quick, "
    "superhumanly agile one (an elf, an insectoid) 5 to 8; a horse 8 to 10, and likely "
    "the Fleet or Swift ability."
)

FLIGHT = "A flier may fly when it moves (the wing icon, or the Flier type); it pays its " \
         "athletics twice."


#: the fields each step edits (field-path patterns, `Step.fields`)
FIELDS: dict[str, tuple[str, ...]] = {
    "dice": ("skills.*.off_dice", "skills.*.def_dice"),
    "bumps": ("skills.*.off_bumps*", "skills.*.def_bumps*"),
    "range": ("skills.*.range",),
    "athletics": ("athletics*",),
    "equipment": ("equipment*",),
    "abilities": ("abilities*",),
    "types": ("types*",),
}

#: the eight steps in order; keys match tally `Line.step`
STEPS: tuple[Step, ...] = tuple(
    Step(key, title, INTRO[key], short, FIELDS.get(key, ()))
    for key, title, short in (
        ("dice", "Dice", "Dice"),
        ("bumps", "Bumps", "Bumps"),
        ("range", "Range", "Range"),
        ("athletics", "Athletics", "Athletics"),
        ("equipment", "Equipment", "Equip"),
        ("abilities", "Abilities", "Abilities"),
        ("types", "Types", "Types"),
        ("tally", "Tally", "Tally"),
    ))
