"""What a matchup is made of and what it gives: how two units meet (`EngageOptions`), the
exact figures (`Odds`), what each unit's abilities did (`AbilityUse`) and the whole
`Engagement` of A attacking B in one mode. A system with the `Matchups` capability
gives these; the shells only draw them."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

#: whether B answers A in the same engagement: when it serves B best, whenever it can, never
Retaliation = Literal["best", "always", "never"]
RETALIATIONS: tuple[Retaliation, ...] = ("best", "always", "never")


@dataclass(frozen=True, slots=True)
class EngageOptions:
    """How two units meet. `mode` is what A attacks with (a skill, a weapon; None: each
    it has), `range` the distance between them (None: the closest the mode allows),
    `retaliation` whether B answers when it can (a system whose matchups have it);
    `extras` are a system's own terms as (key, whole number) pairs, the keys its
    `ENGAGE_EXTRAS` lists (cover, support)."""

    mode: str | None = None
    range: int | None = None
    retaliation: Retaliation = "best"
    extras: tuple[tuple[str, int], ...] = ()

    def extra(self, key: str, default: int = 0) -> int:
        return next((v for k, v in self.extras if k == key), default)


@dataclass(frozen=True, slots=True)
class Odds:
    """One labelled figure of a matchup, exact: a chance, or an amount (expected damage)
    when `chance` is False. `key` names it in JSON."""

    key: str
    label: str
    value: Fraction
    chance: bool = True


@dataclass(frozen=True, slots=True)
class AbilityUse:
    """What one of a unit's abilities did in an engagement: `applied` (what it did),
    `idle` (it acts in one engagement, not in this one: why) or `outside` (it never acts
    inside one engagement: why)."""

    unit: str
    name: str
    status: Literal["applied", "idle", "outside"]
    detail: str = ""


@dataclass(frozen=True)
class Engagement:
    """The exact odds of A attacking B in one mode. `outcomes` are exclusive and sum to
    1; `figures` are drawn from them; `win` is A's chance to defeat B and `loss` B's to
    defeat A (what points efficiency counts); `notes` say what the odds assumed;
    `abilities` what each unit's abilities did."""

    title: str
    mode: str
    outcomes: tuple[Odds, ...]
    win: Fraction
    loss: Fraction = Fraction(0)
    figures: tuple[Odds, ...] = ()
    notes: tuple[str, ...] = ()
    abilities: tuple[AbilityUse, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        """Every figure as an exact fraction ("15/36" reduced) and a float."""

        def row(o: Odds) -> dict[str, Any]:
            return {"key": o.key, "label": o.label, "exact": str(o.value),
                    "value": float(o.value)}

        return {"title": self.title, "mode": self.mode, "win": str(self.win),
                "loss": str(self.loss), "outcomes": [row(o) for o in self.outcomes],
                "figures": [row(o) for o in self.figures], "notes": list(self.notes),
                "abilities": [{"unit": u.unit, "name": u.name, "status": u.status,
                               "detail": u.detail} for u in self.abilities]}
