"""The module workbench: `designer module audit` (its numbers are those `designer price`
gives one-entry units), Spearman's rank correlation worked by hand, the module's scale
and fair points, the HTML report, `designer price` showing cc1 beside each listed line,
and the catalog's Listed and cc1 columns."""

from __future__ import annotations

import json
import math
import re
from fractions import Fraction as F

import pytest

from designer.cli import main
from designer.io import dump_yaml
from designer.systems import Modules, catalog_root, system
from designer.systems.openfire.audit import ranks, spearman
from designer.systems.openfire.value import round_half_up
from tests.systems.openfire.conftest import OPENFIRE

MODULE = catalog_root() / "openfire" / "modules" / "ash-wastes.yaml"


def audit_json(capsys, *extra: str) -> dict:
    assert main(["module", "audit", str(MODULE), "--json", *extra]) == 0
    return json.loads(capsys.readouterr().out)


def test_spearman_worked_by_hand():
    # listed 1, 2, 2, 4 rank 1, 2.5, 2.5, 4 (the tie takes the mean of ranks 2 and 3);
    # cc1 10, 20, 30, 40 rank 1, 2, 3, 4. About the mean rank 2.5: covariance
    # (-1.5)(-1.5) + 0 + 0 + (1.5)(1.5) = 4.5; spreads 4.5 and 2.25 + .25 + .25 + 2.25 = 5;
    # rho = 4.5 / sqrt(4.5 x 5), so rho squared = 20.25 / 22.5 = 9/10.
    assert ranks([1, 2, 2, 4]) == [1, F(5, 2), F(5, 2), 4]
    assert spearman([1, 2, 2, 4], [10, 20, 30, 40]) == math.sqrt(F(9, 10))
    assert spearman([1, 2, 2, 4], [40, 30, 20, 10]) == -math.sqrt(F(9, 10))
    # no ties: the classic 1 - 6 x sum d^2 / (n (n^2 - 1)) = 1 - 6 x 4 / 120 = 0.8
    assert math.isclose(spearman([1, 2, 3, 4, 5], [2, 1, 4, 3, 5]), 0.8, rel_tol=1e-15)
    assert spearman([1], [2]) is None and spearman([3, 3, 3], [1, 2, 3]) is None


def line_of(tally: dict, kind: str, name: str) -> list[dict]:
    """The breakdown lines `designer price` gives an audited entry (an upgrade: its line
    and its surcharge)."""
    pattern = {"profiles": r": profile\b", "weapons": rf": {re.escape(name)}[ ,]",
               "upgrades": rf": upgrade {re.escape(name)}\b",
               "rules": rf": rule {re.escape(name)}\b"}[kind]
    found = [x for x in tally["breakdown"] if re.search(pattern, x["item"])]
    if kind == "upgrades":
        found += [x for x in tally["breakdown"] if f"({name} modifies " in x["item"]]
    return found


def test_the_audit_is_what_price_says_of_one_entry_units(capsys, tmp_path):
    audit = audit_json(capsys)
    checked = 0
    for entry in audit["entries"]:
        if entry["unit"] is None or entry["listed"] is None:
            continue
        path = tmp_path / "unit.yaml"
        path.write_text(dump_yaml(entry["unit"]), encoding="utf-8")
        assert main(["price", str(path), "--json"]) == 0, entry["name"]  # legal
        tally = json.loads(capsys.readouterr().out)
        assert tally["errors"] == [], entry["name"]
        found = line_of(tally, entry["kind"], entry["name"])
        assert found, (entry["name"], tally["breakdown"])
        assert sum(x["points"] for x in found) == entry["listed"], entry["name"]
        assert found[0]["beside"]["label"] == "cc1"
        assert found[0]["beside"]["exact"] == entry["formula"]["exact"], entry["name"]
        checked += 1
    kinds = {e["kind"] for e in audit["entries"] if e["listed"] is not None}
    assert kinds == {"profiles", "weapons", "upgrades", "rules"} and checked == 37
    # the reference attacker is in the category of the first profile of SKL 7 (Ranger)
    assert {e["unit"]["category"] for e in audit["entries"] if e["kind"] == "weapons"} == \
        {"standard"}


def test_the_bundled_modules_figures(capsys):
    audit = audit_json(capsys)
    entries = {(e["kind"], e["name"]): e for e in audit["entries"]}
    # Ranger: toughness 15/7 + mobility 9/2 + command 3 p(6) = 235/28
    assert entries["profiles", "Ranger"]["formula"]["exact"] == "235/28"
    # Slag Brute: FAIL(5) 1/3, Resilient 1/12 + (1/3 - 1/12)/3 = 1/6: EW 60, /4 = 15;
    # mobility (5 + 3)/2 = 4; command 3 p(5) = 2; Heavy Armour (1) 0, Bulky -1: 20
    assert entries["profiles", "Slag Brute"]["formula"]["exact"] == "20"
    # the Long Rifle on the reference attacker: 4 x 2 x p(6) x FAIL(8) x 2 = 49/9
    assert entries["weapons", "Long Rifle"]["formula"]["exact"] == "49/9"
    assert entries["weapons", "Ripper Cannon"]["listed"] is None  # the module lists none
    assert entries["upgrades", "Swivel Mount"]["listed"] == 2  # 1 and the surcharge
    kinds = {k["kind"]: k for k in audit["kinds"]}
    assert [kinds[k]["count"] for k in ("profiles", "weapons", "upgrades", "rules")] == \
        [8, 15, 13, 1]
    for kind, summary in kinds.items():
        both = [e for e in audit["entries"] if e["kind"] == kind and e["listed"] is not None
                and e["formula"] is not None]
        listed = [e["listed"] for e in both]
        values = [F(e["formula"]["exact"]) for e in both]
        assert summary["rho"] == spearman(listed, values)
        scale = F(sum(listed)) / sum(values)
        assert summary["scale"]["exact"] == str(scale)
        for e in audit["entries"]:
            if e["kind"] == kind and e["formula"] is not None:
                assert e["fair"] == round_half_up(F(e["formula"]["exact"]) * scale)
    # furthest first: the Cinder Hound, 6 listed where the profiles' scale asks 13
    assert audit["furthest"][0] == {"kind": "profiles", "name": "Cinder Hound"}
    assert entries["profiles", "Cinder Hound"]["fair"] == 13
    assert entries["profiles", "Scrap Picker"]["fair"] == 12  # no points: a suggestion


def test_the_audit_as_text_and_a_formula_mode_module(capsys, tmp_path):
    assert main(["module", "audit", str(MODULE)]) == 0
    out = capsys.readouterr().out
    assert "Ash Wastes (demonstration): listed points beside cc1" in out
    assert re.search(r"profiles\s+Ranger\s+9\s+8\.39\s+1\.07\s+12", out)
    assert "Furthest from the module's scale:\n  Cinder Hound (profiles): listed 6, fair 13" \
        in out
    formula = tmp_path / "formula.yaml"
    formula.write_text(MODULE.read_text().replace("mode: listed", "mode: formula"))
    audit = OPENFIRE.module_audit(formula)
    assert audit is not None and audit.source == str(formula)
    assert [e.listed for e in audit.entries[:3]] == [16, 11, 9]  # compared all the same


def test_the_html_report(capsys, tmp_path):
    page = tmp_path / "audit.html"
    audit = audit_json(capsys, "--html", str(page))
    html = page.read_text(encoding="utf-8")
    assert "<script" not in html and "default-src 'none'" in html
    plotted = sum(1 for e in audit["entries"] if e["listed"] is not None
                  and e["formula"] is not None)
    svg = html[html.index("<svg"):html.index("</svg>")]
    assert svg.count("<g fill=") == plotted == 37
    assert "<title>Cinder Hound (profiles): listed 6, cc1 8.88, fair 13</title>" in svg
    assert svg.count("stroke-dasharray") == 4  # a scale line per kind
    # an existing report is kept without --force
    page.write_text("mine", encoding="utf-8")
    assert main(["module", "audit", str(MODULE), "--html", str(page)]) == 2
    assert "exists; add --force to overwrite it" in capsys.readouterr().err
    assert page.read_text(encoding="utf-8") == "mine"
    assert main(["module", "audit", str(MODULE), "--html", str(page), "--force"]) == 0
    assert "<svg" in page.read_text(encoding="utf-8")


def test_a_modules_text_is_escaped_in_the_report(capsys, tmp_path):
    hostile = tmp_path / "hostile.yaml"
    hostile.write_text(MODULE.read_text().replace(
        "title: Ash Wastes (demonstration)", 'title: "<script>alert(1)</script>"').replace(
        "{name: Cinder Hound,", '{name: "<img src=x onerror=alert(1)>",'), encoding="utf-8")
    page = tmp_path / "audit.html"
    assert main(["module", "audit", str(hostile), "--html", str(page)]) == 0
    capsys.readouterr()
    html = page.read_text(encoding="utf-8")
    assert "<script" not in html and "<img" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html


@pytest.mark.parametrize(("argv", "words"), [
    (["--system", "opentactics"], "OpenTactics"),
    (["--system", "chess"], "unknown game system 'chess'"),
])
def test_audit_errors_are_one_line(capsys, argv, words):
    assert main(["module", "audit", str(MODULE), *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("designer: error: ") and "\n" not in err and words in err


def test_a_missing_module_file(capsys, tmp_path):
    missing = tmp_path / "nowhere.yaml"
    assert main(["module", "audit", str(missing)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"designer: error: {missing}: no such module file; name a module file or a bundled "
        "module (ash-wastes)")
    assert main(["module", "audit", "ash-wastes", "--json"]) == 0  # a bundled module's id
    assert json.loads(capsys.readouterr().out)["source"] == "ash-wastes"


def test_a_file_that_is_not_a_module(capsys):
    unit = catalog_root() / "openfire" / "examples" / "units" / "dust-kite.yaml"
    assert main(["module", "audit", str(unit)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"designer: error: {unit}") and "\n" not in err
    assert system("opentactics").capability(Modules) is None  # no modules: no audit


def test_price_shows_cc1_beside_the_listed_points(capsys):
    unit = catalog_root() / "openfire" / "examples" / "units" / "warden-patrol.yaml"
    assert main(["price", str(unit)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert re.search(r"Step\s+Item\s+Points\s+cc1$", out[1])
    # four Rangers: 4 x 9 listed, 4 x 235/28 = 33.57 in cc1
    assert re.search(r"Ranger ×4: profile \[module-listed, ash-wastes\] 9\s+36\s+33\.57$",
                     "\n".join(out), re.M)
    assert main(["price", str(unit), "--json"]) == 0
    line = json.loads(capsys.readouterr().out)["breakdown"][5]
    assert line["points"] == 36 and line["beside"] == {
        "label": "cc1", "exact": "235/7", "value": 235 / 7}


def test_a_formula_priced_unit_has_no_second_column(capsys):
    unit = catalog_root() / "openfire" / "examples" / "units" / "ash-rangers.yaml"
    assert main(["price", str(unit)]) == 0
    assert re.search(r"Step\s+Item\s+Points$", capsys.readouterr().out.splitlines()[1])


def test_the_catalog_shows_listed_and_cc1(capsys):
    sections = {s.key: s for s in OPENFIRE.catalog_sections(OPENFIRE.bundled_catalog())}
    profiles = sections["profiles"]
    assert profiles.columns[-2:] == ("Listed", "cc1")
    rows = {r.name: r.cells[-2:] for r in profiles.rows}
    assert rows["Ranger"] == ("9", "8.39") and rows["Scrap Picker"] == ("-", "8.5")
    weapons = {r.name: r.cells for r in sections["weapons"].rows}
    assert weapons["Smoke Pot"][2] == 'RNG 5" ATT 1 DMG - PRC -'
    assert weapons["Long Rifle"][-2:] == ("2", "5.44")
    upgrades = {r.name: r.cells[-2:] for r in sections["upgrades"].rows}
    assert upgrades["Twin Feed"] == ("max(1, WP / 2)", "1.75")
    assert sections["upgrades"].columns[-2:] == ("Listed", "cc1")
