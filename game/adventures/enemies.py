"""Minions and Bosses as enemy seats in the duel engine, and the Minion Battle steps.

Adventures run one `Engine` per scenario (mode ``adventure_crawl`` / ``adventure_boss``; this
module adds ``adventure_battle``, a single Minion Battle used by tests and the simulator). Heroes
are seats of team 0; every enemy is a seat of team `ENEMY_TEAM` carrying the `Enemy` component,
and its decisions are answered inside the engine by `game.adventures.enemy_ai` (not recorded).

Public API (see /tmp/helpers/adv_battle_api.md and docs/adventures_enemies.md):

* `add_enemy(eng, enemy_id, kings_hand=..., kings_hand_tokens=...)` -> player entity
* frames to push: `HeroStepFrame(hero, foe)` (rule 41), `MinionStepFrame(minion, target)`
  (rule 42), `boss.BossStepFrame(boss, target)` (rules 69-76); `battle_order(eng, minion)`
  says whether the Minion's step comes first (First Strike, rule 40)
* `defeated(eng, player)`, `rewards_of(eng, player)`, `living_enemies(eng)`

Every function taking `eng` must run inside `eng.world.active()` (frame handlers always do);
the `*_outside` helpers enter it themselves.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import esper

from game.adventures import enemy_ai  # noqa: F401 - installs the enemy policy
from game.content.defs import Reward
from game.rules import codec, ops
from game.rules import engine as engine_mod
from game.rules.components import (
    Board,
    CombatPoints,
    Enemy,
    Flags,
    Foe,
    HealthDial,
    InBattle,
    KingsHandRules,
    OnDial,
    Piles,
    Seat,
    Standing,
    StatusLimits,
    TurnFlags,
)
from game.rules.engine import _Processor, register_processor
from game.rules.frames import RollPhaseFrame, TurnFrame, UpkeepFrame
from game.rules.phases import push_triggers

HERO_TEAM = 0
ENEMY_TEAM = 1
KINGS_HAND = "kings_hand"


# ---------------------------------------------------------------- enemy seats


def add_enemy(
    eng,
    enemy_id: str,
    *,
    kings_hand: KingsHandRules | None = None,
    kings_hand_tokens: int | None = None,
    name: str = "",
    health: int | None = None,
    cp: int | None = None,
) -> int:
    """Seat a Minion or Boss in a running match (a Minion drawn mid-crawl, rule 32d / 37).

    Its Health dial starts at the card's Health (or `health`, e.g. a Boss's per-hero-count value),
    its CP at the card's CP. King's Hand: `kings_hand` holds the Scenario card's values (max per
    turn, success range); a Minion showing the symbol starts with 1 token (rule 37), a Boss with
    `kings_hand_tokens` (the Scenario card's count); `kings_hand_tokens` overrides either.
    Returns the new player entity; its seat index is `eng.seat(entity)`.
    """
    enemy = eng.content.enemies.get(enemy_id)
    if enemy is None:
        raise ValueError(f"unknown enemy '{enemy_id}'")
    info = eng.info
    index = len(info.players)
    start = health if health is not None else enemy.health
    dial = esper.create_entity(HealthDial(health=start, start=start))
    same = [p for p in info.players if esper.component_for_entity(p, Seat).hero == enemy_id]
    label = name or (enemy.name if not same else f"{enemy.name} {len(same) + 1}")
    player = esper.create_entity(
        Seat(index=index, team=ENEMY_TEAM, hero=enemy.id, name=label),
        OnDial(dial=dial),
        CombatPoints(cp=enemy.cp if cp is None else cp),
        Piles(),
        Board(levels={slot.id: 1 for slot in enemy.board.slots}),
        StatusLimits(),
        Flags(),
        Standing(),
        Enemy(enemy=enemy.id, kind=enemy.kind, level=enemy.level),
        kings_hand or KingsHandRules(),
    )
    info.players.append(player)
    info.turn_order.append(player)
    eng.emit(
        "enemy_joined",
        f"{label} ({'Boss' if enemy.kind == 'boss' else f'Minion, level {enemy.level}'}) enters "
        f"the fight with {start} Health.",
        player=index,
        enemy=enemy.id,
        enemy_kind=enemy.kind,
        level=enemy.level,
        health=start,
    )
    tokens = kings_hand_tokens
    if tokens is None:
        tokens = 1 if enemy.kings_hand and enemy.kind == "minion" else 0
    if tokens:
        ops.give_status(eng, player, KINGS_HAND, tokens, None)
    return player


def add_enemy_outside(eng, enemy_id: str, **kw) -> int:
    """`add_enemy` for callers outside the engine's world (returns the seat index)."""
    with eng.world.active():
        return eng.seat(add_enemy(eng, enemy_id, **kw))


def is_enemy(player: int) -> bool:
    return esper.has_component(player, Enemy)


def enemy_def(eng, player: int):
    return eng.content.enemies[eng.hero(player).id]


def enemies(eng) -> list[int]:
    return [p for p in eng.info.players if is_enemy(p)]


def living_enemies(eng) -> list[int]:
    return [p for p in enemies(eng) if eng.alive(p)]


def heroes(eng) -> list[int]:
    return [p for p in eng.info.players if not is_enemy(p)]


def defeated(eng, player: int) -> bool:
    """An enemy (or hero) whose Health dial reached 0 (rule 46: the Minion is defeated)."""
    return not eng.alive(player)


def rewards_of(eng, player: int) -> tuple[Reward, ...]:
    """The defeated Minion's printed Rewards (rule 46): loot chests are rolled by every hero;
    the rest goes to the Active Player."""
    return enemy_def(eng, player).rewards


def set_foe(eng, attacker: int, target: int | None) -> None:
    """Whom `attacker`'s abilities target (Adventures targeting, rules 41 / 42 / 76)."""
    if target is None:
        if esper.has_component(attacker, Foe):
            esper.remove_component(attacker, Foe)
        return
    esper.add_component(attacker, Foe(target=target))


def set_battle(eng, player: int, battle: int | None) -> None:
    """Put a hero or enemy in battle `battle` (e.g. the tile's index), or out of every battle.
    Players in a battle count only the enemies of the same battle as opponents."""
    if battle is None:
        if esper.has_component(player, InBattle):
            esper.remove_component(player, InBattle)
        return
    esper.add_component(player, InBattle(battle=battle))


def first_strike(eng, minion: int) -> bool:
    """Rule 40: a Minion with First Strike takes its Minion Step before the Hero Step."""
    return enemy_def(eng, minion).first_strike


def battle_order(eng, minion: int) -> tuple[str, str]:
    """("minion", "hero") with First Strike, else ("hero", "minion") (rules 26, 40)."""
    return ("minion", "hero") if first_strike(eng, minion) else ("hero", "minion")


# ---------------------------------------------------------------- frames


@dataclass(slots=True)
class HeroStepFrame:
    """Rule 41: a complete Dice Throne turn for `hero` against `foe` (the engaged Minion or the
    Boss): Upkeep, Income (never skipped in Adventures), Main (1), Roll Phase targeting `foe`,
    Main (2), Discard."""

    hero: int
    foe: int
    stage: int = 0


@dataclass(slots=True)
class MinionStepFrame:
    """Rule 42: the Minion's turn against `target` (the active hero): Upkeep (statuses and
    passives), no Income, no Main (1), the Offensive Roll by the printed AI (rules 43-45), the
    hero defends, no Main (2), no Discard. King's Hand may give it more Roll Phases."""

    minion: int
    target: int
    stage: int = 0


def start_enemy_turn(eng, player: int, label: str) -> None:
    """What a turn's start does (the active player, turn count, fresh per-turn flags)."""
    info = eng.info
    info.active = player
    info.turn += 1
    eng.standing(player).turns_taken += 1
    esper.add_component(eng.MATCH, TurnFlags())
    eng.emit(
        "turn_started",
        f"Turn {info.turn}: {eng.name(player)}'s {label}.",
        player=eng.seat(player),
        turn=info.turn,
        step=label,
    )


def end_enemy_turn(eng, player: int) -> None:
    push_triggers(eng, player, "end_of_turn")


def step_hero(eng, frame: HeroStepFrame) -> None:
    if frame.stage == 0:
        frame.stage = 1
        if not eng.alive(frame.hero):
            return
        set_foe(eng, frame.hero, frame.foe)
        eng.emit(
            "hero_step",
            f"{eng.name(frame.hero)}'s Hero Step against {eng.name(frame.foe)}.",
            player=eng.seat(frame.hero),
            foe=eng.seat(frame.foe),
        )
        eng.push(TurnFrame(player=frame.hero))
        return
    eng.pop()


def step_minion(eng, frame: MinionStepFrame) -> None:
    minion, target = frame.minion, frame.target
    if frame.stage == 0:
        frame.stage = 1
        if not eng.alive(minion):
            frame.stage = 3
            return
        set_foe(eng, minion, target)
        start_enemy_turn(eng, minion, "Minion Step")
        eng.push(UpkeepFrame(player=minion))
        return
    if frame.stage == 1:
        frame.stage = 2
        if eng.alive(minion) and eng.alive(target):
            eng.info.phase = "offensive_roll"
            eng.push(RollPhaseFrame(attacker=minion))
        return
    if frame.stage == 2:
        frame.stage = 3
        if eng.alive(minion):
            ops.expire_flags(eng, "end_of_turn")
            end_enemy_turn(eng, minion)
        return
    eng.pop()


# ---------------------------------------------------------------- a single Minion Battle


@dataclass(slots=True)
class BattleFrame:
    """Mode ``adventure_battle``: the heroes (seats of team 0) fight the enemies of the setup
    until one side is down. Each round every living hero takes a turn: (First Strike: the
    Minion Step first) the Hero Step against the first living enemy, then its Minion Step
    against that hero (rule 26). The simulator's and tests' stand-in for a crawl's battles."""

    order: list[int] = field(default_factory=list)
    index: int = 0
    queue: list[str] = field(default_factory=list)


def step_battle(eng, frame: BattleFrame) -> None:
    info = eng.info
    if info.turn_limit and info.turn >= info.turn_limit:
        info.over = True
        info.draw = True
        info.timed_out = True
        info.phase = "over"
        eng.emit(
            "game_over",
            f"The battle stops after {info.turn} turns.",
            winner_team=None,
            winners=[],
            draw=True,
            turn_limit=True,
        )
        return
    if not frame.order:
        frame.order = heroes(eng)
        for enemy in enemies(eng):
            if esper.try_component(enemy, KingsHandRules) is None:
                esper.add_component(enemy, KingsHandRules())
            if enemy_def(eng, enemy).kings_hand and not ops.status_count(eng, enemy, KINGS_HAND):
                ops.give_status(eng, enemy, KINGS_HAND, 1, None)
    if frame.queue:
        who = frame.queue.pop(0)
        hero = frame.order[(frame.index - 1) % len(frame.order)]
        foes = living_enemies(eng)
        if not foes or (not eng.alive(hero) and who == "minion"):
            return
        foe = foes[0]
        if who == "hero":
            if eng.alive(hero):  # rule 40: a hero whose Minion died still takes the full step
                eng.push(HeroStepFrame(hero=hero, foe=foe))
        elif enemy_def(eng, foe).kind == "boss":
            from game.adventures.boss import BossStepFrame

            eng.push(BossStepFrame(boss=foe, target=hero))
        else:
            eng.push(MinionStepFrame(minion=foe, target=hero))
        return
    for _ in range(len(frame.order)):
        hero = frame.order[frame.index % len(frame.order)]
        frame.index += 1
        if eng.alive(hero):
            foes = living_enemies(eng)
            if not foes:
                return
            if frame.index % len(frame.order) == 1 or len(frame.order) == 1:
                info.round += 1
            frame.queue = list(battle_order(eng, foes[0]))
            return


def _battle_start(eng) -> list:
    return [BattleFrame()]


# ---------------------------------------------------------------- ends of a match


def _announce(eng, team: int | None) -> None:
    info = eng.info
    info.over = True
    info.phase = "over"
    if team is None:
        info.draw = True
        eng.emit("game_over", "Nobody is left standing.", winner_team=None, winners=[], draw=True)
        return
    info.winner_team = team
    winners = [p for p in info.players if eng.team(p) == team]
    text = "The heroes win the battle!" if team == HERO_TEAM else "The heroes have fallen."
    eng.emit(
        "game_over",
        text,
        winner_team=team,
        winners=[eng.seat(p) for p in winners],
        draw=False,
    )


def battle_end_rule(eng, newly: list[int]) -> None:
    """``adventure_battle`` / ``adventure_boss``: the heroes win when every enemy is down -
    also if they fall at the same moment (rule 68: the team wins ties); the enemies win when
    every hero is down."""
    if not living_enemies(eng):
        _announce(eng, HERO_TEAM)
    elif not [h for h in heroes(eng) if eng.alive(h)]:
        _announce(eng, ENEMY_TEAM)


def crawl_end_rule(eng, newly: list[int]) -> None:
    """``adventure`` (a Portal Crawl): a falling Minion or hero never ends the match by
    itself - the crawl decides (Salves can revive, rule 55; rule 58-59)."""


class BattleProcessor(_Processor):
    steps = {
        HeroStepFrame: step_hero,
        MinionStepFrame: step_minion,
        BattleFrame: step_battle,
    }


register_processor(BattleProcessor(), {})
codec.register(HeroStepFrame, MinionStepFrame, BattleFrame)
engine_mod.MODE_STARTS.setdefault("adventure_battle", _battle_start)
ops.END_RULES.setdefault("adventure", crawl_end_rule)
ops.END_RULES.setdefault("adventure_battle", battle_end_rule)
ops.END_RULES.setdefault("adventure_boss", battle_end_rule)
