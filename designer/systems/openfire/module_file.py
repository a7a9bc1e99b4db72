"""Reading an Open Fire module file into a catalog: the core and its costing files (from
`loading`) with the module, validated and cross-checked against them, and kept in the
catalog cache when it is a bundled one."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from designer.catalog_cache import persistent
from designer.io import validate
from designer.systems.openfire.catalog import Catalog
from designer.systems.openfire.loading import load_catalog, read_catalog_file
from designer.systems.openfire.modcheck import check_module
from designer.systems.openfire.module import CatalogModel, Module


@cache
def with_module_file(root: Path, path: Path, ref: str) -> Catalog:
    """The catalog of the core in `root` with the module file at `path`, which a file's
    `module:` names as `ref`."""
    model = _read_module(root, path)
    return Catalog(model.core, model.costing, model.module, ref, load_catalog(root).bundled,
                   root)


@persistent(CatalogModel)
def _read_module(root: Path, path: Path) -> CatalogModel:
    """The core and costing files with the module at `path`, validated and
    cross-checked."""
    core = load_catalog(root)
    module = validate(Module, read_catalog_file(path, "Open Fire module"), file=path)
    check_module(module, Catalog(core.core, core.costings, module, None, core.bundled, root),
                 path)
    return CatalogModel.model_construct(core=core.core, costing=core.costings, module=module)
