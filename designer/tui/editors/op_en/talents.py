"""Op-En step six: the Skills and Abilities the rank allows (Rank 3 one, Rank 4 three;
none at Rank 1 and 2, and the list says why), each priced at the final value of its stat
now or its fixed cost, the Form's grants, and the universal skills every character has
for free."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from designer.escaping import printable
from designer.search import matches
from designer.systems import Step
from designer.systems.op_en import edits
from designer.systems.op_en.card import test_text
from designer.systems.op_en.catalog import TEST_WORDS, Talent
from designer.systems.op_en.cost import Picked
from designer.tui.editors.base import View
from designer.tui.editors.op_en.common import (
    SearchedListEditor,
    cost_text,
    muted,
    now_text,
    rank_number,
    ranks_text,
    talent_entry,
    talents_word,
)
from designer.tui.widgets.fields import Row
from designer.tui.widgets.lists import MovingList
from designer.tui.widgets.shown import DetailText, set_content
from designer.tui.widgets.text import SearchField

KINDS = (("skills", "Skills"), ("abilities", "Abilities"))
HEADINGS = {"skills": "Skills: each costs the final value of its stat.",
            "abilities": "Abilities: some cost the final value of a stat, some a fixed "
                         "cost."}


def chosen_row(picked: Picked, width: int) -> Content:
    how = f"with {picked.source}" if picked.granted else picked.how
    return Content.assemble((printable(picked.name).ljust(width), "bold"), " ",
                            muted(how.ljust(12)), f" {picked.price:>2} pts")


def list_field(picked: Picked) -> tuple[str, int]:
    """('skills', 0) from a talent's field 'skills[0]'."""
    kind, index = picked.field.rstrip("]").split("[")
    return kind, int(index)


class TalentsEditor(SearchedListEditor):
    SEARCH_ID = ENTRY_FIELD = "talent-search"
    LIST_ID = "talent-list"

    def __init__(self, view: View, step: Step, *, id: str | None = None) -> None:
        super().__init__(view, step, id=id)
        self._chosen_key: Hashable = None
        self._list_key: Hashable = None

    def compose_fields(self) -> ComposeResult:
        yield Static(id="talent-count", classes="group")
        yield Static(id="talent-reason", classes="hint")
        yield Vertical(id="talents-chosen")
        yield from self.compose_search("Search Skills and Abilities")
        yield DetailText(id="talent-detail", classes="hint")
        yield Static("Universal skills: every character, free", classes="group")
        yield Static(self._universal(), id="universal", classes="hint")

    def _universal(self) -> Content:
        skills = self.view.catalog.universal_skills
        width = max((len(u.name) for u in skills), default=0)
        return Content("\n").join(Content.assemble(
            (u.name.ljust(width), "bold"), f" {test_text(u)}", "  0 pts")
            for u in skills)

    # keeping up
    async def update_fields(self, view: View) -> None:
        count, allowed = edits.allowance(view.final, view.catalog)
        rank = view.final.rank
        title = rank.label if rank is not None else "No rank"
        set_content(self.query_one("#talent-count", Static), Content(
            f"{title}: none allowed" if not allowed else
            f"{title}: {count} of {allowed} chosen" + ("  (full)" if count >= allowed
                                                       else "")))
        reason = self.query_one("#talent-reason", Static)
        closed = allowed == 0
        if closed:
            why = ("Choose a rank first (step 2)." if rank is None else
                   f"Rank {rank.rank} takes no Skills or Abilities beyond the universal "
                   "ones: only Rank 3 (one) and Rank 4 (three) choose them.")
            set_content(reason, Content.styled(why, "$warning"))
        reason.display = closed
        for widget in (self.query_one("#talent-search"), self.query_one("#talent-list")):
            if widget.disabled != closed:
                widget.disabled = closed
        key = tuple((p.field, p.name, p.source) for p in view.final.talents
                    if not p.universal or p.choice is not None)
        chosen = self.query_one("#talents-chosen", Vertical)
        if key != self._chosen_key:
            self._chosen_key = key
            await chosen.remove_children()
            await chosen.mount_all(self._chosen_rows(view))
        else:
            width = self._width(view)
            for row in chosen.query(Row):
                picked = self._picked(view, row.id or "")
                if picked is not None:
                    row.text = chosen_row(picked, width)
        self.fill_list(view)

    @staticmethod
    def _width(view: View) -> int:
        return max((len(p.name) for p in view.final.talents), default=0)

    @staticmethod
    def _picked(view: View, row_id: str) -> Picked | None:
        return next((p for p in view.final.talents if _row_id(p) == row_id), None)

    def _chosen_rows(self, view: View) -> list[Widget]:
        talents = view.final.talents
        if not talents:
            allowed = edits.allowance(view.final, view.catalog)[1]
            return [Static(muted("None yet: pick from the list below."), classes="hint")] \
                if allowed else []
        width = self._width(view)
        return [Row(chosen_row(p, width), key=None if p.granted else list_field(p),
                    removable=not p.granted, id=_row_id(p), classes="talent-row")
                for p in talents]

    def fill_list(self, view: View) -> None:
        catalog, final = view.catalog, view.final
        search = self.query_one("#talent-search", SearchField).value.strip()
        taken = {p.name.casefold() for p in final.talents}
        count, allowed = edits.allowance(final, catalog)
        rank = rank_number(view)
        key = (search, frozenset(taken), count, allowed, rank,
               tuple(final.stats.items()))
        if key == self._list_key:
            return
        self._list_key = key
        listing = self.query_one("#talent-list", MovingList)
        highlighted = listing.highlighted_option.id if listing.highlighted_option else None
        entries = [(kind, entry) for kind, _ in KINDS
                   for entry in (catalog.skills if kind == "skills" else catalog.abilities)]
        width = max((len(e.name) for _, e in entries), default=0)
        options: list[Option] = []
        for kind, heading in KINDS:
            shown = [e for k, e in entries if k == kind and matches(
                search, (e.name, e.summary, e.stat or "", e.counts_as or ""))]
            if not shown:
                continue
            options.append(Option(Content.styled(heading, "bold"), id=f"head-{kind}"))
            for entry in shown:
                if entry.name.casefold() in taken:
                    flag = muted("taken")
                elif entry.ranks and rank not in entry.ranks:
                    flag = Content.styled(f"Rank {ranks_text(entry.ranks)}", "$warning")
                else:
                    basis = cost_text(entry.price)
                    flag = muted("fixed" if basis.isdigit() else basis)
                options.append(Option(Content.assemble(
                    (printable(entry.name).ljust(width), "bold"),
                    f" {now_text(final, catalog, entry.name):>2} pts ", flag),
                    id=f"{kind}:{entry.name}"))
        listing.set_options(options)
        ids = [o.id for o in options]
        if highlighted in ids:
            listing.highlighted = ids.index(highlighted)
        else:
            listing.highlighted = next((n for n, o in enumerate(options)
                                        if ":" in (o.id or "")), None)
        self.show_detail()

    def show_detail(self) -> None:
        listing = self.query_one("#talent-list", MovingList)
        option = listing.highlighted_option
        detail = self.query_one("#talent-detail", DetailText)
        if option is None or not option.id:
            detail.show(muted("Nothing matches the search.")
                        if listing.option_count == 0 else Content(""))
            return
        if option.id.startswith("head-"):
            detail.show(muted(HEADINGS[option.id[5:]]))
            return
        kind, name = option.id.split(":", 1)
        entry = talent_entry(self.view.catalog, kind, name)
        if entry is not None:
            detail.show(self.describe(kind, entry))

    def describe(self, kind: str, entry: Talent) -> Content:
        view = self.view
        word = "Skill" if kind == "skills" else "Ability"
        basis = cost_text(entry.price)
        how = f"cost {basis}" if basis.isdigit() else f"cost = final {basis}"
        lines = [Content.assemble((printable(entry.name), "bold"), f" · {word} · {how} · "
                                  f"{now_text(view.final, view.catalog, entry.name)} now")]
        facts = []
        if entry.test:
            facts.append(f"{TEST_WORDS[entry.test]}: {test_text(entry)}")
        if entry.counts_as:
            facts.append(f"counts as {entry.counts_as.title()}")
        facts += [f"{w} {v:+d}" for w, v in (("AR", entry.ar), ("CR", entry.cr),
                                              ("tokens", entry.tokens)) if v]
        if entry.ranks:
            facts.append(f"Rank {ranks_text(entry.ranks)} only")
        if entry.repeatable:
            facts.append("repeatable in an OF")
        if facts:
            lines.append(muted("; ".join(facts)))
        if entry.summary:
            lines.append(muted(entry.summary))
        return Content("\n").join(lines)

    # edits
    @on(OptionList.OptionSelected, "#talent-list")
    def add(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if not event.option.id or ":" not in event.option.id:
            return
        kind, name = event.option.id.split(":", 1)
        view = self.view
        count, allowed = edits.allowance(view.final, view.catalog)
        entry: Any = talent_entry(view.catalog, kind, name)
        if entry is None:
            return
        if entry.name.casefold() in {p.name.casefold() for p in view.final.talents}:
            self.notify(f"{entry.name} is taken already; a character has each once.",
                        severity="warning")
            return
        if count >= allowed:
            self.notify(f"Rank {rank_number(view)} takes {talents_word(allowed)}; remove "
                        "one first (delete on a chosen one).", severity="warning")
            return
        self.edit(edits.add_talent, view.catalog, kind, entry.name, focus="talent-list")

    @on(Row.Removed, ".talent-row")
    def remove(self, event: Row.Removed) -> None:
        event.stop()
        kind, index = event.row.key
        allowed = edits.allowance(self.view.final, self.view.catalog)[1]
        self.edit(edits.remove_talent, kind, index,
                  focus="talent-list" if allowed else None)


def _row_id(picked: Picked) -> str:
    if picked.granted:
        return "granted-" + "".join(c if c.isalnum() else "_" for c in picked.name)
    kind, index = list_field(picked)
    return f"talent-{kind}-{index}"
