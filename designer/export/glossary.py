"""The rules glossary of a printout: every special rule its cards name, in full, once.

A card's `glossary` sections name their entries on the card; their texts are printed
here instead (a roster's last page, a unit's second side, the end of a force list). A
rule is known by its name (`Entry.rule_name`, "Hex" for a card's "Hex 2") and its text:
the units that share both share one entry. Two different texts under one name both
print, each with the units that use it, so no text is lost.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from designer.card import Card


@dataclass(frozen=True, slots=True)
class Rule:
    """One entry of the glossary; `users` names the units when another rule shares the
    name (else it is empty)."""

    name: str
    text: str
    users: tuple[str, ...] = ()

    @property
    def title(self) -> str:
        return f"{self.name} ({', '.join(self.users)})" if self.users else self.name


def card_rules(card: Card) -> list[tuple[str, str]]:
    """(name, text) of each rule the card's glossary sections define, in card order."""
    out: list[tuple[str, str]] = []
    for section in card.sections():
        if not section.glossary:
            continue
        for entry in section.entries:
            text = " ".join(entry.text.split())
            if text:
                out.append((" ".join(entry.rule_name.split()), text))
    return list(dict.fromkeys(out))


def glossary(cards: Iterable[Card]) -> list[Rule]:
    """Every rule the cards define, once, in alphabetical order of name."""
    users: dict[tuple[str, str], list[str]] = {}
    for card in cards:
        for rule in card_rules(card):
            users.setdefault(rule, [])
            if card.title not in users[rule]:
                users[rule].append(card.title)
    names: dict[str, int] = {}
    for name, _ in users:
        names[name.casefold()] = names.get(name.casefold(), 0) + 1
    rules = [Rule(name, text, tuple(who) if names[name.casefold()] > 1 else ())
             for (name, text), who in users.items()]
    return sorted(rules, key=lambda r: (r.name.casefold(), r.users))


def credits(cards: Iterable[Card]) -> list[str]:
    """The rules' attributions of the cards, each once."""
    return list(dict.fromkeys(c.credit for c in cards if c.credit))
