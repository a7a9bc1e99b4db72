"""A toy game system defined only here, to prove the shells are generic: a unit is a name,
a size and a few tricks; it costs its size plus 3 a trick; one build step. Nothing outside
the tests knows it exists."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from designer.card import Card, Entry, Row, Section, Stat, Table, Tag, dice, text
from designer.errors import InputError
from designer.io import require_mapping, validate
from designer.systems import (
    Assessment,
    Budget,
    CatalogRow,
    CatalogSection,
    Fact,
    ForceRules,
    GameSystem,
    Member,
    Points,
    Step,
)
from designer.tally import Issue, Line, Tally

TRICKS = {"juggle": "Keeps three things in the air.", "vanish": "Is not there any more."}


class ToyUnit(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    system: str = "toy"
    name: str = Field(min_length=1, max_length=80)
    size: int = Field(1, ge=0, le=99)
    tricks: tuple[str, ...] = ()


class ToyCatalog(BaseModel):
    tricks: dict[str, str]


class Toy(GameSystem[ToyUnit, ToyCatalog, dict[str, Any]], Points):
    NAME = "toy"
    TITLE = "Toy Skirmish"
    SHORT = "Toy"

    def load_catalog(self, root: Path) -> ToyCatalog:
        return ToyCatalog(tricks=TRICKS)

    def parse_unit(self, data: Any, catalog: ToyCatalog, *, file: str | Path | None = None,
                   field_prefix: str = "") -> ToyUnit:
        data = require_mapping(data, "unit", file=file)
        unit = validate(ToyUnit, data, file=file, field_prefix=field_prefix)
        for i, trick in enumerate(unit.tricks):
            if trick not in catalog.tricks:
                where = f"{field_prefix}.tricks[{i}]" if field_prefix else f"tricks[{i}]"
                raise InputError(f"unknown trick '{trick}'", file=file, field=where)
        return unit

    def new_unit(self, name: str, catalog: ToyCatalog) -> ToyUnit:
        return ToyUnit(name=name)

    def unit_data(self, unit: ToyUnit) -> dict[str, Any]:
        return unit.model_dump(exclude_defaults=False, mode="json") | {"tricks":
                                                                       list(unit.tricks)}

    def assess(self, unit: ToyUnit, catalog: ToyCatalog) -> Assessment:
        lines = [Line("build", f"Size {unit.size}", unit.size)]
        lines += [Line("build", f"Trick: {t}", 3) for t in unit.tricks]
        tally = Tally(unit.name, lines)
        if unit.size > 9:
            tally.issues.append(Issue("E-TOY-SIZE", "error",
                                      f"size {unit.size} is over 9; lower it", "size"))
        if not unit.tricks:
            tally.issues.append(Issue("W-TOY-DULL", "warning", "no tricks; add one",
                                      "tricks"))
        return Assessment(unit, {"size": unit.size}, tally)

    def steps(self) -> tuple[Step, ...]:
        return (Step("build", "Build", "Pick a size and some tricks."),)

    def card(self, assessment: Assessment) -> Card:
        unit: ToyUnit = assessment.unit
        table = Table(("Size", "Tricks"), (Row("Pips", (dice(min(unit.size, 3), "attack"),
                                                        text(len(unit.tricks)))),))
        return Card(unit.name, assessment.tally.total, self.SHORT, (Tag("Toy"),),
                    (table, Stat("Size", str(unit.size)),
                     Section("Tricks", tuple(Entry(t, "", TRICKS[t]) for t in unit.tricks))),
                    assessment.tally, final=dict(assessment.final))

    def force_rules(self, catalog: ToyCatalog, fields: Mapping[str, Any] | None = None
                    ) -> ForceRules:
        def facts(members: Sequence[Member]) -> list[Fact]:
            return [Fact("toys", "Toys", sum(m.count for m in members))]

        def checks(members: Sequence[Member]) -> list[Issue]:
            names = [m.assessment.unit.name for m in members]
            return [Issue("E-TOY-TWICE", "error", f"{n} is listed twice; merge them",
                          "units") for n in sorted(set(names)) if names.count(n) > 1]

        return ForceRules(Budget("Toy box", default=20), checks=checks, facts=facts)

    def catalog_sections(self, catalog: ToyCatalog) -> tuple[CatalogSection, ...]:
        rows = tuple(CatalogRow(name, (name, summary), summary)
                     for name, summary in catalog.tricks.items())
        return (CatalogSection("tricks", "Tricks", ("Trick", "Effect"), rows),)

    def json_schemas(self) -> dict[str, dict[str, Any]]:
        return {"unit": ToyUnit.model_json_schema(), "catalog": ToyCatalog.model_json_schema()}


def write_examples(folder: Path) -> tuple[list[Path], list[Path]]:
    """Two unit files and a roster of the toy system in `folder`."""
    units = folder / "units"
    units.mkdir(parents=True, exist_ok=True)
    a = units / "juggler.yaml"
    a.write_text("system: toy\nname: Juggler\nsize: 2\ntricks: [juggle]\n", encoding="utf-8")
    b = units / "ghost.yaml"
    b.write_text("system: toy\nname: Ghost\nsize: 4\ntricks: [vanish, juggle]\n",
                 encoding="utf-8")
    roster = folder / "box.yaml"
    roster.write_text("system: toy\nname: Toy Box\npoints_cap: 20\nunits:\n"
                      "  - {unit: units/juggler.yaml, count: 2}\n"
                      "  - {unit: {name: Blob, size: 1}, count: 1}\n", encoding="utf-8")
    return [a, b], [roster]


SYSTEM = Toy()
