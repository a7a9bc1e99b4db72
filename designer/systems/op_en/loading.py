"""Loading an Op-En catalog: core.yaml, then the setting a file names (`setting:` is a
bundled setting's id or a folder path), its `overrides:` applied to the core numbers,
everything validated and cross-checked; problems are one-line InputErrors naming the
file and field."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from designer.catalog_cache import persistent
from designer.errors import InputError
from designer.io import load_mapping, refuse_boolean_keys, suggest, validate
from designer.systems.op_en.catalog import (
    SETTING_FILES,
    Catalog,
    CatalogModel,
    Core,
    SettingFile,
)

BOOLEAN_FIX = "quote the key"


def bundled_root() -> Path:
    from designer.systems import catalog_root

    return catalog_root() / "op-en"


def bundled_settings(root: Path | None = None) -> list[str]:
    folder = (root or bundled_root()) / "settings"
    return sorted(p.name for p in folder.iterdir() if (p / "setting.yaml").is_file()) \
        if folder.is_dir() else []


def load_catalog(root: Path) -> Catalog:
    """The catalog in `root`: an Op-En catalog folder (core.yaml and settings/), loaded
    with its default setting, or a setting folder (setting.yaml), loaded with the core
    of the catalog it sits in, else the bundled core."""
    root = Path(root)
    if (root / "setting.yaml").is_file():
        return _load(_core_for(root), root.resolve(), str(root))
    core_path = root / "core.yaml"
    core = _load_core(core_path)
    folder = root / "settings" / core.default_setting
    if not (folder / "setting.yaml").is_file():
        raise InputError(f"default setting '{core.default_setting}' is not a folder of "
                         f"{root / 'settings'} holding setting.yaml", file=core_path,
                         field="default_setting")
    return _load(core_path.resolve(), folder.resolve(), core.default_setting)


def resolve_setting(ref: Any, file: str | Path | None, root: Path | None = None
                    ) -> Catalog | None:
    """The catalog a unit or force file's `setting:` names; None when it names none."""
    if ref is None:
        return None
    if not isinstance(ref, str) or not ref.strip():
        raise InputError(f"expected a setting's name or folder, got {ref!r}", file=file,
                         field="setting")
    root = root or bundled_root()
    ids = bundled_settings(root)
    if ref in ids:
        return _load((root / "core.yaml").resolve(), (root / "settings" / ref).resolve(), ref)
    base = Path(file).parent if file else Path.cwd()
    try:
        folder = Path(ref).expanduser()
        folder = folder if folder.is_absolute() else base / folder
        found = (folder / "setting.yaml").is_file()
        if found:
            core, folder = _core_for(folder), folder.resolve()
    except (OSError, RuntimeError, ValueError):  # too long, a NUL byte, a symlink loop
        found = False
    if found:
        return _load(core, folder, ref)
    hint = suggest(ref, ids)
    raise InputError(f"unknown setting '{ref}'{hint}; name a bundled setting "
                     f"({', '.join(ids) or 'none'}) or a folder holding setting.yaml",
                     file=file, field="setting")


def _core_for(folder: Path) -> Path:
    """A setting folder's core: `<catalog>/core.yaml` when it sits in `<catalog>/settings/`,
    else the bundled one."""
    folder = folder.resolve()
    beside = folder.parent.parent / "core.yaml"
    if folder.parent.name == "settings" and beside.is_file():
        return beside
    return (bundled_root() / "core.yaml").resolve()


@persistent(Core)
def _load_core(path: Path) -> Core:
    data = load_mapping(path, "Op-En core catalog")
    refuse_boolean_keys(data, path, BOOLEAN_FIX)
    return validate(Core, data, file=path)


@cache
def _load(core_path: Path, folder: Path, ref: str) -> Catalog:
    """Core and setting, loaded once per process for each pair of paths."""
    catalog = Catalog(_read_setting(core_path, folder), ref, folder)
    _cross_check(catalog, folder)
    return catalog


@persistent(CatalogModel)
def _read_setting(core_path: Path, folder: Path) -> CatalogModel:
    """The core with the setting in `folder` applied, every file validated."""
    core_data = load_mapping(core_path, "Op-En core catalog")
    refuse_boolean_keys(core_data, core_path, BOOLEAN_FIX)
    validate(Core, core_data, file=core_path)
    setting_path = folder / "setting.yaml"
    data = load_mapping(setting_path, "setting")
    refuse_boolean_keys(data, setting_path, BOOLEAN_FIX)
    info = validate(SettingFile, data, file=setting_path).setting
    core = validate(Core, _merged(core_data, info.overrides), file=setting_path,
                    field_prefix="setting.overrides")
    parts: dict[str, Any] = {"core": core, "setting": info}
    for name, model in SETTING_FILES.items():
        path = folder / f"{name}.yaml"
        if not path.is_file() and name in ("traits", "skills", "abilities", "equipment"):
            continue
        part = load_mapping(path, f"{name} catalog")
        refuse_boolean_keys(part, path, BOOLEAN_FIX)
        loaded = validate(model, part, file=path)
        parts.update({key: getattr(loaded, key) for key in type(loaded).model_fields})
    return CatalogModel.model_construct(**parts)


def _merged(base: dict[str, Any], overrides: dict[str, Any]) -> dict[str, Any]:
    """The core's data with a setting's overrides: mappings merge one level deep."""
    out = dict(base)
    for key, value in overrides.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = {**out[key], **value}
        else:
            out[key] = value
    return out


def _cross_check(catalog: Catalog, folder: Path) -> None:
    core = catalog.core
    others = len(core.die_stats) - 1
    seen_ranks: set[int] = set()
    for i, rank in enumerate(catalog.ranks):
        where = f"ranks[{i}]"
        if rank.rank in seen_ranks:
            raise InputError(f"Rank {rank.rank} is listed twice", file=folder / "ranks.yaml",
                             field=f"{where}.rank")
        seen_ranks.add(rank.rank)
        if len(rank.stats.others) != others:
            raise InputError(f"{len(rank.stats.others)} other values; the core names "
                             f"{others} stats beside the Core Stat",
                             file=folder / "ranks.yaml", field=f"{where}.stats.others")
    names: dict[str, str] = {u.name.casefold(): "core.yaml" for u in catalog.universal_skills}
    for file, entries in (("skills", catalog.skills), ("abilities", catalog.abilities)):
        for i, entry in enumerate(entries):
            key = entry.name.casefold()
            if key in names:
                raise InputError(f"'{entry.name}' is already named in {names[key]}; a Skill "
                                 "or Ability name is used once", file=folder / f"{file}.yaml",
                                 field=f"{file}[{i}].name")
            names[key] = f"{file}.yaml"
    for file, listed in (("forms", [f.name for f in catalog.forms]),
                         ("traits", [t.name for t in catalog.traits]),
                         ("equipment", [e.name for e in catalog.equipment])):
        seen: set[str] = set()
        for i, name in enumerate(listed):
            if name.casefold() in seen:
                raise InputError(f"'{name}' is listed twice",
                                 file=folder / f"{file}.yaml", field=f"{file}[{i}].name")
            seen.add(name.casefold())
    for i, form in enumerate(catalog.forms):
        for j, granted in enumerate(form.grants):
            if catalog.ability(granted) is None:
                hint = suggest(granted, [a.name for a in catalog.abilities])
                raise InputError(f"unknown ability '{granted}'{hint}",
                                 file=folder / "forms.yaml", field=f"forms[{i}].grants[{j}]")
    for i, item in enumerate(catalog.equipment):
        for kind, lookup in (("skills", catalog.skill), ("abilities", catalog.ability)):
            for j, name in enumerate(getattr(item.requires, kind)):
                if lookup(name) is None:
                    raise InputError(f"unknown {kind[:-1] if kind == 'skills' else 'ability'}"
                                     f" '{name}'", file=folder / "equipment.yaml",
                                     field=f"equipment[{i}].requires.{kind}[{j}]")
