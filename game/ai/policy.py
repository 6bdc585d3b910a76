"""The computer player for the Normal and Hard levels.

Both play the dice exactly: at every Roll Attempt they keep the dice that maximize the
expected worth of the turn over every ability they could activate (at its current level,
valued against this opponent's Health, defense and tokens by `game.ai.model`). Normal plays
the rest of the turn by rules of thumb; Hard weighs every card, token and CP decision by its
worth, plans its keeping around the dice cards in hand, and looks ahead with the model: the
opponent's remaining Roll Attempts are solved exactly when deciding whether to alter their
dice, their next turn is solved to value defenses and status effects, and CP is priced by
what it could buy this turn and next. Each Hard refinement is a named flag (`HARD`), so it
can be measured on its own (see `game.ai.arena.controller`).

The player answers only the engine's PendingChoice options, reading the table like a
player would (its own hand, both boards, tokens, Health, CP, the dice).
"""

from __future__ import annotations

import random
from dataclasses import replace

from game.ai import model
from game.ai.dice_solver import (
    ALL_FIVE,
    FIVE_INDEX,
    Solver,
    card_change,
    card_terminal,
    reroll_indices,
    shared_solver,
)
from game.ai.model import CARD_WORTH, CP_WORTH, Env, Fighter
from game.ai.policy_main import MainPhasePlans, Plan, _prevents
from game.ai.simple import _verbs as _spend_verbs
from game.ai.simple import companion_share, is_companion_share
from game.rules.actions import Action, PendingChoice
from game.rules.view import MatchView, PlayerView, match_view

_CACHE_LIMIT = 1024  # turn tables kept per (content, model parameters)


class Shared:
    """Tables that depend only on the content and the model's parameters, so every computer
    player of the process reads the same ones (a new match starts with them warm): the
    valuation `Env` with its memos, the turn tables and their solvers, defense worths, and
    the content indexes (dice cards, roll effects, choices). Nothing in them depends on a
    match's history, so sharing changes no decision. (Upgrade gains stay with each player:
    they are kept by hero and levels only, as first worked out in the match, so sharing them
    would let one match's answer decide another's.)"""

    __slots__ = (
        "choices",
        "content",
        "defense",
        "dice_cards",
        "env",
        "roll_fx",
        "turns",
    )

    def __init__(self, content, env: Env) -> None:
        self.content = content
        self.env = env
        self.turns: dict = {}
        self.defense: dict = {}
        self.dice_cards: dict | None = None  # id -> (mode, count, whose); see dice_card
        self.roll_fx: dict = {}
        self.choices: dict | None = None


_SHARED: dict[tuple, Shared] = {}


def shared_tables(content, model_params: dict) -> Shared:
    key = (id(content), tuple(sorted(model_params.items())))
    found = _SHARED.get(key)
    if found is None or found.content is not content:
        if len(_SHARED) >= 8:
            _SHARED.clear()
        found = Shared(content, Env(content, None, model_params))
        _SHARED[key] = found
    return found


class Turn:
    """Cached tables for one (me, opponent) state: row values, the value table, solvers."""

    __slots__ = ("base", "best_row", "rows", "solvers", "terminal")

    def __init__(self) -> None:
        self.rows: list = []
        self.base: list[float] = []
        self.best_row: list[int] = []
        self.terminal: dict = {}
        self.solvers: dict = {}


NORMAL: frozenset[str] = frozenset()
HARD = frozenset(
    {
        "card_dp",  # keep dice planning to finish with a card in hand
        "stop_any",  # stop any announced ability worth stopping, not only Ultimates
        "alter_rolls",  # alter effect dice, roll-offs and Evasive dice
        "improve_defense",  # Better D! and dice cards on the defense roll
        "save_cp",  # save CP for an upgrade affordable next turn
        "value_tokens",  # spend tokens and defensive cards by their worth, not thresholds
        "cp_plan",  # CP priced by what it could buy (a shadow price), not a constant
        "value_main",  # every Main Phase card weighed by its worth (Normal: rules of thumb)
        "value_modifiers",  # Attack Modifiers when they pay (Normal: whenever affordable)
    }
)


class SmartAI(MainPhasePlans):
    """`hard=False` is the Normal level, `hard=True` the Hard level."""

    name = "smart"

    def __init__(self, seed: int = 0, hard: bool = False, features=None, params=None) -> None:
        self.params = dict(params or {})
        self.rng = random.Random(seed)
        self.hard = hard
        self.features = frozenset(features if features is not None else (HARD if hard else NORMAL))
        self.plan: Plan | None = None
        self._env: Env | None = None
        self._shared: Shared | None = None
        self._turns: dict = {}
        self._cpw = CP_WORTH
        self._cardw = 0.6 * CARD_WORTH
        self._economy_for: tuple | None = None
        self._upgrades: dict = {}
        self._defense: dict = {}

    def has(self, feature: str) -> bool:
        return feature in self.features

    # ------------------------------------------------------------ entry point

    def decide(self, engine, choice: PendingChoice) -> Action:
        self._prepare(engine)
        view = match_view(engine)
        self._economy_for = (engine, view, choice.player)  # worked out when first needed
        if choice.kind != "choose":
            self.plan = None  # a plan only answers the questions of the card just played
        handler = getattr(self, f"_{choice.kind}", None)
        action = None
        if handler is not None:
            action = handler(engine, view, choice)
        if action is None or choice.find(action) is None:
            action = self._fallback(choice)
        return action

    def _prepare(self, engine) -> None:
        if self._env is None or self._env.content is not engine.content:
            model_params = {k[2:]: v for k, v in self.params.items() if k.startswith("m_")}
            shared = shared_tables(engine.content, model_params)
            self._shared = shared
            self._env = shared.env
            self._turns = shared.turns
            self._defense = shared.defense

    @property
    def env(self) -> Env:
        assert self._env is not None
        return self._env

    def _fallback(self, choice: PendingChoice) -> Action:
        for option in choice.options:
            if option.action.kind in ("pass", "end_phase", "accept"):
                return option.action
        for option in choice.options:
            if option.action.kind not in ("sell",):
                return option.action
        return choice.options[0].action

    # ------------------------------------------------------------ reading the table

    def fighter(self, view: MatchView, seat: int) -> Fighter:
        p = view.players[seat]
        return Fighter(
            seat=seat,
            hero=p.hero,
            levels=tuple(sorted(p.levels.items())),
            health=p.health,
            cap=p.start_health + 10,
            cp=p.cp,
            statuses=tuple(sorted((s, n) for s, n in p.statuses.items() if n > 0)),
            limits=tuple(sorted(p.limits.items())),
            hand=len(p.hand),
            stunned=p.statuses.get("stun", 0) > 0,
        )

    def opponents(self, view: MatchView, seat: int) -> list[PlayerView]:
        team = view.players[seat].team
        return [p for p in view.players if p.team != team and not p.defeated]

    def main_opponent(self, view: MatchView, seat: int) -> int:
        combat = view.combat
        if combat.attacker == seat and combat.defender is not None:
            return combat.defender
        if combat.defender == seat and combat.attacker is not None:
            return combat.attacker
        opps = self.opponents(view, seat)
        if not opps:
            return (seat + 1) % len(view.players)
        return min(opps, key=lambda p: (p.health, p.seat)).seat

    def card(self, engine, card_entity: int):
        with engine.world.active():
            return engine.content.cards[engine.card_id(card_entity)]

    def hand_ids(self, view: MatchView, seat: int) -> list[str]:
        return [cid for _e, cid in view.players[seat].hand]

    def dice_card(self, engine, card_id: str):
        """(mode, count, whose) for a card that alters dice, else None."""
        shared = self._shared
        if shared is None or shared.content is not engine.content:
            self._prepare(engine)
            shared = self._shared
        if shared.dice_cards is None:
            table = {}
            for cid, cdef in engine.content.cards.items():
                if cdef.type == "roll" and len(cdef.effects) == 1:
                    fx = cdef.effects[0]
                    if fx.verb == "alter_dice":
                        table[cid] = (fx["mode"], fx.get("count", 1), fx["whose"])
            shared.dice_cards = table
        return shared.dice_cards.get(card_id)

    def _plays(self, engine, choice: PendingChoice) -> list[tuple[Action, object]]:
        out = []
        for option in choice.options:
            if option.action.kind == "play":
                out.append((option.action, self.card(engine, option.action.get("card"))))
        return out

    def _option(self, choice: PendingChoice, kind: str, **args) -> Action | None:
        for option in choice.options:
            a = option.action
            if a.kind == kind and all(a.get(k) == v for k, v in args.items()):
                return a
        return None

    def _pass(self, choice: PendingChoice) -> Action | None:
        return self._option(choice, "pass") or self._option(choice, "end_phase")

    # ------------------------------------------------------------ the turn's value tables

    def key_fighter(self, f: Fighter) -> Fighter:
        """The fighter as far as the turn's values can tell: the hand size never matters and
        CP only as 'can pay 2' (unless the hero's abilities read CP)."""
        hero = self.env.content.heroes[f.hero]
        cp = f.cp if ("cp",) in model.hero_reads(hero) else min(f.cp, 2)
        if cp == f.cp and f.hand == 0:
            return f
        return replace(f, cp=cp, hand=0)

    def coarse(self, f: Fighter) -> Fighter:
        """A rougher picture for slow-changing judgements (what an upgrade is worth)."""
        health = max(5, 5 * round(f.health / 5))
        return replace(f, health=health, cp=2, hand=0, statuses=(), stunned=False)

    def turn(self, me: Fighter, opp: Fighter) -> Turn:
        me, opp = self.key_fighter(me), self.key_fighter(opp)
        key = (me, opp)
        cached = self._turns.get(key)
        if cached is not None:
            return cached
        if len(self._turns) > _CACHE_LIMIT:
            self._turns.clear()
        env = self.env
        hero = env.content.heroes[me.hero]
        rows = model.offense_rows(hero, me.levels)
        sat = model.satisfied_table(hero, me.levels)
        values = [env.row_value(hero, a, i, me, opp) for a, i, _r in rows]
        base = [0.0] * len(ALL_FIVE)
        best_row = [-1] * len(ALL_FIVE)
        for j in range(len(ALL_FIVE)):
            best, arg = 0.0, -1
            for i in sat[j]:
                v = values[i]
                if not isinstance(v, float):
                    v = v[j]
                if v > best:
                    best, arg = v, i
            base[j] = best
            best_row[j] = arg
        t = Turn()
        t.rows = [(a.id, i, values[k]) for k, (a, i, _r) in enumerate(rows)]
        t.base = base
        t.best_row = best_row
        self._turns[key] = t
        return t

    def solver(self, t: Turn, cards: tuple, attempts: int) -> Solver:
        key = (cards, attempts)
        s = t.solvers.get(key)
        if s is None:
            s = shared_solver(self.terminal(t, cards), attempts)
            t.solvers[key] = s
        return s

    def terminal(self, t: Turn, cards: tuple) -> list[float]:
        """The value table when the dice cards in `cards` ((mode, count, cost), ...) may
        finish the roll (one of them, the best)."""
        if not cards:
            return t.base
        got = t.terminal.get(cards)
        if got is not None:
            return got
        out = list(t.base)
        for mode, count, cost in cards:
            table = card_terminal(t.base, mode, count)
            for j, v in enumerate(table):
                if v - cost > out[j]:
                    out[j] = v - cost
        t.terminal[cards] = out
        return out

    def card_cost_points(self, cost: int) -> float:
        self._ensure_economy()
        return cost * self._cpw + self._cardw

    def _ensure_economy(self) -> None:
        pending = self._economy_for
        if pending is not None:
            self._economy_for = None
            self._economy(*pending)

    # ------------------------------------------------------------ CP planning

    def _economy(self, engine, view: MatchView, seat: int) -> None:
        """Set the worth of one CP and of a card in hand for this decision.

        Normal uses fixed prices. Hard prices CP by what it could buy: every use of CP in
        hand (upgrades by the turns they improve, cards by their typical worth, paying off a
        Knockdown) is ranked by points per CP and funded from the CP held plus the next
        Income; the worth of one more CP is that of the first use left unfunded."""
        self._cpw = self.params.get("cp", CP_WORTH)
        self._cardw = self.params.get("card", 0.6 * CARD_WORTH)
        if not self.has("cp_plan"):
            return
        me = self.fighter(view, seat)
        opp = self.fighter(view, self.main_opponent(view, seat))
        hand = view.players[seat].hand
        sinks: list[tuple[float, int]] = []  # (points per CP, CP)
        for _entity, cid in hand:
            cdef = engine.content.cards[cid]
            worth = self._sink_worth(engine, cdef, me, opp)
            cost = self._cost(engine, cdef, me)
            if worth is not None and cost > 0 and worth > 0:
                sinks.append((worth / cost, cost))
        if me.count("knockdown"):
            sinks.append((self.env.turn_worth(me) / 2.0, 2))
        sinks.sort(reverse=True)
        budget = me.cp + 1
        marginal = 0.3
        for per, cost in sinks:
            if cost > budget:
                marginal = per
                break
            budget -= cost
        self._cpw = max(0.3, min(2.5, marginal))
        size = len(hand)
        self._cardw = 0.15 if size >= 6 else (0.35 if size >= 5 else 0.6)

    def _sink_worth(self, engine, cdef, me: Fighter, opp: Fighter) -> float | None:
        """Rough points a card in hand is worth when its CP is paid (for CP planning)."""
        if cdef.type == "upgrade":
            if self._dead(cdef, me):
                return None
            return self._upgrade_value(cdef, me, opp, "main1")
        if cdef.cost <= 0:
            return None
        spec = self.dice_card(engine, cdef.id)
        if spec is not None:
            mode, count, _whose = spec
            return {"set_any": 3.0 + 1.5 * (count - 1), "reroll": 1.2 + 0.5 * (count - 1)}.get(
                mode, 1.8
            )
        if cdef.attack_modifier:
            hero = self.env.content.heroes[me.hero]
            ctx = model.WalkCtx(faces=model.hero_faces(hero))
            added = sum(p * o.add for p, o in model.walk(cdef.effects, ctx))
            return 0.8 * (added + 1.0)
        verbs = {fx.verb for fx in cdef.effects}
        if "inflict_status" in verbs and any(fx.get("status") == "stun" for fx in cdef.effects):
            return 0.5 * (self.env.turn_worth(me) + 1.0)
        if _prevents(cdef):
            return 0.6 * _prevents(cdef)
        if "extra_roll_attempts" in verbs:
            return 1.5
        if "draw" in verbs:
            return 1.2 * sum(
                fx["count"] if isinstance(fx["count"], int) else 1
                for fx in cdef.effects
                if fx.verb == "draw"
            )
        if "heal" in verbs:
            return 0.5 * min(4, me.cap - me.health)
        return 1.5

    def usable_dice_cards(self, engine, view, seat: int, whose_ok=("own", "team", "any")) -> tuple:
        """Distinct dice cards in hand this player can afford: ((mode, count, cost), ...)."""
        cp = view.players[seat].cp
        found = set()
        for cid in self.hand_ids(view, seat):
            spec = self.dice_card(engine, cid)
            if spec is None:
                continue
            mode, count, whose = spec
            cost = engine.content.cards[cid].cost
            if whose in whose_ok and cost <= cp:
                found.add((mode, count, self.card_cost_points(cost)))
        return tuple(sorted(found))

    def expected_turn(self, me: Fighter, opp: Fighter) -> float:
        t = self.turn(me, opp)
        return self.solver(t, (), 3).before_first_roll(3)

    # ------------------------------------------------------------ offensive roll

    def _offensive_roll(self, engine, view: MatchView, choice: PendingChoice):
        seat = choice.player
        rolls = [o.action for o in choice.options if o.action.kind == "roll"]
        group = None
        for d in view.dice:
            if d.group == view.combat.offense_group:
                group = d
        if group is None or not all(group.values):
            return rolls[0] if rolls else self._option(choice, "no_ability")
        me = self.fighter(view, seat)
        opp = self.fighter(view, self.main_opponent(view, seat))
        t = self.turn(me, opp)
        left = int(choice.context.get("attempts_left", 0))
        cards = self.usable_dice_cards(engine, view, seat) if self.has("card_dp") else ()
        dice = list(group.values)
        if rolls and left > 0:
            solver = self.solver(t, cards, max(left, 1))
            kept, _exp = solver.best_keep(dice, left)
            if kept is not None:
                wanted = reroll_indices(dice, kept)
                action = self._option(choice, "roll", dice=wanted)
                if action is not None:
                    return action
        return self._finish_roll(engine, view, choice, t, dice, group.group, left)

    def _finish_roll(self, engine, view, choice, t: Turn, dice, gid: int, left: int):
        """Stop rolling: a card that finishes a better combination, or the best ability."""
        j = FIVE_INDEX[tuple(sorted(dice))]
        here = t.base[j]
        best_value, best_action, best_plan = here, None, None
        cp = view.players[choice.player].cp
        for action, cdef in self._plays(engine, choice):
            spec = self.dice_card(engine, cdef.id)
            cost = self.card_cost_points(cdef.cost)
            if spec is not None:
                mode, count, _whose = spec
                value, plan = card_change(t.base, dice, mode, count)
                if plan is not None and value - cost > best_value + 0.25:
                    best_value, best_action = value - cost, action
                    if mode == "reroll":
                        best_plan = Plan(group=gid, reroll=tuple(plan))
                    else:
                        best_plan = Plan(group=gid, changes=list(plan))
            elif self._extra_attempts(cdef) and left == 0 and cdef.cost <= cp:
                solver = self.solver(t, self.usable_dice_cards(engine, view, choice.player), 1)
                value = solver.value(dice, 1)
                if value - cost > best_value + 0.25:
                    best_value, best_action, best_plan = value - cost, action, None
        if best_action is not None:
            self.plan = best_plan
            return best_action
        row = t.best_row[j]
        if row >= 0 and here > 0:
            ability, index, _v = t.rows[row]
            action = self._option(choice, "activate", ability=ability, row=index)
            if action is not None:
                return action
        activations = [o.action for o in choice.options if o.action.kind == "activate"]
        if activations and here > 0:
            return activations[0]
        return self._option(choice, "no_ability")

    @staticmethod
    def _extra_attempts(cdef) -> bool:
        whens = {w for w, _n in cdef.play_when}
        return any(fx.verb == "extra_roll_attempts" for fx in cdef.effects) and bool(
            whens & {"own_offensive_roll", "offensive_roll_open"}
        )

    # ------------------------------------------------------------ defense

    def _defense_choice(self, engine, view: MatchView, choice: PendingChoice):
        seat = choice.player
        me = self.fighter(view, seat)
        hero = self.env.content.heroes[me.hero]
        incoming = view.combat.incoming.get(seat, 0)
        best, best_score = None, None
        for option in choice.options:
            ability_id = option.action.get("option")
            for ability in model.defenses(hero, me.levels):
                if ability.id == ability_id:
                    profile = model.defense_profile(hero, ability, incoming)
                    score = sum(p * (f - b - model.HEAL_WEIGHT * h) for p, f, b, h, _ in profile)
                    if best_score is None or score < best_score:
                        best, best_score = option.action, score
        return best

    def _defensive_roll(self, engine, view: MatchView, choice: PendingChoice):
        roll = [o.action for o in choice.options if o.action.kind == "roll"]
        accept = self._option(choice, "accept")
        if accept is None:
            return roll[0] if roll else None
        # After the roll: improve it with a re-roll (extra attempts) or a card, or accept.
        better = (
            self._improve_defense(engine, view, choice) if self.has("improve_defense") else None
        )
        return better or accept

    def _improve_defense(self, engine, view, choice):
        seat = choice.player
        combat = view.combat
        group = next((d for d in view.dice if d.group == combat.defense_group), None)
        if group is None or combat.defense_ability is None:
            return None
        me = self.fighter(view, seat)
        hero = self.env.content.heroes[me.hero]
        ability = next(
            (a for a in model.defenses(hero, me.levels) if a.id == combat.defense_ability), None
        )
        if ability is None:
            return None
        incoming = self.projected(engine, seat)[0]
        dice = list(group.values)
        now = self.defense_worth(hero, ability, dice, incoming)
        rolls = [o.action for o in choice.options if o.action.kind == "roll"]
        if rolls:
            best, best_action = now, None
            for action in rolls:
                idx = action.get("dice")
                value = self._defense_reroll_worth(hero, ability, dice, idx, incoming)
                if value > best + 0.05:
                    best, best_action = value, action
            return best_action
        best, best_action, best_plan = now, None, None
        for action, cdef in self._plays(engine, choice):
            cost = self.card_cost_points(cdef.cost)
            spec = self.dice_card(engine, cdef.id)
            if spec is not None and spec[0] != "reroll":
                for change in self._die_changes(dice, spec[0], spec[1]):
                    new = list(dice)
                    for i, v in change:
                        new[i] = v
                    value = self.defense_worth(hero, ability, new, incoming) - cost
                    if value > best + 0.5:
                        best, best_action = value, action
                        best_plan = Plan(group=group.group, changes=list(change))
            elif any(fx.verb == "extra_roll_attempts" for fx in cdef.effects):
                value = -cost
                for size in range(1, len(dice) + 1):
                    from itertools import combinations

                    for idx in combinations(range(len(dice)), size):
                        worth = self._defense_reroll_worth(hero, ability, dice, idx, incoming)
                        value = max(value, worth - cost)
                if value > best + 0.5:
                    best, best_action, best_plan = value, action, None
        if best_action is not None:
            self.plan = best_plan
        return best_action

    @staticmethod
    def _die_changes(dice, mode: str, count: int):
        n = len(dice)
        if mode == "set_six":
            return [[(i, 6)] for i in range(n) if dice[i] != 6]
        if mode == "adjust_one":
            return [[(i, v)] for i in range(n) for v in (dice[i] - 1, dice[i] + 1) if 1 <= v <= 6]
        if mode == "copy_own":
            return [[(i, dice[j])] for i in range(n) for j in range(n) if dice[j] != dice[i]]
        if mode == "set_any":
            out = [[(i, v)] for i in range(n) for v in range(1, 7) if v != dice[i]]
            if count >= 2 and n >= 2:
                for a in range(n):
                    for b in range(a + 1, n):
                        for va in range(1, 7):
                            for vb in range(1, 7):
                                if va != dice[a] and vb != dice[b]:
                                    out.append([(a, va), (b, vb)])
            return out
        return []

    def defense_worth(self, hero, ability, dice, incoming: int) -> float:
        key = (id(hero), id(ability), tuple(dice), incoming)  # content outlives the memo
        found = self._defense.get(key)
        if found is None:
            if len(self._defense) > 100_000:
                self._defense.clear()
            found = self._defense_worth(hero, ability, dice, incoming)
            self._defense[key] = found
        return found

    def _defense_worth(self, hero, ability, dice, incoming: int) -> float:
        ctx = model.WalkCtx(faces=model.hero_faces(hero), incoming=incoming)
        total = 0.0
        for p, o in model.walk(ability.effects, ctx, tuple(dice)):
            sub = incoming - o.prevent
            base = max(sub, 0)
            final = max(0, sub - o.halve * model.half_up(base))
            saved = incoming - final
            total += p * (saved + o.damage + model.HEAL_WEIGHT * o.heal)
        return total

    def _defense_reroll_worth(self, hero, ability, dice, idx, incoming: int) -> float:
        from game.ai.dice_solver import outcomes

        kept = [d for i, d in enumerate(dice) if i not in idx]
        # the worth reads the dice as a multiset, so re-rolls keeping the same dice agree
        key = ("reroll", id(hero), id(ability), tuple(sorted(kept)), len(idx), incoming)
        found = self._defense.get(key)
        if found is not None:
            return found
        total = 0.0
        for rolled, p in outcomes(len(idx)):
            total += p * self.defense_worth(hero, ability, kept + list(rolled), incoming)
        self._defense[key] = total
        return total

    # ------------------------------------------------------------ damage waiting

    def projected(self, engine, seat: int) -> tuple[int, int, bool]:
        """(avoidable final damage, unstoppable damage, avoided) waiting for `seat` in open
        pools, with every modifier so far."""
        from game.rules import ops
        from game.rules.damage import final_damage

        avoidable = unstoppable = 0
        avoided = False
        with engine.world.active():
            player = engine.player(seat)
            for pool in ops.pools_waiting(engine):
                b = final_damage(player, pool.instances, pool.mods)
                unstoppable += b.unavoidable
                avoidable += b.final - b.unavoidable
                if b.avoided:
                    avoided = True
        return avoidable, unstoppable, avoided

    # ------------------------------------------------------------ responses

    def _respond(self, engine, view: MatchView, choice: PendingChoice):
        seat = choice.player
        window = choice.window
        combat = view.combat
        plays = self._plays(engine, choice)
        for action, cdef in plays:
            if cdef.id == "getting_paid" and view.players[seat].cp <= 13:
                return action
        free = self._option(choice, "reroll")
        if free is not None:
            act = self._free_reroll(engine, view, seat, free)
            if act is not None:
                return act
        if window == "offensive_announce" and combat.attacker is not None:
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
            if combat.attacker == seat:
                act = self._modify_attack(engine, view, choice)
                if act is not None:
                    return act
            act = self._protect(engine, view, choice)
            if act is not None:
                return act
        if window == "after_damage" and combat.attacker == seat:
            for action, cdef in plays:
                if any(
                    fx.verb == "inflict_status" and fx["status"] == "stun" for fx in cdef.effects
                ):
                    opp = combat.defender
                    if opp is not None and not view.players[opp].defeated:
                        return action
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
        dice_ids = list(choice.context.get("dice", []))
        groups = [d for d in view.dice if d.group in dice_ids and not d.locked]
        if not groups:
            return None
        plays = [
            (a, c, self.dice_card(engine, c.id))
            for a, c in self._plays(engine, choice)
            if self.dice_card(engine, c.id)
        ]
        if not plays:
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
        seat = choice.player
        me_f = self.fighter(view, seat)
        bad = [
            s
            for s, n in me_f.statuses
            if n
            and engine.content.statuses[s].kind == "negative"
            and engine.content.statuses[s].removable
        ]
        if not bad:
            return None
        hero = self.env.content.heroes[me_f.hero]
        for option in choice.options:
            action = option.action
            if action.kind == "spend":
                prof = model.spend_profile(
                    engine.content, action.get("status"), hero, "own_negative_status"
                )
                if prof.cleanse:
                    return action
        return None

    # ------------------------------------------------------------ questions

    def _choose(self, engine, view: MatchView, choice: PendingChoice):
        seat = choice.player
        plan = self.plan
        values = [o.action.get("option") for o in choice.options]
        labels = [o.label.lower() for o in choice.options]
        prompt = choice.prompt.lower()
        # dice questions
        if "which die" in prompt and plan and plan.changes:
            pos, _v = plan.changes[0]
            want = f"{plan.group}:{pos}"
            if want in values:
                return choice.options[values.index(want)].action
        if (
            ("change it to" in prompt or "one up or one down" in prompt or "copy which" in prompt)
            and plan
            and plan.changes
        ):
            _pos, v = plan.changes.pop(0)
            if v in values:
                return choice.options[values.index(v)].action
        if "which die" in prompt and plan and plan.changes == []:
            pass
        if "re-roll which" in prompt and plan and plan.reroll is not None:
            want = f"{plan.group}:{','.join(map(str, plan.reroll))}"
            if want in values:
                return choice.options[values.index(want)].action
        if "re-roll which" in prompt:
            return self._reroll_fallback(view, choice, seat)
        if (
            "which die" in prompt
            or "change it to" in prompt
            or "one up or one down" in prompt
            or "copy which" in prompt
        ):
            return self._die_fallback(engine, view, choice, seat)
        # tokens and players
        if "status effect" in prompt and plan and plan.token in values:
            return choice.options[values.index(plan.token)].action
        if "to which player" in prompt and plan and plan.dest_seat in values:
            return choice.options[values.index(plan.dest_seat)].action
        if "choose a player" in prompt:
            if plan and plan.target_seat in values:
                return choice.options[values.index(plan.target_seat)].action
            return self._player_fallback(engine, view, choice, seat)
        if "status effect" in prompt:
            return self._token_fallback(view, choice, seat)
        if "discard which" in prompt:
            me = self.fighter(view, seat)
            return min(
                (o.action for o in choice.options),
                key=lambda a: self.keep_value(engine, view, me, a.get("option")),
            )
        if is_companion_share(choice):
            return companion_share(view, choice)
        # effect choices
        for option, label in zip(choice.options, labels, strict=True):
            if label.startswith("pay") and "cp" in label:
                return option.action
        if any("prevent half" in lab for lab in labels):
            return self._duel_choice(engine, view, choice)
        if "spend" in values:
            return choice.options[values.index("spend")].action
        if "take" in values:  # an extra Roll Attempt offered by another player never hurts
            return choice.options[values.index("take")].action
        act = self._choose_by_content(engine, view, choice)
        if act is not None:
            return act
        return choice.options[0].action

    def _choose_by_content(self, engine, view, choice):
        """A 'choose one' of some effect: find it in the content by its labels and take the
        option worth most (its effects valued against the opponent, plus what it prevents)."""
        index = self._choice_index(engine)
        labels = tuple(o.label for o in choice.options)
        found = index.get(frozenset(labels))
        if found is None:
            return None
        seat = choice.player
        me = self.fighter(view, seat)
        opp = self.fighter(view, self.main_opponent(view, seat))
        hero = self.env.content.heroes[me.hero]
        avoidable, _u, _a = self.projected(engine, seat)
        best, best_action = None, None
        ctx = model.WalkCtx(
            faces=model.hero_faces(hero), facts=model.facts_of(model.state_key(me, opp))
        )
        for option in choice.options:
            effects = found.get(option.label)
            if effects is None:
                continue
            branches = model.walk(effects, ctx)
            value = self.env.attack_value(branches, me, opp)
            for p, o in branches:
                sub = max(0, avoidable - o.prevent)
                value += p * (avoidable - max(0, sub - o.halve * model.half_up(sub)))
            if best is None or value > best:
                best, best_action = value, option.action
        return best_action

    def _choice_index(self, engine) -> dict:
        """{frozenset of option labels: {label: effects}} for every 'choose one' in content."""
        if self._shared is None or self._shared.content is not engine.content:
            self._prepare(engine)
        if self._shared.choices is not None:
            return self._shared.choices
        index: dict = {}

        def scan(effects) -> None:
            for fx in effects:
                if fx.verb == "choose_one":
                    labels = {opt["label"]: opt["effects"] for opt in fx["options"]}
                    index[frozenset(labels)] = labels
                    for opt in fx["options"]:
                        scan(opt["effects"])
                for key in ("effects", "else", "win", "lose"):
                    if key in fx:
                        scan(fx[key])

        content = engine.content
        for hero in content.heroes.values():
            for slot in hero.slots:
                for level in slot.levels.values():
                    for ability in level:
                        scan(ability.effects)
                        for row in ability.rows:
                            scan(row.effects)
                        for trig in ability.triggers:
                            scan(trig.effects)
        for card in content.cards.values():
            scan(card.effects)
        for sdef in content.statuses.values():
            if sdef.spend:
                scan(sdef.spend.effects)
            for trig in sdef.triggers:
                scan(trig.effects)
        self._shared.choices = index
        return index

    def _duel_choice(self, engine, view, choice):
        seat = choice.player
        avoidable, unstoppable, _ = self.projected(engine, seat)
        attacker = view.combat.attacker
        best, best_action = None, None
        for option in choice.options:
            label = option.label.lower()
            if "prevent half" in label:
                saved = model.half_up(max(0, avoidable))
                value = self._damage_points(
                    view, seat, avoidable + unstoppable
                ) - self._damage_points(view, seat, avoidable - saved + unstoppable)
            else:
                digits = [int(w) for w in label.split() if w.isdigit()]
                dealt = digits[0] if digits else 3
                value = (
                    self._hit_points(view, seat, attacker, dealt) if attacker is not None else dealt
                )
            if best is None or value > best:
                best, best_action = value, option.action
        return best_action

    def _reroll_fallback(self, view, choice, seat):
        return choice.options[0].action

    def _die_fallback(self, engine, view, choice, seat):
        return choice.options[0].action

    def _player_fallback(self, engine, view, choice, seat):
        values = [o.action.get("option") for o in choice.options]
        if seat in values and any("prevent" in fx.verb for fx in ()):  # pragma: no cover
            return choice.options[values.index(seat)].action
        opps = [v for v in values if v != seat and view.players[v].team != view.players[seat].team]
        if opps:
            target = min(opps, key=lambda s: view.players[s].health)
            return choice.options[values.index(target)].action
        return choice.options[0].action

    def _token_fallback(self, view, choice, seat):
        me_team = view.players[seat].team
        best, best_action = None, None
        for option in choice.options:
            value = option.action.get("option")
            if not isinstance(value, str) or ":" not in value:
                continue
            holder, status = value.split(":", 1)
            holder_seat = int(holder)
            good = status in ("evasive", "reload")
            mine = view.players[holder_seat].team == me_team
            score = 1 if (mine and not good) or (not mine and good) else -1
            if best is None or score > best:
                best, best_action = score, option.action
        return best_action or choice.options[0].action

    def _choose_target(self, engine, view: MatchView, choice: PendingChoice):
        from game.ai.targeting import pick_target

        return pick_target(engine, view, choice, self._target_worth(view))

    def _target_worth(self, view: MatchView):
        """Points the attacker's activated ability is worth against a target (valued by the
        model, one opponent at a time), plus King of the Hill's bonus card for a Leader."""
        ability = view.combat.ability or view.combat.announced

        def worth(attacker: int, target: int) -> float:
            me = self.fighter(view, attacker)
            opp = self.fighter(view, target)
            t = self.turn(me, opp)
            value = 0.0
            for aid, _row, v in t.rows:
                if aid == ability:
                    value = max(value, v if isinstance(v, float) else max(v))
            if view.mode == "koth" and target in view.leaders and target != attacker:
                value += self._cardw
            return value - 0.01 * opp.health

        return worth

    def _targeting_evaluator(self, view: MatchView, seat: int, g):
        """The targeting die of a team game: each face valued by the target it gives (for the
        attacker's side; the other side wants the opposite)."""
        from game.ai.targeting import targeting_die_worth

        worth = self._target_worth(view)
        sign = 1.0 if view.players[g.owner].team == view.players[seat].team else -1.0
        memo: dict = {}

        def evaluate(dice):
            value = dice[g.group][0]
            if value not in memo:
                memo[value] = sign * targeting_die_worth(view, g.owner, value, worth)
            return memo[value]

        return evaluate

    def _order_triggers(self, engine, view, choice):
        return choice.options[0].action


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


def _gives(cdef, status: str) -> bool:
    return any(fx.verb == "gain_status" and fx["status"] == status for fx in cdef.effects)
