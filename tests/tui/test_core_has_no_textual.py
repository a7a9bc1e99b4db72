"""The core never imports the TUI: a fresh interpreter loads it all without Textual."""

from __future__ import annotations

import subprocess
import sys

CORE = ["designer", "designer.cli", "designer.io", "designer.tally", "designer.roster",
        "designer.units", "designer.render", "designer.schema", "designer.systems",
        "designer.systems.opentactics", "designer.export", "designer.export.pdf",
        "designer.export.html", "designer.export.markdown", "designer.export.text",
        "designer.export.data", "designer.tui"]


def test_core_and_exports_import_without_textual():
    code = ("import importlib, sys\n"
            f"for name in {CORE!r}:\n"
            "    importlib.import_module(name)\n"
            "from designer.systems import bundled_catalog\n"
            "bundled_catalog()\n"
            "loaded = sorted(m for m in sys.modules if m.split('.')[0] == 'textual')\n"
            "print(loaded)\n"
            "sys.exit(1 if loaded else 0)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == "[]"


def test_the_shell_does_import_textual():
    code = "import sys, designer.tui.app; sys.exit(0 if 'textual' in sys.modules else 1)"
    assert subprocess.run([sys.executable, "-c", code], timeout=120).returncode == 0
