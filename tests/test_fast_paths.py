"""The fast paths of the commands and the PDF (issue 15) give what the slow ones gave: the
argument short-cut, plain output for pipes, the catalog cache, the `designer` entry
point, and the PDF's text, shapes, fitted lines and dice."""

from __future__ import annotations

import gc
import json
import re
import shutil
import subprocess
import sys

import pytest
from fpdf.enums import PDFResourceType

from designer import catalog_cache
from designer.cli import RICH_ROWS, build_parser, main
from designer.cli.common import terminal
from designer.cli.pricing import quick_args
from designer.export.fit import PT, fit_size, pdf_safe, width
from designer.export.fonts import CJK, FAUX_BOLD, LATIN, split
from designer.export.layout import INK
from designer.export.pdf_book import BAND, RULE, WHITE, Book, fit_line
from designer.export.pdf_text import fast_path_covered
from designer.export.shapes import DIE
from designer.roster import load_roster
from designer.systems import catalog_root, examples_dir, system

UNITS = examples_dir() / "units"
FONT = PDFResourceType.FONT
ROSTERS = examples_dir() / "rosters"


@pytest.mark.parametrize("argv", [
    ["price", "x.yaml"], ["price", "--json", "x.yaml"], ["price", "x.yaml", "--json"],
    ["check", "r.yaml"], ["check", "r.yaml", "--json"], ["check", "--json", "r.yaml"],
])
def test_quick_arguments_are_what_argparse_reads(argv):
    assert vars(quick_args(argv)) == vars(build_parser().parse_args(argv))


@pytest.mark.parametrize("argv", [
    ["price"], ["price", "-h"], ["price", "--js", "x.yaml"], ["price", "a", "b"],
    ["price", "--json", "--json"], ["check", "r.yaml", "--cap", "3"], ["export", "x"],
    ["price", "x.yaml", "--json", "extra"],
])
def test_anything_else_goes_to_argparse(argv):
    assert quick_args(argv) is None


def test_price_to_a_pipe_is_a_plain_table(capsys):
    assert main(["price", str(UNITS / "steam-witch.yaml")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:3] == ["Steam Witch",
                         "Step         Item                      Points",
                         "1 Dice       Melee OFF 1 die                1"]
    assert "4 Athletics  Athletics 10, flies (×2)      20" in lines
    assert "             2nd ability                    5" in lines
    assert lines[-3:] == ["Total                                      60",
                          "Audit: printed 49, tally 60",
                          "Steam Witch: 60 points, legal"]


def test_check_to_a_pipe_gives_each_finding_a_line(capsys):
    assert main(["check", str(examples_dir("op-en") / "rosters" / "reedmarsh-rabble.yaml")]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "Character     Count  Each  Subtotal  Findings"
    # a finding too long for the line wraps inside its column: no line passes 100
    assert lines[4] == ("Moss              2    52       104  warning W-OPEN-NO-TRAIT [trait]: "
                        "no Trait: legal, but most")
    assert lines[5] == " " * 38 + "characters take one"
    assert max(map(len, lines)) <= 100
    total = lines.index("Total             6             430")
    assert lines[total + 1] == "Total 430 of the treasury of 800: 370 remaining"
    assert lines[-1] == "Reedmarsh Rabble: not legal"


def test_a_unit_with_two_findings_takes_two_lines(tmp_path, capsys):
    unit = tmp_path / "u.yaml"
    unit.write_text("name: Overdone\nskills:\n  melee: {off_dice: 4}\n  arcane: {off_dice: 4}\n")
    roster = tmp_path / "r.yaml"
    roster.write_text("name: Pair\npoints_cap: 500\nunits:\n  - {unit: u.yaml, count: 1}\n")
    assert main(["check", str(roster)]) == 1
    lines = capsys.readouterr().out.splitlines()
    first = lines[2]
    second = next(line for line in lines[3:] if line.strip().startswith("error"))
    assert first.startswith("Overdone      1") and "error E-DICE [skills.melee.off_dice]" in first
    assert second.strip().startswith("error E-DICE [skills.arcane.off_dice]")
    assert second.index("error") == first.index("error")  # under the Findings column
    assert max(map(len, lines)) <= 100


def test_a_terminal_gets_rich_tables_for_a_normal_force_only(monkeypatch, capsys):
    monkeypatch.setattr("designer.cli.pricing.terminal", lambda: True)
    assert main(["check", str(ROSTERS / "northern-raid.yaml")]) == 0
    assert "┃ Unit" in capsys.readouterr().out
    force = load_roster(ROSTERS / "northern-raid.yaml")
    big = force.with_entries(force.entries * (RICH_ROWS // len(force.entries) + 1))
    monkeypatch.setattr("designer.roster.load_roster", lambda path, **options: big)
    assert main(["check", str(ROSTERS / "northern-raid.yaml")]) == 1  # over its cap now
    out = capsys.readouterr().out
    assert "┃" not in out and out.count("\nLevy Spearman ") == RICH_ROWS // 6 + 1


@pytest.mark.parametrize(("env", "expected"), [
    ({"TTY_COMPATIBLE": "1"}, True), ({"TTY_COMPATIBLE": "0", "FORCE_COLOR": "1"}, False),
    ({"FORCE_COLOR": "1"}, True), ({"FORCE_COLOR": ""}, False), ({}, False),
])
def test_terminal_is_decided_as_rich_decides_it(monkeypatch, env, expected):
    for name in ("TTY_COMPATIBLE", "FORCE_COLOR"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert terminal() is expected  # pytest's captured stdout is no terminal


# --- the catalog cache ---------------------------------------------------------------


@pytest.fixture
def bundled_copy(tmp_path, monkeypatch):
    """A copy of the bundled catalogs standing in for them, and an empty cache folder."""
    root = tmp_path / "catalog"
    shutil.copytree(catalog_root() / "opentactics", root / "opentactics",
                    ignore=shutil.ignore_patterns("examples"))
    monkeypatch.setattr("designer.systems.catalog_root", lambda: root)
    monkeypatch.setenv(catalog_cache.ENV, str(tmp_path / "cache"))
    return root


def _refuse(*args, **kwargs):
    raise AssertionError("validated again")


def test_a_bundled_catalog_is_read_back_until_a_file_changes(bundled_copy, tmp_path,
                                                            monkeypatch):
    game = system("opentactics")
    first = game.load_catalog(bundled_copy / "opentactics")
    assert len(list((tmp_path / "cache").glob("catalog-*.json"))) == 1
    monkeypatch.setattr("designer.systems.opentactics.catalog.validate", _refuse)
    again = game.load_catalog(bundled_copy / "opentactics")  # from the cache
    assert again is not first
    assert [a.name for a in again.abilities] == [a.name for a in first.abilities]
    assert again.ability("Hex").cost == first.ability("Hex").cost
    with (bundled_copy / "opentactics" / "abilities.yaml").open("a") as fh:
        fh.write("# a house rule is coming\n")
    with pytest.raises(AssertionError, match="validated again"):
        game.load_catalog(bundled_copy / "opentactics")


def test_a_torn_cache_file_means_validating_afresh(bundled_copy, tmp_path):
    game = system("opentactics")
    game.load_catalog(bundled_copy / "opentactics")
    (kept,) = (tmp_path / "cache").glob("catalog-*.json")
    kept.write_bytes(kept.read_bytes()[:100])
    assert game.load_catalog(bundled_copy / "opentactics").ability("Hex") is not None
    assert len(kept.read_bytes()) > 100  # written whole again


def test_other_catalogs_and_the_off_switch_are_not_cached(bundled_copy, tmp_path,
                                                         monkeypatch):
    house = tmp_path / "house"
    shutil.copytree(bundled_copy / "opentactics", house)
    system("opentactics").load_catalog(house)
    assert not (tmp_path / "cache").exists()
    monkeypatch.setenv(catalog_cache.ENV, "off")
    system("opentactics").load_catalog(bundled_copy / "opentactics")
    assert not (tmp_path / "cache").exists()


@pytest.mark.slow
def test_every_systems_examples_price_the_same_from_the_cache(tmp_path):
    """Each system's catalogs through a fresh process: validated and written, then read
    back; the tallies are the same."""
    code = ("import json, sys; from designer.units import load_unit_file; "
            "print(json.dumps([load_unit_file(p).tally.as_dict() for p in sys.argv[1:]]))")
    paths = [str(next((examples_dir(name) / "units").glob("*.yaml"))) for name in
             ("opentactics", "op-en", "tactics", "openfire")]
    env = {"DESIGNER_CACHE_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"}
    runs, kept = [], []
    for _ in range(2):
        runs.append(subprocess.run([sys.executable, "-c", code, *paths], capture_output=True,
                                   text=True, env=env, timeout=120, check=True).stdout)
        kept.append({p.name: p.stat().st_mtime_ns for p in tmp_path.glob("catalog-*.json")})
    assert len(kept[0]) >= 4  # one or more a system (an Op-En setting, an Open Fire module)
    assert kept[1] == kept[0]  # the second run only read them
    assert json.loads(runs[0]) == json.loads(runs[1])


# --- the command as installed ----------------------------------------------------------


def _designer(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "designer", *args], capture_output=True,
                          text=True, timeout=120)


@pytest.mark.slow
def test_the_command_prints_all_and_exits_with_the_code(tmp_path, capsys):
    done = _designer("price", str(UNITS / "steam-witch.yaml"), "--json")
    assert done.returncode == 0 and done.stderr == ""
    assert main(["price", str(UNITS / "steam-witch.yaml"), "--json"]) == 0
    assert done.stdout == capsys.readouterr().out
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: Overdone\nskills:\n  melee: {off_dice: 4}\n")
    assert _designer("price", str(bad)).returncode == 1
    missing = _designer("price", str(tmp_path / "none.yaml"))
    assert missing.returncode == 2 and missing.stdout == ""
    assert missing.stderr.count("\n") == 1 and "no such file" in missing.stderr


def test_loading_a_roster_puts_the_collector_back_as_it_was():
    assert gc.isenabled()
    load_roster(ROSTERS / "northern-raid.yaml")
    assert gc.isenabled()
    gc.disable()
    try:
        load_roster(ROSTERS / "northern-raid.yaml")
        assert not gc.isenabled()
    finally:
        gc.enable()


# --- the PDF ---------------------------------------------------------------------------


def _page(book: Book) -> bytes:
    return bytes(book.pdf.pages[1].contents)


class _Fpdf2Book(Book):
    """A Book that draws text, rules and boxes through fpdf2's own calls and state alone
    (set_font, set_text_color, text, line, rect): what the fast paths must write."""

    def text(self, x, y, text, style="", size=8.0, colour=INK, align="L"):
        if not text:
            return
        pdf = self.pdf
        parts = split(text, style)
        self.writer.missing |= parts.missing
        scale = size * PT / 1000
        if align != "L":
            w = sum(run.units for run in parts.runs) * scale
            x = x - w / 2 if align == "C" else x - w
        for run in parts.runs:
            family, run_style = (LATIN, style) if run.font == LATIN else (CJK, "")
            self.writer.add_font(family, run_style)
            pdf.set_font(family, run_style, size)
            pdf.set_text_color(*colour)
            if run.font == CJK and "B" in style:
                with pdf.local_context(text_mode="FILL_STROKE", draw_color=colour,
                                       line_width=size * FAUX_BOLD):
                    pdf.text(x, y, run.text)
            else:
                pdf.text(x, y, run.text)
            x += run.units * scale

    def rule(self, x1, y1, x2, y2, colour=RULE, w=0.2):
        self.pdf.set_draw_color(*colour)
        self.pdf.set_line_width(w)
        self.pdf.line(x1, y1, x2, y2)

    def box(self, x, y, w, h, fill=None, line=None, lw=0.2, radius=0.0):
        if fill:
            self.pdf.set_fill_color(*fill)
        if line:
            self.pdf.set_draw_color(*line)
            self.pdf.set_line_width(lw)
        self.pdf.rect(x, y, w, h, style=("F" if fill else "") + ("D" if line else ""),
                      round_corners=radius > 0, corner_radius=radius)


def _draw_twice(book: Book) -> list[bytes]:
    """Two pages of the same text and shapes in the same places (as cards are): Latin and
    CJK, bold CJK (stroked), styles, sizes (two of them closer than fpdf2 tells apart),
    alignments, colours equal to and unlike the fill colour, repeated lines, a line cut
    to fit, ruled lines and boxes, square and rounded; then each page's content stream
    and the fonts it names among its resources."""
    lines = [("Melee", "", 8.0), ("Melee", "", 8.0), ("OFF 2", "B", 6.5),
             ("Hex 2:", "I", 7.25), ("火球 Fire", "", 8.0), ("火球", "B", 9.0),
             ("Ünïcödé", "BI", 5.5), ("Melee", "", 8.0), ("Melee", "", 8.0 + 0.9e-9),
             ("Melee", "", 8.0 + 1.8e-9), ("2", "B", 9.0), ("ok \ue000", "", 7)]
    for _ in range(2):
        book.pdf.add_page()
        for i, (text, style, size) in enumerate(lines):
            if i in (3, 10):
                book.box(5, 5 + i, 10, 10, fill=(200, 10, 10) if i == 3 else WHITE)
            colour = (200, 10, 10) if i in (4, 9) else (i * 20, 0, 0)
            book.text(10 + i, 20 + 5 * i, text, style, size, colour, "LCR"[i % 3])
            book.rule(5, 80 + i, 60, 80 + i, RULE if i % 2 else INK, 0.15 + i % 2 * 0.1)
        book.line_fit(20, 150, "A name far too long for its little box", 12, "B", 9, 6)
        book.box(30, 160, 40, 20, line=INK, lw=0.35, radius=2.6)
        book.box(30, 190, 40, 20, fill=BAND, line=RULE)
        book.text(35, 170, "Melee", "", 8.0, WHITE, "C")
    fonts = book.pdf._resource_catalog.resources_per_page
    return [bytes(book.pdf.pages[n].contents) + repr(sorted(fonts[(n, FONT)])).encode()
            for n in (1, 2)]


def test_text_and_shapes_are_written_as_fpdf2_writes_them():
    """The same bytes on every page whether a line goes through the writer's own font
    state, through fpdf2's text() with that state handed over, or through fpdf2 alone."""
    fast = Book("a4", "t", "v")
    # an fpdf2 series this test has not been run on gets fpdf2's own calls only
    assert fast.writer.plain is fast_path_covered()
    handed = Book("a4", "t", "v")
    handed.writer.plain = False
    alone = _Fpdf2Book("a4", "t", "v")
    pages = [_draw_twice(book) for book in (fast, handed, alone)]
    assert pages[0] == pages[2]
    assert pages[1] == pages[2]
    first, second = pages[0]
    assert first.count(b" Td ") == 15 and first.count(b" Tr ") == 1  # 火球 is stroked
    assert first.count(b" Tf ET") == second.count(b" Tf ET")  # fonts chosen again
    assert b"Tf ET\nq 0.7843 0.0392 0.0392 rg BT" not in first  # same as the fill: bare
    assert fast.missing == alone.missing == {"\ue000"}


def test_the_fast_path_is_taken_only_with_an_fpdf2_series_it_is_proven_on():
    assert fast_path_covered("2.8.6") and fast_path_covered("2.8.9")
    assert not fast_path_covered("2.9.0") and not fast_path_covered("3.0.0")
    assert not fast_path_covered("2.7.9")


def test_a_fitted_line_is_the_fit_worked_out_afresh():
    """The cached fit of a line is what fitting gives: a size within the bounds, or,
    where even the smallest size is too wide, the size at which the whole line fits
    (never cut); whole numbers and their floats share one answer."""
    cases = [("Long Rifle", "B", 30.0, 8.0, 5.0), ("Sergeant Major Ironhide", "B", 15, 8, 6),
             ("a\u0301 e\u200d", "", 20, 7, 5), ("W" * 40, "I", 10.0, 7.0, 4.0)]
    for text, style, box, size, smallest in cases:
        safe = pdf_safe(text)
        drawn, fitted = fit_line(text, style, box, size, smallest)
        assert drawn == safe and width(safe, style, fitted) <= box
        if width(safe, style, smallest) <= box:
            assert fitted == fit_size(safe, style, box, size, smallest)
        else:  # shrinks below the floor rather than cut
            assert fitted < smallest and width(safe, style, fitted + 0.1) > box
    assert fit_line("Long Rifle", "B", 30.0, 8.0, 5.0) == ("Long Rifle", 8.0)
    assert fit_line("Sergeant Major Ironhide", "B", 15, 8, 6) == ("Sergeant Major Ironhide",
                                                                  3.7)
    assert fit_line("a\u0301 e\u200d", "", 20, 7, 5) == ("\u00e1 e", 7)
    assert fit_line("Long Rifle", "B", 30, 8, 5) == fit_line("Long Rifle", "B", 30.0, 8.0, 5.0)


def test_a_shape_is_copied_only_where_fpdf2_would_write_the_same():
    """A ruled line or box drawn again at the same place copies what fpdf2 wrote; one
    anywhere else is fpdf2's own."""
    book = Book("a4", "t", "v")
    book.pdf.add_page()
    book.rule(5, 10, 50, 10)
    book.rule(5, 10, 50, 10)
    book.rule(5, 11, 50, 11)
    lines = _page(book).decode("latin-1").splitlines()
    k, h = book.pdf.k, book.pdf.h
    drawn = [f"{5 * k:.2f} {(h - y) * k:.2f} m {50 * k:.2f} {(h - y) * k:.2f} l S"
             for y in (10, 10, 11)]
    assert [line for line in lines if line.endswith(" l S")] == drawn


def test_dice_are_placed_where_fpdf2_drew_them():
    """The cached die outline, translated into place, has the corners fpdf2's polygon
    had, to a hundredth of a point, and its pip the same centre."""
    book = Book("a4", "t", "v")
    book.pdf.add_page()
    book.dice(50.0, 60.0, 2, (20, 20, 20), 3.1, 20.0)
    text = _page(book).decode("latin-1")
    tx, ty = map(float, re.search(r"q 1 0 0 1 (\S+) (\S+) cm", text).groups())
    numbers = [float(n) for n in re.findall(r"(-?\d+\.\d+|-?\d+)(?= )", text.split(" cm ")[1])]
    k, h, size = book.pdf.k, book.pdf.h, 3.1
    gap, span = size * 0.22, 2 * size + size * 0.22
    expected = [((50 - span / 2 + px * size) * k, (h - (60 - size / 2 + py * size)) * k)
                for px, py in DIE]
    drawn = list(zip(numbers[0::2], numbers[1::2], strict=False))[:len(DIE)]
    assert max(abs(tx + x - ex) + abs(ty + y - ey)
               for (x, y), (ex, ey) in zip(drawn, expected, strict=True)) <= 0.01
    assert text.count(" h f") == 2 and text.count(" c f") == 2  # two dice, two pips
    pip = re.search(r"Q\s+1 1 1 rg\s+q 1 0 0 1 \S+ \S+ cm (\S+) 0 m", text)
    r = size * 0.13 * k
    assert abs(tx + float(pip.group(1)) - r - (50 - span / 2 + size / 2) * k) <= 0.01
    assert gap > 0


def test_piped_price_and_check_wrap_at_100_columns(capsys):
    """A pipe's price and check never pad a line past 100 columns: a long item or finding
    wraps inside its column, and the wrapped lines still say all of it."""
    from designer.render import _width

    for path in sorted(examples_dir("openfire").glob("*/*.yaml")) + sorted(
            examples_dir("tactics").glob("*/*.yaml")):
        command = "check" if path.parent.name == "rosters" else "price"
        main([command, str(path)])
        lines = capsys.readouterr().out.splitlines()
        assert max(_width(line) for line in lines) <= 100, path.name
    main(["price", str(examples_dir("openfire") / "units" / "ash-crawler.yaml")])
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].split() == ["Step", "Item", "Points"]
    profile = lines[2:6]
    assert profile[0].startswith("3 Profile        Ash Crawler: profile [cc1: community")
    # the points on the item's first line only; the lines after stop short of them
    assert profile[0].endswith(" 15") and all(len(line) < len(profile[0]) - 4
                                              for line in profile[1:])
    assert " ".join(" ".join(line[17:].split()) for line in profile).replace(" 15", "", 1) \
        .startswith("Ash Crawler: profile [cc1: community costing v1, designer's own "
                    "default, not from the Open Fire book] toughness 9")
