"""TACTICS behind the game-system contract: sheets, their table settings, checks, the
printed sheet and encounters. The design notes define no points, so the system has no
`Points` capability: a tally carries findings only, a card no points, a force no budget;
an encounter's entries each keep their side (`RosterFormat`)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from designer.card import Card
from designer.errors import InputError
from designer.io import file_schema, link_loop, load_mapping, require_mapping, validate
from designer.systems import (
    DEFAULT_SYSTEM,
    Assessment,
    CatalogSection,
    FieldSpec,
    ForceRules,
    GameSystem,
    RosterFormat,
    Step,
)
from designer.systems.tactics import browse, force, steps
from designer.systems.tactics.card import SHORT, unit_card
from designer.systems.tactics.edits import set_name
from designer.systems.tactics.models import SYSTEM_ID, Sheet
from designer.systems.tactics.rules import Final, check, fold
from designer.systems.tactics.table import Catalog, TableSettings, load_catalog, resolve_table
from designer.tally import Tally


class Tactics(GameSystem[Sheet, Catalog, Final], RosterFormat[Sheet, Catalog]):
    NAME = SYSTEM_ID
    TITLE = "TACTICS"
    SHORT = SHORT
    UNIT_WORD = "sheet"
    FORCE_WORD = "encounter"
    SHARED_KEYS = ("table",)
    ROSTER_KEYS = ("sides", "units")

    def load_catalog(self, root: Path) -> Catalog:
        return load_catalog(root)

    def catalog_for(self, data: dict[str, Any], file: str | Path | None = None) -> Catalog:
        """The table settings the file names (`table:`), else the notes' defaults."""
        return resolve_table(data.get("table"), file) or self.bundled_catalog()

    def parse_unit(self, data: Any, catalog: Catalog, *, file: str | Path | None = None,
                   field_prefix: str = "") -> Sheet:
        data = require_mapping(data, "sheet", file=file)
        return validate(Sheet, data, file=file, field_prefix=field_prefix)

    def new_unit(self, name: str, catalog: Catalog) -> Sheet:
        """A standard creature with the table's actions; its numbers are blanks to fill."""
        return Sheet(name=name, kind="standard", actions=catalog.table.actions.standard)

    def unit_data(self, unit: Sheet) -> dict[str, Any]:
        return unit.to_data()

    def rename(self, unit: Sheet, name: str, catalog: Catalog) -> Sheet:
        return set_name(unit, name)

    def assess(self, unit: Sheet, catalog: Catalog) -> Assessment[Sheet, Final]:
        final = fold(unit, catalog.table)
        tally = Tally(unit.name)
        tally.issues = check(unit, final)
        return Assessment(unit, final, tally)

    def steps(self) -> tuple[Step, ...]:
        return steps.STEPS

    def card(self, assessment: Assessment[Sheet, Final]) -> Card:
        return unit_card(assessment)

    def force_rules(self, catalog: Catalog, fields: Mapping[str, Any] | None = None
                    ) -> ForceRules:
        return force.force_rules(fields)

    def split_roster(self, data: dict[str, Any], file: str | Path | None = None
                     ) -> tuple[dict[str, Any], dict[str, Any]]:
        shared = {k: data[k] for k in self.SHARED_KEYS if k in data}
        seen: dict[Path, None] = {}

        def check_sheet(sheet: str | dict[str, Any], field: str) -> None:
            if isinstance(sheet, dict):
                self._check_inline(sheet, shared, file, field)
            else:
                self._check_file(sheet, file, field, seen)

        return force.split_roster(data, file, check_sheet)

    def join_roster(self, generic: dict[str, Any], fields: Mapping[str, Any]
                    ) -> dict[str, Any]:
        return force.join_roster(generic, fields)

    def entry_fields(self, catalog: Catalog, fields: Mapping[str, Any]
                     ) -> tuple[FieldSpec, ...]:
        sides = force.side_choices(fields)
        return (FieldSpec("side", "Side", "choice", tuple((s, s) for s in sides),
                          default=sides[0] if sides else None,
                          help="which side of the encounter the sheet fights on"),)

    def catalog_sections(self, catalog: Catalog) -> tuple[CatalogSection, ...]:
        return browse.catalog_sections(catalog)

    def json_schemas(self) -> dict[str, dict[str, Any]]:
        return {"unit": file_schema(Sheet),
                "catalog": file_schema(TableSettings)}

    # --- an encounter's sheets, checked where the file names them ----------------------

    def _check_inline(self, sheet: dict[str, Any], shared: dict[str, Any],
                      file: str | Path | None, field: str) -> None:
        named = sheet.get("system", self.NAME)
        if named != self.NAME:
            raise InputError(f"sheet is for {_shown(named)}, the encounter for {self.NAME}",
                             file=file, field=field)
        merged = {**shared, **sheet}
        self.parse_unit(merged, self.catalog_for(merged, file), file=file,
                        field_prefix=field)

    def _check_file(self, written: str, file: str | Path | None, field: str,
                    seen: dict[Path, None]) -> None:
        base = Path(file).parent if file else Path.cwd()
        if not written.strip() or "\0" in written:
            raise InputError("expected the path of a sheet file", file=file, field=field)
        if link_loop(base / written):
            raise InputError(f"cannot follow sheet file '{written:.60}': a loop of symbolic "
                             "links", file=file, field=field)
        try:
            target = (base / written).resolve()
            found = target.exists()
        except (OSError, RuntimeError, ValueError) as exc:  # too long, a symlink loop
            raise InputError(f"cannot follow sheet file '{written:.60}': "
                             f"{getattr(exc, 'strerror', None) or exc}", file=file,
                             field=field) from None
        if target in seen:
            return
        if not found:
            raise InputError(f"sheet file '{written}' not found (looked in {target.parent})",
                             file=file, field=field)
        try:
            data = load_mapping(target, "sheet")
        except InputError as exc:
            if exc.file == str(target) and not exc.field:
                raise InputError(f"sheet file '{written}' {exc.problem}", file=file,
                                 field=field) from None
            raise
        named = data.get("system", DEFAULT_SYSTEM)
        if named != self.NAME:
            raise InputError(f"sheet file '{written}' is for {_shown(named)}, the encounter "
                             f"for {self.NAME}", file=file, field=field)
        seen[target] = None



def _shown(name: Any) -> str:
    return name[:40] if isinstance(name, str) else repr(name)[:40]
