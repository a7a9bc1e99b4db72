"""Mutated unit and roster files, for the property that no input crashes the command:
every bundled example of every system, with a value somewhere swapped for a hazard
(a wrong type, an odd scalar, a tag, deep nesting, control characters, a huge number)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from designer.cli import main
from designer.io import dump_yaml, load_yaml
from designer.systems import SYSTEMS, examples_dir

EXAMPLES = sorted(p for name in SYSTEMS
                  for p in (examples_dir(name) / "units").glob("*.yaml")) + sorted(
    p for name in SYSTEMS for p in (examples_dir(name) / "rosters").glob("*.yaml"))

#: raw YAML put where a value was: each has broken the tool once, or could
HAZARDS = (
    "0x_", "2020-13-45", "!!timestamp x", "!!float x", "!!bool x", "!!int x", "9" * 5000,
    "-" + "9" * 5000, "1e400", ".nan", "-.inf", "~", "[]", "{}", "-1", "0", "99999",
    "!!binary aGk=", "!!set {a}", "!!python/object:os.system x", "*nope", "&a [1, *a]",
    "[" * 40 + "]" * 40, "[" * 3000 + "]" * 3000, "{a: " * 60 + "1" + "}" * 60,
    '"\\e]0;title\\a"', '"line\\nbreak"', '"a[/]"', '"[red]x[/red]"', '"[link=http://x]y"',
    "'\u202eevil'", "yes", "off", "true", "'3'", "3.5", '"\\0"', "|\n  two\n  lines",
    "[a, [b, [c]]]", "{unit: {}}", "\"" + "x" * 20000 + "\"", "!!str", "? a\n: b",
)

PLAIN_VALUE = re.compile(r"(?m)(?<=: )[^\n#]+$|(?<=- )[^\n#{\[]+$")


def paths(node: Any, at: tuple = ()) -> list[tuple]:
    """Every place in a document a value sits, as a key path."""
    found = [at] if at else []
    if isinstance(node, dict):
        for key, value in node.items():
            found += paths(value, (*at, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += paths(value, (*at, i))
    return found


def replaced(node: Any, at: tuple, value: Any) -> Any:
    if not at:
        return value
    head, rest = at[0], at[1:]
    if isinstance(node, dict):
        return {k: replaced(v, rest, value) if k == head else v for k, v in node.items()}
    return [replaced(v, rest, value) if i == head else v for i, v in enumerate(node)]


@st.composite
def documents(draw: st.DrawFn) -> tuple[Path, str]:
    """An example file and a mutated text of it."""
    source = draw(st.sampled_from(EXAMPLES))
    data = load_yaml(source)
    where = draw(st.sampled_from(paths(data)))
    kind = draw(st.sampled_from(["value", "text", "drop", "both"]))
    if kind in ("value", "both"):
        swap = draw(st.one_of(
            st.integers(min_value=-(10**30), max_value=10**30), st.booleans(), st.none(),
            st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=30),
            st.lists(st.integers(), max_size=5), st.dictionaries(st.text(max_size=5),
                                                                 st.integers(), max_size=3)))
        data = replaced(data, where, swap)
    if kind == "drop" and len(where) == 1 and isinstance(data, dict):
        data = {k: v for k, v in data.items() if k != where[0]}
    text = dump_yaml(data)
    if kind in ("text", "both"):
        spots = [m.span() for m in PLAIN_VALUE.finditer(text)]
        if spots:
            start, end = draw(st.sampled_from(spots))
            text = text[:start] + draw(st.sampled_from(HAZARDS)) + text[end:]
    return source, text


def run(source: Path, text: str, folder: Path, capsys: Any) -> None:
    """The property: exit 0, 1 or 2; no exception escapes; exit 2 is one line naming
    the file (a roster: one for each entry that cannot be read, each naming the roster
    and the entry)."""
    target = folder / source.name
    target.write_text(text, encoding="utf-8")
    roster = "units:" in text or source.parent.name == "rosters"
    if source.parent.name == "rosters":  # its unit files are found beside it
        units = folder.parent / "units"
        if not units.exists():
            units.symlink_to(source.parent.parent / "units")
    code = main(["check" if roster else "price", str(target), "--json"])
    err = capsys.readouterr().err
    assert code in (0, 1, 2), (code, text[:300])
    if code == 2:
        lines = err.strip().splitlines()
        assert len(lines) == 1 or (roster and all(
            line.startswith(f"designer: error: {target}: units[") for line in lines)), err
        assert lines[0].startswith(f"designer: error: {target}"), (lines[0], text[:300])
