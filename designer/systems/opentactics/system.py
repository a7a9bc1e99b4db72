"""OpenTactics 2nd edition behind the game-system contract."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from designer.errors import InputError
from designer.io import file_schema, require_mapping, suggest, validate
from designer.systems import (
    Assessment,
    Budget,
    CatalogPicking,
    CatalogSection,
    Fact,
    ForceRules,
    GameSystem,
    Matchups,
    Member,
    Points,
    Step,
)
from designer.systems.listing import Listing, ProfileType, SectionProfiles, TableProfiles
from designer.systems.opentactics.catalog import Catalog, CatalogModel, load_catalog
from designer.systems.opentactics.cost import breakdown
from designer.systems.opentactics.fold import Final, fold
from designer.systems.opentactics.models import Unit
from designer.systems.opentactics.rules import check
from designer.tally import Tally

if TYPE_CHECKING:
    from designer.card import Card
    from designer.systems import Engagement, EngageOptions


class OpenTactics(GameSystem[Unit, Catalog, Final], Points, Matchups[Unit, Final],
                  CatalogPicking[Unit, Catalog]):
    NAME = "opentactics"
    TITLE = "OpenTactics 2nd edition"
    SHORT = "OpenTactics 2e"
    BOOLEAN_KEY_FIX = "write off_dice or def_dice (or quote the key)"
    #: the card's aspects table gives a "Skill" profile per aspect (its OFF and DEF dice and
    #: range), Athletics the "Unit" one; equipment is listed, abilities are rules
    LISTING = Listing(
        types=(ProfileType("Unit", ("Athletics",)),
               ProfileType("Skill", ("OFF dice", "DEF dice", "Range")),
               ProfileType("Equipment", ("Choice", "Effect"))),
        stats="Unit", tables=(TableProfiles("skills", "Skill", by_column=True),),
        profiles=(SectionProfiles("equipment", "Equipment", note="Choice", text="Effect"),),
        rules=("abilities",))
    RETALIATES = True
    ENGAGE_EXTRAS = (  # the terms of a matchup: see odds.py
        ("support_off_a", "0-6: re-rolls of A's OFF dice (allies adjacent to B)"),
        ("support_def_a", "0-6: re-rolls of A's DEF dice (allies adjacent to A)"),
        ("support_off_b", "0-6: re-rolls of B's OFF dice (allies adjacent to A)"),
        ("support_def_b", "0-6: re-rolls of B's DEF dice (allies adjacent to B)"),
        ("higher_a", "1: A holds the higher ground"),
        ("higher_b", "1: B holds the higher ground"),
        ("cover_a", "1: A benefits from cover"),
        ("cover_b", "1: B benefits from cover"),
        ("charge", "1: A charges (Powerful Charge; no Degrade)"),
        ("ambush", "1: B could not see A as the activation began (Ambush)"),
        ("aurora", "1: A makes an Aurora assault"),
        ("shock", "1: A makes a Shock assault"),
        ("freeze", "1: A makes a Freeze assault"),
    )

    def load_catalog(self, root: Path) -> Catalog:
        return load_catalog(root)

    def parse_unit(self, data: Any, catalog: Catalog, *, file: str | Path | None = None,
                   field_prefix: str = "") -> Unit:
        """A unit from loaded YAML data; names the catalog cannot resolve are input errors."""
        data = require_mapping(data, "unit", file=file)
        unit = validate(Unit, data, file=file, field_prefix=field_prefix)
        _resolve_names(unit, catalog, file, field_prefix)
        return unit

    def new_unit(self, name: str, catalog: Catalog) -> Unit:
        return Unit(name=name)

    def unit_data(self, unit: Unit) -> dict[str, Any]:
        return unit.to_data()

    def rename(self, unit: Unit, name: str, catalog: Catalog) -> Unit:
        from designer.systems.opentactics.edits import set_name

        return set_name(unit, name)

    def assess(self, unit: Unit, catalog: Catalog) -> Assessment[Unit, Final]:
        """Fold the equipment in, price the final values and check them: once."""
        final = fold(unit, catalog)
        tally = Tally(unit.name, breakdown(final, catalog.costs), printed=unit.points)
        tally.issues = check(unit, final, catalog, tally.total)
        return Assessment(unit, final, tally)

    # the views below load their modules when first asked: `designer price` needs none

    def steps(self) -> tuple[Step, ...]:
        from designer.systems.opentactics.steps import STEPS

        return STEPS

    def card(self, assessment: Assessment[Unit, Final]) -> Card:
        from designer.systems.opentactics.card import unit_card

        return unit_card(assessment, self.SHORT)

    def engage_modes(self, assessment: Assessment[Unit, Final]) -> tuple[str, ...]:
        from designer.systems.opentactics.odds import modes

        return modes(assessment)

    def engage(self, a: Assessment[Unit, Final], b: Assessment[Unit, Final],
               options: EngageOptions) -> Engagement:
        from designer.systems.opentactics.odds import engage

        return engage(a, b, options, self.bundled_catalog(),
                      {key for key, _ in self.ENGAGE_EXTRAS})

    def force_rules(self, catalog: Catalog, fields: Mapping[str, Any] | None = None
                    ) -> ForceRules:
        costs = catalog.costs

        def facts(members: Sequence[Member]) -> list[Fact]:
            units = sum(m.count for m in members)
            morale = min(costs.morale_base + units // 2, costs.morale_max)
            return [Fact("starting_morale", "Starting morale", morale),
                    Fact("activation_counters", "Activation counters",
                         costs.activation_counters)]

        return ForceRules(Budget(default=500), facts=facts)

    def catalog_sections(self, catalog: Catalog) -> tuple[CatalogSection, ...]:
        from designer.systems.opentactics.browse import catalog_sections

        return catalog_sections(catalog)

    def catalog_pick(self, unit: Unit, catalog: Catalog, section: str, name: str
                     ) -> Unit | None:
        from designer.systems.opentactics import edits

        if section == "abilities":
            if any(a.name.casefold() == name.casefold() for a in unit.abilities):
                raise InputError(f"{unit.name} has {name} already; change its rank in the "
                                 "abilities step")
            return edits.add_ability(unit, catalog, name)
        if section == "equipment":
            return edits.add_item(unit, catalog, name)
        if section == "types":
            if any(t.name.casefold() == name.casefold() for t in unit.types):
                raise InputError(f"{unit.name} is {name} already")
            return edits.set_type(unit, name, True)
        return None

    def json_schemas(self) -> dict[str, dict[str, Any]]:
        return {"unit": file_schema(Unit), "catalog": file_schema(CatalogModel)}


def _resolve_names(unit: Unit, catalog: Catalog, file: str | Path | None,
                   prefix: str) -> None:
    def where(field: str) -> str:
        return f"{prefix}.{field}" if prefix else field

    ability_names = [a.name for a in catalog.abilities]
    for i, choice in enumerate(unit.equipment):
        if catalog.item(choice.item) is None:
            hint = suggest(choice.item, [x.name for x in catalog.equipment])
            raise InputError(f"unknown item '{choice.item}'{hint}; see `designer catalog "
                             "equipment`", file=file, field=where(f"equipment[{i}].item"))
    groups = [("abilities", unit.abilities)] + [
        (f"equipment[{i}].abilities", e.abilities) for i, e in enumerate(unit.equipment)]
    for field, choices in groups:
        for j, picked in enumerate(choices):
            if not picked.custom and catalog.ability(picked.name) is None:
                hint = suggest(picked.name, ability_names)
                raise InputError(
                    f"unknown ability '{picked.name}'{hint}; a custom ability needs a cost: "
                    f"{{name: {picked.name}, cost: N, text: ...}}",
                    file=file, field=where(f"{field}[{j}]"))
