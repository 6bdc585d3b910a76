"""What every part of a Missions Hero's turn shares: the effect context `Ctx`, the driver
type and small helpers (HeroTurn is assembled from mixins in hero_turn.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.content.defs import HeroDef
from game.missions.state import Driver, EnemyState, HeroState

if TYPE_CHECKING:
    from game.missions.engine import MissionEngine


__all__ = ["ENEMY", "HERO", "Ctx", "Driver", "TurnBase", "_pick", "_uses"]

ENEMY, HERO = 1, 2  # damage pool target ids


@dataclass(slots=True)
class Ctx:
    hero: HeroState
    hero_def: HeroDef
    dice: list[int]
    target: EnemyState | None = None
    kind: str = "offensive"  # offensive | ultimate | defensive | ally
    damage_type: str = "normal"
    damage: list[tuple[int, str]] = field(default_factory=list)  # to the target
    self_damage: int = 0
    added: int = 0
    prevent: int = 0  # defense: flat prevention of incoming damage
    halve: bool = False  # defense: prevent half of the incoming damage
    undefendable: bool = False
    after: list = field(default_factory=list)
    later: list = field(default_factory=list)
    no_status: bool = False  # Paralyze
    ability_id: str = ""
    flags: set = field(default_factory=set)
    attempts: int = 0  # Roll Attempts used (passives that count them)
    dealt: int = 0  # damage that landed on the target (for "after damage" conditions)
    window: str = ""  # own_attack | incoming_damage when a token or card is spent
    avoid: bool = False  # incoming damage avoided entirely (Smoke Bomb)
    extra_attempts: int = 0  # Roll Attempts added by cards during the Offensive Roll
    vars: dict = field(default_factory=dict)  # values recorded by effects ("record")


class TurnBase:
    """The engine every mixin of HeroTurn talks to."""

    e: MissionEngine


def _uses(effects, verb: str) -> bool:
    """Does this effect list (or any nested branch of it) use `verb`?"""
    for fx in effects:
        if fx["do"] == verb:
            return True
        for key in ("effects", "else"):
            if key in fx and _uses(fx[key], verb):
                return True
        if any(_uses(o["effects"], verb) for o in fx.get("options", ())):
            return True
    return False


def _pick(engine, n: int) -> int:
    from game.rules.rng import below

    return below(engine.rng, n)
