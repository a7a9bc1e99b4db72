"""Picking from the catalog: enter on an entry in the browser adds it to the unit being
designed (the contract's `catalog_pick`), and the command palette finds catalog entries
and the force's units."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from designer.documents import example_units
from designer.errors import InputError
from designer.systems import CatalogPicking, examples_dir, system, system_names
from designer.tui.app import build_app
from tests.tui.helpers import ASH_WARDEN, wait_until

SIZE = (120, 40)
#: the sections whose entries a unit takes, per system (the rest are for reading)
PICKABLE = {"opentactics": {"abilities", "equipment", "types"},
            "op-en": {"forms", "traits", "skills", "abilities", "equipment"},
            "openfire": {"profiles", "rules", "weapons", "upgrades"},
            "tactics": set()}


@pytest.mark.parametrize("name", system_names())
def test_every_pickable_section_adds_its_last_entry(name):
    """Each section's last entry (or the one before) goes onto some example unit (one
    with the module the entry is from, one without it already...), and reading sections
    give None."""
    game = system(name)
    picking = game.capability(CatalogPicking)
    if picking is None:  # a system whose browser only shows its catalog
        assert PICKABLE[name] == set()
        return
    units = [u.unit for u in example_units(game)]
    picked = set()
    for section in game.catalog_sections(game.bundled_catalog()):
        refusals: list[str] = []
        for row in reversed(section.rows[-2:]):  # Op-En's last equipment row is Unarmed
            results = []
            for unit in units:
                catalog = game.catalog_for(game.unit_data(unit))  # the unit's own
                try:
                    results.append((unit, catalog, picking.catalog_pick(unit, catalog,
                                                                        section.key, row.name)))
                except InputError as exc:
                    refusals.append(exc.problem)
            if results:
                break
        assert results, (section.key, refusals)
        if all(after is None for _, _, after in results):
            continue
        picked.add(section.key)
        for unit, catalog, after in results:
            written = json.dumps(game.unit_data(after))
            assert row.name.split(" (")[0] in written, (section.key, row.name)
            assert after != unit
            game.assess(after, catalog)  # prices without raising
    assert picked == PICKABLE[name]


def test_a_second_of_the_same_ability_is_refused():
    game = system("opentactics")
    catalog = game.bundled_catalog()
    unit = game.parse_unit({"name": "U", "abilities": [{"name": "Aim"}]}, catalog)
    with pytest.raises(InputError, match="U has Aim already; change its rank"):
        game.catalog_pick(unit, catalog, "abilities", "Aim")
    assert game.catalog_pick(unit, catalog, "saves", "Cavalry") is None


@pytest.mark.tui
async def test_enter_in_the_browser_adds_to_the_unit_in_the_designer(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "warden.yaml").write_text(ASH_WARDEN)
    app = build_app(unit_path=Path("warden.yaml"), start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        designer = app.screen
        before = designer.doc.tally.total
        await pilot.press("f3")
        await pilot.pause()
        browser = app.screen
        assert type(browser).__name__ == "BrowserScreen"
        assert "enter adds it to Ash Warden" in str(
            browser.query_one("#detail-abilities").render())
        for key in "ambush":
            await pilot.press(key)
        await pilot.press("down", "enter")
        await pilot.pause()
        names = [a.name for a in designer.doc.unit.abilities]
        assert names == ["Stealth", "Nimble", "Ambush"]
        ambush = designer.doc.tally.total - before
        assert ambush > 0
        assert any(n.message == f"Added Ambush to Ash Warden: {before} → {before + ambush} "
                   "points (ctrl+z in the designer takes it back)."
                   for n in app._notifications)
        await pilot.press("enter")  # again: refused, nothing changes
        await pilot.pause()
        assert [a.name for a in designer.doc.unit.abilities] == names
        assert any(n.message == "Ash Warden has Ambush already; change its rank in the "
                   "abilities step" for n in app._notifications)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is designer
        assert f"{before + ambush}" in str(designer.query_one("#total").render())
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert [a.name for a in designer.doc.unit.abilities] == ["Stealth", "Nimble"]


@pytest.mark.tui
async def test_the_browser_lists_a_modules_points_beside_cc1(tmp_path, monkeypatch):
    """An Open Fire module's profiles, weapons and upgrades list their listed points and
    cc1's value, as `designer module audit` gives them (the system's catalog cells)."""
    monkeypatch.chdir(tmp_path)
    source = examples_dir("openfire") / "units" / "warden-patrol.yaml"
    (tmp_path / "patrol.yaml").write_text(source.read_text(encoding="utf-8"))
    app = build_app(unit_path=Path("patrol.yaml"), start="edit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f3")
        await pilot.pause()
        browser = app.screen
        assert type(browser).__name__ == "BrowserScreen"

        def prompts(key: str) -> list[str]:
            listing = browser.query_one(f"#list-{key}")
            return [str(listing.get_option_at_index(i).prompt)
                    for i in range(listing.option_count)]

        assert any(re.fullmatch(r"Ranger\s+standard\s+9\s+8\.39", p)
                   for p in prompts("profiles"))
        assert any(re.fullmatch(r"Scrap Picker\s+standard\s+-\s+8\.5", p)
                   for p in prompts("profiles"))
        assert any(re.fullmatch(r"Long Rifle\s+ranged\s+2\s+5\.44", p)
                   for p in prompts("weapons"))


async def run_from_palette(pilot, words: str) -> None:
    """Type `words` into the command palette and run the first command it offers."""
    await pilot.press("ctrl+p")
    await pilot.pause()
    for key in words:
        await pilot.press(key)
    from textual.command import CommandList

    def offered() -> bool:
        """The first command shown is one the typed words find (not what the palette
        showed before the search answered)."""
        commands = pilot.app.screen.query_one(CommandList)
        first = commands.get_option_at_index(0).prompt if commands.option_count else ""
        text = str(getattr(first, "plain", first)).casefold()
        return all(word in text for word in words.casefold().replace(":", " ").split())

    await wait_until(pilot, offered, f"the palette's commands for {words!r}")
    await pilot.press("enter")
    await pilot.pause()


@pytest.mark.tui
async def test_the_palette_finds_catalog_entries_and_the_forces_units(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = build_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await run_from_palette(pilot, "arc-strike")
        browser = app.screen
        assert type(browser).__name__ == "BrowserScreen"
        listing = browser.query_one("#list-abilities")
        assert browser.shown["abilities"][listing.highlighted].name == "Arc-Strike"
        await run_from_palette(pilot, "unit: levy")
        assert type(app.screen).__name__ == "DesignerScreen"
        assert app.screen.doc.unit.name == "Levy Spearman"
