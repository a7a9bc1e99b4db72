"""What a printed card or sheet says in its running text: its sections as paragraphs of
styled runs, the special rules of a glossary section by name only (their texts print
once, in the printout's rules glossary), and its tags line."""

from __future__ import annotations

from designer.card import Card, Section, Tone
from designer.export.fit import Colour, Run

INK: Colour = (28, 28, 30)
GREY: Colour = (105, 105, 110)
RED: Colour = (198, 28, 38)
BLUE: Colour = (22, 78, 178)
ORANGE: Colour = (196, 88, 0)
TONES: dict[str, Colour] = {"attack": RED, "defence": BLUE, "highlight": ORANGE,
                            "muted": GREY}
#: the last line of a card or sheet whose text carries on elsewhere
CONTINUED = "Continued with the rules."


def tone_colour(tone: Tone | str, default: Colour = INK) -> Colour:
    return TONES.get(tone, default)


def card_sections(c: Card) -> list[Section]:
    return [s for s in c.sections() if s.on_card]


def section_paragraphs(section: Section) -> list[list[Run]]:
    """A section as a card prints it: a compact one as one line 'Gear: a, b', a glossary
    one as one line of its rules' names ('Abilities: Hex 2 (from Staff), Duelist'), any
    other as one paragraph per entry, 'Title (note): text'."""
    if not section.entries:
        return []
    label = f"{section.short or section.label}: "
    if section.glossary:
        runs = [Run(label, "B", INK)]
        for i, e in enumerate(section.entries):
            runs.append(Run((", " if i else "") + e.title, "", INK))
            if e.note:
                runs.append(Run(f" ({e.note})", "I", GREY))
        return [runs]
    if section.compact:
        return [[Run(label, "B", GREY),
                 Run(", ".join(e.label for e in section.entries), "I", GREY)]]
    return [entry_runs(e.title, e.note, e.text) for e in section.entries]


def entry_runs(title: str, note: str, text: str) -> list[Run]:
    runs = [Run(title, "B", INK)]
    if note:
        runs.append(Run(f" ({note})", "I", GREY))
    if text:
        runs.append(Run(": ", "B", INK))
        runs.append(Run(text, "", INK))
    return runs


def card_paragraphs(c: Card) -> list[list[Run]]:
    """The text area of a card: every on-card section, in the card's order."""
    return [p for s in card_sections(c) for p in section_paragraphs(s)]


def movable(c: Card) -> list[bool]:
    """For each of `card_paragraphs`, whether it may move off the card when the card
    cannot hold it: an entry of a full section may; a line of names, short entries or
    boxes to mark stays."""
    return [not (s.compact or s.glossary or s.record)
            for s in card_sections(c) for _ in section_paragraphs(s)]


def tag_runs(c: Card) -> list[Run]:
    """The tags line: a tag's tone colours it (a highlighted one in orange) and its mark
    follows it, explained by the card's legend."""
    runs: list[Run] = []
    for i, t in enumerate(c.tags):
        if i:
            runs.append(Run(", ", "I", GREY))
        runs.append(Run(t.name + t.mark, "I", tone_colour(t.tone, GREY)))
    return runs


def tags_text(c: Card) -> str:
    return ", ".join(t.name + t.mark for t in c.tags)


def plain(paragraph: list[Run]) -> str:
    """A paragraph's text without its styles."""
    return "".join(r.text for r in paragraph)


def status_text(c: Card, *, short: bool) -> str:
    """What the owner should know: 'NOT LEGAL: 2 errors', or a printed value the tally
    disagrees with; '' when neither."""
    if not c.legal:
        n = len(c.errors)
        return (f"NOT LEGAL: {n} error{'s' if n > 1 else ''}" if short
                else f"NOT LEGAL: {n} error(s)")
    if c.points is not None and c.audit:
        return f"printed {c.printed}, tally {c.points}"
    return ""


def tally_text(c: Card) -> str:
    steps = " + ".join(f"{k} {v}" for k, v in c.step_totals().items())
    return f"Tally: {steps} = {c.points}" if steps else "Tally: nothing priced"
