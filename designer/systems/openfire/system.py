"""Open Fire 0.3 behind the game-system contract."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from designer.errors import InputError
from designer.io import file_schema, require_mapping, validate
from designer.systems import (
    Assessment,
    CatalogPicking,
    CatalogSection,
    EntryOptions,
    FieldSpec,
    ForceRules,
    GameSystem,
    Matchups,
    Modules,
    Points,
    RosterFormat,
    Step,
)
from designer.systems.listing import Listing, ProfileType, TableProfiles
from designer.systems.openfire import force, steps
from designer.systems.openfire.catalog import Catalog
from designer.systems.openfire.cost import Final, price
from designer.systems.openfire.fold import fold
from designer.systems.openfire.headings import MODEL_COLUMNS, WEAPON_COLUMNS
from designer.systems.openfire.loading import load_catalog
from designer.systems.openfire.models import ModelEntry, Unit
from designer.systems.openfire.module_ref import with_module
from designer.systems.openfire.rules import check
from designer.tally import Issue, Tally

if TYPE_CHECKING:
    from designer.audit import Audit
    from designer.card import Card
    from designer.systems import Engagement, EngageOptions


class OpenFire(GameSystem[Unit, Catalog, Final], Points, Matchups[Unit, Final],
               CatalogPicking[Unit, Catalog], RosterFormat[Unit, Catalog],
               EntryOptions[Unit, Catalog], Modules):
    NAME = "openfire"
    TITLE = "Open Fire 0.3"
    SHORT = "Open Fire 0.3"
    SHARED_KEYS = ("module",)
    BOOLEAN_KEY_FIX = 'quote the key ("on": ...)'
    ENGAGE_WORD = "weapon"
    READY_WORD = "profile"
    #: a "Model" profile per model line, a "Weapon" per weapon, the unit's stat lines its
    #: "Unit" profile; special rules and abilities are rules
    LISTING = Listing(
        types=(ProfileType("Unit", ("Tests", "Formation", "Aircraft", "Half HP", "Transport")),
               ProfileType("Model", MODEL_COLUMNS), ProfileType("Weapon", WEAPON_COLUMNS)),
        stats="Unit", tables=(TableProfiles("models", "Model"),
                              TableProfiles("weapons", "Weapon")),
        rules=("rules", "abilities"))

    def load_catalog(self, root: Path) -> Catalog:
        return load_catalog(root)

    def catalog_for(self, data: dict[str, Any], file: str | Path | None = None) -> Catalog:
        """The core with the module the file names (`module:`), else the core alone."""
        return with_module(self.bundled_catalog(), data.get("module"), file)

    def parse_unit(self, data: Any, catalog: Catalog, *, file: str | Path | None = None,
                   field_prefix: str = "") -> Unit:
        data = require_mapping(data, "unit", file=file)
        unit = validate(Unit, data, file=file, field_prefix=field_prefix)
        where = f"{field_prefix}.module" if field_prefix else "module"
        unit._catalog = with_module(catalog, unit.module, file, where)
        return unit

    def new_unit(self, name: str, catalog: Catalog) -> Unit:
        """One model: the module's first profile, else a plain trooper (MOV 6, SKL, DEF
        and CMD 7, HP 5). Legal from the start."""
        module = catalog.module
        if module is not None and module.profiles:
            return _profile_unit(name, catalog, module.profiles[0].name)
        entry = ModelEntry(name="Trooper", mov=6, skl=7, defence=7, cmd=7, hp=5)
        unit = Unit(name=name, models=[entry])
        unit._catalog = catalog
        return unit

    def ready_units(self, catalog: Catalog, fields: Mapping[str, Any]) -> tuple[Unit, ...]:
        """One unit of each profile of the force's module, named for it (the core alone
        lists none)."""
        module = catalog.module
        if module is None:
            return ()
        return tuple(_profile_unit(p.name, catalog, p.name) for p in module.profiles)

    def unit_data(self, unit: Unit) -> dict[str, Any]:
        return unit.to_data()

    def rename(self, unit: Unit, name: str, catalog: Catalog) -> Unit:
        from designer.systems.openfire.edits import set_name

        return set_name(unit, name)

    def assess(self, unit: Unit, catalog: Catalog) -> Assessment[Unit, Final]:
        catalog, problem = _catalog_of(unit, catalog)
        folded = fold(unit, catalog)
        priced = price(folded)
        final = Final(folded, tuple(priced.entry_points), tuple(priced.upgrade_points))
        tally = Tally(unit.name, priced.lines, printed=unit.points)
        tally.issues = ([problem] if problem else []) + check(folded, priced)
        return Assessment(unit, final, tally)

    def steps(self) -> tuple[Step, ...]:
        return steps.STEPS

    def card(self, assessment: Assessment[Unit, Final]) -> Card:
        from designer.systems.openfire.card import unit_card

        final: Final = assessment.final
        return unit_card(assessment, self.SHORT, final.catalog.core.attribution)

    def engage_modes(self, assessment: Assessment[Unit, Final]) -> tuple[str, ...]:
        from designer.systems.openfire.odds import modes

        return modes(assessment)

    def engage(self, a: Assessment[Unit, Final], b: Assessment[Unit, Final],
               options: EngageOptions) -> Engagement:
        from designer.systems.openfire.odds import engage

        return engage(a, b, options)

    def force_rules(self, catalog: Catalog, fields: Mapping[str, Any] | None = None
                    ) -> ForceRules:
        return force.force_rules(catalog, fields)

    def split_roster(self, data: dict[str, Any], file: str | Path | None = None
                     ) -> tuple[dict[str, Any], dict[str, Any]]:
        return force.split_roster(data, self.catalog_for(data, file), file)

    def force_choices(self, catalog: Catalog) -> tuple[tuple[str, dict[str, Any]], ...]:
        """A force of each size the module presets; the core alone has none."""
        module = catalog.module
        if module is None:
            return (("", {}),)
        return tuple((f"{module.title}, {name}", {"module": module.module, "size": name})
                     for name in module.force.sizes)

    def join_roster(self, generic: dict[str, Any], fields: Mapping[str, Any]
                    ) -> dict[str, Any]:
        return force.join_roster(generic, fields)

    def force_fields(self, catalog: Catalog, fields: Mapping[str, Any]
                     ) -> tuple[FieldSpec, ...]:
        """The module (a bundled one, or the file the force names) and, once a module is
        chosen, one of its size presets."""
        modules: list[tuple[Any, str]] = [(None, "the core alone")]
        modules += [(ref, _module_title(catalog, ref)) for ref in catalog.bundled]
        if catalog.ref is not None and catalog.ref not in catalog.bundled:
            modules.append((catalog.ref, _module_title(catalog, catalog.ref)))
        out = [FieldSpec("module", "Module", "choice", tuple(modules), default=None,
                         help="the game module the force plays: its profiles, points and "
                              "force rules")]
        module = catalog.module
        if module is not None and module.force.sizes:
            sizes = tuple((name, f"{name} ({size.points} pts)")
                          for name, size in module.force.sizes.items())
            out.append(FieldSpec("size", "Size", "choice", sizes, default=sizes[0][0],
                                 help="the module's preset: its points cap and model "
                                      "count"))
        return tuple(out)

    def entry_options(self, unit: Unit, catalog: Catalog) -> tuple[FieldSpec, ...]:
        """A model entry's count; a module profile's weapon per slot and upgrades."""
        from designer.systems.openfire.options import entry_options

        return entry_options(self.assess(unit, catalog).final)

    def with_entry_option(self, unit: Unit, catalog: Catalog, key: str, value: Any
                          ) -> Unit:
        from designer.systems.openfire.options import with_entry_option

        return with_entry_option(unit, self.assess(unit, catalog).final, key, value)

    def catalog_sections(self, catalog: Catalog) -> tuple[CatalogSection, ...]:
        from designer.systems.openfire.browse import catalog_sections

        return catalog_sections(catalog)

    def catalog_pick(self, unit: Unit, catalog: Catalog, section: str, name: str
                     ) -> Unit | None:
        """A profile adds a model of it; a special rule, weapon or upgrade goes on the
        unit's first model (move it in its step)."""
        from designer.systems.openfire import edits

        if section == "profiles":
            if catalog.profile(name) is None:
                raise InputError(f"{name} is not a profile of {unit.name}'s module")
            return edits.add_profile_model(unit, catalog, name)
        if section not in ("rules", "weapons", "upgrades"):
            return None
        if not unit.models:
            raise InputError(f"{unit.name} has no models yet; add one in the models step "
                             "first")
        add = {"rules": edits.add_rule, "weapons": edits.add_weapon,
               "upgrades": edits.add_upgrade}[section]
        return add(unit, 0, name)

    def module_audit(self, path: Path) -> Audit:
        from designer.systems.openfire.audit import audit_file

        return audit_file(path, self.bundled_catalog())

    def json_schemas(self) -> dict[str, dict[str, Any]]:
        from designer.systems.openfire.module import CatalogModel

        return {"unit": file_schema(Unit),
                "catalog": file_schema(CatalogModel)}


def _profile_unit(name: str, catalog: Catalog, profile: str) -> Unit:
    """A unit `name` of one model of the module's `profile`, in its category."""
    module = catalog.module
    found = catalog.profile(profile)
    category = (found.category if found is not None else None) or \
        (next(iter(module.force.categories), None) if module is not None else None)
    unit = Unit(name=name, module=catalog.ref, category=category,
                models=[ModelEntry(profile=profile)])
    unit._catalog = catalog
    return unit


def _catalog_of(unit: Unit, catalog: Catalog) -> tuple[Catalog, Issue | None]:
    """The catalog with the unit's own module: the one given when it matches, the one
    resolved where the unit was read, else the module looked up afresh."""
    if unit.module == catalog.ref:
        return catalog, None
    own = unit._catalog
    if isinstance(own, Catalog) and own.ref == unit.module:
        return own, None
    try:
        return with_module(catalog, unit.module), None
    except InputError as exc:
        return with_module(catalog, None), Issue(
            "E-OF-MODULE", "error", f"{exc.problem}; priced by the core alone", "module")


def _module_title(catalog: Catalog, ref: str) -> str:
    """What a form calls the module `ref` names: its title, or `ref` as written when it
    cannot be read."""
    if catalog.module is not None and catalog.ref == ref:
        return catalog.module.title
    try:
        module = with_module(catalog, ref).module
    except InputError:
        return ref
    return module.title if module is not None else ref
