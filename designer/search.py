"""The one search normaliser: the CLI's `catalog --search` and the TUI's browser match
the same way, so 'reroll' finds 're-roll' in both."""

from __future__ import annotations

from collections.abc import Iterable


def folded(text: str) -> str:
    """Lower case without spaces and punctuation."""
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def matches(search: str, texts: Iterable[str]) -> bool:
    """Whether any of `texts` contains `search`, ignoring case, spaces and punctuation;
    an empty search matches everything."""
    needle = folded(search)
    return not needle or any(needle in folded(t) for t in texts)
