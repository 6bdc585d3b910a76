"""Adventures: King's Hand (rules 48-53), the unique status Bosses and some Minions hold.

Spending is automatic: the `kings_hand` token's triggers call `kings_hand` (trigger A, no ability
activated: rule 52; trigger B, targeted by an Ultimate: rule 53). Each spend takes one token
(at most `KingsHandRules.max_per_turn` in one turn) and rolls 1 Chaos die that players may alter
(rule 51); `kings_hand_result` reads it against the success range.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import esper

from game.content.defs import Fx
from game.rules import codec, ops
from game.rules.actions import Option, act
from game.rules.components import Enemy, Foe, InBattle, KingsHandRules
from game.rules.dice import meets
from game.rules.effects import DONE, WAIT, ask, child, register, rolled_values, scope_vars
from game.rules.frames import (
    ChooseFrame,
    DiceRollFrame,
    EffectCtx,
    ResolveFrame,
    RollPhaseFrame,
    RollSessionFrame,
)
from game.rules.rng import below

KINGS_HAND = "kings_hand"
# Moments at which a status that "would leave at the end of the Roll Phase" does so.
_ROLL_PHASE_MOMENTS = (
    "before_offensive_roll",
    "offensive_roll_concluded",
    "roll_phase_damage",
    "end_of_roll_phase",
)
_RESULT = {
    "no_ability": Fx({"do": "kings_hand_result", "trigger": "no_ability"}),
    "ultimate": Fx({"do": "kings_hand_result", "trigger": "ultimate"}),
}


def rules_for(player: int) -> KingsHandRules:
    return esper.try_component(player, KingsHandRules) or KingsHandRules()


def spent_key(eng, player: int) -> str:
    return f"{KINGS_HAND}:{eng.seat(player)}"


def roll_phase_statuses(eng, player: int) -> list[str]:
    """Non-persistent negative statuses on `player` that leave by themselves during a Roll
    Phase (Barbed Vine, Entangle): removed by trigger A (rule 52.1)."""
    out = []
    for stack in ops.held_statuses(eng, player):
        sdef = ops.status_def(eng, stack.status)
        if sdef.kind != "negative" or sdef.persistent or not sdef.removable:
            continue
        for trig in sdef.triggers:
            if trig.on in _ROLL_PHASE_MOMENTS and any(
                fx.verb == "remove_self" for fx in trig.effects
            ):
                out.append(stack.status)
                break
    return out


def kings_hand(eng, frame, fx):
    me = frame.ctx.me
    trigger = fx["trigger"]
    rules = rules_for(me)
    flags = eng.turn_flags.spent
    key = spent_key(eng, me)
    if ops.status_count(eng, me, KINGS_HAND) == 0 or not eng.alive(me):
        return DONE
    if flags.get(key, 0) >= rules.max_per_turn:
        eng.emit(
            "note",
            f"{eng.name(me)} has spent as many King's Hand tokens as a turn allows.",
            player=eng.seat(me),
        )
        return DONE
    combat = eng.combat
    if trigger == "ultimate" and (combat.offense_group is None or combat.attacker is None):
        return DONE
    flags[key] = flags.get(key, 0) + 1
    ops.remove_status(eng, me, KINGS_HAND, 1, why="spent automatically")
    if trigger == "no_ability":
        for status in roll_phase_statuses(eng, me):
            ops.remove_status(eng, me, status, 0, why="King's Hand")
    group = ops.new_group(eng, me, eng.hero(me).id, 1, "kings_hand")
    eng.push(
        child(frame, (_RESULT[trigger],), rolled=group.id, dice=[group.id]),
        DiceRollFrame(group=group.id, roller=me, stage="roll", dice_only=True),
    )
    return DONE


def kings_hand_result(eng, frame, fx):
    me = frame.ctx.me
    trigger = fx["trigger"]
    rules = rules_for(me)
    values = rolled_values(eng, frame)
    value = values[0] if values else 0
    success = rules.low <= value <= rules.high
    if "announced" not in frame.scratch:
        frame.scratch["announced"] = 1
        eng.emit(
            "kings_hand",
            f"King's Hand: {eng.name(me)} rolls {value} "
            f"({'success' if success else 'no effect'}; {rules.low}-{rules.high} succeeds).",
            player=eng.seat(me),
            trigger=trigger,
            value=value,
            success=success,
        )
    if not success:
        return DONE
    combat = eng.combat
    if trigger == "no_ability":
        if combat.attacker == me and me not in combat.extra_rolls:
            combat.extra_rolls.append(me)
            eng.emit(
                "note",
                f"{eng.name(me)} takes another Offensive Roll Phase (King's Hand).",
                player=eng.seat(me),
            )
        return DONE
    # Trigger B: the hero whose Ultimate targets `me` must re-roll 1 of their dice (rule 53).
    hero = combat.attacker
    group = eng.dice.groups.get(combat.offense_group) if combat.offense_group else None
    if hero is None or group is None:
        return DONE
    choices = [(i, f"Re-roll die {i + 1} (showing {v})") for i, v in enumerate(group.values)]
    index = ask(
        eng, frame, "kh_die", hero, "King's Hand: choose 1 of your dice to re-roll", choices
    )
    if index is None:
        return WAIT
    ops.roll_group(eng, group, [index], why="King's Hand forces a re-roll")
    ability = ops.find_ability(eng, hero, combat.ability)
    if meets(ability.rows[combat.row].requirement, eng.hero(hero), group.values):
        eng.emit("note", f"{ability.name} still stands.", player=eng.seat(hero))
        return DONE
    # The Ultimate is no longer met: the hero activates what the dice now show (or nothing).
    eng.emit(
        "note",
        f"{eng.name(hero)}'s dice no longer show {ability.name}: they choose again.",
        player=eng.seat(hero),
    )
    roll_phase = next(f for f in reversed(eng.program.frames) if isinstance(f, RollPhaseFrame))
    combat.ability = None
    combat.announced = None
    combat.ultimate = False
    combat.attempts_used = max(combat.attempts_used, combat.attempts_total)
    roll_phase.stage = "activate"
    eng.push(RollSessionFrame(player=hero, purpose="offense"))
    return DONE


# ---------------------------------------------------------------- rule 54: the Loot-die King's Hand

LOOT_DIE_SIDES = 20


def roll_loot_die(eng) -> int:
    """The Loot die (d20), from the match's own random state (tests patch this function)."""
    return below(eng.rng, LOOT_DIE_SIDES) + 1


def loot_row(ranges, value: int) -> int:
    """The index of the table row a Loot-die `value` falls in (`ranges` are upper bounds)."""
    for index, high in enumerate(ranges):
        if value <= high:
            return index
    raise ValueError(f"the Loot die shows 1-{LOOT_DIE_SIDES}, not {value}")


def loot_die(eng, frame, fx):
    """Roll the Loot die and carry out the matching row of the table (Boss vs Many and Boss vs
    Boss King's Hand, rule 54). Nothing alters this die: it is not one of the table's dice."""
    me = frame.ctx.me
    value = roll_loot_die(eng)
    row = fx["options"][loot_row(fx["ranges"], value)]
    eng.emit(
        "loot_die",
        f"{frame.ctx.source}: {eng.name(me)} rolls the Loot die - {value}: {row['label']}.",
        player=eng.seat(me),
        value=value,
        why=frame.ctx.source,
        result=row["label"],
    )
    if row["effects"]:
        eng.push(child(frame, row["effects"]))
    return DONE


codec.register(Enemy, Foe, InBattle, KingsHandRules)


# ---------------------------------------------------------------- rule 100: Bonus Damage tokens

BONUS_DAMAGE = "bonus_damage"
BONUS_FACES = (1, 2, 3)  # our design: the seeds lost the numbers printed on the tokens
BONUS_FULL = "bonus_damage_full"  # the PendingChoice kind of the question at the stack limit


@dataclass(slots=True)
class BonusFaces:
    """The number printed on each Bonus Damage token a player holds, oldest first. The
    `bonus_damage` status keeps the count (and the stack limit); a token placed some other way
    (a scenario file, a test) reads as +1."""

    values: list[int] = field(default_factory=list)


def bonus_faces(eng, player: int) -> list[int]:
    """The faces of the tokens `player` holds now, kept in step with the status count."""
    held = ops.status_count(eng, player, BONUS_DAMAGE)
    faces = esper.try_component(player, BonusFaces)
    if faces is None:
        faces = BonusFaces()
        esper.add_component(player, faces)
    del faces.values[held:]  # tokens taken away by other effects: the newest go first
    faces.values.extend([1] * (held - len(faces.values)))
    return faces.values


def bonus_frame(eng, player: int, value: int, source: str) -> ResolveFrame:
    """A resolution that gives `player` one Bonus Damage token worth `value` (asking them
    what to do at the stack limit)."""
    ctx = EffectCtx(me=player, opp=None, kind="status", source=source, scope=eng.new_scope())
    return ResolveFrame(effects=(Fx({"do": "gain_bonus_damage", "value": value}),), ctx=ctx)


def bonus_choices(faces: list[int], value: int) -> list[tuple[Any, str]]:
    """Rule 100 at the stack limit: replace one of the held tokens, or throw the new one away.
    The sensible answer comes first (computer players without a rule for it take the first):
    replace the lowest token when the new one is worth more, else keep what you have."""
    lowest = min(range(len(faces)), key=lambda i: (faces[i], i))
    replace = [
        (i, f"Replace your +{face} token with the new +{value}") for i, face in enumerate(faces)
    ]
    discard = ("discard", f"Throw the new +{value} token away")
    if value > faces[lowest]:
        replace.insert(0, replace.pop(lowest))
        return [*replace, discard]
    return [discard, *replace]


def gain_bonus_damage(eng, frame, fx):
    me = frame.ctx.me
    value = int(fx["value"])
    if not eng.alive(me):
        return DONE
    faces = bonus_faces(eng, me)
    if len(faces) < ops.stack_limit(eng, me, BONUS_DAMAGE):
        if ops.give_status(eng, me, BONUS_DAMAGE, 1, None):
            faces.append(value)
            eng.emit(
                "bonus_face",
                f"{eng.name(me)}'s new Bonus Damage token shows +{value}.",
                player=eng.seat(me),
                value=value,
            )
        return DONE
    answer = frame.scratch.get("bonus_full")
    if answer is None:
        seat = eng.seat(me)
        held = " and ".join(f"+{face}" for face in faces)
        eng.push(
            ChooseFrame(
                player=me,
                prompt=f"Bonus Damage is at its limit ({held}): swap one for the new "
                f"+{value}, or throw the new one away?",
                options=[
                    Option(act(seat, "choose", option=key), label)
                    for key, label in bonus_choices(faces, value)
                ],
                key="bonus_full",
                kind=BONUS_FULL,
            )
        )
        return WAIT
    if answer == "discard":
        eng.emit(
            "bonus_face",
            f"{eng.name(me)} throws the new +{value} Bonus Damage token away.",
            player=eng.seat(me),
            value=value,
            kept=False,
        )
        return DONE
    old = faces[answer]
    faces[answer] = value
    eng.emit(
        "bonus_face",
        f"{eng.name(me)} swaps a +{old} Bonus Damage token for the new +{value}.",
        player=eng.seat(me),
        value=value,
        replaced=old,
    )
    return DONE


def bonus_damage_face(eng, frame, fx):
    """Spending a Bonus Damage token: the token already left the stack (spend_status), so the
    faces list holds one more than the count; the highest face is the one spent. Its number
    goes into the variable `fx["var"]` for the `add_damage` that follows."""
    me = frame.ctx.me
    faces = esper.try_component(me, BonusFaces)
    values = list(faces.values) if faces else []
    held = ops.status_count(eng, me, BONUS_DAMAGE)
    values = values[: held + 1] + [1] * (held + 1 - len(values))
    best = max(range(len(values)), key=lambda i: (values[i], -i))
    spent = values.pop(best)
    if faces is not None:
        faces.values[:] = values
    scope_vars(eng, frame)[fx["var"]] = spent
    eng.emit(
        "bonus_face",
        f"The spent Bonus Damage token shows +{spent}.",
        player=eng.seat(me),
        value=spent,
        spent=True,
    )
    return DONE


codec.register(BonusFaces)


register(
    verbs={
        "kings_hand": kings_hand,
        "kings_hand_result": kings_hand_result,
        "loot_die": loot_die,
        "gain_bonus_damage": gain_bonus_damage,
        "bonus_damage_face": bonus_damage_face,
    },
)
