"""Every finding code the system can report is triggered by some test here."""

from __future__ import annotations

import re
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[3] / "designer" / "systems" / "openfire"
TESTS = Path(__file__).resolve().parent
SPEC = {"E-OF-ATTR", "E-OF-MOV", "E-OF-AIRCRAFT-MOV", "E-OF-LEADER-MANY",
        "E-OF-RULE-UNKNOWN", "E-OF-RULE-X", "E-OF-RULE-SCOPE", "E-OF-WEAPON",
        "E-OF-PROFILE-UNKNOWN", "E-OF-WEAPON-UNKNOWN", "E-OF-SLOT", "E-OF-UPGRADE-CAP",
        "E-OF-CATEGORY", "E-OF-POOL", "E-OF-TRANSPORT", "E-OF-CAP", "W-OF-ATTR-RANGE",
        "W-OF-MELEE-NO-ASSAULT", "W-OF-FAST-SLOW", "W-OF-RULE-IMPLIED", "W-OF-GRENADES",
        "W-OF-FORMULA-PRICED"}


def emitted() -> set[str]:
    codes = set()
    for path in SOURCE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        codes |= set(re.findall(r'"([EW]-OF-[A-Z-]+)"', text))
        codes |= {f"E-OF-{c}" for c in re.findall(r'_error\("([A-Z-]+)"', text)}
        codes |= {f"W-OF-{c}" for c in re.findall(r'_warning\("([A-Z-]+)"', text)}
    return codes


def test_the_spec_codes_are_all_emitted():
    assert emitted() >= SPEC


def test_every_code_is_tested():
    tests = "".join(p.read_text(encoding="utf-8") for p in TESTS.glob("test_*.py")
                    if p.name != "test_codes.py")
    untested = sorted(c for c in emitted() if f'"{c}"' not in tests)
    assert untested == []
