"""Mission and side setup for the MissionEngine (rules 11-22, 91): Heroes, Perks, the
Enemy Dice, the Ally HQ, enemies, Boost Tiles, Plot tokens and Mystery tiles."""

from __future__ import annotations

import esper

from game.missions import hexgrid
from game.missions.hexgrid import Hex
from game.missions.maps import PLOT_TOKENS, mission_map
from game.missions.state import (
    START_HEALTH,
    Driver,
    EnemyState,
    HeroState,
    HexSpace,
)
from game.rules.actions import Option, act
from game.rules.rng import shuffle


class SetupMixin:
    """Setting up the mission and each side (part of MissionEngine)."""

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
