"""Bosses: setup with the Upgrade deck (rules 62-66) and the Boss Step (rules 69-76).

    boss = setup_boss(eng, "fallen_barbarian", health=70, upgrade_cp=8, starting_cp=2,
                      kings_hand_tokens=2, kings_hand=KingsHandRules(1, 5, 6))
    eng.push(BossStepFrame(boss=boss, target=active_hero))

The Boss's Action deck is its card pile (`Piles.deck`, card ids from its boss deck file); the
drawn Action card lies face up in its hand until it is played or sold, and it sets the Roll
Objective (`current_objective`). Call everything inside `eng.world.active()`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import esper

from game.adventures.enemies import add_enemy, end_enemy_turn, set_foe, start_enemy_turn
from game.content.defs import BossUpgrade, Requirement
from game.rules import codec, invariants, ops
from game.rules.actions import Action, PendingChoice
from game.rules.components import Board, CardInstance, CombatPoints, Foe, KingsHandRules
from game.rules.effects import adventure_verbs
from game.rules.engine import _Processor, register_processor
from game.rules.frames import MainFrame, RollPhaseFrame, UpkeepFrame
from game.rules.phases import set_phase
from game.rules.rng import shuffle

BOSS_SELL_CP = 1  # rule 71 / 74: an Action card sold gives 1 CP (the seeds lost the number)


# ---------------------------------------------------------------- upgrades (rules 64-66)


@dataclass(slots=True)
class UpgradeResult:
    levels: dict[str, int]  # slot -> level after setup (slots not listed stay at 1)
    placed: dict[str, str]  # slot -> id of the upgrade card lying on it
    spent: int  # Upgrade CP paid
    left: int  # Upgrade CP unspent (lost: the dial is then set to Starting CP, rule 66)
    discarded: list[str] = field(default_factory=list)  # drawn and discarded (no refund)
    stopped_by: str | None = None  # the card that could be placed but not paid for
    log: list[str] = field(default_factory=list)


def apply_upgrades(order: list[BossUpgrade], upgrade_cp: int) -> UpgradeResult:
    """Rule 65, card by card in `order` (the shuffled Upgrade deck, top first):

    * a card for a slot below its level is placed and paid in full;
    * a level 3 over that slot's level 2 costs only the difference of the two cards' costs;
    * a card whose slot already holds its level or higher is discarded (a level 2 after its
      level 3) and the next card is flipped - nothing is paid or refunded;
    * a card that could be placed but costs more than the Upgrade CP left is discarded and
      setup stops.
    """
    levels: dict[str, int] = {}
    placed: dict[str, BossUpgrade] = {}
    left = upgrade_cp
    result = UpgradeResult(levels={}, placed={}, spent=0, left=upgrade_cp)
    for card in order:
        current = levels.get(card.slot, 1)
        if card.level <= current:
            result.discarded.append(card.id)
            result.log.append(f"{card.name}: the slot is already level {current}; discarded")
            continue
        under = placed.get(card.slot)
        cost = card.cost - under.cost if under is not None else card.cost
        cost = max(0, cost)
        if cost > left:
            result.discarded.append(card.id)
            result.stopped_by = card.id
            result.log.append(f"{card.name}: costs {cost}, only {left} left; discarded, stop")
            break
        left -= cost
        levels[card.slot] = card.level
        placed[card.slot] = card
        result.log.append(f"{card.name}: {card.slot} to level {card.level} for {cost} CP")
    result.levels = levels
    result.placed = {slot: card.id for slot, card in placed.items()}
    result.left = left
    result.spent = upgrade_cp - left
    return result


# ---------------------------------------------------------------- boss state and setup


@dataclass(slots=True)
class BossState:
    """The Boss's setup record and the Action card that sets its Roll Objective."""

    boss: str
    objective_card: str = ""  # the last drawn Action card (rule 72)
    upgrades: dict[str, str] = field(default_factory=dict)  # slot -> upgrade card id
    upgrade_log: list[str] = field(default_factory=list)


def setup_boss(
    eng,
    boss_id: str,
    *,
    health: int,
    upgrade_cp: int,
    starting_cp: int,
    kings_hand_tokens: int = 0,
    kings_hand: KingsHandRules | None = None,
    upgrade_order: list[str] | None = None,
) -> int:
    """Rules 62-66: seat the Boss, shuffle its Upgrade deck (the match's RNG; or
    `upgrade_order`, ids top first, for tests), apply it with `upgrade_cp`, set the CP dial to
    `starting_cp` and the Health dial to `health`; shuffle the Action deck; give the Scenario
    card's King's Hand tokens. Returns the Boss's player entity."""
    deck = eng.content.bosses.get(boss_id)
    if deck is None:
        raise ValueError(f"no boss deck for '{boss_id}'")
    boss = add_enemy(
        eng,
        boss_id,
        kings_hand=kings_hand,
        kings_hand_tokens=kings_hand_tokens,
        health=health,
        cp=upgrade_cp,
    )
    by_id = {u.id: u for u in deck.upgrades}
    if upgrade_order is None:
        ids = [u.id for u in deck.upgrades]
        shuffle(eng.rng, ids)
    else:
        ids = list(upgrade_order)
    result = apply_upgrades([by_id[i] for i in ids], upgrade_cp)
    board = esper.component_for_entity(boss, Board)
    board.levels.update(result.levels)
    for line in result.log:
        eng.emit("note", f"{eng.name(boss)} upgrade: {line}.", player=eng.seat(boss))
    eng.emit(
        "boss_upgraded",
        f"{eng.name(boss)} spends {result.spent} of {upgrade_cp} Upgrade CP.",
        player=eng.seat(boss),
        levels=dict(result.levels),
        spent=result.spent,
        discarded=list(result.discarded),
    )
    points = esper.component_for_entity(boss, CombatPoints)
    points.cp = max(0, min(ops.CP_MAX, starting_cp))
    piles = eng.piles(boss)
    for action in deck.actions:
        piles.deck.append(esper.create_entity(CardInstance(card=action.card, owner=boss)))
    shuffle(eng.rng, piles.deck)
    esper.add_component(
        boss, BossState(boss=boss_id, upgrades=dict(result.placed), upgrade_log=list(result.log))
    )
    return boss


def current_objective(eng, boss: int) -> Requirement | None:
    state = esper.try_component(boss, BossState)
    if state is None or not state.objective_card:
        return None
    action = eng.content.bosses[state.boss].action(state.objective_card)
    return action.objective if action else None


# ---------------------------------------------------------------- hero bonuses (rule 70)

# kind -> handler(eng, hero, amount) for bonuses the engine cannot give by itself (Gold is the
# crawl's, Salves and Bonus Damage tokens are statuses when those exist). ADV-CRAWL may add more.
HERO_BONUS_HANDLERS: dict = {}


def grant_hero_bonus(eng, hero: int, kind: str, amount: int, source: str) -> None:
    eng.emit(
        "hero_bonus",
        f"{eng.name(hero)} collects the Hero Bonus of {source}: {amount} {kind.replace('_', ' ')}.",
        player=eng.seat(hero),
        bonus=kind,
        amount=amount,
        card=source,
    )
    # A single battle (mode adventure_battle: tests, the simulator) has no team Gold or Salves:
    # the handlers registered by the scenario drivers are for their own modes.
    handler = HERO_BONUS_HANDLERS.get(kind) if eng.info.mode != "adventure_battle" else None
    if handler is not None:
        handler(eng, hero, amount)
    elif kind == "cp":
        ops.gain_cp(eng, hero, amount, "Hero Bonus")
    elif kind == "health":
        ops.heal_now(eng, hero, amount, "Hero Bonus")
    elif kind == "cards":
        ops.draw(eng, hero, amount, "Hero Bonus")
    elif kind == adventure_verbs.BONUS_DAMAGE:  # one token showing +amount (rule 100)
        eng.push(adventure_verbs.bonus_frame(eng, hero, amount, "Hero Bonus"))
    elif kind in eng.content.statuses:  # salve as a status token
        ops.give_status(eng, hero, kind, amount, None)


# ---------------------------------------------------------------- the Boss Step


@dataclass(slots=True)
class BossStepFrame:
    """Rules 69-76: Upkeep; Income (+1 CP up to 15, draw the top Action card - the active
    hero collects its Hero Bonus); Main (1) (play or sell a Main Phase Action); the Roll Phase
    (roll toward the card's objective, the highest-priority fulfilled ability, target the active
    hero, who defends; a Roll Phase Action is played after activation); an unplayed card is sold
    after the Defensive Roll Phase; no Main (2), no Discard."""

    boss: int
    target: int
    stage: str = "upkeep"


def step_boss(eng, frame: BossStepFrame) -> None:
    boss, target = frame.boss, frame.target
    if frame.stage != "done" and not eng.alive(boss):
        frame.stage = "done"
    stage = frame.stage
    if stage == "upkeep":
        frame.stage = "income"
        set_foe(eng, boss, target)
        start_enemy_turn(eng, boss, "Boss Step")
        eng.push(UpkeepFrame(player=boss))
    elif stage == "income":
        frame.stage = "main1"
        set_phase(eng, "income")
        if eng.cp(boss) >= ops.CP_MAX:
            eng.emit("note", f"{eng.name(boss)} is already at 15 CP.", player=eng.seat(boss))
        else:
            ops.gain_cp(eng, boss, 1, "Income")
        card = eng._take_top(boss)
        if card is None:
            return
        eng.piles(boss).hand.append(card)
        card_id = eng.card_id(card)
        state = esper.component_for_entity(boss, BossState)
        state.objective_card = card_id
        cdef = eng.content.cards[card_id]
        action = eng.content.bosses[state.boss].action(card_id)
        eng.emit(
            "boss_action_drawn",
            f"{eng.name(boss)} draws the Action card {cdef.name} ({cdef.type} phase, "
            f"{cdef.cost} CP).",
            player=eng.seat(boss),
            card=card,
            card_id=card_id,
            card_type=cdef.type,
        )
        if action is not None and eng.alive(target):
            grant_hero_bonus(eng, target, action.bonus_kind, action.bonus_amount, cdef.name)
    elif stage == "main1":
        frame.stage = "roll"
        set_phase(eng, "main1")
        eng.push(MainFrame(player=boss, number=1))
    elif stage == "roll":
        frame.stage = "sell"
        if eng.alive(target):
            eng.push(RollPhaseFrame(attacker=boss))
    elif stage == "sell":
        frame.stage = "end"
        for card in list(eng.piles(boss).hand):  # rule 74: unplayed, sold after the DRP
            ops.sell(eng, boss, card)
    elif stage == "end":
        frame.stage = "done"
        ops.expire_flags(eng, "end_of_turn")
        end_enemy_turn(eng, boss)
    else:
        eng.pop()


# ---------------------------------------------------------------- the Boss's card decisions


def _action_cards(eng, boss: int, ctype: str) -> list[int]:
    return [c for c in eng.piles(boss).hand if ops.card_def(eng, c).type == ctype]


def would_do_nothing(eng, boss: int, card: int) -> bool:
    """Rules 71 / 74: an Action card whose every effect would change nothing now (a heal at
    full Health, a cleanse with nothing to remove, a status the hero cannot take more of, CP
    the hero does not have) is sold instead of played. Anything that deals or adds damage,
    rolls or asks something always counts as doing something."""
    target = _target_hero(eng, boss)
    for fx in ops.card_def(eng, card).effects:
        verb = fx.verb
        who = fx.get(
            "target", "self" if verb in ("heal", "gain_cp", "remove_status") else "opponent"
        )
        player = boss if who == "self" else target
        if player is None:
            continue
        if verb == "heal":
            if eng.health(player) < eng.dial(player).start:
                return False
        elif verb == "gain_cp":
            if eng.cp(player) < ops.CP_MAX:
                return False
        elif verb == "lose_cp":
            if eng.cp(player) > 0:
                return False
        elif verb == "remove_status":
            if any(
                ops.status_def(eng, s.status).kind == "negative"
                and ops.status_def(eng, s.status).removable
                for s in ops.held_statuses(eng, player)
            ):
                return False
        elif verb == "inflict_status":
            status = fx["status"]
            if ops.status_count(eng, player, status) < ops.stack_limit(eng, player, status):
                return False
        else:
            return False
    return True


def _target_hero(eng, boss: int) -> int | None:
    foe = esper.try_component(boss, Foe)
    return foe.target if foe is not None and eng.alive(foe.target) else None


def main_phase_action(eng, boss: int, choice: PendingChoice) -> Action:
    """Rule 71: play the Main Phase Action if it can be (paid, and its conditions hold), else
    sell it; a Roll Phase Action waits; then end the phase."""
    for card in _action_cards(eng, boss, "main"):
        for option in choice.options:
            if (
                option.action.kind == "play"
                and option.action.get("card") == card
                and not would_do_nothing(eng, boss, card)
            ):
                return option.action
        for option in choice.options:
            if option.action.kind == "sell" and option.action.get("card") == card:
                return option.action
    for option in choice.options:
        if option.action.kind == "end_phase":
            return option.action
    return choice.options[0].action


def roll_card_action(eng, boss: int, choice: PendingChoice) -> Action | None:
    """Rule 74: the Roll Phase Action is played in the first window after the Boss's ability
    is activated (in its own Roll Phase), when it can be."""
    combat = eng.combat
    if combat.attacker != boss or combat.ability is None:
        return None
    cards = {c for c in _action_cards(eng, boss, "roll") if not would_do_nothing(eng, boss, c)}
    for option in choice.options:
        if option.action.kind == "play" and option.action.get("card") in cards:
            return option.action
    return None


class BossProcessor(_Processor):
    steps = {BossStepFrame: step_boss}


def _action_deck_size(eng, player: int) -> int:
    """A set-up Boss also owns its Action deck (rule 63), beyond its (empty) board deck."""
    state = esper.try_component(player, BossState)
    return len(eng.content.bosses[state.boss].actions) if state is not None else 0


invariants.EXTRA_CARDS.append(_action_deck_size)


register_processor(BossProcessor(), {})
codec.register(BossStepFrame, BossState)
