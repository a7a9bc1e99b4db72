"""Words the shells put around a system's own (its title, its unit word): the article a
phrase takes."""

from __future__ import annotations

VOWELS = frozenset("aeiouAEIOU")


def indefinite(phrase: str, *, capital: bool = False) -> str:
    """`phrase` with 'a' or 'an' before it, as its first letter sounds when it is a vowel
    ('an Op-En character', 'a TACTICS sheet'); `capital`: 'A', 'An' to start a
    sentence."""
    article = "an" if phrase[:1] in VOWELS else "a"
    return f"{article.title() if capital else article} {phrase}"
