"""Open Fire steps six and seven: the module's upgrades each entry takes, with their
effects and the upgrade points a model carries against the module's cap, and the tally
with the costing the unit is priced by."""

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
from designer.systems.openfire import edits
from designer.systems.openfire.module import Upgrade
from designer.tui.editors.base import View, pts
from designer.tui.editors.openfire.common import (
    EntryEditor,
    catalog_of,
    cut,
    entry_title,
    figures,
    muted,
)
from designer.tui.editors.tally import TallyEditor
from designer.tui.widgets.fields import Cycle, Row
from designer.tui.widgets.lists import MovingList
from designer.tui.widgets.points_bar import PointsBar
from designer.tui.widgets.shown import set_content


def upgrade_text(upgrade: Upgrade, weapon: str | None) -> Content:
    """'Hot Loads → Long Rifle +1 pt weapon PRC +1'; points worked out from the
    weapon's are shown as their formula ('+max(1, WP / 2)')."""
    name = upgrade.name + (f" → {weapon}" if weapon else "")
    points = pts(upgrade.points) if isinstance(upgrade.points, int) else upgrade.points
    return Content.assemble((printable(name), "bold"), printable(f" +{points} "),
                            muted(upgrade.effect.text()))


class UpgradesEditor(EntryEditor):
    ENTRY_FIELD = "upgrade-list"
    TARGET_ID = "upgrade-target"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._taken_key: Hashable = None
        self._choices: list[tuple[str, str | None]] = []

    def structure(self, view: View) -> Hashable:
        module = catalog_of(view).module
        return bool(module and module.upgrades)

    def compose_fields(self) -> ComposeResult:
        module = catalog_of(self.view).module
        listed = module is not None and bool(module.upgrades)
        if not listed:
            yield Static(muted("Upgrades come with a module that lists them: name one on "
                               "step 1 (ash-wastes has seven). Without one there is nothing "
                               "to take here."), classes="hint", id="no-upgrades")
        yield Vertical(id="taken", classes="of-block")  # without a module: any to remove
        if not listed:
            return
        yield Static(f"{module.title}: enter gives an upgrade to the entry chosen",
                     classes="group")
        yield from self.compose_target()
        yield MovingList(id="upgrade-list", classes="of-list")
        yield Static(id="upgrade-detail", classes="hint")

    def _key(self, view: View) -> Hashable:
        return (self.entry_structure(view),
                tuple(tuple((t.name, t.weapon) for t in f.upgrades) for f in figures(view)),
                tuple(tuple(a.name for a in f.weapons) for f in figures(view)))

    async def update_fields(self, view: View) -> None:
        key = self._key(view)
        if key != self._taken_key:
            self._taken_key = key
            taken = self.query_one("#taken", Vertical)
            await taken.remove_children()
            await taken.mount_all(self._taken(view))
            for target in self.query("#upgrade-target").results(Cycle):
                target.options = [(i, cut(f.name, 18)) for i, f in enumerate(figures(view))]
                self.target = self.target_of(view)
                target.value = self.target
                target.refresh()
        for bar in self.query(".room").results(PointsBar):
            used, cap = edits.upgrade_room(view.final, int((bar.id or "").split("-")[1]))
            bar.show(used, cap, "upgrade cap")
        if self.query("#upgrade-list"):
            self._fill_list(view)

    def _taken(self, view: View) -> list[Widget]:
        """Each entry with the upgrade points a model carries and its upgrades; without
        a module's upgrades, only the entries that name some (to remove them)."""
        module = catalog_of(view).module
        listed = module is not None and bool(module.upgrades)
        out: list[Widget] = []
        for i, fig in enumerate(figures(view)):
            if not listed and not fig.upgrades:
                continue
            out.append(Static(Content.assemble((entry_title(fig), "bold"),
                                               muted(" · upgrade points a model")),
                              classes="group entry-head"))
            if listed:
                out.append(PointsBar(id=f"room-{i}", classes="room"))
            for u, taken in enumerate(fig.upgrades):
                if taken.upgrade is None:
                    text = Content.assemble((printable(taken.name), "bold"),
                                            Content.styled(" not in the module", "$error"))
                else:
                    text = upgrade_text(taken.upgrade, taken.weapon)
                out.append(Row(text, key=(i, u), id=f"upgrade-{i}-{u}", classes="taken"))
        return out

    def _fill_list(self, view: View) -> None:
        figs = figures(view)
        i = self.target_of(view)
        fig = figs[i]
        taken = {(t.name.casefold(), (t.weapon or "").casefold()) for t in fig.upgrades}
        options: list[Option] = []
        self._choices = []
        for upgrade in edits.upgrades_for(view.final, i):
            targets: list[str | None] = [None]
            if upgrade.on_weapon:
                targets = list(edits.weapons_for(upgrade, fig))
            for weapon in targets:
                text = upgrade_text(upgrade, weapon)
                if (upgrade.name.casefold(), (weapon or "").casefold()) in taken:
                    text += muted(" · taken")
                self._choices.append((upgrade.name, weapon))
                options.append(Option(text, id=f"choice-{len(self._choices) - 1}"))
        if not options:
            options = [Option(muted(f"None open to {fig.name}."), disabled=True)]
        listing = self.query_one("#upgrade-list", MovingList)
        highlighted = listing.highlighted
        listing.set_options(options)
        listing.highlighted = highlighted if highlighted is not None and \
            highlighted < len(options) else 0
        self._show_detail()

    def _show_detail(self) -> None:
        listing = self.query_one("#upgrade-list", MovingList)
        option = listing.highlighted_option
        detail = self.query_one("#upgrade-detail", Static)
        if option is None or not (option.id or "").startswith("choice-"):
            set_content(detail, Content(""))
            return
        name, _weapon = self._choices[int((option.id or "").split("-")[1])]
        upgrade = catalog_of(self.view).upgrade(name)
        if upgrade is None:
            return
        set_content(detail, Content.assemble(
            (printable(upgrade.name), "bold"),
            printable(f" for {upgrade.for_.text()}: {upgrade.effect.text()}"),
            muted(f"\n{upgrade.summary}" if upgrade.summary else "")))

    def target_changed(self) -> None:
        self._fill_list(self.view)
        self.query_one("#upgrade-list", MovingList).highlighted = 0  # another entry's

    @on(OptionList.OptionHighlighted, "#upgrade-list")
    def highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._show_detail()

    @on(OptionList.OptionSelected, "#upgrade-list")
    def add(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        option = event.option.id or ""
        if not option.startswith("choice-"):
            return
        name, weapon = self._choices[int(option.split("-")[1])]
        i = self.target_of(self.view)
        fig = figures(self.view)[i]
        if any(t.name.casefold() == name.casefold() and (t.weapon or "").casefold()
               == (weapon or "").casefold() for t in fig.upgrades):
            self.notify(f"{fig.name} has {name} already.", severity="warning")
            return
        self.edit(edits.add_upgrade, i, name, weapon, focus="upgrade-list")

    @on(Row.Removed, ".taken")
    def remove(self, event: Row.Removed) -> None:
        event.stop()
        i, u = event.row.key
        self.edit(edits.remove_upgrade, i, u,
                  focus=f"upgrade-{i}-{u - 1}" if u > 0 else self.TARGET_ID)


class CostingTallyEditor(TallyEditor):
    """The generic tally, with the costing the unit is priced by."""

    def compose_extra(self) -> ComposeResult:
        yield Static(id="costing", classes="hint")

    async def update_fields(self, view: View) -> None:
        await super().update_fields(view)
        catalog = catalog_of(view)
        costing = catalog.costing
        if catalog.mode == "listed" and catalog.module is not None:
            text = (f"Module-listed points ({catalog.module.title}); what the module does "
                    f"not price is priced by {costing.costing}: {costing.label}.")
        else:
            text = f"Priced by {costing.costing}: {costing.label}."
        set_content(self.query_one("#costing", Static), muted(text))
