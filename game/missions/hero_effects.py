"""The Missions effect interpreter and the heroes' own kits (part of HeroTurn).

The effect verbs of the duel's hero files are read here because the targets are enemies on
a map, not duel seats; a verb with no Missions version is counted in `engine.unsupported`."""

from __future__ import annotations

from itertools import combinations

from game.missions.state import EnemyState, HeroState
from game.missions.turn_base import Ctx, Driver, TurnBase
from game.rules.actions import Option, act
from game.rules.dice import symbols_of


class EffectsMixin(TurnBase):
    """The effect interpreter, the heroes' own kit verbs, statuses on enemies."""

    # ------------------------------------------------------------ the effect interpreter

    def amount(self, ctx: Ctx, value) -> int:
        if isinstance(value, int):
            return value
        symbols = symbols_of(ctx.hero_def, self.usable_values(ctx.hero, ctx.dice))
        times = value.get("times", 1)
        if "per_symbol" in value:
            return symbols.count(value["per_symbol"]) * times
        if "per_value" in value:
            return sum(1 for v in ctx.dice if v in value["per_value"]) * times
        if "sum" in value:
            return sum(ctx.dice)
        if "half_sum" in value:
            return -(-sum(ctx.dice) // 2)
        if "own_tokens" in value:
            return ctx.hero.tokens.get(value["own_tokens"], 0)
        if "own_cp" in value:
            return ctx.hero.cp
        if "own_tokens_sum" in value:
            total = sum(ctx.hero.tokens.get(s, 0) for s in value["own_tokens_sum"])
            return min(total, value.get("max", total))
        if "roll_attempts" in value:
            return ctx.attempts
        if "dealt" in value:
            return ctx.dealt
        if "var" in value:  # "tokens": how many of the triggering status the holder has
            return ctx.vars.get(value["var"], 0) * times
        self.e.unsupported[f"amount:{next(iter(value))}"] += 1
        return 0

    def condition(self, ctx: Ctx, cond: dict) -> bool:
        from collections import Counter

        values = self.usable_values(ctx.hero, ctx.dice)
        if "rolled_of_a_kind" in cond:
            return max(Counter(values).values(), default=0) >= cond["rolled_of_a_kind"]
        if "rolled_values" in cond:
            return all(v in values for v in cond["rolled_values"])
        if "rolled_symbol" in cond:
            return cond["rolled_symbol"] in symbols_of(ctx.hero_def, values)
        if "self_status_at_least" in cond:
            c = cond["self_status_at_least"]
            return ctx.hero.tokens.get(c["status"], 0) >= c["count"]
        if "self_has_status" in cond:
            return bool(ctx.hero.tokens.get(cond["self_has_status"]))
        if "target_has_status" in cond:
            return ctx.target is not None and bool(ctx.target.tokens.get(cond["target_has_status"]))
        if "activated_ability" in cond:
            return ctx.ability_id == cond["activated_ability"]
        if "cp_at_least" in cond:
            return ctx.hero.cp >= cond["cp_at_least"]
        if "dealt_at_least" in cond:
            return ctx.dealt >= cond["dealt_at_least"]
        if "not" in cond:
            return not self.condition(ctx, cond["not"])
        if "target_status_at_least" in cond:
            c = cond["target_status_at_least"]
            return ctx.target is not None and ctx.target.tokens.get(c["status"], 0) >= c["count"]
        if "activated" in cond:
            return bool(ctx.ability_id) if cond["activated"] == "any" else False
        if "spend_window" in cond:
            return ctx.window == cond["spend_window"]
        if "defense_rolled" in cond:  # enemies never make Defense Rolls (rules 53, 98)
            return cond["defense_rolled"] is False
        if "self_has_flag" in cond:
            return cond["self_has_flag"] in ctx.flags
        if "attack_base_at_least" in cond:
            if ctx.window == "incoming_damage":  # an enemy Attack's own damage
                return ctx.vars.get("attack_base", 0) >= cond["attack_base_at_least"]
            return sum(a for a, _t in ctx.damage) >= cond["attack_base_at_least"]
        if "companion_active" in cond:
            return self.companion_active(ctx.hero, cond["companion_active"])
        if "can_grow" in cond:
            c = cond["can_grow"]
            return bool(self.growth_steps(ctx.hero, c["chains"], c.get("single", False)))
        if "own_hero_status" in cond:
            return cond["own_hero_status"] in self.e.hero_def(ctx.hero).statuses
        if "opponent_has_status" in cond:  # any enemy on the map holds it
            sid = cond["opponent_has_status"]
            return any(x.tokens.get(sid) for x in self.e.living_enemies())
        if "var_at_least" in cond:
            c = cond["var_at_least"]
            return ctx.vars.get(c["name"], 0) >= c["value"]
        self.e.unsupported[f"condition:{next(iter(cond))}"] += 1
        return False

    def run(self, ctx: Ctx, effects) -> Driver:
        e = self.e
        hero = ctx.hero
        for fx in effects:
            verb = fx["do"]
            if verb == "deal_damage":
                amount = self.amount(ctx, fx["amount"])
                target = fx.get("target", "opponent")
                if target == "self":
                    ctx.self_damage += amount
                else:
                    ctx.damage.append((amount, fx.get("type", ctx.damage_type)))
            elif verb == "heal":
                e.heal(hero, self.amount(ctx, fx["amount"]))
            elif verb == "gain_status":
                if not ctx.no_status:
                    e.add_status(hero, fx["status"], self.amount(ctx, fx.get("count", 1)))
            elif verb == "inflict_status":
                if ctx.no_status or ctx.target is None:
                    continue
                count = self.amount(ctx, fx.get("count", 1))
                if count > 0:
                    yield from self.status_or_momentum(ctx, fx["status"], count)
            elif verb == "remove_status":
                holder = ctx.target if fx.get("target") == "opponent" and ctx.target else hero
                sid = fx["status"]
                if sid in ("any", "any_negative", "any_positive", "all"):
                    for token in list(holder.tokens):
                        info = e.db.statuses.get(token)
                        if (
                            info
                            and info.removable
                            and (sid in ("any", "all") or info.kind == sid[4:])
                        ):
                            e.remove_status(holder, token, 99 if sid == "all" else 1)
                            if sid != "all":
                                break
                else:
                    e.remove_status(holder, sid, fx.get("count", 1) or 99)
            elif verb == "gain_cp":
                e.gain_cp(hero, self.amount(ctx, fx["amount"]))
            elif verb == "steal_health":
                if ctx.target is not None and not ctx.target.defeated:
                    taken = min(self.amount(ctx, fx["amount"]), ctx.target.health)
                    e.damage_enemy(ctx.target, taken, "stolen Health")  # not damage: no Shields
                    e.heal(hero, taken)
            elif verb == "steal_cp":
                e.gain_cp(hero, self.amount(ctx, fx["amount"]))  # enemies have endless CP (rule 48)
            elif verb == "lose_cp":
                if fx.get("target", "self") == "self":
                    e.gain_cp(hero, -self.amount(ctx, fx["amount"]))
            elif verb == "draw":
                e.draw(hero, fx["count"])
            elif verb == "add_damage":
                added = self.amount(ctx, fx["amount"])
                ctx.added += added
                if "record" in fx:
                    ctx.vars[fx["record"]] = ctx.vars.get(fx["record"], 0) + added
            elif verb == "alter_dice":
                yield from self.alter_dice(ctx, fx)
            elif verb == "extra_roll_attempts":
                ctx.extra_attempts += fx.get("count", 1)
            elif verb == "avoid_damage":
                ctx.avoid = True
            elif verb == "reflect_damage":  # half of the incoming damage goes back (Retribution)
                ctx.flags.add("reflect_half")
            elif verb == "make_undefendable":
                ctx.undefendable = True
            elif verb == "prevent_damage":
                if fx.get("half"):
                    ctx.halve = True
                else:
                    ctx.prevent += self.amount(ctx, fx.get("amount", 0))
            elif verb == "roll_off":
                own = ctx.dice[0] if fx.get("use_defense_die") and ctx.dice else e.roll()
                other = e.roll()  # the enemy rolls for itself: it counts as a player (rule 46)
                won = own > other or (own == other and fx["ties"] == "self")
                e.emit("roll_off", f"{hero.name} rolls {own} against {other}.")
                yield from self.run(ctx, fx["win"] if won else fx["lose"])
            elif verb == "on":
                values = ctx.dice
                hit = False
                if "symbol" in fx:
                    hit = symbols_of(ctx.hero_def, values).count(fx["symbol"]) >= fx.get("count", 1)
                elif "values" in fx:
                    hit = sum(1 for v in values if v in fx["values"]) >= fx.get("count", 1)
                if hit:
                    yield from self.run(ctx, fx["effects"])
            elif verb == "roll":
                saved = ctx.dice
                ctx.dice = [e.roll() for _ in range(fx["count"])]
                flag = fx.get("reroll_flag")
                if flag and flag in self.hero_flags(hero, ctx):
                    yield from self.free_reroll(ctx)
                yield from self.run(ctx, fx["effects"])
                ctx.dice = saved
            elif verb == "if":
                branch = (
                    fx["effects"] if self.condition(ctx, fx["condition"]) else fx.get("else", ())
                )
                yield from self.run(ctx, branch)
            elif verb == "choose_one":
                opts = [
                    Option(act(hero.seat, "choose_option", index=i), o["label"])
                    for i, o in enumerate(fx["options"])
                    if "if" not in o or self.condition(ctx, o["if"])
                ]
                if opts:
                    a = yield from e.ask(hero.seat, "choose", "Choose one", opts)
                    yield from self.run(ctx, fx["options"][a.get("index")]["effects"])
            elif verb == "after_damage":
                ctx.after.append(fx["effects"])
            elif verb == "additionally":
                ctx.later.extend(fx["effects"])
            elif verb == "detonate":
                self.detonate(ctx, fx)
            elif verb == "remove_self":
                if ctx.vars.get("self_status"):
                    e.remove_status(hero, ctx.vars["self_status"])
            elif verb == "grant_flag":
                ctx.flags.add(fx["flag"])  # lasts for this ability / spend only
            elif verb in self.KIT_VERBS:
                yield from self.kit_effect(ctx, fx)
            elif verb == "then":
                continue  # no response window in Missions: nobody plays Roll Phase cards here
            else:
                e.unsupported[verb] += 1
                e.emit("unsupported", f"'{verb}' has no Missions version yet and is skipped.")

    # ------------------------------------------------------------ the heroes' own kits

    # companions (Nyra), growing Spirits and Bots, a flipped board, raised stack limits and a
    # second Offensive Roll: the duel's verbs (game/rules/effects/companion_verbs.py,
    # limit_verbs.py, roll_phase_verbs.py) on a Missions Hero; the planning is shared with
    # the duel through `game.rules.ops` (plan_growth, companion_health_after,
    # raised_stack_limit)
    KIT_VERBS = frozenset(
        {
            "summon_companion",
            "heal_companion",
            "flip_board",
            "grow",
            "raise_stack_limit",
            "restart_offensive_roll",
        }
    )

    def growth_steps(self, hero: HeroState, chains, single: bool):
        from game.rules.ops import plan_growth

        return plan_growth(
            self.e.hero_def(hero).statuses,
            lambda s: hero.tokens.get(s, 0),
            lambda s: self.e.stack_limit(hero, s),
            chains,
            single,
        )

    def status_name(self, sid: str) -> str:
        info = self.e.db.statuses.get(sid) or self.e.content.statuses.get(sid)
        return info.name if info else sid

    def companion_active(self, hero: HeroState, companion: str) -> bool:
        dial = hero.companions.get(companion)
        return dial is not None and dial[0] > 0

    def change_companion(self, hero: HeroState, companion: str, delta: int, why: str) -> None:
        from game.rules.ops import companion_health_after

        dial = hero.companions.get(companion)
        if dial is None or delta == 0:
            return
        e = self.e
        was_downed = dial[0] <= 0
        before = dial[0]
        dial[0], downed = companion_health_after(dial[0], dial[1], delta)
        name = companion.replace("_", " ").title()
        if dial[0] == before:  # a heal at full Health (or a blow below 0) changes nothing
            full = "already at full Health" if delta > 0 else "no change"
            e.emit("companion_health", f"{name}: Health stays {before} ({full}).")
        else:
            e.emit("companion_health", f"{name}: Health {before} -> {dial[0]} ({why}).")
        if downed != was_downed:
            e.emit("companion_downed", f"{name} " + ("is Downed." if downed else "is up again."))

    def kit_effect(self, ctx: Ctx, fx) -> Driver:
        e = self.e
        hero = ctx.hero
        verb = fx["do"]
        if verb == "summon_companion":
            if fx["companion"] not in hero.companions:
                hero.companions[fx["companion"]] = [fx["health"], fx["health"]]
                name = fx["companion"].replace("_", " ").title()
                e.emit("companion_joined", f"{name} fights beside {hero.name}.")
        elif verb == "heal_companion":
            value = self.amount(ctx, fx["amount"])
            if value > 0:
                self.change_companion(hero, fx["companion"], value, "healed")
        elif verb == "flip_board":
            if not hero.flipped:
                hero.flipped = True
                e.emit("board_flipped", f"{hero.name}'s board turns to its cursed side.")
        elif verb == "raise_stack_limit":
            from game.rules.ops import raised_stack_limit

            status = fx["status"]
            before = e.stack_limit(hero, status)
            after = raised_stack_limit(before, fx["amount"], fx.get("max"))
            if after != before:
                hero.stack_bonus[status] = hero.stack_bonus.get(status, 0) + after - before
                e.emit(
                    "stack_limit", f"{hero.name} may now hold {after} {self.status_name(status)}."
                )
        elif verb == "grow":
            steps = self.growth_steps(hero, fx["chains"], fx.get("single", False))
            if not steps:
                e.emit("grow", f"{hero.name} has nothing left to grow.")
                return
            opts = []
            name = self.status_name
            for i, (old, new) in enumerate(steps):
                label = (
                    f"Gain a {name(new)}"
                    if old is None
                    else f"Turn a {name(old)} into a {name(new)}"
                )
                opts.append(Option(act(hero.seat, "grow", step=i), label))
            a = yield from e.ask(hero.seat, "grow", f"{hero.name}: grow which?", opts)
            old, new = steps[a.get("step")]
            if old is not None:
                e.remove_status(hero, old)
            e.add_status(hero, new, 1)
            e.emit("grow", f"{hero.name} grows a {self.status_name(new)}.")
        elif verb == "restart_offensive_roll" and ctx.kind != "ultimate":
            ctx.flags.add("restart_offensive_roll")

    def free_reroll(self, ctx: Ctx) -> Driver:
        """A flag such as Reload's lets the Hero re-roll the dice just rolled once."""
        hero = ctx.hero
        opts = [
            Option(act(hero.seat, "keep_roll"), f"Keep {ctx.dice}"),
            Option(act(hero.seat, "reroll_once"), "Re-roll them once"),
        ]
        a = yield from self.e.ask(
            hero.seat,
            "free_reroll",
            f"{hero.name}: re-roll {ctx.dice}?",
            opts,
            dice=tuple(ctx.dice),
        )
        if a.kind == "reroll_once":
            ctx.dice = [self.e.roll() for _ in ctx.dice]
            self.e.emit("reroll", f"{hero.name} re-rolls: now {ctx.dice}.")

    def alter_dice(self, ctx: Ctx, fx) -> Driver:
        """A card or token changing dice in `ctx.dice` in place (the duel's alter_dice modes:
        reroll up to N, set a six, set any face, one up or down, copy another die)."""
        e = self.e
        hero = ctx.hero
        dice = ctx.dice
        mode, count = fx["mode"], fx.get("count", 1)
        if not dice:
            return
        if mode == "reroll":
            opts = [
                Option(act(hero.seat, "alter_reroll", dice=combo), f"Re-roll dice {combo}")
                for size in range(1, min(count, len(dice)) + 1)
                for combo in combinations(range(len(dice)), size)
            ]
            a = yield from e.ask(
                hero.seat, "alter_dice", "Re-roll which dice?", opts, dice=tuple(dice)
            )
            for i in a.get("dice"):
                dice[i] = e.roll()
            e.emit("alter_dice", f"{hero.name} re-rolls: now {dice}.")
            return
        for _ in range(count):
            opts = []
            for i, current in enumerate(dice):
                if mode == "set_six":
                    values = [6] if current != 6 else []
                elif mode == "set_any":
                    values = [v for v in range(1, 7) if v != current]
                elif mode == "adjust_one":
                    values = [v for v in (current - 1, current + 1) if 1 <= v <= 6]
                else:  # copy_own
                    values = sorted({v for j, v in enumerate(dice) if j != i and v != current})
                opts += [
                    Option(act(hero.seat, "set_die", die=i, value=v), f"Die {i + 1}: make it {v}")
                    for v in values
                ]
            if not opts:
                return
            a = yield from e.ask(
                hero.seat, "alter_dice", "Change which die?", opts, dice=tuple(dice)
            )
            dice[a.get("die")] = a.get("value")
            e.emit("alter_dice", f"{hero.name} changes a die: now {dice}.")

    # hero statuses with a Missions behaviour on an enemy (enemy_phases: the Enemy Upkeep and
    # `marked_damage`; detonate; Bounty in land_on_enemy; Stun in target_and_resolve_one)
    ENEMY_HERO_STATUSES = frozenset(
        {
            "nanites",
            "cursed_doubloon",
            "powder_keg",
            "delayed_poison",
            "shame",
            "bounty",
            "stun",
            "blinding_light",
            "parlay",
        }
    )
    # Missions statuses an enemy shrugs off: CP, cards, Income and dice (rules 48, 124)
    ENEMY_IGNORES = frozenset({"disruption", "knockdown", "concussion", "entangle"})

    def detonate(self, ctx: Ctx, fx) -> None:
        """Every enemy holding the status loses all of it and takes damage by the table (the
        duel's `detonate`). During the Hero's own Attack the target's blast joins the Attack
        (as the duel's takes the Attack's type); any other blast is not an Attack, so no
        Shield or Boss Defense stops it."""
        e = self.e
        status, table = fx["status"], fx["table"]
        for enemy in e.living_enemies():
            count = enemy.tokens.get(status, 0)
            if count <= 0:
                continue
            e.remove_status(enemy, status, count)
            value = table[min(count, len(table)) - 1]
            name = self.status_name(status)
            e.emit("detonate", f"{ctx.hero.name} detonates {count} {name} on {enemy.name}.")
            if enemy is ctx.target and ctx.window == "own_attack":
                ctx.damage.append((value, ctx.damage_type))
            else:
                e.damage_enemy(enemy, value, f"{name} detonated")

    def placing_helps(self, hero: HeroState, target: EnemyState, status: str) -> bool:
        """Does this status do anything on this enemy (else rule 49's Momentum is better)?"""
        e = self.e
        if status in self.ENEMY_IGNORES:
            return False
        if status not in e.db.statuses and status not in self.ENEMY_HERO_STATUSES:
            return False  # no Missions behaviour: it would only sit there
        if status == "powder_keg":
            return True  # a second keg blows the first one up at once
        if target.tokens.get(status, 0) >= e.stack_limit(target, status):
            return False
        if status == "nanites":  # worth it only with a Nanobot (or the Synth to build one)
            return any(
                h.tokens.get("nanobot") or h.tokens.get("nanobot_2") or h.tokens.get("synth")
                for h in e.heroes
                if not h.defeated and "nanobot" in e.hero_def(h).statuses
            )
        return True

    def place_on_enemy(self, enemy: EnemyState, status: str, count: int) -> None:
        """Place a status on an enemy; a second Powder Keg blows the first up first (the
        duel's `on_reinflict`: 3 undefendable damage on its own)."""
        e = self.e
        if status == "powder_keg" and enemy.tokens.get(status):
            e.remove_status(enemy, status)
            e.emit("powder_keg", f"The Powder Keg at {enemy.name}'s feet blows up.")
            e.damage_enemy(enemy, 3, "Powder Keg")
        e.add_status(enemy, status, count)

    def status_or_momentum(self, ctx: Ctx, status: str, count: int) -> Driver:
        """Rule 49: instead of placing a status on a targeted enemy, take 1 Momentum."""
        e = self.e
        hero = ctx.hero
        opts = [
            Option(
                act(hero.seat, "place_status", status=status),
                f"Place {status} on {ctx.target.name}",
            ),
            Option(act(hero.seat, "take_momentum"), "Take 1 Momentum instead"),
        ]
        a = yield from e.ask(
            hero.seat,
            "status_or_momentum",
            f"Place {status} or take Momentum?",
            opts,
            status=status,
            known=status in e.db.statuses or status in self.ENEMY_HERO_STATUSES,
            useful=self.placing_helps(hero, ctx.target, status),
        )
        if a.kind == "take_momentum":
            e.gain_momentum(hero, 1)
        else:
            self.place_on_enemy(ctx.target, status, count)
            if status == "stun" and ctx.target.tokens.get("stun"):
                ctx.flags.add("stunned_target")  # the Hero attacks it again (hero_attack)
