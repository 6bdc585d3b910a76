"""Target & Resolve for a Missions Hero (part of HeroTurn): choosing a target, Range,
resolving the ability, Attack modifiers and the damage landing on an enemy."""

from __future__ import annotations

from game.content.defs import AbilityDef
from game.missions.state import EnemyState, HeroState
from game.missions.turn_base import ENEMY, HERO, Ctx, Driver, TurnBase, _pick, _uses
from game.rules.actions import Option, act
from game.rules.components import DamageInstance, DamageMod
from game.rules.damage import final_damage


class AttackMixin(TurnBase):
    """Target & Resolve (rules 40-45), Attack modifiers, damage on enemies."""

    # ------------------------------------------------------------ Target & Resolve

    def ability(self, hero: HeroState, ability_id: str) -> AbilityDef:
        for ability, _i, _row in self.rows(hero):
            if ability.id == ability_id:
                return ability
        raise KeyError(ability_id)

    def attack_effects(self, hero: HeroState, attack: dict):
        e = self.e
        if "ally" in attack:
            power = e.db.allies[attack["ally"]].offensive
            return "ally", power.effects, power.ranged
        ability = self.ability(hero, attack["ability"])
        return ability.kind, ability.rows[attack["row"]].effects, False

    @staticmethod
    def is_attack(effects, kind: str) -> bool:
        """An ability that deals at least 1 non-collateral damage to an opponent (rule 41)."""
        for fx in effects:
            verb = fx["do"]
            if (
                verb == "deal_damage"
                and fx.get("target", "opponent") not in ("self",)
                and fx.get("type") != "collateral"
            ):
                return True
            for key in ("effects", "else"):
                if key in fx and AttackMixin.is_attack(fx[key], kind):
                    return True
            for option in fx.get("options", ()):
                if AttackMixin.is_attack(option["effects"], kind):
                    return True
        return False

    def target_and_resolve(self) -> Driver:
        e = self.e
        for hero in e.active_heroes():
            again, only = yield from self.target_and_resolve_one(hero)
            while again and not hero.defeated and not e.info.over:
                # restart_offensive_roll (Tactician's Profiteer): that Offensive Roll counts
                # as finished, and the Hero rolls and resolves once more at once; after a
                # Stun the new roll is against the Stunned enemy only (`only`)
                e.emit("restart_roll", f"{hero.name} starts a new Offensive Roll.")
                hero.phase = "roll"
                yield from self.offensive_roll(hero)
                hero.phase = "ready"
                again, only = yield from self.target_and_resolve_one(hero, only)

    def target_and_resolve_one(self, hero: HeroState, only: EnemyState | None = None) -> Driver:
        """Choose a target for the Hero's rolled ability (`only`: no enemy but this one may
        be targeted) and resolve it. Returns (again, only): again when the ability asked for
        a new Offensive Roll, or the Attack Stunned its target - then the Hero removes the
        Stun and rolls again against that enemy (the duel's Stun; forfeited if it fell)."""
        e = self.e
        again, stunned = False, None
        attack = hero.attack
        if attack is None:
            return False, None
        kind, effects, ranged = self.attack_effects(hero, attack)
        is_attack = self.is_attack(effects, kind)
        enemies = [x for x in e.living_enemies()]
        target = None
        while True:
            free = kind == "ultimate" or not is_attack or ranged or hero.has_range
            options = []
            for i, enemy in enumerate(e.enemies):
                if only is not None and enemy is not only:
                    continue
                if enemy in enemies and (free or e.touching(hero.pos, enemy)):
                    options.append(
                        Option(
                            act(hero.seat, "target", enemy=i),
                            f"Target {enemy.name} ({enemy.health} Health)",
                        )
                    )
            if free:
                options.append(Option(act(hero.seat, "no_target"), "Resolve without a target"))
            cost = self.momentum_cost(hero, "gain_range")
            if not free and cost is not None and cost <= hero.momentum:
                options.append(
                    Option(act(hero.seat, "buy_range"), f"Spend {cost} Momentum for Range")
                )
                if len(options) == 1:  # buying Range is a choice (rules 42, 80): it may be refused
                    options.append(
                        Option(
                            act(hero.seat, "let_go"), "Keep the Momentum: the Attack does nothing"
                        )
                    )
            if not options:
                e.emit("no_target", f"{hero.name} has no adjacent enemy: the Attack does nothing.")
                break
            for feat in hero.feats:
                if (
                    is_attack
                    and feat in ("feat_add_die", "feat_undefendable")
                    and not attack.get("feat")
                ):
                    options.append(
                        Option(act(hero.seat, "feat", feat=feat), f"Use the Feat {feat}")
                    )
            if is_attack and hero.tokens.get("flight") and "flight" not in attack:
                options.append(
                    Option(act(hero.seat, "spend_flight"), "Spend Flight (a 6 on 2 dice)")
                )
            a = yield from e.ask(
                hero.seat,
                "choose_target",
                f"{hero.name}: choose a target",
                options,
                attack=dict(attack),
            )
            if a.kind == "buy_range":
                self.use_momentum(hero, "gain_range")
                continue
            if a.kind == "feat":
                hero.feats.remove(a.get("feat"))
                attack["feat"] = a.get("feat")
                continue
            if a.kind == "spend_flight":
                e.remove_status(hero, "flight")
                attack["flight"] = 6 in (e.roll(), e.roll())
                e.emit("flight", f"{hero.name} takes flight: {attack['flight']}.")
                continue
            if a.kind == "let_go":
                e.emit("no_target", f"{hero.name} buys no Range: the Attack does nothing.")
                break
            target = e.enemies[a.get("enemy")] if a.kind == "target" else None
            ctx = yield from self.resolve_attack(hero, attack, kind, effects, target, is_attack)
            again = ctx is not None and "restart_offensive_roll" in ctx.flags
            if ctx is not None and "stunned_target" in ctx.flags and target is not None:
                e.remove_status(target, "stun")
                if not target.defeated:
                    e.emit("stun", f"{target.name} is Stunned: {hero.name} attacks it again.")
                    again, stunned = True, target
            break
        hero.attack = None
        e.remove_status(hero, "paralyze")
        return again, stunned

    def resolve_attack(self, hero, attack, kind, effects, target, is_attack) -> Driver:
        e = self.e
        hero_def = e.hero_def(hero)
        if is_attack and hero.tokens.get("dominance"):
            roll = e.roll()
            if roll in (1, 6):
                e.remove_status(hero, "dominance")
            if roll == 1:
                mates = [h for h in e.active_heroes() if h is not hero]
                if mates:
                    e.emit(
                        "dominance", f"Dominance: {hero.name}'s Attack turns on {mates[0].name}."
                    )
                    ctx = Ctx(hero, hero_def, list(attack["dice"]), None, kind)
                    yield from self.run(ctx, effects)
                    e.damage_hero(mates[0], sum(a for a, _t in ctx.damage) + ctx.added, "Dominance")
                    return None
                if hero.hand:
                    lost = hero.hand.pop(_pick(e, len(hero.hand)))
                    hero.discard.append(lost)
        ctx = Ctx(hero, hero_def, list(attack["dice"]), target, kind)
        ctx.damage_type = "ultimate" if kind == "ultimate" else "normal"
        ctx.no_status = bool(hero.tokens.get("paralyze"))
        ctx.ability_id = attack.get("ability", "")
        e.emit(
            "resolve",
            f"{hero.name} resolves their ability" + (f" on {target.name}." if target else "."),
        )
        yield from self.run(ctx, effects)
        if is_attack and target is not None:
            yield from self.passives(hero, "attacking", ctx)
        for ally_id in attack.get("kickers", []):
            if ally_id in hero.allies:
                self.simple_effects(hero, e.db.allies[ally_id].kicker.effects, ctx)
        if attack.get("plus") in hero.allies:
            ally = e.db.allies[attack["plus"]]
            self.send_away(hero, ally.id)
            self.simple_effects(hero, ally.plus_exhaust.effects, ctx)
        if attack.get("feat") == "feat_add_die":
            ctx.added += e.roll()
        if attack.get("feat") == "feat_undefendable" or attack.get("flight"):
            ctx.undefendable = True
        if is_attack and ctx.damage and target is not None:
            yield from self.attack_modifiers(hero, ctx)
        if target is not None and ctx.damage:
            self.land_on_enemy(hero, target, ctx, is_attack)
        if ctx.self_damage:
            e.damage_hero(hero, ctx.self_damage, "own ability")
        for fx_list in ctx.after:
            yield from self.run(ctx, fx_list)
            if target is not None and ctx.damage:
                self.land_on_enemy(hero, target, ctx, False)
            if ctx.self_damage:
                e.damage_hero(hero, ctx.self_damage, "own ability")
        if ctx.later:
            yield from self.run(ctx, ctx.later)
        return ctx

    def token_spends(self, hero: HeroState, window: str, ctx: Ctx) -> list[Option]:
        """The Hero's own tokens (Chi, Reload, Protect ...) that may be spent in this window
        (own_attack or incoming_damage), by the duel's spend definitions. The Missions
        statuses (Shield, Evasive, Flight, Bonus Damage) are offered by their own rules."""
        e = self.e
        out = []
        for sid, count in sorted(hero.tokens.items()):
            if count <= 0 or sid in e.db.statuses:
                continue
            info = e.content.statuses.get(sid)
            spend = info.spend if info else None
            whens = self.SPEND_WHENS.get(window, {window})
            if spend is None or not whens & set(spend.when):
                continue
            fresh_only = count <= hero.used_this_round.get(f"gained:{sid}", 0)
            if fresh_only and not (whens & set(spend.when)) - set(spend.not_on_turn_gained):
                # every token held was gained this round: windows in `not_on_turn_gained`
                # stay shut until a later round (a new Seedling rests, as in the duel)
                continue
            if any(hero.tokens.get(c, 0) < n for c, n in spend.cost):
                continue
            if spend.per_phase and ctx.vars.get(f"spent:{sid}", 0) >= spend.per_phase:
                continue  # a Bot acts at most this often in one window
            if spend.once_per_turn and hero.used_this_round.get(f"spend:{sid}"):
                continue
            if not ctx.dice and _uses(spend.effects, "alter_dice"):
                continue  # nothing to re-roll in this window (a Seedling in a Main Phase)
            if spend.condition is not None:
                ctx.window = window
                if not self.condition(ctx, spend.condition):
                    continue
            out.append(Option(act(hero.seat, "spend_token", status=sid), f"Spend {info.name}"))
        return out

    # a Missions window -> the duel spend windows it stands for
    SPEND_WHENS = {
        "main": {"own_main_phase", "any_time"},
        "own_roll": {"any_time"},  # during your own Offensive Roll (a Seedling's re-roll)
        "incoming_damage": {"incoming_damage", "attacked"},  # only enemy Attacks get here
    }

    def spend_token(self, hero: HeroState, sid: str, ctx: Ctx, window: str) -> Driver:
        e = self.e
        spend = e.content.statuses[sid].spend
        if not spend.keep:
            e.remove_status(hero, sid)
        for cost_sid, n in spend.cost:
            e.remove_status(hero, cost_sid, n)
        ctx.window = window
        ctx.vars[f"spent:{sid}"] = ctx.vars.get(f"spent:{sid}", 0) + 1
        hero.used_this_round[f"spend:{sid}"] = hero.used_this_round.get(f"spend:{sid}", 0) + 1
        e.emit("spend", f"{hero.name} spends {e.content.statuses[sid].name}.")
        yield from self.run(ctx, spend.effects)

    def attack_modifiers(self, hero: HeroState, ctx: Ctx) -> Driver:
        """Before an Attack's damage lands: the Hero chooses which Bonus Damage tokens to
        spend, spends their own Attack-modifier tokens and plays Roll Phase Attack Modifier
        cards (one question at a time, "done" first)."""
        e = self.e
        while True:
            opts = [Option(act(hero.seat, "done"), "Resolve the damage")]
            for i, value in enumerate(hero.bonus):
                if value not in hero.bonus[:i]:
                    opts.append(
                        Option(
                            act(hero.seat, "spend_bonus", index=i), f"Spend +{value} Bonus Damage"
                        )
                    )
            opts += self.token_spends(hero, "own_attack", ctx)
            opts += self.card_options(hero, "attack")
            if len(opts) == 1:
                return
            a = yield from e.ask(
                hero.seat,
                "attack_modifiers",
                f"{hero.name}: add to the Attack?",
                opts,
                base=sum(x for x, _t in ctx.damage) + ctx.added,
            )
            if a.kind == "done":
                return
            if a.kind == "spend_bonus":
                value = hero.bonus.pop(a.get("index"))
                hero.tokens["bonus_damage"] -= 1
                if not hero.tokens["bonus_damage"]:
                    del hero.tokens["bonus_damage"]
                ctx.added += value
                e.emit("bonus_damage", f"{hero.name} spends +{value} Bonus Damage.")
            elif a.kind == "spend_token":
                yield from self.spend_token(hero, a.get("status"), ctx, "own_attack")
            else:
                card = self.pay_card(hero, a.get("index"))
                ctx.window = "own_attack"
                yield from self.run(ctx, card.effects)

    def land_on_enemy(self, hero: HeroState, enemy: EnemyState, ctx: Ctx, is_attack: bool) -> None:
        """The Final Damage Total against an enemy: Attack Modifiers, the Boss Defense (unique
        defense last), then the enemy AI's Evasive, Flight and Shields (rules 54, 98, 121-123)."""
        e = self.e
        damage, ctx.damage = ctx.damage, []
        dtype_main = next((t for _a, t in damage if t != "collateral"), "normal")
        if ctx.undefendable and dtype_main == "normal":
            dtype_main = "undefendable"
        instances = [
            DamageInstance(HERO, ENEMY, a, (dtype_main if t == "normal" else t), is_attack, "")
            for a, t in damage
        ]
        mods: list[DamageMod] = []
        if is_attack:
            added = (
                ctx.added + enemy.tokens.get("focus_fire", 0) + 2 * enemy.tokens.get("targeted", 0)
            )
            added += enemy.tokens.get("oppression", 0)
            if enemy.tokens.get("bounty"):  # a hero status on an enemy (docs/missions.md)
                e.gain_cp(hero, 1)
                if dtype_main not in ("pure", "collateral"):
                    added += 1
            if added:
                mods.append(
                    DamageMod(ENEMY, "add", added, HERO, "Attack Modifiers", dtype=dtype_main)
                )
            wither = hero.tokens.get("wither", 0)
            if wither and dtype_main != "ultimate":
                mods.append(DamageMod(ENEMY, "reduce", wither, HERO, "Wither"))
        ctx.added = 0
        defendable = is_attack and dtype_main == "normal"
        breakdown = final_damage(ENEMY, instances, mods)
        if enemy.kind == "boss" and defendable:
            bdef = e.db.bosses[enemy.enemy]
            self.boss_defense(hero, enemy, bdef.defense, mods)
            breakdown = final_damage(ENEMY, instances, mods)
            if bdef.unique_defense and breakdown.final >= bdef.unique_defense[1]:
                e.emit("unique_defense", f"{enemy.name}'s {bdef.unique_defense[0]} triggers.")
                self.boss_defense(hero, enemy, bdef.unique_defense[2], mods)
                breakdown = final_damage(ENEMY, instances, mods)
        avoidable = breakdown.final - breakdown.unavoidable
        lethal = breakdown.final >= enemy.health
        if avoidable > 0 and (avoidable >= 4 or lethal):
            while enemy.tokens.get("evasive") and not any(m.kind == "avoid" for m in mods):
                e.remove_status(enemy, "evasive")
                if e.roll() <= 2:
                    mods.append(DamageMod(ENEMY, "avoid", 0, None, "Evasive"))
                    e.emit("evasive", f"{enemy.name} evades the damage.")
            while enemy.tokens.get("flight") and not any(m.kind == "avoid" for m in mods):
                e.remove_status(enemy, "flight")
                if 6 in (e.roll(), e.roll()):
                    mods.append(DamageMod(ENEMY, "avoid", 0, None, "Flight"))
                    e.emit("flight", f"{enemy.name} flies clear of the damage.")
        breakdown = final_damage(ENEMY, instances, mods)
        if defendable and enemy.tokens.get("shield"):
            shieldable = breakdown.final - breakdown.unavoidable
            need = -(-shieldable // 3)
            spend = min(need, enemy.tokens.get("shield", 0))
            if spend:
                e.remove_status(enemy, "shield", spend)
                mods.append(DamageMod(ENEMY, "prevent", 3 * spend, None, "Shield"))
                e.emit("shield", f"{enemy.name} spends {spend} Shield.")
                breakdown = final_damage(ENEMY, instances, mods)
        ctx.dealt += min(breakdown.final, enemy.health)
        e.damage_enemy(enemy, breakdown.final, f"{hero.name}: {breakdown.explain()}")

    def boss_defense(
        self, hero: HeroState, boss: EnemyState, effects, mods: list[DamageMod]
    ) -> None:
        e = self.e
        for fx in effects:
            if fx["do"] == "prevent":
                mods.append(DamageMod(ENEMY, "prevent", fx["amount"], None, "Boss Defense"))
            elif fx["do"] == "reflect":
                e.damage_hero(hero, fx["amount"], f"{boss.name}'s defense")
            elif fx["do"] == "gain_status":
                e.add_status(boss, fx["status"], fx.get("count", 1))
            elif fx["do"] == "heal":
                boss.health = min(boss.start_health + 10, boss.health + fx["amount"])
