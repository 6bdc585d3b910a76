"""The printed enemy AI: how a Minion or a Boss answers every decision (rules 6, 42-45, 71-76).

Deterministic: it reads only the match state, so a seed plus the heroes' actions replays a
crawl exactly. The engine calls `decide` for any question put to an enemy seat
(`game.rules.engine.ENEMY_POLICY`); those answers are not recorded as actions.

* Offensive Roll (rules 43-44, 72): roll all 5 Chaos dice; while Roll Attempts are left and the
  Roll Objective is unmet, re-roll every die that does not fit it (`objective_keep`).
* Activation (rules 45, 73): the fulfilled ability ranked best by `ability_rank` - its priority
  number (bosses print one on every attack; a minion without numbers ranks its abilities by
  their order on the card, later = stronger), then an Ultimate over the rest, then the later
  row of a multi-row ability, then the ability id (alphabetical, last wins) - a fixed tie-break.
* Defensive Roll: roll the defense dice, use the result.
* Boss Main Phase (rule 71): play the drawn Main Phase Action if it can be played (affordable
  and, by its play conditions, not pointless), else sell it for 1 CP.
* Boss Roll Phase card (rule 74): played in the first response window after its ability is
  activated; if it never can be, the Boss Step sells it after the Roll Phase.
* Everything else (a question an effect asks, which defense, which trigger first): rule 6 says
  the option best for the enemy; we take the first option listed, except that an enemy never
  passes up damage it can add and always passes in a response window otherwise.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import esper

from game.content.defs import AbilityDef, HeroDef, Requirement
from game.rules import engine as engine_mod
from game.rules import ops
from game.rules.actions import Action, PendingChoice
from game.rules.components import Enemy
from game.rules.dice import meets

SYMBOL_ORDER = ("strike", "fury", "chaos")  # tie-break for "most of one symbol": rarer wins


# ---------------------------------------------------------------- the Roll Objective


def objective_keep(req: Requirement, board: HeroDef, values: Sequence[int]) -> list[int]:
    """Indices of the dice that fit the Roll Objective (rule 43: a die beyond the needed count
    of a symbol does not fit; rule 44 for straights). Every other die is re-rolled."""
    free = list(range(len(values)))
    keep: list[int] = []

    def take(pred, count: int) -> None:
        taken = 0
        for i in list(free):
            if taken >= count:
                break
            if pred(values[i]):
                free.remove(i)
                keep.append(i)
                taken += 1

    def symbol(v: int) -> str:
        return board.dice[v - 1].symbol

    for sym, count in req.symbols:
        take(lambda v, s=sym: symbol(v) == s, count)
    for value, count in req.values:
        take(lambda v, want=value: v == want, count)
    if req.same_symbol:
        counts = Counter(symbol(values[i]) for i in free)
        if counts:
            best = max(
                counts,
                key=lambda s: (
                    counts[s],
                    SYMBOL_ORDER.index(s) if s in SYMBOL_ORDER else -1,
                ),
            )
            take(lambda v, s=best: symbol(v) == s, req.same_symbol)
    if req.of_a_kind:
        counts = Counter(values[i] for i in free)
        if counts:
            best = max(counts, key=lambda v: (counts[v], v))
            take(lambda v, b=best: v == b, req.of_a_kind)
    if req.full_house:
        counts = Counter(values[i] for i in free)
        ranked = sorted(counts, key=lambda v: (counts[v], v), reverse=True)
        if ranked:
            take(lambda v, b=ranked[0]: v == b, 3)
        if len(ranked) > 1:
            take(lambda v, b=ranked[1]: v == b, 2)
    if req.straight:
        keep.extend(straight_keep([values[i] for i in free], free))
        free = [i for i in free if i not in keep]
    if req.any_dice:
        take(lambda v: True, req.any_dice)
    return sorted(keep)


def straight_keep(values: Sequence[int], indices: Sequence[int] | None = None) -> list[int]:
    """Rule 44: keep exactly one each of 2, 3, 4 and 5; keep a 1 or a 6 only if it already
    completes a Small (or Large) Straight with the dice showing; re-roll everything else."""
    indices = list(range(len(values))) if indices is None else list(indices)
    shown = set(values)
    keep: list[int] = []
    for want in (2, 3, 4, 5):
        for pos, v in enumerate(values):
            if v == want:
                keep.append(indices[pos])
                break
    for end, run in ((1, {1, 2, 3, 4}), (6, {3, 4, 5, 6})):
        if run <= shown:
            for pos, v in enumerate(values):
                if v == end:
                    keep.append(indices[pos])
                    break
    return sorted(keep)


def reroll_for(req: Requirement, board: HeroDef, values: Sequence[int]) -> tuple[int, ...]:
    """The dice (indices) the enemy re-rolls: none once the objective is met."""
    if meets(req, board, values):
        return ()
    keep = set(objective_keep(req, board, values))
    return tuple(i for i in range(len(values)) if i not in keep)


def objective_for(eng, player: int) -> Requirement:
    """A Minion's printed Roll Objective; a Boss's is the one on its last drawn Action card."""
    enemy = eng.content.enemies[eng.hero(player).id]
    if enemy.kind == "boss":
        from game.adventures.boss import current_objective

        found = current_objective(eng, player)
        if found is not None:
            return found
    return enemy.roll_objective


# ---------------------------------------------------------------- ranking abilities


def ability_rank(eng, player: int, ability: AbilityDef, row: int) -> tuple:
    enemy = eng.content.enemies[eng.hero(player).id]
    number = enemy.priority(ability.id)
    if number is None:
        slots = [s.id for s in enemy.board.slots]
        number = slots.index(ability.slot) if ability.slot in slots else 0
    return (number, ability.kind == "ultimate", row, ability.id)


def best_activation(eng, player: int, options) -> Action | None:
    best = None
    for option in options:
        action = option.action
        if action.kind != "activate":
            continue
        ability = ops.find_ability(eng, player, action.get("ability"))
        rank = ability_rank(eng, player, ability, action.get("row"))
        if best is None or rank > best[0]:
            best = (rank, action)
    return best[1] if best else None


# ---------------------------------------------------------------- answering


def _first(choice: PendingChoice, kind: str, **args) -> Action | None:
    for option in choice.options:
        action = option.action
        if action.kind == kind and all(action.get(k) == v for k, v in args.items()):
            return action
    return None


def decide(eng, choice: PendingChoice) -> Action:
    player = eng.player(choice.player)
    kind = choice.kind
    if kind == "offensive_roll":
        return _offense(eng, player, choice)
    if kind == "defensive_roll":
        return _first(choice, "roll") or _first(choice, "accept") or choice.options[0].action
    if kind == "main_phase":
        from game.adventures.boss import main_phase_action

        return main_phase_action(eng, player, choice)
    if kind == "respond":
        from game.adventures.boss import roll_card_action

        return (
            roll_card_action(eng, player, choice)
            or _first(choice, "pass")
            or choice.options[0].action
        )
    if kind == "discard":
        return _first(choice, "sell") or choice.options[0].action
    return choice.options[0].action


def _offense(eng, player: int, choice: PendingChoice) -> Action:
    combat = eng.combat
    group = eng.dice.groups.get(combat.offense_group) if combat.offense_group else None
    if group is None:
        roll = _first(choice, "roll")
        if roll is not None:
            return roll
    else:
        left = combat.attempts_total - combat.attempts_used
        if left > 0:
            dice = reroll_for(objective_for(eng, player), eng.hero(player), group.values)
            if dice:
                roll = _first(choice, "roll", dice=dice)
                if roll is not None:
                    return roll
    return (
        best_activation(eng, player, choice.options)
        or _first(choice, "no_ability")
        or (choice.options[0].action)
    )


def is_enemy(player: int) -> bool:
    return esper.has_component(player, Enemy)


if decide not in engine_mod.ENEMY_POLICY:
    engine_mod.ENEMY_POLICY[:] = [decide]
