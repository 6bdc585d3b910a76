"""The Normal and Hard computer's Main Phase (SmartAI mixes this in): which cards to play and
what each is worth part by part (damage, CP, healing, statuses, upgrades), what to keep for CP,
what to sell and what to discard."""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.ai import model
from game.ai.model import CARD_WORTH, CP_WORTH, Fighter
from game.ai.simple import main_phase_spend
from game.rules.actions import Action, PendingChoice
from game.rules.ops import CP_MAX
from game.rules.view import MatchView


@dataclass(slots=True)
class Plan:
    """What the player meant when it played a card that asks follow-up questions."""

    group: int | None = None
    changes: list[tuple[int, int]] | None = None  # (position, new value)
    reroll: tuple[int, ...] | None = None
    target_seat: int | None = None
    token: str | None = None  # "seat:status"
    dest_seat: int | None = None


def _prevents(cdef) -> int:
    for fx in cdef.effects:
        if fx.verb == "prevent_damage" and isinstance(fx.get("amount"), int):
            return fx["amount"]
    return 0


class MainPhasePlans:
    """SmartAI's Main Phase decisions."""

    # ------------------------------------------------------------ main phase

    def _main_phase(self, engine, view: MatchView, choice: PendingChoice):
        seat = choice.player
        phase = choice.context.get("phase", "main1")
        me = self.fighter(view, seat)
        opp_seat = self.main_opponent(view, seat)
        opp = self.fighter(view, opp_seat)
        plays = self._plays(engine, choice)
        for action, cdef in plays:
            if cdef.id == "getting_paid" and me.cp <= 13:
                return action
        # Sell cards that can never be played (an upgrade already surpassed).
        for option in choice.options:
            if option.action.kind == "sell":
                cdef = self.card(engine, option.action.get("card"))
                if self._dead(cdef, me):
                    return option.action
        act = self._cleanse(engine, view, choice)
        if act is not None:
            return act
        act = main_phase_spend(engine, choice)  # companions: build a Bot, detonate Nanites
        if act is not None:
            return act
        if not self.has("value_main"):
            act = self._main_simple(engine, view, choice, me, opp, phase, plays)
            return act or self._option(choice, "end_phase")
        candidates: list[tuple[float, int, Action, Plan | None]] = []
        for action, cdef in plays:
            value, plan = self._main_value(engine, view, cdef, me, opp, phase)
            if value is None:
                continue
            cost = self._cost(engine, cdef, me)
            candidates.append((value, cost, action, plan))
        self._ensure_economy()
        cpw = self._cpw
        candidates.sort(key=lambda c: -(c[0] - c[1] * cpw) / max(1, c[1]))
        reserve = self._reserve(engine, view, seat, phase)
        budget = me.cp - reserve
        for value, cost, action, plan in candidates:
            if value - cost * cpw - self._cardw * (cost > 0) <= 0.3:
                continue
            if cost <= budget:
                self.plan = plan
                return action
            if self.has("save_cp") and cost <= me.cp + 1:
                budget = min(budget, me.cp + 1 - cost)  # save up for it next turn
        # Sell for CP toward a valuable upgrade in hand, or to the hand limit in Main (2).
        act = self._sell_for(engine, view, choice, me, candidates, phase)
        if act is not None:
            return act
        return self._option(choice, "end_phase")

    def _main_simple(self, engine, view, choice, me: Fighter, opp: Fighter, phase: str, plays):
        """Normal's rules of thumb: the upgrade that adds most (if it is worth about its
        price), then a few fixed habits with the other cards."""
        best, best_action = 0.0, None
        for action, cdef in plays:
            if cdef.type != "upgrade":
                continue
            gain = self._upgrade_value(cdef, me, opp, phase)
            cost = self._cost(engine, cdef, me)
            price = 0.5 if me.cp < 10 else 0.1  # spend freely near the 15 CP cap
            if gain is not None and cost <= me.cp and gain >= price * cost and gain > best:
                best, best_action = gain, action
        if best_action is not None:
            return best_action
        negative = [s for s, n in me.statuses if n and s in ("knockdown", "bounty", "concussion")]
        for action, cdef in plays:
            if cdef.type != "main" and cdef.type != "instant":
                continue
            verbs = [fx.verb for fx in cdef.effects]
            fx = cdef.effects[0] if cdef.effects else None
            spare = me.cp - cdef.cost
            if verbs == ["heal"] and me.cap - me.health >= 4:
                return action
            bounty = verbs == ["inflict_status"] and fx["status"] == "bounty"
            if bounty and not opp.count("bounty") and spare >= 1:
                self.plan = Plan(target_seat=opp.seat)
                return action
            if verbs in (["remove_status"], ["transfer_status"]) and negative:
                status = negative[0]
                if fx.get("status") == "all":
                    self.plan = Plan(target_seat=me.seat)
                else:
                    self.plan = Plan(
                        token=f"{me.seat}:{status}", target_seat=me.seat, dest_seat=opp.seat
                    )
                return action
            if phase == "main2":
                if verbs == ["draw"] and spare >= 2 and me.hand <= 4:
                    return action
                gain = verbs == ["gain_status"] and spare >= 2
                if gain and me.count(fx["status"]) < me.limit(fx["status"], 1):
                    return action
                if verbs == ["inflict_status"] and fx["status"] == "concussion" and spare >= 3:
                    return action
        self._ensure_economy()
        for action, cdef in plays:  # damage, CP, healing... (a Boss's Main Phase Action cards)
            if cdef.type != "main" or cdef.cost > me.cp:
                continue
            value, plan = self._parts_value(cdef, me, opp)
            if value is not None and value - cdef.cost * self._cpw > 0.3:
                self.plan = plan
                return action
        sells = [o.action for o in choice.options if o.action.kind == "sell"]
        if phase == "main2" and sells and me.hand > 6:
            return min(sells, key=lambda a: self.keep_value(engine, view, me, a.get("card")))
        return None

    def _dead(self, cdef, me: Fighter) -> bool:
        if cdef.type != "upgrade":
            return False
        if cdef.hero is not None and cdef.hero != me.hero:
            return True
        return me.level(cdef.upgrade_slot or "") >= cdef.upgrade_level

    def _cost(self, engine, cdef, me: Fighter) -> int:
        if cdef.type == "upgrade":
            hero = self.env.content.heroes[me.hero]
            current = me.level(cdef.upgrade_slot or "")
            if current > 1:
                for cid, card in engine.content.cards.items():
                    del cid
                    if (
                        card.type == "upgrade"
                        and card.hero == hero.id
                        and card.upgrade_slot == cdef.upgrade_slot
                        and card.upgrade_level == current
                    ):
                        return max(0, cdef.cost - card.cost)
        return cdef.cost

    def _reserve(self, engine, view: MatchView, seat: int, phase: str) -> int:
        """CP to keep for cards that will matter before the next Main Phase."""
        ids = self.hand_ids(view, seat)
        reserve = 0
        if phase == "main1":
            for cid in ids:
                cdef = engine.content.cards[cid]
                if any(
                    fx.verb == "inflict_status" and fx.get("status") == "stun"
                    for fx in cdef.effects
                ):
                    reserve = max(reserve, cdef.cost)
        else:
            for cid in ids:
                cdef = engine.content.cards[cid]
                if _prevents(cdef):
                    reserve = max(reserve, cdef.cost)
            if view.players[seat].statuses.get("knockdown"):
                reserve = max(reserve, 1)
        return reserve

    def _main_value(self, engine, view, cdef, me: Fighter, opp: Fighter, phase: str):
        """(points, plan) of playing this card in this Main Phase, or (None, None)."""
        env = self.env
        if cdef.type == "upgrade":
            return self._upgrade_value(cdef, me, opp, phase), None
        fxs = cdef.effects
        verbs = [fx.verb for fx in fxs]
        if cdef.type == "roll":
            return None, None
        if verbs == ["heal"]:
            amount = fxs[0]["amount"] if isinstance(fxs[0]["amount"], int) else 3
            room = me.cap - me.health
            gained = min(amount, room)
            return env.change(me.health, opp.health, me.health + gained, opp.health), None
        if verbs == ["draw"]:
            if phase != "main2":
                return None, None
            count = fxs[0]["count"] if isinstance(fxs[0]["count"], int) else 1
            return count * CARD_WORTH * 0.9 - 0.3 * CARD_WORTH, None
        if verbs == ["gain_status"]:
            return model.status_worth(fxs[0]["status"], me, opp, env, 1) * (
                1.0 if phase == "main2" else 0.5
            ), None
        if verbs == ["inflict_status"]:
            status = fxs[0]["status"]
            if status == "concussion" and phase != "main2":
                return None, None
            return -model.status_worth(status, opp, me, env, 1), Plan(target_seat=opp.seat)
        if verbs == ["remove_status"] or verbs == ["transfer_status"]:
            return self._status_card(engine, view, cdef, me, opp, phase)
        return self._parts_value(cdef, me, opp)

    def _parts_value(self, cdef, me: Fighter, opp: Fighter):
        """(points, plan) of a card made only of simple parts - damage to the opponent, a heal,
        CP for me or lost by the opponent, a status on the opponent, a cleanse, cards, a Bonus
        Damage token - summed, or
        (None, None) if any part is something else. The Bosses' Main Phase Action cards are
        such cards (Boss vs Many, Boss vs Boss), and a few hero and Loot cards."""
        env = self.env
        self._ensure_economy()
        cpw = self._cpw
        new_my, new_opp = me.health, opp.health
        my_cp = me.cp - cdef.cost
        points = 0.0
        aimed = False
        for fx in cdef.effects:
            verb = fx.verb
            amount = fx.get("amount", fx.get("count", fx.get("value", 1)))
            if not isinstance(amount, int):
                return None, None
            target = fx.get("target")
            if verb == "deal_damage" and target in (None, "opponent"):
                new_opp -= amount
                aimed = True
            elif verb == "heal" and target in (None, "self"):
                new_my = min(me.cap, new_my + amount)
            elif verb == "gain_cp" and target in (None, "self"):
                gained = max(0, min(amount, CP_MAX - my_cp))
                my_cp += gained
                points += gained * cpw
            elif verb == "lose_cp" and target == "opponent":
                points += min(amount, opp.cp) * CP_WORTH * 0.8  # their CP, at face value
                aimed = True
            elif verb == "remove_status" and target in (None, "self"):
                if fx.get("status") not in ("any_negative", "any", "all"):
                    return None, None
                bad = [
                    -model.status_worth(sid, me, opp, env, 1)
                    for sid, n in me.statuses
                    if n and env.content.statuses[sid].kind == "negative"
                ]
                points += max([0.0, *bad])
            elif verb == "draw" and target in (None, "self"):
                points += amount * CARD_WORTH * 0.9 - 0.3 * CARD_WORTH
            elif verb == "inflict_status" and target in (None, "opponent"):
                points -= amount * model.status_worth(fx["status"], opp, me, env, 1)
                aimed = True
            elif verb == "gain_bonus_damage":  # spent on a later Attack
                points += 0.8 * env.change(me.health, opp.health, me.health, opp.health - amount)
            else:
                return None, None
        points += env.change(me.health, opp.health, new_my, max(0, new_opp))
        return points, Plan(target_seat=opp.seat) if aimed else None

    def _status_card(self, engine, view, cdef, me: Fighter, opp: Fighter, phase: str):
        env = self.env
        fx = cdef.effects[0]
        best, plan = None, None
        removable = {
            sid: env.content.statuses[sid]
            for sid in env.content.statuses
            if env.content.statuses[sid].removable
        }

        def worth_on(f: Fighter, other: Fighter, status: str) -> float:
            # what f loses if one token is taken away (negative for a bad token)
            fewer = tuple((s, n - 1 if s == status else n) for s, n in f.statuses)
            return model.status_worth(status, replace(f, statuses=fewer), other, env, 1)

        if fx.verb == "transfer_status":
            for holder, other in ((me, opp), (opp, me)):
                for status, n in holder.statuses:
                    if n <= 0 or status not in removable or not removable[status].transferable:
                        continue
                    lose = worth_on(holder, other, status)
                    gain_other = model.status_worth(status, other, holder, env, 1)
                    if holder is me:
                        value = -lose - gain_other
                    else:
                        value = lose + gain_other
                    if best is None or value > best:
                        best = value
                        plan = Plan(token=f"{holder.seat}:{status}", dest_seat=other.seat)
            return best, plan
        spec = fx["status"]
        if spec == "all":
            mine = sum(-worth_on(me, opp, s) * n for s, n in me.statuses if s in removable)
            theirs = sum(worth_on(opp, me, s) * n for s, n in opp.statuses if s in removable)
            if mine >= theirs:
                return mine, Plan(target_seat=me.seat)
            return theirs, Plan(target_seat=opp.seat)
        for holder, other in ((me, opp), (opp, me)):
            for status, n in holder.statuses:
                if n <= 0 or status not in removable:
                    continue
                lose = worth_on(holder, other, status)
                value = -lose if holder is me else lose
                if status == "knockdown" and holder is me and phase != "main1":
                    value *= 0.5
                if best is None or value > best:
                    best = value
                    plan = Plan(token=f"{holder.seat}:{status}", target_seat=holder.seat)
        return best, plan

    def _upgrade_value(self, cdef, me: Fighter, opp: Fighter, phase: str) -> float | None:
        env = self.env
        hero = env.content.heroes[me.hero]
        slot = cdef.upgrade_slot or ""
        if me.level(slot) >= cdef.upgrade_level:
            return None
        kind = hero.slot(slot).kind
        horizon = max(1.5, min(6.0, min(me.health, opp.health) / model.AVG_TURN + 0.5))
        key = (me.hero, me.levels, opp.hero, opp.levels, cdef.id)
        cached = self._upgrades.get(key)
        if cached is None:
            cached = self._upgrade_gain(cdef, kind, slot, me, opp)
            self._upgrades[key] = cached
        gain = cached
        if kind in ("offensive", "ultimate") and phase == "main2":
            horizon -= 0.5
        elif kind == "defensive" and phase == "main1":
            horizon -= 0.3
        return max(0.0, gain) * horizon * self.params.get("upgrade_mult", 1.0)

    def _upgrade_gain(self, cdef, kind: str, slot: str, me: Fighter, opp: Fighter) -> float:
        """What an upgrade adds to one turn (its own, or the opponent's for a defense), at a
        reference Health so the answer holds for the whole match."""
        me = replace(self.coarse(me), health=30)
        opp = replace(self.coarse(opp), health=30)
        new_me = replace(me, levels=model.levels_with(me.levels, slot, cdef.upgrade_level))
        if kind in ("offensive", "ultimate"):
            return self.expected_turn(new_me, opp) - self.expected_turn(me, opp)
        if kind == "defensive":
            return self.expected_turn(opp, me) - self.expected_turn(opp, new_me)
        return 0.5

    def _sell_for(self, engine, view, choice, me: Fighter, candidates, phase: str):
        sells = [o.action for o in choice.options if o.action.kind == "sell"]
        if not sells:
            return None
        hand = view.players[me.seat].hand
        if phase == "main2" and len(hand) > 6:
            return min(sells, key=lambda a: self.keep_value(engine, view, me, a.get("card")))
        # short of CP for something valuable?
        for value, cost, _action, _plan in candidates:
            if value - cost * self._cpw > 3.0 and cost > me.cp and cost - me.cp <= 2:
                cheapest = min(
                    sells, key=lambda a: self.keep_value(engine, view, me, a.get("card"))
                )
                if self.keep_value(engine, view, me, cheapest.get("card")) < value / cost:
                    return cheapest
        return None

    def keep_value(self, engine, view, me: Fighter, card_entity: int) -> float:
        cdef = self.card(engine, card_entity)
        if cdef.type == "upgrade":
            if self._dead(cdef, me):
                return -1.0
            return 3.0 + cdef.cost * 0.3
        if cdef.id == "getting_paid":
            return 2.5
        if any(fx.verb == "inflict_status" and fx.get("status") == "stun" for fx in cdef.effects):
            return 4.0
        if cdef.attack_modifier:
            return 2.2
        if self.dice_card(engine, cdef.id):
            return 2.0 + (1.0 if self.dice_card(engine, cdef.id)[0] == "set_any" else 0.0)
        return 1.5

    def _discard(self, engine, view: MatchView, choice: PendingChoice):
        me = self.fighter(view, choice.player)
        return min(
            (o.action for o in choice.options),
            key=lambda a: self.keep_value(engine, view, me, a.get("card")),
        )
