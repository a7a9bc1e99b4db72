"""Reading YAML text safely: the C loader where there is one, scalars that cannot be
converted kept as text, a key written twice in one mapping refused, and documents that
are too deep or alias bombs refused before anything is built. Each refusal is a one-line
InputError."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from designer.errors import InputError
from designer.escaping import printable

try:  # the C loader is several times faster; the pure one behaves the same
    from yaml import CSafeLoader as _BaseLoader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    # the pure loader is another class than the C one, with the same methods
    from yaml import SafeLoader as _BaseLoader  # type: ignore[assignment]


class _Loader(_BaseLoader):
    """The safe loader, except that a scalar it cannot convert (`0x_`, `2020-13-45`,
    `!!float x`, an integer of thousands of digits) stays text: validation then names
    the field ("expected a whole number, got '0x_'") instead of a crash. Dates are never
    read as dates: no file format here has one. A key written twice in one mapping is
    refused (YAML says keys are unique; the last one silently winning loses an edit);
    a key a merge (`<<: *base`) brings may be written again, which is what merges are
    for."""

    def construct_mapping(self, node: Any, deep: bool = False) -> dict[Any, Any]:
        written = [key for key, _ in node.value if key.tag != _MERGE] \
            if isinstance(node, yaml.MappingNode) else []
        mapping = super().construct_mapping(node, deep=deep)
        if len(written) > 1 and not _distinct_text(written):
            seen: dict[Any, Any] = {}
            for key_node in written:  # constructed already: each is looked up, not built
                key = self.construct_object(key_node, deep=deep)
                first = seen.setdefault(key, key_node)
                if first is not key_node:
                    raise _DuplicateKey(key, first.start_mark.line + 1,
                                        key_node.start_mark.line + 1)
        return mapping


_MERGE = "tag:yaml.org,2002:merge"
_STR = "tag:yaml.org,2002:str"


def _distinct_text(keys: list[Any]) -> bool:
    """True when the keys are all text and all different: the common case, checked
    without looking at what they were built into."""
    return all(k.tag == _STR for k in keys) and len({k.value for k in keys}) == len(keys)


class _DuplicateKey(yaml.YAMLError):
    def __init__(self, key: Any, first: int, again: int) -> None:
        shown = printable(key if isinstance(key, str) else repr(key), 60)
        where = f"lines {first} and {again}" if first != again else f"line {first}"
        super().__init__(f"key '{shown}' is written twice in one mapping ({where}); "
                         "keep one")


def _lenient(construct: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    def build(loader: Any, node: Any) -> Any:
        try:
            return construct(loader, node)
        except (ValueError, TypeError, KeyError, AttributeError, OverflowError):
            return loader.construct_scalar(node)

    return build


for _tag, _construct in (
    ("tag:yaml.org,2002:int", _BaseLoader.construct_yaml_int),
    ("tag:yaml.org,2002:float", _BaseLoader.construct_yaml_float),
    ("tag:yaml.org,2002:bool", _BaseLoader.construct_yaml_bool),
    ("tag:yaml.org,2002:timestamp", _BaseLoader.construct_yaml_str),
):
    _Loader.add_constructor(_tag, _lenient(_construct))


MAX_FILE_BYTES = 10 * 1024 * 1024
MAX_ALIASES = 10_000
MAX_EXPANDED_NODES = 200_000
#: values (scalars, lists, mappings) in one file: the largest catalog file holds ~3,000;
#: millions within the byte limit would take a minute and a gigabyte to build
MAX_NODES = MAX_EXPANDED_NODES
MAX_DEPTH = 50  # nesting of mappings and lists; real files stay under ten


def parse_yaml(text: str, file: str | Path | None = None) -> Any:
    """YAML text as Python data, refusing alias bombs and deep nesting with a one-line
    error before anything is built."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        raise InputError(f"text is over {MAX_FILE_BYTES // 1_048_576} MB", file=file)
    try:
        aliases = "*" in text and "&" in text
        if aliases or _nodes_bound(text) > MAX_NODES or _depth_bound(text) > MAX_DEPTH:
            _refuse_deep_or_aliased(text, file)
        data = yaml.load(text, Loader=_Loader)
    except _DuplicateKey as exc:
        raise InputError(str(exc), file=file) from None
    except yaml.YAMLError as exc:
        raise InputError(_yaml_problem(exc), file=file) from None
    except RecursionError:
        raise InputError("YAML is nested too deeply", file=file) from None
    return data


# a quoted scalar (where one may start), or a comment: brackets inside them do not nest
_NOT_NESTING = re.compile(
    r"""(?:(?<=^)|(?<=[\s\[{,:]))(?:"(?:[^"\\]|\\.)*"|'(?:[^']|'')*')|(?:(?<=^)|(?<=\s))#[^\n]*""",
    re.MULTILINE)
_BRACKETS = re.compile(r"[^\[\]{}]+")
_PREFIX = re.compile(r"^[ \t?:-]*", re.MULTILINE)


def _depth_bound(text: str) -> int:
    """A cheap upper bound on the nesting depth, linear in the text: each block level
    needs at least one more character of indentation or indicator (a list in a mapping
    may share its indentation, hence twice), and each flow level a bracket."""
    prefix = max(map(len, _PREFIX.findall(text)), default=0)
    if "[" not in text and "{" not in text:
        return 2 * (prefix + 1)
    brackets = _BRACKETS.sub("", _NOT_NESTING.sub("", text))
    depth = deepest = 0
    for ch in brackets:
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif depth:
            depth -= 1
    return 2 * (prefix + 1) + deepest


def _nodes_bound(text: str) -> int:
    """A cheap upper bound on the values in `text`, linear in it: each value but the
    first starts after a line break or one of `,:-[{?`, and a mapping or list starts
    where its first value does (hence twice)."""
    return 2 * (1 + sum(text.count(c) for c in "\n,:-[{?"))


def _refuse_deep_or_aliased(text: str, file: str | Path | None) -> None:
    """One pass over the parser's events (the C parser keeps its own stack, so it does
    not recurse): refuse nesting deeper than MAX_DEPTH, and count aliases and the
    values the document holds once they are expanded, before anything is built (the
    pass stops at the first value over the bound)."""
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
                f"YAML aliases expand to over {MAX_EXPANDED_NODES:,} nodes; refused"
                if aliases else f"YAML holds over {MAX_NODES:,} values; refused",
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
            if len(stack) > MAX_DEPTH:
                mark = event.start_mark  # the parser marks every event it makes
                where = f" (line {mark.line + 1})" if mark is not None else ""
                raise InputError(f"YAML is nested over {MAX_DEPTH} levels deep{where}; "
                                 "refused", file=file)
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


