"""Reading and writing the user's YAML files: bounded, safe, atomic, with one-line errors."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

from designer.errors import InputError

try:  # the C loader is several times faster; the pure one behaves the same
    from yaml import CSafeDumper as _BaseDumper
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeDumper as _BaseDumper  # type: ignore[assignment]
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]


class _Dumper(_BaseDumper):
    """Writes shared objects out in full: files people read and edit hold no &anchors."""

    def ignore_aliases(self, data: Any) -> bool:
        return True

MAX_FILE_BYTES = 10 * 1024 * 1024
MAX_ALIASES = 10_000
MAX_EXPANDED_NODES = 200_000


def read_text(path: str | Path) -> str:
    """A file's text, refusing what is missing, a folder, too large or not UTF-8."""
    p = Path(path)
    try:
        size = p.stat().st_size
    except FileNotFoundError:
        raise InputError("no such file", file=p) from None
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", file=p) from None
    if p.is_dir():
        raise InputError("is a folder, not a file", file=p)
    if size > MAX_FILE_BYTES:
        raise InputError(
            f"file is {size / 1_048_576:.1f} MB; the limit is {MAX_FILE_BYTES // 1_048_576} MB",
            file=p,
        )
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", file=p) from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text (byte {exc.start})", file=p) from None


def parse_yaml(text: str, file: str | Path | None = None) -> Any:
    """YAML text as Python data, refusing alias bombs and deep nesting with a one-line error."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        raise InputError(f"text is over {MAX_FILE_BYTES // 1_048_576} MB", file=file)
    try:
        if "*" in text and "&" in text:
            _refuse_alias_abuse(text, file)
        data = yaml.load(text, Loader=_Loader)
    except yaml.YAMLError as exc:
        raise InputError(_yaml_problem(exc), file=file) from None
    except RecursionError:
        raise InputError("YAML is nested too deeply", file=file) from None
    _refuse_boolean_keys(data, file)
    return data


def load_yaml(path: str | Path) -> Any:
    return parse_yaml(read_text(path), file=path)


def load_mapping(path: str | Path, what: str) -> dict[str, Any]:
    """A YAML file that must hold a mapping (a unit, a roster, a catalog file)."""
    data = load_yaml(path)
    return require_mapping(data, what, file=path)


def require_mapping(data: Any, what: str, *, file: str | Path | None = None) -> dict[str, Any]:
    if data is None:
        raise InputError(f"file is empty; expected a {what} (a YAML mapping)", file=file)
    if not isinstance(data, dict):
        kind = "a list" if isinstance(data, list) else f"a {type(data).__name__}"
        raise InputError(f"expected a {what} (a YAML mapping of fields), found {kind}", file=file)
    return data


def validate(model: type[BaseModel], data: Any, *, file: str | Path | None = None,
             field_prefix: str = "", context: dict | None = None) -> Any:
    """`model` built from `data`, or an InputError naming the first bad field."""
    try:
        return model.model_validate(data, context=context)
    except ValidationError as exc:
        raise validation_error(exc, model, file=file, field_prefix=field_prefix) from None


def validation_error(exc: ValidationError, model: type[BaseModel], *,
                     file: str | Path | None, field_prefix: str = "") -> InputError:
    errors = exc.errors(include_url=False)
    first = errors[0]
    loc = [p for p in first["loc"] if not (isinstance(p, str) and _is_union_tag(p))]
    field = _field_path([*([field_prefix] if field_prefix else []), *loc])
    problem = _problem(first, loc, model)
    more = len(errors) - 1
    if more:
        problem += f" (and {more} more problem{'s' if more > 1 else ''})"
    return InputError(problem, file=file, field=field)


def dump_yaml(data: Any) -> str:
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)


def write_atomic(path: str | Path, data: str | bytes) -> Path:
    """Write via a temporary file in the same folder and rename it into place.

    A failed write leaves any existing file untouched.
    """
    import tempfile

    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
            fh.flush()
            os.fsync(fh.fileno())
        if p.exists():
            os.chmod(tmp, p.stat().st_mode & 0o7777)
        else:
            os.chmod(tmp, 0o644)
        os.replace(tmp, p)
    except BaseException:
        with _suppress_oserror():
            os.unlink(tmp)
        raise
    return p


def save_yaml(path: str | Path, data: Any) -> Path:
    return write_atomic(path, dump_yaml(data))


def suggest(name: str, choices: Iterable[str]) -> str:
    """' (did you mean X?)' when a close match exists, else ''."""
    import difflib

    choice_list = list(choices)
    lowered = {c.lower(): c for c in choice_list}
    match = difflib.get_close_matches(name.lower(), list(lowered), n=1, cutoff=0.75)
    return f" (did you mean {lowered[match[0]]}?)" if match else ""


# --- internals ---------------------------------------------------------------------------


class _suppress_oserror:
    def __enter__(self) -> None:
        return None

    def __exit__(self, exc_type, exc, tb) -> bool:
        return exc_type is not None and issubclass(exc_type, OSError)


def _refuse_alias_abuse(text: str, file: str | Path | None) -> None:
    """Count aliases and the size they expand to before anything is built."""
    anchors: dict[str, int] = {}
    stack: list[list] = []  # [anchor, size]
    aliases = 0
    total = 0

    def add(size: int) -> None:
        nonlocal total
        if stack:
            stack[-1][1] += size
        else:
            total += size
        if total > MAX_EXPANDED_NODES or (stack and stack[-1][1] > MAX_EXPANDED_NODES):
            raise InputError(
                f"YAML aliases expand to over {MAX_EXPANDED_NODES:,} nodes; refused",
                file=file,
            )

    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, yaml.AliasEvent):
            aliases += 1
            if aliases > MAX_ALIASES:
                raise InputError(f"more than {MAX_ALIASES} YAML aliases; refused", file=file)
            if event.anchor not in anchors:
                raise InputError(f"YAML alias *{event.anchor} has no anchor", file=file)
            add(anchors[event.anchor])
        elif isinstance(event, yaml.ScalarEvent):
            if event.anchor:
                anchors[event.anchor] = 1
            add(1)
        elif isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            stack.append([event.anchor, 1])
        elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            anchor, size = stack.pop()
            if anchor:
                anchors[anchor] = size
            add(size)


def _yaml_problem(exc: yaml.YAMLError) -> str:
    mark = getattr(exc, "problem_mark", None)
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    if mark is not None:
        return f"not valid YAML: {problem} (line {mark.line + 1}, column {mark.column + 1})"
    return f"not valid YAML: {problem}"


def _refuse_boolean_keys(data: Any, file: str | Path | None) -> None:
    """YAML 1.1 reads bare off/on/yes/no keys as booleans; say so instead of 'True'.

    Paths are worked out only when a boolean key is found, so the common case is one
    cheap pass over the containers.
    """
    stack = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for key in node:
                if key is True or key is False:
                    raise InputError(
                        "a bare off/on/yes/no key reads as a YAML boolean; "
                        "write off_dice or def_dice (or quote the key)",
                        file=file, field=_field_path(_path_to(data, node, key)))
            stack.extend(v for v in node.values() if isinstance(v, (dict, list)))
        elif isinstance(node, list):
            stack.extend(v for v in node if isinstance(v, (dict, list)))


def _path_to(root: Any, target: dict, key: Any) -> list:
    """The field path from `root` to `key` in the mapping `target`."""
    stack: list[tuple[Any, list]] = [(root, [])]
    while stack:
        node, path = stack.pop()
        if node is target:
            return [*path, "off" if key is False else "on"]
        if isinstance(node, dict):
            stack.extend((v, [*path, k]) for k, v in node.items())
        elif isinstance(node, list):
            stack.extend((v, [*path, i]) for i, v in enumerate(node))
    return ["off" if key is False else "on"]


def _field_path(parts: list) -> str:
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part != "":
            out += f".{part}" if out else str(part)
    return out


def _is_union_tag(part: str) -> bool:
    # pydantic puts the union member's name in the location (e.g. 'str', 'AbilityEntry')
    return part[:1].isupper() or part in {"str", "int", "function-after", "function-plain"} or (
        "[" in part and "]" in part
    )


def _problem(error: dict, loc: list, model: type[BaseModel]) -> str:
    kind = error["type"]
    value = error.get("input")
    if kind == "extra_forbidden":
        name = str(loc[-1]) if loc else "?"
        allowed = _allowed_fields(model, loc[:-1])
        hint = suggest(name, allowed) if allowed else ""
        listing = f"; expected one of: {', '.join(allowed)}" if allowed and not hint else ""
        return f"unknown field '{name}'{hint}{listing}"
    if kind == "missing":
        return "is required"
    if kind in {"int_parsing", "int_type", "int_from_float"}:
        return f"expected a whole number, got {_show(value)}"
    if kind in {"bool_parsing", "bool_type"}:
        return f"expected true or false, got {_show(value)}"
    if kind in {"string_type"}:
        return f"expected text, got {_show(value)}"
    if kind in {"list_type"}:
        return f"expected a list, got {_show(value)}"
    if kind in {"dict_type", "model_type", "model_attributes_type"}:
        return f"expected a mapping of fields, got {_show(value)}"
    if kind == "value_error":
        return str(error.get("ctx", {}).get("error", error["msg"]))
    msg = error["msg"]
    return f"{msg[0].lower()}{msg[1:]}" + (f", got {_show(value)}" if value is not None else "")


def _show(value: Any) -> str:
    if isinstance(value, str):
        text = value if len(value) <= 40 else value[:37] + "..."
        return repr(text)
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing"
    return repr(value)


def _allowed_fields(model: type[BaseModel], loc: list) -> list[str]:
    """The field names allowed at `loc` inside `model`, following nested models."""
    current: Any = model
    for part in loc:
        if isinstance(part, int):
            continue
        fields = getattr(current, "model_fields", None)
        if not fields or part not in fields:
            return []
        current = _model_of(fields[part].annotation)
        if current is None:
            return []
    fields = getattr(current, "model_fields", None)
    return list(fields) if fields else []


def _model_of(annotation: Any) -> Any:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in getattr(annotation, "__args__", ()) or ():
        found = _model_of(arg)
        if found is not None:
            return found
    return None
