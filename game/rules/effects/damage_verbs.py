"""Damage, healing and everything that changes incoming damage."""

from __future__ import annotations

from game.rules import ops
from game.rules.components import DamageInstance, DamageMod, DamagePool, HealInstance
from game.rules.effects import DONE, WAIT, amount, ask, register, targets
from game.rules.frames import DamageFrame
from game.rules.options import MODIFIABLE, taking_damage


def pool_for(eng, player: int) -> DamagePool | None:
    """The pool holding damage waiting for `player`: the one whose last window is open, or
    the open phase's pool."""
    pools = eng.pools
    for pid in (pools.focus, pools.current):
        if pid is None:
            continue
        pool = pools.pools.get(pid)
        if pool is not None and not pool.resolved:
            return pool
    return None


def _attack_pool(eng) -> DamagePool | None:
    combat = eng.combat
    if not combat.attack or combat.pool is None:
        return None
    pool = eng.pools.pools.get(combat.pool)
    if pool is None or pool.resolved:
        return None
    return pool


def deal_damage(eng, frame, fx):
    who = targets(eng, frame, fx, "opponent")
    if who is None:
        return WAIT
    ctx = frame.ctx
    dtype = fx.get("type", ctx.dtype)
    value = amount(eng, frame, fx["amount"])
    combat = eng.combat
    for target in who:
        if value <= 0:
            continue
        is_attack = (
            ctx.kind in ("offensive", "ultimate")
            and ctx.me == combat.attacker
            and target == combat.defender
            and dtype not in ("collateral", "none")
        )
        kind = "none" if target == ctx.me else dtype  # hurting yourself is not an Attack
        if is_attack and combat.undefendable and kind == "normal":
            kind = "undefendable"
        inst = DamageInstance(
            source=ctx.me,
            target=target,
            amount=value,
            dtype=kind,
            attack=is_attack,
            label=ctx.source,
            credit=ctx.inflicter if ctx.kind == "status" and target == ctx.me else None,
        )
        if is_attack and not combat.attack:
            combat.attack = True
            combat.attack_type = kind
        isolated = bool(fx.get("isolated"))
        pool = None if isolated else ops.active_pool(eng)
        type_text = "" if kind in ("normal", "none") else f" {kind}"
        if pool is None:
            pool = ops.new_pool(eng, "isolated" if isolated else "immediate")
            pool.instances.append(inst)
            _halve_if_blinded(eng, pool, inst)
            eng.push(DamageFrame(pool=pool.id))
            when = "at once"
        else:
            pool.instances.append(inst)
            when = "when the phase ends"
        eng.emit(
            "damage_pending",
            f"{ctx.source}: {value}{type_text} damage heads for {eng.name(target)} (lands {when}).",
            source=eng.seat(ctx.me),
            target=eng.seat(target),
            amount=value,
            dtype=kind,
            attack=is_attack,
            pool=pool.id,
        )
    return DONE


def _halve_if_blinded(eng, pool: DamagePool, inst: DamageInstance) -> None:
    """Damage dealt on its own while a Blinding Light halving holds (until its Roll Phase
    ends) is halved like the Roll Phase's own damage; an Ultimate's never is."""
    if inst.dtype == "ultimate":
        return
    for player in eng.info.players:
        if ops.has_flag(eng, player, "halve_isolated_damage"):
            pool.mods.append(
                DamageMod(
                    target=inst.target,
                    kind="halve",
                    amount=0,
                    source=player,
                    label="Blinding Light",
                )
            )
            return


def heal(eng, frame, fx):
    who = targets(eng, frame, fx, "self")
    if who is None:
        return WAIT
    value = amount(eng, frame, fx["amount"])
    pool = ops.active_pool(eng)
    for target in who:
        if value <= 0:
            continue
        if pool is None:
            ops.heal_now(eng, target, value, frame.ctx.source)
        else:
            pool.heals.append(
                HealInstance(
                    source=frame.ctx.me, target=target, amount=value, label=frame.ctx.source
                )
            )
            eng.emit(
                "heal_pending",
                f"{frame.ctx.source}: {eng.name(target)} will heal {value} when the phase ends.",
                target=eng.seat(target),
                amount=value,
            )
    return DONE


def _waiting_players(eng, frame, fx) -> list[int] | None:
    """For a chosen player or opponent: one of those with damage heading their way (the only
    ones whose damage can be prevented); None while the question is open."""
    me = frame.ctx.me
    pool = eng.living() if fx["target"] == "chosen_player" else eng.opponents(me)
    waiting = [p for p in pool if taking_damage(eng, p)]
    if not waiting:
        return []
    choices = [(eng.seat(p), eng.name(p)) for p in waiting]
    seat = ask(eng, frame, "target", me, "Choose a player with damage heading their way", choices)
    return None if seat is None else [eng.player(seat)]


def prevent_damage(eng, frame, fx):
    if fx.get("target") in ("chosen_player", "chosen_opponent"):
        who = _waiting_players(eng, frame, fx)
    else:
        who = targets(eng, frame, fx, "self")
    if who is None:
        return WAIT
    for target in who:
        pool = pool_for(eng, target)
        if pool is None:
            eng.emit("note", f"{frame.ctx.source}: there is no damage to prevent.")
            continue
        if fx.get("half"):
            mod = DamageMod(
                target=target, kind="halve", amount=0, source=frame.ctx.me, label=frame.ctx.source
            )
            text = "half of the incoming damage (rounded up)"
        else:
            value = amount(eng, frame, fx["amount"])
            mod = DamageMod(
                target=target,
                kind="prevent",
                amount=value,
                source=frame.ctx.me,
                label=frame.ctx.source,
            )
            text = f"{value} incoming damage"
        pool.mods.append(mod)
        said = f"{frame.ctx.source}: {eng.name(target)} will prevent {text}."
        if mod.kind == "prevent" and mod.amount <= 0:
            # e.g. prevent 1 per symbol with none rolled: nothing to tell (the landing line
            # says what was prevented); a line saying "no damage" read as if another part of
            # the same defense had been undone
            said = ""
        eng.emit(
            "damage_prevented",
            said,
            target=eng.seat(target),
            half=bool(fx.get("half")),
            amount=mod.amount,
        )
    return DONE


def _avoid(eng, frame, pool: DamagePool, target: int) -> None:
    """`target` avoids all the avoidable damage gathered for them in `pool`."""
    pool.mods.append(
        DamageMod(
            target=target, kind="avoid", amount=0, source=frame.ctx.me, label=frame.ctx.source
        )
    )
    eng.emit(
        "damage_avoided",
        f"{frame.ctx.source}: {eng.name(target)} avoids all the damage gathered this phase!",
        target=eng.seat(target),
    )


def avoid_damage(eng, frame, fx):
    who = targets(eng, frame, fx, "self")
    if who is None:
        return WAIT
    for target in who:
        pool = pool_for(eng, target)
        if pool is None or ops.incoming_for(pool, target) == 0:
            eng.emit("note", f"{frame.ctx.source}: there is no damage to avoid.")
            continue
        _avoid(eng, frame, pool, target)
    return DONE


def cancel_own_damage(eng, frame, fx):
    """The resolver's Roll Phase deals no damage: each opponent avoids whatever is pooled for
    them in it (an Ultimate's damage still lands). The Attack itself still happens."""
    me = frame.ctx.me
    combat = eng.combat
    pool = eng.pools.pools.get(combat.pool) if combat.pool is not None else None
    if combat.attacker != me or pool is None or pool.resolved:
        return DONE
    for opponent in eng.opponents(me):
        if any(i.source == me and i.target == opponent for i in pool.instances):
            _avoid(eng, frame, pool, opponent)
    return DONE


def reflect_damage(eng, frame, fx):
    """Send half of the damage waiting for you (the subtotal, rounded up) back to the other
    party, computed with the other halvings when the damage lands."""
    me = frame.ctx.me
    pool = pool_for(eng, me)
    back_to = frame.ctx.opp
    if pool is None or back_to is None or ops.incoming_for(pool, me) == 0:
        eng.emit("note", f"{frame.ctx.source}: there is no damage to send back.")
        return DONE
    pool.mods.append(
        DamageMod(target=me, kind="reflect_half", amount=0, source=back_to, label=frame.ctx.source)
    )
    eng.emit(
        "damage_reflected",
        f"{frame.ctx.source}: half of the damage heading for {eng.name(me)} will also be dealt "
        f"back to {eng.name(back_to)}.",
        target=eng.seat(me),
        back_to=eng.seat(back_to),
    )
    return DONE


def add_damage(eng, frame, fx):
    """An Attack Modifier: more damage for the Attack in progress, of the Attack's type."""
    combat = eng.combat
    pool = _attack_pool(eng)
    value = amount(eng, frame, fx["amount"])
    if pool is None or combat.attack_type not in MODIFIABLE:
        eng.emit("note", f"{frame.ctx.source}: there is no Attack it can add to.")
        return DONE
    record = fx.get("record")
    if record:
        bucket = eng.program.vars.setdefault(frame.ctx.scope, {})
        bucket[record] = bucket.get(record, 0) + value
    if value <= 0:
        eng.emit("note", f"{frame.ctx.source}: adds nothing to the Attack.")
        return DONE
    pool.mods.append(
        DamageMod(
            target=combat.defender,
            kind="add",
            amount=value,
            source=frame.ctx.me,
            label=frame.ctx.source,
            dtype=combat.attack_type,
        )
    )
    eng.emit(
        "damage_added",
        f"{frame.ctx.source}: +{value} damage to the Attack on {eng.name(combat.defender)}.",
        target=eng.seat(combat.defender),
        amount=value,
    )
    return DONE


def reduce_attack(eng, frame, fx):
    """The attacker's own damage is lowered (never an Ultimate's, pure or collateral damage)."""
    combat = eng.combat
    pool = _attack_pool(eng)
    if pool is None or combat.attack_type not in ("normal", "undefendable"):
        return DONE
    value = amount(eng, frame, fx["amount"])
    if value > 0:
        pool.mods.append(
            DamageMod(
                target=combat.defender,
                kind="reduce",
                amount=value,
                source=frame.ctx.me,
                label=frame.ctx.source,
            )
        )
        eng.emit(
            "damage_reduced",
            f"{frame.ctx.source}: the Attack deals {value} less damage.",
            target=eng.seat(combat.defender),
            amount=value,
        )
    return DONE


def make_undefendable(eng, frame, fx):
    combat = eng.combat
    combat.undefendable = True
    pool = _attack_pool(eng)
    if pool is not None:
        for inst in pool.instances:
            if inst.attack and inst.dtype == "normal":
                inst.dtype = "undefendable"
        if combat.attack_type == "normal":
            combat.attack_type = "undefendable"
    eng.emit("note", f"{frame.ctx.source}: the Attack becomes undefendable.")
    return DONE


def after_damage(eng, frame, fx):
    """Effects that wait until the Attack's damage has landed (or resolve now if none waits)."""
    from game.rules.effects import child

    combat = eng.combat
    pool = eng.pools.pools.get(combat.pool) if combat.pool is not None else None
    if pool is not None and not pool.resolved:
        combat.after_damage.append(child(frame, fx["effects"]))
        return DONE
    eng.push(child(frame, fx["effects"]))
    return DONE


register(
    verbs={
        "deal_damage": deal_damage,
        "heal": heal,
        "prevent_damage": prevent_damage,
        "avoid_damage": avoid_damage,
        "cancel_own_damage": cancel_own_damage,
        "reflect_damage": reflect_damage,
        "add_damage": add_damage,
        "reduce_attack": reduce_attack,
        "make_undefendable": make_undefendable,
        "after_damage": after_damage,
    },
)
