"""Open Fire steps six and seven: the module's upgrades each entry takes, with their
effects and the upgrade points a model carries against the module's cap, and the tally
with the costing the unit is priced by."""

from __future__ import annotations

from collections.abc import Hashable

from textual.app import ComposeResult
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static
from textual.widgets.option_list import Option

from designer.systems.openfire import edits
from designer.systems.openfire.module import Upgrade
from designer.tui.editors.base import pts
from designer.tui.editors.kit.fields import ChosenRow, at
from designer.tui.editors.kit.picker import Picker
from designer.tui.editors.kit.rows import Rows
from designer.tui.editors.openfire.common import (
    EntryEditor,
    OFView,
    catalog_of,
    entry_title,
    figures,
)
from designer.tui.editors.tally import TallyEditor
from designer.tui.literal import assembled, literal
from designer.tui.widgets.points_bar import PointsBar
from designer.tui.widgets.shown import muted, set_content


def upgrade_text(upgrade: Upgrade, weapon: str | None) -> Content:
    """'Hot Loads → Long Rifle +1 pt weapon PRC +1'; points worked out from the
    weapon's are shown as their formula ('+max(1, WP / 2)')."""
    name = upgrade.name + (f" → {weapon}" if weapon else "")
    points = pts(upgrade.points) if isinstance(upgrade.points, int) else upgrade.points
    return assembled((name, "bold"), f" +{points} ", muted(upgrade.effect.text()))


class UpgradesEditor(EntryEditor):
    ENTRY_FIELD = "upgrade-list"
    TARGET_ID = "upgrade-target"

    def structure(self, view: OFView) -> Hashable:
        module = catalog_of(view).module
        return bool(module and module.upgrades)

    def compose_fields(self) -> ComposeResult:
        module = catalog_of(self.view).module
        listed = module is not None and bool(module.upgrades)
        if not listed:
            yield Static(muted("Upgrades come with a module that lists them: name one on "
                               "step 1 (ash-wastes has seven). Without one there is nothing "
                               "to take here."), classes="hint", id="no-upgrades")
        yield Rows(id="taken", classes="of-block")  # without a module: any to remove
        if module is None or not listed:
            return
        yield Static(literal(f"{module.title}: enter gives an upgrade to the entry chosen"),
                     classes="group")
        yield from self.compose_target()
        yield Picker("upgrade-list", options=self._options, detail=self._detail,
                     pick=self._add, list_classes="of-list")

    async def update_fields(self, view: OFView) -> None:
        await self.query_one("#taken", Rows).show(self._taken(view))
        self.show_targets(view)
        for bar in self.walk_children(PointsBar):
            used, cap = edits.upgrade_room(view.final, int((bar.id or "").split("-")[1]))
            bar.show(used, cap, "upgrade cap")

    def _taken(self, view: OFView) -> list[Widget]:
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
                    text = assembled((taken.name, "bold"), (" not in the module", "$error"))
                else:
                    text = upgrade_text(taken.upgrade, taken.weapon)
                out.append(ChosenRow(text, remove=at(edits.remove_upgrade, i, u),
                                     focus=f"upgrade-{i}-{u - 1}" if u > 0 else self.TARGET_ID,
                                     id=f"upgrade-{i}-{u}", classes="taken"))
        return out

    def _choices(self) -> list[tuple[Upgrade, str | None]]:
        """(upgrade, weapon) for each upgrade the entry added to may take."""
        i = self.target_of(self.view)
        fig = figures(self.view)[i]
        return [(upgrade, weapon) for upgrade in edits.upgrades_for(self.view.final, i)
                for weapon in (edits.weapons_for(upgrade, fig) if upgrade.on_weapon
                               else [None])]

    def _options(self, search: str) -> list[Option]:
        fig = figures(self.view)[self.target_of(self.view)]
        taken = {(t.name.casefold(), (t.weapon or "").casefold()) for t in fig.upgrades}
        options = []
        for n, (upgrade, weapon) in enumerate(self._choices()):
            text = upgrade_text(upgrade, weapon)
            if (upgrade.name.casefold(), (weapon or "").casefold()) in taken:
                text += muted(" · taken")
            options.append(Option(text, id=f"choice-{n}"))
        return options or [Option(muted(f"None open to {fig.name}."), disabled=True)]

    def _detail(self, option_id: str) -> Content:
        upgrade = self._choices()[int(option_id.split("-")[1])][0]
        return assembled((upgrade.name, "bold"),
                         f" for {upgrade.for_.text()}: {upgrade.effect.text()}",
                         muted(f"\n{upgrade.summary}" if upgrade.summary else ""))

    def target_changed(self) -> None:
        self.query_one(Picker).refill(restart=True)  # another entry's: from its first

    def _add(self, option_id: str) -> None:
        upgrade, weapon = self._choices()[int(option_id.split("-")[1])]
        name = upgrade.name
        i = self.target_of(self.view)
        fig = figures(self.view)[i]
        if any(t.name.casefold() == name.casefold() and (t.weapon or "").casefold()
               == (weapon or "").casefold() for t in fig.upgrades):
            self.notify(f"{fig.name} has {name} already.", severity="warning")
            return
        self.edit(edits.add_upgrade, i, name, weapon, focus="upgrade-list")


class CostingTallyEditor(TallyEditor):
    """The generic tally, with the costing the unit is priced by."""

    def compose_extra(self) -> ComposeResult:
        yield Static(id="costing", classes="hint")

    async def update_fields(self, view: OFView) -> None:
        await super().update_fields(view)
        catalog = catalog_of(view)
        costing = catalog.costing
        if catalog.mode == "listed" and catalog.module is not None:
            text = (f"Module-listed points ({catalog.module.title}); what the module does "
                    f"not price is priced by {costing.costing}: {costing.label}.")
        else:
            text = f"Priced by {costing.costing}: {costing.label}."
        set_content(self.query_one("#costing", Static), muted(text))
