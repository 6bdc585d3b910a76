"""The Boss Battle driver in the duel engine (rules 61-68, 75-76).

One `Engine` match of mode "adventure_boss": the heroes are seats of team 0 on one shared
Health dial (`MatchSetup.shared_team_dial`, the Scenario card's team Health, rule 61); the
Boss is an enemy seat set up by ADV-BATTLE's `boss.setup_boss` with the card's Health, Upgrade
CP and Starting CP (rules 62-66). `BossBattleFrame` rolls the Loot dice for the Start Player
(rule 23) and then gives each hero in turn a `BossTurnFrame` (rule 67):

1. Salves: spend any number to heal the shared dial (never to revive, rule 56);
2. Hero Step: a complete Dice Throne turn against the Boss (`enemies.HeroStepFrame`);
3. Boss Step: `boss.BossStepFrame`, run by the printed enemy AI, targeting this hero (76).

The match ends through ADV-BATTLE's end rule for "adventure_boss": the team wins when the Boss
falls, also when both reach 0 at the same moment (rule 68). Boss loot (rules 90-91) is dealt
afterwards, win or lose, by `game.adventures.conclusion`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import esper

from game.adventures import boss as boss_mod
from game.adventures.components import Adventurer, Scenario
from game.adventures.crawl import (
    adventurer,
    deal_salves,
    heroes,
    scenario,
    scenario_data,
    start_player_roll,
)
from game.rules import codec, ops
from game.rules.actions import Action, Option, act
from game.rules.components import KingsHandRules
from game.rules.engine import MODE_STARTS, _Processor, register_processor
from game.rules.phases import push_hero_setups

MODE = "adventure_boss"
BOSS_TURN_LIMIT = 300  # a harness safety valve: the battle is lost after this many hero turns


@dataclass(slots=True)
class BossBattleFrame:
    stage: str = "setup"
    index: int = 0


@dataclass(slots=True)
class BossTurnFrame:
    player: int
    stage: str = "salves"
    scratch: dict[str, Any] = field(default_factory=dict)


codec.register(BossBattleFrame, BossTurnFrame)


def start_frames(eng) -> list:
    return [BossBattleFrame()]


def _setup(eng) -> None:
    data = scenario_data(eng.setup)
    sc = Scenario(
        kind="boss",
        number=int(data["number"]),
        card=str(data["card"]),
        difficulty=str(data.get("difficulty", "")),
        salve_heal=int(data.get("salve_heal", 5)),
        starting_salves=int(data.get("salves", 0)),
    )
    esper.add_component(eng.MATCH, sc)
    sc.loot_decks = {k: list(v) for k, v in data.get("loot_decks", {}).items()}
    for player in heroes(eng):
        esper.add_component(player, Adventurer())
    kh = data.get("kings_hand") or {}
    sc.boss = boss_mod.setup_boss(
        eng,
        str(data["boss"]),
        health=int(data["boss_health"]),
        upgrade_cp=int(data.get("upgrade_cp", 0)),
        starting_cp=int(data.get("starting_cp", 2)),
        kings_hand_tokens=int(kh.get("tokens", 0)),
        kings_hand=KingsHandRules(
            max_per_turn=int(kh.get("max_per_turn", 1)),
            low=int(kh.get("low", 4)),
            high=int(kh.get("high", 6)),
        ),
    )
    eng.info.phase = "boss_battle"
    eng.emit(
        "boss_battle_started",
        f"Boss Battle {sc.number}: the team faces {eng.name(sc.boss)} with "
        f"{eng.dial(heroes(eng)[0]).health} shared Health.",
        number=sc.number,
        card=sc.card,
        boss=eng.seat(sc.boss),
    )


def step_battle(eng, frame: BossBattleFrame) -> None:
    info = eng.info
    if frame.stage == "setup":
        _setup(eng)
        frame.stage = "start_roll"
        return
    sc = scenario(eng)
    if frame.stage == "start_roll":
        players = heroes(eng)
        start = start_player_roll(eng, players)
        i = players.index(start)
        sc.order = players[i:] + players[:i]
        info.turn_order = [*sc.order, sc.boss]
        deal_salves(eng, sc.order, sc.starting_salves)
        eng.emit(
            "match_started",
            f"{eng.name(start)} rolled highest and takes the first turn.",
            start=eng.seat(start),
            order=[eng.seat(p) for p in sc.order],
        )
        push_hero_setups(eng, sc.order)  # rule 14: each hero is set up as normal
        frame.stage = "turns"
        return
    if sc.turns >= BOSS_TURN_LIMIT:
        info.over = True
        info.phase = "over"
        info.winner_team = 1
        sc.result = "lost"
        sc.why = f"the battle ran past {BOSS_TURN_LIMIT} turns (harness limit)"
        eng.emit("game_over", f"The team loses: {sc.why}.", winner_team=1, winners=[], draw=False)
        return
    order = sc.order
    for _ in range(len(order)):
        index = frame.index % len(order)
        frame.index = index + 1
        if index == 0:
            info.round += 1
        player = order[index]
        if eng.alive(player):
            eng.push(BossTurnFrame(player=player))
            return


def salve_options(eng, player: int) -> list[Option]:
    """Rule 56: Salves heal the shared dial at the start of your turn; they never revive."""
    adv = adventurer(player)
    if adv.salves <= 0:
        return []
    dial = eng.dial(player)
    if dial.health >= dial.cap:  # rule 99: healing stops 10 above the starting Health
        return []
    seat = eng.seat(player)
    sc = scenario(eng)
    return [
        Option(act(seat, "done"), "Spend no (more) Salves"),
        Option(
            act(seat, "salve", target=seat),
            f"Spend a Salve: the team heals {min(sc.salve_heal, dial.cap - dial.health)} "
            f"({adv.salves} left)",
        ),
    ]


def step_turn(eng, frame: BossTurnFrame) -> None:
    from game.adventures.enemies import HeroStepFrame

    sc = scenario(eng)
    player = frame.player
    if frame.stage == "salves":
        eng.info.active = player
        if "counted" not in frame.scratch:
            frame.scratch["counted"] = 1
            sc.turns += 1
        options = salve_options(eng, player)
        if not options:
            frame.stage = "hero"
            return
        eng.ask(player, "adventure_salves", "Salves: heal the team's dial, or go on.", options)
        return
    if frame.stage == "hero":
        frame.stage = "boss"
        if eng.alive(player) and eng.alive(sc.boss):
            eng.push(HeroStepFrame(hero=player, foe=sc.boss))
        return
    if frame.stage == "boss":
        frame.stage = "end"
        if eng.alive(player) and eng.alive(sc.boss):
            eng.push(boss_mod.BossStepFrame(boss=sc.boss, target=player))
        return
    eng.pop()


def answer_turn(eng, frame: BossTurnFrame, action: Action) -> None:
    if action.kind == "done":
        frame.stage = "hero"
        return
    sc = scenario(eng)
    adventurer(frame.player).salves -= 1
    sc.salves_used += 1
    ops.heal_now(eng, frame.player, sc.salve_heal, "a Salve")


def _bonus_salve(eng, hero: int, amount: int) -> None:
    adventurer(hero).salves += amount


def _bonus_gold(eng, hero: int, amount: int) -> None:
    sc = scenario(eng)
    sc.gold += amount  # no Gold dial matters in a Boss Battle; kept for the record


class BossBattleProcessor(_Processor):
    steps = {BossBattleFrame: step_battle, BossTurnFrame: step_turn}


register_processor(BossBattleProcessor(), {BossTurnFrame: answer_turn})
MODE_STARTS[MODE] = start_frames
boss_mod.HERO_BONUS_HANDLERS.setdefault("salve", _bonus_salve)
boss_mod.HERO_BONUS_HANDLERS.setdefault("gold", _bonus_gold)
