"""The bundled examples through the CLI as a user runs them: price (findings, no points),
check, catalog, and every export format."""

from __future__ import annotations

import json

import pytest

from designer.cli import main
from designer.export import export_path
from designer.units import load_unit_file
from tests.systems.tactics.conftest import ROSTERS, UNITS, write

SHEETS = ["dock-thug", "harbour-brute", "sergeant-vale", "warden-drone"]


def test_the_examples_are_the_four_sheets_and_one_encounter():
    assert sorted(p.stem for p in UNITS.glob("*.yaml")) == SHEETS
    assert [p.stem for p in ROSTERS.glob("*.yaml")] == ["dock-ambush"]
    kinds = {p.stem: load_unit_file(p).unit.kind for p in UNITS.glob("*.yaml")}
    assert kinds == {"dock-thug": "minion", "harbour-brute": "heavy",
                     "sergeant-vale": "standard", "warden-drone": "heavy"}


@pytest.mark.parametrize("name", SHEETS)
def test_each_example_prices_legal_without_points(name, capsys):
    path = UNITS / f"{name}.yaml"
    assert main(["price", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.strip().endswith(": legal")
    assert "TACTICS defines no points; only its checks apply." in out
    assert " points," not in out and "Total" not in out and "Audit" not in out
    assert main(["price", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"name", "errors", "warnings"}
    assert data["errors"] == data["warnings"] == []


def test_price_prints_findings_and_exits_by_them(tmp_path, capsys):
    path = write(tmp_path, "odd.yaml", "system: tactics\nname: Odd\nkind: elite\npoints: 5\n")
    assert main(["price", str(path)]) == 1
    out = " ".join(capsys.readouterr().out.split())  # the console wraps at its width
    out = out[out.index("TACTICS defines no points; only its checks apply.") + 50:]
    assert out == (
        "error E-TX-KIND [kind]: kind 'elite' is not standard, minion or heavy [5]; choose "
        "one of them "
        "warning W-TX-POINTS [points]: TACTICS defines no points, so points is ignored; "
        "remove it "
        "warning W-TX-NO-ATTACK [weapons]: no weapon and no Press listed: the sheet cannot "
        "attack; add a weapon or a Press "
        "Odd: not legal: 1 error(s)")
    warned = write(tmp_path, "warned.yaml", "system: tactics\nname: W\nkind: minion\n")
    assert main(["price", str(warned)]) == 0  # warnings only
    assert capsys.readouterr().out.splitlines()[-1] == "W: legal"


def test_the_catalog_lists_the_table_settings(capsys):
    assert main(["catalog", "table", "--system", "tactics"]) == 0
    out = capsys.readouterr().out
    assert "press_penalty" in out and "___" in out and "max_wounds" in out
    assert main(["catalog", "areas", "--system", "tactics", "--search", "chain"]) == 0
    assert "{chain: 3}" in capsys.readouterr().out


@pytest.mark.parametrize("fmt", ["txt", "md", "html"])
def test_text_exports_print_the_sheet(fmt, tmp_path):
    text = export_path(UNITS / "warden-drone.yaml", fmt, out=tmp_path).read_text("utf-8")
    text = text.replace("\\_", "_")  # Markdown escapes the blanks' underscores
    for words in ("Warden Drone", "Mortar Pod", "no normal dodge", "Wounds", "Shields",
                  "cool-down check: ___", "penalty ___"):
        assert words in text, words
    assert "points" not in text.replace("no points", "").replace("shield points", "")


def test_the_pdf_holds_the_sheet_and_the_summary(tmp_path):
    from pypdf import PdfReader

    pdf = export_path(ROSTERS / "dock-ambush.yaml", "pdf", out=tmp_path)
    pages = [" ".join(p.extract_text().split()) for p in PdfReader(pdf).pages]
    # the summary, four sheets and the six thugs' tracks (three to a sheet) two to a page,
    # then the rules they name
    assert len(pages) == 5
    assert "Dock Ambush" in pages[0] and "160" in pages[0]
    assert "Players creatures 1" in pages[0] and "Enemies creatures 8" in pages[0]
    for page in (pages[1], pages[3]):
        assert page.count("incapacitated") == 2
        assert "Based on the TACTICS design notes" in page
    tracks = pages[2]
    assert "Dock Thug: tracks 1-3 of 6" in tracks and "Dock Thug: tracks 4-6 of 6" in tracks
    for number in range(1, 7):  # each creature's own labelled wound track
        assert f"{number} · Wounds" in tracks and f"{number} · 11-20" in tracks
    assert pages[4].startswith("Rules") and pages[4].count("Deflector Pulse") == 1
