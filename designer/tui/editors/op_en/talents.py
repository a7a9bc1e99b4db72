"""Op-En step six: the Skills and Abilities the rank allows (Rank 3 one, Rank 4 three;
none at Rank 1 and 2, and the list says why), each priced at the final value of its stat
now or its fixed cost, the Form's grants, and the universal skills every character has
for free."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static
from textual.widgets.option_list import Option

from designer.search import matches
from designer.systems.op_en import edits
from designer.systems.op_en.card import test_text
from designer.systems.op_en.catalog import TEST_WORDS, Talent
from designer.systems.op_en.cost import Picked
from designer.tui.editors.kit.fields import ChosenRow, at
from designer.tui.editors.kit.picker import HEAD, Picker, heading
from designer.tui.editors.kit.rows import Rows
from designer.tui.editors.op_en.common import (
    OpEnEditor,
    OpEnView,
    cost_text,
    now_text,
    rank_number,
    ranks_text,
    talent_entry,
    talents_word,
)
from designer.tui.literal import assembled, literal
from designer.tui.widgets.shown import muted, set_content

KINDS = (("skills", "Skills"), ("abilities", "Abilities"))
HEADINGS = {"skills": "Skills: each costs the final value of its stat.",
            "abilities": "Abilities: some cost the final value of a stat, some a fixed "
                         "cost."}


def chosen_row(picked: Picked, width: int) -> Content:
    how = f"with {picked.source}" if picked.granted else picked.how
    return assembled((picked.name.ljust(width), "bold"), " ", muted(how.ljust(12)),
                     f" {picked.price:>2} pts")


def list_field(picked: Picked) -> tuple[str, int]:
    """('skills', 0) from a talent's field 'skills[0]'."""
    kind, index = picked.field.rstrip("]").split("[")
    return kind, int(index)


class TalentsEditor(OpEnEditor):
    ENTRY_FIELD = "talent-search"

    def compose_fields(self) -> ComposeResult:
        yield Static(id="talent-count", classes="group")
        yield Static(id="talent-reason", classes="hint")
        yield Rows(id="talents-chosen")
        yield Picker("talent-list", search="Search Skills and Abilities",
                     search_id="talent-search", options=self._options, detail=self._detail,
                     pick=self._add)
        yield Static("Universal skills: every character, free", classes="group")
        yield Static(self._universal(), id="universal", classes="hint")

    def _universal(self) -> Content:
        skills = self.view.catalog.universal_skills
        width = max((len(u.name) for u in skills), default=0)
        return Content("\n").join(assembled(
            (u.name.ljust(width), "bold"), f" {test_text(u)}", "  0 pts")
            for u in skills)

    # keeping up
    async def update_fields(self, view: OpEnView) -> None:
        count, allowed = edits.allowance(view.final, view.catalog)
        rank = view.final.rank
        title = rank.label if rank is not None else "No rank"
        set_content(self.query_one("#talent-count", Static), literal(
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
        await self.query_one("#talents-chosen", Rows).show(self._chosen_rows(view))

    def _chosen_rows(self, view: OpEnView) -> list[Widget]:
        talents = view.final.talents
        allowed = edits.allowance(view.final, view.catalog)[1]
        if not talents:
            return [Static(muted("None yet: pick from the list below."), classes="hint")] \
                if allowed else []
        width = max(len(p.name) for p in talents)
        return [ChosenRow(chosen_row(p, width), remove=None if p.granted else at(
            edits.remove_talent, *list_field(p)), focus="talent-list" if allowed else None,
            id=_row_id(p), classes="talent-row") for p in talents]

    def _options(self, search: str) -> list[Option]:
        catalog, final = self.view.catalog, self.view.final
        taken = {p.name.casefold() for p in final.talents}
        rank = rank_number(self.view)
        entries = [(kind, entry) for kind, _ in KINDS
                   for entry in (catalog.skills if kind == "skills" else catalog.abilities)]
        width = max((len(e.name) for _, e in entries), default=0)
        options: list[Option] = []
        for kind, title in KINDS:
            shown = [e for k, e in entries if k == kind and matches(
                search, (e.name, e.summary, e.stat or "", e.counts_as or ""))]
            if shown:
                options.append(heading(title, kind))
            for entry in shown:
                if entry.name.casefold() in taken:
                    flag = muted("taken")
                elif entry.ranks and rank not in entry.ranks:
                    flag = Content.styled(f"Rank {ranks_text(entry.ranks)}", "$warning")
                else:
                    basis = cost_text(entry.price)
                    flag = muted("fixed" if basis.isdigit() else basis)
                options.append(Option(assembled(
                    (entry.name.ljust(width), "bold"),
                    f" {now_text(final, catalog, entry.name):>2} pts ", flag),
                    id=f"{kind}:{entry.name}"))
        return options

    def _detail(self, option_id: str) -> Content:
        if option_id.startswith(HEAD):
            return muted(HEADINGS[option_id.removeprefix(HEAD)])
        kind, name = option_id.split(":", 1)
        entry = talent_entry(self.view.catalog, kind, name)
        return self.describe(kind, entry) if entry is not None else Content("")

    def describe(self, kind: str, entry: Talent) -> Content:
        view = self.view
        word = "Skill" if kind == "skills" else "Ability"
        basis = cost_text(entry.price)
        how = f"cost {basis}" if basis.isdigit() else f"cost = final {basis}"
        lines = [assembled((entry.name, "bold"), f" · {word} · {how} · "
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

    def _add(self, option_id: str) -> None:
        kind, name = option_id.split(":", 1)
        view = self.view
        count, allowed = edits.allowance(view.final, view.catalog)
        entry = talent_entry(view.catalog, kind, name)
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


def _row_id(picked: Picked) -> str:
    if picked.granted:
        return "granted-" + "".join(c if c.isalnum() else "_" for c in picked.name)
    kind, index = list_field(picked)
    return f"talent-{kind}-{index}"
