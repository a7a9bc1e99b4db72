"""The stable id a unit file keeps: derived from system and name until written, written
last on save or by `keep_ids`, kept through a rename, fresh for a new design, refused
when malformed."""

from __future__ import annotations

import pytest

from designer.cli import main
from designer.documents import ForceDoc, UnitDoc
from designer.errors import InputError
from designer.io import load_mapping
from designer.roster import load_roster
from designer.systems import system
from designer.systems.identity import derived_id
from designer.unit_ids import keep_ids
from designer.units import load_unit_file

OT = system("opentactics")
UNIT = """# my warden
system: opentactics
name: Ash Warden   # named for the order
types: [Infantry]
athletics: 6
"""


def test_a_file_without_an_id_reads_the_derived_one_and_keep_ids_writes_it(tmp_path):
    path = tmp_path / "warden.yaml"
    path.write_text(UNIT, encoding="utf-8")
    wanted = derived_id("opentactics", "Ash Warden")
    assert wanted == "32e87638-884a-5dfa-b7f8-0c01dff35dc9"  # the bundled Ash Warden's
    assert OT.unit_id(load_unit_file(path).unit) == wanted
    assert keep_ids(path) is True
    text = path.read_text(encoding="utf-8")
    assert text == UNIT + f"id: {wanted}\n"  # comments and flow style kept, id last
    assert keep_ids(path) is False  # nothing missing any more
    # renamed, it keeps the id it was given
    path.write_text(text.replace("name: Ash Warden", "name: Cinder Warden"), encoding="utf-8")
    assert OT.unit_id(load_unit_file(path).unit) == wanted != derived_id("opentactics",
                                                                         "Cinder Warden")


def test_keep_ids_writes_inline_units_of_a_roster(tmp_path):
    path = tmp_path / "raid.yaml"
    path.write_text("system: opentactics\nname: Raid\nunits:\n"
                    "  - unit: {name: War Hound, types: [Wolf]}\n    count: 2\n"
                    "  - unit: {name: Kept, id: my-own-id}\n", encoding="utf-8")
    assert keep_ids(path) is True
    units = load_mapping(path, "roster")["units"]
    assert units[0]["unit"]["id"] == derived_id("opentactics", "War Hound")
    assert units[1]["unit"]["id"] == "my-own-id"
    assert [OT.unit_id(e.unit) for e in load_roster(path).entries] == \
        [derived_id("opentactics", "War Hound"), "my-own-id"]


def test_keep_ids_leaves_a_file_it_cannot_write_alone(tmp_path, monkeypatch):
    path = tmp_path / "warden.yaml"
    path.write_text(UNIT, encoding="utf-8")

    def refused(target, data):
        raise PermissionError(13, "Permission denied", str(target))

    monkeypatch.setattr("designer.unit_ids.save_yaml", refused)
    assert keep_ids(path) is False
    assert path.read_text(encoding="utf-8") == UNIT


def test_keep_ids_leaves_a_file_it_cannot_read_alone(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("name: [broken\n", encoding="utf-8")
    assert keep_ids(path) is False
    assert path.read_text(encoding="utf-8") == "name: [broken\n"


@pytest.mark.parametrize("bad", ["''", "'has space'", "'-leading'", "x" * 65, "12"])
def test_a_malformed_id_is_one_line_naming_the_field(tmp_path, capsys, bad):
    path = tmp_path / "warden.yaml"
    path.write_text(UNIT + f"id: {bad}\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_unit_file(path)
    assert caught.value.field == "id"
    assert main(["price", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{path}: id:" in err


def test_a_new_design_gets_a_fresh_id_and_its_save_writes_it(tmp_path):
    one = UnitDoc.new(OT, path=tmp_path / "a.yaml", name="Same Name")
    two = UnitDoc.new(OT, path=tmp_path / "b.yaml", name="Same Name")
    assert OT.unit_id(one.unit) != OT.unit_id(two.unit)
    one.save()
    assert load_mapping(tmp_path / "a.yaml", "unit")["id"] == OT.unit_id(one.unit)


def test_saving_a_file_without_an_id_writes_the_one_it_read(tmp_path):
    path = tmp_path / "warden.yaml"
    path.write_text(UNIT, encoding="utf-8")
    doc = UnitDoc.load(path)
    doc.save()
    assert load_mapping(path, "unit")["id"] == derived_id("opentactics", "Ash Warden")
    assert "# named for the order" in path.read_text(encoding="utf-8")


def test_a_force_entry_for_a_new_design_gets_a_fresh_id(tmp_path):
    doc = ForceDoc.new(OT, path=tmp_path / "f.yaml")
    entry = doc.entry(OT.new_unit("Fresh", OT.bundled_catalog()))
    assert OT.unit_id(entry.unit) is not None
    assert entry.assessment.unit is entry.unit
