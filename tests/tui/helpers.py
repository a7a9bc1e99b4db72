"""What the TUI tests share: an OpenTactics unit to open, and the steps every Pilot test
of a system's editors takes (reading the focus, saving through the worker)."""

from __future__ import annotations

#: a unit with types, dice, a bump, an item with a range choice, an item granting an
#: ability, and three abilities in all (two of its own, one from its Hand Weapon)
ASH_WARDEN = """\
system: opentactics
name: Ash Warden
types: [Infantry, Elf, Living, Warrior]
athletics: 6
skills:
  melee:     {off_dice: 2, def_dice: 2, range: 1}
  ballistic: {off_dice: 2, off_bumps: [1], def_dice: 1, range: 2}
  arcane:    {def_dice: 1}
  technical: {def_dice: 1}
equipment:
  - {item: Bow or Crossbow, range: 6}
  - {item: Hand Weapon, abilities: [Duelist]}
abilities:
  - {name: Stealth, rank: 2}
  - {name: Nimble}
"""


def focused_id(app) -> str | None:
    return getattr(app.focused, "id", None)


async def save(app, pilot) -> None:
    """ctrl+s, then wait for the save's worker: the document is clean afterwards."""
    await pilot.press("ctrl+s")
    await app.workers.wait_for_complete()
    await pilot.pause()
    assert not app.screen.doc.dirty
