"""A toy game system defined only here, to prove the shells are generic: a unit is a name,
a size and a few tricks; it costs its size plus 3 a trick; one build step. A toy box (a
force) has fields of its own, one of each kind a form shows: a theme (a choice, which
decides the units ready to add), a number of shows (a number, 1 to 9) and a motto
(text); each entry has two: its role (a choice: one lead act a box) and its encores (a
number, 0 to 5). Nothing outside the tests knows it exists."""

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
    FieldSpec,
    ForceRules,
    GameSystem,
    Member,
    Points,
    RosterFormat,
    Step,
)
from designer.tally import Issue, Line, Tally

TRICKS = {"juggle": "Keeps three things in the air.", "vanish": "Is not there any more."}
#: the toy box's themes, and the units each has ready: (name, size, tricks)
THEMES = {"circus": (("Juggler", 2, ("juggle",)), ("Strongman", 5, ())),
          "haunt": (("Ghost", 4, ("vanish", "juggle")),)}
BOX_KEYS = ("theme", "shows", "motto")
#: an entry's roles, and how many encores it may take
ROLES = {"lead": "Lead act", "support": "Support act"}
MAX_ENCORES = 5


class BoxFields(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    theme: str | None = None
    shows: int | None = Field(None, ge=1, le=9)
    motto: str | None = Field(None, max_length=80)


class ToyUnit(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    system: str = "toy"
    name: str = Field(min_length=1, max_length=80)
    size: int = Field(1, ge=0, le=99)
    tricks: tuple[str, ...] = ()


class ToyCatalog(BaseModel):
    tricks: dict[str, str]


class Toy(GameSystem[ToyUnit, ToyCatalog, dict[str, Any]], Points, RosterFormat):
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
        fields = fields or {}
        shows = fields.get("shows", 1)

        def facts(members: Sequence[Member]) -> list[Fact]:
            leads = sum(m.fields.get("role") == "lead" for m in members)
            encores = sum(m.fields.get("encores", 0) * m.count for m in members)
            return [Fact("toys", "Toys", sum(m.count for m in members), low=shows),
                    Fact("leads", "Lead acts", leads, high=1),
                    Fact("encores", "Encores", encores)]

        def checks(members: Sequence[Member]) -> list[Issue]:
            names = [m.assessment.unit.name for m in members]
            out = [Issue("E-TOY-TWICE", "error", f"{n} is listed twice; merge them",
                         "units") for n in sorted(set(names)) if names.count(n) > 1]
            leads = [i for i, m in enumerate(members) if m.fields.get("role") == "lead"]
            out += [Issue("E-TOY-LEAD", "error", f"{members[i].assessment.unit.name} is a "
                          "second lead act; make it a support act", f"units[{i}].role")
                    for i in leads[1:]]
            if fields.get("theme") is None:
                out.append(Issue("E-TOY-THEME", "error", "the box has no theme; choose one",
                                 "theme"))
            if sum(m.count for m in members) < shows:
                out.append(Issue("E-TOY-SHOWS", "error", f"fewer toys than the {shows} "
                                 "shows; add some", "units"))
            return out

        return ForceRules(Budget("Toy box", default=20), checks=checks, facts=facts)

    def split_roster(self, data: dict[str, Any], file: str | Path | None = None
                     ) -> tuple[dict[str, Any], dict[str, Any]]:
        generic = dict(data)
        own = {k: generic.pop(k) for k in BOX_KEYS if k in generic}
        fields = validate(BoxFields, own, file=file).model_dump(exclude_none=True)
        if fields.get("theme") not in (None, *THEMES):
            raise InputError(f"unknown theme '{fields['theme']}'", file=file, field="theme")
        units = generic.get("units")
        for i, entry in enumerate(units if isinstance(units, list) else ()):
            if isinstance(entry, dict):
                _check_entry(entry, file, f"units[{i}]")
        return generic, fields

    def join_roster(self, generic: dict[str, Any], fields: Mapping[str, Any]
                    ) -> dict[str, Any]:
        return {**generic, **{k: fields[k] for k in BOX_KEYS if fields.get(k)}}

    def force_fields(self, catalog: ToyCatalog, fields: Mapping[str, Any]
                     ) -> tuple[FieldSpec, ...]:
        return (FieldSpec("theme", "Theme", "choice", tuple((t, t.title()) for t in THEMES),
                          help="what the box plays"),
                FieldSpec("shows", "Shows", "number", default=1, low=1, high=9,
                          help="how many shows: a toy each"),
                FieldSpec("motto", "Motto", "text", help="printed on the lid"))

    def entry_fields(self, catalog: ToyCatalog, fields: Mapping[str, Any]
                     ) -> tuple[FieldSpec, ...]:
        return (FieldSpec("role", "Role", "choice", tuple(ROLES.items()),
                          help="the act it plays: one lead a box"),
                FieldSpec("encores", "Encores", "number", default=0, low=0,
                          high=MAX_ENCORES, help="how often it comes back for more"))

    def ready_units(self, catalog: ToyCatalog, fields: Mapping[str, Any]
                    ) -> tuple[ToyUnit, ...]:
        return tuple(ToyUnit(name=name, size=size, tricks=tricks)
                     for name, size, tricks in THEMES.get(fields.get("theme", ""), ()))

    def catalog_sections(self, catalog: ToyCatalog) -> tuple[CatalogSection, ...]:
        rows = tuple(CatalogRow(name, (name, summary), summary)
                     for name, summary in catalog.tricks.items())
        return (CatalogSection("tricks", "Tricks", ("Trick", "Effect"), rows),)

    def json_schemas(self) -> dict[str, dict[str, Any]]:
        return {"unit": ToyUnit.model_json_schema(), "catalog": ToyCatalog.model_json_schema()}


def _check_entry(entry: dict[str, Any], file: str | Path | None, where: str) -> None:
    """An entry's own fields as the file writes them: a role of ROLES, a whole number of
    encores up to MAX_ENCORES."""
    role = entry.get("role")
    if role is not None and role not in ROLES:
        raise InputError(f"unknown role '{role}'", file=file, field=f"{where}.role")
    encores = entry.get("encores", 0)
    if isinstance(encores, bool) or not isinstance(encores, int) or \
            not 0 <= encores <= MAX_ENCORES:
        raise InputError(f"encores is a whole number from 0 to {MAX_ENCORES}", file=file,
                         field=f"{where}.encores")


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
    roster.write_text("system: toy\nname: Toy Box\ntheme: circus\npoints_cap: 20\n"
                      "units:\n"
                      "  - {unit: units/juggler.yaml, count: 2, role: lead, encores: 1}\n"
                      "  - {unit: {name: Blob, size: 1}, count: 1}\n", encoding="utf-8")
    return [a, b], [roster]


SYSTEM = Toy()
