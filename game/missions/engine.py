"""The Missions round driver: one to four Heroes against Henchmen, an Unstoppable Threat and a
boss on a hex map, through the eight round phases (docs/missions.md).

    engine = MissionEngine(MissionSetup("harbor_heist", ("barbarian",), seed=3))
    while not engine.over:
        engine.apply(controller.decide(engine, engine.pending))

The driver is a generator that yields a `PendingChoice` whenever a Hero must decide and
receives the chosen `Action`; a choice with a single legal option is taken without asking,
unless that option spends a resource.
Enemies decide by the rules (best option for the enemy, rule 50) inside the driver. All
randomness comes from the mission's seeded RNG, so a setup plus its actions replays exactly.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import esper

from game.content.defs import ContentDB, HeroDef
from game.content.loader import default_content
from game.missions import hexgrid
from game.missions.content import MissionsDB, SideDef, default_missions
from game.missions.enemy_phases import EnemyPhasesMixin
from game.missions.hero_turn import HeroTurn
from game.missions.hexgrid import Hex
from game.missions.maps import MissionMap
from game.missions.mission_setup import SetupMixin
from game.missions.round_phases import HeroPhasesMixin
from game.missions.state import (
    EASIER,
    HAND_LIMIT,
    MAX_CP,
    SPENDING_KINDS,
    START_HEALTH,
    Driver,
    EnemyState,
    HeroState,
    HexSpace,
    MissionInfo,
)
from game.rules.actions import Action, IllegalAction, Option, PendingChoice, act
from game.rules.effects.adventure_verbs import BONUS_FULL, bonus_choices
from game.rules.rng import RngState, roll_die, seed_state, shuffle
from game.rules.world import MatchWorld

__all__ = [
    "EASIER",
    "HAND_LIMIT",
    "MAX_CP",
    "START_HEALTH",
    "Driver",
    "MissionEngine",
    "MissionSetup",
    "replay",
]


@dataclass(frozen=True, slots=True)
class MissionSetup:
    mission: str
    heroes: tuple[str, ...]
    seed: int = 0
    difficulty_up: int = 0  # increased difficulty levels (0-4)
    easier: tuple[str, ...] = ()  # decreased difficulty: any of EASIER
    perks: tuple[dict | None, ...] = ()  # per seat: perks.bonuses() of the player's sheet
    mythics: tuple[str, ...] = ()  # per seat: a Mythic ability id or ""
    round_limit: int = 60  # a harness safety valve; the rules have no limit

    def to_json(self) -> dict:
        return {
            "mission": self.mission,
            "heroes": list(self.heroes),
            "seed": self.seed,
            "difficulty_up": self.difficulty_up,
            "easier": list(self.easier),
            "perks": list(self.perks),
            "mythics": list(self.mythics),
            "round_limit": self.round_limit,
        }

    @staticmethod
    def from_json(data: dict) -> MissionSetup:
        return MissionSetup(
            mission=data["mission"],
            heroes=tuple(data["heroes"]),
            seed=int(data.get("seed", 0)),
            difficulty_up=int(data.get("difficulty_up", 0)),
            easier=tuple(data.get("easier", ())),
            perks=tuple(data.get("perks", ())),
            mythics=tuple(data.get("mythics", ())),
            round_limit=int(data.get("round_limit", 60)),
        )


@dataclass(slots=True)
class MissionEvent:
    kind: str
    text: str
    data: dict = field(default_factory=dict)


class MissionEngine(SetupMixin, HeroPhasesMixin, EnemyPhasesMixin):
    MATCH = 1

    def __init__(
        self,
        setup: MissionSetup,
        content: ContentDB | None = None,
        missions: MissionsDB | None = None,
        *,
        before_start: Any = None,
    ) -> None:
        self.setup = setup
        self.content = content or default_content()
        self.db = missions or default_missions()
        if setup.mission not in self.db.missions:
            raise ValueError(f"unknown mission '{setup.mission}'")
        if not 1 <= len(setup.heroes) <= 4:
            raise ValueError("a mission takes 1 to 4 Heroes")
        for hero in setup.heroes:
            if hero not in self.content.heroes:
                raise ValueError(f"unknown hero '{hero}'")
        if not 0 <= setup.difficulty_up <= 4:
            raise ValueError("difficulty can go up by 0 to 4 levels")
        for option in setup.easier:
            if option not in EASIER:
                raise ValueError(f"unknown easier option '{option}' (known: {', '.join(EASIER)})")
        self.mission = self.db.missions[setup.mission]
        self.world = MatchWorld()
        self.actions: list[Action] = []
        self.log: list[MissionEvent] = []
        self.unsupported: Counter[str] = Counter()  # hero effect verbs Missions cannot run yet
        self.heroes: list[HeroState] = []
        self.enemies: list[EnemyState] = []
        self.hexes: dict[Hex, HexSpace] = {}
        self.map: MissionMap | None = None
        self.pending: PendingChoice | None = None
        self.turn = HeroTurn(self)
        self._before_start = before_start
        with self.world.active():
            self.match = esper.create_entity(seed_state(setup.seed), MissionInfo(setup.mission))
            self._driver = self._play()
            self._step(None)

    def close(self) -> None:
        """Free the mission's esper world."""
        self.world.close()

    def __del__(self) -> None:  # worlds live in esper's module state; don't leak them
        with contextlib.suppress(Exception):
            self.world.close()

    # ------------------------------------------------------------ decision interface

    @property
    def over(self) -> bool:
        return self.info.over

    @property
    def info(self) -> MissionInfo:
        with self.world.active():
            return esper.component_for_entity(self.match, MissionInfo)

    @property
    def rng(self) -> RngState:
        with self.world.active():
            return esper.component_for_entity(self.match, RngState)

    def apply(self, action: Action) -> None:
        choice = self.pending
        if choice is None:
            raise IllegalAction("the mission is over; nothing can be done")
        if not isinstance(action, Action) or choice.find(action) is None:
            labels = "; ".join(o.label for o in choice.options[:10])
            raise IllegalAction(f"not a legal option now ({choice.prompt}). Options: {labels}")
        self.actions.append(action)
        self._step(action)

    def _step(self, action: Action | None) -> None:
        with self.world.active():
            try:
                self.pending = self._driver.send(action) if action else next(self._driver)
            except StopIteration:
                self.pending = None

    def ask(self, seat: int, kind: str, prompt: str, options: list[Option], **context) -> Driver:
        """Yield a decision and return the chosen action. A single legal option is taken
        without asking - unless it spends a resource (SPENDING_KINDS): spending is always the
        player's choice."""
        yield from self.bonus_questions()  # Bonus Damage gained at its limit is settled first
        if not options:  # pragma: no cover - a driver bug
            raise RuntimeError(f"asked {prompt!r} with no options")
        if len(options) == 1 and options[0].action.kind not in SPENDING_KINDS:
            return options[0].action
        action = yield PendingChoice(seat, kind, prompt, options, context=context)
        return action

    def emit(self, kind: str, text: str, **data) -> None:
        self.log.append(MissionEvent(kind, text, data))

    # ------------------------------------------------------------ queries

    def roll(self) -> int:
        return roll_die(self.rng)

    def side(self) -> SideDef:
        return self.mission.sides[self.info.side]

    def hero_def(self, hero: HeroState) -> HeroDef:
        return self.content.heroes[hero.hero]

    def turn_order(self) -> list[HeroState]:
        start = self.info.start_player
        return self.heroes[start:] + self.heroes[:start]

    def active_heroes(self) -> list[HeroState]:
        """Heroes still on the map (not exited, not defeated), in turn order."""
        return [h for h in self.turn_order() if not h.exited and not h.defeated and h.pos]

    def living_enemies(self, kind: str | None = None) -> list[EnemyState]:
        return [e for e in self.enemies if not e.defeated and (kind is None or e.kind == kind)]

    def enemy_at(self, h: Hex) -> EnemyState | None:
        for e in self.enemies:
            if not e.defeated and (e.pos == h or h in e.extra):
                return e
        return None

    def adjacent(self, a: Hex | None, b: Hex | None) -> bool:
        return a is not None and b is not None and hexgrid.adjacent(a, b)

    def touching(self, pos: Hex | None, enemy: EnemyState) -> bool:
        """Melee reach (rule 4): a shared border with any space the enemy stands on (large
        enemies stand on 2+ spaces)."""
        return any(self.adjacent(pos, h) for h in enemy.spaces)

    def passable(self, h: Hex) -> bool:
        space = self.hexes.get(h)
        if space is None or (space.dark and not space.defeat_tile and not space.clear_open):
            return False
        return self.enemy_at(h) is None

    def max_health(self, hero: HeroState) -> int:
        return hero.start_health + 10 + (5 if hero.mythic == "mythic_vigor" else 0)

    # ------------------------------------------------------------ small state changes

    def gain_momentum(self, hero: HeroState, amount: int) -> None:
        hero.momentum = min(self.db.max_momentum, hero.momentum + amount)

    def gain_cp(self, hero: HeroState, amount: int) -> None:
        hero.cp = max(0, min(MAX_CP, hero.cp + amount))

    def heal(self, hero: HeroState, amount: int) -> None:
        if not hero.defeated:
            hero.health = min(self.max_health(hero), hero.health + amount)

    def draw(self, hero: HeroState, count: int) -> None:
        for _ in range(count):
            if not hero.deck:
                if not hero.discard:
                    return
                hero.deck, hero.discard = hero.discard, []
                shuffle(self.rng, hero.deck)
            hero.hand.append(hero.deck.pop(0))

    def add_status(
        self, holder: HeroState | EnemyState, status: str, count: int = 1, value: int = 2
    ):
        """Place tokens up to the stack limit (a status outside the Missions set, e.g. a
        hero's own token, keeps its count but has no Missions behaviour)."""
        limit = self.stack_limit(holder, status)
        if status == "oppression":
            holder.tokens[status] = min(4, holder.tokens.get(status, 0) + count)
            return
        for _ in range(count):
            if holder.tokens.get(status, 0) >= limit:
                if status != "bonus_damage":
                    break
                self.bonus_at_limit(holder, value)
                continue
            holder.tokens[status] = holder.tokens.get(status, 0) + 1
            if status == "bonus_damage":
                holder.bonus.append(value)
            if isinstance(holder, HeroState):  # `not_on_turn_gained`: rests until next round
                key = f"gained:{status}"
                holder.used_this_round[key] = holder.used_this_round.get(key, 0) + 1

    def bonus_at_limit(self, holder: HeroState | EnemyState, value: int) -> None:
        """A Bonus Damage token gained at the stack limit: the holder either swaps it for one
        they hold or throws it away. A Hero is asked at the next question; an enemy takes the
        sensible answer (the new token replaces its lowest one only if it is worth more)."""
        if isinstance(holder, HeroState):
            holder.bonus_waiting.append(value)
            return
        key = bonus_choices(holder.bonus, value)[0][0]
        if key != "discard":
            holder.bonus[key] = value

    def bonus_questions(self) -> Driver:
        """Ask each Hero about the Bonus Damage tokens they gained at the stack limit."""
        for hero in self.heroes:
            while hero.bonus_waiting:
                value = hero.bonus_waiting.pop(0)
                if hero.defeated or hero.exited:
                    continue
                opts = [
                    Option(
                        act(hero.seat, "bonus_keep")
                        if key == "discard"
                        else act(hero.seat, "bonus_swap", index=key),
                        label,
                    )
                    for key, label in bonus_choices(hero.bonus, value)
                ]
                held = " and ".join(f"+{v}" for v in hero.bonus)
                a = yield PendingChoice(
                    hero.seat,
                    BONUS_FULL,
                    f"{hero.name}: Bonus Damage is at its limit ({held}) - swap one for the new "
                    f"+{value}, or throw the new one away?",
                    opts,
                )
                if a.kind == "bonus_swap":
                    old = hero.bonus[a.get("index")]
                    hero.bonus[a.get("index")] = value
                    self.emit(
                        "bonus_damage",
                        f"{hero.name} swaps a +{old} Bonus Damage token for the new +{value}.",
                    )
                else:
                    self.emit(
                        "bonus_damage",
                        f"{hero.name} throws the new +{value} Bonus Damage token away.",
                    )

    def stack_limit(self, holder: HeroState | EnemyState, status: str) -> int:
        """The Missions status's limit, or the hero status's (its owner's limit for the hero's
        own token, as in the duel), plus what a card raised it by for this Hero."""
        info = self.db.statuses.get(status)
        if info is not None:
            return info.stack_limit
        sdef = self.content.statuses.get(status)
        if sdef is None:
            return 1
        limit = sdef.stack_limit
        if isinstance(holder, HeroState):
            if sdef.owner_stack_limit and status in self.hero_def(holder).statuses:
                limit = sdef.owner_stack_limit
            limit += holder.stack_bonus.get(status, 0)
        return limit

    def remove_status(self, holder: HeroState | EnemyState, status: str, count: int = 1) -> int:
        have = holder.tokens.get(status, 0)
        take = min(have, count)
        if take:
            holder.tokens[status] = have - take
            if holder.tokens[status] == 0:
                del holder.tokens[status]
            if status == "bonus_damage":
                del holder.bonus[:take]
            key = f"gained:{status}"
            if isinstance(holder, HeroState) and key in holder.used_this_round:
                # the older tokens go first: at most what is left can be fresh
                left = holder.tokens.get(status, 0)
                holder.used_this_round[key] = min(holder.used_this_round[key], left)
        return take

    def damage_hero(self, hero: HeroState, amount: int, why: str) -> None:
        if amount <= 0 or hero.defeated:
            return
        hero.health -= amount
        self.emit("hero_damaged", f"{hero.name} takes {amount} damage ({why}).", seat=hero.seat)
        if hero.health <= 0:
            if hero.mythic == "mythic_resolve":  # once per mission: the ability is used up
                hero.mythic = ""
                hero.health = 1
                self.emit("mythic", f"{hero.name}'s Last Stand leaves them at 1 Health.")
                return
            hero.health = 0
            hero.defeated = True
            self.emit("hero_defeated", f"{hero.name} is defeated.", seat=hero.seat)

    def damage_enemy(self, enemy: EnemyState, amount: int, why: str) -> None:
        if amount <= 0 or enemy.defeated:
            return
        enemy.health = max(0, enemy.health - amount)
        self.emit("enemy_damaged", f"{enemy.name} takes {amount} damage ({why}).")
        if enemy.health == 0:
            enemy.defeated = True
            self.emit("enemy_defeated", f"{enemy.name} is defeated.")
            if enemy.kind == "henchman":  # one Defeat tile covers every space it held (rule 56)
                for h in enemy.spaces:
                    self.hexes[h].defeat_tile = True
                self._momentum_owed += 2

    # ------------------------------------------------------------ the whole mission

    def _play(self) -> Driver:
        yield from self._setup()
        info = self.info
        while not info.over:
            yield from self._round()
            if info.round >= self.setup.round_limit and not info.over:
                info.over = True
                info.result = "lost"
                self.emit("round_limit", "The round limit was reached; the mission is lost.")

    # ------------------------------------------------------------ a round

    def _round(self) -> Driver:
        info = self.info
        info.round += 1
        info.side_round += 1
        for hero in self.heroes:
            hero.used_this_round = {}
            hero.has_range = hero.mythic == "mythic_reach"
            hero.attack = None
        phases = (
            ("pass", self._pass_phase),
            ("movement", self._movement),
            ("hero_part_1", self.turn.part_one),
            ("target_resolve", self.turn.target_and_resolve),
            ("hero_part_2", self.turn.part_two),
            ("enemy_upkeep", self._enemy_upkeep),
            ("enemy_roll", self._enemy_roll),
            ("crisis_clock", self._crisis_clock),
        )
        for name, phase in phases:
            info.phase = name
            for hero in self.heroes:
                hero.phase = name
            yield from phase()
            yield from self._hand_out_momentum()
            if self._end_of_phase():
                return

    def _end_of_phase(self) -> bool:
        """Win and loss take effect at the end of a round phase (rule 87); completing a side
        ends the round (rule 91)."""
        info = self.info
        if not info.side_done and self._objective_met():
            info.side_done = True
            self._side_completed()
        if info.side_done and info.side == 1:
            info.over = True
            info.result = "won"
            self.emit("won", "Both sides are complete: the mission is won!")
            return True
        if any(h.defeated for h in self.heroes):
            info.over = True
            info.result = "lost"
            self.emit("lost", "A Hero has fallen: the mission is lost.")
            return True
        if info.side_done:
            self._next_side()
            return True
        return False

    def _objective_met(self) -> bool:
        side = self.side()
        if side.objective == "defeat_boss":
            return not self.living_enemies("boss")
        if self.living_enemies("henchman"):
            return False
        if side.objective == "defeat_all_then_exit":
            return all(h.exited for h in self.heroes)
        return True

    def _side_completed(self) -> None:
        info = self.info
        side = self.side()
        info.sides_completed += 1
        self.emit("side_done", f"Side {info.side + 1} is complete.")
        if side.bonus and not info.bonus_done and self._bonus_met(side.bonus):
            info.bonus_done = True
            self.emit("bonus", f"Bonus objective: {side.bonus['text']}")
            for hero in self.heroes:
                self.turn.simple_effects(hero, side.bonus["reward"])
        if info.side == 0 and side.perfect:
            ok = True
            for req in side.perfect["requirements"]:
                if req["kind"] == "rounds_at_most" and info.side_round > req["value"]:
                    ok = False
                if req["kind"] == "health_at_least" and any(
                    h.health < req["value"] for h in self.heroes
                ):
                    ok = False
            info.perfect = ok
            if ok:
                self.emit("perfect", f"Perfect! {side.perfect['text']}")

    def _bonus_met(self, bonus: dict) -> bool:
        if bonus["kind"] == "within_rounds":
            return self.info.side_round <= bonus["rounds"]
        if bonus["kind"] == "plot_complete":
            return self.info.plot_done
        return not any(e.enemy == bonus["enemy"] for e in self.living_enemies())

    def _next_side(self) -> None:
        """Flip to Side 2 (rule 91): Health, cards and Momentum stay; face-down Boost Tiles
        held stay, every other tile goes to the discards; setup steps run again."""
        info = self.info
        for space in self.hexes.values():
            info.boost_discard.extend(t for t, _up in space.tiles)
            space.tiles = []
        info.side = 1
        for _ in self._side_setup():  # pragma: no cover - side setup asks nothing
            raise RuntimeError("side setup asked a question")
        if info.perfect:
            for hero in self.heroes:
                self.turn.simple_effects(hero, self.mission.sides[0].perfect["reward"])

    # ------------------------------------------------------------ results

    def result(self) -> dict:
        info = self.info
        return {
            "mission": self.setup.mission,
            "result": info.result,
            "sides_completed": info.sides_completed,
            "perfect": info.perfect,
            "rounds": info.round,
            "difficulty": self.mission.difficulty,
            "total_difficulty": self.mission.difficulty + self.setup.difficulty_up,
        }


def replay(setup: MissionSetup, actions: list[Action], **kw) -> MissionEngine:
    from game.rules.engine import apply_all

    return apply_all(MissionEngine(setup, **kw), actions)
