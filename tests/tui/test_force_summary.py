"""The forces screen's problems panel: a finding too long for its width wraps under its
own text, not under its mark."""

from __future__ import annotations

from designer.roster import load_roster
from designer.systems import examples_dir
from designer.tui.widgets.force_summary import problems_content


def test_a_wrapped_finding_stands_under_its_text():
    force = load_roster(examples_dir("openfire") / "rosters" / "broken-convoy.yaml")
    assert problems_content(force, "", width=60).plain.split("\n")[-5:] == [
        "✗ 6 models must ride but the transports seat 0; add a",
        "  Transport or leave models behind [363]",
        "Slag Brutes",
        "  ✗ Slag Brute is Bulky and cannot embark [377], but Ash",
        "    Wastes (demonstration) carries every model: leave it out"]
    # before the panel is laid out (no width yet): a line a finding, wrapped by Textual
    assert problems_content(force, "").plain.split("\n")[-2:] == [
        "Slag Brutes",
        "  ✗ Slag Brute is Bulky and cannot embark [377], but Ash Wastes (demonstration) "
        "carries every model: leave it out"]
