"""A Hero defending against enemy Attacks and changing the Enemy Dice (part of HeroTurn)."""

from __future__ import annotations

from game.content.defs import AbilityDef
from game.missions.state import EnemyState, HeroState
from game.missions.turn_base import ENEMY, HERO, Ctx, Driver, TurnBase
from game.rules.actions import Option, PendingChoice, act
from game.rules.components import DamageInstance, DamageMod
from game.rules.damage import final_damage


class DefenseMixin(TurnBase):
    """Defense Rolls, defensive tokens and cards, teammates' help, the Enemy Dice."""

    # ------------------------------------------------------------ defending

    def hero_takes_attack(
        self, hero: HeroState, enemy: EnemyState, amount: int, dtype: str, statuses, melee: bool
    ) -> Driver:
        """An enemy Attack lands on one Hero: Attack Modifiers, the Defense Roll (adjacent, or
        with Range - which may be bought now), then the Hero's Evasive and Shields."""
        e = self.e
        adjacent = e.touching(hero.pos, enemy)
        defended: Ctx | None = None
        if dtype == "normal" and amount > 0:
            opts = [Option(act(hero.seat, "no_defense"), "Take it")]
            defense = self.defensive_ability(hero)
            cost = self.momentum_cost(hero, "gain_range")
            if defense is not None:
                if adjacent or hero.has_range:
                    opts.append(Option(act(hero.seat, "defend"), f"Defend with {defense.name}"))
                elif cost is not None and cost <= hero.momentum:
                    opts.append(
                        Option(
                            act(hero.seat, "range_defend"),
                            f"Spend {cost} Momentum for Range and defend",
                        )
                    )
            a = yield from e.ask(
                hero.seat,
                "defense_choice",
                f"{hero.name}: {enemy.name} attacks for {amount}",
                opts,
                incoming=amount,
            )
            if a.kind == "range_defend":
                self.use_momentum(hero, "gain_range")
            if a.kind in ("defend", "range_defend"):
                dice = [e.roll() for _ in range(defense.defense_dice)]
                defended = Ctx(hero, e.hero_def(hero), dice, enemy, "defensive")
                e.emit("defense", f"{hero.name} defends: {dice}.")
                yield from self.run(defended, defense.effects)
                if defended.damage:
                    total = sum(a for a, _t in defended.damage)
                    e.damage_enemy(enemy, total, f"{hero.name}'s defense")
        instances = [DamageInstance(ENEMY, HERO, amount, dtype, True, "")]
        mods: list[DamageMod] = []
        added = (
            hero.tokens.get("focus_fire", 0)
            + 2 * hero.tokens.get("targeted", 0)
            + hero.tokens.get("oppression", 0)
        )
        if added and amount > 0:
            mods.append(DamageMod(HERO, "add", added, ENEMY, "Attack Modifiers", dtype=dtype))
        if enemy.tokens.get("wither") and dtype != "ultimate":
            mods.append(DamageMod(HERO, "reduce", enemy.tokens["wither"], ENEMY, "Wither"))
        if defended is not None:
            if defended.halve:
                mods.append(DamageMod(HERO, "halve", 0, None, "defense"))
            if defended.prevent:
                mods.append(DamageMod(HERO, "prevent", defended.prevent, None, "defense"))
        flags: set[str] = set()
        breakdown = yield from self.spend_defense_tokens(
            hero, instances, mods, dtype, defended, flags
        )
        final = breakdown.final
        for _src, back in breakdown.reflected:
            e.damage_enemy(enemy, back, f"{hero.name} sends it back")
        if "share_with_companion" in flags and dtype in ("normal", "undefendable"):
            final -= yield from self.companion_split(hero, final)
        e.damage_hero(hero, final, f"{enemy.name}: {breakdown.explain()}")
        if defended is not None and defended.self_damage:
            e.damage_hero(hero, defended.self_damage, "own defense")
        refuse = defended is not None and "refuse_duplicate_statuses" in defended.flags
        for status, count in statuses:
            if refuse and hero.tokens.get(status):
                continue  # the defense turned away a status the Hero already holds
            e.add_status(hero, status, count)

    def companion_split(self, hero: HeroState, share: int) -> Driver:
        """Nyra's Bond: the Hero decides how much of the Attack's damage (after every modifier
        and prevention) an Active companion takes instead; returns that part. Companions take
        no Ultimate damage (only normal and undefendable Attack damage is shared), and none
        while the Hero is Stunned (the duel's rule)."""
        e = self.e
        if hero.tokens.get("stun"):  # Nyra takes no damage while the Huntress is Stunned
            return 0
        for companion, dial in hero.companions.items():
            if share <= 0 or dial[0] <= 0:
                continue
            name = companion.replace("_", " ").title()
            opts = [
                Option(act(hero.seat, "split", amount=n), f"{name} takes {n}, you take {share - n}")
                for n in range(share + 1)
            ]
            a = yield from e.ask(
                hero.seat,
                "companion_split",
                f"{share} damage is about to land: how much does {name} take?",
                opts,
                share=share,
                companion=companion,
                companion_health=dial[0],
                health=hero.health,
            )
            taken = a.get("amount")
            if taken:
                self.change_companion(hero, companion, -taken, "takes the blow")
            return taken
        return 0

    def spend_defense_tokens(
        self, hero: HeroState, instances, mods, dtype: str, defended, flags: set | None = None
    ) -> Driver:
        """The Hero being hit answers first (`own_defense_spends`); then each teammate in turn
        order may protect them; after any help the Hero may answer again. Returns the total."""
        while True:
            breakdown = yield from self.own_defense_spends(
                hero, instances, mods, dtype, defended, flags
            )
            helped = yield from self.teammates_help(hero, instances, mods)
            if not helped:
                return breakdown

    def teammates_help(self, hero: HeroState, instances, mods) -> Driver:
        """Damage heads for `hero`: each teammate (all Heroes share the enemy phases, rule 37)
        may play an Instant card that protects a chosen player ("Not This Time!") or spend a
        token whose duel window is an attacked teammate. True when someone helped."""
        e = self.e
        for mate in e.active_heroes():
            if mate is hero or mate.defeated:
                continue
            breakdown = final_damage(HERO, instances, mods)
            if breakdown.final - breakdown.unavoidable <= 0 or breakdown.avoided:
                return False
            helping = Ctx(mate, e.hero_def(mate), [], None, "defensive", window="teammate_attacked")
            opts = [Option(act(mate.seat, "let_it_land"), f"Let it land on {hero.name}")]
            opts += self.card_options(mate, "teammate_damage")
            opts += self.token_spends(mate, "teammate_attacked", helping)
            if len(opts) == 1:
                continue
            a = yield PendingChoice(
                mate.seat,
                "protect_teammate",
                f"{mate.name}: {breakdown.final} damage is heading for {hero.name}",
                opts,
                context={
                    "incoming": breakdown.final,
                    "health": hero.health,
                    "teammate": hero.seat,
                },
            )
            if a.kind == "let_it_land":
                continue
            if a.kind == "play":
                card = self.pay_card(mate, a.get("index"))
                yield from self.run(helping, card.effects)
            else:
                yield from self.spend_token(mate, a.get("status"), helping, "teammate_attacked")
            e.emit("protect", f"{mate.name} protects {hero.name}.")
            if helping.avoid:
                mods.append(DamageMod(HERO, "avoid", 0, None, f"{mate.name}"))
            if helping.halve:
                mods.append(DamageMod(HERO, "halve", 0, None, f"{mate.name}"))
            if helping.prevent:
                mods.append(DamageMod(HERO, "prevent", helping.prevent, None, f"{mate.name}"))
            return True
        return False

    def own_defense_spends(
        self, hero: HeroState, instances, mods, dtype: str, defended, flags: set | None = None
    ) -> Driver:
        """The Hero may spend Evasive (1-2 avoids), Shield (3 each, defendable damage only) and,
        after a Defense Roll, Flight (any 6 on 2 dice ignores the damage). Returns the total;
        flags granted by what was spent (e.g. sharing with a companion) go into `flags`."""
        e = self.e
        spent: dict = {"attack_base": sum(i.amount for i in instances if i.dtype != "ultimate")}
        while True:
            breakdown = final_damage(HERO, instances, mods)
            avoidable = breakdown.final - breakdown.unavoidable
            if avoidable <= 0 or any(m.kind == "avoid" for m in mods):
                return breakdown
            opts = [Option(act(hero.seat, "take_damage"), f"Take {breakdown.final} damage")]
            if hero.tokens.get("evasive"):
                opts.append(Option(act(hero.seat, "spend_evasive"), "Spend Evasive (1-2 avoids)"))
            if dtype == "normal" and hero.tokens.get("shield"):
                most = min(hero.tokens["shield"], -(-avoidable // 3))
                for n in range(1, most + 1):
                    opts.append(
                        Option(act(hero.seat, "spend_shield", count=n), f"Spend {n} Shield")
                    )
            if defended is not None and hero.tokens.get("flight"):
                opts.append(Option(act(hero.seat, "spend_flight"), "Spend Flight (a 6 on 2 dice)"))
            incoming = Ctx(
                hero, e.hero_def(hero), [], None, "defensive", window="incoming_damage", vars=spent
            )
            opts += self.token_spends(hero, "incoming_damage", incoming)
            opts += self.card_options(hero, "damage")
            for ally_id in hero.allies:
                ally = e.db.allies[ally_id]
                if ally.exhaust and ally.exhaust.phase == "instant":
                    opts.append(
                        Option(act(hero.seat, "exhaust", ally=ally_id), f"Exhaust {ally.name}")
                    )
            if len(opts) == 1:
                return breakdown
            a = yield PendingChoice(
                hero.seat,
                "spend_tokens",
                f"{hero.name}: {breakdown.final} damage is coming",
                opts,
                context={"incoming": breakdown.final, "health": hero.health},
            )
            if a.kind == "take_damage":
                return breakdown
            if a.kind in ("spend_token", "play", "exhaust"):
                if a.kind == "spend_token":
                    yield from self.spend_token(hero, a.get("status"), incoming, "incoming_damage")
                elif a.kind == "play":
                    card = self.pay_card(hero, a.get("index"))
                    yield from self.run(incoming, card.effects)
                else:
                    ally = e.db.allies[a.get("ally")]
                    self.send_away(hero, ally.id)
                    e.emit("exhaust", f"{hero.name} exhausts {ally.name}.")
                    self.simple_effects(hero, ally.exhaust.effects, incoming)
                if flags is not None:
                    flags.update(incoming.flags)
                if "reflect_half" in incoming.flags:
                    mods.append(DamageMod(HERO, "reflect_half", 0, ENEMY, "sent back"))
                if incoming.avoid:
                    mods.append(DamageMod(HERO, "avoid", 0, None, "avoided"))
                    e.emit("avoid", f"{hero.name} avoids the damage.")
                if incoming.halve:
                    mods.append(DamageMod(HERO, "halve", 0, None, "halved"))
                if incoming.prevent:
                    mods.append(DamageMod(HERO, "prevent", incoming.prevent, None, "prevented"))
                continue
            if a.kind == "spend_evasive":
                e.remove_status(hero, "evasive")
                if e.roll() <= 2:
                    mods.append(DamageMod(HERO, "avoid", 0, None, "Evasive"))
                    e.emit("evasive", f"{hero.name} evades the damage.")
            elif a.kind == "spend_flight":
                e.remove_status(hero, "flight")
                if 6 in (e.roll(), e.roll()):
                    mods.append(DamageMod(HERO, "avoid", 0, None, "Flight"))
                    e.emit("flight", f"{hero.name} flies clear of the damage.")
            else:
                n = a.get("count")
                e.remove_status(hero, "shield", n)
                mods.append(DamageMod(HERO, "prevent", 3 * n, None, "Shield"))

    def defensive_ability(self, hero: HeroState) -> AbilityDef | None:
        for slot in self.e.hero_def(hero).slots:
            if slot.kind == "defensive":
                return self.slot_abilities(hero, slot)[0]
        return None

    # ------------------------------------------------------------ the enemy dice

    def alter_enemy_dice(self) -> Driver:
        """Heroes may change the Enemy Dice before they are read (rules 62, 99)."""
        e = self.e
        for hero in e.active_heroes():
            while True:
                opts = [Option(act(hero.seat, "done"), "Leave the Enemy Dice")]
                ways = []
                for action in self.momentum_actions(hero, "enemy_roll"):
                    ways.append(("momentum", f"{action.cost} Momentum"))
                if hero.mythic == "mythic_fortune" and not hero.used_this_round.get(
                    "mythic_fortune"
                ):
                    ways.append(("mythic", "Loaded Fate"))
                if "feat_reroll_enemy" in hero.feats:
                    ways.append(("feat", "Feat"))
                for way, label in ways:
                    for i, (color, value) in enumerate(e.info.enemy_dice):
                        opts.append(
                            Option(
                                act(hero.seat, "reroll_enemy", die=i, way=way),
                                f"Re-roll {color} {value} ({label})",
                            )
                        )
                opts += self.card_options(hero, "enemy_dice")
                a = yield from e.ask(
                    hero.seat,
                    "enemy_dice",
                    f"{hero.name}: change the Enemy Dice?",
                    opts,
                    dice=tuple(e.info.enemy_dice),
                )
                if a.kind == "done":
                    break
                if a.kind == "play":
                    card = self.pay_card(hero, a.get("index"))
                    values = [v for _c, v in e.info.enemy_dice]
                    ctx = Ctx(hero, e.hero_def(hero), values, window="enemy_dice")
                    yield from self.run(ctx, card.effects)
                    e.info.enemy_dice = [
                        (c, v) for (c, _old), v in zip(e.info.enemy_dice, values, strict=True)
                    ]
                    continue
                way = a.get("way")
                if way == "momentum":
                    self.use_momentum(hero, "reroll_enemy_die")
                elif way == "mythic":
                    hero.used_this_round["mythic_fortune"] = 1
                else:
                    hero.feats.remove("feat_reroll_enemy")
                i = a.get("die")
                color, _old = e.info.enemy_dice[i]
                e.info.enemy_dice[i] = (color, e.roll())
                e.emit(
                    "reroll_enemy",
                    f"{hero.name} re-rolls an Enemy Die: now {e.info.enemy_dice[i][1]}.",
                )
