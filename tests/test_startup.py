"""The start-up module (`designer/__main__.py`): with every pydantic plugin off, a
stand-in answers pydantic's plugin loader, so importlib.metadata is never imported; it
hands anything else to pydantic's own loader."""

from __future__ import annotations

import importlib
import subprocess
import sys
from types import ModuleType

import pytest
from pydantic import BaseModel

from designer.__main__ import LOADER, PluginsOff

PROBE = """\
import sys
from designer.__main__ import plugins_off
plugins_off()
from designer.units import load_unit_file
unit = load_unit_file(sys.argv[1])
print(unit.tally.total, "importlib.metadata" in sys.modules)
"""


def test_with_plugins_off_the_stand_in_builds_models_and_finds_no_plugins(monkeypatch):
    monkeypatch.setenv("PYDANTIC_DISABLE_PLUGINS", "__all__")
    monkeypatch.setitem(sys.modules, LOADER, PluginsOff(LOADER))

    class Probe(BaseModel):  # pydantic asks its loader for plugins here
        size: int

    assert Probe.model_validate({"size": 3}).size == 3
    assert tuple(sys.modules[LOADER].get_plugins()) == ()
    assert isinstance(sys.modules[LOADER], PluginsOff)


def test_a_plugin_switched_back_on_is_looked_up_by_pydantics_own_loader(monkeypatch):
    real = importlib.import_module(LOADER)
    stand_in = PluginsOff(LOADER)
    monkeypatch.setitem(sys.modules, LOADER, stand_in)
    monkeypatch.setenv("PYDANTIC_DISABLE_PLUGINS", "some-plugin")
    assert list(stand_in.get_plugins()) == list(real.get_plugins())
    own = sys.modules[LOADER]  # the stand-in gave way for good, to pydantic's loader
    assert not isinstance(own, PluginsOff) and own.__file__ == real.__file__


def test_the_import_system_sees_a_plain_module(monkeypatch):
    stand_in = PluginsOff(LOADER)
    with pytest.raises(AttributeError):
        stand_in.__path__  # noqa: B018 - what `from ... import` asks of a package


@pytest.mark.slow
def test_a_command_never_imports_importlib_metadata(tmp_path):
    from designer.systems import examples_dir

    unit = examples_dir() / "units" / "ash-warden.yaml"
    done = subprocess.run([sys.executable, "-c", PROBE, str(unit)], capture_output=True,
                          text=True, check=True,
                          env={"PATH": "", "DESIGNER_CACHE_DIR": str(tmp_path)})
    assert done.stdout.split() == ["38", "False"]  # priced, as `designer price` says


class Interrupted(ModuleType):
    """A command module that ctrl+c interrupts while it is imported."""

    def __getattr__(self, name: str) -> object:
        raise KeyboardInterrupt


def test_ctrl_c_while_a_command_starts_exits_130_quietly(monkeypatch, capsys):
    import designer.__main__ as entry

    monkeypatch.setitem(sys.modules, "designer.cli", Interrupted("designer.cli"))
    monkeypatch.setattr(entry, "plugins_off", lambda: None)
    monkeypatch.setattr(entry.gc, "disable", lambda: None)
    with pytest.raises(SystemExit) as ended:
        entry.run()
    assert ended.value.code == 130
    assert capsys.readouterr() == ("", "")


def test_ctrl_c_while_a_command_works_exits_130_quietly(monkeypatch, capsys):
    import designer.cli as cli

    def interrupted(args: object) -> int:
        raise KeyboardInterrupt

    real = cli._command
    monkeypatch.setattr(cli, "_command", lambda words: (real(words)[0], interrupted))
    assert cli.main(["price", "x.yaml"]) == 130
    assert capsys.readouterr() == ("", "")
