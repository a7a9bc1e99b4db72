"""The one search normaliser: the CLI's `catalog --search` and the TUI's browser match
the same way, so 'reroll' finds 're-roll' in both."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache


@lru_cache(maxsize=8192)
def folded(text: str) -> str:
    """Lower case without spaces and punctuation. Kept: a list searched as the user types
    folds the same catalog texts at each key (a third of an abilities list's filtering)."""
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def matches(search: str, texts: Iterable[str]) -> bool:
    """Whether any of `texts` contains `search`, ignoring case, spaces and punctuation;
    an empty search matches everything."""
    needle = folded(search)
    return not needle or any(needle in folded(t) for t in texts)
