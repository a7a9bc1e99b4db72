"""Turning loaded data into models with one-line errors that name the field: every
problem pydantic finds, in words a player reads, with a suggestion for a near miss."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from designer.errors import InputError

M = TypeVar("M", bound=BaseModel)


def require_mapping(data: Any, what: str, *, file: str | Path | None = None) -> dict[str, Any]:
    if data is None:
        raise InputError(f"file is empty; expected a {what} (a YAML mapping)", file=file)
    if not isinstance(data, dict):
        kind = "a list" if isinstance(data, list) else f"a {type(data).__name__}"
        raise InputError(f"expected a {what} (a YAML mapping of fields), found {kind}", file=file)
    return data


def validate(model: type[M], data: Any, *, file: str | Path | None = None,
             field_prefix: str = "", context: dict | None = None) -> M:
    """`model` built from `data`, or an InputError naming the first bad field."""
    try:
        return model.model_validate(data, context=context)
    except ValidationError as exc:
        raise validation_error(exc, model, file=file, field_prefix=field_prefix) from None


MAX_PROBLEMS = 8  # listed in one error line; the rest are counted


def validation_error(exc: ValidationError, model: type[BaseModel], *,
                     file: str | Path | None, field_prefix: str = "") -> InputError:
    """Every problem pydantic found, in one line: the first names its field as the
    error's field, the others follow as 'field: problem', so one run shows them all."""
    problems = [(e.field, e.problem) for e in validation_problems(exc, model, file=file,
                                                                   field_prefix=field_prefix)]
    field, problem = problems[0]
    rest = [f"{where}: {what}" if where else what for where, what in problems[1:]]
    if rest:
        shown = rest[:MAX_PROBLEMS - 1]
        more = len(rest) - len(shown)
        problem = "; ".join([problem, *shown]) + (
            f" (and {more} more problem{'s' if more > 1 else ''})" if more else "")
    return InputError(problem, file=file, field=field)


def validation_problems(exc: ValidationError, model: type[BaseModel], *,
                        file: str | Path | None, field_prefix: str = ""
                        ) -> list[InputError]:
    """Each problem pydantic found as its own error naming its field (for input whose
    good parts are used and each bad one said, as the settings are)."""
    out = []
    for error in exc.errors(include_url=False):
        loc = [p for p in error["loc"] if not (isinstance(p, str) and _is_union_tag(p))]
        where = _field_path([*([field_prefix] if field_prefix else []), *loc])
        out.append(InputError(_problem(error, loc, model), file=file, field=where))
    return out


def suggest(name: str, choices: Iterable[str]) -> str:
    """' (did you mean X?)' when a close match exists, else ''."""
    import difflib

    choice_list = list(choices)
    lowered = {c.lower(): c for c in choice_list}
    match = difflib.get_close_matches(name.lower(), list(lowered), n=1, cutoff=0.75)
    return f" (did you mean {lowered[match[0]]}?)" if match else ""


def refuse_boolean_keys(data: Any, file: str | Path | None, fix: str = "quote the key",
                        field_prefix: str = "") -> None:
    """YAML 1.1 reads bare off/on/yes/no keys as booleans; say so, with the system's `fix`,
    instead of a puzzling 'unknown field True'.

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
                        f"a bare off/on/yes/no key reads as a YAML boolean; {fix}",
                        file=file, field=_field_path([*([field_prefix] if field_prefix
                                                         else []), *_path_to(data, node, key)]))
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


def _problem(error: ErrorDetails, loc: list[int | str], model: type[BaseModel]) -> str:
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
    if kind in {"int_parsing", "int_parsing_size", "int_type", "int_from_float"}:
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
    ctx = error.get("ctx") or {}
    bound = _bound_problem(kind, ctx)
    if bound:
        got = ctx["actual_length"] if "actual_length" in ctx and not isinstance(
            value, str) else _show(value)
        return f"{bound}, got {got}"
    msg = error["msg"]
    return f"{msg[0].lower()}{msg[1:]}" + (f", got {_show(value)}" if value is not None else "")


#: pydantic's constraint errors in our own words, from the bound it reports
_BOUNDS = {
    "greater_than_equal": ("ge", "expected {} or more"),
    "greater_than": ("gt", "expected more than {}"),
    "less_than_equal": ("le", "expected {} or less"),
    "less_than": ("lt", "expected less than {}"),
    "string_too_short": ("min_length", "expected at least {} characters"),
    "string_too_long": ("max_length", "expected at most {} characters"),
    "too_short": ("min_length", "expected at least {} entries"),
    "too_long": ("max_length", "expected at most {} entries"),
    "literal_error": ("expected", "expected one of {}"),
    "enum": ("expected", "expected one of {}"),
}


def _bound_problem(kind: str, ctx: dict[str, Any]) -> str:
    """A constraint error in our words ('expected 1 or more'), or '' for another kind."""
    key, words = _BOUNDS.get(kind, ("", ""))
    if not key or key not in ctx:
        return ""
    limit = ctx[key]
    if isinstance(limit, float) and limit.is_integer():
        limit = int(limit)  # a bound written 1 in a float field reads 1, not 1.0
    shown = words.format(limit)
    return shown.replace("1 entries", "1 entry").replace("1 characters", "1 character")


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


def file_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The JSON Schema of a file format whose top is `model` (`designer schema`). A
    default that is a model is written as its data: the models make such defaults
    without validation (`model_construct`, which builds nothing at import), and the
    oldest pydantic the project supports (2.7) cannot encode one whose class has not
    been used yet."""
    from pydantic.json_schema import GenerateJsonSchema  # here: only schemas need it

    class FileSchema(GenerateJsonSchema):
        def encode_default(self, dft: Any) -> Any:
            if isinstance(dft, BaseModel):
                return dft.model_dump(mode="json", by_alias=True)
            return super().encode_default(dft)

    return model.model_json_schema(schema_generator=FileSchema)
