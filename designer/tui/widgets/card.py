"""A small preview of the unit's record card, from its final values."""

from __future__ import annotations

from typing import Any

from textual.content import Content
from textual.widgets import Static

from designer.systems.opentactics.catalog import SKILLS
from designer.systems.opentactics.cost import ability_label
from designer.tally import Tally
from designer.tui.widgets.fields import set_content

HEADS = ("MEL", "BAL", "ARC", "TEC")


def pool_text(pool: Any) -> str:
    if pool.dice <= 0 and not pool.bumps:
        return "–"
    return f"{pool.dice}" + "".join(f"{b:+d}" for b in pool.bumps)


def card_lines(unit: Any, final: Any) -> list[Content]:
    """The card's body: types, the OFF/DEF/RNG table, athletics and abilities."""
    rows = [
        ("OFF", [pool_text(final.pools[(s, "off")]) for s in SKILLS]),
        ("DEF", [pool_text(final.pools[(s, "def")]) for s in SKILLS]),
        ("RNG", [str(final.ranges[s]) for s in SKILLS]),
    ]
    width = max(4, *(len(cell) + 1 for _, cells in rows for cell in cells))
    lines = [Content(" ".join(t.name for t in unit.types) or "(no types)")]
    lines.append(Content.styled("    " + "".join(h.ljust(width) for h in HEADS).rstrip(),
                                "bold $foreground-muted"))
    for head, cells in rows:
        lines.append(Content.assemble((head.ljust(4), "bold $foreground-muted"),
                                      "".join(c.ljust(width) for c in cells).rstrip()))
    flies = "  flies" if final.flies else ""
    lines.append(Content.assemble(("ATH ", "bold $foreground-muted"), f"{final.athletics}{flies}"))
    names = [ability_label(p) for p in final.abilities]
    lines.append(Content(" · ".join(names) if names else "(no abilities)"))
    return lines


class CardPreview(Static):
    """The record card as it would print: name and cost in the border."""

    _title: tuple[str, int] | None = None

    def show(self, unit: Any, final: Any, tally: Tally) -> None:
        if self._title != (unit.name, tally.total):
            self._title = (unit.name, tally.total)
            self.border_title = Content(unit.name)
            self.border_subtitle = f"{tally.total} pts"
        set_content(self, Content("\n").join(card_lines(unit, final)))
