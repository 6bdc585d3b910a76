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
from array import array
from collections.abc import Sequence
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
from game.ai.policy_choose import ChoiceAnswers
from game.ai.policy_main import MainPhasePlans, Plan, _prevents
from game.ai.policy_respond import ResponsePlays
from game.ai.resolve import dice_key, dice_reads
from game.rules.actions import Action, PendingChoice
from game.rules.view import LazyMatchView, MatchView, PlayerView

_CACHE_LIMIT = 1024  # turn tables kept per (content, model parameters)
# the kinds of ability whose levels a turn's table reads, of the attacker and the defender
_ATTACKING = ("offensive", "ultimate")
_DEFENDING = ("defensive",)


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
        self.base: Sequence[float] = ()
        self.best_row: Sequence[int] = ()
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


class SmartAI(MainPhasePlans, ResponsePlays, ChoiceAnswers):
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
        self._prices: dict[tuple, tuple[float, float]] = {}  # see _economy
        self._upgrades: dict = {}
        self._defense: dict = {}
        self._fighters_of: MatchView | None = None
        self._fighters: dict[int, Fighter] = {}

    def has(self, feature: str) -> bool:
        return feature in self.features

    # ------------------------------------------------------------ entry point

    def decide(self, engine, choice: PendingChoice) -> Action:
        self._prepare(engine)
        # a MatchView built part by part as it is read (many answers read little or nothing)
        view = LazyMatchView(engine)
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
            self._prices = {}

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
        """The model's record of one player at this decision (built once per view and seat:
        a view is never changed once built)."""
        if self._fighters_of is not view:
            self._fighters_of = view
            self._fighters = {}
        found = self._fighters.get(seat)
        if found is None:
            found = self._fighters[seat] = self._read_fighter(view, seat)
        return found

    @staticmethod
    def _read_fighter(view: MatchView, seat: int) -> Fighter:
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

    def key_fighter(self, f: Fighter, kinds: tuple[str, ...] | None = None) -> Fighter:
        """The fighter as far as the turn's values can tell: the seat and the hand size never
        matter and CP only as 'can pay 2' (unless the hero's abilities read CP). The same
        hero in either seat shares its tables. With `kinds`, only the levels of those kinds
        of ability are kept: the attacker's turn reads their offensive and ultimate levels
        alone, the defender's only their defensive ones."""
        hero = self.env.content.heroes[f.hero]
        cp = f.cp if ("cp",) in model.hero_reads(hero) else min(f.cp, 2)
        levels = f.levels if kinds is None else model.levels_of_kinds(hero, f.levels, kinds)
        if cp == f.cp and f.hand == 0 and f.seat == 0 and levels == f.levels:
            return f
        # replace(f, seat=0, cp=cp, hand=0, levels=levels), built directly (twice a lookup)
        return Fighter(0, f.hero, levels, f.health, f.cap, cp, f.statuses, f.limits, 0, f.stunned)

    def coarse(self, f: Fighter) -> Fighter:
        """A rougher picture for slow-changing judgements (what an upgrade is worth)."""
        health = max(5, 5 * round(f.health / 5))
        return replace(f, health=health, cp=2, hand=0, statuses=(), stunned=False)

    def turn(self, me: Fighter, opp: Fighter) -> Turn:
        me, opp = self.key_fighter(me, _ATTACKING), self.key_fighter(opp, _DEFENDING)
        key = (me, opp)
        cached = self._turns.get(key)
        if cached is not None:
            return cached
        if len(self._turns) > _CACHE_LIMIT:
            self._turns.clear()
        t = self._turns[key] = self._new_turn(me, opp)
        return t

    def _new_turn(self, me: Fighter, opp: Fighter) -> Turn:
        """`turn`'s tables worked out for these two players."""
        env = self.env
        hero = env.content.heroes[me.hero]
        rows = model.offense_rows(hero, me.levels)
        # my levels only choose the rows: a row is worth the same at any of them
        me_any_level = replace(me, levels=()) if me.levels else me
        values = [env.row_value(hero, a, i, me_any_level, opp) for a, i, _r in rows]
        # each result's best row: rows taken in order, a later one only when strictly better
        base = [0.0] * len(ALL_FIVE)
        best_row = [-1] * len(ALL_FIVE)
        for i, met in enumerate(model.row_results(hero, me.levels)):
            v = values[i]
            if isinstance(v, float):
                for j in met:
                    if v > base[j]:
                        base[j] = v
                        best_row[j] = i
            else:
                for j in met:
                    x = v[j]
                    if x > base[j]:
                        base[j] = x
                        best_row[j] = i
        t = Turn()
        t.rows = [(a.id, i, values[k]) for k, (a, i, _r) in enumerate(rows)]
        # kept as arrays (the same numbers): hundreds of tables stay cached, and lists would
        # make every full garbage collection walk their entries
        t.base = array("d", base)
        t.best_row = array("i", best_row)
        return t

    def solver(self, t: Turn, cards: tuple, attempts: int) -> Solver:
        key = (cards, attempts)
        s = t.solvers.get(key)
        if s is None:
            s = shared_solver(self.terminal(t, cards), attempts)
            t.solvers[key] = s
        return s

    def terminal(self, t: Turn, cards: tuple) -> Sequence[float]:
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
        got = t.terminal[cards] = array("d", out)
        return got

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
        # The prices read only the two players and the cards in hand (and upgrade gains,
        # which were worked out the first time these were seen), so a state seen before in
        # this match is priced as it was then.
        key = (me, opp, tuple(cid for _entity, cid in hand))
        known = self._prices.get(key)
        if known is not None:
            self._cpw, self._cardw = known
            return
        if len(self._prices) > 4096:
            self._prices.clear()
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
        self._prices[key] = (self._cpw, self._cardw)

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
        # a defense reads its dice as a multiset, so the memo is kept by the sorted dice;
        # on a miss, dice it cannot tell apart (`dice_key`) share one answer too
        dice = tuple(sorted(dice))
        key = (id(hero), id(ability), dice, incoming)  # content outlives the memo
        found = self._defense.get(key)
        if found is None:
            if len(self._defense) > 100_000:
                self._defense.clear()
            seen = dice_key(dice_reads(ability.effects), model.hero_faces(hero), dice)
            alike = ("alike", id(hero), id(ability), seen, incoming)
            found = self._defense.get(alike)
            if found is None:
                found = self._defense[alike] = self._defense_worth(hero, ability, dice, incoming)
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
