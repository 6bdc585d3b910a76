"""Processors for the match and the eight phases of a turn.

Upkeep -> Income -> Main (1) -> Offensive Roll -> Targeting Roll -> Defensive Roll -> Main (2)
-> Discard. The three Roll Phases run inside one `RollPhaseFrame`, whose stages follow the
rulebook's steps; every place where players may respond is a named `WindowFrame`.
"""

from __future__ import annotations

import esper

from game.rules import ops, variants
from game.rules.actions import Action, Option, PendingChoice, act, option
from game.rules.codec import register
from game.rules.components import Combat, Foe, TurnFlags
from game.rules.dice import describe_requirement
from game.rules.engine import _Processor, register_processor
from game.rules.frames import (
    TURN_STAGES,
    DamageFrame,
    DiceRollFrame,
    DiscardFrame,
    EffectCtx,
    IncomeFrame,
    MainFrame,
    MatchFrame,
    ResolveFrame,
    RollPhaseFrame,
    RollSessionFrame,
    TurnFrame,
    UpkeepFrame,
    WindowFrame,
)
from game.rules.index import passive_moments, status_triggers
from game.rules.options import Situation, response_options
from game.rules.resolution import perform_response
from game.rules.rng import roll_die
from game.rules.roll_session import answer_session, step_session

PHASE_NAMES = {
    "upkeep": "Upkeep Phase",
    "income": "Income Phase",
    "main1": "Main Phase (1)",
    "offensive_roll": "Offensive Roll Phase",
    "targeting_roll": "Targeting Roll Phase",
    "defensive_roll": "Defensive Roll Phase",
    "main2": "Main Phase (2)",
    "discard": "Discard Phase",
}


def set_phase(eng, phase: str) -> None:
    eng.info.phase = phase
    eng.emit(
        "phase_changed",
        f"{eng.name(eng.info.active)}: {PHASE_NAMES[phase]}.",
        phase=phase,
        player=eng.seat(eng.info.active),
    )


# ---------------------------------------------------------------- triggers


def collect_triggers(eng, player: int, moment: str) -> list[tuple]:
    """References to every token and passive ability of `player` that reacts to `moment`."""
    refs: list[tuple] = []
    statuses = eng.content.statuses
    for stack in ops.stacks_of(player).values():  # `held_statuses`: those holding a token
        if stack.count:
            for index in status_triggers(statuses[stack.status]).get(moment, ()):
                refs.append(("status", stack.status, index))
    if moment in passive_moments(eng.hero(player)):
        for ability in ops.abilities(eng, player, ("passive",)):
            for index, trig in enumerate(ability.triggers):
                if trig.on == moment:
                    refs.append(("ability", ability.id, index))
    return refs


def trigger_label(eng, ref: tuple) -> str:
    kind, ident, _index = ref
    if kind == "status":
        return ops.status_def(eng, ident).name
    return ident.replace("_", " ").title()


def trigger_frame(eng, player: int, ref: tuple, opp: int | None) -> ResolveFrame | None:
    kind, ident, index = ref
    scope = eng.new_scope()
    if kind == "status":
        count = ops.status_count(eng, player, ident)
        if count == 0:  # removed since it was collected
            return None
        sdef = ops.status_def(eng, ident)
        trig = sdef.triggers[index]
        ctx = EffectCtx(
            me=player,
            opp=opp,
            kind="status",
            source=sdef.name,
            status=ident,
            inflicter=ops.last_source(player, ident),
            scope=scope,
        )
        eng.program.vars[scope]["tokens"] = count
    else:
        ability = ops.find_ability(eng, player, ident)
        trig = ability.triggers[index]
        # A passive reacting during its holder's Roll Phase reads their offensive dice.
        combat = eng.combat
        rolled = combat.offense_group if combat.attacker == player else None
        ctx = EffectCtx(
            me=player, opp=opp, kind="passive", source=ability.name, scope=scope, rolled=rolled
        )
    frame = ResolveFrame(effects=trig.effects, ctx=ctx)
    if trig.condition is not None:
        from game.rules.effects import condition

        if not condition(eng, frame, trig.condition):
            return None
    return frame


def push_triggers(eng, player: int, moment: str, opp: int | None = None) -> None:
    frames = []
    for ref in collect_triggers(eng, player, moment):
        frame = trigger_frame(eng, player, ref, opp)
        if frame is not None:
            frames.append(frame)
    if frames:
        eng.push(*reversed(frames))


# ---------------------------------------------------------------- the match


def step_match(eng, frame: MatchFrame) -> None:
    info = eng.info
    if frame.stage == "start_roll":
        frame.stage = "hero_setup"
        _start_roll(eng)
        return
    if frame.stage == "hero_setup":
        frame.stage = "turns"
        push_hero_setups(eng, info.turn_order)
        return
    if info.turn_limit and info.turn >= info.turn_limit:
        info.over = True
        info.draw = True
        info.timed_out = True
        info.phase = "over"
        eng.emit(
            "game_over",
            f"The match stops after {info.turn} turns without a winner: a draw.",
            winner_team=None,
            winners=[],
            draw=True,
            turn_limit=True,
        )
        return
    order = info.turn_order
    for _ in range(len(order)):
        index = frame.next_index % len(order)
        frame.next_index = index + 1
        player = order[index]
        if eng.alive(player):
            if index == 0:
                info.round += 1
            eng.push(TurnFrame(player=player))
            return


def push_hero_setups(eng, players: list[int]) -> None:
    """Each hero's own setup step (Cursed Doubloons, Nyra, a Seedling, Synths...), resolved in
    `players`' order: the duel runs it after the roll for the first turn, and so do the
    Adventures sessions and Boss vs Many (one path for every mode)."""
    eng.push(*reversed(hero_setup_frames(eng, players)))


def hero_setup_frames(eng, players: list[int]) -> list[ResolveFrame]:
    """The frames of the heroes' own setup steps, in `players`' order (first to resolve first)."""
    setups = []
    for player in players:
        hero = eng.hero(player)
        if hero.setup:
            ctx = EffectCtx(
                me=player,
                opp=None,
                kind="setup",
                source=f"{hero.name} setup",
                scope=eng.new_scope(),
            )
            setups.append(ResolveFrame(effects=hero.setup, ctx=ctx))
    return setups


def _start_roll(eng) -> None:
    """Everyone rolls a die; the highest starts. Tied highest rollers roll again."""
    info = eng.info
    rolling = list(info.players)
    while True:
        results = {}
        for player in rolling:
            results[player] = roll_die(eng.rng)
            eng.emit(
                "start_roll",
                f"{eng.name(player)} rolls {results[player]} for the first turn.",
                player=eng.seat(player),
                value=results[player],
            )
        best = max(results.values())
        rolling = [p for p in rolling if results[p] == best]
        if len(rolling) == 1:
            break
        eng.emit("note", "A tie for the highest roll: the tied players roll again.")
    start = rolling[0]
    info.start_player = start
    info.turn_order = variants.turn_cycle(eng, start)
    skips = variants.start_player_skips_income(info.mode)  # not in Boss vs Many
    eng.emit(
        "match_started",
        f"{eng.name(start)} is the Start Player"
        + (" and skips their first Income Phase." if skips else " (and still collects Income)."),
        start=eng.seat(start),
        order=[eng.seat(p) for p in info.turn_order],
    )


# ---------------------------------------------------------------- a turn


_END = TURN_STAGES.index("end")


def step_turn(eng, frame: TurnFrame) -> None:
    info = eng.info
    player = frame.player
    if frame.stage < _END and frame.stage > 0 and not eng.alive(player):
        frame.stage = _END
    if frame.stage > _END:
        ops.expire_flags(eng, "end_of_turn")
        eng.pop()
        return
    stage = TURN_STAGES[frame.stage]
    frame.stage += 1
    if stage == "upkeep":
        info.active = player
        info.turn += 1
        eng.standing(player).turns_taken += 1
        esper.add_component(eng.MATCH, TurnFlags())
        ops.forget_resolved_pools(eng)
        eng.emit(
            "turn_started",
            f"Turn {info.turn}: {eng.name(player)}'s turn.",
            player=eng.seat(player),
            turn=info.turn,
        )
        eng.push(UpkeepFrame(player=player))
    elif stage == "income":
        eng.push(IncomeFrame(player=player))
    elif stage == "main1":
        set_phase(eng, "main1")
        eng.push(MainFrame(player=player, number=1))
    elif stage == "roll":
        eng.push(RollPhaseFrame(attacker=player))
    elif stage == "main2":
        set_phase(eng, "main2")
        eng.push(MainFrame(player=player, number=2))
    elif stage == "discard":
        set_phase(eng, "discard")
        eng.push(DiscardFrame(player=player))
    else:
        push_triggers(eng, player, "end_of_turn")


# ---------------------------------------------------------------- upkeep


def step_upkeep(eng, frame: UpkeepFrame) -> None:
    if frame.stage == "collect":
        set_phase(eng, "upkeep")
        pool = ops.new_pool(eng, "upkeep")
        eng.pools.current = pool.id
        frame.triggers = collect_triggers(eng, frame.player, "upkeep")
        frame.stage = "order"
        return
    if frame.stage == "order":
        if not frame.triggers:
            frame.stage = "land"
            return
        if len(frame.triggers) >= 2:
            # Only effects that would do something now need ordering (a trigger whose own
            # condition fails, e.g. the Pirate's Doubloons on herself, is left out).
            frame.triggers = [
                ref
                for ref in frame.triggers
                if trigger_frame(eng, frame.player, ref, None) is not None
            ]
            if not frame.triggers:
                frame.stage = "land"
                return
        if len(frame.triggers) >= 2:
            seat = eng.seat(frame.player)
            options = [
                Option(act(seat, "choose", option=i), f"Resolve {trigger_label(eng, ref)} next")
                for i, ref in enumerate(frame.triggers)
            ]
            eng.ask(
                frame.player,
                "order_triggers",
                "Several effects happen in your Upkeep Phase: which one first?",
                options,
            )
            return
        _run_upkeep_trigger(eng, frame, 0)
        return
    if frame.stage == "land":
        frame.stage = "done"
        pool_id = eng.pools.current
        eng.pools.current = None
        if pool_id is not None:
            eng.push(DamageFrame(pool=pool_id))
        return
    eng.pop()


def _run_upkeep_trigger(eng, frame: UpkeepFrame, index: int) -> None:
    ref = frame.triggers.pop(index)
    opponents = eng.opponents(frame.player)
    child = trigger_frame(eng, frame.player, ref, opponents[0] if len(opponents) == 1 else None)
    if child is not None:
        eng.push(child)


def answer_upkeep(eng, frame: UpkeepFrame, action: Action) -> None:
    _run_upkeep_trigger(eng, frame, action.get("option"))


# ---------------------------------------------------------------- income


def step_income(eng, frame: IncomeFrame) -> None:
    player = frame.player
    info = eng.info
    first_turn = (
        player == info.start_player
        and eng.standing(player).turns_taken == 1
        and variants.start_player_skips_income(info.mode)
    )
    if frame.stage == "triggers":
        set_phase(eng, "income")
        frame.stage = "gain"
        # The Start Player has no Income Phase on their first turn, so tokens waiting for
        # "your next Income Phase" (Concussion) keep waiting.
        if not first_turn:
            push_triggers(eng, player, "income")
        return
    eng.pop()
    if first_turn:
        eng.emit(
            "phase_skipped",
            f"{eng.name(player)} is the Start Player: no Income on the first turn.",
            player=eng.seat(player),
            phase="income",
        )
        return
    if "income" in eng.turn_flags.skip_phases:
        eng.emit(
            "phase_skipped",
            f"{eng.name(player)} skips the Income Phase.",
            player=eng.seat(player),
            phase="income",
        )
        return
    if eng.cp(player) >= ops.CP_MAX:
        eng.emit("note", f"{eng.name(player)} is already at 15 CP.", player=eng.seat(player))
    else:
        ops.gain_cp(eng, player, 1, "Income")
    ops.draw(eng, player, 1, "Income")


# ---------------------------------------------------------------- main phases


def main_options(eng, player: int) -> list[Option]:
    seat = eng.seat(player)
    options = [option(seat, "end_phase", "End this phase")]
    options += response_options(eng, player, Situation("main"))
    for card in eng.piles(player).hand:
        name = ops.card_def(eng, card).name
        options.append(option(seat, "sell", f"Sell {name} for 1 CP", card=card))
    return options


def step_main(eng, frame: MainFrame) -> None:
    player = frame.player
    prompt = f"Main Phase ({frame.number}): play cards, sell cards, or end the phase."
    eng.ask(player, "main_phase", prompt, main_options(eng, player), phase=f"main{frame.number}")


def answer_main(eng, frame: MainFrame, action: Action) -> None:
    player = frame.player
    if action.kind == "end_phase":
        eng.pop()
    elif action.kind == "sell":
        ops.sell(eng, player, action.get("card"))
    else:
        perform_response(eng, player, action, [])


# ---------------------------------------------------------------- discard


def step_discard(eng, frame: DiscardFrame) -> None:
    player = frame.player
    hand = eng.piles(player).hand
    if len(hand) <= ops.HAND_LIMIT:
        eng.pop()
        return
    seat = eng.seat(player)
    options = [
        Option(act(seat, "sell", card=card), f"Sell {ops.card_def(eng, card).name} for 1 CP")
        for card in hand
    ]
    eng.ask(
        player,
        "discard",
        f"You hold {len(hand)} cards: sell down to {ops.HAND_LIMIT}.",
        options,
    )


def answer_discard(eng, frame: DiscardFrame, action: Action) -> None:
    ops.sell(eng, frame.player, action.get("card"))


# ---------------------------------------------------------------- the roll phases


def step_roll_phase(eng, frame: RollPhaseFrame) -> None:
    handler = ROLL_STAGES[frame.stage]
    handler(eng, frame)


def _rp_start(eng, frame: RollPhaseFrame) -> None:
    pool = ops.new_pool(eng, "roll")
    esper.add_component(eng.MATCH, Combat(attacker=frame.attacker, pool=pool.id))
    eng.pools.current = pool.id
    set_phase(eng, "offensive_roll")
    if frame.extra:
        eng.emit(
            "note",
            f"{eng.name(frame.attacker)} takes an additional Offensive Roll Phase.",
            player=eng.seat(frame.attacker),
        )
    frame.stage = "roll"
    opponents = eng.opponents(frame.attacker)
    push_triggers(
        eng, frame.attacker, "before_offensive_roll", opponents[0] if len(opponents) == 1 else None
    )


def _rp_roll(eng, frame: RollPhaseFrame) -> None:
    combat = eng.combat
    if combat.skip:
        eng.emit(
            "phase_skipped",
            f"{eng.name(frame.attacker)} skips the Offensive Roll Phase.",
            player=eng.seat(frame.attacker),
            phase="offensive_roll",
        )
        frame.stage = "final"
        return
    frame.stage = "activate"
    eng.push(RollSessionFrame(player=frame.attacker, purpose="offense"))


def _rp_activate(eng, frame: RollPhaseFrame) -> None:
    combat = eng.combat
    attacker = frame.attacker
    opponents = eng.opponents(attacker)
    opp = opponents[0] if len(opponents) == 1 else None
    if combat.ability is None:
        eng.emit(
            "no_ability", f"{eng.name(attacker)} activates no ability.", player=eng.seat(attacker)
        )
        frame.stage = "final"
        push_triggers(eng, attacker, "offensive_roll_concluded", opp)
        return
    ability = ops.find_ability(eng, attacker, combat.ability)
    combat.ultimate = ability.kind == "ultimate"
    row = ability.rows[combat.row]
    requirement = describe_requirement(row.requirement, eng.hero(attacker))
    eng.emit(
        "ability_activated",
        f"{eng.name(attacker)} activates {ability.name} ({requirement})"
        + (
            "  - an ULTIMATE: opponents can do nothing until the Roll Phase ends!"
            if combat.ultimate
            else "."
        ),
        player=eng.seat(attacker),
        ability=ability.id,
        row=combat.row,
        ultimate=combat.ultimate,
    )
    frame.stage = "activated"
    # Tokens reacting to the end of the Offensive Roll (Blind) may make the ability fail.
    push_triggers(eng, attacker, "offensive_roll_concluded", opp)


def forced_target(eng, attacker: int) -> int | None:
    """Adventures: the living player this attacker must target (its `Foe`), if any."""
    foe = esper.try_component(attacker, Foe)
    if foe is not None and eng.alive(foe.target):
        return foe.target
    return None


def _rp_activated(eng, frame: RollPhaseFrame) -> None:
    combat = eng.combat
    attacker = frame.attacker
    if combat.cancelled:
        frame.stage = "final"
        return
    forced = forced_target(eng, attacker)
    if forced is not None:  # Adventures: the engaged Minion / the Boss / the active hero
        frame.target = forced
        frame.stage = "resolve"
        return
    if frame.extra:
        frame.target = (
            frame.target if frame.target is not None and eng.alive(frame.target) else None
        )
        frame.stage = "resolve"
        return
    opponents = eng.opponents(attacker)
    if len(opponents) == 1 and eng.info.mode == "koth":
        _fix_target(eng, frame, opponents[0])  # the last opponent may still be a Leader
        return
    if len(opponents) <= 1:
        frame.target = opponents[0] if opponents else None
        frame.stage = "resolve"
        return
    ability = ops.find_ability(eng, attacker, combat.ability)
    if not variants.touches_opponent(ability.rows[combat.row].effects):
        # Rules 26 and 28: nothing in it acts on an opponent, so no target and no Targeting
        # Roll - its parts resolve on the attacker alone.
        frame.target = None
        frame.stage = "resolve"
        return
    frame.stage = "targeting"


def _rp_targeting(eng, frame: RollPhaseFrame) -> None:
    set_phase(eng, "targeting_roll")
    attacker = frame.attacker
    if variants.uses_table(eng.info.mode):
        # Team formats roll one die on the targeting table. It is an ordinary roll: players may
        # alter it (after an Ultimate only the attacker's side can: opponents are locked out).
        group = ops.new_group(eng, attacker, eng.hero(attacker).id, 1, "targeting")
        frame.stage = "target_roll"
        eng.push(DiceRollFrame(group=group.id, roller=attacker, stage="roll", dice_only=True))
        return
    _ask_target(
        eng, attacker, eng.opponents(attacker), "Choose the opponent to target.", "choose_any"
    )


def _ask_target(eng, chooser: int, picks: list[int], prompt: str, reason: str) -> None:
    """A `choose_target` question; its context names the attacker and why it is asked
    (`choose_any` in King of the Hill, else the targeting roll's result)."""
    seat = eng.seat(chooser)
    attacker = eng.combat.attacker
    options = []
    for p in picks:
        label = f"Target {eng.name(p)}"
        if attacker is not None and variants.leader_bonus(eng, attacker, p):
            label += " (a Leader: draw 1 card if it is an Attack)"
        options.append(Option(act(seat, "choose", option=eng.seat(p)), label))
    eng.ask(
        chooser,
        "choose_target",
        prompt,
        options,
        attacker=None if attacker is None else eng.seat(attacker),
        reason=reason,
    )


def _targeting_value(eng) -> int:
    for group in eng.dice.groups.values():
        if group.purpose == "targeting":
            return group.values[0]
    raise RuntimeError("no targeting die on the table")  # pragma: no cover - an engine bug


def _table_picks(eng, frame: RollPhaseFrame) -> tuple[int, str, list[int]]:
    ordered = variants.opponents_clockwise(eng, frame.attacker)
    value = _targeting_value(eng)
    result = variants.table_result(eng.info.mode, value, len(ordered))
    seats = [eng.seat(p) for p in ordered]
    picks = [eng.player(s) for s in variants.candidates(result, seats)]
    return value, result, picks


def _rp_target_roll(eng, frame: RollPhaseFrame) -> None:
    value, result, picks = _table_picks(eng, frame)
    eng.emit(
        "targeting_roll",
        f"Targeting roll {value}: {variants.result_text(result)}.",
        attacker=eng.seat(frame.attacker),
        value=value,
        result=result,
        table=eng.info.mode,
    )
    if len(picks) == 1:
        _fix_target(eng, frame, picks[0])
        return
    frame.stage = "target_pick"


def target_chooser(eng, attacker: int, result: str, picks: list[int]) -> int:
    """Who answers a table result that leaves a choice: the attacker, or for "the opponents
    choose" the candidate who plays next in turn order (speaking for their team), passing
    over one who cannot act (Stun) if a teammate can."""
    if result != "opponents_choose":
        return attacker
    ordered = [p for p in eng.priority_order() if p in picks]
    able = [p for p in ordered if not ops.incapacitated(eng, p)]  # a Stunned player can't
    return (able or ordered)[0]


def _rp_target_pick(eng, frame: RollPhaseFrame) -> None:
    _value, result, picks = _table_picks(eng, frame)
    chooser = target_chooser(eng, frame.attacker, result, picks)
    if chooser == frame.attacker:
        prompt = "Targeting roll: choose the opponent to target."
    else:
        who = eng.name(frame.attacker)
        prompt = f"Targeting roll: your team chooses which of you {who} targets."
    _ask_target(eng, chooser, picks, prompt, result)


def _fix_target(eng, frame: RollPhaseFrame, target: int) -> None:
    """The Defender is settled. In King of the Hill, targeting a Leader with an Attack draws a
    card at once, before anything else happens."""
    frame.target = target
    frame.stage = "resolve"
    attacker = frame.attacker
    combat = eng.combat
    bonus = False
    if variants.leader_bonus(eng, attacker, target) and combat.ability is not None:
        ability = ops.find_ability(eng, attacker, combat.ability)
        bonus = variants.can_attack(ability.rows[combat.row].effects, ability.damage_type)
    eng.emit(
        "target_chosen",
        f"{eng.name(attacker)} targets {eng.name(target)}."
        + (" Attacking a Leader earns a card." if bonus else ""),
        attacker=eng.seat(attacker),
        target=eng.seat(target),
        leader_bonus=bonus,
    )
    if bonus:
        ops.draw(eng, attacker, 1, "attacking a Leader")


def _rp_resolve(eng, frame: RollPhaseFrame) -> None:
    combat = eng.combat
    attacker = frame.attacker
    combat.defender = frame.target
    if combat.ultimate and frame.target is not None and not combat.ultimate_checked:
        # The target of an Ultimate may react before it resolves (King's Hand, Adventures 53).
        combat.ultimate_checked = True
        push_triggers(eng, frame.target, "targeted_by_ultimate", attacker)
        return
    ability = ops.find_ability(eng, attacker, combat.ability)
    ctx = EffectCtx(
        me=attacker,
        opp=frame.target,
        kind=ability.kind,
        source=ability.name,
        dtype=ability.damage_type,
        rolled=combat.offense_group,
        scope=eng.new_scope(),
        ultimate=combat.ultimate,
    )
    frame.stage = "attack_check"
    eng.push(ResolveFrame(effects=ability.rows[combat.row].effects, ctx=ctx))


def _rp_attack_check(eng, frame: RollPhaseFrame) -> None:
    combat = eng.combat
    defender = combat.defender
    if not combat.attack or defender is None or not eng.alive(defender):
        frame.stage = "final"
        _collateral_only(eng, frame.attacker)
        return
    set_phase(eng, "defensive_roll")
    eng.emit(
        "attack_declared",
        f"{eng.name(frame.attacker)} Attacks {eng.name(defender)}.",
        attacker=eng.seat(frame.attacker),
        defender=eng.seat(defender),
        dtype=combat.attack_type,
    )
    frame.stage = "before_defense"
    # When the Attack is made: the Defender's tokens react (e.g. Bounty), then the attacker's.
    push_triggers(eng, frame.attacker, "attacking", defender)
    push_triggers(eng, defender, "attacked", frame.attacker)


def _collateral_only(eng, attacker: int) -> None:
    """The activated ability made no Attack but dealt collateral damage: each opponent's
    `opponent_collateral_only` triggers react (the Cursed Pirate's Powder Keg), with the
    attacker as their opponent. A failed or zero-damage Attack still counts as an Attack."""
    combat = eng.combat
    if combat.ability is None or combat.attack or combat.pool is None:
        return
    pool = eng.pools.pools.get(combat.pool)
    if pool is None or not any(
        i.source == attacker and i.dtype == "collateral" for i in pool.instances
    ):
        return
    for player in reversed(eng.opponents(attacker)):
        push_triggers(eng, player, "opponent_collateral_only", attacker)


def _rp_before_defense(eng, frame: RollPhaseFrame) -> None:
    frame.stage = "defense"
    eng.push(WindowFrame(name="before_defense", order=eng.priority_order()))


def can_defend(eng) -> tuple[bool, str]:
    combat = eng.combat
    defender = combat.defender
    if defender is None or not eng.alive(defender):
        return False, "no defender"
    if combat.ultimate:
        return False, "Ultimate damage cannot be defended"
    if combat.no_defense:
        return False, "that Offensive Roll Phase already counts as finished"
    pool = eng.pools.pools[combat.pool]
    enemy = eng.content.enemies.get(eng.hero(defender).id)
    # A Unique Defense works against every damage type but Ultimate (Adventures rule 38.8).
    types = (
        ("normal", "undefendable", "pure", "collateral")
        if enemy and enemy.unique_defense
        else ("normal",)
    )
    if not any(i.attack and i.target == defender and i.dtype in types for i in pool.instances):
        return False, "the Attack's damage is undefendable"
    if ops.incapacitated(eng, defender):
        return False, f"{eng.name(defender)} cannot act"
    for stack in ops.held_statuses(eng, defender):
        sdef = ops.status_def(eng, stack.status)
        if sdef.no_defense:
            return False, f"{eng.name(defender)} is in {sdef.name} and makes no defense"
    if not ops.abilities(eng, defender, ("defensive",)):
        return False, "no Defensive Ability"
    return True, ""


def _rp_defense(eng, frame: RollPhaseFrame) -> None:
    combat = eng.combat
    ok, why = can_defend(eng)
    if not ok:
        eng.emit("note", f"No Defensive Roll: {why}.")
        frame.stage = "final"
        return
    defender = combat.defender
    defenses = ops.abilities(eng, defender, ("defensive",))
    if combat.defense_ability is None and len(defenses) > 1:
        seat = eng.seat(defender)
        options = [
            Option(
                act(seat, "choose", option=d.id),
                f"Defend with {d.name} ({d.defense_dice} dice)",
                d.text,
            )
            for d in defenses
        ]
        eng.ask(
            defender, "defense_choice", "Choose your Defensive Ability before rolling.", options
        )
        return
    if combat.defense_ability is None:
        combat.defense_ability = defenses[0].id
    ability = ops.find_ability(eng, defender, combat.defense_ability)
    combat.defended = True
    combat.defense_attempts_total = 1
    combat.defense_attempts_used = 0
    eng.emit(
        "defense_chosen",
        f"{eng.name(defender)} defends with {ability.name}.",
        player=eng.seat(defender),
        ability=ability.id,
    )
    frame.stage = "defense_effects"
    eng.push(RollSessionFrame(player=defender, purpose="defense"))


def _rp_defense_effects(eng, frame: RollPhaseFrame) -> None:
    combat = eng.combat
    defender = combat.defender
    ability = ops.find_ability(eng, defender, combat.defense_ability)
    ctx = EffectCtx(
        me=defender,
        opp=frame.attacker,
        kind="defensive",
        source=ability.name,
        rolled=combat.defense_group,
        dice=[combat.defense_group] if combat.defense_group else [],
        scope=eng.new_scope(),
    )
    frame.stage = "final"
    eng.push(ResolveFrame(effects=ability.effects, ctx=ctx))


def _rp_final(eng, frame: RollPhaseFrame) -> None:
    frame.stage = "after_damage"
    eng.push(DamageFrame(pool=eng.combat.pool))


def _rp_after_damage(eng, frame: RollPhaseFrame) -> None:
    combat = eng.combat
    eng.pools.current = None
    frame.stage = "concluded"
    later = []
    if combat.attack:
        later.append(WindowFrame(name="after_damage", order=eng.priority_order()))
    later.extend(reversed(combat.after_damage))
    combat.after_damage = []
    eng.push(*later)


def _rp_concluded(eng, frame: RollPhaseFrame) -> None:
    combat = eng.combat
    frame.stage = "end"
    if combat.attack and combat.defender is not None and eng.alive(combat.defender):
        push_triggers(eng, combat.defender, "attack_concluded", frame.attacker)
    for player in reversed(eng.priority_order()):
        push_triggers(eng, player, "end_of_roll_phase")


def _rp_end(eng, frame: RollPhaseFrame) -> None:
    combat = eng.combat
    ops.expire_flags(eng, "end_of_roll_phase")
    ops.clear_dice(eng)
    eng.pools.current = None
    target = combat.defender
    if target is None:  # Adventures: no ability was activated, the Foe is still the target
        target = forced_target(eng, frame.attacker)
    extra = frame.attacker in combat.extra_rolls and target is not None and eng.alive(target)
    if frame.attacker in combat.extra_rolls and not extra:
        eng.emit("note", "The additional Offensive Roll Phase is forfeited: the target has fallen.")
    esper.add_component(eng.MATCH, Combat())
    if extra and eng.alive(frame.attacker):
        eng.replace(RollPhaseFrame(attacker=frame.attacker, extra=True, target=target))
    else:
        eng.pop()


ROLL_STAGES = {
    "start": _rp_start,
    "roll": _rp_roll,
    "activate": _rp_activate,
    "activated": _rp_activated,
    "targeting": _rp_targeting,
    "target_roll": _rp_target_roll,
    "target_pick": _rp_target_pick,
    "resolve": _rp_resolve,
    "attack_check": _rp_attack_check,
    "before_defense": _rp_before_defense,
    "defense": _rp_defense,
    "defense_effects": _rp_defense_effects,
    "final": _rp_final,
    "after_damage": _rp_after_damage,
    "concluded": _rp_concluded,
    "end": _rp_end,
}


def answer_roll_phase(eng, frame: RollPhaseFrame, action: Action) -> None:
    if frame.stage in ("targeting", "target_pick"):
        _fix_target(eng, frame, eng.player(action.get("option")))
    elif frame.stage == "defense":
        eng.combat.defense_ability = action.get("option")


class PhaseProcessor(_Processor):
    steps = {
        MatchFrame: step_match,
        TurnFrame: step_turn,
        UpkeepFrame: step_upkeep,
        IncomeFrame: step_income,
        MainFrame: step_main,
        DiscardFrame: step_discard,
        RollPhaseFrame: step_roll_phase,
        RollSessionFrame: step_session,
    }


register_processor(
    PhaseProcessor(),
    {
        UpkeepFrame: answer_upkeep,
        MainFrame: answer_main,
        DiscardFrame: answer_discard,
        RollPhaseFrame: answer_roll_phase,
        RollSessionFrame: answer_session,
    },
)
register(PendingChoice)
