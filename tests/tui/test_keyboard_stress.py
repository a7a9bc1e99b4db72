"""The keyboard obeyed exactly, on a real pseudo-terminal (Pilot does not reproduce the
timing of a terminal): every system's designer takes bursts of 5–40 keys sent 0–5 ms
apart (a fast typist's rollover, an unbracketed paste) into its name (text), number and
choice fields, with Tab, ↑/↓ and the step keys, while two CPU-bound processes run beside
it. After every burst the saved file must hold exactly what the reference model
(tests/tui/keyboard_model.py) predicts: no key lost or reordered, no focus surprise.

The model's pause between bursts (longer than a second, so typing starts afresh) is
the user's, not a wait for the app; the app itself is waited for by watching its output
go quiet and its file being written."""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from designer.io import load_yaml
from designer.systems import examples_dir
from tests.benchmarks.terminal import Terminal, alt
from tests.tui.keyboard_model import PAUSE, Choice, Designer, Number, Text

pytestmark = [pytest.mark.slow, pytest.mark.tui]

ROOT = Path(__file__).resolve().parents[2]
BURSTS = int(os.environ.get("DESIGNER_STRESS_BURSTS", "200"))
CHECK_EVERY = 25  # bursts between saves compared with the model
SIZE = (120, 40)

BYTES = {"tab": b"\t", "shift+tab": b"\x1b[Z", "backspace": b"\x7f", "enter": b"\r",
         "left": b"\x1b[D", "right": b"\x1b[C", "up": b"\x1b[A", "down": b"\x1b[B",
         "home": b"\x1b[H", "end": b"\x1b[F", "space": b" ", "minus": b"-", "plus": b"+",
         "pagedown": b"\x1b[6~", "pageup": b"\x1b[5~", "ctrl+s": b"\x13"}


def keys_sent(key: str) -> list[bytes]:
    if key == "step-back":  # to the next step and back (pgup alone on the first)
        return [BYTES["pagedown"], BYTES["pageup"]]
    return [BYTES.get(key, key.encode())]


def name_field(data: dict) -> Text:
    return Text(data["name"], 80)


def opentactics(data: dict) -> tuple[dict, dict]:
    skills = data.get("skills", {})
    fields: dict = {}
    for side in ("off", "def"):
        for skill in ("melee", "ballistic", "arcane", "technical"):
            fields[f"dice-{skill}-{side}"] = Number(
                skills.get(skill, {}).get(f"{side}_dice", 0), 0, 3)
    read = {key: (lambda d, k=key: d.get("skills", {}).get(k.split("-")[1], {})
                  .get(f"{k.split('-')[2]}_dice", 0)) for key in fields}
    return fields, read


def op_en(data: dict) -> tuple[dict, dict]:
    options = [(s, s.title()) for s in
               ("fight", "toughness", "shoot", "agility", "intellect", "grit")]
    fields = {"core-stat": Choice(data["core_stat"], options),
              "notes": Text(data.get("notes", ""), 2000)}
    read = {"core-stat": lambda d: d["core_stat"], "notes": lambda d: d.get("notes", "")}
    return fields, read


def openfire(data: dict) -> tuple[dict, dict]:
    bounds = {"mov": (0, 99), "skl": (2, 12), "def": (2, 12), "cmd": (2, 12),
              "hp": (1, 99)}
    fields, read = {}, {}
    for i, model in enumerate(data["models"]):
        for stat, (low, high) in bounds.items():
            fields[f"stat-{i}-{stat}"] = Number(model[stat], low, high)
            read[f"stat-{i}-{stat}"] = lambda d, i=i, s=stat: d["models"][i][s]
    return fields, read


def tactics(data: dict) -> tuple[dict, dict]:
    attributes = data.get("attributes", {})
    fields = {"attr-precision": Number(attributes.get("precision", 0), 0, 99)}
    for name in ("endurance", "agility"):
        fields[f"attr-{name}"] = Number(attributes.get(name, 0), -99, 99)
    fields["attr-armor"] = Number(data.get("armor", 0), -99, 99)
    read = {key: (lambda d, k=key[5:]: d.get("attributes", {}).get(k, 0))
            for key in fields if key != "attr-armor"}
    read["attr-armor"] = lambda d: d.get("armor", 0)
    return fields, read


#: system -> (example unit, its step (from 0) whose fields are typed into, the fields)
SCENARIOS = {
    "opentactics": ("ash-warden.yaml", 0, opentactics),
    "op-en": ("brannoc-tull.yaml", 0, op_en),
    "openfire": ("ash-rangers.yaml", 2, openfire),
    "tactics": ("dock-thug.yaml", 1, tactics),
}


@contextlib.contextmanager
def two_busy_processes() -> Iterator[None]:
    """Two CPU-bound processes beside the test, as CI's other jobs would be."""
    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
    try:
        yield
    finally:
        for process in busy:
            process.kill()
            process.wait()


def saved(term: Terminal, path: Path, timeout: float = 60.0) -> dict:
    """ctrl+s, then the file as written (its modification changes)."""
    before = path.stat().st_mtime_ns
    term.send(BYTES["ctrl+s"])
    deadline = time.monotonic() + timeout
    while path.stat().st_mtime_ns == before:
        assert time.monotonic() < deadline, f"not saved in time\n{term.text()}"
        term.drain(0.02)
    return load_yaml(path)


def quiet(term: Terminal, since_last_key: float) -> None:
    """The app has drawn everything (its output went quiet), and the user has paused
    longer than a second since the last key."""
    term.drain(0.15)
    rest = PAUSE + 0.1 - (time.perf_counter() - since_last_key)
    while rest > 0:
        term.drain(min(rest, 0.15))
        rest = PAUSE + 0.1 - (time.perf_counter() - since_last_key)


def drive(name: str, folder: Path, seed: int, problems: list[str]) -> None:
    try:
        drive_one(name, folder, seed, problems)
    except Exception as exc:  # a thread's failure is the test's
        problems.append(f"{name} (seed {seed}): {type(exc).__name__}: {exc}")


def drive_one(name: str, folder: Path, seed: int, problems: list[str]) -> None:
    example, step, fields_of = SCENARIOS[name]
    path = folder / example
    shutil.copy(examples_dir(name) / "units" / example, path)
    data = load_yaml(path)
    fields, read = fields_of(data)
    read["unit-name"] = lambda d: d["name"]
    order = [*fields, "stepper", "unit-name"]
    chain = {key: fields.get(key) for key in order}
    chain["unit-name"] = name_field(data)
    model = Designer(chain, "unit-name", order[0])
    rng = random.Random(seed)
    env = {"DESIGNER_CONFIG": str(folder / "config.yaml"),
           "DESIGNER_CACHE_DIR": str(folder / "cache")}
    with Terminal([sys.executable, "-m", "designer", "edit", str(path)], size=SIZE,
                  env=env, cwd=str(ROOT)) as term:
        term.wait_for(data["name"], timeout=60)
        term.send(alt(str(step + 1)))
        last = time.perf_counter()
        now = 0.0
        for burst in range(1, BURSTS + 1):
            quiet(term, last)
            now += 10.0
            started = time.perf_counter()

            def send(key: str, started: float = started) -> float:
                """Type `key`; when it was typed, in seconds into the burst."""
                at = time.perf_counter() - started
                for data_bytes in keys_sent(key):
                    term.send(data_bytes)
                    time.sleep(rng.uniform(0, 0.005))  # the typist's pace, not a wait
                return at

            keys = model.burst(rng, now, rng.randint(5, 40), send)
            last = time.perf_counter()
            if burst % CHECK_EVERY and burst != BURSTS:
                continue
            quiet(term, last)
            written = saved(term, path)
            last = time.perf_counter()
            expected = {key: (model.name if key == "unit-name" else chain[key].value)
                        for key in read}
            found = {key: get(written) for key, get in read.items()}
            if found != expected:
                problems.append(f"{name} after burst {burst} (seed {seed}, last keys "
                                f"{keys}): {found} != {expected}")
                return


def test_bursts_of_keys_leave_every_field_as_the_model_predicts(tmp_path):
    problems: list[str] = []
    seed = int(os.environ.get("DESIGNER_STRESS_SEED", str(random.randrange(10**6))))
    with two_busy_processes():
        runs = []
        for n, name in enumerate(SCENARIOS):
            folder = tmp_path / name
            folder.mkdir()
            runs.append(threading.Thread(target=drive, args=(name, folder, seed + n,
                                                             problems)))
        for run in runs:
            run.start()
        for run in runs:
            run.join()
    assert not problems, "\n".join(problems)


#: OpenTactics' bumps step, from the first pool's heading: add a bump and raise it to +3;
#: on to the next pool, add a bump and type 4; up to the bump before it and remove that;
#: back into the step (its first heading) for the next round
BUMP_KEYS = ["enter", "right", "right", "down", "enter", "4", "up", "delete", "alt+2"]


def test_bursts_on_the_bump_rows_add_step_and_remove_exactly(tmp_path):
    """The bumps step's rows (one widget with a cursor) take a burst 0–5 ms apart as
    they take slow keys: each round leaves one more +3 bump on the first pool, and the
    second pool's one bump a +4."""
    path = tmp_path / "ash-warden.yaml"
    shutil.copy(examples_dir("opentactics") / "units" / "ash-warden.yaml", path)
    rng = random.Random()
    bytes_of = {**BYTES, "delete": b"\x1b[3~", "alt+2": alt("2")}
    env = {"DESIGNER_CONFIG": str(tmp_path / "config.yaml")}
    with two_busy_processes(), Terminal(
            [sys.executable, "-m", "designer", "edit", str(path)], size=SIZE, env=env,
            cwd=str(ROOT)) as term:
        term.wait_for("Ash Warden", timeout=60)
        term.send(alt("2"))
        for rounds in range(1, 4):
            term.drain(0.3)
            for key in BUMP_KEYS:
                term.send(bytes_of.get(key, key.encode()))
                time.sleep(rng.uniform(0, 0.005))  # the typist's pace, not a wait
            quiet(term, time.perf_counter())
            skills = saved(term, path)["skills"]
            assert (skills["melee"].get("off_bumps", []),
                    skills["ballistic"].get("off_bumps", [])) == ([3] * rounds, [4]), \
                term.text()
