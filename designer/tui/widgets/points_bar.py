"""A force's points against its budget (a points cap): a bar that turns to the warning
colour past it."""

from __future__ import annotations

from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget


class PointsBar(Widget):
    total: reactive[int] = reactive(0, layout=False)
    cap: reactive[int | None] = reactive(None, layout=False)

    budget = "points cap"  # what the limit is called, in lower case
    short = "pts"  # what the totals are counted in, short ("" when the rules name nothing)

    def show(self, total: int, cap: int | None, budget: str = "Points cap",
             short: str = "pts") -> None:
        self.budget = budget.lower()
        self.short = short
        self.set_reactive(PointsBar.total, total)
        self.cap = cap
        self.set_class(self.over, "-over")
        self.refresh()

    @property
    def over(self) -> bool:
        return self.cap is not None and self.total > self.cap

    def render(self) -> Content:
        width = max(10, self.content_size.width)
        total, cap = self.total, self.cap
        if cap is None:
            return Content.assemble(("░" * width, "$foreground-muted"), "\n",
                                    (f"{total} {self.short}".rstrip(), "bold"),
                                    f" · no {self.budget}")
        filled = round(width * min(total, cap) / cap) if cap > 0 else width if total > 0 else 0
        bar_style = "$warning" if self.over else "$success"
        bar = Content.assemble(("█" * filled, bar_style),
                               ("░" * (width - filled), "$foreground-muted"))
        if self.over:
            text = Content.assemble((f"{total} / {cap} {self.short}".rstrip(), "bold $warning"),
                                    " · ",
                                    (f"{total - cap} over the {self.budget}", "bold $warning"))
        else:
            text = Content.assemble((f"{total} / {cap} {self.short}".rstrip(), "bold"), " · ",
                                    f"{cap - total} remaining")
        return Content.assemble(bar, "\n", text)
