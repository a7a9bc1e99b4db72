"""Every game system through the contract: load its examples, assess, export in each
format and read back, round-trip its YAML, start a new unit, check a force, browse its
catalog. Parametrised over every registered system plus a toy system defined in the
tests, which proves the shells know no system by name."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from pypdf import PdfReader

from designer.cli import main
from designer.errors import InputError
from designer.export import FORMATS, export_path
from designer.io import dump_yaml, load_mapping, load_yaml, parse_yaml
from designer.points import has_points
from designer.roster import load_roster
from designer.systems import (
    EntryOptions,
    GameSystem,
    examples_dir,
    system,
    system_names,
)
from designer.systems.identity import derived_id
from designer.units import load_unit_file, parse_unit_data
from tests.plugins import installed
from tests.systems.toy import write_examples

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Subject:
    game: GameSystem
    units: list[Path]
    rosters: list[Path]


@pytest.fixture(params=[*system_names(), "toy"])
def subject(request, tmp_path_factory) -> Iterator[Subject]:
    name = request.param
    if name == "toy":
        units, rosters = write_examples(tmp_path_factory.mktemp("toy"))
        with installed("toy", "tests.systems.toy:SYSTEM", tmp_path_factory.mktemp("site")):
            yield Subject(system("toy"), units, rosters)
        return
    folder = examples_dir(name)
    yield Subject(system(name), sorted((folder / "units").glob("*.yaml")),
                  sorted((folder / "rosters").glob("*.yaml")))


def test_the_registry_knows_only_real_systems_until_one_is_installed(tmp_path):
    names = system_names()
    assert names[:4] == ("opentactics", "op-en", "tactics", "openfire")
    assert "toy" not in names
    assert [system(name).NAME for name in names] == list(names)
    with installed("toy", "tests.systems.toy:SYSTEM", tmp_path):
        assert system_names() == (*names, "toy")
        assert system("toy").TITLE == "Toy Skirmish"
    assert "toy" not in system_names()
    with pytest.raises(InputError) as caught:
        system("toy")
    assert caught.value.field == "system"


def test_the_bundled_systems_are_the_entry_points_pyproject_declares():
    """The registry finds the four without reading metadata (BUNDLED); the entry points a
    package manager installs must say the same."""
    import tomllib

    from designer.systems.registry import BUNDLED

    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert data["project"]["entry-points"]["designer.systems"] == BUNDLED


def test_a_declared_entry_point_that_is_no_game_system_is_refused(tmp_path):
    with installed("broken", "tests.systems.toy:TRICKS", tmp_path):
        assert "broken" in system_names()
        with pytest.raises(InputError) as caught:
            system("broken")
    assert caught.value.field == "system"
    assert "not a game system" in caught.value.problem


def test_examples_load_and_assess(subject):
    assert subject.units and subject.rosters
    for path in subject.units:
        loaded = load_unit_file(path)
        assert loaded.system is subject.game
        tally = loaded.tally
        assert tally.total == sum(line.points for line in tally.breakdown)
        card = subject.game.card(loaded.assessment)
        assert card.title == subject.game.unit_name(loaded.unit) == tally.name
        assert card.points == (tally.total if has_points(subject.game) else None)
        for issue in tally.issues:
            assert subject.game.step_of(issue.field) in {s.key for s in subject.game.steps()}


@pytest.mark.parametrize("name", [n for n in system_names()
                                  if system(n).capability(EntryOptions) is not None])
def test_entry_options_keep_their_value_and_take_each_choice(name):
    """A system with entry options (EntryOptions): each example's option set to the value
    it holds gives the same unit; each choice offered is taken, the option then holding
    it, and the result saves and reads back as the same unit."""
    game = system(name)
    options = game.capability(EntryOptions)
    assert options is not None
    taken = 0
    for path in sorted((examples_dir(name) / "units").glob("*.yaml")):
        loaded = load_unit_file(path)
        unit = loaded.unit
        catalog = game.catalog_for(game.unit_data(unit), path)
        for spec in options.entry_options(unit, catalog):
            assert options.with_entry_option(unit, catalog, spec.key, spec.default) == unit
            for value, _ in spec.choices:
                changed = options.with_entry_option(unit, catalog, spec.key, value)
                now = {s.key: s.default for s in options.entry_options(changed, catalog)}
                assert now[spec.key] == value, (path.name, spec.key, value)
                data = game.unit_data(changed)
                assert game.parse_unit(data, catalog, file=path) == changed
                taken += 1
    assert taken


def test_engage_is_unsupported_or_sums_to_one(subject):
    """A system with matchup odds (the Matchups capability) gives exclusive outcomes that
    sum to exactly 1 for its first two examples, in each mode; the others have none."""
    from fractions import Fraction

    from designer.errors import InputError
    from designer.systems import EngageOptions, Matchups

    game = subject.game
    a, b = (load_unit_file(p).assessment for p in (subject.units * 2)[:2])
    matchups = game.capability(Matchups)
    if matchups is None:
        assert not hasattr(game, "engage")
        return
    answered = 0
    for mode in matchups.engage_modes(a):
        try:
            odds = matchups.engage(a, b, EngageOptions(mode))
        except InputError:
            continue
        assert odds is not None and odds.mode == mode
        assert sum((o.value for o in odds.outcomes), Fraction(0)) == 1
        assert all(0 <= o.value <= 1 for o in odds.outcomes) and 0 <= odds.win <= 1
        answered += 1
    assert answered


def test_unit_data_round_trips_through_yaml(subject):
    game = subject.game
    catalog = game.bundled_catalog()
    for path in subject.units:
        unit = load_unit_file(path).unit
        data = game.unit_data(unit)
        again = game.parse_unit(parse_yaml(dump_yaml(data)), catalog)
        assert game.unit_data(again) == data
        assert game.assess(again, catalog).tally == game.assess(unit, catalog).tally


def test_a_new_unit_is_named_assessed_and_saves(subject):
    game = subject.game
    catalog = game.bundled_catalog()
    unit = game.new_unit("Fresh Recruit", catalog)
    assert game.unit_name(unit) == "Fresh Recruit"
    assessment = game.assess(unit, catalog)
    assert assessment.unit is unit and assessment.tally.name == "Fresh Recruit"
    data = game.unit_data(unit)
    assert data["system"] == game.NAME
    # a unit read without an id gets the one derived from its system and name, kept after
    read = parse_unit_data(data).unit
    assert game.unit_id(read) == (derived_id(game.NAME, "Fresh Recruit")
                                  if "id" in type(unit).model_fields else None)
    assert game.unit_data(parse_unit_data(game.unit_data(read)).unit) == \
        game.unit_data(read)


def test_steps_are_unique_and_the_last_files_the_rest(subject):
    steps = subject.game.steps()
    keys = [s.key for s in steps]
    assert keys and len(set(keys)) == len(keys)
    assert all(s.title and s.guidance for s in steps)
    assert subject.game.step_of("no.such.field") == keys[-1]


def test_rosters_check_with_budget_facts_and_exit_codes(subject, capsys):
    for path in subject.rosters:
        force = load_roster(path)
        code = main(["check", str(path), "--json"])
        data = json.loads(capsys.readouterr().out)
        assert code == (0 if force.legal else 1)
        assert data["legal"] is force.legal and data["system"] == subject.game.NAME
        assert [f["key"] for f in data["facts"]] == [f.key for f in force.facts()]
        if has_points(subject.game):
            assert data["budget"] == force.rules.budget.label
            assert data["total"] == sum(e["subtotal"] for e in data["entries"])
        else:  # no points anywhere, not even as null or 0
            assert not {"budget", "points_cap", "total", "remaining"} & set(data)


def test_catalog_sections_browse_in_the_cli(subject, capsys):
    game = subject.game
    sections = game.catalog_sections(game.bundled_catalog())
    assert sections
    for section in sections:
        assert section.rows, section.key
        assert all(len(row.cells) == len(section.columns) for row in section.rows)
    assert main(["catalog", "--system", game.NAME]) == 0
    out = capsys.readouterr().out
    assert all(section.title in out for section in sections)


def test_json_schemas_cover_units_and_catalog(subject):
    schemas = subject.game.json_schemas()
    assert {"unit", "catalog"} <= set(schemas)
    assert "name" in schemas["unit"]["properties"]


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_format_exports_and_reads_back(subject, fmt, tmp_path):
    for path in [*subject.units, *subject.rosters]:
        data = load_mapping(path, "unit or roster")
        roster = "units" in data
        loaded = load_roster(path) if roster else load_unit_file(path)
        name = data["name"]
        written = export_path(path, fmt, out=tmp_path / path.stem)
        assert written.parent == tmp_path / path.stem
        if fmt in ("pdf", "list"):
            content = "".join(page.extract_text() for page in PdfReader(written).pages)
            assert " ".join(name.split()) in " ".join(content.split())
        elif fmt == "json":
            exported = json.loads(written.read_text(encoding="utf-8"))
            assert exported["name"] == name
            if has_points(subject.game):
                assert exported["total"] == loaded.total if roster else loaded.tally.total
        elif fmt == "yaml":
            again = load_roster(written) if roster else load_unit_file(written)
            if roster:
                assert [e.tally for e in again.entries] == [e.tally for e in loaded.entries]
            else:
                assert again.tally == loaded.tally
        else:
            import html

            assert name in html.unescape(written.read_text(encoding="utf-8"))


def test_battlescribe_exports_and_reads_back_or_is_refused(subject, tmp_path):
    """A priced system's files validate against the XSD and hold its cards' units and
    points; a system without points refuses in one line and writes nothing."""
    from designer.errors import InputError
    from designer.export import load_doc
    from tests.bscribe import check_bundle

    for path in [*subject.units, *subject.rosters]:
        out = tmp_path / path.stem
        if not has_points(subject.game):
            with pytest.raises(InputError, match="defines no points"):
                export_path(path, "battlescribe", out=out)
            assert not out.exists()
            continue
        doc = load_doc(path)
        written = export_path(path, "battlescribe", out=out)
        assert {p.parent for p in written.paths} == {out}
        bundle = check_bundle(written)
        assert {name: unit["points"] for name, unit in bundle["units"].items()} == \
            {card.title: card.points for card in doc.cards}
        if doc.summary is not None:
            assert bundle["totals"] == [doc.summary.total]


def test_a_roster_assesses_each_unit_once_and_exports_reuse_it(subject, tmp_path,
                                                                monkeypatch):
    game = subject.game
    calls = []
    real = type(game).assess

    def counting(self, unit, catalog):
        calls.append(self.unit_name(unit))
        return real(self, unit, catalog)

    monkeypatch.setattr(type(game), "assess", counting)
    for path in subject.rosters:
        calls.clear()
        data = load_yaml(path)
        files = {e["unit"] for e in data["units"] if isinstance(e["unit"], str)}
        inline = [e for e in data["units"] if not isinstance(e["unit"], str)]
        export_path(path, "md", out=tmp_path / path.stem)
        assert len(calls) == len(files) + len(inline)


# --- the toy system through the shells --------------------------------------------------


@pytest.fixture
def toy(tmp_path) -> Iterator[tuple[list[Path], list[Path]]]:
    with installed("toy", "tests.systems.toy:SYSTEM", tmp_path / "site"):
        yield write_examples(tmp_path)


def test_toy_prices_in_the_cli(toy, capsys):
    units, _ = toy
    assert main(["price", str(units[0])]) == 0
    assert "Juggler: 5 points, legal" in capsys.readouterr().out
    assert main(["price", str(units[1]), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["total"] == 10
    assert [line["item"] for line in data["breakdown"]] == ["Size 4", "Trick: vanish",
                                                            "Trick: juggle"]


def test_toy_force_has_its_budget_facts_and_checks(toy, tmp_path, capsys):
    _, rosters = toy
    assert main(["check", str(rosters[0])]) == 0
    out = capsys.readouterr().out
    assert "Total 11 of 20 points: 9 remaining" in out
    assert "Toys 3" in out
    twice = tmp_path / "twice.yaml"
    twice.write_text("system: toy\nname: Twice\ntheme: circus\nunits:\n"
                     "  - {unit: units/juggler.yaml}\n  - {unit: units/juggler.yaml}\n",
                     encoding="utf-8")
    assert main(["check", str(twice), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert [e["code"] for e in data["errors"]] == ["E-TOY-TWICE"]
    assert data["toys"] == 2 and data["budget"] == "Toy box"


def test_toy_bad_input_names_file_and_field(toy, tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("system: toy\nname: Bad\ntricks: [fly]\n", encoding="utf-8")
    assert main(["price", str(bad)]) == 2
    assert capsys.readouterr().err.strip() == \
        f"designer: error: {bad}: tricks[0]: unknown trick 'fly'"


def test_toy_text_export_draws_its_card(toy, tmp_path):
    units, _ = toy
    text = export_path(units[1], "txt", out=tmp_path).read_text(encoding="utf-8")
    assert "Ghost" in text and "10 points" in text
    assert "vanish" in text and "Is not there any more." in text


def test_a_unit_of_another_system_in_a_roster_is_refused(toy, tmp_path, capsys):
    ot_unit = examples_dir() / "units" / "steam-witch.yaml"
    mixed = tmp_path / "mixed.yaml"
    mixed.write_text(f"system: toy\nname: Mixed\nunits:\n  - {{unit: {ot_unit}}}\n",
                     encoding="utf-8")
    assert main(["check", str(mixed)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"designer: error: {mixed}: units[0].unit: unit is for opentactics, the roster "
        "for toy")


def test_every_system_has_an_import_contract():
    """pyproject.toml protects each registered system's package (import-linter)."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    for name in system_names():
        package = name.replace("-", "_")
        assert f'protected_modules = ["designer.systems.{package}"]' in text


@pytest.mark.tui
async def test_each_tui_step_mounts_with_the_units_card(subject, tmp_path, monkeypatch):
    """The designer on a copy of the system's first example: every build step's editor
    mounts (the system's own, or the generic one), the stepper lists them all, and the
    card preview shows the unit."""
    from designer.tui.app import build_app
    from designer.tui.widgets.card import CardPreview

    game = subject.game
    unit = tmp_path / "unit.yaml"
    unit.write_text(subject.units[0].read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    app = build_app(game=game, unit_path=unit, start="edit")
    name = load_unit_file(unit).tally.name
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        steps = game.steps()
        for index, step in enumerate(steps):
            await screen.action_goto(index)
            await pilot.pause()
            assert screen.step == index
            assert screen.editor.is_mounted and screen.editor.key == step.key
        preview = screen.query_one(CardPreview)
        assert preview.border_title is not None and name in str(preview.border_title)


def test_a_total_is_written_in_the_systems_own_words():
    from designer.systems import Points

    opentactics, op_en = (system(n).capability(Points) for n in ("opentactics", "op-en"))
    assert opentactics is not None and op_en is not None
    assert opentactics.total_words(38) == ("Total ", " pts")
    assert opentactics.total_words(1) == ("Total ", " pt")
    assert op_en.total_words(111) == ("Total Cost ", "")
    assert system("tactics").capability(Points) is None
