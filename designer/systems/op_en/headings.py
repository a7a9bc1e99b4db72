"""The headings of an Op-En character's stat table: the card prints them (the short ones
on a narrow card), and the listing's profile type (what other tools read) is named by
them. Kept apart from the card so that pricing a character never loads the card's
layout."""

COLUMNS = ("Move", "Fight", "Tgh", "Shoot", "Agi", "Intel", "Grit", "Body", "Cost")
SHORT_COLUMNS = ("MOV", "FGT", "TGH", "SHT", "AGI", "INT", "GRT", "BDY", "CST")
