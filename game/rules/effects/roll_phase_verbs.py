"""Effects on the Offensive Roll Phase in progress: losing Roll Attempts (Entangle) and an
activated ability failing before it resolves (Blind)."""

from __future__ import annotations

from game.rules.effects import DONE, register


def lose_roll_attempts(eng, frame, fx):
    """The resolving player has fewer Offensive Roll Attempts for their roll in progress (or
    about to start); never fewer than the attempts already used."""
    combat = eng.combat
    me = frame.ctx.me
    if combat.attacker != me:
        return DONE
    before = combat.attempts_total
    combat.attempts_total = max(combat.attempts_used, before - fx["count"])
    lost = before - combat.attempts_total
    if lost:
        eng.emit(
            "roll_attempts_lost",
            f"{frame.ctx.source}: {eng.name(me)} has {lost} fewer Offensive Roll Attempt"
            f"{'s' if lost > 1 else ''} ({combat.attempts_total} in all).",
            player=eng.seat(me),
            count=lost,
            total=combat.attempts_total,
        )
    return DONE


def fail_offensive_roll(eng, frame, fx):
    """The ability the resolving player just activated fails: none of its effects happen and
    the Offensive Roll Phase ends without an Attack. An Ultimate never fails this way."""
    combat = eng.combat
    me = frame.ctx.me
    if combat.attacker != me or combat.ability is None or combat.ultimate:
        return DONE
    combat.cancelled = True
    eng.emit(
        "ability_failed",
        f"{frame.ctx.source}: {eng.name(me)}'s Offensive Roll Phase fails - nothing happens.",
        player=eng.seat(me),
        ability=combat.ability,
    )
    return DONE


def restart_offensive_roll(eng, frame, fx):
    """The resolver's Offensive Roll Phase counts as finished: no Defensive Roll is made, its
    damage lands as the Roll Phase ends, tokens that leave at the end of a Roll Phase leave, and
    a new Offensive Roll Phase begins against the same target (Profiteer on a 6)."""
    combat = eng.combat
    me = frame.ctx.me
    if combat.attacker != me or combat.ultimate or not eng.alive(me):
        return DONE
    combat.no_defense = True
    if me not in combat.extra_rolls:
        combat.extra_rolls.append(me)
    eng.emit(
        "note",
        f"{frame.ctx.source}: {eng.name(me)}'s Offensive Roll Phase counts as finished - "
        "no defense, and a new one begins!",
        player=eng.seat(me),
    )
    return DONE


register(
    verbs={
        "lose_roll_attempts": lose_roll_attempts,
        "fail_offensive_roll": fail_offensive_roll,
        "restart_offensive_roll": restart_offensive_roll,
    },
)
