"""The headings of an Open Fire unit's stat tables: the card prints them, and the
listing's profile types (what other tools read) are named by them. Kept apart from the
card so that pricing a unit never loads the card's layout."""

MODEL_COLUMNS = ("MOV", "SKL", "DEF", "CMD", "HP")
WEAPON_COLUMNS = ("RNG", "ATT", "DMG", "PRC")
