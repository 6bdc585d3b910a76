"""The Missions round driver: one to four Heroes against Henchmen, an Unstoppable Threat and a
boss on a hex map, through the eight round phases (docs/missions.md).

    engine = MissionEngine(MissionSetup("harbor_heist", ("barbarian",), seed=3))
    while not engine.over:
        engine.apply(controller.decide(engine, engine.pending))

The driver is a generator that yields a `PendingChoice` whenever a Hero must decide and
receives the chosen `Action`; a choice with a single legal option is taken without asking.
Enemies decide by the rules (best option for the enemy, rule 50) inside the driver. All
randomness comes from the mission's seeded RNG, so a setup plus its actions replays exactly.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

import esper

from game.content.defs import ContentDB, HeroDef
from game.content.loader import default_content
from game.missions import hexgrid
from game.missions.content import MissionsDB, SideDef, Strike, default_missions
from game.missions.hero_turn import HeroTurn
from game.missions.hexgrid import Hex
from game.missions.maps import PLOT_TOKENS, MissionMap, mission_map
from game.missions.state import EnemyState, HeroState, HexSpace, MissionInfo
from game.rules.actions import Action, IllegalAction, Option, PendingChoice, act
from game.rules.rng import RngState, roll_die, seed_state, shuffle
from game.rules.world import MatchWorld

START_HEALTH = {1: 45, 2: 30, 3: 25, 4: 20}
MAX_CP = 15
HAND_LIMIT = 6
EASIER = ("double_pp", "health", "momentum")

Driver = Generator[PendingChoice, Action, Any]


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


class MissionEngine:
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
        """Yield a decision (unless only one option is legal) and return the chosen action."""
        if not options:  # pragma: no cover - a driver bug
            raise RuntimeError(f"asked {prompt!r} with no options")
        if len(options) == 1:
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
                break
            holder.tokens[status] = holder.tokens.get(status, 0) + 1
            if status == "bonus_damage":
                holder.bonus.append(value)
            if isinstance(holder, HeroState):  # `not_on_turn_gained`: rests until next round
                key = f"gained:{status}"
                holder.used_this_round[key] = holder.used_this_round.get(key, 0) + 1

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

    def _setup(self) -> Driver:
        info = self.info
        n = len(self.setup.heroes)
        health = START_HEALTH[n] + (10 if "health" in self.setup.easier else 0)
        self._momentum_owed = 0
        for seat, hero_id in enumerate(self.setup.heroes):
            hero_def = self.content.heroes[hero_id]
            perks = self._perks(seat)
            start = health + perks.get("health", 0)
            hero = HeroState(
                seat=seat,
                hero=hero_id,
                name=hero_def.name
                if self.setup.heroes.count(hero_id) == 1
                else f"{hero_def.name} {seat + 1}",
                health=start,
                start_health=start,
                cp=2 + perks.get("cp", 0),
                momentum=min(
                    self.db.max_momentum,
                    perks.get("momentum", 0) + (5 if "momentum" in self.setup.easier else 0),
                ),
                momentum_level=perks.get("momentum_level", 1),
                levels={slot.id: 1 for slot in hero_def.slots},
                mythic=self.setup.mythics[seat] if seat < len(self.setup.mythics) else "",
                feats=list(perks.get("feats", [])),
            )
            if hero.mythic and hero.mythic not in self.db.mythics:
                raise ValueError(f"unknown Mythic ability '{hero.mythic}'")
            hero.deck = [cid for cid, count in hero_def.deck for _ in range(count)]
            shuffle(self.rng, hero.deck)
            self.draw(hero, 4 + perks.get("draw", 0))
            esper.create_entity(hero)
            self.heroes.append(hero)
        info.ally_deck = sorted(self.db.allies)
        shuffle(self.rng, info.ally_deck)
        info.ally_hq = [info.ally_deck.pop(0) for _ in range(3)]
        info.red_dice = 2
        info.black_dice = 1 + n + self.setup.difficulty_up
        info.clock_plus = self.setup.difficulty_up > 0
        # the Start Player: everyone rolls, highest wins, ties roll again
        contenders = list(range(n))
        while len(contenders) > 1:
            rolls = {seat: self.roll() for seat in contenders}
            best = max(rolls.values())
            contenders = [s for s in contenders if rolls[s] == best]
        info.start_player = contenders[0]
        self.emit(
            "start_player", f"{self.heroes[info.start_player].name} takes the Start Player token."
        )
        info.boost_pile = list(range(len(self.db.boost_tiles)))
        shuffle(self.rng, info.boost_pile)
        for hero in self.heroes:
            if self.setup.difficulty_up:
                self.add_status(hero, "oppression", self.setup.difficulty_up)
            if hero.mythic == "mythic_vigor":
                self.add_status(hero, "shield", 2)
            yield from self.turn.hero_setup(hero)
        yield from self._side_setup()
        for seat, hero in enumerate(self.heroes):
            yield from self._perk_setup(seat, hero)
        if self._before_start is not None:
            self._before_start(self)

    def _perks(self, seat: int) -> dict:
        if seat < len(self.setup.perks) and self.setup.perks[seat]:
            return dict(self.setup.perks[seat])
        return {}

    def _perk_setup(self, seat: int, hero: HeroState) -> Driver:
        perks = self._perks(seat)
        for status, count, value in perks.get("hero_statuses", []):
            target = yield from self._choose_hero(hero, f"Who gains {count} {status}?")
            self.add_status(target, status, count, value)
        for status, count in perks.get("enemy_statuses", []):
            targets = self.living_enemies()
            if targets:
                opts = [
                    Option(act(hero.seat, "choose_enemy", enemy=i), e.name)
                    for i, e in enumerate(self.enemies)
                    if e in targets
                ]
                a = yield from self.ask(hero.seat, "choose", f"Which enemy gets {status}?", opts)
                self.add_status(self.enemies[a.get("enemy")], status, count)
        if perks.get("sell_and_draw") and hero.hand:
            opts = [Option(act(hero.seat, "keep_hand"), "Keep your hand")]
            opts += [
                Option(act(hero.seat, "sell_card", index=i), f"Sell {c} and draw")
                for i, c in enumerate(hero.hand)
            ]
            a = yield from self.ask(hero.seat, "choose", "Sell one card and draw another?", opts)
            if a.kind == "sell_card":
                hero.discard.append(hero.hand.pop(a.get("index")))
                self.gain_cp(hero, 1)
                self.draw(hero, 1)
        if perks.get("free_ally"):
            yield from self.turn.recruit(hero, free=True)

    def _choose_hero(self, chooser: HeroState, prompt: str) -> Driver:
        opts = [Option(act(chooser.seat, "choose_hero", hero=h.seat), h.name) for h in self.heroes]
        a = yield from self.ask(chooser.seat, "choose", prompt, opts)
        return self.heroes[a.get("hero")]

    def _side_setup(self) -> Driver:
        """Setup steps for a side: map, Crisis Clock, enemies, Boost Tiles, additional setup."""
        info = self.info
        side = self.side()
        self.map = mission_map(side.map)
        info.side_round = 0
        info.side_done = False
        info.threat = side.threat
        self.hexes = {}
        for h, space in self.map.spaces.items():
            hs = HexSpace(h, space.dark, space.entry, space.exit, space.boost, space.number)
            esper.create_entity(hs)
            self.hexes[h] = hs
        for e in self.enemies:
            e.defeated = True  # the last side's enemies leave the board
        self.enemies = []
        for hero in self.heroes:
            hero.pos = None
            hero.exited = False
        info.clock = 0
        spin = self.roll()
        info.clock = spin % 8
        self.emit("clock", f"The Crisis Clock hand starts {spin} segments past the top.")
        up = self.setup.difficulty_up
        if side.kind == "run":
            for slot, h in self.map.henchmen:
                if slot >= len(side.henchmen):
                    raise ValueError(
                        f"{side.map}: a Henchman of type {slot + 1}, "
                        f"but the side lists {len(side.henchmen)}"
                    )
                hdef = self.db.henchmen[side.henchmen[slot]]
                health = hdef.health + min(8, 2 * up)
                enemy = EnemyState("henchman", hdef.id, hdef.name, slot, health, health, h)
                enemy.extra = self._large_spaces(side.map, hdef, h)
                if hdef.shields:
                    enemy.tokens["shield"] = hdef.shields
                esper.create_entity(enemy)
                self.enemies.append(enemy)
        else:
            boss = self.db.bosses[side.boss or ""]
            if self.map.boss is None:
                raise ValueError(f"{side.map}: a Boss Fight map needs a boss space")
            n = len(self.heroes)
            health = boss.health[n - 1] + boss.oppression_health * up
            enemy = EnemyState("boss", boss.id, boss.name, 0, health, health, self.map.boss)
            shields = boss.shields + boss.oppression_shields * up
            if shields:
                enemy.tokens["shield"] = min(5, shields)
            esper.create_entity(enemy)
            self.enemies.append(enemy)
        # Boost Tiles: one face up on every boost space
        for space in sorted(self.hexes.values(), key=lambda s: hexgrid.reading_key(s.hex)):
            if space.boost_space:
                tile = self.draw_boost()
                if tile is not None:
                    space.tiles.append((tile, True))
        for step in side.additional_setup:
            if step["do"] == "enemy_status":
                for e in self.living_enemies():
                    if e.enemy == step["enemy"]:
                        self.add_status(e, step["status"], step["count"])
            elif step["do"] == "boss_status":
                for e in self.living_enemies("boss"):
                    self.add_status(e, step["status"], step["count"])
            else:
                for hero in self.heroes:
                    self.add_status(hero, step["status"], step["count"])
        self._plot_setup()
        self.emit("side", f"Side {info.side + 1}: {side.objective_text}")
        return
        yield  # pragma: no cover - makes this a generator

    # ------------------------------------------------------------ Plot, Mystery, Clear tiles

    def _plot_setup(self) -> None:
        """The map's Plot tokens, Clear tiles and Mystery tiles (one of the 7, shuffled, dealt
        face down on each mystery space in reading order). Maps without mystery spaces use
        no randomness here."""
        info = self.info
        info.plot = 0
        info.plot_done = False
        pile: list[int] = []
        spaces = sorted(self.hexes.values(), key=lambda s: hexgrid.reading_key(s.hex))
        if any(self.map.spaces[s.hex].mystery for s in spaces):
            pile = list(range(len(self.db.mystery_tiles)))
            shuffle(self.rng, pile)
        for space in spaces:
            drawn = self.map.spaces[space.hex]
            space.plot = drawn.plot
            space.clear = drawn.clear
            space.clear_open = drawn.clear and drawn.enterable
            if drawn.mystery and pile:
                space.mystery = pile.pop(0)
        if self.side().plot:
            self.emit("plot", f"The Plot: {self.side().plot['text']}")

    def gain_plot(self, amount: int, why: str) -> None:
        """The team gains Plot tokens (22 in the box); reaching the side's Plot opens every
        closed Clear tile and pays its reward to each Hero, once."""
        info = self.info
        info.plot = min(PLOT_TOKENS, info.plot + amount)
        self.emit("plot_token", f"{why}: the team holds {info.plot} Plot token(s).")
        plot = self.side().plot
        if plot is None or info.plot_done or info.plot < plot["needed"]:
            return
        info.plot_done = True
        opened = 0
        for space in self.hexes.values():
            if space.clear and not space.clear_open:
                space.clear_open = True
                opened += 1
        self.emit("plot_done", f"The Plot is complete ({opened} Clear tile(s) open).")
        for hero in self.heroes:
            if not hero.defeated:
                self.turn.simple_effects(hero, plot["reward"])

    def reveal_mystery(self, hero: HeroState, index: int) -> None:
        """A Hero ends their move on a Mystery tile: it is turned up, resolved for that Hero
        and taken out of the mission."""
        tile = self.db.mystery_tiles[index]
        self.emit("mystery", f"{hero.name} turns up a Mystery tile: {tile.name}. {tile.text}")
        for fx in tile.effects:
            verb = fx["do"]
            if verb == "gain_plot":
                self.gain_plot(fx["amount"], tile.name)
            elif verb == "lose_health":
                self.damage_hero(hero, fx["amount"], tile.name)
            elif verb == "enemies_status":
                for enemy in self.living_enemies():
                    self.add_status(enemy, fx["status"], fx["count"])
            else:
                self.turn.simple_effects(hero, (fx,))

    LARGE_SHAPE = ((1, 0), (0, 1))  # no shape drawn in the map: east, then south-east

    def _large_spaces(self, map_name: str, hdef, h: Hex, placed=None) -> tuple[Hex, ...]:
        """The extra spaces of a large Henchman (size 2 or 3): the shape drawn in the map
        (`enemy_part` features) or, when the map draws none, the fixed shape. They must be
        open map spaces with no other enemy on them (nor a Henchman placement, `placed`)."""
        out = []
        if placed is None:
            placed = {pos for _slot, pos in self.map.henchmen} if self.map else set()
        drawn = self.map.parts.get(h) if self.map else None
        if drawn is not None and len(drawn) != hdef.size - 1:
            raise ValueError(
                f"{map_name}: the {hdef.name} at {h} covers {hdef.size} spaces, "
                f"but the map draws {len(drawn) + 1}"
            )
        if drawn is not None:
            extras = list(drawn)
        else:
            extras = [(h[0] + dq, h[1] + dr) for dq, dr in self.LARGE_SHAPE[: hdef.size - 1]]
        for extra in extras:
            space = self.hexes.get(extra)
            if space is None or space.dark or self.enemy_at(extra) or extra in placed:
                raise ValueError(
                    f"{map_name}: the large {hdef.name} at {h} needs the open space {extra}"
                )
            out.append(extra)
        return tuple(out)

    def draw_boost(self) -> int | None:
        info = self.info
        if not info.boost_pile:
            if not info.boost_discard:
                return None
            info.boost_pile, info.boost_discard = info.boost_discard, []
            shuffle(self.rng, info.boost_pile)
        return info.boost_pile.pop(0)

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

    # ------------------------------------------------------------ 1 Pass, 2 Movement

    def _pass_phase(self) -> Driver:
        info = self.info
        if info.round == 1:
            return
        info.start_player = (info.start_player + 1) % len(self.heroes)
        self.emit(
            "pass", f"The Start Player token passes to {self.heroes[info.start_player].name}."
        )
        return
        yield  # pragma: no cover

    def movement_options(self, hero: HeroState, taken: set[Hex]) -> list[Hex]:
        """Where a Hero may end this Movement Phase (rules 31-36): any distance over passable
        spaces; Heroes never block each other, but no two end on one space."""
        if hero.pos is None:
            entries = self.map.entries() if self.map else []
            starts = entries or [h for h in self.hexes if self.passable(h)]
        else:
            starts = [hero.pos]
        reach = hexgrid.reachable(starts, self.passable)
        exit_open = self.side().objective == "defeat_all_then_exit" and not self.living_enemies(
            "henchman"
        )
        out = []
        for h in reach:
            if h in taken:
                continue
            if self.hexes[h].exit and not exit_open:
                continue
            out.append(h)
        return sorted(out, key=hexgrid.reading_key)

    def _movement(self) -> Driver:
        taken: set[Hex] = set()
        plans: list[tuple[HeroState, Hex]] = []
        movers = [h for h in self.turn_order() if not h.exited and not h.defeated]
        for hero in movers:
            options = [
                Option(
                    act(hero.seat, "move", q=h[0], r=h[1]),
                    f"Move to {h}" if h != hero.pos else "Stay",
                )
                for h in self.movement_options(hero, taken)
            ]
            if not options:  # nowhere legal: stay put (only possible on a crowded map)
                if hero.pos:
                    taken.add(hero.pos)
                continue
            a = yield from self.ask(
                hero.seat, "move", f"{hero.name}: where do you end your move?", options
            )
            dest = (a.get("q"), a.get("r"))
            taken.add(dest)
            plans.append((hero, dest))
        for hero, dest in plans:
            hero.pos = dest
            space = self.hexes[dest]
            if space.exit:
                hero.exited = True
                hero.pos = None
                self.emit("exit", f"{hero.name} leaves the map by the EXIT.")
                continue
            if space.plot:
                taken, space.plot = space.plot, 0
                self.gain_plot(taken, f"{hero.name} picks up {taken} Plot token(s)")
            if space.mystery >= 0:
                index, space.mystery = space.mystery, -1
                self.reveal_mystery(hero, index)
                if hero.defeated:
                    continue
            while space.tiles:
                tile, face_up = space.tiles.pop(0)
                if face_up:  # (discarded as it resolves, so no tile is ever out of play)
                    self.info.boost_discard.append(tile)
                    yield from self.turn.resolve_boost(hero, tile)
                else:
                    hero.facedown.append(tile)
                    self.emit("facedown", f"{hero.name} puts a face-down Boost Tile on their dial.")

    # ------------------------------------------------------------ Defeat tiles: 2 Momentum

    def _hand_out_momentum(self) -> Driver:
        """Each Defeat Tile placed lets the Start Player hand out 2 Momentum (rule 57)."""
        tiles, tile = self._momentum_owed // 2, 0
        while self._momentum_owed > 0:
            self._momentum_owed -= 2
            tile += 1
            chooser = self.heroes[self.info.start_player]
            team = [h for h in self.heroes if not h.defeated]
            if not team:
                return
            opts = []
            for i, a in enumerate(team):
                for b in team[i:]:
                    label = f"2 to {a.name}" if a is b else f"1 to {a.name}, 1 to {b.name}"
                    opts.append(
                        Option(
                            act(chooser.seat, "give_momentum", first=a.seat, second=b.seat), label
                        )
                    )
            prompt = "Hand out 2 Momentum for a Defeat Tile"
            if tiles > 1:  # two tiles in one phase: two questions that must not look the same
                prompt += f" ({tile} of {tiles})"
            choice = yield from self.ask(chooser.seat, "give_momentum", prompt, opts)
            self.gain_momentum(self.heroes[choice.get("first")], 1)
            self.gain_momentum(self.heroes[choice.get("second")], 1)

    # ------------------------------------------------------------ 6 Enemy Upkeep

    def _enemy_upkeep(self) -> Driver:
        """Rule 28, and the heroes' statuses that work on an enemy (docs/missions.md): Cursed
        Doubloons 1 damage each; Delayed Poison 3 each, all removed (an enemy's turn ends
        here); Nanites: a die each, every 6 removes one; a Powder Keg: a die, 1-2 it blows up
        (3 damage on its own), 6 the enemy kicks it away (it has nobody to hand it to)."""
        for enemy in sorted(self.living_enemies(), key=lambda e: hexgrid.reading_key(e.pos)):
            tokens = enemy.tokens
            total = 2 * tokens.get("burn", 0) + tokens.get("poison", 0)
            total += tokens.get("cursed_doubloon", 0) + 3 * tokens.get("delayed_poison", 0)
            self.remove_status(enemy, "delayed_poison", 99)
            for _ in range(tokens.get("bleed", 0)):
                if self.roll() <= 4:
                    total += 1
                else:
                    self.remove_status(enemy, "bleed")
            for _ in range(tokens.get("nanites", 0)):
                if self.roll() == 6:
                    self.remove_status(enemy, "nanites")
            self.damage_enemy(enemy, total, "Upkeep statuses")
            if tokens.get("powder_keg") and not enemy.defeated:
                face = self.roll()
                if face <= 2:
                    self.remove_status(enemy, "powder_keg")
                    self.emit("powder_keg", f"The Powder Keg at {enemy.name}'s feet blows up.")
                    self.damage_enemy(enemy, 3, "Powder Keg")
                elif face == 6:
                    self.remove_status(enemy, "powder_keg")
                    self.emit("powder_keg", f"{enemy.name} kicks the Powder Keg away.")
        return
        yield  # pragma: no cover

    # ------------------------------------------------------------ 7 Enemy Roll

    def roll_enemy_dice(self) -> None:
        info = self.info
        info.enemy_dice = [("red", self.roll()) for _ in range(info.red_dice)]
        info.enemy_dice += [("black", self.roll()) for _ in range(info.black_dice)]

    def dice_symbols(self, hexed: bool = False) -> Counter[str]:
        """The symbols on the Enemy Dice; for a Hexed enemy every 6 is a blank face."""
        return Counter(
            self.db.dice[color].faces[value - 1]
            for color, value in self.info.enemy_dice
            if not (hexed and value == 6)
        )

    def objective_met(self, objective: tuple[tuple[str, int], ...], hexed: bool = False) -> bool:
        symbols = self.dice_symbols(hexed)
        return all(symbols.get(sym, 0) >= n for sym, n in objective)

    def _enemy_roll(self) -> Driver:
        self.roll_enemy_dice()
        self.emit(
            "enemy_roll", "Enemy dice: " + ", ".join(f"{c} {v}" for c, v in self.info.enemy_dice)
        )
        yield from self.turn.alter_enemy_dice()
        if self.side().kind == "boss":
            yield from self._boss_roll()
        else:
            for panel, hid in enumerate(self.side().henchmen):
                hdef = self.db.henchmen[hid]
                if not self.objective_met(hdef.objective):
                    continue
                for enemy in sorted(
                    self.living_enemies("henchman"), key=lambda e: hexgrid.reading_key(e.pos)
                ):
                    if enemy.panel != panel or enemy.defeated:
                        continue
                    if enemy.tokens.get("hex") and not self.objective_met(hdef.objective, True):
                        self.emit("hex", f"{enemy.name} is Hexed: its 6s are blank, so it waits.")
                        continue
                    yield from self.enemy_attack(enemy, hdef.attack)
        threat = self.info.threat
        if threat and self.objective_met(self.db.threats[threat].objective):
            self.threat_acts()
        for enemy in self.living_enemies():  # Hex leaves at the end of the holder's turn
            self.remove_status(enemy, "hex")

    def strike_targets(self, enemy: EnemyState, reach: str) -> list[HeroState]:
        heroes = self.active_heroes()
        if reach == "melee":
            return [h for h in heroes if self.touching(h.pos, enemy)]
        return heroes

    def enemy_attack(self, enemy: EnemyState, strike: Strike) -> Driver:
        """A Henchman's Multi-Strike (rules 65-69, 120, 122)."""
        targets = self.strike_targets(enemy, strike.reach)
        if not strike.multi_strike:
            targets = targets[:1]
        if not targets:
            self.emit("no_target", f"{enemy.name}'s {strike.name} finds no Hero and does nothing.")
            return
        self.emit("enemy_attack", f"{enemy.name} uses {strike.name}.")
        bonus = sum(enemy.bonus)
        if bonus:
            self.remove_status(enemy, "bonus_damage", enemy.tokens.get("bonus_damage", 0))
        undefendable_first = False
        if strike.dtype == "normal" and enemy.tokens.get("flight"):
            self.remove_status(enemy, "flight")
            undefendable_first = 6 in (self.roll(), self.roll())
        for index, hero in enumerate(targets):
            first = index == 0
            blind_fail = False
            paralyzed = bool(enemy.tokens.get("paralyze"))
            if first and enemy.tokens.get("blind"):
                self.remove_status(enemy, "blind")
                blind_fail = self.roll() <= 2
            if blind_fail:
                self.emit("blind", f"{enemy.name} is Blind and misses {hero.name}.")
                continue
            dtype = "undefendable" if (first and undefendable_first) else strike.dtype
            amount = strike.damage + (bonus if first else 0)
            yield from self.turn.hero_takes_attack(
                hero,
                enemy,
                amount,
                dtype,
                strike.statuses if not paralyzed else (),
                melee=strike.reach == "melee",
            )
            for status, count, on in strike.gain:
                if paralyzed:
                    continue
                self.add_status(hero if on == "target" else enemy, status, count)
            if first and paralyzed:
                self.remove_status(enemy, "paralyze")
            if first:  # rule 69: it leaves now, the enemy keeps the Attack it activated
                self.remove_status(enemy, "hex")

    def _boss_roll(self) -> Driver:
        """The Boss Enemy Roll (rules 99-103)."""
        boss = next(iter(self.living_enemies("boss")), None)
        for color, value in self.info.enemy_dice:
            if color != "red" or self.map is None:
                continue
            h = self.map.numbered(value)
            if h is None:
                continue
            tile = self.draw_boost()
            if tile is not None:
                self.hexes[h].tiles.append((tile, False))  # new tiles go under existing ones
                self.emit("facedown_placed", f"A face-down Boost Tile lands on space {value}.")
        if boss is not None:
            bdef = self.db.bosses[boss.enemy]
            hexed = bool(boss.tokens.get("hex"))
            attack = next((a for a in bdef.attacks if self.objective_met(a.objective, hexed)), None)
            if attack is None:
                self.emit("no_attack", f"{boss.name}'s roll matches no Attack.")
            else:
                yield from self.boss_attack(boss, attack)
        for hero in self.turn_order():
            while hero.facedown:
                tile = hero.facedown.pop(0)
                self.emit("reveal", f"{hero.name} reveals a Boost Tile.")
                self.info.boost_discard.append(tile)
                yield from self.turn.resolve_boost(hero, tile)

    def boss_attack(self, boss: EnemyState, attack) -> Driver:
        self.emit("boss_attack", f"{boss.name} uses {attack.name}.")
        heroes = self.active_heroes()
        bonus = sum(boss.bonus)
        if bonus:
            self.remove_status(boss, "bonus_damage", boss.tokens.get("bonus_damage", 0))
        first = True
        for hero in heroes:
            near = self.touching(hero.pos, boss)
            part = attack.melee if near else attack.ranged
            if part is None and attack.melee is None:
                part = attack.ranged  # a ranged-only Attack reaches adjacent Heroes too
            if part is None:
                continue
            damage, dtype = part
            crit = bool(hero.facedown) or any(not up for _t, up in self.hexes[hero.pos].tiles)
            extra_status = ()
            if crit:
                damage += attack.crit_damage
                if attack.crit_status:
                    extra_status = (attack.crit_status,)
                self.emit("crit", f"CRIT against {hero.name}!")
            paralyzed = bool(boss.tokens.get("paralyze"))
            statuses = () if paralyzed else attack.statuses + extra_status
            yield from self.turn.hero_takes_attack(
                hero, boss, damage + (bonus if first else 0), dtype, statuses, melee=near
            )
            if first and paralyzed:
                self.remove_status(boss, "paralyze")
            if first:
                self.remove_status(boss, "hex")
            first = False

    def threat_acts(self) -> None:
        threat = self.db.threats[self.info.threat or ""]
        self.emit("threat", f"{threat.name} acts: {threat.text}")
        for fx in threat.effects:
            if fx["do"] == "damage_heroes":
                for hero in self.active_heroes():
                    self.damage_hero(hero, fx["amount"], threat.name)
            elif fx["do"] == "heroes_status":
                for hero in self.active_heroes():
                    self.add_status(hero, fx["status"], fx.get("count", 1))
            elif fx["do"] == "advance_clock":
                info = self.info
                info.clock = (info.clock + fx["amount"]) % 8

    # ------------------------------------------------------------ 8 Crisis Clock

    def _crisis_clock(self) -> Driver:
        """Advance one segment per Hero (+1 on increased difficulty); every passed and the
        final segment fire, in clockwise order; damage is pooled and lands at the end."""
        info = self.info
        steps = len(self.heroes) + (1 if info.clock_plus else 0)
        pool: Counter[int] = Counter()
        for _ in range(steps):
            info.clock = (info.clock + 1) % 8
            segment = self.side().clock[info.clock]
            if segment is None:
                continue
            yield from self._crisis_segment(segment, pool)
        for seat, amount in sorted(pool.items()):
            hero = self.heroes[seat]
            if not hero.exited:
                self.damage_hero(hero, amount, "the Crisis Clock")

    def _crisis_segment(self, segment: dict, pool: Counter[int]) -> Driver:
        verb = segment["do"]
        heroes = self.active_heroes()
        if verb == "heroes_damage":
            for hero in heroes:
                pool[hero.seat] += segment["amount"]
        elif verb == "heroes_lose_cp":
            for hero in heroes:
                self.gain_cp(hero, -segment["amount"])
        elif verb == "heroes_status":
            for hero in heroes:
                self.add_status(hero, segment["status"], segment["count"])
        elif verb == "heroes_discard":
            for hero in heroes:
                for _ in range(segment["count"]):
                    if not hero.hand:
                        break
                    opts = [
                        Option(act(hero.seat, "discard", index=i), f"Discard {c}")
                        for i, c in enumerate(hero.hand)
                    ]
                    a = yield from self.ask(
                        hero.seat, "discard", "The Crisis Clock: discard a card", opts
                    )
                    hero.discard.append(hero.hand.pop(a.get("index")))
        elif verb == "threat":
            if self.info.threat:
                self.threat_acts()
        elif verb in ("enemy_crisis", "boss_crisis"):
            if verb == "boss_crisis":
                users = [(e, self.db.bosses[e.enemy].crisis) for e in self.living_enemies("boss")]
            else:
                users = [
                    (e, self.db.henchmen[e.enemy].crisis)
                    for e in sorted(
                        self.living_enemies("henchman"), key=lambda e: hexgrid.reading_key(e.pos)
                    )
                    if e.enemy == segment["enemy"]
                ]
            for enemy, crisis in users:
                self.emit("crisis", f"{enemy.name} uses {crisis.name}.")
                if crisis.damage:
                    for hero in heroes:
                        if crisis.melee_only and not self.touching(hero.pos, enemy):
                            continue
                        pool[hero.seat] += crisis.damage
                if crisis.heal:
                    enemy.health = min(enemy.start_health + 10, enemy.health + crisis.heal)
                for status, count in crisis.gain:
                    self.add_status(enemy, status, count)

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
    engine = MissionEngine(setup, **kw)
    for action in actions:
        engine.apply(action)
    return engine
