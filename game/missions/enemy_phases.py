"""The enemies' round phases driven by the MissionEngine: 6 Enemy Upkeep, 7 Enemy Roll
(Henchmen, the boss, the Unstoppable Threat) and 8 the Crisis Clock (rules 28-30, 53-77, 99-106)."""

from __future__ import annotations

from collections import Counter

from game.missions import hexgrid
from game.missions.content import Strike
from game.missions.state import (
    Driver,
    EnemyState,
    HeroState,
)
from game.rules.actions import Option, act
from game.rules.damage import half_up


class EnemyPhasesMixin:
    """Enemy Upkeep, the Enemy Roll and the Crisis Clock (part of MissionEngine)."""

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

    def stunned(self, enemy: EnemyState) -> bool:
        """A Stunned enemy does nothing at all: its activated Attack is lost and the Stun
        leaves (a Stun from a Hero's Attack is already gone: the Hero attacked again)."""
        if not enemy.tokens.get("stun"):
            return False
        self.remove_status(enemy, "stun")
        self.emit("stun", f"{enemy.name} is Stunned and does nothing.")
        return True

    def marked_damage(self, enemy: EnemyState, amount: int, dtype: str, first: bool) -> int | None:
        """Hero statuses on an attacking enemy change its damage to one Hero (None: the Attack
        fails against that Hero). Blinding Light and Shame act once, on the first Hero the
        Attack reaches (as Bonus Damage and Blind do, rules 69 and 120); Parlay takes the
        damage to every Hero of this activation and leaves after it (`enemy_attack`,
        `boss_attack`)."""
        if first and enemy.tokens.get("blinding_light"):
            self.remove_status(enemy, "blinding_light")
            roll = self.roll()
            if roll == 1:
                self.emit(
                    "blinding_light", f"{enemy.name} is dazzled by Blinding Light: it misses."
                )
                return None
            if roll <= 3:
                amount -= half_up(amount)
                self.emit("blinding_light", f"Blinding Light halves {enemy.name}'s damage.")
        if first and enemy.tokens.get("shame") and dtype in ("normal", "undefendable"):
            shame = self.remove_status(enemy, "shame", enemy.tokens["shame"])
            amount = max(0, amount - shame)
            self.emit("shame", f"{enemy.name}'s Shame takes {shame} off its damage.")
        if enemy.tokens.get("parlay") and dtype != "ultimate":
            amount = 0
        return amount

    def end_parlay(self, enemy: EnemyState) -> None:
        if self.remove_status(enemy, "parlay"):
            self.emit("parlay", f"{enemy.name} kept the Parlay: its Attack dealt no damage.")

    def enemy_attack(self, enemy: EnemyState, strike: Strike) -> Driver:
        """A Henchman's Multi-Strike (rules 65-69, 120, 122)."""
        if self.stunned(enemy):
            return
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
        undefendable_first = strike.dtype == "normal" and self.enemy_flight(enemy)
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
            amount = self.marked_damage(
                enemy, strike.damage + (bonus if first else 0), strike.dtype, first
            )
            if amount is None:
                continue
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
        self.end_parlay(enemy)

    def enemy_flight(self, enemy: EnemyState) -> bool:
        """Rule 122: an enemy that activates a defendable Attack spends 1 Flight (if it has
        any) and rolls 2 dice; a 6 makes the Attack undefendable for the first Hero it hits."""
        if not enemy.tokens.get("flight"):
            return False
        self.remove_status(enemy, "flight")
        dice = (self.roll(), self.roll())
        flying = 6 in dice
        self.emit(
            "flight",
            f"{enemy.name} spends Flight ({dice[0]}, {dice[1]}): "
            + ("the first Hero cannot defend." if flying else "no 6, the Attack stays defendable."),
        )
        return flying

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
        if self.stunned(boss):
            return
        self.emit("boss_attack", f"{boss.name} uses {attack.name}.")
        heroes = self.active_heroes()
        bonus = sum(boss.bonus)
        if bonus:
            self.remove_status(boss, "bonus_damage", boss.tokens.get("bonus_damage", 0))
        attacked = []
        for hero in heroes:
            near = self.touching(hero.pos, boss)
            part = attack.melee if near else attack.ranged
            if part is None and attack.melee is None:
                part = attack.ranged  # a ranged-only Attack reaches adjacent Heroes too
            if part is not None:
                attacked.append((hero, near, part))
        # rule 122: Flight on the Boss Attack path too, when the first Hero's part is defendable
        flying = bool(attacked) and attacked[0][2][1] == "normal" and self.enemy_flight(boss)
        first = True
        for hero, near, part in attacked:
            damage, dtype = part
            if first and flying:
                dtype = "undefendable"
            crit = bool(hero.facedown) or any(not up for _t, up in self.hexes[hero.pos].tiles)
            extra_status = ()
            if crit:
                damage += attack.crit_damage
                if attack.crit_status:
                    extra_status = (attack.crit_status,)
                self.emit("crit", f"CRIT against {hero.name}!")
            paralyzed = bool(boss.tokens.get("paralyze"))
            statuses = () if paralyzed else attack.statuses + extra_status
            amount = self.marked_damage(boss, damage + (bonus if first else 0), part[1], first)
            if amount is not None:
                yield from self.turn.hero_takes_attack(
                    hero, boss, amount, dtype, statuses, melee=near
                )
            if first and paralyzed:
                self.remove_status(boss, "paralyze")
            if first:
                self.remove_status(boss, "hex")
            first = False
        self.end_parlay(boss)

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
                reached = [
                    h for h in heroes if not crisis.melee_only or self.touching(h.pos, enemy)
                ]
                if crisis.damage:
                    for hero in reached:
                        pool[hero.seat] += crisis.damage
                if crisis.heal:
                    enemy.health = min(enemy.start_health + 10, enemy.health + crisis.heal)
                for status, count in crisis.gain:
                    self.add_status(enemy, status, count)
                if crisis.roll is not None:
                    self.crisis_roll(enemy, crisis, reached, pool)

    def crisis_roll(self, enemy, crisis, reached, pool: Counter[int]) -> None:
        """Rule 77: the rest of a Crisis Ability rides on a roll of Enemy Dice (black dice,
        rolled by this enemy alone; Heroes cannot change them - only the Enemy Roll Phase's
        dice are open to Heroes, rule 62)."""
        follow = crisis.roll
        dice = [self.roll() for _ in range(follow.dice)]
        symbols = Counter(self.db.dice["black"].faces[v - 1] for v in dice)
        met = all(symbols.get(sym, 0) >= n for sym, n in follow.objective)
        shown = ", ".join(self.db.dice["black"].faces[v - 1] for v in dice)
        self.emit(
            "crisis_roll",
            f"{enemy.name} rolls {follow.dice} Enemy Dice for {crisis.name}: {shown}"
            + (" - it hits home." if met else " - nothing more."),
        )
        if not met:
            return
        for hero in reached:
            pool[hero.seat] += follow.damage
            for status, count in follow.statuses:
                self.add_status(hero, status, count)
        for status, count in follow.gain:
            self.add_status(enemy, status, count)
