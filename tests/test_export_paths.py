"""Where exports land and what they refuse: safe names, the output folder, --force,
atomic writes and one-line errors."""

from __future__ import annotations

import itertools
import json
import os
from pathlib import Path

import pytest
import yaml

from designer.errors import InputError
from designer.export import EXTENSIONS, FORMATS, STEM_SUFFIX, export_path, safe_name
from designer.systems import examples_dir

UNITS = examples_dir() / "units"
ROSTERS = examples_dir() / "rosters"


def file_name(stem: str, fmt: str) -> str:
    """The name an export of `fmt` writes: a list's carries -list, beside the cards."""
    return f"{stem}{STEM_SUFFIX.get(fmt, '')}{EXTENSIONS[fmt]}"


def unit_file(tmp_path: Path, name: str) -> Path:
    path = tmp_path / "unit.yaml"
    path.write_text(yaml.safe_dump({"name": name, "types": ["Infantry"],
                                    "skills": {"melee": {"off_dice": 1, "def_dice": 1,
                                                         "range": 1}}}), encoding="utf-8")
    return path


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("roster", ["northern-raid.yaml", "titans-folly.yaml"])
def test_both_example_rosters_export_to_every_format(tmp_path, fmt, roster):
    path = export_path(ROSTERS / roster, fmt, out=tmp_path)
    stem = {"northern-raid.yaml": "northern-raid", "titans-folly.yaml": "titans-folly"}[roster]
    assert path == tmp_path / file_name(stem, fmt)
    data = path.read_bytes()
    assert len(data) > 500
    assert sorted(os.listdir(tmp_path)) == [path.name]  # no temporary file left behind


def test_default_folder_is_exports_in_the_working_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = export_path(UNITS / "ash-warden.yaml", "md")
    assert path == Path("exports") / "ash-warden.md"
    assert (tmp_path / "exports" / "ash-warden.md").is_file()


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_traversing_name_lands_inside_the_folder(tmp_path, fmt):
    out = tmp_path / "out"
    path = export_path(unit_file(tmp_path, "../../etc/passwd"), fmt, out=out)
    assert path.resolve().parent == out.resolve()
    assert path.name == file_name("etc-passwd", fmt)
    assert sorted(p.name for p in tmp_path.rglob("*") if p.is_file()) == \
        sorted(["unit.yaml", file_name("etc-passwd", fmt)])


@pytest.mark.parametrize(("name", "stem"), [
    ("Ash Warden", "ash-warden"),
    ("../../etc/passwd", "etc-passwd"),
    ("..", "unit"),
    ("/", "unit"),
    ("C:\\Windows\\system32", "c-windows-system32"),
    ("Ōni Šaman", "oni-saman"),
    ("鬼", "鬼"),
    ("CON", "con-unit"),
    ("a" * 200, "a" * 80),
    ("  --Titans' Folly--  ", "titans-folly"),
])
def test_safe_name(name, stem):
    assert safe_name(name) == stem


def test_safe_name_falls_back_to_the_kind():
    assert safe_name("!!!", "roster") == "roster"


def test_existing_file_needs_force(tmp_path):
    first = export_path(UNITS / "ash-warden.yaml", "json", out=tmp_path)
    first.write_text("keep me")
    with pytest.raises(InputError) as info:
        export_path(UNITS / "ash-warden.yaml", "json", out=tmp_path)
    assert info.value.line() == f"{first}: exists; pass --force to overwrite"
    assert first.read_text() == "keep me"
    again = export_path(UNITS / "ash-warden.yaml", "json", out=tmp_path, overwrite=True)
    assert again == first
    assert json.loads(first.read_text())["total"] == 38


def test_out_may_name_the_file(tmp_path):
    target = tmp_path / "cards" / "my-force.pdf"
    assert export_path(ROSTERS / "northern-raid.yaml", "pdf", out=target) == target
    assert target.read_bytes().startswith(b"%PDF-")


def test_out_naming_a_file_of_another_format_is_refused(tmp_path):
    with pytest.raises(InputError) as info:
        export_path(UNITS / "ash-warden.yaml", "md", out=tmp_path / "cards.pdf")
    assert info.value.line() == (f"{tmp_path / 'cards.pdf'}: --out: names a .pdf file, but "
                                 "the format is md; give a folder or a *.md file name")
    assert list(tmp_path.iterdir()) == []


def test_out_that_is_a_file_of_another_kind_is_refused(tmp_path):
    blocker = tmp_path / "notes"
    blocker.write_text("x")
    with pytest.raises(InputError, match="is a file, not a folder"):
        export_path(UNITS / "ash-warden.yaml", "pdf", out=blocker)


def test_never_overwrites_the_file_being_exported(tmp_path):
    source = tmp_path / "ash-warden.yaml"
    source.write_text((UNITS / "ash-warden.yaml").read_text())
    with pytest.raises(InputError, match="is the file being exported"):
        export_path(source, "yaml", out=tmp_path, overwrite=True)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"fmt": "docx"}, "--format: unknown export format 'docx'; choose one of: pdf, html, "
                      "list, list-html, md, txt, json, yaml, battlescribe"),
    ({"fmt": "pdf", "paper": "a5"}, "--paper: unknown paper size 'a5'; choose one of: "
                                    "a4, letter"),
])
def test_bad_options_are_one_line_errors(tmp_path, kwargs, message):
    source = UNITS / "ash-warden.yaml"
    fmt = kwargs.pop("fmt")
    with pytest.raises(InputError) as info:
        export_path(source, fmt, out=tmp_path, **kwargs)
    assert info.value.line() == f"{source}: {message}"
    assert list(tmp_path.iterdir()) == []


def test_format_and_paper_are_case_insensitive(tmp_path):
    path = export_path(UNITS / "ash-warden.yaml", "PDF", out=tmp_path, paper="Letter")
    assert path.suffix == ".pdf"


def test_unreadable_input_is_an_input_error(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        export_path(tmp_path / "missing.yaml", "pdf", out=tmp_path)
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: [unclosed\n")
    with pytest.raises(InputError, match="not valid YAML"):
        export_path(bad, "html", out=tmp_path)
    roster = tmp_path / "roster.yaml"
    roster.write_text("name: R\nunits:\n  - {unit: nowhere.yaml}\n")
    with pytest.raises(InputError) as info:
        export_path(roster, "md", out=tmp_path)
    assert info.value.field == "units[0].unit"


@pytest.mark.parametrize("fmt", FORMATS)
def test_progress_ends_at_its_total(tmp_path, fmt):
    calls: list[tuple[int, int]] = []
    export_path(ROSTERS / "northern-raid.yaml", fmt, out=tmp_path,
                progress=lambda done, total: calls.append((done, total)))
    assert calls, "no progress reported"
    done, total = calls[-1]
    assert done == total > 0
    assert all(a[0] <= b[0] for a, b in itertools.pairwise(calls))


@pytest.mark.parametrize("fmt", FORMATS)
def test_an_empty_roster_exports(tmp_path, fmt):
    source = tmp_path / "empty.yaml"
    source.write_text("name: Nobody Yet\nunits: []\n")
    path = export_path(source, fmt, out=tmp_path / "out")
    assert path.name == file_name("nobody-yet", fmt)
    if fmt == "json":
        data = json.loads(path.read_text())
        assert (data["total"], data["units"], data["legal"]) == (0, 0, True)
    if fmt == "pdf":
        from pypdf import PdfReader

        assert len(PdfReader(path).pages) == 1
