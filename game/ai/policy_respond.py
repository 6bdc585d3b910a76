"""The Normal and Hard computer's answers in response windows (SmartAI mixes this in):
free re-rolls, stopping an announced ability, altering rolls, Attack Modifiers, protecting
against damage on its way and cleansing status effects."""

from __future__ import annotations

from game.ai import model
from game.ai.model import Fighter
from game.ai.policy_main import Plan, _prevents
from game.ai.simple import _verbs as _spend_verbs
from game.rules.actions import Action, PendingChoice
from game.rules.view import MatchView


class ResponsePlays:
    """SmartAI's decisions in response windows."""

    # ------------------------------------------------------------ responses

    def _respond(self, engine, view: MatchView, choice: PendingChoice):
        seat = choice.player
        window = choice.window
        plays = self._plays(engine, choice)
        for action, cdef in plays:
            if cdef.id == "getting_paid" and view.players[seat].cp <= 13:
                return action
        free = self._option(choice, "reroll")
        if free is not None:
            act = self._free_reroll(engine, view, seat, free)
            if act is not None:
                return act
        # the table (view) is read only where an answer needs it: many windows are passed
        # without building it
        if window == "offensive_announce" and view.combat.attacker is not None:
            act = self._stop_announced(engine, view, choice)
            if act is not None:
                return act
        if window == "dice_roll":
            act = self._alter_roll(engine, view, choice)
            if act is not None:
                return act
        act = self._cleanse(engine, view, choice)
        if act is not None:
            return act
        if window == "before_damage":
            if view.combat.attacker == seat:
                act = self._modify_attack(engine, view, choice)
                if act is not None:
                    return act
            act = self._protect(engine, view, choice)
            if act is not None:
                return act
        if window == "after_damage":
            stuns = [action for action, cdef in plays if _stuns(cdef)]
            if stuns and view.combat.attacker == seat:
                opp = view.combat.defender
                if opp is not None and not view.players[opp].defeated:
                    return stuns[0]
        return self._pass(choice)

    def _free_reroll(self, engine, view: MatchView, seat: int, action: Action):
        """A free re-roll of a die we rolled (e.g. a Reload's): take it when the average
        face is worth more than the one showing."""
        group = next((d for d in view.dice if d.group == action.get("group")), None)
        if group is None:
            return None
        evaluate = self._roll_evaluator(engine, view, seat, [group])
        if evaluate is None:
            return action if sum(group.values) <= 2 * len(group.values) else None
        from game.ai.dice_solver import outcomes

        now = evaluate({group.group: list(group.values)})
        again = sum(
            p * evaluate({group.group: list(rolled)}) for rolled, p in outcomes(len(group.values))
        )
        return action if again > now + 1e-9 else None

    # -- stopping the opponent's announced ability

    def _stop_announced(self, engine, view: MatchView, choice: PendingChoice):
        seat = choice.player
        combat = view.combat
        attacker = combat.attacker
        group = next((d for d in view.dice if d.group == combat.offense_group), None)
        if group is None or group.locked or attacker is None:
            return None
        plays = [
            (a, c, self.dice_card(engine, c.id))
            for a, c in self._plays(engine, choice)
            if self.dice_card(engine, c.id) and self.dice_card(engine, c.id)[2] == "any"
        ]
        if not plays:
            return None
        them = self.fighter(view, attacker)
        me = self.fighter(view, seat)
        if not self.has("stop_any") and not self._is_ultimate(them, combat.announced):
            return None
        t = self.turn(them, me)
        left = max(0, combat.attempts_total - combat.attempts_used)
        their_cards = ()  # unknown hand: assume no dice cards
        solver = self.solver(t, their_cards, max(left, 1))
        dice = list(group.values)
        now = solver.value(dice, left)
        best_gain, best_action, best_plan = 0.0, None, None
        for action, cdef, (mode, count, _whose) in plays:
            cost = self.card_cost_points(cdef.cost)
            if mode == "reroll":
                from game.ai.dice_solver import outcomes

                for i in range(len(dice)):
                    exp = 0.0
                    for (v,), p in outcomes(1):
                        new = list(dice)
                        new[i] = v
                        exp += p * solver.value(new, left)
                    gain = now - exp - cost
                    if gain > best_gain:
                        best_gain, best_action = gain, action
                        best_plan = Plan(group=group.group, reroll=(i,))
                continue
            for change in self._die_changes(dice, mode, count):
                new = list(dice)
                for i, v in change:
                    new[i] = v
                gain = now - solver.value(new, left) - cost
                if gain > best_gain:
                    best_gain, best_action = gain, action
                    best_plan = Plan(group=group.group, changes=list(change))
        threshold = 1.0 if self.has("stop_any") else 2.5
        if best_action is not None and best_gain > threshold:
            self.plan = best_plan
            return best_action
        return None

    def _is_ultimate(self, fighter: Fighter, ability_id: str | None) -> bool:
        hero = self.env.content.heroes[fighter.hero]
        for ability in model.abilities(hero, fighter.levels, ("ultimate",)):
            if ability.id == ability_id:
                return True
        return False

    # -- dice rolled by effects and tokens

    def _alter_roll(self, engine, view: MatchView, choice: PendingChoice):
        seat = choice.player
        plays = [
            (a, c, self.dice_card(engine, c.id))
            for a, c in self._plays(engine, choice)
            if self.dice_card(engine, c.id)
        ]
        if not plays:  # no dice card to play: nothing to weigh, no need to read the table
            return None
        dice_ids = list(choice.context.get("dice", []))
        groups = [d for d in view.dice if d.group in dice_ids and not d.locked]
        if not groups:
            return None
        evaluate = self._roll_evaluator(engine, view, seat, groups)
        if evaluate is None:
            return None
        now = evaluate({g.group: list(g.values) for g in groups})
        best_gain, best_action, best_plan = 0.0, None, None
        for action, cdef, (mode, count, whose) in plays:
            cost = self.card_cost_points(cdef.cost)
            for g in groups:
                if whose in ("own", "team") and g.owner != seat:
                    continue  # a teammate's roll is theirs to improve
                if mode == "reroll":
                    from itertools import combinations

                    from game.ai.dice_solver import outcomes

                    for size in range(1, min(count, len(g.values)) + 1):
                        for idx in combinations(range(len(g.values)), size):
                            exp = 0.0
                            for rolled, p in outcomes(size):
                                for perm in [rolled]:
                                    new = list(g.values)
                                    for i, v in zip(idx, perm, strict=True):
                                        new[i] = v
                                    dice = {x.group: list(x.values) for x in groups}
                                    dice[g.group] = new
                                    exp += p * evaluate(dice)
                            gain = exp - now - cost
                            if gain > best_gain:
                                best_gain, best_action = gain, action
                                best_plan = Plan(group=g.group, reroll=tuple(idx))
                    continue
                for change in self._die_changes(g.values, mode, count):
                    new = list(g.values)
                    for i, v in change:
                        new[i] = v
                    dice = {x.group: list(x.values) for x in groups}
                    dice[g.group] = new
                    gain = evaluate(dice) - now - cost
                    if gain > best_gain:
                        best_gain, best_action = gain, action
                        best_plan = Plan(group=g.group, changes=list(change))
        threshold = 0.3 if self.has("alter_rolls") else 1.5
        if best_action is not None and best_gain > threshold:
            self.plan = best_plan
            return best_action
        return None

    def _roll_evaluator(self, engine, view: MatchView, seat: int, groups):
        """A function from dice values (group id -> values) to points for `seat`: roll-offs,
        and any roll whose effects we can find by its name (a token's spend, a card, an
        ability's own roll), valued by resolving those effects on the dice."""
        combat = view.combat
        purposes = {g.purpose for g in groups}
        if "roll-off" in purposes and len(groups) == 2 and combat.attacker is not None:
            return self._roll_off_evaluator(engine, view, seat, groups)
        if len(groups) == 1 and groups[0].purpose == "targeting":
            return self._targeting_evaluator(view, seat, groups[0])
        if len(groups) != 1 or groups[0].purpose in ("offense", "defense", "roll-off"):
            return None
        g = groups[0]
        effects = self._roll_effects(engine, g.purpose)
        if effects is None:
            return None
        hero = self.env.content.heroes[g.hero]
        owner = self.fighter(view, g.owner)
        other = self.fighter(view, self.main_opponent(view, g.owner))
        incoming = self.projected(engine, g.owner)[0]
        sign = 1.0 if view.players[g.owner].team == view.players[seat].team else -1.0
        ctx = model.WalkCtx(
            faces=model.hero_faces(hero), facts=model.facts_of(model.state_key(owner, other))
        )
        memo: dict = {}

        def evaluate(dice):
            key = tuple(dice[g.group])
            if key not in memo:
                total = 0.0
                for p, o in model.walk(effects, ctx, key):
                    sub = max(0, incoming - o.prevent)
                    saved = (
                        incoming
                        if o.avoid
                        else incoming - max(0, sub - o.halve * model.half_up(sub))
                    )
                    total += p * (
                        o.damage + model.HEAL_WEIGHT * o.heal + saved - o.self_dmg + o.extra
                    )
                    for status, n in o.inflict.items():
                        total -= p * model.status_worth(status, other, owner, self.env, n)
                    for status, n in o.gain.items():
                        total += p * model.status_worth(status, owner, other, self.env, n)
                memo[key] = sign * total
            return memo[key]

        return evaluate

    def _roll_effects(self, engine, purpose: str):
        """The effects that read a roll made for `purpose` (a token, card or ability name)."""
        if self._shared is None or self._shared.content is not engine.content:
            self._prepare(engine)
        found = self._shared.roll_fx
        if purpose in found:
            return found[purpose]

        def first_roll(effects):
            for fx in effects:
                if fx.verb == "roll":
                    return fx["effects"]
                for key in ("effects", "else", "win", "lose"):
                    if key in fx:
                        inner = first_roll(fx[key])
                        if inner is not None:
                            return inner
            return None

        content = engine.content
        result = None
        for sdef in content.statuses.values():
            if sdef.name == purpose and sdef.spend is not None:
                result = first_roll(sdef.spend.effects)
        for cdef in content.cards.values():
            if result is None and cdef.name == purpose:
                result = first_roll(cdef.effects)
        if result is None:
            for hero in content.heroes.values():
                for slot in hero.slots:
                    for level in slot.levels.values():
                        for ability in level:
                            if ability.name != purpose or result is not None:
                                continue
                            for row in ability.rows:
                                result = result or first_roll(row.effects)
                            result = result or first_roll(ability.effects)
        found[purpose] = result
        return result

    def _roll_off_evaluator(self, engine, view, seat: int, groups):
        combat = view.combat
        by_owner = {g.owner: g for g in groups}
        if len(by_owner) != 2:
            return None
        attacker, defender = combat.attacker, combat.defender
        if attacker not in by_owner or defender not in by_owner:
            return None
        hero_a = self.env.content.heroes[view.players[attacker].hero]
        hero_d = self.env.content.heroes[view.players[defender].hero]
        a_levels = tuple(sorted(view.players[attacker].levels.items()))
        d_levels = tuple(sorted(view.players[defender].levels.items()))
        # Whose roll-off is it? A defense roll-off uses the defender's defense die.
        if by_owner[defender].purpose == "defense" and combat.defense_ability:
            ability = next(
                (a for a in model.defenses(hero_d, d_levels) if a.id == combat.defense_ability),
                None,
            )
            roller = defender
            fx = _find_roll_off(ability.effects) if ability else None
            stake = 3.0
        else:
            ability = next(
                (
                    a
                    for a in model.abilities(hero_a, a_levels, ("offensive", "ultimate"))
                    if a.id == combat.ability
                ),
                None,
            )
            roller = attacker
            fx = None
            if ability is not None:
                for row in ability.rows:
                    fx = _find_roll_off(row.effects) or fx
            stake = 3.0
        if fx is None:
            return None
        ties_self = fx["ties"] == "self"
        other = defender if roller == attacker else attacker
        sign = 1 if seat == roller else -1
        rg, og = by_owner[roller].group, by_owner[other].group

        def roll_off(dice):
            mine, theirs = dice[rg][0], dice[og][0]
            won = mine > theirs or (mine == theirs and ties_self)
            return sign * (stake if won else 0.0)

        return roll_off

    def _damage_points(self, view: MatchView, seat: int, damage: int) -> float:
        """Points `seat` loses if `damage` lands on them now."""
        me = self.fighter(view, seat)
        opp = self.fighter(view, self.main_opponent(view, seat))
        return -self.env.change(me.health, opp.health, me.health - damage, opp.health)

    def _hit_points(self, view: MatchView, seat: int, target: int, damage: int) -> float:
        """Points `seat` gains when `damage` more lands on `target`."""
        me = self.fighter(view, seat)
        opp = self.fighter(view, target)
        return self.env.change(me.health, opp.health, me.health, opp.health - damage)

    # -- Attack Modifiers

    def _modify_attack(self, engine, view: MatchView, choice: PendingChoice):
        seat = choice.player
        if not any(o.action.kind == "spend" for o in choice.options) and not any(
            cdef.attack_modifier for _a, cdef in self._plays(engine, choice)
        ):
            return None  # no token to spend, no Attack Modifier to play
        target = view.combat.defender
        if target is None or view.players[target].defeated:
            return None
        avoidable, unstoppable, avoided = self.projected(engine, target)
        ultimate = view.combat.ultimate
        if avoided and not ultimate:
            return None
        if avoidable + unstoppable <= 0 and not ultimate:
            return None
        current = avoidable + unstoppable
        opp_hp = view.players[target].health
        if current >= opp_hp + 3 and not avoidable:
            return None  # it falls anyway
        hero = self.env.content.heroes[view.players[seat].hero]
        for option in choice.options:
            if option.action.kind == "spend":
                status = option.action.get("status")
                prof = model.spend_profile(engine.content, status, hero, "own_attack")
                if prof.add > 0:
                    return option.action
        if not self.has("value_modifiers"):
            cp = view.players[seat].cp
            for action, cdef in self._plays(engine, choice):
                if cdef.attack_modifier and cdef.cost <= cp:
                    return action
            return None
        best, best_action = 0.0, None
        opp_f = self.fighter(view, target)
        for action, cdef in self._plays(engine, choice):
            if not cdef.attack_modifier:
                continue
            added, side = self._modifier_worth(engine, cdef, view, seat, target)
            gain = 0.0
            for d, p in added:
                gain += p * (
                    self._hit_points(view, seat, target, current + d)
                    - self._hit_points(view, seat, target, current)
                )
            for status in side:
                gain -= side[status] * model.status_worth(
                    status, opp_f, self.fighter(view, seat), self.env
                )
            gain -= self.card_cost_points(cdef.cost)
            if gain > best:
                best, best_action = gain, action
        threshold = 0.0 if self.has("value_tokens") else 0.5
        if best_action is not None and best > threshold:
            return best_action
        return None

    def _modifier_worth(self, engine, cdef, view, seat: int, target: int):
        """([(added damage, probability)], {status: probability}) for an Attack Modifier."""
        hero = self.env.content.heroes[view.players[seat].hero]
        ctx = model.WalkCtx(faces=model.hero_faces(hero))
        dist: dict[int, float] = {}
        side: dict[str, float] = {}
        for p, o in model.walk(cdef.effects, ctx):
            dist[o.add] = dist.get(o.add, 0.0) + p
            for status in o.inflict:
                side[status] = side.get(status, 0.0) + p
        return sorted(dist.items()), side

    # -- protecting yourself from damage about to land

    def _protect(self, engine, view: MatchView, choice: PendingChoice):
        """Damage is about to land on us: spend a token or play a card that stops some."""
        seat = choice.player
        if not any(o.action.kind in ("spend", "play") for o in choice.options):
            return None  # no token to spend, no card to play: nothing to weigh
        avoidable, unstoppable, avoided = self.projected(engine, seat)
        if avoided or avoidable <= 0:
            return None
        me_f = self.fighter(view, seat)
        opp_f = self.fighter(view, self.main_opponent(view, seat))
        hero = self.env.content.heroes[me_f.hero]
        lethal = avoidable + unstoppable >= me_f.health

        def points(saved: float) -> float:
            if saved <= 0:
                return 0.0
            whole = self._damage_points(view, seat, avoidable + unstoppable)
            low = int(saved)
            frac = saved - low
            rest = self._damage_points(view, seat, avoidable + unstoppable - low)
            rest2 = self._damage_points(view, seat, avoidable + unstoppable - low - 1)
            return whole - ((1 - frac) * rest + frac * rest2)

        best, best_action = 0.0, None
        for option in choice.options:
            action = option.action
            if action.kind != "spend":
                continue
            status = action.get("status")
            prof = model.spend_profile(engine.content, status, hero, "incoming_damage")
            if not (prof.p_avoid or prof.prevent or prof.halve or prof.reflect):
                prof = model.spend_profile(engine.content, status, hero, "attacked")
            saved = _saving(prof, avoidable)
            if saved <= 0:
                continue
            if self.has("value_tokens"):
                held = me_f.count(status)
                keep = model.status_worth(status, me_f, opp_f, self.env, 1)
                if held >= me_f.limit(status, 1):
                    keep *= 0.5
                gain = points(saved) - 0.8 * keep
            else:
                gain = saved - 2.5 if not lethal else saved
            if gain > best:
                best, best_action = gain, action
        if best_action is not None:
            return best_action
        if avoidable >= 3:  # a token that heals with the hit (Heal Bot) or shares it (Nyra)
            for option in choice.options:
                action = option.action
                spend = (
                    action.kind == "spend" and engine.content.statuses[action.get("status")].spend
                )
                if spend and _spend_verbs(spend.effects) & {"heal", "grant_flag"}:
                    return action
        for action, cdef in self._plays(engine, choice):
            cost = self.card_cost_points(cdef.cost)
            prevent = _prevents(cdef)
            if prevent:
                saved = points(min(prevent, avoidable))
                if saved - cost > (0.5 if self.has("value_tokens") else 1.5):
                    self.plan = Plan(target_seat=seat)
                    return action
            gains = [fx["status"] for fx in cdef.effects if fx.verb == "gain_status"]
            for status in gains:
                if me_f.count(status) >= me_f.limit(status, 1):
                    continue
                prof = model.spend_profile(engine.content, status, hero, "incoming_damage")
                saved = _saving(prof, avoidable)
                if points(saved) - cost > (0.5 if self.has("value_tokens") else 2.0):
                    return action
        return None

    def _cleanse(self, engine, view: MatchView, choice: PendingChoice):
        """Spend a token that takes a negative status off us, if we hold one worth it."""
        spends = [o.action for o in choice.options if o.action.kind == "spend"]
        if not spends:  # nothing to spend: no need to read the table
            return None
        # the first token that cleanses (a spend profile's `cleanse` reads only its effects),
        # and only then the table: do we hold a negative status it could take off?
        content = engine.content
        cleanser = next((a for a in spends if model.cleanses(content, a.get("status"))), None)
        if cleanser is None:
            return None
        me_f = self.fighter(view, choice.player)
        for s, n in me_f.statuses:
            if n and content.statuses[s].kind == "negative" and content.statuses[s].removable:
                return cleanser
        return None


def _stuns(cdef) -> bool:
    return any(fx.verb == "inflict_status" and fx["status"] == "stun" for fx in cdef.effects)


def _find_roll_off(effects):
    for fx in effects:
        if fx.verb == "roll_off":
            return fx
        for key in ("effects", "else"):
            if key in fx:
                found = _find_roll_off(fx[key])
                if found:
                    return found
    return None


def _saving(prof, avoidable: int) -> float:
    """Expected damage a token's spend stops (or sends back) of `avoidable` heading our way."""
    if prof.p_avoid:
        return prof.p_avoid * avoidable
    sub = max(0.0, avoidable - prof.prevent)
    halved = prof.halve * model.half_up(round(sub))
    reflected = prof.reflect * model.half_up(round(sub))
    return avoidable - max(0.0, sub - halved) + reflected
