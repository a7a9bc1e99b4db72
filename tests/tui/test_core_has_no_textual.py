"""The core never imports the TUI: a fresh interpreter loads it all without Textual."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import pytest

import designer


def core_modules() -> list[str]:
    """Every module of the package but the TUI's own (its package's `__init__` is light
    and included: the CLI imports it to launch the app)."""
    found = ["designer", "designer.tui"]
    for info in pkgutil.walk_packages(designer.__path__, "designer."):
        if not info.name.startswith("designer.tui.") and info.name != "designer.__main__":
            found.append(info.name)
    return sorted(found)


CORE = core_modules()


def test_every_core_module_is_checked():
    assert {"designer.export.pdf_card", "designer.roundtrip", "designer.systems.op_en.card",
            "designer.systems.opentactics.system", "designer.yamlsafe"} <= set(CORE)
    assert not [m for m in CORE if m.startswith("designer.tui.")]


@pytest.mark.slow
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


@pytest.mark.slow
def test_the_shell_does_import_textual():
    code = "import sys, designer.tui.app; sys.exit(0 if 'textual' in sys.modules else 1)"
    assert subprocess.run([sys.executable, "-c", code], timeout=120).returncode == 0
