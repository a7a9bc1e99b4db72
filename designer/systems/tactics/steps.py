"""The six build steps of a TACTICS sheet (spec §6), with what the design notes say for
each in our own words, and the fields each step edits."""

from __future__ import annotations

from designer.systems import Step

GUIDANCE: dict[str, str] = {
    "identity": "Name the character and choose its kind. A standard creature has 3 actions "
                "a turn, a minion 2, a heavy 2 (slow and brutish) or 3 [5], as the table "
                "settings have it. Actions mix Maneuvers, Presses and Reacts freely.",
    "attributes": "Precision sets the number a defender's Agility roll must reach; it is "
                  "never rolled. Agility and Endurance modify a d20: Agility to avoid an "
                  "attack, Endurance plus Armor to soak it. Acumen is in flux in the notes "
                  "and left blank. The notes give no ranges: any whole number goes.",
    "defences": "Shields: a maximum; each point cancels a wound and is spent, and "
                "regenerates 1 a turn while any is left. At 0 the character is unshielded "
                "until a cool-down check the notes leave undefined. Everyone takes up to "
                "the table's 20 wounds: then incapacitated, or dead if all came from one "
                "source or scene; any wound after that kills.",
    "weapons": "Each weapon has Damage and Precision ('Damage 14, Precision 13'), a "
               "distance band (I immediate, C close, M medium, F far, S sight) and "
               "optionally an area effect: splash, cloud, an explosion (small, medium, "
               "large) or a chain with a target count.",
    "action_lists": "List the Maneuvers, Presses and Reacts the character knows, each a "
                    "name with optional text. A Maneuver can always be taken as a React; "
                    "at most one React a turn.",
    "sheet": "The printed sheet and its findings. TACTICS has no points: nothing is "
             "priced and no force is checked against a cap.",
}

#: the fields each step edits (field-path patterns, `Step.fields`)
FIELDS: dict[str, tuple[str, ...]] = {
    "identity": ("name*", "kind*", "actions*"),
    "attributes": ("attributes*", "armor*"),
    "defences": ("shields*", "max_wounds*"),
    "weapons": ("weapons*",),
    "action_lists": ("maneuvers*", "presses*", "reacts*"),
}

#: the steps in order; keys match tally `Line.step`
STEPS: tuple[Step, ...] = tuple(
    Step(key, title, GUIDANCE[key], short, FIELDS.get(key, ()))
    for key, title, short in (
        ("identity", "Identity", "Identity"),
        ("attributes", "Attributes", "Attrs"),
        ("defences", "Defences", "Defence"),
        ("weapons", "Weapons", "Weapons"),
        ("action_lists", "Actions", "Actions"),
        ("sheet", "Sheet", "Sheet"),
    ))
