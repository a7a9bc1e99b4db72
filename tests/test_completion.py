"""Shell completion (`designer completion SHELL`, answered through argcomplete) and the
options whose values are choices: `--format`, `--paper`, `--system`."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from designer.cli import main
from designer.cli.completing import REQUEST
from designer.export_options import ALL_FORMATS, PAPERS
from designer.systems import SYSTEMS, examples_dir
from tests.conftest import ROOT

UNIT = examples_dir() / "units" / "steam-witch.yaml"


@pytest.fixture
def command(tmp_path: Path) -> Path:
    """A `designer` command on a PATH of its own, running this checkout's package."""
    folder = tmp_path / "bin"
    folder.mkdir()
    script = folder / "designer"
    script.write_text(f"#!{sys.executable}\nimport sys\nsys.path.insert(0, {str(ROOT)!r})\n"
                      "from designer.__main__ import run\nrun()\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return folder


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A folder of files of every kind the arguments take, and one subfolder."""
    here = tmp_path / "work"
    (here / "sub").mkdir(parents=True)
    for name in ("a.yaml", "b.yml", "notes.txt", "force.ros", "data.cat", "sub/c.yaml"):
        (here / name).write_text("")
    return here


def completions(command: Path, cwd: Path, line: str) -> set[str]:
    """What bash offers for `line` with the script `designer completion bash` loaded:
    the completion function is called as bash calls it on tab."""
    words = line.split() + ([""] if line.endswith(" ") else [])
    driver = ('source <(designer completion bash)\n'
              f'COMP_LINE={line!r}; COMP_POINT=${{#COMP_LINE}}\n'
              'COMP_WORDS=(' + " ".join(repr(w) for w in words) + ')\n'
              f'COMP_CWORD={len(words) - 1}\n'
              '_python_argcomplete designer\n'
              'printf "%s\\n" "${COMPREPLY[@]}"\n')
    env = {**os.environ, "PATH": f"{command}{os.pathsep}{os.environ['PATH']}"}
    done = subprocess.run(["bash", "-c", driver], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=60, check=True)
    return {word.strip() for word in done.stdout.splitlines() if word.strip()}


@pytest.mark.slow
@pytest.mark.parametrize(("line", "expected"), [
    ("designer export a.yaml --format ", set(ALL_FORMATS)),
    ("designer export a.yaml -f ht", {"html"}),
    ("designer export a.yaml --paper ", set(PAPERS)),
    ("designer catalog --system ", set(SYSTEMS)),
    ("designer edit a.yaml --system op", {"op-en", "openfire", "opentactics"}),
    ("designer roster r.yaml --system t", {"tactics"}),
    ("designer schema --system ", set(SYSTEMS)),
    ("designer module audit m.yaml --system ", set(SYSTEMS)),
    ("designer completion ", {"bash", "zsh", "fish", "-h", "--help"}),
    ("designer exp", {"export"}),
])
def test_choices_complete(command, folder, line, expected):
    assert completions(command, folder, line) == expected


@pytest.mark.slow
@pytest.mark.parametrize(("line", "expected"), [
    ("designer price ", {"a.yaml", "b.yml", "sub/"}),  # YAML files and folders to reach them
    ("designer price sub/", {"sub/c.yaml"}),
    ("designer check ", {"a.yaml", "b.yml", "sub/"}),
    ("designer odds a.yaml ", {"a.yaml", "b.yml", "sub/"}),
    ("designer export a.yaml ", {"a.yaml", "b.yml", "sub/"}),
    ("designer edit ", {"a.yaml", "b.yml", "sub/"}),
    ("designer import ", {"force.ros", "data.cat", "sub/"}),
    ("designer schema --out ", {"sub/"}),  # a folder
    ("designer export a.yaml --out ",  # a folder or any file
     {"a.yaml", "b.yml", "notes.txt", "force.ros", "data.cat", "sub/"}),
    ("designer check a.yaml --cap ", set()),  # a number: nothing to offer
])
def test_file_arguments_complete_their_kind(command, folder, line, expected):
    offered = {word for word in completions(command, folder, line) if not word.startswith("-")}
    assert offered == expected


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_the_completion_command_prints_a_script_for_the_designer_command(shell, capsys):
    assert main(["completion", shell]) == 0
    script = capsys.readouterr().out
    assert "designer" in script and REQUEST in script  # it asks the command main answers


def test_the_scripts_differ_by_shell(capsys):
    scripts = []
    for shell in ("bash", "zsh", "fish"):
        main(["completion", shell])
        scripts.append(capsys.readouterr().out)
    assert scripts[1] != scripts[2] and scripts[0] != scripts[2]


def test_an_unknown_shell_names_the_shells(capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["completion", "tcsh"])
    assert stopped.value.code == 2
    assert "'bash', 'zsh', 'fish'" in capsys.readouterr().err


@pytest.mark.parametrize(("argv", "line"), [
    (["export", str(UNIT), "--format", "docx"],
     "designer: error: --format: unknown export format 'docx'; choose one of: "
     f"{', '.join(ALL_FORMATS)}"),
    (["export", str(UNIT), "--format", "pdf", "--paper", "a5"],
     "designer: error: --paper: unknown paper size 'a5'; choose one of: a4, letter"),
    (["edit", "new.yaml", "--system", "chess"],
     f"designer: error: --system: unknown game system 'chess'; choose one of: "
     f"{', '.join(SYSTEMS)}"),
    (["module", "audit", "m.yaml", "--system", "chess"],
     f"designer: error: --system: unknown game system 'chess'; choose one of: "
     f"{', '.join(SYSTEMS)}"),
])
def test_a_value_out_of_the_choices_is_one_line(argv, line, capsys):
    assert main(argv) == 2
    out = capsys.readouterr()
    assert out.err == line + "\n" and out.out == ""


def test_formats_and_papers_keep_their_other_spellings(tmp_path, capsys):
    assert main(["export", str(UNIT), "--format", "Markdown", "--out", str(tmp_path)]) == 0
    assert main(["export", str(UNIT), "-f", ".PDF", "--paper", "Letter",
                 "--out", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["steam-witch.md", "steam-witch.pdf"]


@pytest.mark.slow
def test_only_a_completion_request_loads_argcomplete():
    code = ("import sys; from designer.cli import main; "
            f"rc = main(['price', {str(UNIT)!r}, '--json']); "
            "main(['catalog', 'types']); "
            "assert 'argcomplete' not in sys.modules, 'argcomplete imported'; sys.exit(rc)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr
