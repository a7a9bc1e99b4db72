"""A force's structure while it is built: each of the system's facts with its bounds
(Rank 3: 2 of 3, pools, seats, Command 1 of 1), marked under or over, and the force's
problems, each under the entry it concerns with the fix its message gives."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import Static

from designer.escaping import printable
from designer.roster import ENTRY_CODES, Force
from designer.systems import Fact
from designer.tally import Issue
from designer.tui.literal import literal
from designer.tui.widgets.shown import Findings

#: how a fact's figure is coloured by where it stands against its bounds
FACT_STYLES = {"under": "bold $warning", "over": "bold $error", "within": "bold $success",
               "": "bold"}
SEPARATOR = "  ·  "
NAME_LIMIT = 60
SHOWN_UNIT_ERRORS = 2  # of an illegal unit's own errors, listed under its entry


def facts_content(unit_word: str, units: int, facts: list[Fact], *,
                  stacked: bool = False) -> Content:
    """'Units 3  ·  Rank 4 1 of 1  ·  Rank 3 2 of 3 …' (`stacked`: one to a line), each
    figure in the colour of where it stands."""
    parts = [Content.assemble((f"{unit_word.title()}s ", "$foreground-muted"),
                              (str(units), "bold"))]
    parts += [Content.assemble((f"{printable(fact.label)} ", "$foreground-muted"),
                               (printable(fact.figure()), FACT_STYLES[fact.state]))
              for fact in facts]
    return Content("\n" if stacked else SEPARATOR).join(parts)


def _line(issue: Issue, indent: str = "", width: int = 0) -> Content:
    """A finding after its mark; given the `width` it is shown at, its wrapped lines
    stand under its text, not under the mark."""
    mark = ("✗ ", "bold $error") if issue.severity == "error" else ("! ", "bold $warning")
    text = literal(issue.message)
    hang = len(indent) + len(mark[0])
    if width > hang + 10 and text.cell_length > width - hang:
        pieces = text.wrap(width - hang)
        text = Content("\n").join([pieces[0], *(Content(" " * hang) + p for p in pieces[1:])])
    return Content.assemble(indent, mark, text)


def problems_content(force: Force, empty_hint: str, width: int = 0) -> Content:
    """The force's findings: those about the whole force first, then each entry's name
    with its own findings under it (an illegal unit's own errors among them); `width`,
    the columns they are shown in, lines a wrapped finding up under its text."""
    grouped = force.issues_by_entry()
    lines = [_line(issue, width=width) for issue in grouped.get(None, [])]
    if not force.entries:
        return Content("\n").join([*lines, Content.styled(empty_hint, "$foreground-muted")])
    for index, entry in enumerate(force.entries):
        found = grouped.get(index, [])
        if not found:
            continue
        lines.append(literal(entry.shown_name, NAME_LIMIT, style="bold"))
        for issue in found:
            lines.append(_line(issue, "  ", width))
            if issue.code in ENTRY_CODES and not entry.broken:  # the unit is not legal
                lines += [_line(own, "    ", width)
                          for own in entry.tally.errors[:SHOWN_UNIT_ERRORS]]
    if not lines:
        word = force.game.FORCE_WORD
        return Content.styled(f"The {word} is legal.", "$success")
    return Content("\n").join(lines)


class ForceSummary(VerticalScroll):
    """The facts and problems of the force shown (`show`): the facts one to a line when
    the summary stands beside the table (on a wide screen), in a paragraph under it.
    It takes the focus after the table, so every finding is in reach by keys where the
    screen shows only some (↑/↓, pgup/pgdn, home/end scroll it)."""

    BINDINGS = [Binding("down", "scroll_down", "Scroll", key_display="↑/↓",
                        tooltip="scroll the force's structure and problems")]

    DEFAULT_CSS = """
    ForceSummary { height: auto; }
    ForceSummary > Static { height: auto; }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="force-info")
        yield Findings(id="force-issues")

    _shown: tuple[Force, str] | None = None

    def show(self, force: Force, empty_hint: str) -> None:
        self._shown = (force, empty_hint)
        stacked = self.screen.has_class("-wide")
        self.query_one("#force-info", Static).update(
            facts_content(force.game.UNIT_WORD, force.unit_count, force.facts(),
                          stacked=stacked))
        issues = self.query_one("#force-issues", Findings)
        issues.show(problems_content(force, empty_hint, issues.content_size.width))

    def on_resize(self) -> None:
        if self._shown is not None:
            self.show(*self._shown)
