"""Processors that resolve things: effect lists, effect questions, effect rolls, response
windows, card plays, spent tokens, and the landing of pooled damage."""

from __future__ import annotations

import esper

from game.rules import codec, ops
from game.rules.actions import Action, Option, act, option
from game.rules.components import (
    Board,
    CardInstance,
    Combat,
    CombatPoints,
    CompanionDial,
    DamageInstance,
    DamageMod,
    DamagePool,
    DiceGroup,
    DiceTable,
    Flags,
    Foe,
    HealInstance,
    HealthDial,
    MatchInfo,
    OnDial,
    Piles,
    Pools,
    Program,
    Seat,
    Standing,
    StatusLimits,
    StatusStack,
    TurnFlags,
)
from game.rules.damage import final_damage, shares
from game.rules.effects import VERBS
from game.rules.engine import _Processor, register_processor
from game.rules.frames import (
    FRAME_TYPES,
    CardFrame,
    ChooseFrame,
    DamageFrame,
    DiceRollFrame,
    EffectCtx,
    ResolveFrame,
    WindowFrame,
)
from game.rules.options import (
    Situation,
    open_spend_windows,
    playable_reason,
    response_options,
    spent_key,
)
from game.rules.rng import RngState

# ---------------------------------------------------------------- effect lists


def step_resolve(eng, frame: ResolveFrame) -> None:
    if frame.index >= len(frame.effects):
        eng.pop()
        return
    fx = frame.effects[frame.index]
    if VERBS[fx.verb](eng, frame, fx):
        frame.index += 1
        frame.scratch = {}


def step_choose(eng, frame: ChooseFrame) -> None:
    eng.ask(frame.player, frame.kind, frame.prompt, list(frame.options))


def answer_choose(eng, frame: ChooseFrame, action: Action) -> None:
    eng.pop()
    below = eng.program.frames[-1]
    below.scratch[frame.key] = action.get("option")


# ---------------------------------------------------------------- taking part: cards and tokens


def perform_response(eng, player: int, action: Action, dice: list[int]) -> None:
    """Carry out a 'play' or 'spend' chosen at any decision point."""
    if action.kind == "play":
        eng.push(CardFrame(player=player, card=action.get("card"), dice=list(dice)))
    elif action.kind == "spend":
        spend_status(eng, player, action.get("status"), dice)
    else:  # pragma: no cover - options only offer the two
        raise ValueError(action.kind)


def spend_status(eng, player: int, status: str, dice: list[int]) -> None:
    """Spending is an Instant Action: the token goes, its effect resolves without interruption."""
    sdef = ops.status_def(eng, status)
    # Which of its spend windows were open, judged before the token goes (spend_window).
    main = eng.info.phase in ("main1", "main2") and eng.info.active == player
    windows = open_spend_windows(
        eng, player, status, Situation("main" if main else "spend", dice=list(dice))
    )
    assert sdef.spend is not None
    if not sdef.spend.keep:
        ops.remove_status(eng, player, status, 1, quiet=True)
    for paid, count in sdef.spend.cost:
        ops.remove_status(eng, player, paid, count, why=f"paid for {sdef.name}")
    spent = eng.turn_flags.spent
    for key in (spent_key(eng, player, status), spent_key(eng, player, status, eng.info.phase)):
        spent[key] = spent.get(key, 0) + 1
    eng.emit(
        "status_spent",
        f"{eng.name(player)} spends {sdef.name}.",
        player=eng.seat(player),
        status=status,
        total=ops.status_count(eng, player, status),
    )
    ctx = EffectCtx(
        me=player,
        opp=natural_opponent(eng, player),
        kind="status",
        source=sdef.name,
        dice=list(dice),
        status=status,
        scope=eng.new_scope(),
    )
    eng.program.vars[ctx.scope].update({f"window:{w}": 1 for w in windows})
    assert sdef.spend is not None
    eng.push(ResolveFrame(effects=sdef.spend.effects, ctx=ctx))


def natural_opponent(eng, player: int) -> int | None:
    """Whom 'opponent' means for a card or token used outside an ability."""
    combat = eng.combat
    if combat.attacker == player and combat.defender is not None:
        return combat.defender
    if combat.defender == player and combat.attacker is not None:
        return combat.attacker
    foe = esper.try_component(player, Foe)  # Adventures: the engaged enemy / the active hero
    if foe is not None and eng.alive(foe.target):
        return foe.target
    opponents = eng.opponents(player)
    return opponents[0] if len(opponents) == 1 else None


# ---------------------------------------------------------------- cards


def step_card(eng, frame: CardFrame) -> None:
    player = frame.player
    cdef = ops.card_def(eng, frame.card)
    if frame.stage == "start":
        piles = eng.piles(player)
        cost = _cost(eng, player, frame.card)
        piles.hand.remove(frame.card)
        piles.resolving.append(frame.card)
        if cost:
            ops.lose_cp(eng, player, cost, f"played {cdef.name}")
        eng.emit(
            "card_played",
            f"{eng.name(player)} plays {cdef.name}.",
            player=eng.seat(player),
            card=frame.card,
            card_id=cdef.id,
            card_type=cdef.type,
            cost=cost,
        )
        if cdef.type == "upgrade":
            board = eng.board(player)
            slot = cdef.upgrade_slot or ""
            board.levels[slot] = cdef.upgrade_level
            board.upgrades.setdefault(slot, []).append(frame.card)
            piles.resolving.remove(frame.card)
            slot_name = eng.hero(player).slot(slot).name
            eng.emit(
                "upgrade_played",
                f"{eng.name(player)}'s {slot_name} is now level {cdef.upgrade_level}.",
                player=eng.seat(player),
                slot=slot,
                level=cdef.upgrade_level,
            )
            eng.pop()
            return
        frame.stage = "resolve"
        if cdef.type == "main":
            # Main Phase Action cards can be answered before they resolve.
            others = [p for p in eng.priority_order() if p != player]
            if others:
                eng.push(WindowFrame(name="card_response", order=others))
        return
    if frame.stage == "resolve":
        frame.stage = "discard"
        combat = eng.combat
        opp = natural_opponent(eng, player)
        ctx = EffectCtx(
            me=player,
            opp=opp,
            kind="card",
            source=cdef.name,
            dice=list(frame.dice),
            scope=eng.new_scope(),
        )
        if cdef.attack_modifier and combat.attacker == player:
            ctx.opp = combat.defender
        eng.push(ResolveFrame(effects=cdef.effects, ctx=ctx))
        return
    piles = eng.piles(player)
    if frame.card in piles.resolving:
        piles.resolving.remove(frame.card)
        piles.discard.append(frame.card)
    eng.pop()


def _cost(eng, player: int, card: int) -> int:
    from game.rules.options import card_cost

    return card_cost(eng, player, card)


# ---------------------------------------------------------------- effect rolls


def step_dice_roll(eng, frame: DiceRollFrame) -> None:
    group = eng.dice.groups[frame.group]
    if frame.stage == "roll":
        ops.roll_group(eng, group, why=group.purpose)
        frame.stage = "window"
        return
    if frame.stage == "window":
        frame.stage = "done"
        order = [frame.roller] + [p for p in eng.priority_order() if p != frame.roller]
        free: dict = {}
        if frame.reroll_flag and ops.has_flag(eng, frame.roller, frame.reroll_flag):
            free = {"player": frame.roller, "group": group.id, "used": False}
        eng.push(
            WindowFrame(
                name="dice_roll",
                order=order,
                dice=[group.id],
                free_reroll=free,
                dice_only=frame.dice_only,
            )
        )
        return
    eng.pop()


# ---------------------------------------------------------------- response windows

WINDOW_PROMPTS = {
    "card_response": "A card is being played. Respond before it takes effect?",
    "offensive_announce": "An ability has been announced. Alter the dice to stop it?",
    "then": "A pause between effects. Play a card or spend a token?",
    "dice_roll": "Dice were rolled. Alter them before they count?",
    "before_defense": "An Attack is coming. Act before the defense is rolled?",
    "before_damage": "Damage is about to land. Last chance to act.",
    "after_damage": "The Attack's damage has landed.",
}


def window_options(eng, frame: WindowFrame, player: int) -> list[Option]:
    if player in frame.exclude:
        return []
    options = response_options(eng, player, Situation(frame.name, list(frame.dice)))
    if frame.dice_only:
        # A spent token or a played card cannot be interrupted: only its dice may be altered.
        options = [o for o in options if o.action.kind == "play" and alters_dice(eng, o.action)]
    free = frame.free_reroll
    if free and free.get("player") == player and not free.get("used"):
        group = eng.dice.groups.get(free["group"])
        if group is not None:
            options.append(
                Option(act(eng.seat(player), "reroll", group=group.id), "Re-roll that die (once)")
            )
    return options


def alters_dice(eng, action: Action) -> bool:
    cdef = ops.card_def(eng, action.get("card"))
    return any(fx.verb == "alter_dice" for fx in cdef.effects)


def step_window(eng, frame: WindowFrame) -> None:
    order = [p for p in frame.order if eng.alive(p)]
    if not order:
        eng.pop()
        return
    size = len(order)
    while frame.passes < size:
        player = order[frame.position % size]
        options = window_options(eng, frame, player)
        if options:
            seat = eng.seat(player)
            options.append(option(seat, "pass", "Pass"))
            eng.ask(
                player,
                "respond",
                WINDOW_PROMPTS.get(frame.name, frame.name),
                options,
                window=frame.name,
                dice=list(frame.dice),
            )
            return
        frame.passes += 1
        frame.position += 1
    eng.pop()


def answer_window(eng, frame: WindowFrame, action: Action) -> None:
    player = eng.player(action.player)
    if action.kind == "pass":
        frame.passes += 1
        frame.position += 1
        return
    frame.passes = 0
    frame.position = 0
    if action.kind == "reroll":
        frame.free_reroll["used"] = True
        group = eng.dice.groups[action.get("group")]
        ops.roll_group(eng, group, why="free re-roll")
        return
    perform_response(eng, player, action, list(frame.dice))


# ---------------------------------------------------------------- damage landing


def step_damage(eng, frame: DamageFrame) -> None:
    pools = eng.pools
    pool = pools.pools[frame.pool]
    if frame.stage == "window" and pool.id == eng.combat.pool and not pool.resolved:
        # The Roll Phase's total is about to land: what joins it now lands with it.
        from game.rules.phases import push_triggers

        frame.stage = "roll_total"
        for player in reversed(eng.priority_order()):
            push_triggers(eng, player, "roll_phase_damage")
        return
    if frame.stage in ("window", "roll_total"):
        frame.stage = "apply"
        if not pool.instances and not pool.heals:
            return
        frame.previous_focus = pools.focus
        pools.focus = pool.id
        if pool.instances:
            frame.stage = "landing"
            eng.push(WindowFrame(name="before_damage", order=eng.priority_order()))
        return
    if frame.stage == "landing":
        # Tokens of players about to take avoidable damage react last (e.g. Shadows).
        frame.stage = "companions"
        _push_landing_triggers(eng, pool)
        return
    # After every modifier and prevention: how much goes to a companion (Nyra) instead.
    if frame.stage == "companions" and _ask_companion_split(eng, frame, pool):
        return
    land_pool(eng, pool, _companion_split(eng, frame))
    pools.focus = frame.previous_focus
    eng.pop()


def _push_landing_triggers(eng, pool: DamagePool) -> None:
    from game.rules.phases import push_triggers

    targets: list[int] = []
    for inst in pool.instances:
        if inst.target not in targets and eng.alive(inst.target):
            targets.append(inst.target)
    for target in reversed(targets):
        if ops.incoming_for(pool, target) > 0 and not ops.avoided(pool, target):
            sources = [i.source for i in pool.instances if i.target == target]
            opp = next((s for s in sources if s is not None and s != target), None)
            push_triggers(eng, target, "damage_landing", opp)


SHAREABLE = ("normal", "undefendable")  # a companion never takes Ultimate, collateral or
# status damage


def shareable_damage(eng, pool: DamagePool, player: int) -> int:
    """Of the damage about to land on `player`, what an opponent's Attack deals (normal or
    undefendable, after every modifier) - the part a companion may take instead."""
    attack = [
        i
        for i in pool.instances
        if i.target == player and i.attack and i.dtype in SHAREABLE and i.source != player
    ]
    if not attack:
        return 0
    part = final_damage(player, attack, pool.mods).final
    return min(part, final_damage(player, pool.instances, pool.mods).final)


def _split_candidates(eng, pool: DamagePool) -> list[tuple[int, object, int]]:
    out = []
    for player in eng.living():
        if not ops.has_flag(eng, player, "share_with_companion") or ops.incapacitated(eng, player):
            continue
        share = shareable_damage(eng, pool, player)
        if share <= 0:
            continue
        for comp in ops.companions(player):
            if not comp.downed:
                out.append((player, comp, share))
    return out


def _ask_companion_split(eng, frame: DamageFrame, pool: DamagePool) -> bool:
    """Ask each player sharing with a companion how much it takes; True while asking."""
    for player, comp, share in _split_candidates(eng, pool):
        key = f"split:{eng.seat(player)}:{comp.companion}"
        if key in frame.scratch:
            continue
        seat = eng.seat(player)
        options = [
            Option(
                act(seat, "choose", option=n),
                f"{comp.name} takes {n}, you take {share - n}",
            )
            for n in range(share + 1)
        ]
        eng.push(
            ChooseFrame(
                player=player,
                prompt=f"{share} Attack damage is about to land: how much does {comp.name} take?",
                options=options,
                key=key,
            )
        )
        return True
    return False


def _companion_split(eng, frame: DamageFrame) -> dict[int, list[tuple[object, int]]]:
    out: dict[int, list[tuple[object, int]]] = {}
    for key, value in frame.scratch.items():
        if not key.startswith("split:") or not value:
            continue
        _, seat, companion = key.split(":")
        player = eng.player(int(seat))
        comp = ops.find_companion(player, companion)
        if comp is not None:
            out.setdefault(player, []).append((comp, int(value)))
    return out


def land_pool(eng, pool: DamagePool, split: dict | None = None) -> None:
    """Apply every pooled damage and healing at once (the Final Damage Total per player).
    `split`: player -> [(companion, damage)] taken by companions instead of the player."""
    if pool.resolved:
        return
    pool.resolved = True
    split = split or {}
    targets: list[int] = []
    for item in [*pool.instances, *pool.heals]:
        if item.target not in targets:
            targets.append(item.target)
    damage: dict[int, int] = {}
    for target in targets:
        breakdown = final_damage(target, pool.instances, pool.mods)
        if breakdown.incoming or breakdown.unavoidable:
            final = breakdown.final
            parts = shares(target, pool.instances, pool.mods, final)
            shared = ""
            absorbed = []
            for comp, taken in split.get(target, []):
                taken = min(taken, final)
                if taken > 0:
                    final -= taken
                    shared += f", {taken} taken by {comp.name}"
                    parts, moved = _take_for_companion(parts, target, taken)
                    absorbed += [[comp.companion, *_seated(eng, part)] for part in moved]
                    ops.change_companion_health(
                        eng, comp, -taken, f"takes {taken} for {eng.name(target)}"
                    )
            damage[target] = damage.get(target, 0) + final
            pool.dealt[target] = final
            eng.emit(
                "damage_resolved",
                f"{eng.name(target)} takes {final} damage ({breakdown.explain()}{shared}).",
                target=eng.seat(target),
                amount=final,
                incoming=breakdown.incoming,
                added=breakdown.added,
                reduced=breakdown.reduced,
                prevented=breakdown.prevented,
                subtotal=breakdown.subtotal,
                halved=list(breakdown.halved),
                avoided=breakdown.avoided,
                unavoidable=breakdown.unavoidable,
                pool=pool.id,
                by=[_seated(eng, part) for part in parts],
                absorbed=absorbed,
            )
        reflectors = [m.label for m in pool.mods if m.target == target and m.kind == "reflect_half"]
        for (source, value), label in zip(breakdown.reflected, reflectors, strict=True):
            if source is not None and value > 0:
                damage[source] = damage.get(source, 0) + value
                pool.dealt[source] = pool.dealt.get(source, 0) + value
                eng.emit(
                    "damage_resolved",
                    f"{eng.name(source)} takes {value} damage sent back by {eng.name(target)}.",
                    target=eng.seat(source),
                    amount=value,
                    incoming=value,
                    added=0,
                    reduced=0,
                    prevented=0,
                    subtotal=value,
                    halved=[],
                    avoided=False,
                    unavoidable=0,
                    pool=pool.id,
                    by=[[eng.seat(target), label, value]],
                    absorbed=[],
                )
    heals: dict[int, int] = {}
    for heal in pool.heals:
        heals[heal.target] = heals.get(heal.target, 0) + heal.amount
    # Teammates on one dial share it: the dial moves once by the combined total, but every
    # line names the hero who was actually hit or healed (not whoever sits first on the dial).
    by_dial: dict[int, list[int]] = {}  # dial entity -> the players it changes for, in seat order
    for player in eng.info.players:
        if player in damage or player in heals:
            by_dial.setdefault(_dial_entity(player), []).append(player)
    for dial_ent, affected in by_dial.items():
        lost = sum(damage.get(p, 0) for p in affected)
        healed = sum(heals.get(p, 0) for p in affected)
        dial = esper.component_for_entity(dial_ent, HealthDial)
        before = dial.health
        dial.health = max(0, min(dial.cap, dial.health - lost + healed))
        for player in affected:
            if heals.get(player):
                eng.emit(
                    "healed",
                    f"{eng.name(player)} heals {heals[player]}.",
                    player=eng.seat(player),
                    amount=heals[player],
                    health=dial.health,
                )
        names = " and ".join(eng.name(p) for p in affected)
        shared = sum(1 for p in eng.info.players if _dial_entity(p) == dial_ent) > 1
        eng.emit(
            "health_changed",
            f"{names}: {'shared ' if shared else ''}Health {before} -> {dial.health}.",
            player=eng.seat(affected[0]),
            delta=dial.health - before,
            health=dial.health,
        )
    combat = eng.combat
    if combat.pool == pool.id and combat.defender is not None:
        combat.damage_landed = pool.dealt.get(combat.defender, 0)
        if combat.ability:
            tally = eng.turn_flags.damage_by_ability
            tally[combat.ability] = tally.get(combat.ability, 0) + combat.damage_landed
    ops.settle_defeats(eng)


def _seated(eng, part) -> list:
    """A Share as event data: [seat of who dealt it (None: no player), what, amount]."""
    who, what, value = part
    return [None if who is None else eng.seat(who), what, value]


def _take_for_companion(parts: list, target: int, taken: int) -> tuple[list, list]:
    """Move `taken` points of `parts` onto a companion: what others dealt first (a companion
    shares only an opponent's Attack damage), then the rest in order. -> (kept, moved)."""
    kept = list(parts)
    moved = []
    order = [i for i, p in enumerate(kept) if p[0] != target]
    order += [i for i, p in enumerate(kept) if p[0] == target]
    for i in order:
        if taken <= 0:
            break
        who, what, value = kept[i]
        step = min(value, taken)
        taken -= step
        kept[i] = (who, what, value - step)
        moved.append((who, what, step))
    return [p for p in kept if p[2] > 0], moved


def _dial_entity(player: int) -> int:
    return esper.component_for_entity(player, OnDial).dial


class ResolutionProcessor(_Processor):
    steps = {
        ResolveFrame: step_resolve,
        ChooseFrame: step_choose,
        CardFrame: step_card,
        DiceRollFrame: step_dice_roll,
        WindowFrame: step_window,
        DamageFrame: step_damage,
    }


register_processor(
    ResolutionProcessor(),
    {ChooseFrame: answer_choose, WindowFrame: answer_window},
)

codec.register(
    Seat,
    CompanionDial,
    HealthDial,
    OnDial,
    CombatPoints,
    Piles,
    Board,
    StatusLimits,
    Flags,
    Standing,
    CardInstance,
    StatusStack,
    MatchInfo,
    DiceGroup,
    DiceTable,
    DamageInstance,
    DamageMod,
    HealInstance,
    DamagePool,
    Pools,
    Combat,
    TurnFlags,
    Program,
    RngState,
    EffectCtx,
    Action,
    Option,
    *FRAME_TYPES,
)
__all__ = ["land_pool", "perform_response", "playable_reason", "spend_status"]
