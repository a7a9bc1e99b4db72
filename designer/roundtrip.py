"""Saving over a file the user wrote: the new data is built inside the old document, so
comments, key order and flow style of what did not change stay (a round-trip YAML
editor); the result is checked to load back as the data, else it is not used."""

from __future__ import annotations

import re
from typing import Any

from designer.yamlsafe import parse_yaml


def edited_text(old_text: str, data: Any, plain: str) -> str | None:
    """`data` written into `old_text`, or None when that cannot be done faithfully;
    `plain` is `data` as a fresh dump, the standard the result must load back to."""
    if "#" not in old_text and "{" not in old_text and "[" not in old_text:
        return None  # nothing a plain dump would lose
    try:
        from io import StringIO

        from ruamel.yaml import YAML

        editor = YAML(typ="rt")
        editor.width = 100
        editor.preserve_quotes = True
        if re.search(r"^ +- ", old_text, re.MULTILINE):  # lists indented under their key
            editor.indent(mapping=2, sequence=4, offset=2)
        old = editor.load(old_text)
        if not isinstance(old, dict) or not isinstance(data, dict):
            return None
        merged = _merge(old, data)
        out = StringIO()
        editor.dump(merged, out)
        text = out.getvalue()
        if parse_yaml(text) != parse_yaml(plain):
            return None
        return text
    except Exception:  # an old file ruamel cannot edit: write the new one afresh
        return None


def _styled_like(neighbour: Any, value: Any) -> Any:
    """A new list item in the flow style of the item before it, if that one has it."""
    fa = getattr(neighbour, "fa", None)
    if isinstance(value, dict) and fa is not None and fa.flow_style():
        from ruamel.yaml.comments import CommentedMap

        item = CommentedMap(value)
        item.fa.set_flow_style()
        return item
    return value


def _merge(old: Any, new: Any) -> Any:
    """`new`, built inside `old` where their shapes agree, so what `old` carries around
    its values (comments, order, style) stays."""
    if isinstance(old, dict) and isinstance(new, dict):
        for key in [k for k in old if k not in new]:
            del old[key]
        for key, value in new.items():
            old[key] = _merge(old[key], value) if key in old else value
        return old
    if isinstance(old, list) and isinstance(new, list):
        del old[len(new):]
        for i, value in enumerate(new):
            if i < len(old):
                old[i] = _merge(old[i], value)
            else:
                old.append(_styled_like(old[i - 1] if i else None, value))
        return old
    if type(old) is type(new) and old == new:
        return old  # keeps the scalar's own quoting
    return new


