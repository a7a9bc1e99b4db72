"""Export speed: a roster of 100 distinct units to PDF (summary, 100 cards on 12 pages,
100 record sheets on 25 pages), loaded, priced, drawn and written, in at most 2 s; the
other formats of the same roster in the same budget."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from designer.export import export_path
from designer.systems import examples_dir

LIMIT_SECONDS = 2.0


@pytest.fixture
def hundred(tmp_path: Path) -> Path:
    units = sorted((examples_dir() / "units").glob("*.yaml"))
    entries = []
    for i in range(100):
        data = yaml.safe_load(units[i % len(units)].read_text())
        data["name"] = f"{data['name']} {i + 1}"
        entries.append({"unit": data, "count": 1 + i % 3})
    path = tmp_path / "hundred.yaml"
    path.write_text(yaml.safe_dump({"name": "Hundred", "points_cap": 10000,
                                    "units": entries}))
    return path


def test_hundred_card_pdf(benchmark, hundred, tmp_path):
    out = tmp_path / "out"
    path = benchmark.pedantic(export_path, args=(hundred, "pdf"),
                              kwargs={"out": out, "overwrite": True}, rounds=5,
                              warmup_rounds=1)
    from pypdf import PdfReader

    # the summary's table of 100 units takes 3 pages, then 12 card and 25 sheet pages
    assert len(PdfReader(path).pages) == 3 + 12 + 25
    assert benchmark.stats.stats.max <= LIMIT_SECONDS


@pytest.mark.parametrize("fmt", ["html", "md", "txt", "json", "yaml"])
def test_hundred_units_other_formats(benchmark, hundred, tmp_path, fmt):
    benchmark.pedantic(export_path, args=(hundred, fmt),
                       kwargs={"out": tmp_path / "out", "overwrite": True}, rounds=5,
                       warmup_rounds=1)
    assert benchmark.stats.stats.max <= LIMIT_SECONDS
