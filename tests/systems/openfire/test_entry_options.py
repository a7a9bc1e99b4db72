"""Open Fire's options on a force entry (`EntryOptions`): a module profile's model count,
a weapon per slot among what the profile may take, and its upgrades, each set alone and
priced by the module's listed points."""

from __future__ import annotations

import pytest

from designer.errors import InputError
from designer.systems import EntryOptions
from tests.systems.openfire.conftest import OPENFIRE


def ready(catalog, name: str):
    return next(u for u in OPENFIRE.ready_units(catalog, {}) if u.name == name)


def total(unit, catalog) -> int:
    return OPENFIRE.assess(unit, catalog).tally.total


def options(unit, catalog) -> dict[str, tuple]:
    return {s.key: (s.kind, s.default, tuple(v for v, _ in s.choices))
            for s in OPENFIRE.entry_options(unit, catalog)}


def test_open_fire_has_the_capability():
    assert OPENFIRE.capability(EntryOptions) is OPENFIRE


def test_a_rangers_options_are_its_count_slots_and_upgrades(wastes):
    found = options(ready(wastes, "Ranger"), wastes)
    assert found["models[0].count"] == ("number", 1, ())
    # its only weapon is swapped, never dropped (a file lists none for the profile's own)
    assert found["models[0].weapon.ranged"] == ("choice", "Long Rifle", (
        "Long Rifle", "Scattergun", "Heavy Stubber", "Glass Rifle", "Twin Repeater",
        "Arc Lance", "Ripper Cannon", "Cinder Torch"))
    assert found["models[0].weapon.grenade"] == ("choice", None,
                                                 (None, "Flare Charge", "Frag Cell"))
    assert found["models[0].upgrade.Veteran"] == ("choice", False, (False, True))
    assert found["models[0].upgrade.Hot Loads"] == ("choice", None, (None, "Long Rifle"))
    assert "models[0].upgrade.Drill Master" not in found  # the sergeant's only
    assert "models[0].upgrade.Plating" not in found  # a vehicle's


def test_a_profiles_weapon_choices_are_the_only_weapons_offered(wastes):
    found = options(ready(wastes, "Glass Sniper"), wastes)
    weapons = {k: v[2] for k, v in found.items() if ".weapon." in k}
    assert weapons == {"models[0].weapon.ranged": ("Long Rifle", "Glass Rifle"),
                       "models[0].weapon.sidearm": (None, "Service Pistol"),
                       "models[0].weapon.melee": (None, "Ash Pick")}


def test_a_vehicle_keeps_a_ranged_weapon(wastes):
    found = options(ready(wastes, "Ash Crawler"), wastes)
    assert None not in found["models[0].weapon.ranged"][2]  # ranged [1, 3]


def test_a_swap_and_an_upgrade_are_priced_and_written(wastes):
    ranger = ready(wastes, "Ranger")
    assert total(ranger, wastes) == 11  # 9 + Long Rifle 2
    torch = OPENFIRE.with_entry_option(ranger, wastes, "models[0].weapon.ranged",
                                       "Cinder Torch")
    assert total(torch, wastes) == 12  # 9 + Cinder Torch 3
    veteran = OPENFIRE.with_entry_option(torch, wastes, "models[0].upgrade.Veteran", True)
    assert total(veteran, wastes) == 14  # + Veteran 2
    assert OPENFIRE.unit_data(veteran)["models"] == [
        {"profile": "Ranger", "weapons": ["Cinder Torch"], "upgrades": ["Veteran"]}]
    three = OPENFIRE.with_entry_option(veteran, wastes, "models[0].count", 3)
    assert total(three, wastes) == 42
    assert OPENFIRE.unit_data(ranger)["models"] == [{"profile": "Ranger"}]  # unchanged


def test_a_weapon_modification_follows_a_swap_when_it_may(wastes):
    ranger = ready(wastes, "Ranger")
    hot = OPENFIRE.with_entry_option(ranger, wastes, "models[0].upgrade.Hot Loads",
                                     "Long Rifle")
    assert total(hot, wastes) == 12
    scatter = OPENFIRE.with_entry_option(hot, wastes, "models[0].weapon.ranged",
                                         "Scattergun")
    assert OPENFIRE.unit_data(scatter)["models"] == [
        {"profile": "Ranger", "weapons": ["Scattergun"],
         "upgrades": [{"name": "Hot Loads", "weapon": "Scattergun"}]}]
    torch = OPENFIRE.with_entry_option(hot, wastes, "models[0].weapon.ranged",
                                       "Cinder Torch")  # Hot Loads excludes it
    assert OPENFIRE.unit_data(torch)["models"] == [
        {"profile": "Ranger", "weapons": ["Cinder Torch"]}]
    back = OPENFIRE.with_entry_option(scatter, wastes, "models[0].weapon.ranged",
                                      "Long Rifle")  # the profile's own: none listed
    assert OPENFIRE.unit_data(back)["models"] == [
        {"profile": "Ranger", "upgrades": [{"name": "Hot Loads", "weapon": "Long Rifle"}]}]


def test_a_dear_weapons_modification_pays_the_surcharge(wastes):
    crawler = ready(wastes, "Ash Crawler")
    assert total(crawler, wastes) == 35  # 30 + Heavy Stubber 5
    hot = OPENFIRE.with_entry_option(crawler, wastes, "models[0].upgrade.Hot Loads",
                                     "Heavy Stubber")
    assert total(hot, wastes) == 37  # + 1, + 1 for a weapon of 4 points or more


def test_a_dropped_weapon_and_an_upgrade_taken_off(wastes):
    captain = ready(wastes, "Warden Captain")
    assert total(captain, wastes) == 19
    bare = OPENFIRE.with_entry_option(captain, wastes, "models[0].weapon.sidearm", None)
    assert total(bare, wastes) == 18
    assert OPENFIRE.unit_data(bare)["models"] == [{"profile": "Warden Captain",
                                                   "weapons": ["Cinder Blade"]}]
    masked = OPENFIRE.with_entry_option(bare, wastes, "models[0].upgrade.Ash Mask", True)
    off = OPENFIRE.with_entry_option(masked, wastes, "models[0].upgrade.Ash Mask", False)
    assert off == bare


@pytest.mark.parametrize(("key", "value", "problem"), [
    ("models[0].weapon.ranged", "Slag Maul", "'Slag Maul' is not one of"),
    ("models[0].weapon.ranged", "Cinder Blade", "'Cinder Blade' is not one of"),
    ("models[0].count", 0, "expected a whole number from 1 to 999, not 0"),
    ("models[0].count", True, "expected a whole number"),
    ("models[0].upgrade.Plating", True, "has no option 'models[0].upgrade.Plating'"),
    ("models[1].count", 2, "has no option 'models[1].count'"),
])
def test_what_an_entry_cannot_take_is_refused(wastes, key, value, problem):
    ranger = ready(wastes, "Ranger")
    with pytest.raises(InputError) as raised:
        OPENFIRE.with_entry_option(ranger, wastes, key, value)
    assert problem in raised.value.problem


def test_a_unit_of_several_models_names_each(wastes):
    from designer.io import load_yaml
    from designer.systems import examples_dir

    data = load_yaml(examples_dir("openfire") / "units" / "warden-patrol.yaml")
    unit = OPENFIRE.parse_unit(data, OPENFIRE.catalog_for(data))
    specs = OPENFIRE.entry_options(unit, wastes)
    counts = [s.label for s in specs if s.key.endswith(".count")]
    assert len(counts) == len(unit.models) > 1
    assert all(label.endswith(": Models") for label in counts)


def test_a_unit_of_its_own_design_takes_only_its_count(core):
    unit = OPENFIRE.new_unit("Fresh", core)
    assert [s.key for s in OPENFIRE.entry_options(unit, core)] == ["models[0].count"]
