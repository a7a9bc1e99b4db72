"""The catalog cache holds data, never code: a file planted in the cache folder (a pickle,
a link, a file someone else owns or may write) is never run nor trusted, the folder is
private whatever the umask, and an edit of the code that reads a catalog makes what was
kept stale."""

from __future__ import annotations

import hashlib
import os
import pickle
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from designer import catalog_cache
from designer.systems import SYSTEMS, catalog_root, examples_dir, system

UNIT = examples_dir("opentactics") / "units" / "gearwright-walker.yaml"


@pytest.fixture
def bundled_copy(tmp_path, monkeypatch):
    """A copy of the bundled OpenTactics catalog standing in for it, and an empty cache
    folder."""
    root = tmp_path / "catalog"
    shutil.copytree(catalog_root() / "opentactics", root / "opentactics",
                    ignore=shutil.ignore_patterns("examples"))
    monkeypatch.setattr("designer.systems.catalog_root", lambda: root)
    monkeypatch.setenv(catalog_cache.ENV, str(tmp_path / "cache"))
    return root / "opentactics"


def _refuse(*args, **kwargs):
    raise AssertionError("validated again")


def _kept(tmp_path: Path) -> Path:
    (kept,) = (tmp_path / "cache").glob("catalog-*.json")
    return kept


def _read_from_cache(monkeypatch, root: Path) -> None:
    """Load the catalog with validation refused: it must come from the cache."""
    with monkeypatch.context() as patch:
        patch.setattr("designer.systems.opentactics.catalog.validate", _refuse)
        assert system("opentactics").load_catalog(root).ability("Hex") is not None


class Payload:
    """A pickle that, when loaded, makes the folder `marker`: code from the cache."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return os.mkdir, (str(self.marker),)


def _price(cache: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, catalog_cache.ENV: str(cache)}
    return subprocess.run([sys.executable, "-m", "designer", "price", str(UNIT)],
                          capture_output=True, text=True, env=env, timeout=120)


@pytest.mark.slow
def test_a_planted_pickle_is_never_run(tmp_path):
    """The proof of concept: a pickle at the name the cache used for the OpenTactics
    catalog, and in place of every file `designer price` kept, runs nothing."""
    cache, marker = tmp_path / "cache", tmp_path / "ran"
    cache.mkdir()
    import pydantic

    from designer import __version__

    args = (catalog_root() / "opentactics",)
    old = repr(("designer.systems.opentactics.catalog", "load_catalog", args, __version__,
                pydantic.VERSION, sys.version))
    planted = pickle.dumps(Payload(marker))
    (cache / f"catalog-{hashlib.sha256(old.encode()).hexdigest()[:32]}.pickle"
     ).write_bytes(planted)
    first = _price(cache)
    assert first.returncode == 0, first.stderr
    assert not marker.exists()
    kept = list(cache.iterdir())
    assert len(kept) > 1  # what this run kept, beside the planted file
    for path in kept:
        path.write_bytes(planted)
    again = _price(cache)
    assert again.returncode == 0 and again.stdout == first.stdout
    assert not marker.exists()


def test_a_file_someone_else_owns_is_ignored_and_written_again(bundled_copy, tmp_path,
                                                               monkeypatch):
    system("opentactics").load_catalog(bundled_copy)
    _read_from_cache(monkeypatch, bundled_copy)
    real = os.getuid()
    monkeypatch.setattr(os, "getuid", lambda: real + 4242)  # the file is not "ours" now
    with monkeypatch.context() as patch:
        patch.setattr("designer.systems.opentactics.catalog.validate", _refuse)
        with pytest.raises(AssertionError, match="validated again"):
            system("opentactics").load_catalog(bundled_copy)


@pytest.mark.parametrize("mode", [0o664, 0o646, 0o666])
def test_a_file_others_may_write_is_ignored_and_written_again(bundled_copy, tmp_path,
                                                              monkeypatch, mode):
    system("opentactics").load_catalog(bundled_copy)
    kept = _kept(tmp_path)
    os.chmod(kept, mode)
    with monkeypatch.context() as patch:
        patch.setattr("designer.systems.opentactics.catalog.validate", _refuse)
        with pytest.raises(AssertionError, match="validated again"):
            system("opentactics").load_catalog(bundled_copy)
    system("opentactics").load_catalog(bundled_copy)
    assert stat.S_IMODE(_kept(tmp_path).stat().st_mode) == 0o600  # written again, private
    _read_from_cache(monkeypatch, bundled_copy)


def test_a_planted_link_is_neither_followed_nor_written_through(bundled_copy, tmp_path,
                                                                monkeypatch):
    system("opentactics").load_catalog(bundled_copy)
    kept = _kept(tmp_path)
    victim = tmp_path / "victim.json"
    shutil.copyfile(kept, victim)  # a good copy: a link to it must still not be trusted
    before = victim.read_bytes()
    kept.unlink()
    kept.symlink_to(victim)
    with monkeypatch.context() as patch:
        patch.setattr("designer.systems.opentactics.catalog.validate", _refuse)
        with pytest.raises(AssertionError, match="validated again"):
            system("opentactics").load_catalog(bundled_copy)
    system("opentactics").load_catalog(bundled_copy)
    assert not kept.is_symlink() and kept.is_file()
    assert victim.read_bytes() == before


def test_the_folder_is_private_whatever_the_umask(bundled_copy, tmp_path, monkeypatch):
    monkeypatch.setenv(catalog_cache.ENV, str(tmp_path / "shared" / "designer"))
    old = os.umask(0)
    try:
        system("opentactics").load_catalog(bundled_copy)
    finally:
        os.umask(old)
    for folder in (tmp_path / "shared", tmp_path / "shared" / "designer"):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    (kept,) = (tmp_path / "shared" / "designer").glob("catalog-*.json")
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600


def test_an_edit_of_the_reading_code_makes_the_kept_catalog_stale(bundled_copy, tmp_path,
                                                                  monkeypatch, request):
    """Not only the system's own package: the core modules every catalog is read with
    (designer/io.py, yamlsafe.py, ...) are part of the key."""
    code = tmp_path / "code"
    code.mkdir()
    for module in ("io.py", "yamlsafe.py", "validation.py"):
        shutil.copyfile(Path(catalog_cache.__file__).parent / module, code / module)
    monkeypatch.setattr(catalog_cache, "_PACKAGE", code)
    catalog_cache._code_stamp.cache_clear()  # worked out once a process: again, here
    request.addfinalizer(catalog_cache._code_stamp.cache_clear)
    system("opentactics").load_catalog(bundled_copy)
    _read_from_cache(monkeypatch, bundled_copy)
    with (code / "yamlsafe.py").open("a") as fh:
        fh.write("# a fix in how YAML is read\n")
    catalog_cache._code_stamp.cache_clear()
    with monkeypatch.context() as patch:
        patch.setattr("designer.systems.opentactics.catalog.validate", _refuse)
        with pytest.raises(AssertionError, match="validated again"):
            system("opentactics").load_catalog(bundled_copy)


def test_a_kept_file_is_json_under_its_key(bundled_copy, tmp_path):
    system("opentactics").load_catalog(bundled_copy)
    key, _, body = _kept(tmp_path).read_bytes().partition(b"\n")
    assert len(key) == 64 and int(key, 16) >= 0
    assert body.startswith(b'{"abilities":{"abilities":[{"name":')


@pytest.mark.parametrize("name", SYSTEMS)
def test_what_is_kept_reads_back_as_what_was_read(name, tmp_path, monkeypatch):
    """Every system's bundled catalog, loaded afresh, then from the cache with nothing
    validated again: every section the catalog browser shows is the same."""
    monkeypatch.setenv(catalog_cache.ENV, str(tmp_path))
    game = system(name)
    fresh = game.load_catalog(catalog_root() / name)
    sections = game.catalog_sections(fresh)
    assert list(tmp_path.glob("catalog-*.json"))
    for module in ("opentactics.catalog", "op_en.loading", "tactics.table",
                   "openfire.loading"):
        monkeypatch.setattr(f"designer.systems.{module}.validate", _refuse)
    for module in ("op_en.loading", "openfire.loading", "tactics.table"):
        loading = sys.modules[f"designer.systems.{module}"]
        for cached in ("_load", "_with"):
            if hasattr(loading, cached):
                getattr(loading, cached).cache_clear()
    again = game.load_catalog(catalog_root() / name)
    assert again is not fresh
    assert game.catalog_sections(again) == sections
