"""Baseline dice keeping by the single-die rule, and the Easy level built on it.

`HeuristicAI` plays its cards like `SimpleAI` but keeps dice the way a rough re-roll
heuristic does (the approach of other open-source versions): for each ability it keeps the
dice that already count toward it and estimates the chance of finishing as if every missing
die were an independent single die with k tries, 1 - (1 - q)^k (q = 1/6 for one face, so
1 - (5/6)^k); it aims for the ability with the best chance x worth and stops once it holds
something at least that good. It is a baseline for the benchmark, not a level players pick.

`EasyAI` is the Easy level: the same heuristic dice, played loosely (now and then it keeps
at random), and cards used at random among the legal plays.
"""

from __future__ import annotations

from collections import Counter

from game.ai.simple import SimpleAI
from game.ai.value import effects_value
from game.content.defs import HeroDef, Requirement
from game.rules import ops
from game.rules.actions import Action, PendingChoice
from game.rules.dice import meets
from game.rules.view import match_view


def single_die_chance(q: float, tries: int) -> float:
    """Chance one die showing a face of probability q turns up within `tries` rolls."""
    return 1.0 - (1.0 - q) ** max(0, tries)


def plan_for(
    requirement: Requirement, hero: HeroDef, dice: list[int]
) -> tuple[list[int], list[float]]:
    """(positions worth keeping, per-die chance q of each missing die) for one requirement."""
    keep: list[int] = []
    missing: list[float] = []
    symbols = [hero.symbol_of(v) for v in dice]
    if requirement.straight:
        n = requirement.straight
        best_window: tuple[int, ...] = ()
        best_have = -1
        for low in range(1, 8 - n):
            window = tuple(range(low, low + n))
            have = len(set(window) & set(dice))
            if have > best_have:
                best_have, best_window = have, window
        used: set[int] = set()
        for pos, v in enumerate(dice):
            if v in best_window and v not in used:
                used.add(v)
                keep.append(pos)
        missing.extend([1 / 6] * (n - len(used)))
        return keep, missing
    if requirement.of_a_kind:
        value, count = Counter(dice).most_common(1)[0]
        keep = [pos for pos, v in enumerate(dice) if v == value][: requirement.of_a_kind]
        missing.extend([1 / 6] * max(0, requirement.of_a_kind - count))
        return keep, missing
    taken: set[int] = set()
    for symbol, count in requirement.symbols:
        q = sum(1 for f in hero.dice if f.symbol == symbol) / 6
        got = 0
        for pos, s in enumerate(symbols):
            if s == symbol and pos not in taken and got < count:
                taken.add(pos)
                got += 1
        missing.extend([q] * (count - got))
    for value, count in requirement.values:
        got = 0
        for pos, v in enumerate(dice):
            if v == value and pos not in taken and got < count:
                taken.add(pos)
                got += 1
        missing.extend([1 / 6] * (count - got))
    if requirement.same_symbol:
        rest = Counter(s for pos, s in enumerate(symbols) if pos not in taken)
        if rest:
            symbol, count = rest.most_common(1)[0]
            q = sum(1 for f in hero.dice if f.symbol == symbol) / 6
            got = 0
            for pos, s in enumerate(symbols):
                if s == symbol and pos not in taken and got < requirement.same_symbol:
                    taken.add(pos)
                    got += 1
            missing.extend([q] * (requirement.same_symbol - got))
        else:
            missing.extend([0.5] * requirement.same_symbol)
    keep = sorted(taken)
    return keep, missing


def heuristic_keep(rows, hero: HeroDef, dice: list[int], attempts_left: int):
    """Returns ('stop', row) to activate now, or ('roll', positions to re-roll)."""
    met = [(w, aid, i) for aid, i, req, w in rows if meets(req, hero, dice)]
    best_met = max(met, default=None)
    best_score, best_keep = -1.0, None
    for _aid, _i, req, w in rows:
        keep, missing = plan_for(req, hero, dice)
        chance = 1.0
        for q in missing:
            chance *= single_die_chance(q, attempts_left)
        score = chance * w
        if score > best_score:
            best_score, best_keep = score, keep
    if best_met is not None and (attempts_left <= 0 or best_met[0] >= best_score):
        return "stop", best_met
    if attempts_left <= 0 or best_keep is None:
        return "stop", best_met
    reroll = tuple(pos for pos in range(len(dice)) if pos not in best_keep)
    if not reroll:
        return "stop", best_met
    return "roll", reroll


class HeuristicAI(SimpleAI):
    """Single-die-rule dice, SimpleAI's card rules (a benchmark baseline)."""

    name = "heuristic"

    def _heuristic_rows(self, engine, seat: int):
        with engine.world.active():
            player = engine.player(seat)
            hero = engine.hero(player)
            rows = []
            for ability in ops.abilities(engine, player, ("offensive", "ultimate")):
                for index, row in enumerate(ability.rows):
                    worth = effects_value(hero, row.effects)
                    if ability.kind == "ultimate":
                        worth += 6.0
                    rows.append((ability.id, index, row.requirement, worth))
        return hero, rows

    def _offensive_roll(self, engine, choice: PendingChoice) -> Action | None:
        rolls = self._kinds(choice, "roll")
        view = match_view(engine)
        group = next((d for d in view.dice if d.group == view.combat.offense_group), None)
        if group is None or not all(group.values):
            return rolls[0].action if rolls else self._kinds(choice, "no_ability")[0].action
        if self.loose and rolls and self.rng.random() < 0.3:
            return self.rng.choice(rolls).action
        hero, rows = self._heuristic_rows(engine, choice.player)
        left = choice.context.get("attempts_left", 0) if rolls else 0
        what, detail = heuristic_keep(rows, hero, list(group.values), left)
        if what == "roll":
            for option in rolls:
                if tuple(option.action.get("dice")) == detail:
                    return option.action
        if detail is not None:
            _w, aid, index = detail
            for option in self._kinds(choice, "activate"):
                if option.action.get("ability") == aid and option.action.get("row") == index:
                    return option.action
        return self._kinds(choice, "no_ability")[0].action


class EasyAI(HeuristicAI):
    """The Easy level: loose heuristic dice, cards played at random."""

    name = "easy"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, loose=True)

    def decide(self, engine, choice: PendingChoice) -> Action:
        if choice.kind in ("main_phase", "respond"):
            plays = [o.action for o in choice.options if o.action.kind in ("play", "spend")]
            if plays and self.rng.random() < 0.35:
                return self.rng.choice(plays)
            if choice.kind == "respond":
                return self._pass(choice) or choice.options[0].action
            if (
                choice.context.get("phase") == "main2"
                and len(match_view(engine).players[choice.player].hand) > 6
            ):
                return super().decide(engine, choice)
            return self._pass(choice) or choice.options[0].action
        return super().decide(engine, choice)
