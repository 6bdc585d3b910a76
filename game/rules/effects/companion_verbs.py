"""Companions and hero-board changes: growing Spirits and building Bots (`grow`), a flipped
hero board (`flip_board`), Nyra's own Health dial (`summon_companion`, `heal_companion`),
Nanite detonation (`detonate`) and a token passed on by its holder (`pass_self`)."""

from __future__ import annotations

import esper

from game.rules import ops
from game.rules.components import CompanionDial, DamageInstance
from game.rules.effects import DONE, WAIT, amount, ask, register
from game.rules.frames import DamageFrame


def grow_can_act(eng, frame, fx) -> bool:
    return bool(ops.growth_steps(eng, frame.ctx.me, fx["chains"], fx.get("single", False)))


def grow(eng, frame, fx):
    """One step along a chain: gain its first tier, or turn one token into the next tier."""
    me = frame.ctx.me
    steps = ops.growth_steps(eng, me, fx["chains"], fx.get("single", False))
    if not steps:
        eng.emit("note", f"{frame.ctx.source}: there is nothing left to grow.")
        return DONE
    choices = []
    for old, new in steps:
        name = ops.status_def(eng, new).name
        if old is None:
            choices.append((f":{new}", f"Gain a {name}"))
        else:
            choices.append(
                (f"{old}:{new}", f"Turn a {ops.status_def(eng, old).name} into a {name}")
            )
    picked = ask(eng, frame, "grow", me, f"{frame.ctx.source}: grow which?", choices)
    if picked is None:
        return WAIT
    old, new = picked.split(":")
    if old:
        ops.remove_status(eng, me, old, 1, why=f"grows into {ops.status_def(eng, new).name}")
    ops.give_status(eng, me, new, 1, me)
    return DONE


def flip_board(eng, frame, fx):
    me = frame.ctx.me
    board = eng.board(me)
    if board.flipped:
        return DONE
    board.flipped = True
    eng.emit(
        "board_flipped",
        f"{eng.name(me)}'s hero board turns to its other side for the rest of the game.",
        player=eng.seat(me),
    )
    return DONE


def summon_companion(eng, frame, fx):
    me = frame.ctx.me
    if ops.find_companion(me, fx["companion"]) is not None:
        return DONE
    name = fx["companion"].replace("_", " ").title()
    esper.create_entity(
        CompanionDial(
            owner=me, companion=fx["companion"], name=name, health=fx["health"], start=fx["health"]
        )
    )
    eng.emit(
        "companion_joined",
        f"{name} fights beside {eng.name(me)} ({fx['health']} Health).",
        player=eng.seat(me),
        companion=fx["companion"],
        health=fx["health"],
    )
    return DONE


def heal_companion_can_act(eng, frame, fx) -> bool:
    comp = ops.find_companion(frame.ctx.me, fx["companion"])
    return comp is not None and comp.health < comp.start


def heal_companion(eng, frame, fx):
    """Healing a companion is immediate: it never waits in a pool or nets against damage."""
    comp = ops.find_companion(frame.ctx.me, fx["companion"])
    value = amount(eng, frame, fx["amount"])
    if comp is None or value <= 0:
        return DONE
    ops.change_companion_health(eng, comp, value, frame.ctx.source)
    return DONE


def detonate(eng, frame, fx):
    """Every holder of `status` (whoever placed it) loses all of it and takes damage by the
    table. During the resolver's own Attack the damage takes the Attack's type and waits in
    the Roll Phase's pool; otherwise it is of `type` (default normal) in the phase's pool."""
    ctx = frame.ctx
    status = fx["status"]
    table = fx["table"]
    combat = eng.combat
    in_attack = combat.attacker == ctx.me and combat.attack and combat.pool is not None
    dtype = combat.attack_type if in_attack else fx.get("type", "normal")
    hits = []
    for player in eng.living():
        count = ops.status_count(eng, player, status)
        if count <= 0:
            continue
        ops.remove_status(eng, player, status, 0, why="detonated")
        hits.append((player, table[min(count, len(table)) - 1]))
    pool = ops.active_pool(eng)
    fresh = pool is None
    if fresh:
        pool = ops.new_pool(eng, "immediate")
    for player, value in hits:
        if value <= 0:
            continue
        kind = "none" if player == ctx.me else dtype
        pool.instances.append(
            DamageInstance(
                source=ctx.me,
                target=player,
                amount=value,
                dtype=kind,
                attack=False,
                label=ctx.source,
            )
        )
        eng.emit(
            "damage_pending",
            f"{ctx.source}: {value} damage heads for {eng.name(player)}.",
            source=eng.seat(ctx.me),
            target=eng.seat(player),
            amount=value,
            dtype=kind,
            attack=False,
            pool=pool.id,
        )
    if fresh and pool.instances:
        eng.push(DamageFrame(pool=pool.id))
    return DONE


def pass_self(eng, frame, fx):
    """The holder moves one of this token to a chosen other living player (who is then its
    holder; the token's original inflicter stays recorded)."""
    ctx = frame.ctx
    status = ctx.status
    if status is None or ops.status_count(eng, ctx.me, status) <= 0:
        return DONE
    others = [(eng.seat(p), eng.name(p)) for p in eng.living() if p != ctx.me]
    if not others:
        return DONE
    seat = ask(eng, frame, "pass", ctx.me, f"Pass {ctx.source} to whom?", others)
    if seat is None:
        return WAIT
    dest = eng.player(seat)
    inflicter = ops.last_source(ctx.me, status)
    ops.remove_status(eng, ctx.me, status, 1, why=f"passed to {eng.name(dest)}")
    ops.give_status(eng, dest, status, 1, inflicter)
    return DONE


register(
    verbs={
        "grow": grow,
        "flip_board": flip_board,
        "summon_companion": summon_companion,
        "heal_companion": heal_companion,
        "detonate": detonate,
        "pass_self": pass_self,
    },
    can_act={
        "grow": grow_can_act,
        "heal_companion": heal_companion_can_act,
    },
)
