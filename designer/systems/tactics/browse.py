"""The TACTICS catalog as browsable sections: the table settings in use, the kinds, the
action types, the distance bands, the area effects, and what the notes leave open."""

from __future__ import annotations

from designer.systems import CatalogRow, CatalogSection
from designer.systems.tactics.reference import (
    ACTION_TYPES,
    AREA_TEXT,
    DISTANCE_NAMES,
    DISTANCES,
    KINDS,
    OPEN_QUESTIONS,
    blank,
    distance_text,
)
from designer.systems.tactics.table import Catalog


def catalog_sections(catalog: Catalog) -> tuple[CatalogSection, ...]:
    return (_table(catalog), _kinds(catalog), _action_types(), _distances(catalog),
            _areas(), _open())


def _row(name: str, *cells: str, detail: str = "") -> CatalogRow:
    return CatalogRow(name, (name, *cells), detail or "\n".join((name, *cells)))


def _table(catalog: Catalog) -> CatalogSection:
    t = catalog.table
    heavy = " or ".join(str(n) for n in t.actions.allowed("heavy"))
    rows = (
        _row("dice", t.dice, "the one die; only defenders roll [1, 3]"),
        _row("actions.standard", str(t.actions.standard), "actions a turn [5]"),
        _row("actions.minion", str(t.actions.minion), "actions a turn [5]"),
        _row("actions.heavy", heavy, "actions a turn, by the heavy [5]"),
        _row("max_wounds", str(t.max_wounds), "wounds until incapacitated [33]"),
        _row("zones.medium", str(t.zones.medium), "zones Medium reaches, 'currently' [40]"),
        _row("zones.far", str(t.zones.far), "zones Far reaches, 'currently' [41]"),
        _row("press_penalty", blank(t.press_penalty),
             "penalty to each later Press that turn; undefined in the notes [9]"),
        _row("cool_down_check", blank(t.cool_down_check),
             "check that restarts shield regeneration; undefined in the notes [35]"),
    )
    return CatalogSection("table", f"Table settings ({catalog.title})",
                          ("Setting", "Value", "Meaning"), rows,
                          notes=(f"From {catalog.path}. A blank (___) is printed on the "
                                 "sheet for the table to fill in; name your own file with "
                                 "`table:` in a sheet or encounter.",))


def _kinds(catalog: Catalog) -> CatalogSection:
    rows = tuple(_row(kind, " or ".join(map(str, catalog.table.actions.allowed(kind))),
                      text) for kind, text in KINDS.items())
    return CatalogSection("kinds", "Kinds", ("Kind", "Actions", "Notes"), rows)


def _action_types() -> CatalogSection:
    rows = tuple(_row(name, text) for name, text in ACTION_TYPES.items())
    return CatalogSection("actions", "Action types", ("Type", "What it is"), rows,
                          notes=("Any mix of the three each turn; a React comes out of the "
                                 "defender's own actions [5, 13].",))


def _distances(catalog: Catalog) -> CatalogSection:
    rows = tuple(_row(code, DISTANCE_NAMES[code], distance_text(code, catalog.table))
                 for code in DISTANCES)
    return CatalogSection("distances", "Distance bands", ("Band", "Name", "Reach"), rows,
                          notes=("Marked as ideas in the notes [37].",))


def _areas() -> CatalogSection:
    how = {"splash": "area: splash", "explosion small": "area: {explosion: small}",
           "explosion medium": "area: {explosion: medium}",
           "explosion large": "area: {explosion: large}", "chain": "area: {chain: 3}",
           "cloud": "area: cloud"}
    rows = tuple(_row(key, how[key], text) for key, text in AREA_TEXT.items())
    return CatalogSection("areas", "Area effects", ("Effect", "On a weapon", "What it does"),
                          rows, notes=("Marked as ideas in the notes [44].",))


def _open() -> CatalogSection:
    rows = tuple(_row(question, lines, what) for question, lines, what in OPEN_QUESTIONS)
    return CatalogSection("open", "Left open by the notes",
                          ("Question", "Lines", "What the sheet does"), rows,
                          notes=("No threat rating or points are computed: too many of "
                                 "their inputs are undefined.",))
