"""Every game system through the contract: load its examples, assess, export in each
format and read back, round-trip its YAML, start a new unit, check a force, browse its
catalog, mount its steps. Parametrised over every registered system plus a toy system
defined in the tests, which proves the shells know no system by name; the toy's force
fields and entry fields, one of each kind, go through the forces screen by keys. (The
registry and the toy through the command line: test_installed_systems.py.)"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from pypdf import PdfReader

from designer.cli import main
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


@pytest.mark.tui
async def test_toy_force_and_entry_fields_of_every_kind_through_the_forces_screen(
        toy, tmp_path, capsys):
    """The toy box's own fields (a choice, a number, text) on the forces screen's form,
    and its entries' (a choice, a number) with `s` and the entry's dialog, by keys alone:
    each change one edit, the table and the box's facts following, the file saved with
    them all and checked legal."""
    from designer.tui.widgets.footer import KeyFooter
    from tests.tui import forces as by_keys
    from tests.tui.helpers import save, settled

    force_of, ready_names = by_keys.force_of, by_keys.ready_names

    app, path = await by_keys.start(tmp_path, "toy", (120, 40), game=system("toy"))
    async with app.run_test(size=(120, 40)) as pilot:
        await settled(pilot)
        assert ready_names(app) == []  # no theme, nothing ready
        await by_keys.to_field(app, pilot, "theme")
        await pilot.press("h")  # typed: Haunt
        await settled(pilot)
        assert force_of(app).fields["theme"] == "haunt"
        await pilot.press("tab", "2")  # the shows: a number typed
        await settled(pilot)
        assert force_of(app).fields["shows"] == 2
        await pilot.press("tab", *"Boo!")  # the motto: text typed, one edit
        await settled(pilot)
        assert force_of(app).fields["motto"] == "Boo!"
        await by_keys.to_table(app, pilot)
        assert ready_names(app) == [("Ghost", "ready")]
        await by_keys.add_ready(app, pilot, "Ghost")
        assert not force_of(app).legal  # 1 toy for 2 shows
        facts = {f.key: (f.value, f.state) for f in force_of(app).facts()}
        assert facts["toys"] == (1, "under")
        await by_keys.add_ready(app, pilot, "Ghost")
        assert by_keys.entries(app) == [("Ghost", 2)] and force_of(app).legal
        assert force_of(app).entries[0].fields == {"encores": 0}  # the number's default
        # s steps the entries' first choice, named in the footer by its label
        assert "s Role" in app.screen.query_one(KeyFooter).keys_text()
        await pilot.press("s")
        await settled(pilot)
        assert force_of(app).entries[0].fields == {"encores": 0, "role": "lead"}
        table = app.screen.query_one("#units")
        assert [str(cell) for cell in table.get_row_at(0)][3:5] == ["Lead act", "0"]
        # the entry's dialog: label, note, then the entries' fields, each with its help
        forces = app.screen
        await by_keys.entry_dialog(app, pilot)
        assert str(app.screen.query_one(".message").render()) == (
            "The unit keeps its own name; the label names this entry in the force, and "
            "the note prints with it.")
        await pilot.press(*"Headliner", "tab", *"glows", "tab", "right")  # a support act
        await settled(pilot)
        assert str(app.screen.query_one("#entry-help").render()) == \
            "the act it plays: one lead a box"
        await pilot.press("tab", "3")  # three encores
        await settled(pilot)
        assert str(app.screen.query_one("#entry-help").render()) == \
            "how often it comes back for more"
        assert forces.doc.force.entries[0].fields == {"encores": 0, "role": "lead"}  # not yet
        await by_keys.closed(app, pilot, "enter")
        ghost = force_of(app).entries[0]
        assert (ghost.label, ghost.note, dict(ghost.fields)) == (
            "Headliner", "glows", {"role": "support", "encores": 3})
        facts = {f.key: f.value for f in force_of(app).facts()}
        assert (facts["leads"], facts["encores"]) == (0, 6)  # 3 encores of 2 ghosts
        assert [str(cell) for cell in table.get_row_at(0)][3:5] == ["Support act", "3"]
        await pilot.press("ctrl+z")  # the dialog's changes were one edit
        await settled(pilot)
        ghost = force_of(app).entries[0]
        assert (ghost.label, ghost.note, dict(ghost.fields)) == (
            "", "", {"encores": 0, "role": "lead"})
        await pilot.press("ctrl+y")
        await settled(pilot)
        assert force_of(app).entries[0].label == "Headliner"
        await save(app, pilot)
    data = load_yaml(path)
    assert {k: data[k] for k in ("theme", "shows", "motto")} == {
        "theme": "haunt", "shows": 2, "motto": "Boo!"}
    assert {k: v for k, v in data["units"][0].items() if k != "unit"} == {
        "count": 2, "label": "Headliner", "note": "glows", "role": "support", "encores": 3}
    capsys.readouterr()
    assert main(["check", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["legal"] is True
