"""The card's geometry and text blocks, shared by the PDF and the HTML so that both print
the same card at the same size and shrink the same text the same way."""

from __future__ import annotations

from dataclasses import dataclass

from designer.export.card import CardView
from designer.export.fit import Colour, Run, fit, fit_size, pdf_safe, width

CARD_W, CARD_H = 63.0, 88.0  # poker size, millimetres
PAD = 3.6  # from the card's edge to its text
INNER_W = CARD_W - 2 * PAD
BADGE_W, BADGE_H = 13.0, 10.6  # the points badge
NAME_W = INNER_W - BADGE_W - 1.6
NAME_H = 7.2
TYPES_H = 4.8
LABEL_W = 7.0  # the OFF / DEF / RNG label column of the skill grid
COL_W = (INNER_W - LABEL_W) / 4
BUMPS_SIZE, BUMPS_SMALLEST = 7.5, 4.5
ABILITY_TOP, ABILITY_BOTTOM = 47.5, 83.4
ABILITY_H = ABILITY_BOTTOM - ABILITY_TOP
LEADING, GAP = 1.18, 0.45  # ability text: line height and paragraph gap, × font size

INK: Colour = (28, 28, 30)
GREY: Colour = (105, 105, 110)
ELEMENTAL: Colour = (196, 88, 0)


def card_paragraphs(c: CardView, *, equipment: bool = True) -> list[list[Run]]:
    """The ability text block of a card: 'Name rank (item): effect', then the gear."""
    paras: list[list[Run]] = []
    for a in c.abilities:
        runs = [Run(a.title, "B", INK)]
        if a.source:
            runs.append(Run(f" ({a.source})", "I", GREY))
        elif a.custom:
            runs.append(Run(" (custom)", "I", GREY))
        if a.summary:
            runs.append(Run(": ", "B", INK))
            runs.append(Run(a.summary, "", INK))
        paras.append(runs)
    if equipment and c.equipment:
        paras.append([Run("Gear: ", "B", GREY),
                      Run(", ".join(e.label for e in c.equipment), "I", GREY)])
    return paras


def type_runs(c: CardView) -> list[Run]:
    """The types line; elemental types marked in colour and with an asterisk, as the
    rulebook asks, since they change how the unit interacts with terrain and foes."""
    runs: list[Run] = []
    for i, t in enumerate(c.types):
        if i:
            runs.append(Run(", ", "I", GREY))
        runs.append(Run(t.name + ("*" if t.elemental else ""), "I",
                        ELEMENTAL if t.elemental else GREY))
    return runs or [Run("no types", "I", GREY)]


@dataclass(frozen=True, slots=True)
class CardSizes:
    """Font sizes (points) at which a card's text fits its boxes."""

    name: float
    name_lines: int
    types: float
    abilities: float
    abilities_cut: bool
    off_bumps: tuple[float, ...]  # per skill column
    def_bumps: tuple[float, ...]


def card_sizes(c: CardView, *, slack: float = 1.0) -> CardSizes:
    """The sizes the PDF uses; `slack` below 1 leaves room for a browser's own fonts."""
    name = pdf_safe(c.name)
    size = fit_size(name, "B", NAME_W * slack, 12.0, 7.5)
    lines = 1
    if width(name, "B", size) > NAME_W * slack:
        fitted = fit([[Run(name, "B")]], NAME_W * slack, NAME_H, largest=7.5, smallest=5.5,
                     leading=1.08)
        size, lines = fitted.size, len(fitted.lines)
    types = fit([type_runs(c)], NAME_W * slack, TYPES_H, largest=6.5, smallest=4.5,
                leading=1.15)
    abilities = fit(card_paragraphs(c), INNER_W * slack, ABILITY_H * slack, largest=7.5,
                    smallest=4.5, leading=LEADING, gap=GAP)
    room = (COL_W - 0.8) * slack
    off = tuple(fit_size(pdf_safe(s.off.bumps_text), "B", room, BUMPS_SIZE, BUMPS_SMALLEST)
                for s in c.skills)
    dfn = tuple(fit_size(pdf_safe(s.defence.bumps_text), "B", room, BUMPS_SIZE,
                         BUMPS_SMALLEST) for s in c.skills)
    return CardSizes(size, lines, types.size, abilities.size, abilities.truncated, off, dfn)
