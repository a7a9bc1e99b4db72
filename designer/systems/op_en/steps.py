"""The core book's character creation (L932-1019) on eight build steps, with its advice
for each in our own words."""

from __future__ import annotations

from designer.systems import Step

GUIDANCE: dict[str, str] = {
    "name": "Give the character a name: the story reads better with 'Oriel attacks the "
            "Reedmarsh chief' than with 'this model attacks that one'.",
    "rank": "Choose Rank 1 to 4. The setting's rank table gives the title, the Cost, the "
            "stat values and how many Skills or Abilities it may take. An OF has exactly "
            "one Rank 4 Leader, up to three Rank 3, any number of Rank 2, and Rank 1 for "
            "no more than half its characters.",
    "form": "Every character takes exactly one Form from those open to its rank. The Form "
            "sets Move and Body, may change other stats, may grant Abilities (free with "
            "it), and always adds its cost.",
    "stats": "Put the rank's Core value in the OF's Core Stat, then allocate the other "
             "values to the remaining five stats, once each. Move and Body come from the "
             "Form. The eight final stats add to the cost.",
    "trait": "Up to one Trait: training, culture or an innate gift; several characters may "
             "share one. It costs its price on top of the stats it changes. Then check "
             "every die stat is 4, 6, 8, 10 or 12 and none is above 12 or below 4.",
    "talents": "Rank 3 takes one Skill or Ability, Rank 4 three in any mix; Rank 1 and 2 "
               "take none. Each costs the final value of its stat (or a fixed cost), and "
               "each is taken once per OF unless it says otherwise. The six universal "
               "skills are free to everyone.",
    "equipment": "Up to 3 weapons, 1 armour, 1 shield, 3 items and 3 consumables. Some "
                 "need a rank, a stat, a Skill or an Ability; some are one per OF. Each "
                 "costs its stat's final value or a fixed price. With no weapon the "
                 "character fights unarmed.",
    "total": "Rank Cost (the rank's Cost and the stat total), Form, Trait, each Skill, "
             "Ability and item: the Total Cost. Awareness Range is Intellect in inches, "
             "Combat Range 0\", each as Talents change them.",
}

#: the fields each step edits (field-path patterns, `Step.fields`)
FIELDS: dict[str, tuple[str, ...]] = {
    "name": ("name*",),
    "rank": ("rank*",),
    "form": ("form*",),
    "stats": ("stats*", "core_stat*"),
    "trait": ("trait*",),
    "talents": ("skills*", "abilities*"),
    "equipment": ("equipment*",),
}

#: the eight steps in the book's order; keys match tally `Line.step`
STEPS: tuple[Step, ...] = tuple(
    Step(key, title, GUIDANCE[key], short, FIELDS.get(key, ()))
    for key, title, short in (
        ("name", "Name", "Name"),
        ("rank", "Rank", "Rank"),
        ("form", "Form", "Form"),
        ("stats", "Stats", "Stats"),
        ("trait", "Trait", "Trait"),
        ("talents", "Skills & Abilities", "Talents"),
        ("equipment", "Equipment", "Equip"),
        ("total", "Total Cost", "Total"),
    ))
