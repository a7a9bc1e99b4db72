"""Op-En ("Oppose - Engage") behind the game-system contract."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from designer.errors import InputError
from designer.io import file_schema, require_mapping, suggest, validate
from designer.systems import (
    Assessment,
    CatalogPicking,
    CatalogSection,
    FieldSpec,
    ForceRules,
    GameSystem,
    Points,
    RosterFormat,
    Step,
)
from designer.systems.listing import Listing, ProfileType, SectionProfiles, TableProfiles
from designer.systems.op_en import force, steps
from designer.systems.op_en.catalog import DIE_STATS, Catalog, CatalogModel
from designer.systems.op_en.cost import Final, breakdown, fold
from designer.systems.op_en.edits import allocate, set_name
from designer.systems.op_en.headings import COLUMNS
from designer.systems.op_en.loading import bundled_settings, load_catalog, resolve_setting
from designer.systems.op_en.models import Character
from designer.systems.op_en.rules import check
from designer.tally import Tally

if TYPE_CHECKING:
    from designer.card import Card


class OpEn(GameSystem[Character, Catalog, Final], Points, CatalogPicking[Character, Catalog],
           RosterFormat[Character, Catalog]):
    NAME = "op-en"
    TITLE = "Op-En (Oppose - Engage)"
    SHORT = "Op-En"
    UNIT_WORD = "character"
    FORCE_WORD = "Opposing Force"
    #: a character's price is its Total Cost, spent from the OF's treasury: no unit word
    POINTS_WORD = POINTS_SHORT = ""
    POINTS_COLUMN = "Cost"
    PRICE_WORD = "Total Cost"
    SHARED_KEYS = ("setting", "core_stat")
    ROSTER_KEYS = ("units", "characters")
    #: the stat line and the ranges are the "Character" profile, equipment is listed, forms,
    #: traits, skills and abilities are rules
    LISTING = Listing(
        types=(ProfileType("Character", (*COLUMNS, "Awareness Range", "Combat Range")),
               ProfileType("Equipment", ("Details", "Description"))),
        stats="Character", tables=(TableProfiles("stats", "Character"),),
        profiles=(SectionProfiles("equipment", "Equipment", note="Details"),),
        rules=("form_trait", "skills", "abilities"))

    def load_catalog(self, root: Path) -> Catalog:
        return load_catalog(root)

    def catalog_for(self, data: dict[str, Any], file: str | Path | None = None) -> Catalog:
        """The setting the file names (`setting:`), else the bundled default."""
        return resolve_setting(data.get("setting"), file) or self.bundled_catalog()

    def parse_unit(self, data: Any, catalog: Catalog, *, file: str | Path | None = None,
                   field_prefix: str = "") -> Character:
        """A character; names the setting does not know are input errors."""
        data = require_mapping(data, "character", file=file)
        unit = validate(Character, data, file=file, field_prefix=field_prefix)
        _resolve_names(unit, catalog, file, field_prefix)
        return unit

    def new_unit(self, name: str, catalog: Catalog) -> Character:
        """A Rank 1 character in the first Form open to it, the rank's values allocated
        in the card's order with Fight as the Core Stat: legal from the start."""
        rank = min(catalog.ranks, key=lambda r: (r.rank < 1, r.rank))
        form = next((f for f in catalog.forms if not f.ranks or rank.rank in f.ranks),
                    catalog.forms[0])
        unit = Character(name=name, setting=catalog.ref, core_stat=DIE_STATS[0],
                         rank=rank.rank, form=form.name)
        return allocate(unit, catalog)

    def unit_data(self, unit: Character) -> dict[str, Any]:
        return unit.to_data()

    def rename(self, unit: Character, name: str, catalog: Catalog) -> Character:
        return set_name(unit, name)

    def assess(self, unit: Character, catalog: Catalog) -> Assessment[Character, Final]:
        final = fold(unit, catalog)
        tally = Tally(unit.name, breakdown(final, catalog), printed=unit.cost)
        tally.issues = check(unit, final, catalog)
        return Assessment(unit, final, tally)

    def steps(self) -> tuple[Step, ...]:
        return steps.STEPS

    def card(self, assessment: Assessment[Character, Final]) -> Card:
        from designer.systems.op_en.card import unit_card

        return unit_card(assessment, self.SHORT)

    def force_rules(self, catalog: Catalog, fields: Mapping[str, Any] | None = None
                    ) -> ForceRules:
        return force.force_rules(catalog, fields)

    def split_roster(self, data: dict[str, Any], file: str | Path | None = None
                     ) -> tuple[dict[str, Any], dict[str, Any]]:
        return force.split_roster(data, self.catalog_for(data, file), file)

    def force_choices(self, catalog: Catalog) -> tuple[tuple[str, dict[str, Any]], ...]:
        return tuple((f"Core Stat {stat.title()}", {"core_stat": stat})
                     for stat in catalog.core.die_stats)

    def force_fields(self, catalog: Catalog, fields: Mapping[str, Any]
                     ) -> tuple[FieldSpec, ...]:
        settings = bundled_settings()
        if catalog.ref not in settings:  # a group's own setting folder, named by path
            settings = [*settings, catalog.ref]
        return (
            FieldSpec("core_stat", "Core Stat", "choice",
                      tuple((s, s.title()) for s in catalog.core.die_stats),
                      help="the stat every character's rank Core value goes in (L901)"),
            FieldSpec("setting", "Setting", "choice", tuple((s, s) for s in settings),
                      default=catalog.ref,
                      help="the Setting book whose tables the characters are built from"),
            FieldSpec("notes", "Notes", "text", help="the OF's notes, printed with it"),
        )
    def join_roster(self, generic: dict[str, Any], fields: Mapping[str, Any]
                    ) -> dict[str, Any]:
        return force.join_roster(generic, fields)

    def catalog_sections(self, catalog: Catalog) -> tuple[CatalogSection, ...]:
        from designer.systems.op_en.browse import catalog_sections

        return catalog_sections(catalog)

    def catalog_pick(self, unit: Character, catalog: Catalog, section: str, name: str
                     ) -> Character | None:
        from designer.systems.op_en import edits

        if section in ("skills", "abilities"):
            if catalog.universal(name) is not None:
                raise InputError(f"{name} is a universal skill: every character has it, "
                                 "free")
            if any(c.name.casefold() == name.casefold() for c in getattr(unit, section)):
                raise InputError(f"{unit.name} has {name} already")
            return edits.add_talent(unit, catalog, section, name)
        if section == "equipment":
            if catalog.item(name) is None:
                raise InputError(f"{name} is what a character without a weapon fights "
                                 "with; there is nothing to add")
            return edits.add_item(unit, catalog, name)
        if section in ("forms", "traits"):
            now = unit.forms if section == "forms" else unit.traits
            if [n.casefold() for n in now] == [name.casefold()]:
                raise InputError(f"{unit.name} has {name} already")
            return (edits.set_form if section == "forms" else edits.set_trait)(unit, name)
        return None

    def json_schemas(self) -> dict[str, dict[str, Any]]:
        return {"unit": file_schema(Character),
                "catalog": file_schema(CatalogModel)}


def _resolve_names(unit: Character, catalog: Catalog, file: str | Path | None,
                   prefix: str) -> None:
    def where(field: str) -> str:
        return f"{prefix}.{field}" if prefix else field

    def unknown(what: str, name: str, choices: list[str], field: str, section: str,
                custom: bool = True) -> InputError:
        hint = suggest(name, choices)
        how = f"; a custom one needs a cost: {{name: {name}, cost: N}}" if custom else ""
        return InputError(f"unknown {what} '{name}' in {catalog.title}{hint}; see "
                          f"`designer catalog {section} --system op-en`{how}", file=file,
                          field=where(field))

    for key, lookup, section in (("form", catalog.form, "forms"),
                                 ("trait", catalog.trait, "traits")):
        names = getattr(unit, f"{key}s")
        for i, name in enumerate(names):
            if lookup(name) is None:
                field = key if isinstance(getattr(unit, key), str) else f"{key}[{i}]"
                choices = [e.name for e in getattr(catalog, section)]
                raise unknown(key, name, choices, field, section, custom=False)
    for i, choice in enumerate(unit.skills):
        if choice.custom or catalog.skill(choice.name) or catalog.universal(choice.name):
            continue
        if catalog.ability(choice.name):
            raise InputError(f"{choice.name} is an Ability; list it under abilities",
                             file=file, field=where(f"skills[{i}]"))
        names = [*(s.name for s in catalog.skills),
                 *(s.name for s in catalog.universal_skills)]
        raise unknown("skill", choice.name, names, f"skills[{i}]", "skills")
    for i, choice in enumerate(unit.abilities):
        if choice.custom or catalog.ability(choice.name):
            continue
        if catalog.skill(choice.name) or catalog.universal(choice.name):
            raise InputError(f"{choice.name} is a Skill; list it under skills",
                             file=file, field=where(f"abilities[{i}]"))
        raise unknown("ability", choice.name, [a.name for a in catalog.abilities],
                      f"abilities[{i}]", "abilities")
    for i, choice in enumerate(unit.equipment):
        if not choice.custom and catalog.item(choice.name) is None:
            raise unknown("item", choice.name, [e.name for e in catalog.equipment],
                          f"equipment[{i}]", "equipment")
