"""`designer.tui.app:app`, what Textual's tools run (`textual run --dev`): built when
first asked for, never by importing the module (the CLI imports it to build its own)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import ROOT


@pytest.mark.slow
def test_importing_the_module_builds_no_app_and_asking_builds_one():
    code = ("import designer.tui.app as module\n"
            "assert 'app' not in vars(module), 'built on import'\n"
            "app = module.app\n"
            "assert type(app) is module.DesignerApp and module.app is app\n"
            "assert app.start == 'home' and app.force_doc.force.total == 337\n"
            "try:\n    module.other\nexcept AttributeError:\n    pass\n"
            "else:\n    raise SystemExit('module.other found')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr


@pytest.mark.tui
async def test_the_app_object_opens_the_example_force(monkeypatch, tmp_path):
    import designer.tui.app as module

    monkeypatch.chdir(tmp_path)
    monkeypatch.delitem(vars(module), "app", raising=False)
    try:
        app = module.app
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert type(app.screen).__name__ == "ForcesScreen"
            assert app.forces_screen.doc.force.name == "Northern Raid"
    finally:
        vars(module).pop("app", None)  # the next test asks for a fresh one
